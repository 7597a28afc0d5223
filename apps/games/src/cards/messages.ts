/**
 * The card tables' words (see `shared/i18n.ts`), one set for the card games, in two
 * catalogues per language:
 * - `words/<language>.json`: what a table draws, fetched before it is drawn, with the game's own
 *   words beside it (`<game>/words/<language>.json`: its name, its bets' names and short names,
 *   added by the game's view), so a game's page never downloads another game's words;
 * - `later/<language>.json`: what it needs only later (the rules, the refusals), fetched once
 *   the table is on the screen, so the first load stays small.
 * A refusal comes with the contract's English sentence (`CARD_REFUSALS`); both catalogues have
 * each one as `refusal.<code>` (a test checks the English is the contract's, word for word), so
 * a bet the page itself declines is said the same way as one the server refused.
 */
import type {
  CardBetKind,
  CardGameCode,
  CardRefusalCode,
  CardWinner,
} from '@backlay/contract/card-games';
import { fetchJson, Words, type FetchJson } from '../shared/i18n';
import type english from './words/en.json';
import type laterEnglish from './later/en.json';

/** The shared words' keys, and those of each game's own catalogue. */
export type CardWordKey =
  keyof typeof english | `name.${CardGameCode}` | `kind.${CardBetKind}` | `short.${CardWinner}`;
export type LaterWordKey = keyof typeof laterEnglish;

export const words = new Words<CardWordKey>({
  en: new URL('./words/en.json', import.meta.url).href,
  hi: new URL('./words/hi.json', import.meta.url).href,
});

export const laterWords = new Words<LaterWordKey>({
  en: new URL('./later/en.json', import.meta.url).href,
  hi: new URL('./later/hi.json', import.meta.url).href,
});

/**
 * How `words` fetches a game's catalogue: the tables' shared one and the game's own (`own`, its
 * address in the page's language) together, read as one catalogue (the game's words winning).
 */
export function withGameWords(own: string, get: FetchJson = fetchJson): FetchJson {
  return async (url) => {
    const [shared, game] = await Promise.all([get(url), get(own)]);
    return Object.assign({}, shared, game);
  };
}

/** A sentence of the card tables, in the page's language. */
export const t = words.t;

export function getLanguage() {
  return words.language;
}

/**
 * A refusal's sentence in the page's language: by its code once the later words are in; until
 * then (and for a code newer than this page) the server's own English.
 */
export function refusalText(code: CardRefusalCode, english: string): string {
  const key = `refusal.${code}` as LaterWordKey;
  if (!laterWords.loaded) return english || code;
  const translated = laterWords.t(key);
  return translated === key ? english || code : translated;
}
