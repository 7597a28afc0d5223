import type { CasinoProvider } from '@backlay/contract/admin-casino';
import type { updateCasinoProviderRoute } from '@backlay/contract/admin-calls';
import type { AdminRequest } from '../../../shared/api/call-admin';

type UpdateInput = AdminRequest<typeof updateCasinoProviderRoute>;

/** A provider's settings as the form edits them: every field as typed, empty for none. */
export interface ProviderDraft {
  name: string;
  /** Empty: the built-in studio's own pages (`/games/<code>/`). */
  baseUrl: string;
  /** Empty: the built-in test provider. */
  testBaseUrl: string;
  operatorId: string;
  enabled: boolean;
}

export function providerDraftOf(provider: CasinoProvider): ProviderDraft {
  return {
    name: provider.name,
    baseUrl: provider.baseUrl ?? '',
    testBaseUrl: provider.testBaseUrl ?? '',
    operatorId: provider.operatorId,
    enabled: provider.enabled,
  };
}

const orNull = (typed: string) => (typed.trim() === '' ? null : typed.trim());

/** The save a draft asks for, naming the version it was made on. */
export function providerUpdateOf(draft: ProviderDraft, base: CasinoProvider): UpdateInput {
  return {
    code: base.code,
    version: base.version,
    name: draft.name.trim(),
    baseUrl: orNull(draft.baseUrl),
    testBaseUrl: orNull(draft.testBaseUrl),
    operatorId: draft.operatorId.trim(),
    enabled: draft.enabled,
  };
}

/** One setting a save changes, in words, for the operator to confirm. */
export interface SettingChange {
  label: string;
  before: string;
  after: string;
}

const BUILT_IN_STUDIO = 'The built-in studio';
const BUILT_IN_TEST = 'The built-in test provider';
const onOff = (enabled: boolean) => (enabled ? 'Enabled' : 'Disabled');

/** What a save would change of the provider, field by field; empty when nothing. */
export function providerChanges(base: CasinoProvider, update: UpdateInput): SettingChange[] {
  const fields: SettingChange[] = [
    { label: 'Name', before: base.name, after: update.name },
    {
      label: 'Games (live hosts)',
      before: base.baseUrl ?? BUILT_IN_STUDIO,
      after: update.baseUrl ?? BUILT_IN_STUDIO,
    },
    {
      label: 'Games (test hosts)',
      before: base.testBaseUrl ?? BUILT_IN_TEST,
      after: update.testBaseUrl ?? BUILT_IN_TEST,
    },
    { label: 'Operator id', before: base.operatorId, after: update.operatorId },
    { label: 'Launches', before: onOff(base.enabled), after: onOff(update.enabled) },
  ];
  return fields.filter((field) => field.before !== field.after);
}
