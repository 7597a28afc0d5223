/**
 * Bets that arrive for one market while its turn is taken are placed together when the turn
 * comes: one market lock, one read of everything they need, one write of all their bets and
 * fills, one ledger movement per player, one commit. Under load most of a bet's time was its
 * wait behind the other bets of its market; together they share it.
 *
 * The batch takes only the bets it can decide exactly. A bet goes the single way
 * (placement.ts) when its key was used before or twice in the batch, when the market is in play
 * with a delay, or when its worst case (the player's exposure now plus the bet's own
 * liability) would pass the market's liability limit or the player's available balance: a
 * hedge near those limits needs the exact figure, which only the single way computes before it
 * writes. A player whose resting order is matched within the batch is re-held from the
 * database afterwards. If anything goes wrong, the whole batch rolls back and every bet goes
 * the single way, so a batch never decides differently from the single way. Such a failure is
 * logged and counted: the batcher's `stats()` tells how many batches ran, how many bets they
 * decided, how many they handed to the single way and why, and how many failed.
 *
 * The players' positions and holds a batch leaves are kept for the next batch on the market
 * (position-cache.ts), which reads only those of players it does not know, and uses the kept
 * ones only if the market's version says nothing else has changed the market since.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { BetResult, PlaceBetRequest } from '@backlay/contract/bets';
import { tickToPriceHundredths } from '@backlay/exchange/ladder';
import { layLiabilityMinor, toMinorUnits } from '@backlay/exchange/money';
import { exposureMinor, reHold } from '@backlay/exchange/position';
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { Player } from '../../http/api-route';
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
import { lockAndReadStatement, lockedReadOf, type LockedRow, type MarketRow } from './market-rows';
import type { MarketTurns } from './market-turns';
import {
  crossingBounds,
  fromWireSide,
  type CrossingBounds,
  MatchingSession,
  orderFlowWrites,
  writeOrderFlow,
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

/** At most this many bets share one transaction. */
const MAX_BATCH = 25;

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
 * Parameters: $1 market, $2 book, $3 owners, $4 their domains, $5 each bet's owner, $6 each
 * bet's key, $7 how many bet ids, $8–$10 the bets' CrossingBounds (runners, back-from ticks,
 * lay-to ticks), $11 and $12 the owners whose positions are read (the others' are kept in
 * this process: position-cache.ts) and their domains.
 */
const PLAYERS_ACCOUNTS = playerAccountsSql(
  '$3::uuid[]',
  '$4::text[]',
  '$2::text',
  "ARRAY['player_cash', 'player_exposure']",
);

const BATCH_READS = `
  ARRAY(SELECT nextval(pg_get_serial_sequence('bets', 'id'))
        FROM generate_series(1, $7::int)) AS bet_ids,
  now() AS now,
  (SELECT coalesce(json_agg(json_build_object('owner_id', k.owner_id, 'key', k.key)), '[]'::json)
   FROM unnest($5::uuid[], $6::text[]) AS k (owner_id, key)
   -- One probe of the key's index per bet (OFFSET 0: never a join over every bet).
   CROSS JOIN LATERAL (SELECT b.id FROM bets b
     WHERE b.owner_id = k.owner_id AND b.idempotency_key = k.key OFFSET 0) b) AS replays,
  ${RESTING_JSON_SQL('$1', '$2::text', '$8::int[]', '$9::int[]', '$10::int[]')} AS resting,
  ${POSITION_JSON_SQL('$1', '$11::uuid[]', '$12::text[]', '$2::text')} AS positions,
  -- The players' cash and exposure accounts, locked in id order now, before their holds move,
  -- and read as the lock returns them (the reads above may come from before the lock; the
  -- ledger checks funds again when it posts).
  (SELECT coalesce(json_agg(json_build_object('owner_id', l.owner_id, 'kind', l.kind,
     'id', l.id, 'balance_minor', l.balance_minor)), '[]'::json)
   FROM (
     SELECT l.owner_id, l.kind, l.id, l.balance_minor FROM ledger_accounts l
     WHERE l.id IN (SELECT a.id FROM ${PLAYERS_ACCOUNTS})
     ORDER BY l.id FOR NO KEY UPDATE OF l) l) AS balances`;

