/**
 * Bets that arrive while earlier ones are being placed are placed together, in groups: one
 * transaction for a group of markets, each market's row locked in id order, then all the
 * group's players' accounts in id order, one read of everything a market's bets need, one write
 * of its bets and fills, one ledger call for every player's hold move in the whole group, one
 * commit. Under load most of a bet's time was its wait behind other bets; in a group they
 * share it, and the ledger's work per move falls as its calls grow (ledger_post_moves).
 *
 * A market's batch takes only the bets it can decide exactly. A bet goes the single way
 * (placement.ts) when its key was used before or twice in the batch, when the market is in play
 * with a delay, or when its worst case (the player's exposure now plus the bet's own
 * liability) would pass the market's liability limit or the player's available balance: a
 * hedge near those limits needs the exact figure, which only the single way computes before it
 * writes. A player whose resting order is matched within the batch is re-held from the
 * database afterwards. If anything goes wrong, the whole group rolls back and every bet goes
 * the single way, so a batch never decides differently from the single way. Such a failure is
 * logged and counted: the batcher's `stats()` tells how many group transactions committed
 * (`batches`), how many bets they decided, how many they handed to the single way and why, and
 * how many failed.
 *
 * The players' positions and holds a batch leaves are kept for the next batch on the market
 * (position-cache.ts), which reads only those of players it does not know, and uses the kept
 * ones only if the market's version says nothing else has changed the market since.
 *
 * A bet that comes without its use of the player's bet limit counted is counted in the group's
 * transaction, by its first statement (`limitInGroup`), and refused there when over the limit.
 * Once the group commits, every bet it handed on was counted; if it rolled back, none was.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { BetResult, PlaceBetRequest } from '@backlay/contract/bets';
import { tickToPriceHundredths } from '@backlay/exchange/ladder';
import { layLiabilityMinor, toMinorUnits } from '@backlay/exchange/money';
import { exposureMinor, reHold } from '@backlay/exchange/position';
import type { Queryable, Transaction } from '../../db/database';
import { everyAnswer } from '../../db/postgres-transaction';
import { ApiError } from '../../http/api-error';
import type { Player } from '../../http/api-route';
import type { TransactionLimit } from '../limits';
import {
  bookOf,
  EXPOSURE_MOVE_COLUMNS,
  exposureMovesStatement,
  ledgerAfterWrites,
  readExposureMoves,
  toMinor,
  type Book,
  type ExposureMoveRow,
  type ExposureMove,
} from '../wallet';
import { walletFigures } from './bet-views';
import { betRefused } from './bet-refusal';
import {
  lockAndReadManyStatement,
  lockAndReadStatement,
  lockedReadOf,
  type LockedRow,
  type MarketRow,
} from './market-rows';
import type { MarketTurns } from './market-turns';
import {
  crossingBounds,
  fromWireSide,
  type CrossingBounds,
  MatchingSession,
  orderFlowWritesOf,
  writeOrderFlows,
  RESTING_JSON_SQL,
  restingByRunner,
  type NewOrder,
} from './order-flow';
import { checkBet, HOT_PATH, newBetView, ownerOf, type ExchangeDeps } from './placement';
import {
  createPositionCache,
  type HeldPosition,
  type KnownOwners,
  type PositionCache,
} from './position-cache';
import {
  addTaking,
  exposureKey,
  playerAccountsSql,
  POSITION_JSON_SQL,
  positionFromJson,
  syncExposure,
  type Owner,
  type PositionRow,
} from './positions';

/** At most this many bets of one market go in one group. */
const MAX_MARKET_BATCH = 25;
/** At most this many bets, of any markets, share one transaction. */
const MAX_GROUP = 100;

/** Why a bet left its batch for the single way. */
export type HandOnReason =
  /** Its key was used before, or earlier in the same batch. */
  | 'replay'
  /** In play, its brand sets a bet delay. */
  | 'delay'
  /** Its worst case would pass the market's liability limit or the available balance. */
  | 'limits'
  /** Its player was matched as a maker earlier in the batch, or has no accounts yet. */
  | 'position'
  /** No such market: the single way gives the answer. */
  | 'market'
  /** Queued with bets of the other money book, which the batch does not take. */
  | 'book'
  /** The batch failed and rolled back. */
  | 'failure';

/** What the batcher has done since it was created (see createBetBatcher's `stats`). */
export interface BatchStats {
  /** Batch transactions that committed. */
  batches: number;
  /** Bets those batches placed themselves. */
  placed: number;
  /** Bets those batches refused themselves (the checks that need no position). */
  refused: number;
  /** Bets handed to the single way, by reason. */
  handedOn: Record<HandOnReason, number>;
  /** Batches that failed and rolled back; their bets all went the single way. */
  failures: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The bet batcher's counters (batch-placement.ts), read-only. */
    betBatches: { stats(): BatchStats };
  }
}

export interface PendingBet {
  player: Player;
  request: PlaceBetRequest;
  priceTick: number;
  /** Its use of the bet limit is counted (committed): else its group's transaction counts it. */
  counted: boolean;
  resolve: (result: BetResult) => void;
  reject: (error: unknown) => void;
}

interface BatchReads {
  bet_ids: string[];
  now: Date;
  replays: { owner_id: string; key: string }[];
  resting: Parameters<typeof restingByRunner>[0];
  positions: (PositionRow & { owner_id: string })[];
  balances: { owner_id: string; kind: string; id: string; balance_minor: string }[];
}

/**
 * The cash and exposure accounts of the players `owners` (with their `domains`) in `book`,
 * locked in id order now, before their holds move, and read as the lock returns them (reads
 * made before the lock may be older; the ledger checks funds again when it posts).
 */
