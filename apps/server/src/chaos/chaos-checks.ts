/**
 * What the chaos test checks once the load has stopped, read straight from the database: every
 * player's holds against the exposure its bets imply, the bets against what the players were
 * told, and the markets open when an instance died against what the feed itself decided.
 */
import { exposureMinor } from '@backlay/exchange/position';
import type { Database } from '../db/database';
import { MARKET_MAKER_DOMAIN } from '../modules/feed/market-maker';
import { createSimulator } from '../modules/feed/simulator';
import { loadPosition } from '../modules/exchange/positions';
import { toMinor } from '../modules/wallet/ledger';
import type { KeyRecord } from './chaos-load';

export interface HoldMismatch {
  ownerId: string;
  marketId: string;
  heldMinor: number;
  impliedMinor: number;
}

/**
 * Every player's exposure hold on every market it bet on (or holds anything for) that differs
 * from the exposure its fills and unmatched rests imply (packages/exchange position maths on the
 * rows `loadPosition` reads), or from zero once the market is settled.
 */
export async function holdMismatches(db: Database): Promise<HoldMismatch[]> {
  const pairs = await db.query<{
    owner_id: string;
    market_id: string;
    status: string;
    runners: number[];
    held: unknown;
  }>(
    `WITH pairs AS (
       SELECT DISTINCT owner_id, market_id FROM bets WHERE NOT is_house
       UNION
       SELECT a.owner_id, e.reference FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
       WHERE a.kind = 'player_exposure' AND a.domain <> $1 AND e.reference IS NOT NULL)
     SELECT p.owner_id, p.market_id, m.status,
       ARRAY(SELECT r.runner_id FROM market_runners r WHERE r.market_id = p.market_id
             ORDER BY r.sort_order) AS runners,
       (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id
        WHERE a.owner_id = p.owner_id AND a.kind = 'player_exposure'
          AND e.reference = p.market_id) AS held
     FROM pairs p LEFT JOIN markets m ON m.id = p.market_id
     ORDER BY p.owner_id, p.market_id`,
    [MARKET_MAKER_DOMAIN],
  );
  const mismatches: HoldMismatch[] = [];
  for (const pair of pairs) {
    const position = await loadPosition(db, pair.market_id, pair.owner_id);
    const impliedMinor =
      pair.status === 'SETTLED'
        ? 0
        : exposureMinor(pair.runners, position.matched, position.unmatched);
    const heldMinor = toMinor(pair.held);
    if (heldMinor !== impliedMinor) {
      mismatches.push({
        ownerId: pair.owner_id,
        marketId: pair.market_id,
        heldMinor,
        impliedMinor,
      });
    }
  }
  return mismatches;
}

export interface BetFindings {
  /** Acknowledged keys whose bet is missing, or is another bet than the one acknowledged. */
  missing: string[];
  /** (player, key) pairs with more than one bet. */
  duplicated: string[];
  /** Keys every attempt of which was refused, yet a bet exists. */
  refusedYetPlaced: string[];
  /** Bets of the players under keys they never sent. */
  unknown: string[];
  /**
   * Keys acknowledged only after an attempt got no answer, and of those, how many were placed
   * by the attempt whose answer was lost (before `lostAtMs`): the retry found the bet.
   */
  acknowledgedAfterLoss: number;
  placedByLostAttempt: number;
  /** Keys that never got an acknowledgement, with and without a bet: both are allowed. */
  unansweredPlaced: number;
  unansweredNotPlaced: number;
  /** The players' bets in the database. */
  bets: number;
  matched: number;
  /** Bets with some stake taken off unmatched (cancelled, lapsed or left at settlement). */
  takenOff: number;
  settled: number;
}

