/**
 * Launching a game: the player (always the session's, never the `userId` a client sends), a
 * game of the provider the call names, a language and where the game's back control leads
 * become a game URL at the provider, carrying a new player token. The token is random, kept
 * only as its SHA-256, and bound to the player, the provider, the game (none: the provider's
 * lobby), the currency, an expiry and the player's session generation, so ending the player's
 * sessions (a password change, a lock, a break) ends their game sessions' bets too.
 *
 * Refused with a clear reason (`CASINO_LAUNCH_REFUSALS`): a brand or player whose casino is
 * switched off, a betting lock, a break, an unknown, foreign or disabled game, a provider that
 * is off or has nowhere to send the player. Demo players launch like everyone else and play
 * with play money: the callbacks move their play book.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  CASINO_LAUNCH_REFUSALS,
  type CasinoLaunchRefusal,
  type LaunchGameResult,
} from '@backlay/contract/casino';
import { LAUNCH_PARAMS } from '@backlay/contract/casino-wallet';
import type { ErrorCode } from '@backlay/contract/errors';
import type { Database, Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { Player } from '../../http/api-route';
import { findUserById, pauseInForce } from '../account';
import type { RateLimits } from '../limits';
import { bookOf, type Book } from '../wallet';
import { brandCasino, findGame, playerCasinoEnabled } from './catalogue';
import type { ProviderDirectory } from './providers';

/** How long a game session's token takes bets: four hours from the launch. */
export const LAUNCH_TOKEN_SECONDS = 4 * 60 * 60;

/** Where the game's back control leads when the launch names nowhere. */
export const DEFAULT_RETURN_PATH = '/casino';

const REFUSAL_CODES: Record<CasinoLaunchRefusal, ErrorCode> = {
  CASINO_CLOSED: 'FORBIDDEN',
  CASINO_OFF_FOR_PLAYER: 'FORBIDDEN',
  BETTING_LOCKED: 'FORBIDDEN',
  ON_BREAK: 'FORBIDDEN',
  UNKNOWN_GAME: 'NOT_FOUND',
  GAME_DISABLED: 'FORBIDDEN',
  WRONG_PROVIDER: 'NOT_FOUND',
  PROVIDER_UNAVAILABLE: 'UNAVAILABLE',
};

/** A launch refused for a business reason: the envelope's details carry the reason. */
export function launchRefused(reason: CasinoLaunchRefusal): ApiError {
  return new ApiError(REFUSAL_CODES[reason], CASINO_LAUNCH_REFUSALS[reason], reason);
}

/** The SHA-256 a player token is kept and looked up as. */
export function hashPlayerToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export interface LaunchRequest {
  player: Player;
  /** The brand the request was made on (`test` on test hosts). */
  domain: string;
  provider: string;
  /** Null: the provider's lobby. */
  gameCode: string | null;
  /** The spec's gameId, checked against the game's when given. */
  gameId: number | null;
  language: string;
  /** A same-origin path. */
  returnPath: string | null;
  /** Test, localhost and preview hosts launch at the provider's test endpoint (spec §7). */
  testHost: boolean;
  /** The page's origin (`https://99exch.com`), for the return URL an outside provider needs. */
  origin: string;
}

export interface LaunchDeps {
  db: Database;
  providers: ProviderDirectory;
  limits: Pick<RateLimits, 'take'>;
  now: () => Date;
}