function lockedBalancesSql(owners: string, domains: string, book: string): string {
  const accounts = playerAccountsSql(
    owners,
    domains,
    book,
    "ARRAY['player_cash', 'player_exposure']",
  );
  return `(SELECT coalesce(json_agg(json_build_object('owner_id', l.owner_id, 'kind', l.kind,
     'id', l.id, 'balance_minor', l.balance_minor)), '[]'::json)
   FROM (
     SELECT l.owner_id, l.kind, l.id, l.balance_minor FROM ledger_accounts l
     WHERE l.id IN (SELECT a.id FROM ${accounts})
     ORDER BY l.id FOR NO KEY UPDATE OF l) l)`;
}

/** `count` new bet ids, in order. */
function betIdsSql(count: string): string {
  return `ARRAY(SELECT nextval(pg_get_serial_sequence('bets', 'id'))
    FROM generate_series(1, ${count}))`;
}

/** The bets' keys (owners and keys, two arrays) their owners have already used. */
function replaysSql(owners: string, keys: string): string {
  return `(SELECT coalesce(json_agg(json_build_object('owner_id', k.owner_id, 'key', k.key)), '[]'::json)
   FROM unnest(${owners}, ${keys}) AS k (owner_id, key)
   -- One probe of the key's index per bet (OFFSET 0: never a join over every bet).
   CROSS JOIN LATERAL (SELECT b.id FROM bets b
     WHERE b.owner_id = k.owner_id AND b.idempotency_key = k.key OFFSET 0) b)`;
}

/**
 * Parameters: $1 market, $2 book, $3 the owners whose accounts are locked (none when the
 * market is one of several in its group), $4 their domains, $5 each bet's owner, $6 each
 * bet's key, $7 how many bet ids, $8–$10 the bets' CrossingBounds (runners, back-from ticks,
 * lay-to ticks), $11 and $12 the owners whose positions are read (the others' are kept in
 * this process: position-cache.ts) and their domains.
 */
const BATCH_READS = `
  ${betIdsSql('$7::int')} AS bet_ids,
  now() AS now,
  ${replaysSql('$5::uuid[]', '$6::text[]')} AS replays,
  ${RESTING_JSON_SQL('$1', '$2::text', '$8::int[]', '$9::int[]', '$10::int[]')} AS resting,
  ${POSITION_JSON_SQL('$1', '$11::uuid[]', '$12::text[]', '$2::text')} AS positions,
  ${lockedBalancesSql('$3::uuid[]', '$4::text[]', '$2::text')} AS balances`;

/** A group's players' accounts, locked once all its markets are: $1 owners, $2 domains, $3 book. */
const GROUP_BALANCES = `SELECT ${lockedBalancesSql('$1::uuid[]', '$2::text[]', '$3::text')} AS balances`;

const BATCH_STATEMENT = lockAndReadStatement(BATCH_READS);

/** One market of SINGLE_WRITER_GROUP's $1: what BATCH_READS takes as $5 to $12 (MarketSpec). */
const MARKET_SPEC_COLUMNS = `ord int, market_id text, bet_owners uuid[], keys text[], bets int,
  runner_ids int[], back_from int[], lay_to int[], unread_owners uuid[], unread_domains text[]`;

/**
 * On a single writer (PGlite), a whole group's reads in one statement: each market bumped and
 * read as BATCH_READS reads it, and, on its first row, the players' accounts, read without a
 * lock as the ledger posts there (no other transaction runs meanwhile). Parameters: $1 the
 * markets (MARKET_SPEC_COLUMNS, as JSON), $2 book, $3 the group's players, $4 their domains.
 */
const SINGLE_WRITER_GROUP = lockAndReadManyStatement(
  MARKET_SPEC_COLUMNS,
  `
  ${betIdsSql('s.bets')} AS bet_ids,
  now() AS now,
  ${replaysSql('s.bet_owners', 's.keys')} AS replays,
  ${RESTING_JSON_SQL('m.id', '$2::text', 's.runner_ids', 's.back_from', 's.lay_to')} AS resting,
  ${POSITION_JSON_SQL('m.id', 's.unread_owners', 's.unread_domains', '$2::text')} AS positions,
  CASE WHEN s.ord = (SELECT min(f.ord) FROM s f JOIN locked l ON l.id = f.market_id) THEN
    (SELECT coalesce(json_agg(json_build_object('owner_id', o.owner_id, 'kind', a.kind,
       'id', a.id, 'balance_minor', a.balance_minor)), '[]'::json)
     FROM ${playerAccountsSql('$3::uuid[]', '$4::text[]', '$2::text', "ARRAY['player_cash', 'player_exposure']")})
  END AS balances`,
);

interface Wallet {
  owner: Owner;
  position: HeldPosition;
  cashMinor: number;
  exposureAccountMinor: number;
  /** The player's cash and exposure account ids; null before their first movement. */
  accounts: { cash: string; exposure: string } | null;
  /** The bet whose id keys this player's one ledger movement (their last in the batch). */
  lastBetId: number | null;
  /** Matched as a maker within the batch: re-held from the database instead. */
  stale: boolean;
}

/** What the position cache learns from a batch once it commits (see PositionCache.store). */
interface Kept {
  version: string;
  basedOn: string | null;
  positions: Map<string, HeldPosition>;
  forget: string[];
}

interface Decided {
  /** `matchedValue`: what the bet matched as it was placed (see the answer below). */
  placed: { pending: PendingBet; betId: number; matchedValue: number }[];
  refused: { pending: PendingBet; error: ApiError }[];
  single: { pending: PendingBet; reason: HandOnReason }[];
  results: Map<PendingBet, BetResult>;
  /** Absent: what the cache holds for the market can no longer be trusted. */
  kept?: Kept;
}

