/**
 * Helpers of the card tables' tests: the app with the studio on and its card tables open (by
 * hand on a clock the test moves, or playing by themselves for the socket test), short table
 * rules, seated players who launched a card game through the casino's launch call, and seeds
 * chosen for a wanted outcome.
 */
import { createHash } from 'node:crypto';
import {
  CARD_GAMES,
  cardRoundFromSeed,
  type CardGameCode,
  type CardWinner,
} from '@backlay/contract/card-games';
import type { Queryable } from '../../../db/database';
import type { Backend } from '../../../test-helper';
import { casinoApp } from '../../casino/casino-test-kit';
import { studio, testStudioSettings } from '../house-games-test-kit';

export { takenFor } from '../house-games-test-kit';
import type { CardTablesSettings, CardTableSettings } from './card-settings';
import type { CardPlayer } from './card-table';

/** A table's rules for tests: a 5 s window, a card every 100 ms, ₹10 to ₹1,000 a kind. */
export function testCardTable(gameCode: CardGameCode): CardTableSettings {
  return {
    enabled: true,
    bettingMs: 5_000,
    cardMs: 100,
    pauseMs: 1_000,
    maxRoundStakeMinor: 150_000,
    limits: Object.fromEntries(
      CARD_GAMES[gameCode].rules.map((rule) => [
        rule.kind,
        { minBetMinor: 1_000, maxBetMinor: 100_000 },
      ]),
    ),
  };
}

export function testCardTables(
  changes: Partial<Record<CardGameCode, Partial<CardTableSettings>>> = {},
): CardTablesSettings {
  const tables = {} as CardTablesSettings;
  for (const code of Object.keys(CARD_GAMES) as CardGameCode[]) {
    tables[code] = { ...testCardTable(code), ...changes[code] };
  }
  return tables;
}

/** The app with the studio and its card tables open (by hand unless `autoRun`). */
export async function cardStudioApp(
  backend: Backend,
  cards: CardTablesSettings = testCardTables(),
  options: { autoRun?: boolean } = {},
) {
  const kit = await casinoApp(backend, {
    houseGames: { ...testStudioSettings({}, options), cards },
  });
  const handle = studio(kit.app);
  await kit.app.ready();
  const studioCards = handle.cards;
  if (!studioCards) throw new Error('the card tables are not on');
  if ((await studioCards.start()) === null) throw new Error('the card tables did not start');
  return { ...kit, cards: studioCards };
}

/** The launch call and game id of each card game's provider. */
export const LAUNCHES: Record<CardGameCode, { path: string; gameId: number }> = {
  mac_teen_patti: { path: 'Casino/LaunchMac', gameId: 201210 },
  dream_andar_bahar: { path: 'Casino/LaunchDream', gameId: 101002 },
  mac_dragon_tiger: { path: 'Casino/LaunchMac', gameId: 201220 },
  king_lucky_seven: { path: 'Casino/LaunchKing', gameId: 301006 },
};

/** A player with `rupees`, seated at a card game with a launch token of it. */
export async function seatedPlayer(
  kit: Awaited<ReturnType<typeof cardStudioApp>>,
  gameCode: CardGameCode,
  rupees = 100,
): Promise<{ id: string; seat: CardPlayer }> {
  const player = await kit.player(rupees);
  const launch = LAUNCHES[gameCode];
  const token = await player.launch(launch.path, gameCode, launch.gameId);
  return {
    id: player.id,
    seat: {
      provider: CARD_GAMES[gameCode].provider,
      playerId: player.id,
      token,
      currency: 'INR',
    },
  };
}

/** A seed whose round `roundNumber` of the game has `winner` (searched deterministically). */
export function seedFor(gameCode: CardGameCode, roundNumber: number, winner: CardWinner): string {
  for (let i = 0; i < 100_000; i += 1) {
    const seed = createHash('sha256').update(`${gameCode}:${roundNumber}:${i}`).digest('hex');
    if (cardRoundFromSeed(gameCode, seed, roundNumber).winner === winner) return seed;
  }
  throw new Error(`no seed gives ${winner}`);
}

/** A bet's row in the card round log. */
export async function cardBetRow(db: Queryable, betId: string) {
  const [row] = await db.query<{ status: string; outcome: string | null; return_minor: string }>(
    'SELECT status, outcome, return_minor::text AS return_minor FROM card_bets WHERE id = $1',
    [betId],
  );
  return row;
}
