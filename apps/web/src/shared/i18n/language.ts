import type { ComponentsJSON } from '@nanostores/i18n';
import { useStore } from '@nanostores/react';
import { readText, writeText } from '../storage/storage';
import { catalogOf } from './catalogs';
import { i18n } from './i18n';
import { BASE_LOCALE, currentLocale, isLocale, LANGUAGE_KEY, type Locale } from './locale';

/**
 * The library's cache of translations, by language and then component. Its type names only
 * the first level; the library itself fills it the same way when it loads a component.
 */
const translationCache = i18n.cache as unknown as Partial<Record<Locale, ComponentsJSON>>;

/** Counts choices, so a slow download never overrides a later choice. */
let latestChoice = 0;

/**
 * Shows the client in a language. Its whole catalog goes into the library's cache first:
 * text read outside React (a toast, an error, a date's "Today") is then translated at once,
 * and every mounted component re-renders in place when the language changes.
 */
async function applyLanguage(locale: Locale): Promise<boolean> {
  const choice = ++latestChoice;
  const catalog = await catalogOf(locale);
  if (choice !== latestChoice) return false;
  if (locale !== BASE_LOCALE) {
    translationCache[locale] = { ...translationCache[locale], ...catalog };
  }
  currentLocale.set(locale);
  document.documentElement.lang = locale;
  return true;
}

/** The language this device chose before, English when none. */
export function storedLocale(): Locale {
  const stored = readText(LANGUAGE_KEY);
  return isLocale(stored) ? stored : BASE_LOCALE;
}

/**
 * Brings back the device's language as the client starts; the first view waits for it, so
 * a player who chose Hindi never sees the English first.
 */
export async function restoreLanguage(): Promise<void> {
  await applyLanguage(storedLocale());
}

/**
 * The player's choice of language, shown at once with no reload and kept on this device
 * once its translations are in; a failed download leaves both as they were.
 */
export async function chooseLanguage(locale: Locale): Promise<void> {
  if (await applyLanguage(locale)) writeText(LANGUAGE_KEY, locale);
}

/** Back to English with nothing stored touched; tests share the module between them. */
export function resetLanguage(): void {
  latestChoice++;
  currentLocale.set(BASE_LOCALE);
  document.documentElement.lang = BASE_LOCALE;
}

/** The language shown now, re-rendering when it changes. */
export function useLocale(): Locale {
  return useStore(currentLocale);
}