/** The positions of the batch's players who did not change behind the batch's back. */
function keptOf(
  wallets: ReadonlyMap<string, Wallet>,
  version: string,
  basedOn: string | null,
  outsideMakers: readonly Owner[],
): Kept {
  const positions = new Map<string, HeldPosition>();
  const forget = outsideMakers.map((maker) => maker.ownerId);
  for (const [ownerId, wallet] of wallets) {
    if (wallet.stale) forget.push(ownerId);
    else positions.set(ownerId, wallet.position);
  }
  return { version, basedOn, positions, forget };
}

/**
 * The positions the cache keeps for the batch's players, if still right at the locked version;
 * otherwise the cache's entry is dropped and the positions it would have given are read now.
 */
async function positionsKept(
  tx: Queryable,
  cache: PositionCache,
  marketId: string,
  book: Book,
  owners: ReadonlyMap<string, string>,
  known: KnownOwners | undefined,
  lockedVersion: string,
): Promise<{
  kept: Map<string, HeldPosition>;
  basedOn: string | null;
  rows: (PositionRow & { owner_id: string })[];
}> {
  if (!known) return { kept: new Map(), basedOn: null, rows: [] };
  const kept = cache.take(marketId, lockedVersion, [...owners.keys()]);
  if (kept) return { kept, basedOn: known.version, rows: [] };
  const skipped = [...owners].filter(([ownerId]) => known.knows(ownerId));
  if (skipped.length === 0) return { kept: new Map(), basedOn: null, rows: [] };
  const [row] = await tx.query<{ positions: (PositionRow & { owner_id: string })[] }>(
    `SELECT ${POSITION_JSON_SQL('$1', '$2::uuid[]', '$3::text[]', '$4::text')} AS positions`,
    [marketId, skipped.map(([ownerId]) => ownerId), skipped.map(([, domain]) => domain), book],
  );
  return { kept: new Map(), basedOn: null, rows: row?.positions ?? [] };
}

/** Per runner, the prices the batch's bets reach (see crossingBounds). */
function boundsOf(bets: readonly PendingBet[]): CrossingBounds {
  return crossingBounds(
    bets.map(({ request, priceTick }) => ({
      runnerId: request.runnerId,
      side: fromWireSide(request.side),
      priceTick,
    })),
  );
}

/** What a market's batch reads with its market (BATCH_READS's $5 to $12). */
interface MarketSpec {
  betOwners: string[];
  keys: string[];
  runnerIds: CrossingBounds['runnerIds'];
  backFrom: CrossingBounds['backFrom'];
  layTo: CrossingBounds['layTo'];
  /** The players whose positions are read: those the position cache does not know. */
  unreadOwners: string[];
  unreadDomains: string[];
}

function specOf(
  bets: readonly PendingBet[],
  bounds: CrossingBounds,
  owners: ReadonlyMap<string, string>,
  known: KnownOwners | undefined,
): MarketSpec {
  const unread = [...owners].filter(([ownerId]) => !known?.knows(ownerId));
  return {
    betOwners: bets.map((p) => p.player.id),
    keys: bets.map((p) => p.request.idempotencyKey),
    runnerIds: bounds.runnerIds,
    backFrom: bounds.backFrom,
    layTo: bounds.layTo,
    unreadOwners: unread.map(([ownerId]) => ownerId),
    unreadDomains: unread.map(([, domain]) => domain),
  };
}

function batchParams(
  marketId: string,
  book: Book,
  spec: MarketSpec,
  locking: ReadonlyMap<string, string>,
): unknown[] {
  return [
    marketId,
    book,
    [...locking.keys()],
    [...locking.values()],
    spec.betOwners,
    spec.keys,
    spec.betOwners.length,
    spec.runnerIds,
    spec.backFrom,
    spec.layTo,
    spec.unreadOwners,
    spec.unreadDomains,
  ];
}

function walletsOf(
  reads: BatchReads,
  kept: ReadonlyMap<string, HeldPosition>,
  bets: readonly PendingBet[],
): Map<string, Wallet> {
  const wallets = new Map<string, Wallet>();
  for (const pending of bets) {
    if (wallets.has(pending.player.id)) continue;
    const position =
      kept.get(pending.player.id) ??
      positionFromJson(reads.positions.filter((row) => row.owner_id === pending.player.id));
    const account = (kind: string) =>
      reads.balances.find((b) => b.owner_id === pending.player.id && b.kind === kind);
    const cash = account('player_cash');
    const exposure = account('player_exposure');
    wallets.set(pending.player.id, {
      owner: ownerOf(pending.player),
      position,
      cashMinor: toMinor(cash?.balance_minor ?? 0),
      exposureAccountMinor: toMinor(exposure?.balance_minor ?? 0),
      accounts: cash && exposure ? { cash: cash.id, exposure: exposure.id } : null,
      lastBetId: null,
      stale: false,
    });
  }
  return wallets;
}

/** A market's bets in a group, with what its locked read found. */
interface MarketBatch {
  marketId: string;
  bets: PendingBet[];
}

interface MarketRead extends MarketBatch {
  bounds: CrossingBounds;
  market: MarketRow;
  lockedVersion: string;
  reads: BatchReads;
  kept: Map<string, HeldPosition>;
  basedOn: string | null;
}

/** One market's lock-and-read, worked out: what sending it and reading its answer need. */
interface MarketLock {
  batch: MarketBatch;
  bounds: CrossingBounds;
  owners: Map<string, string>;
  known: KnownOwners | undefined;
  spec: MarketSpec;
  /** BATCH_STATEMENT's parameters (and its reads' again, should the row be stale). */
  params: unknown[];
}

