/**
 * The casino's catalogue: the games every brand chooses from (seeded with the providers from
 * `config/domains/casino-games.json` on every start, adding only what the database lacks), and
 * per brand its casino switch and which games it offers in which order. A player's own switch
 * lives here too. Lists, the lobby's rows, launches and callbacks all read these tables.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { CasinoCatalogue } from '@backlay/contract/admin-casino';
import type { CasinoGame } from '@backlay/contract/casino';
import type { Queryable } from '../../db/database';

/** The seed file under `DOMAINS_DIR`. */
export const CASINO_SEED_FILE = 'casino-games.json';

/** Where the server draws a game's thumbnail when the seed names no image. */
export const THUMBNAILS_PREFIX = '/cdn/casino/thumbs';

/** The thumbnail path of a game. */
export function thumbnailPath(gameCode: string): string {
  return `${THUMBNAILS_PREFIX}/${gameCode}.svg`;
}

const seedSchema = z.object({
  providers: z
    .array(
      z.object({
        code: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/),
        name: z.string().min(1).max(60),
        operatorId: z.string().min(1).max(64),
        currency: z.string().regex(/^[A-Z]{3}$/),
        baseUrl: z.string().optional(),
        testBaseUrl: z.string().optional(),
      }),
    )
    .min(1),
  games: z
    .array(
      z.object({
        gameCode: z.string().regex(/^[a-z0-9_]{1,64}$/),
        gameId: z.number().int().nonnegative(),
        name: z.string().min(1).max(60),
        provider: z.string(),
        category: z.string().min(1).max(30),
        image: z.string().optional(),
      }),
    )
    .min(1),
});
export type CasinoSeed = z.infer<typeof seedSchema>;

/** Reads and checks the seed file; a broken one stops the server at start. */
export function readCasinoSeed(domainsDir: string): CasinoSeed {
  const file = path.join(domainsDir, CASINO_SEED_FILE);
  const seed = seedSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const codes = new Set(seed.providers.map((p) => p.code));
  for (const game of seed.games) {
    if (!codes.has(game.provider)) {
      throw new Error(`${file}: ${game.gameCode} names an unknown provider ${game.provider}`);
    }
  }
  return seed;
}

/** Adds the providers and games of the seed the database does not have; changes nothing else. */
export async function seedCasino(db: Queryable, seed: CasinoSeed): Promise<void> {
  await db.query(
    `INSERT INTO casino_providers (code, name, operator_id, currency, base_url, test_base_url)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
     ON CONFLICT (code) DO NOTHING`,
    [
      seed.providers.map((p) => p.code),
      seed.providers.map((p) => p.name),
      seed.providers.map((p) => p.operatorId),
      seed.providers.map((p) => p.currency),
      seed.providers.map((p) => p.baseUrl ?? null),
      seed.providers.map((p) => p.testBaseUrl ?? null),
    ],
  );
  await db.query(
    `INSERT INTO casino_games (game_code, game_id, name, provider, category, image, position)
     SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
       $7::int[])
     ON CONFLICT DO NOTHING`,
    [
      seed.games.map((g) => g.gameCode),
      seed.games.map((g) => g.gameId),
      seed.games.map((g) => g.name),
      seed.games.map((g) => g.provider),
      seed.games.map((g) => g.category),
      seed.games.map((g) => g.image ?? thumbnailPath(g.gameCode)),
      seed.games.map((_, i) => (i + 1) * 10),
    ],
  );
}

export interface GameRow {
  game_code: string;
  game_id: number;
  name: string;
  provider: string;
  category: string;
  image: string;
}

/** A game as the contract's `casinoGameSchema` carries it. */
export function gameOf(row: GameRow): CasinoGame {
  return {
    gameCode: row.game_code,
    gameId: row.game_id,
    name: row.name,
    provider: row.provider,
    category: row.category,
    image: row.image,
  };
}

/** One game of the catalogue, by its code. */
export async function findGame(db: Queryable, gameCode: string): Promise<GameRow | undefined> {
  const [row] = await db.query<GameRow>(
    `SELECT game_code, game_id, name, provider, category, image
     FROM casino_games WHERE game_code = $1`,
    [gameCode],
  );
  return row;
}

/** A brand's casino switch and the version of its catalogue (on, 0 before any change). */
export async function brandCasino(
  db: Queryable,
  domain: string,
): Promise<{ enabled: boolean; version: number }> {
  const [row] = await db.query<{ enabled: boolean; version: number }>(
    'SELECT enabled, version FROM casino_brand_settings WHERE domain = $1',
    [domain],
  );
  return row ?? { enabled: true, version: 0 };
}