const BATCH_STATEMENT = lockAndReadStatement(BATCH_READS);

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

function batchParams(
  marketId: string,
  book: Book,
  bets: readonly PendingBet[],
  owners: ReadonlyMap<string, string>,
  bounds: CrossingBounds,
  known: KnownOwners | undefined,
): unknown[] {
  const unread = [...owners].filter(([ownerId]) => !known?.knows(ownerId));
  return [
    marketId,
    book,
    [...owners.keys()],
    [...owners.values()],
    bets.map((p) => p.player.id),
    bets.map((p) => p.request.idempotencyKey),
    bets.length,
    bounds.runnerIds,
    bounds.backFrom,
    bounds.layTo,
    unread.map(([ownerId]) => ownerId),
    unread.map(([, domain]) => domain),
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

/** Decides and writes one batch in the caller's transaction; throws to send it all singly. */
async function placeInTransaction(
  deps: ExchangeDeps,
  cache: PositionCache,
  tx: Queryable,
  marketId: string,
  book: Book,
  bets: readonly PendingBet[],
): Promise<Decided> {
  const decided: Decided = { placed: [], refused: [], single: [], results: new Map() };
  const bounds = boundsOf(bets);
  // Each player once, with their domain.
  const owners = new Map(bets.map((p) => [p.player.id, p.player.domain]));
  const known = cache.known(marketId);
  const params = batchParams(marketId, book, bets, owners, bounds, known);
  const [row] = await tx.query<LockedRow<BatchReads>>(BATCH_STATEMENT, params);
  const locked = lockedReadOf<BatchReads>(row);
  // In play, a bet whose brand sets a delay waits it out on the single path.
  const delayed = (pending: PendingBet, market: MarketRow) =>
    market.inPlay &&
    deps.rules.limits(pending.player.domain, market.sportId, market.type).betDelaySeconds > 0;
  if (!locked || bets.every((pending) => delayed(pending, locked.market))) {
    const reason = locked ? 'delay' : 'market';
    return { ...decided, single: bets.map((pending) => ({ pending, reason })) };
  }
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
  if (decided.placed.length === 0) {
    return { ...decided, kept: keptOf(wallets, lockedVersion, basedOn, []) };
  }

  // One ledger movement per player to their new exposure, posted in the statement that writes
  // the bets (their accounts were locked with the market). Players matched as makers (in this
  // batch or before it) are re-held from what the database then says.
  const marketRef = { id: market.id, runnerIds };
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
    });
  }
  if (moves.length === 0) {
    await writeOrderFlow(tx, market.id, book, session.result);
  } else {
    const statement = ledgerAfterWrites(
      (first) => orderFlowWrites(market.id, book, session.result, first),
      exposureMovesStatement(market.id, moves),
      EXPOSURE_MOVE_COLUMNS,
    );
    const rows = await tx.query<ExposureMoveRow>(statement.sql, statement.params);
    readExposureMoves(tx, rows, moves.length);
  }
  for (const wallet of wallets.values()) {
    if (!wallet.stale) continue;
    const change = await syncExposure(tx, marketRef, wallet.owner, `batch:${ids[0]}`);
    deltas.set(wallet.owner.ownerId, change.exposureMinor - change.heldBeforeMinor);
  }
  const batchOwners = new Set(wallets.keys());
  const outsideMakers = [...session.result.makers.values()].filter(
    (maker) => !maker.isHouse && !batchOwners.has(maker.ownerId),
  );
  for (const maker of outsideMakers) {
    await syncExposure(tx, marketRef, maker, `fill:${ids[0]}`);
  }

  const placedAt = new Date(reads.now);
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
  await deps.failpoint?.('before-commit', decided.placed.length);
  return { ...decided, kept: keptOf(wallets, lockedVersion, basedOn, outsideMakers) };
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
 * A queue per market: bets arriving while the market's turn is taken wait there and are placed
 * together. `placeSingly` places one bet the single way (and takes its own turn). The returned
 * function submits a bet; its `stats()` reads the batcher's counters (a copy).
 */
