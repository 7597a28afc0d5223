import { useOutletContext } from 'react-router';

/** What a layout tells its pages about the site, so features need not ask each other. */
export interface SiteContext {
  /** The domain setting's `domain` (e.g. `test`, `99exch.com`); null while settings load. */
  domain: string | null;
}

/** The site's domain as the layout around the page knows it. */
export function useSiteDomain(): string | null {
  return useOutletContext<SiteContext | undefined>()?.domain ?? null;
}
