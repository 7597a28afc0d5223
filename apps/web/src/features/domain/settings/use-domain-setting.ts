import type { DomainSetting } from '@backlay/contract/domain-settings';
import { useState } from 'react';
import { useDomainSettings } from './domain-settings-query';
import { readStoredSetting } from './stored-setting';

/** The domain setting as last loaded, or as last stored while a first load is pending. */
export function useDomainSetting(): DomainSetting | null {
  const { data } = useDomainSettings();
  const [stored] = useState(readStoredSetting);
  return data?.setting ?? stored;
}
