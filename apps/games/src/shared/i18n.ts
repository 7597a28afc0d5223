/**
 * The games' words, in English and Hindi. A game's page speaks the language its launch URL
 * names (`lang`) from start to end. Each page's words are a JSON catalogue per language (as the
 * player client keeps its Hindi), fetched once before the page is drawn: a player downloads
 * only their language, and the page's script carries no sentence. English is the base; each
 * page's tests check that its Hindi has every sentence, with the same placeholders.
 */
import type { Language } from './launch';
import { readOrNull, str } from './wire';

export type Params = Record<string, string | number>;

/** `{name}` in a sentence replaced by its value; an unknown name stays as it is. */
export function fill(sentence: string, params?: Params): string {
  if (!params) return sentence;
  return sentence.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** How often, and how far apart, a catalogue that did not arrive is asked for again. */
export const WORDS_ATTEMPTS = 4;
export const WORDS_RETRY_MS = 1_000;

export type FetchJson = (url: string) => Promise<unknown>;

/** A catalogue's JSON from its address (what `Words.load` fetches with unless told otherwise). */
export const fetchJson: FetchJson = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
};

/** A catalogue: an object whose every value is a sentence. */
function readCatalogue(value: unknown): Record<string, string> | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  return readOrNull((v) => {
    const out: Record<string, string> = {};
    for (const [key, sentence] of Object.entries(v as object)) out[key] = str(sentence);
    return out;
  }, value);
}

/**
 * A page's words: its catalogues' addresses, the one loaded, and the sentences read from it.
 * Its own fields are `#` ones: a page's minifier shortens their names (the bundle budget).
 */
export class Words<K extends string> {
  #catalogue: Partial<Record<string, string>> | null = null;
  language: Language = 'en';
  readonly #urls: Record<Language, string>;

  constructor(urls: Record<Language, string>) {
    this.#urls = urls;
  }

  /** Whether a catalogue is there to draw from. */
  get loaded(): boolean {
    return this.#catalogue !== null;
  }

  /** Takes a catalogue (a test's, or the fetched one). */
  set(language: Language, catalogue: Partial<Record<K, string>>): void {
    this.language = language;
    this.#catalogue = catalogue;
  }

  /** Fetches a language's catalogue, asking again a few times if the network fails. */
  async load(language: Language, get: FetchJson = fetchJson): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const catalogue = readCatalogue(await get(this.#urls[language]));
        if (!catalogue) throw new Error(`The ${language} words are not a catalogue`);
        this.set(language, catalogue as Partial<Record<K, string>>);
        return;
      } catch (error) {
        if (attempt >= WORDS_ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, WORDS_RETRY_MS * attempt));
      }
    }
  }

  /** A sentence in the page's language; the key itself if the catalogue lacks it. */
  t = (key: K, params?: Params): string => {
    if (!this.#catalogue) throw new Error('Words are drawn before they were loaded.');
    return fill(this.#catalogue[key] ?? key, params);
  };
}
