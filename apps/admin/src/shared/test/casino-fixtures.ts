import {
  casinoCatalogueSchema,
  casinoFiguresSchema,
  casinoPlayerSchema,
  casinoProviderSchema,
  casinoRoundDetailSchema,
  casinoRoundSummarySchema,
  type CasinoCatalogue,
  type CasinoFigure,
  type CasinoFigures,
  type CasinoProvider,
  type CasinoRoundDetail,
  type CasinoRoundSummary,
} from '@backlay/contract/admin-casino';
import type { z } from 'zod';
import { buildPlayerRow } from './fixtures';

/*
 * The casino's answers as the server sends them. Each builder parses what it builds with the
 * contract's response schema, so a page is never tested on an answer the server could not give.
 */

type CasinoPlayer = z.infer<typeof casinoPlayerSchema>;

/** A uuid whose last group is `n`: ids that differ per fixture and read back easily. */
const idOf = (prefix: string, n: number) => `${prefix}-${n.toString(16).padStart(12, '0')}`;

/** A figure with nothing played: the server's zero. */
export function buildCasinoFigure(overrides: Partial<CasinoFigure> = {}): CasinoFigure {
  return { rounds: 0, players: 0, turnover: 0, wins: 0, ggr: 0, ...overrides };
}

/** The figures of every brand since 2026-05-01: nothing played, no rows unless given. */
export function buildCasinoFigures(overrides: Partial<CasinoFigures> = {}): CasinoFigures {
  return casinoFiguresSchema.parse({
    brands: 'all',
    since: '2026-05-01',
    totals: buildCasinoFigure(),
    days: [],
    games: [],
    providers: [],
    byBrand: [],
    ...overrides,
  });
}

/**
 * A settled round of Teen Patti on Mac by `player<n>`: ₹500 staked, ₹950 won; its ids differ
 * by `n`.
 */
export function buildCasinoRound(
  n: number,
  overrides: Partial<CasinoRoundSummary> = {},
): CasinoRoundSummary {
  return casinoRoundSummarySchema.parse({
    id: idOf('c0a1b2c3-d4e5-4f60-8a7b', n),
    roundId: `mac-r-${1000 + n}`,
    provider: 'mac',
    brand: '99exch.com',
    playerId: buildPlayerRow(n).id,
    userName: `player${n}`,
    demo: false,
    gameCode: 'mac_teen_patti',
    gameName: 'Teen Patti Royale',
    status: 'SETTLED',
    stake: 500,
    win: 950,
    refunded: 0,
    startedAt: `2026-05-01T10:${String(n % 60).padStart(2, '0')}:00.000Z`,
    closedAt: `2026-05-01T10:${String(n % 60).padStart(2, '0')}:30.000Z`,
    ...overrides,
  });
}

/** `buildCasinoRound(n)` with its callbacks (none unless given) and the launch it was played in. */
export function buildCasinoRoundDetail(
  n: number,
  overrides: Partial<CasinoRoundDetail> = {},
): CasinoRoundDetail {
  return casinoRoundDetailSchema.parse({
    ...buildCasinoRound(n),
    callbacks: [],
    launch: {
      id: idOf('1a2b3c4d-5e6f-4a70-8b9c', n),
      language: 'en',
      currency: 'INR',
      startedAt: '2026-05-01T09:59:00.000Z',
      expiresAt: '2026-05-01T13:59:00.000Z',
    },
    ...overrides,
  });
}

/**
 * A provider as a fresh install has it: the built-in studio's pages, enabled, its secret
 * generated and kept, at version 1.
 */
export function buildCasinoProvider(
  code = 'dream',
  overrides: Partial<CasinoProvider> = {},
): CasinoProvider {
  return casinoProviderSchema.parse({
    code,
    name: code.charAt(0).toUpperCase() + code.slice(1),
    baseUrl: null,
    testBaseUrl: null,
    gameUrl: `/games/${code}/`,
    testGameUrl: '/games/test/',
    operatorId: 'backlay',
    currency: 'INR',
    enabled: true,
    secretSource: 'database',
    frameOrigins: [],
    version: 1,
    updatedAt: '2026-05-01T08:00:00.000Z',
    ...overrides,
  });
}

/** A game of a catalogue, offered; `n` makes its code, id and name distinct. */
export function buildCatalogueGame(
  n: number,
  overrides: Partial<CasinoCatalogue['games'][number]> = {},
): CasinoCatalogue['games'][number] {
  return {
    gameCode: `mac_game_${n}`,
    gameId: 201200 + n,
    name: `Game ${n}`,
    provider: 'mac',
    category: 'slots',
    image: `/cdn/casino/thumbs/mac_game_${n}.svg`,
    enabled: true,
    ...overrides,
  };
}

/** gold365.bet's casino at version 5: open, games 1 to 3 in that order, all offered. */
export function buildCasinoCatalogue(overrides: Partial<CasinoCatalogue> = {}): CasinoCatalogue {
  return casinoCatalogueSchema.parse({
    brand: 'gold365.bet',
    casinoEnabled: true,
    version: 5,
    games: [buildCatalogueGame(1), buildCatalogueGame(2), buildCatalogueGame(3)],
    ...overrides,
  });
}

/** `player<n>`'s casino: switched on, nothing played in the last 30 days. */
export function buildCasinoPlayer(n: number, overrides: Partial<CasinoPlayer> = {}): CasinoPlayer {
  return casinoPlayerSchema.parse({
    playerId: buildPlayerRow(n).id,
    brand: '99exch.com',
    casinoEnabled: true,
    last30Days: { rounds: 0, stake: 0, win: 0, net: 0 },
    ...overrides,
  });
}