/** Every game of the catalogue for a brand, in the brand's order, each saying if it is offered. */
export async function brandGames(
  db: Queryable,
  domain: string,
): Promise<(GameRow & { enabled: boolean })[]> {
  return db.query<GameRow & { enabled: boolean }>(
    `SELECT g.game_code, g.game_id, g.name, g.provider, g.category, g.image,
       coalesce(bg.enabled, true) AS enabled
     FROM casino_games g
     LEFT JOIN casino_brand_games bg ON bg.domain = $1 AND bg.game_code = g.game_code
     ORDER BY bg.position IS NULL, bg.position, g.position, g.game_code`,
    [domain],
  );
}

/**
 * The games a brand offers players now, in its order: none while its casino is off, and only
 * those it enabled whose provider is enabled.
 */
export async function offeredGames(
  db: Queryable,
  domain: string,
  providerEnabled: (code: string) => boolean,
): Promise<CasinoGame[]> {
  if (!(await brandCasino(db, domain)).enabled) return [];
  const games = await brandGames(db, domain);
  return games.filter((g) => g.enabled && providerEnabled(g.provider)).map(gameOf);
}

/** A brand's catalogue as the console shows it. */
export async function catalogueView(db: Queryable, domain: string): Promise<CasinoCatalogue> {
  const settings = await brandCasino(db, domain);
  const games = await brandGames(db, domain);
  return {
    brand: domain,
    casinoEnabled: settings.enabled,
    version: settings.version,
    games: games.map((g) => ({ ...gameOf(g), enabled: g.enabled })),
  };
}

export type CatalogueChangeOutcome =
  | { outcome: 'changed'; before: CasinoCatalogue; after: CasinoCatalogue }
  | { outcome: 'stale' }
  | { outcome: 'bad_games'; message: string };

/**
 * Sets a brand's casino switch and its games (every game of the catalogue once, in the order the
 * lobby shows them), in the caller's transaction, on the version the edit was made on.
 */
export async function updateCatalogue(
  tx: Queryable,
  change: {
    domain: string;
    version: number;
    casinoEnabled: boolean;
    games: readonly { gameCode: string; enabled: boolean }[];
  },
): Promise<CatalogueChangeOutcome> {
  await tx.query(
    'INSERT INTO casino_brand_settings (domain) VALUES ($1) ON CONFLICT (domain) DO NOTHING',
    [change.domain],
  );
  const [locked] = await tx.query<{ version: number }>(
    'SELECT version FROM casino_brand_settings WHERE domain = $1 FOR UPDATE',
    [change.domain],
  );
  if (!locked || locked.version !== change.version) return { outcome: 'stale' };
  const before = await catalogueView(tx, change.domain);
  const known = new Set(before.games.map((g) => g.gameCode));
  const named = change.games.map((g) => g.gameCode);
  const unknown = named.filter((code) => !known.has(code));
  if (unknown.length > 0) {
    return { outcome: 'bad_games', message: `Unknown games: ${unknown.slice(0, 5).join(', ')}.` };
  }
  if (new Set(named).size !== named.length || named.length !== known.size) {
    return {
      outcome: 'bad_games',
      message: 'List every game of the catalogue once, in the order the lobby shows them.',
    };
  }
  await tx.query('DELETE FROM casino_brand_games WHERE domain = $1', [change.domain]);
  await tx.query(
    `INSERT INTO casino_brand_games (domain, game_code, enabled, position)
     SELECT $1, code, enabled, position
     FROM unnest($2::text[], $3::boolean[]) WITH ORDINALITY AS g (code, enabled, position)`,
    [change.domain, named, change.games.map((g) => g.enabled)],
  );
  await tx.query(
    `UPDATE casino_brand_settings SET enabled = $2, version = version + 1, updated_at = now()
     WHERE domain = $1`,
    [change.domain, change.casinoEnabled],
  );
  return { outcome: 'changed', before, after: await catalogueView(tx, change.domain) };
}

/** A player's casino switch (on unless an operator switched it off). */
export async function playerCasinoEnabled(db: Queryable, playerId: string): Promise<boolean> {
  const [row] = await db.query<{ enabled: boolean }>(
    'SELECT enabled FROM casino_player_switches WHERE player_id = $1',
    [playerId],
  );
  return row?.enabled ?? true;
}

/** Sets a player's casino switch in the caller's transaction; answers it before. */
export async function setPlayerCasinoSwitch(
  tx: Queryable,
  player: { id: string; domain: string },
  enabled: boolean,
): Promise<boolean> {
  const before = await playerCasinoEnabled(tx, player.id);
  await tx.query(
    `INSERT INTO casino_player_switches (player_id, domain, enabled) VALUES ($1, $2, $3)
     ON CONFLICT (player_id) DO UPDATE SET enabled = $3, updated_at = now()`,
    [player.id, player.domain, enabled],
  );
  return before;
}