/**
 * What locking one market of the group and reading what its bets need takes. `lockAccounts`:
 * the market is the group's only one, so its players' accounts are locked in the same
 * statement; in a group of several markets they are all locked together once every market is
 * (groupBalances).
 */
function marketLockOf(
  cache: PositionCache,
  book: Book,
  batch: MarketBatch,
  lockAccounts: boolean,
): MarketLock {
  const { marketId, bets } = batch;
  const bounds = boundsOf(bets);
  // Each player once, with their domain.
  const owners = new Map(bets.map((p) => [p.player.id, p.player.domain]));
  const known = cache.known(marketId);
  const spec = specOf(bets, bounds, owners, known);
  const params = batchParams(marketId, book, spec, lockAccounts ? owners : new Map());
  return { batch, bounds, owners, known, spec, params };
}

/** The group's locks as taken: each market's row, and (several markets) the accounts. */
interface GroupLocks {
  markets: { lock: MarketLock; row: LockedRow<BatchReads> | undefined }[];
  /**
   * The players' accounts, locked and read once every market is (on PGlite read with them);
   * null for a group of one market on PostgreSQL, whose statement locked and read them.
   */
  balances: BatchReads['balances'] | null;
}

/**
 * Sends every market's lock-and-read statement in the markets' (id) order and, with several
 * markets, then the statement locking every player's accounts (groupBalances); answers what
 * they read. On PostgreSQL the statements go together, without waiting for each answer: the
 * connection pipelines, and the server runs them in the order sent, so the locks are taken in
 * the same order as one by one, in one round trip instead of one per statement. PGlite runs
 * one transaction at a time, with no lock to order and no round trip to save, but a call into
 * the engine per statement: there one statement does it all (lockGroupSingleWriter).
 */
async function lockGroup(
  deps: ExchangeDeps,
  cache: PositionCache,
  tx: Queryable,
  book: Book,
  batches: readonly MarketBatch[],
): Promise<GroupLocks> {
  if (deps.db.kind !== 'postgres') return lockGroupSingleWriter(cache, tx, book, batches);
  const alone = batches.length === 1;
  const locks = batches.map((batch) => marketLockOf(cache, book, batch, alone));
  const rows = locks.map((lock) =>
    tx.query<LockedRow<BatchReads>>(BATCH_STATEMENT, lock.params).then(([first]) => first),
  );
  const balances = alone ? null : groupBalances(tx, book, batches);
  await everyAnswer([...rows, ...(balances ? [balances] : [])]);
  return {
    markets: await Promise.all(locks.map(async (lock, i) => ({ lock, row: await rows[i] }))),
    balances: await balances,
  };
}

/** lockGroup on a single writer: the whole group's reads in one statement (SINGLE_WRITER_GROUP). */
async function lockGroupSingleWriter(
  cache: PositionCache,
  tx: Queryable,
  book: Book,
  batches: readonly MarketBatch[],
): Promise<GroupLocks> {
  const locks = batches.map((batch) => marketLockOf(cache, book, batch, false));
  const markets = locks.map(({ batch, spec }, ord) => ({
    ord,
    market_id: batch.marketId,
    bet_owners: spec.betOwners,
    keys: spec.keys,
    bets: spec.betOwners.length,
    runner_ids: spec.runnerIds,
    back_from: spec.backFrom,
    lay_to: spec.layTo,
    unread_owners: spec.unreadOwners,
    unread_domains: spec.unreadDomains,
  }));
  const players = new Map(
    batches.flatMap((b) => b.bets.map((p) => [p.player.id, p.player.domain])),
  );
  const rows = await tx.query<LockedRow<BatchReads> & { ord: number }>(SINGLE_WRITER_GROUP, [
    JSON.stringify(markets),
    book,
    [...players.keys()],
    [...players.values()],
  ]);
  return {
    markets: locks.map((lock, ord) => ({ lock, row: rows.find((row) => row.ord === ord) })),
    // On the first row, whichever market it is (a market that does not exist has none).
    balances: rows[0]?.balances ?? [],
  };
}

/** What a market's bets need, from its lock-and-read statement's row (read again if stale). */
async function readLockedMarket(
  deps: ExchangeDeps,
  cache: PositionCache,
  tx: Queryable,
  book: Book,
  { batch, bounds, owners, known, params }: MarketLock,
  row: LockedRow<BatchReads> | undefined,
): Promise<MarketRead | { single: HandOnReason }> {
  const { marketId, bets } = batch;
  const locked = lockedReadOf<BatchReads>(row);
  if (!locked) return { single: 'market' };
  // In play, a bet whose brand sets a delay waits it out on the single path.
  const delayed = (pending: PendingBet) =>
    locked.market.inPlay &&
    deps.rules.limits(pending.player.domain, locked.market.sportId, locked.market.type)
      .betDelaySeconds > 0;
  if (bets.every(delayed)) return { single: 'delay' };
  const { market, lockedVersion } = locked;
  const reads = locked.current
    ? locked.reads
    : (await tx.query<BatchReads>(`SELECT ${BATCH_READS}`, params))[0];
  if (!reads) throw new Error('the batch read returned nothing');
  const { kept, basedOn, rows } = await positionsKept(
    tx,
    cache,
    marketId,
    book,
    owners,
    known,
    lockedVersion,
  );
  reads.positions.push(...rows);
  return { marketId, bets, bounds, market, lockedVersion, reads, kept, basedOn };
}

/**
 * In a group of several markets, once every market is locked: the players' cash and exposure
 * accounts, all locked in one statement in id order. Markets in id order, then accounts in id
 * order, is the order every group takes its locks in, so two groups never wait on each other
 * in a circle, whichever players and markets they share. (The players of a market that then
 * goes the single way are locked too: their bets wait for this group's commit either way.)
 */
