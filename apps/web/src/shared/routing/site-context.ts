import type { SportKey } from '@backlay/contract/sports';
import { useOutletContext } from 'react-router';

/** The domain's per-sport switches (spec §6), as its settings carry them. */
export type DomainSportFlags = Record<SportKey, boolean>;

/** What a layout tells its pages about the site, so features need not ask each other. */
export interface SiteContext {
  /** The domain setting's `domain` (e.g. `test`, `99exch.com`); null while settings load. */
  domain: string | null;
  /** The domain's sport switches; null while settings load. */
  sportFlags?: DomainSportFlags | null;
}

/** The site's domain as the layout around the page knows it. */
export function useSiteDomain(): string | null {
  return useOutletContext<SiteContext | undefined>()?.domain ?? null;
}

/** The domain's sport switches as the layout around the page knows them; null if unknown. */
export function useSiteSportFlags(): DomainSportFlags | null {
  return useOutletContext<SiteContext | undefined>()?.sportFlags ?? null;
}
