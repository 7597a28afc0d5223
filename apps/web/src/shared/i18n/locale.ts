import { atom } from 'nanostores';
import type { FeatureStorageKey } from '../storage/storage-keys';

/** The languages the client speaks. English is the base: its text is written in the code. */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const BASE_LOCALE = 'en' satisfies Locale;

/** Each language's name in itself, as a language switch offers it. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

/** Each language's short name in itself, for a phone's header, where room is short. */
export const LANGUAGE_SHORT_NAMES: Record<Locale, string> = { en: 'EN', hi: 'हिं' };

/**
 * The locale numbers and dates are formatted in: Indian digit grouping (1,00,000) in either
 * language. Hindi keeps Latin digits (`numberingSystem: 'latn'` where formatters are made),
 * so prices and stakes read the same as on every exchange.
 */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

/** Where this device keeps the chosen language: a device setting, so a logout keeps it. */
export const LANGUAGE_KEY = 'language' satisfies FeatureStorageKey;

/** Whether a value names a language the client speaks. */
export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/**
 * The language shown now. Only `language.ts` sets it, after the language's translations
 * have loaded, so no text is ever read in a language that is still on its way.
 */
export const currentLocale = atom<Locale>(BASE_LOCALE);