/** The players' bets in the database against every attempt recorded under each key. */
export async function betFindings(
  db: Database,
  playerIds: readonly string[],
  records: ReadonlyMap<string, KeyRecord>,
  lostAtMs: number,
): Promise<BetFindings> {
  const rows = await db.query<{
    id: string;
    owner_id: string;
    idempotency_key: string | null;
    matched_minor: unknown;
    cancelled_minor: unknown;
    settled_at: Date | null;
    placed_at: Date;
  }>(
    `SELECT id, owner_id, idempotency_key, matched_minor, cancelled_minor, settled_at, placed_at
     FROM bets WHERE owner_id = ANY($1::uuid[]) ORDER BY id`,
    [playerIds],
  );
  const byKey = new Map<string, typeof rows>();
  for (const row of rows) {
    const pair = `${row.owner_id}\n${row.idempotency_key ?? ''}`;
    byKey.set(pair, [...(byKey.get(pair) ?? []), row]);
  }
  const findings: BetFindings = {
    missing: [],
    duplicated: [],
    refusedYetPlaced: [],
    unknown: [],
    acknowledgedAfterLoss: 0,
    placedByLostAttempt: 0,
    unansweredPlaced: 0,
    unansweredNotPlaced: 0,
    bets: rows.length,
    matched: rows.filter((row) => toMinor(row.matched_minor) > 0).length,
    takenOff: rows.filter((row) => toMinor(row.cancelled_minor) > 0).length,
    settled: rows.filter((row) => row.settled_at !== null).length,
  };
  for (const [pair, bets] of byKey) {
    if (bets.length > 1) findings.duplicated.push(`${pair}: bets ${bets.map((b) => b.id)}`);
    const key = pair.split('\n')[1] ?? '';
    const record = records.get(key);
    if (!record || record.playerId !== bets[0]?.owner_id) findings.unknown.push(pair);
  }
  for (const [key, record] of records) {
    const bets = byKey.get(`${record.playerId}\n${key}`) ?? [];
    const acknowledged = record.outcomes.find((o) => o.kind === 'acknowledged');
    const lost = record.outcomes.findIndex(
      (o) => o.kind === 'no-answer' || o.kind === 'server-error',
    );
    if (acknowledged && lost >= 0 && lost < record.outcomes.indexOf(acknowledged)) {
      findings.acknowledgedAfterLoss++;
      const placedAt = bets[0]?.placed_at;
      if (placedAt && new Date(placedAt).getTime() < lostAtMs) findings.placedByLostAttempt++;
    }
    if (acknowledged) {
      if (bets.length !== 1 || Number(bets[0]?.id) !== acknowledged.betId) {
        findings.missing.push(
          `${key}: acknowledged bet ${acknowledged.betId}, found ${bets.map((b) => b.id)}`,
        );
      }
      continue;
    }
    const unanswered = record.outcomes.some(
      (o) => o.kind === 'no-answer' || o.kind === 'server-error',
    );
    if (unanswered) {
      if (bets.length > 0) findings.unansweredPlaced++;
      else findings.unansweredNotPlaced++;
    } else if (bets.length > 0) {
      findings.refusedYetPlaced.push(`${key}: ${record.outcomes.map((o) => o.kind)}`);
    }
  }
  return findings;
}

export interface MarketState {
  id: string;
  status: string;
  winnerRunnerId: number | null;
  eventExternalId: string;
  marketKey: string;
}

async function marketStates(db: Database, where: string, params: unknown[]) {
  const rows = await db.query<{
    id: string;
    status: string;
    winner_runner_id: number | null;
    external_id: string;
    market_key: string;
  }>(
    `SELECT m.id, m.status, m.winner_runner_id, e.external_id, m.market_key
     FROM markets m JOIN sport_events e ON e.id = m.event_id
     WHERE ${where} ORDER BY m.id`,
    params,
  );
  return rows.map((row): MarketState => ({
    id: row.id,
    status: row.status,
    winnerRunnerId: row.winner_runner_id,
    eventExternalId: row.external_id,
    marketKey: row.market_key,
  }));
}

/** Every market open to bets or suspended (not yet closed or settled). */
export function openMarkets(db: Database): Promise<MarketState[]> {
  return marketStates(db, `m.status IN ('OPEN', 'SUSPENDED')`, []);
}

export interface FeedRunRow {
  idPrefix: string;
  seed: number;
  pace: number;
  fixturesPerSport: number;
  startMs: number;
  appliedUntilMs: number | null;
  /** The run's clock (simulated time at a wall time, and its speed). */
  clock: { wallMs: number; feedMs: number; timeScale: number };
  retired: boolean;
}