async function groupBalances(
  tx: Queryable,
  book: Book,
  batches: readonly MarketBatch[],
): Promise<BatchReads['balances']> {
  const owners = new Map(batches.flatMap((b) => b.bets.map((p) => [p.player.id, p.player.domain])));
  const [row] = await tx.query<{ balances: BatchReads['balances'] }>(GROUP_BALANCES, [
    [...owners.keys()],
    [...owners.values()],
    book,
  ]);
  return row?.balances ?? [];
}

/** Makers whose holds are read again from the database after the group's writes. */
interface MakersToReHold {
  /** The batch's own players matched as makers. */
  stale: Wallet[];
  /** Players outside the batch. */
  outside: Owner[];
}

/** One market's batch decided in memory: what the group then writes for it. */
interface MarketDecision {
  read: MarketRead;
  decided: Decided;
  wallets: Map<string, Wallet>;
  session: MatchingSession;
  ids: number[];
  moves: ExposureMove[];
  deltas: Map<string, number>;
  /** The makers finishMarket re-holds from the database (makersToReHold). */
  toReHold: MakersToReHold;
}

/** Checks, matches and re-holds one market's bets in memory, in their order of arrival. */
function decideMarket(deps: ExchangeDeps, book: Book, read: MarketRead): MarketDecision {
  const { market, reads, kept, bets, bounds } = read;
  const decided: Decided = { placed: [], refused: [], single: [], results: new Map() };
  const session = new MatchingSession(restingByRunner(reads.resting, bounds.runnerIds, book));
  const wallets = walletsOf(reads, kept, bets);
  const replayed = new Set(reads.replays.map((r) => `${r.owner_id}\n${r.key}`));
  const runnerIds = market.runners.map((runner) => runner.id);
  const ids = reads.bet_ids.map(Number);

  for (const [i, pending] of bets.entries()) {
    const { player, request, priceTick } = pending;
    const key = `${player.id}\n${request.idempotencyKey}`;
    if (replayed.has(key)) {
      decided.single.push({ pending, reason: 'replay' });
      continue;
    }
    replayed.add(key);
    const stakeMinor = toMinorUnits(request.stake);
    let limits;
    try {
      limits = checkBet(deps, player, market, request, stakeMinor);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      decided.refused.push({ pending, error });
      continue;
    }
    if (market.inPlay && limits.betDelaySeconds > 0) {
      decided.single.push({ pending, reason: 'delay' });
      continue;
    }
    const wallet = wallets.get(player.id);
    if (!wallet?.accounts || wallet.stale) {
      decided.single.push({ pending, reason: 'position' });
      continue;
    }
    const side = fromWireSide(request.side);
    const liability = side === 'back' ? stakeMinor : layLiabilityMinor(stakeMinor, priceTick);
    const now = exposureMinor(runnerIds, wallet.position.matched, wallet.position.unmatched);
    const worst = now + liability;
    // The player's one movement at the end takes (exposure − what was held) from cash.
    if (worst > limits.maxLiabilityMinor || worst - wallet.position.heldMinor > wallet.cashMinor) {
      decided.single.push({ pending, reason: 'limits' });
      continue;
    }
    const order: NewOrder = {
      owner: wallet.owner,
      runnerId: request.runnerId,
      side,
      priceTick,
      stakeMinor,
      keepInPlay: request.keepInPlay ?? false,
      idempotencyKey: request.idempotencyKey,
    };
    const betId = ids[i];
    if (betId === undefined) throw new Error('a batch bet without a reserved id');
    const { placed, makerOwnerIds, fills } = session.place(order, betId, market.fillOrKill);
    if (market.fillOrKill && placed.matchedMinor === 0) {
      session.forgetKilled(betId);
      decided.refused.push({ pending, error: betRefused('NOT_MATCHED') });
      continue;
    }
    for (const makerId of makerOwnerIds) {
      const maker = wallets.get(makerId);
      if (maker) maker.stale = true;
    }
    addTaking(wallet.position, order, fills, stakeMinor - placed.matchedMinor - placed.killedMinor);
    wallet.lastBetId = betId;
    // The answer tells the bet as placed, like the single way's: a later bet of the batch may
    // still match it, and the session then adds that to what it holds for the bet.
    const matchedValue = fills.reduce(
      (sum, fill) => sum + fill.stakeMinor * tickToPriceHundredths(fill.priceTick),
      0,
    );
    decided.placed.push({ pending, betId, matchedValue });
  }

  // One ledger movement per player to their new exposure, posted with the group's writes
  // (their accounts were locked with the markets). Players matched as makers (in this batch
  // or before it) are re-held from what the database then says.
  const deltas = new Map<string, number>();
  const moves: ExposureMove[] = [];
  for (const wallet of wallets.values()) {
    if (wallet.lastBetId === null || wallet.stale) continue;
    const { exposureMinor: exposure, deltaMinor: delta } = reHold(
      runnerIds,
      wallet.position,
      wallet.position.heldMinor,
    );
    deltas.set(wallet.owner.ownerId, delta);
    wallet.position.heldMinor = exposure;
    if (delta === 0) continue;
    if (!wallet.accounts) throw new Error("a batch move without the player's accounts");
    moves.push({
      cashAccountId: wallet.accounts.cash,
      exposureAccountId: wallet.accounts.exposure,
      deltaMinor: delta,
      idempotencyKey: exposureKey(`bet:${wallet.lastBetId}`, wallet.owner.ownerId),
      reference: market.id,
    });
  }
  const toReHold = makersToReHold(decided, wallets, session);
  return { read, decided, wallets, session, ids, moves, deltas, toReHold };
}

