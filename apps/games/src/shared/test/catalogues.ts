/** The games' word catalogues in tests: each game's Hindi checked against its English alike. */
import { expect } from 'vitest';

const placeholders = (sentence: string) => [...sentence.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/**
 * Hindi has every English sentence, with the same placeholders, and nothing else; each written
 * in Devanagari (names and figures aside).
 */
export function expectTranslated(english: Record<string, string>, hindi: Record<string, string>) {
  expect(Object.keys(hindi).sort()).toEqual(Object.keys(english).sort());
  for (const [key, sentence] of Object.entries(english)) {
    expect({ key, names: placeholders(hindi[key] ?? '').sort() }).toEqual({
      key,
      names: placeholders(sentence).sort(),
    });
    expect(hindi[key]?.trim()).not.toBe('');
    if (/[a-z]{4}/i.test(sentence.replace(/\{\w+\}/g, ''))) {
      expect({ key, devanagari: /[\u0900-\u097f]/.test(hindi[key] ?? '') }).toEqual({
        key,
        devanagari: true,
      });
    }
  }
}
