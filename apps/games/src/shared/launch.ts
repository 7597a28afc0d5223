/**
 * What the casino's launch URL tells a game (`LAUNCH_PARAMS` of the contract) that the game
 * uses: the player token it plays with, the language and where the back control leads (the
 * currency and the table's rules come from the studio's welcome). The token never leaves the
 * page but to the studio's own connection.
 */
import type { LAUNCH_PARAMS as LaunchParams } from '@backlay/contract/casino-wallet';

/**
 * The launch URL's parameter names, word for word the contract's: typed by its `as const`
 * value, so a copy that differs does not compile. (The contract's module builds zod schemas as
 * it loads; a game imports only its types, to stay small.)
 */
export const LAUNCH_PARAMS: typeof LaunchParams = {
  token: 'token',
  gameCode: 'game',
  gameId: 'gameId',
  currency: 'currency',
  language: 'lang',
  operatorId: 'operator',
  returnUrl: 'returnUrl',
};

/** The languages the games speak; anything else reads as English. */
export const LANGUAGES = ['en', 'hi'] as const;
export type Language = (typeof LANGUAGES)[number];

export interface Launch {
  /** Empty when the page was opened without one (it can then only show and verify). */
  token: string;
  language: Language;
  /** A page of this site or an http(s) address, else null. */
  returnUrl: string | null;
}

/** A back link only to a page of this site or an http(s) address, never a script. */
export function safeReturnUrl(url: string | null): string | null {
  if (!url) return null;
  if (/^\/(?![/\\])/.test(url)) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The launch parameters of a page's query string. */
export function readLaunch(search: string): Launch {
  const params = new URLSearchParams(search);
  const lang = params.get(LAUNCH_PARAMS.language);
  return {
    token: params.get(LAUNCH_PARAMS.token) ?? '',
    language: LANGUAGES.find((known) => known === lang) ?? 'en',
    returnUrl: safeReturnUrl(params.get(LAUNCH_PARAMS.returnUrl)),
  };
}

/**
 * The language a page's query string names: all a verify page reads of it (so it carries none
 * of the rest: the token, the way back).
 */
export function readLanguage(search: string): Language {
  const lang = new URLSearchParams(search).get(LAUNCH_PARAMS.language);
  return LANGUAGES.find((known) => known === lang) ?? 'en';
}
