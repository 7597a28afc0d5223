import { studioTableSchema, type StudioTable } from '@backlay/contract/admin-studio-tables';
import { CRASH_GAME_CODE } from '@backlay/contract/house-games';

/**
 * The crash table as the server sends it: the configured values (₹10 to ₹10,000, ₹10,00,000
 * max win, 1% edge), parsed with the contract's response schema, so a page is never tested on
 * an answer the server could not give.
 */
export function buildCrashTable(overrides: Partial<StudioTable> = {}): StudioTable {
  const configured = {
    enabled: true,
    houseEdgeBp: 100,
    minBetMinor: 1_000,
    maxBetMinor: 1_000_000,
    maxWinMinor: 100_000_000,
    maxAutoCashOutCenti: 1_000_000,
    bettingMs: 5_000,
    tickMs: 150,
    pauseMs: 3_000,
  };
  return studioTableSchema.parse({
    gameCode: CRASH_GAME_CODE,
    name: 'Sky Ace (crash)',
    values: configured,
    configured,
    sources: Object.fromEntries(Object.keys(configured).map((key) => [key, 'file'])),
    problem: null,
    version: 0,
    updatedBy: null,
    updatedAt: null,
    ...overrides,
  });
}

/** The Dragon Tiger table as the server sends it: ₹10 to ₹10,000 a kind, ₹1,000 on a tie. */
export function buildDragonTigerTable(overrides: Partial<StudioTable> = {}): StudioTable {
  return buildCardTable('mac_dragon_tiger', 'Dragon Tiger', ['DRAGON', 'TIGER'], 'TIE', overrides);
}

/** The Lucky Seven table as the server sends it: ₹10 to ₹10,000 on Low and High, ₹1,000 on 7. */
export function buildLuckySevenTable(overrides: Partial<StudioTable> = {}): StudioTable {
  return buildCardTable('king_lucky_seven', 'Lucky Seven', ['LOW', 'HIGH'], 'SEVEN', overrides);
}

/** A card table as the file has it: even-money kinds to ₹10,000, the long shot to ₹1,000. */
function buildCardTable(
  gameCode: string,
  name: string,
  evenMoney: string[],
  longShot: string,
  overrides: Partial<StudioTable>,
): StudioTable {
  const configured: Record<string, number | boolean> = {
    enabled: true,
    bettingMs: 12_000,
    cardMs: 600,
    pauseMs: 4_000,
    maxRoundStakeMinor: 2_000_000,
  };
  for (const kind of evenMoney) {
    configured[`minBetMinor.${kind}`] = 1_000;
    configured[`maxBetMinor.${kind}`] = 1_000_000;
  }
  configured[`minBetMinor.${longShot}`] = 1_000;
  configured[`maxBetMinor.${longShot}`] = 100_000;
  return studioTableSchema.parse({
    gameCode,
    name,
    values: configured,
    configured,
    sources: Object.fromEntries(Object.keys(configured).map((key) => [key, 'file'])),
    problem: null,
    version: 0,
    updatedBy: null,
    updatedAt: null,
    ...overrides,
  });
}