/**
 * The makers a market's placed bets matched whose holds finishMarket reads again from the
 * database once the group's writes are in: the batch's own players matched as makers (stale),
 * and players outside the batch.
 */
function makersToReHold(
  decided: Decided,
  wallets: ReadonlyMap<string, Wallet>,
  session: MatchingSession,
): MakersToReHold {
  if (decided.placed.length === 0) return { stale: [], outside: [] };
  return {
    stale: [...wallets.values()].filter((wallet) => wallet.stale),
    outside: [...session.result.makers.values()].filter(
      (maker) => !maker.isHouse && !wallets.has(maker.ownerId),
    ),
  };
}

/** No market of the group has a maker to re-hold: nothing is read after the writes. */
function finishesInMemory(decisions: readonly MarketDecision[]): boolean {
  return decisions.every(
    ({ toReHold }) => toReHold.stale.length === 0 && toReHold.outside.length === 0,
  );
}

/**
 * Writes the group in one statement: every market's bets and fills, and every player's hold
 * move of the whole group in one ledger call. `atCommit`: nothing is read after the writes, so
 * the statement travels with COMMIT (on PostgreSQL one round trip fewer a group) and fails the
 * transaction itself unless every move posted; its rows, once committed, announce the players'
 * new figures. Answers that announcement, which settles once committed (none when nothing
 * waits on the commit).
 */
async function writeGroup(
  deps: ExchangeDeps,
  tx: Transaction,
  book: Book,
  decisions: readonly MarketDecision[],
  atCommit: boolean,
): Promise<{ announced: Promise<void> } | null> {
  const writing = decisions.filter((d) => d.decided.placed.length > 0);
  const [first] = writing;
  if (!first) return null;
  const flows = writing.map(({ read, session }) => ({
    marketId: read.market.id,
    flow: session.result,
  }));
  const moves = writing.flatMap((d) => d.moves);
  if (moves.length === 0) {
    await writeOrderFlows(tx, book, flows);
    return null;
  }
  const statement = ledgerAfterWrites(
    (firstParam) => orderFlowWritesOf(book, flows, firstParam),
    exposureMovesStatement(first.read.market.id, moves),
    EXPOSURE_MOVE_COLUMNS,
    atCommit ? moves.length : undefined,
  );
  if (!atCommit) {
    const rows = await tx.query<ExposureMoveRow>(statement.sql, statement.params);
    readExposureMoves(tx, rows, moves.length);
    return null;
  }
  const posted = tx
    .readAtCommit<ExposureMoveRow>(statement.sql, statement.params)
    // Committed: the figures are announced at once.
    .then((rows) => readExposureMoves(deps.db, rows, moves.length));
  // A group that fails is reported by its transaction: this is then never awaited.
  posted.catch(() => undefined);
  return { announced: posted };
}

/** After the writes: re-holds the makers, answers the placed bets, says what to keep. */
async function finishMarket(tx: Queryable, decision: MarketDecision): Promise<Decided> {
  const { read, decided, wallets, session, ids, deltas, toReHold } = decision;
  const { market, lockedVersion, basedOn } = read;
  if (decided.placed.length === 0) {
    return { ...decided, kept: keptOf(wallets, lockedVersion, basedOn, []) };
  }
  const marketRef = { id: market.id, runnerIds: market.runners.map((runner) => runner.id) };
  const { stale, outside: outsideMakers } = toReHold;
  for (const wallet of stale) {
    const change = await syncExposure(tx, marketRef, wallet.owner, `batch:${ids[0]}`);
    deltas.set(wallet.owner.ownerId, change.exposureMinor - change.heldBeforeMinor);
  }
  for (const maker of outsideMakers) {
    await syncExposure(tx, marketRef, maker, `fill:${ids[0]}`);
  }

  const placedAt = new Date(read.reads.now);
  for (const { pending, betId, matchedValue } of decided.placed) {
    const placed = session.result.placed.find((p) => p.betId === betId);
    const wallet = wallets.get(pending.player.id);
    if (!placed || !wallet) throw new Error('a placed batch bet lost its record');
    const delta = deltas.get(pending.player.id) ?? 0;
    decided.results.set(pending, {
      bet: newBetView(market, pending.request, {
        betId,
        priceTick: pending.priceTick,
        stakeMinor: placed.order.stakeMinor,
        matchedMinor: placed.matchedMinor,
        killedMinor: placed.killedMinor,
        matchedValue,
        placedAt,
      }),
      ...walletFigures(wallet.cashMinor - delta, wallet.exposureAccountMinor + delta),
    });
  }
  return { ...decided, kept: keptOf(wallets, lockedVersion, basedOn, outsideMakers) };
}

/** What a group's transaction decided, once it commits. */
interface GroupOutcome {
  /** Each market's bets, decided. */
  outcome: Map<string, Decided>;
  /** Settles once the players' new figures are announced; null when nothing waits on it. */
  announced: Promise<void> | null;
  /** The bets the group's count of the bet limit refused, of every book. */
  overLimit: ReadonlyMap<PendingBet, ApiError>;
}

/**
 * Decides and writes one group (markets in id order, no player in two of them) in the caller's
 * transaction; throws to send it all singly. Each market's bets are decided as its batch alone
 * would be: the markets share the transaction, the account locks and the ledger call.
 */
