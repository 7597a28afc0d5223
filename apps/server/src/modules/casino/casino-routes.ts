/**
 * The casino's player calls and files: the game list (`InternationalCasino/GetGames`, with or
 * without a bearer, and as files on the CDN by name), the lobby's rows (`Casino/GetGrid`), the
 * three providers' launches and the Dream lobby URL, the player's rounds and casino P&L, and
 * the games' thumbnails. Everything a brand lists comes from its catalogue.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as calls from '@backlay/contract/casino-calls';
import {
  CASINO_GAME_LISTS_PATH,
  INTERNATIONAL_GAME_LIST,
  type CasinoGame,
} from '@backlay/contract/casino';
import {
  isTestHost,
  normaliseHostname,
  settingsNameFor,
  type DomainRegistry,
} from '@backlay/domains/registry';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { defineApiRoute, requirePlayer, type RequestContext } from '../../http/api-route';
import { hostRefusal } from '../../http/site-gate';
import { findGame, offeredGames, THUMBNAILS_PREFIX } from './catalogue';
import { launchGame, type LaunchDeps } from './launches';
import { playerCasinoProfitLoss, playerRounds } from './player-history';
import { thumbnailSvg } from './thumbnails';

/** The lobby's rows, in this order; other categories follow by name. */
export const CATEGORY_TITLES: Record<string, string> = {
  crash: 'Crash games',
  cards: 'Card games',
  table: 'Table games',
  slots: 'Slots',
};

/** Game lists change when an operator changes a catalogue: a minute's staleness is fine. */
const GAME_LIST_CACHE_CONTROL = 'public, max-age=60';
const THUMBNAIL_CACHE_CONTROL = 'public, max-age=86400';
/** A drawn thumbnail opened on its own runs nothing and loads nothing. */
const THUMBNAIL_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** The lobby's rows: one per category, in the brand's order within each. */
export function gridOf(games: readonly CasinoGame[]): { title: string; games: CasinoGame[] }[] {
  const known = Object.keys(CATEGORY_TITLES);
  const categories = [...new Set(games.map((g) => g.category))].sort((a, b) => {
    const rank = (c: string) => (known.includes(c) ? known.indexOf(c) : known.length);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
  return categories.map((category) => ({
    title: CATEGORY_TITLES[category] ?? category.charAt(0).toUpperCase() + category.slice(1),
    games: games.filter((g) => g.category === category),
  }));
}

/**
 * Whether a host launches at providers' test endpoints (spec §7): test and localhost hosts,
 * and previews of a brand (`<brand>.localhost`).
 */
export function usesTestEndpoint(hostname: string, registry: DomainRegistry): boolean {
  return (
    isTestHost(hostname, registry) || normaliseHostname(hostname).endsWith(registry.previewSuffix)
  );
}

export interface CasinoRoutesOptions {
  db: Database;
  launch: LaunchDeps;
  registry: () => DomainRegistry;
}

export async function casinoRoutes(app: FastifyInstance, options: CasinoRoutesOptions) {
  const { db, launch } = options;
  const providerEnabled = (code: string) => launch.providers.get(code)?.enabled ?? false;
  const offered = (domain: string) => offeredGames(db, domain, providerEnabled);

  defineApiRoute(app, calls.internationalGamesRoute, async (_input, context) =>
    offered(context.domain),
  );
  defineApiRoute(app, calls.casinoGridRoute, async (_input, context) =>
    gridOf(await offered(context.domain)),
  );

  const launchAt = (
    provider: string,
    input: {
      gameCode?: string | undefined;
      gameId?: number;
      language?: string | undefined;
      returnUrl?: string;
    },
    context: RequestContext,
    request: FastifyRequest,
  ) =>
    launchGame(launch, {
      player: requirePlayer(context),
      domain: context.domain,
      provider,
      gameCode: input.gameCode ?? null,
      gameId: input.gameId ?? null,
      language: input.language ?? 'en',
      returnPath: input.returnUrl ?? null,
      testHost: usesTestEndpoint(request.hostname || 'localhost', options.registry()),
      origin: `${request.protocol}://${request.host}`,
    });
  // The userId a client sends is never read: the player is the session's.
  defineApiRoute(app, calls.launchDreamRoute, (input, context, request) =>
    launchAt('dream', input, context, request),
  );
  defineApiRoute(app, calls.launchKingRoute, (input, context, request) =>
    launchAt('king', input, context, request),
  );
  defineApiRoute(app, calls.launchMacRoute, (input, context, request) =>
    launchAt('mac', input, context, request),
  );
  defineApiRoute(app, calls.dreamCasinoUrlRoute, (input, context, request) =>
    launchAt('dream', input, context, request),
  );

  defineApiRoute(app, calls.casinoRoundsRoute, (input, context) =>
    playerRounds(db, requirePlayer(context), input),
  );
  defineApiRoute(app, calls.casinoProfitLossRoute, (input, context) =>
    playerCasinoProfitLoss(db, requirePlayer(context), input),
  );

  // The game lists on the CDN, by name, for the brand of the host asking.
  app.get<{ Params: { file: string } }>(
    `${CASINO_GAME_LISTS_PATH}/:file`,
    async (request, reply) => {
      const hostname = request.hostname || 'localhost';
      const registry = options.registry();
      const name = /^([a-z0-9-]{2,31})\.json$/.exec(request.params.file)?.[1];
      if (!name || hostRefusal(hostname, registry)) {
        throw new ApiError('NOT_FOUND', `There is no game list at ${request.url.split('?')[0]}.`);
      }
      const games = await offered(settingsNameFor(hostname, registry));
      let list: CasinoGame[];
      if (name === INTERNATIONAL_GAME_LIST) list = games;
      else if (launch.providers.get(name)) list = games.filter((g) => g.provider === name);
      else throw new ApiError('NOT_FOUND', `There is no game list named ${name}.`);
      return reply.header('cache-control', GAME_LIST_CACHE_CONTROL).send(list);
    },
  );

  app.get<{ Params: { file: string } }>(`${THUMBNAILS_PREFIX}/:file`, async (request, reply) => {
    const code = /^([a-z0-9_]{1,64})\.svg$/.exec(request.params.file)?.[1];
    const game = code ? await findGame(db, code) : undefined;
    if (!game) throw new ApiError('NOT_FOUND', 'There is no such thumbnail.');
    return reply
      .type('image/svg+xml')
      .header('cache-control', THUMBNAIL_CACHE_CONTROL)
      .header('content-security-policy', THUMBNAIL_POLICY)
      .send(thumbnailSvg(game));
  });
}
