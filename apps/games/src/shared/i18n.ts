/**
 * The games' words, in English and Hindi. A game's page speaks the language its launch URL
 * names (`lang`) from start to end, so a translator is made once, for that language. Each game
 * keeps its English beside its Hindi, and the Hindi catalogue is typed by the English one, so a
 * sentence without its translation does not compile.
 */
import type { Language } from './launch';

export type Catalog = Record<string, string>;
export type Params = Record<string, string | number>;
export type Translate<C extends Catalog> = (key: keyof C & string, params?: Params) => string;

/** `{name}` in a sentence replaced by its value; an unknown name stays as it is. */
export function fill(sentence: string, params?: Params): string {
  if (!params) return sentence;
  return sentence.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function translator<C extends Catalog>(
  english: C,
  hindi: Record<keyof C, string>,
  language: Language,
): Translate<C> {
  const catalog: Record<keyof C, string> = language === 'hi' ? hindi : english;
  return (key, params) => fill(catalog[key], params);
}