async function placeGroupInTransaction(
  deps: ExchangeDeps,
  cache: PositionCache,
  tx: Transaction,
  book: Book,
  batches: readonly MarketBatch[],
  counting: Promise<Map<PendingBet, ApiError>> | null,
): Promise<GroupOutcome> {
  const outcome = new Map<string, Decided>();
  const reads: MarketRead[] = [];
  const locking = lockGroup(deps, cache, tx, book, batches);
  // The count went first: a failure there is the one to tell (the locks then fail with it).
  await everyAnswer(counting ? [counting, locking] : [locking]);
  const overLimit = (await counting) ?? new Map<PendingBet, ApiError>();
  const locks = await locking;
  for (const { lock, row } of locks.markets) {
    // A bet over the limit goes no further: placeTogether refuses it.
    const batch = { ...lock.batch, bets: lock.batch.bets.filter((p) => !overLimit.has(p)) };
    const read = await readLockedMarket(deps, cache, tx, book, { ...lock, batch }, row);
    if ('single' in read) {
      const single = batch.bets.map((pending) => ({ pending, reason: read.single }));
      outcome.set(batch.marketId, { placed: [], refused: [], single, results: new Map() });
    } else {
      if (locks.balances) read.reads.balances = locks.balances;
      reads.push(read);
    }
  }
  const decisions = reads.map((read) => decideMarket(deps, book, read));
  const written = await writeGroup(deps, tx, book, decisions, finishesInMemory(decisions));
  let placed = 0;
  for (const decision of decisions) {
    const decided = await finishMarket(tx, decision);
    outcome.set(decision.read.marketId, decided);
    placed += decided.placed.length;
  }
  if (placed > 0) await deps.failpoint?.('before-commit', placed);
  return { outcome, announced: written?.announced ?? null, overLimit };
}

/** Counters at zero. */
export function noStats(): BatchStats {
  return {
    batches: 0,
    placed: 0,
    refused: 0,
    handedOn: {
      replay: 0,
      delay: 0,
      limits: 0,
      position: 0,
      market: 0,
      book: 0,
      failure: 0,
    },
    failures: 0,
  };
}

/**
 * Bets queue per market and are placed in groups: a group takes the queued bets of every
 * market (up to MAX_MARKET_BATCH a market and MAX_GROUP in all), takes
 * those markets' turns in id order and places them all in one transaction. A market whose
 * player is already in the group waits whole for the next group, so no player's wallet is
 * decided in two markets at once and each market keeps its order of arrival. `placeSingly`
 * places one bet the single way (and takes its own turn). The returned function submits a bet;
 * its `stats()` reads the batcher's counters (a copy).
 */