export function createBetBatcher(
  deps: ExchangeDeps & { inTurn: MarketTurns; log: Pick<FastifyBaseLogger, 'error'> },
  placeSingly: (player: Player, request: PlaceBetRequest) => Promise<BetResult>,
) {
  const queues = new Map<string, PendingBet[]>();
  const cache = createPositionCache();
  const stats = noStats();

  function single(pending: PendingBet): void {
    placeSingly(pending.player, pending.request).then(pending.resolve, pending.reject);
  }

  async function placeTogether(marketId: string, bets: PendingBet[]): Promise<PendingBet[]> {
    const book = bookOf(bets[0]?.player ?? { demo: false });
    const mine = bets.filter((p) => bookOf(p.player) === book);
    const others = bets.filter((p) => bookOf(p.player) !== book);
    let decided: Decided;
    try {
      decided = await deps.db.transaction(
        (tx) => placeInTransaction(deps, cache, tx, marketId, book, mine),
        HOT_PATH,
      );
    } catch (error) {
      // Nothing of the batch was written: every bet goes the single way, which decides it
      // alone. A batch should not fail, so one that does is logged with its cause and counted.
      cache.drop(marketId);
      stats.failures++;
      stats.handedOn.failure += bets.length;
      deps.log.error(
        { err: error, marketId, batchSize: bets.length },
        'a bet batch failed; its bets go the single way',
      );
      return bets;
    }
    await deps.failpoint?.('after-commit', decided.placed.length);
    stats.batches++;
    stats.placed += decided.placed.length;
    stats.refused += decided.refused.length;
    stats.handedOn.book += others.length;
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
    if (decided.placed.length > 0) {
      // The batch has committed: a failing push must not strand the bets still to place.
      try {
        deps.onChange({ marketId, book });
      } catch (error) {
        deps.log.error({ err: error, marketId }, 'the pushes after a bet batch failed');
      }
    }
    return [...others, ...decided.single.map(({ pending }) => pending)];
  }

  async function drain(marketId: string): Promise<void> {
    let singles: PendingBet[] = [];
    await deps.inTurn(marketId, async () => {
      const queued = queues.get(marketId) ?? [];
      queues.delete(marketId);
      const bets = queued.slice(0, MAX_BATCH);
      // Past the cap, the rest wait for the next turn.
      if (queued.length > MAX_BATCH) enqueueAll(marketId, queued.slice(MAX_BATCH));
      singles = await placeTogether(marketId, bets);
    });
    for (const pending of singles) single(pending);
  }

  function enqueueAll(marketId: string, bets: PendingBet[]): void {
    const queue = queues.get(marketId);
    if (queue) {
      queue.push(...bets);
      return;
    }
    queues.set(marketId, [...bets]);
    const start = () => {
      drain(marketId).catch((error: unknown) =>
        deps.log.error({ err: error, marketId }, 'a bet queue stopped draining'),
      );
    };
    // On PGlite the market's turn is taken after the requests already read off the sockets
    // reach their queues, not at once: a batch runs in the engine without yielding, so bets
    // read while it ran would otherwise each find the market free and go one a batch. On
    // PostgreSQL bets queue while a batch waits for the server, and the wait measured slower.
    if (deps.db.kind === 'pglite') setImmediate(start);
    else start();
  }

  function submit(player: Player, request: PlaceBetRequest, priceTick: number): Promise<BetResult> {
    return new Promise<BetResult>((resolve, reject) => {
      enqueueAll(request.marketId, [{ player, request, priceTick, resolve, reject }]);
    });
  }

  return Object.assign(submit, {
    stats: (): BatchStats => ({ ...stats, handedOn: { ...stats.handedOn } }),
  });
}

export type BetBatcher = ReturnType<typeof createBetBatcher>;
