import { currentLocale, INTL_LOCALES, type Locale } from './locale';

/** Latin digits in every language: prices, stakes and times read the same in Hindi. */
export const LATIN_DIGITS = { numberingSystem: 'latn' } as const;

/** The Intl locale of the language shown now (`en-IN`, `hi-IN`). */
export function intlLocale(): string {
  return INTL_LOCALES[currentLocale.get()];
}

/**
 * A formatter made once per language, handed out for the language shown now: building an
 * Intl formatter costs far more than using one, and a list formats hundreds of values.
 */
export function perLocale<Formatter>(make: (locale: string) => Formatter): () => Formatter {
  const made = new Map<Locale, Formatter>();
  return () => {
    const locale = currentLocale.get();
    let held = made.get(locale);
    if (held === undefined) {
      held = make(INTL_LOCALES[locale]);
      made.set(locale, held);
    }
    return held;
  };
}