export function createBetBatcher(
  deps: ExchangeDeps & {
    inTurn: MarketTurns;
    log: Pick<FastifyBaseLogger, 'error'>;
    /** Counts the bet limit of the bets submitted uncounted, in their group's transaction. */
    limitInGroup?: TransactionLimit | null;
  },
  placeSingly: (player: Player, request: PlaceBetRequest, counted: boolean) => Promise<BetResult>,
) {
  // Markets in the order their first queued bet arrived.
  const queues = new Map<string, PendingBet[]>();
  const cache = createPositionCache();
  const stats = noStats();
  /**
   * One group is in flight at a time, on either store. Bets that arrive meanwhile join the next
   * one, and a bigger group costs less per bet than a second transaction: on PostgreSQL, flat out
   * with 50 players on 10 markets, one at a time served 1,926 and 1,924 bets/s, two 1,911 and
   * 1,849, four 1,662 and 1,677 (PostgreSQL's CPU per bet 0.69–0.74, 0.85–0.93 and 1.06–1.11 ms).
   * PGlite runs one transaction at a time anyway.
   */
  let running = false;
  let startPending = false;

  function single(pending: PendingBet): void {
    placeSingly(pending.player, pending.request, pending.counted).then(
      pending.resolve,
      pending.reject,
    );
  }

  /**
   * Sends the count of the group's uncounted bets' limit as the transaction's first statement;
   * answers the bets it refused. (None uncounted: nothing is sent.)
   */
  function countLimit(
    tx: Transaction,
    bets: readonly PendingBet[],
  ): Promise<Map<PendingBet, ApiError>> | null {
    const uncounted = bets.filter((pending) => !pending.counted);
    if (uncounted.length === 0) return null;
    const limit = deps.limitInGroup;
    // Never so when wired as bet-placement.ts wires it; the single way counts them instead.
    if (!limit) throw new Error('bets came uncounted with no limit to count them in');
    return limit
      .take(
        tx,
        uncounted.map((pending) => pending.player.id),
      )
      .then(
        (refusals) =>
          new Map(
            uncounted.flatMap((pending, i): [PendingBet, ApiError][] => {
              const refusal = refusals[i];
              return refusal ? [[pending, refusal]] : [];
            }),
          ),
      );
  }

  // Markets skipped while their turn was held, each to start the groups again once free.
  const waking = new Set<string>();

  function wakeWhenFree(marketId: string): void {
    if (waking.has(marketId)) return;
    waking.add(marketId);
    void deps
      .inTurn(marketId, () => Promise.resolve())
      .finally(() => {
        waking.delete(marketId);
        startGroups();
      });
  }

  /**
   * The next group from the queues, taken off them; empty when nothing can go now. A market
   * whose turn other work holds (a cancel, a bet handed to the single way, the market maker's
   * quotes) waits for a later group, started when its turn is free: a group waiting on it would
   * hold every other market's turn meanwhile.
   */
  function takeGroup(): MarketBatch[] {
    const batches: MarketBatch[] = [];
    const players = new Set<string>();
    let size = 0;
    for (const [marketId, queued] of queues) {
      if (deps.inTurn.busy(marketId)) {
        wakeWhenFree(marketId);
        continue;
      }
      const bets = queued.slice(0, MAX_MARKET_BATCH);
      const shares = bets.some((pending) => players.has(pending.player.id));
      if (batches.length > 0 && (shares || size + bets.length > MAX_GROUP)) continue;
      batches.push({ marketId, bets });
      for (const pending of bets) players.add(pending.player.id);
      size += bets.length;
      // Past the cap, the rest wait for a later group, still first in their market's line.
      if (queued.length > bets.length) queued.splice(0, bets.length);
      else queues.delete(marketId);
    }
    return batches.sort((a, b) => (a.marketId < b.marketId ? -1 : a.marketId > b.marketId ? 1 : 0));
  }

  /** Takes the turns of `marketIds` (in that order, one inside the other) and runs `work`. */
  function inTurns<T>(marketIds: readonly string[], work: () => Promise<T>): Promise<T> {
    const [first, ...rest] = marketIds;
    return first === undefined ? work() : deps.inTurn(first, () => inTurns(rest, work));
  }

  /** Places a group in one transaction; returns the bets it hands to the single way. */
  async function placeTogether(batches: readonly MarketBatch[]): Promise<PendingBet[]> {
    const book = bookOf(batches[0]?.bets[0]?.player ?? { demo: false });
    const mine = batches.map(({ marketId, bets }) => ({
      marketId,
      bets: bets.filter((p) => bookOf(p.player) === book),
    }));
    const others = batches.flatMap(({ bets }) => bets.filter((p) => bookOf(p.player) !== book));
    const all = batches.flatMap(({ bets }) => bets);
    let group: GroupOutcome;
    try {
      group = await deps.db.transaction(
        (tx) =>
          placeGroupInTransaction(
            deps,
            cache,
            tx,
            book,
            mine.filter(({ bets }) => bets.length > 0),
            countLimit(tx, all),
          ),
        HOT_PATH,
      );
    } catch (error) {
      // Nothing of the group was written: every bet goes the single way, which decides it
      // alone. A group should not fail, so one that does is logged with its cause and counted.
      for (const { marketId } of batches) cache.drop(marketId);
      stats.failures++;
      stats.handedOn.failure += all.length;
      deps.log.error(
        { err: error, marketIds: batches.map((b) => b.marketId), batchSize: all.length },
        'a bet batch failed; its bets go the single way',
      );
      return all;
    }
    const { outcome, announced, overLimit } = group;
    try {
      await announced;
    } catch (error) {
      // Committed all the same: only the players' figures pushed from its rows are missing.
      deps.log.error({ err: error }, 'the figures of a committed bet group were not announced');
    }
    // Committed: the group counted every bet's use of the limit.
    for (const pending of all) pending.counted = true;
    const decisions = [...outcome.values()];
    const placed = decisions.reduce((sum, decided) => sum + decided.placed.length, 0);
    await deps.failpoint?.('after-commit', placed);
    stats.batches++;
    stats.placed += placed;
    for (const [pending, refusal] of overLimit) pending.reject(refusal);
    stats.refused += overLimit.size;
    const singles = others.filter((pending) => !overLimit.has(pending));
    stats.handedOn.book += singles.length;
    for (const [marketId, decided] of outcome) {
      stats.refused += decided.refused.length;
      for (const { reason } of decided.single) stats.handedOn[reason]++;
      const { kept } = decided;
      if (kept) cache.store(marketId, kept.version, kept.basedOn, kept.positions, kept.forget);
      else cache.drop(marketId);
      for (const { pending } of decided.placed) {
        const result = decided.results.get(pending);
        if (result) pending.resolve(result);
        else pending.reject(new Error('a placed batch bet has no result'));
      }
      for (const { pending, error } of decided.refused) pending.reject(error);
      singles.push(...decided.single.map(({ pending }) => pending));
      if (decided.placed.length === 0) continue;
      // The group has committed: a failing push must not strand the bets still to place.
      try {
        deps.onChange({ marketId, book });
      } catch (error) {
        deps.log.error({ err: error, marketId }, 'the pushes after a bet batch failed');
      }
    }
    return singles;
  }

  async function runGroup(batches: readonly MarketBatch[]): Promise<void> {
    const singles = await inTurns(
      batches.map((b) => b.marketId),
      () => placeTogether(batches),
    );
    for (const pending of singles) single(pending);
  }

  function startGroups(): void {
    startPending = false;
    if (running) return;
    const batches = takeGroup();
    if (batches.length === 0) return;
    running = true;
    runGroup(batches)
      .catch((error: unknown) =>
        deps.log.error(
          { err: error, marketIds: batches.map((b) => b.marketId) },
          'a bet group stopped',
        ),
      )
      .finally(() => {
        running = false;
        startGroups();
      });
  }

  /** `counted`: the bet's use of the limit is counted already; else its group counts it. */
  function submit(
    player: Player,
    request: PlaceBetRequest,
    priceTick: number,
    counted: boolean,
  ): Promise<BetResult> {
    return new Promise<BetResult>((resolve, reject) => {
      const pending: PendingBet = { player, request, priceTick, counted, resolve, reject };
      const queue = queues.get(request.marketId);
      if (queue) queue.push(pending);
      else queues.set(request.marketId, [pending]);
      if (running || startPending) return;
      // A group starts once the requests already under way reach their queues, not at once:
      // bets submitted together go in one group. On PGlite that is after the requests already
      // read off the sockets (a group runs in the engine without yielding, so bets read while
      // it ran would otherwise each find it free and go one a group); on PostgreSQL, after
      // the bets of this turn of the event loop, as bets queue while a group waits for the
      // server anyway.
      startPending = true;
      if (deps.db.kind === 'pglite') setImmediate(startGroups);
      else queueMicrotask(startGroups);
    });
  }

  return Object.assign(submit, {
    stats: (): BatchStats => ({ ...stats, handedOn: { ...stats.handedOn } }),
  });
}

export type BetBatcher = ReturnType<typeof createBetBatcher>;
