import { domainSettingSchema, type DomainSetting } from '@backlay/contract/domain-settings';
import { STORAGE_KEYS } from '../../../shared/storage/storage-keys';
import { readJson, writeJson } from '../../../shared/storage/storage';

/** The domain setting stored by the last successful load, if it is still well formed. */
export function readStoredSetting(): DomainSetting | null {
  const parsed = domainSettingSchema.safeParse(readJson(STORAGE_KEYS.domainSetting));
  return parsed.success ? parsed.data : null;
}

/** Stores the domain setting of a successful load. */
export function storeSetting(setting: DomainSetting): void {
  writeJson(STORAGE_KEYS.domainSetting, setting);
}

/** Whether the site is flagged suspended (spec §4). */
export function readSiteSuspended(): boolean {
  return readJson(STORAGE_KEYS.siteSuspended) === true;
}

/** Stores the suspension flag. */
export function storeSiteSuspended(suspended: boolean): void {
  writeJson(STORAGE_KEYS.siteSuspended, suspended);
}