/** The simulated feed's stored runs. */
export async function feedRuns(db: Database): Promise<FeedRunRow[]> {
  const rows = await db.query<{
    id_prefix: string;
    seed: unknown;
    pace: number;
    fixtures_per_sport: number;
    start_at: Date;
    applied_until: Date | null;
    clock_wall_at: Date;
    clock_feed_at: Date;
    time_scale: number;
    retired_at: Date | null;
  }>(
    `SELECT id_prefix, seed, pace, fixtures_per_sport, start_at, applied_until, clock_wall_at,
       clock_feed_at, time_scale, retired_at
     FROM feed_runs ORDER BY created_at`,
  );
  return rows.map((row) => ({
    idPrefix: row.id_prefix,
    seed: Number(row.seed),
    pace: Number(row.pace),
    fixturesPerSport: row.fixtures_per_sport,
    startMs: new Date(row.start_at).getTime(),
    appliedUntilMs: row.applied_until === null ? null : new Date(row.applied_until).getTime(),
    clock: {
      wallMs: new Date(row.clock_wall_at).getTime(),
      feedMs: new Date(row.clock_feed_at).getTime(),
      timeScale: Number(row.time_scale),
    },
    retired: row.retired_at !== null,
  }));
}

/**
 * The results the feed itself could have published for each run's markets by wall time `wallMs`,
 * by `<event external id>\n<market key>`: the winning runner id, or null for void. The simulator
 * is deterministic in its seed, start and pace, so a fresh one advanced to the run's clock at
 * that time publishes every result the feed did, however its ticks fell and whichever process
 * applied them (and maybe a few it had not applied yet: those markets are not settled).
 */
export function feedResults(
  runs: readonly FeedRunRow[],
  wallMs: number,
): Map<string, number | null> {
  const results = new Map<string, number | null>();
  for (const run of runs) {
    const { clock } = run;
    const untilMs = Math.max(
      run.appliedUntilMs ?? run.startMs,
      clock.feedMs + (wallMs - clock.wallMs) * clock.timeScale,
    );
    const simulator = createSimulator({
      seed: run.seed,
      start: new Date(run.startMs),
      pace: run.pace,
      fixturesPerSport: run.fixturesPerSport,
    });
    for (const update of simulator.advance(new Date(untilMs))) {
      if (update.kind !== 'result') continue;
      results.set(
        `${run.idPrefix}${update.externalId}\n${update.marketKey}`,
        update.winner === null ? null : update.winner + 1,
      );
    }
  }
  return results;
}

export interface MarketVerdict {
  stillOpen: number;
  /** Closed to bets, awaiting a result. */
  closed: number;
  settledByFeed: number;
  /** Settled void because the feed itself said so (an abandoned event, a void result). */
  voidedByFeed: number;
  /** Settled otherwise than the feed's own result: voided (or settled) by something else. */
  wronglySettled: string[];
}

/** What became of markets that were open: still open, or settled exactly as the feed decided. */
export async function marketVerdict(
  db: Database,
  wereOpen: readonly MarketState[],
  results: ReadonlyMap<string, number | null>,
): Promise<MarketVerdict> {
  const now = await marketStates(db, 'm.id = ANY($1::text[])', [wereOpen.map((m) => m.id)]);
  const verdict: MarketVerdict = {
    stillOpen: 0,
    closed: 0,
    settledByFeed: 0,
    voidedByFeed: 0,
    wronglySettled: [],
  };
  for (const market of now) {
    if (market.status === 'OPEN' || market.status === 'SUSPENDED') verdict.stillOpen++;
    else if (market.status === 'CLOSED') verdict.closed++;
    else {
      const key = `${market.eventExternalId}\n${market.marketKey}`;
      const decided = results.get(key);
      if (decided === undefined || decided !== market.winnerRunnerId) {
        verdict.wronglySettled.push(
          `${market.id} (${market.eventExternalId} ${market.marketKey}): settled with winner ${market.winnerRunnerId}, the feed decided ${decided === undefined ? 'nothing' : decided}`,
        );
      } else if (decided === null) verdict.voidedByFeed++;
      else verdict.settledByFeed++;
    }
  }
  return verdict;
}