/** A launch's checks, its token and its row, then the game URL. */
export async function launchGame(
  deps: LaunchDeps,
  request: LaunchRequest,
): Promise<LaunchGameResult> {
  const { player } = request;
  // Counted before the work it guards, refusals included, as every limit is.
  await deps.limits.take('casinoLaunchesPlayer', player.id);
  const provider = deps.providers.get(request.provider);
  if (!provider?.enabled) throw launchRefused('PROVIDER_UNAVAILABLE');
  if (request.gameCode !== null) {
    const game = await findGame(deps.db, request.gameCode);
    if (!game || (request.gameId !== null && request.gameId !== game.game_id)) {
      throw launchRefused('UNKNOWN_GAME');
    }
    if (game.provider !== provider.code) throw launchRefused('WRONG_PROVIDER');
  }
  if (!(await brandCasino(deps.db, request.domain)).enabled) throw launchRefused('CASINO_CLOSED');
  if (
    request.gameCode !== null &&
    !(await gameOffered(deps.db, request.domain, request.gameCode))
  ) {
    throw launchRefused('GAME_DISABLED');
  }
  if (!(await playerCasinoEnabled(deps.db, player.id)))
    throw launchRefused('CASINO_OFF_FOR_PLAYER');
  if (player.betting?.locked) throw launchRefused('BETTING_LOCKED');
  const user = await findUserById(deps.db, player.domain, player.id);
  // The bearer check refused a player who is gone, locked or on a break a moment ago; a break
  // begun since is refused here with its reason.
  if (!user) throw new ApiError('UNAUTHORIZED', 'Your session has ended. Please log in again.');
  if (pauseInForce(user, deps.now())) throw launchRefused('ON_BREAK');
  const urls = deps.providers.urls(provider);
  const base = request.testHost ? urls.test : urls.live;
  if (!base) throw launchRefused('PROVIDER_UNAVAILABLE');

  const token = randomBytes(32).toString('base64url');
  await insertLaunch(deps.db, {
    tokenHash: hashPlayerToken(token),
    provider: provider.code,
    domain: player.domain,
    playerId: player.id,
    book: bookOf(player),
    gameCode: request.gameCode,
    currency: provider.currency,
    language: request.language,
    sessionGeneration: user.token_generation,
    expiresAt: new Date(deps.now().getTime() + LAUNCH_TOKEN_SECONDS * 1000),
  });
  const game = request.gameCode ? await findGame(deps.db, request.gameCode) : undefined;
  return {
    url: gameUrl(base, {
      [LAUNCH_PARAMS.token]: token,
      ...(game
        ? { [LAUNCH_PARAMS.gameCode]: game.game_code, [LAUNCH_PARAMS.gameId]: String(game.game_id) }
        : {}),
      [LAUNCH_PARAMS.currency]: provider.currency,
      [LAUNCH_PARAMS.language]: request.language,
      [LAUNCH_PARAMS.operatorId]: provider.operatorId,
      [LAUNCH_PARAMS.returnUrl]: `${request.origin}${request.returnPath ?? DEFAULT_RETURN_PATH}`,
    }),
  };
}

/** Whether a brand offers a game (games without a row of the brand's are offered). */
async function gameOffered(db: Queryable, domain: string, gameCode: string): Promise<boolean> {
  const [row] = await db.query<{ enabled: boolean }>(
    'SELECT enabled FROM casino_brand_games WHERE domain = $1 AND game_code = $2',
    [domain, gameCode],
  );
  return row?.enabled ?? true;
}

/**
 * A game URL: the provider's base with the launch's parameters. A same-origin base stays a
 * path, so the frame opens on whatever host the page is on.
 */
export function gameUrl(base: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  return `${base}${base.includes('?') ? '&' : '?'}${query}`;
}

export interface LaunchRow {
  id: string;
  provider: string;
  domain: string;
  player_id: string;
  book: Book;
  game_code: string | null;
  currency: string;
  language: string;
  session_generation: number;
  created_at: Date;
  expires_at: Date;
}

async function insertLaunch(
  db: Queryable,
  launch: {
    tokenHash: string;
    provider: string;
    domain: string;
    playerId: string;
    book: Book;
    gameCode: string | null;
    currency: string;
    language: string;
    sessionGeneration: number;
    expiresAt: Date;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO casino_launches (token_hash, provider, domain, player_id, book, game_code,
       currency, language, session_generation, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      launch.tokenHash,
      launch.provider,
      launch.domain,
      launch.playerId,
      launch.book,
      launch.gameCode,
      launch.currency,
      launch.language,
      launch.sessionGeneration,
      launch.expiresAt,
    ],
  );
}

/** A launch by its player token (of any provider), or null. */
export async function findLaunch(db: Queryable, token: string): Promise<LaunchRow | null> {
  const [row] = await db.query<LaunchRow>(
    `SELECT id, provider, domain, player_id, book, game_code, currency, language,
       session_generation, created_at, expires_at
     FROM casino_launches WHERE token_hash = $1`,
    [hashPlayerToken(token)],
  );
  return row ?? null;
}
