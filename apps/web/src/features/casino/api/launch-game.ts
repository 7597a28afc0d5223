import {
  CASINO_LAUNCH_REFUSALS,
  CRASH_GAME_CODE,
  CRASH_GAME_ID,
  type CasinoGame,
  type CasinoLaunchRefusal,
} from '@backlay/contract/casino';
import {
  dreamCasinoUrlRoute,
  launchDreamRoute,
  launchKingRoute,
  launchMacRoute,
} from '@backlay/contract/casino-calls';
import { callParsed } from '../../../shared/api/call-api';
import { RequestError } from '../../../shared/api/request-error';
import type { Locale } from '../../../shared/i18n/locale';
import { readUserInfo } from '../../../shared/session/session';

/** The country every launch names (spec §2: the crash game's request says IN). */
export const CASINO_COUNTRY = 'IN';

/** Each provider's launch call (spec §7: Dream, King and Mac, each its own). */
const LAUNCH_ROUTES = {
  dream: launchDreamRoute,
  king: launchKingRoute,
  mac: launchMacRoute,
} as const;

/** A game as a launch needs it. */
export type LaunchableGame = Pick<CasinoGame, 'gameCode' | 'gameId' | 'provider'>;

/** The crash game a casino-only brand's players land in (spec §2, §9), one of Mac's games. */
export const CRASH_GAME: LaunchableGame = {
  gameCode: CRASH_GAME_CODE,
  gameId: CRASH_GAME_ID,
  provider: 'mac',
};

export interface LaunchOptions {
  /** The language the game opens in: the player's. */
  language: Locale;
  /** The page of this site the game's own back control leads to. */
  returnUrl?: string;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

/** Whether the client knows how to launch a provider's games. */
export function canLaunch(provider: string): boolean {
  return Object.hasOwn(LAUNCH_ROUTES, provider.toLowerCase());
}

/** A launch the client refuses itself, shaped as the server refuses one. */
function refusedHere(reason: CasinoLaunchRefusal): RequestError {
  const message = CASINO_LAUNCH_REFUSALS[reason];
  return new RequestError(message, null, false, message, { code: 'UNAVAILABLE', details: reason });
}

/**
 * Asks the game's provider for a game URL (`POST Casino/LaunchDream|LaunchKing|LaunchMac`,
 * spec §3's game URL request). The server takes the player from the session; `userId` is
 * sent as the spec's request has it.
 */
export async function launchGame(game: LaunchableGame, options: LaunchOptions): Promise<string> {
  const provider = game.provider.toLowerCase();
  if (!canLaunch(provider)) throw refusedHere('PROVIDER_UNAVAILABLE');
  const route = LAUNCH_ROUTES[provider as keyof typeof LAUNCH_ROUTES];
  const { url } = await callParsed(route, {
    body: {
      userId: readUserInfo()?.userId ?? null,
      gameCode: game.gameCode,
      gameId: game.gameId,
      country: CASINO_COUNTRY,
      language: options.language,
      ...(options.returnUrl ? { returnUrl: options.returnUrl } : {}),
    },
    signal: options.signal,
    fetchImpl: options.fetchImpl,
  });
  return url;
}

/** The Dream provider's own lobby, where the player chooses a game there (`GET Casino/GetDreamUrl`). */
export async function fetchDreamLobbyUrl(options: LaunchOptions): Promise<string> {
  const { url } = await callParsed(dreamCasinoUrlRoute, {
    query: { language: options.language },
    signal: options.signal,
    fetchImpl: options.fetchImpl,
  });
  return url;
}
