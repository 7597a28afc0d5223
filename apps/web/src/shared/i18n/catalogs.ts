import type { ComponentsJSON } from '@nanostores/i18n';
import { BASE_LOCALE, type Locale } from './locale';

/**
 * The translations of every language but the base, with the font its script needs (the
 * catalog brings it), loaded the first time the language is chosen: a first visit in English
 * downloads none of them.
 */
const CATALOGS: Record<Exclude<Locale, typeof BASE_LOCALE>, () => Promise<ComponentsJSON>> = {
  hi: () => import('./locales/hi/index').then((module) => module.default),
};

const loading = new Map<Locale, Promise<ComponentsJSON>>();

/** A language's translations by component; the base language has none. */
export function catalogOf(locale: Locale): Promise<ComponentsJSON> {
  if (locale === BASE_LOCALE) return Promise.resolve({});
  let held = loading.get(locale);
  if (!held) {
    held = CATALOGS[locale]();
    // A failed download (the player went offline) is tried again on the next choice.
    held.catch(() => loading.delete(locale));
    loading.set(locale, held);
  }
  return held;
}

/**
 * The i18n library's loader. Every component asked for gets an entry, empty where the
 * catalog has none yet (a feature still in English): the library waits for each one.
 */
export async function loadCatalog(locale: Locale, components: string[]): Promise<ComponentsJSON> {
  const catalog = await catalogOf(locale);
  return {
    ...Object.fromEntries(components.map((component) => [component, {}])),
    ...catalog,
  };
}
