/**
 * Placing and cancelling players' bets. A placement runs in one transaction under the market's
 * row lock: checked (market, runner, sport, price ladder, stake limits, status), matched, the
 * bet and its fills written, and every position it touched re-held in the ledger (the player's
 * hold can grow only while available balance covers it and the market's liability limit
 * allows; the makers' can only shrink). Any refusal rolls everything back. In play, the first
 * try stops at the checks, the bet delay is waited out with no lock held, and the second try
 * refuses the bet if the market was suspended meanwhile.
 *
 * Round trips are few on purpose (each costs a network write both ways): BEGIN, one statement
 * that locks the market and reads everything else, one that writes the bet, its fills and its
 * ledger hold, COMMIT. The player's new position is the one read plus this bet's fills and
 * rest, so it is not read again. This is the one-by-one way; bets enter through
 * bet-placement.ts, where the batcher (batch-placement.ts) places queued bets together in groups
 * of markets, and those a batch cannot decide come here.
 */
import type { Bet, BetResult, PlaceBetRequest } from '@backlay/contract/bets';
import { priceToTick, tickToPrice } from '@backlay/exchange/ladder';
import { fromMinorUnits, toMinorUnits } from '@backlay/exchange/money';
import { reHold, type ReHold } from '@backlay/exchange/position';
import type { Database, Queryable } from '../../db/database';
import type { Player } from '../../http/api-route';
import {
  bookOf,
  ledgerAfterWrites,
  moveExposure,
  toMinor,
  type Book,
  type EmbedLedgerCall,
} from '../wallet';
import { bettingRulesOf, findUserById, sportFlagsOf } from '../account';
import { maySeeSport, type BetLimits, type DomainRules } from '../brands';
import { lossLimitBreach } from '../responsible-gambling';
import { betRefused } from './bet-refusal';
import { settledResultSince } from './settled-results';
import type { MarketTurns } from './market-turns';
import type { BetGroupFailpoint } from './failpoint';
import { BET_COLUMNS, BET_SOURCES, toBet, walletFigures, type BetRow } from './bet-views';
import {
  lockAndReadStatement,
  lockedReadOf,
  type LockedRow,
  lockMarketRow,
  type LockedRead,
  type MarketRow,
} from './market-rows';
import {
  fromWireSide,
  matchOrders,
  orderFlowWrites,
  writeOrderFlow,
  RESTING_JSON_SQL,
  restingFromRows,
  type NewOrder,
} from './order-flow';
import {
  addTaking,
  exposureKey,
  loadPosition,
  POSITION_JSON_SQL,
  positionFromJson,
  type Position,
  syncExposure,
  type Owner,
  type PositionRow,
} from './positions';

/**
 * What changed, for the real-time pushes after commit: a market's prices in one book. (The
 * players' new balances are announced by the wallet itself.)
 */
export interface ExchangeChange {
  marketId: string;
  book: Book;
}

export interface ExchangeDeps {
  db: Database;
  rules: DomainRules;
  /** Waits out an in-play bet delay; tests pass a fake. */
  sleep: (ms: number) => Promise<void>;
  onChange: (change: ExchangeChange) => void;
  /** Takes turns per market in this process before touching the database (market-turns.ts). */
  inTurn?: MarketTurns;
  /** Crash tests only: called at a bet group's COMMIT (failpoint.ts). */
  failpoint?: BetGroupFailpoint;
}

const UNIQUE_VIOLATION = '23505';

export function ownerOf(player: Player): Owner {
  return { ownerId: player.id, domain: player.domain, book: bookOf(player), isHouse: false };
}

/** Only an open market takes bets. */
export function assertOpen(market: MarketRow): void {
  if (market.status === 'SUSPENDED') throw betRefused('MARKET_SUSPENDED');
  if (market.status !== 'OPEN') throw betRefused('MARKET_CLOSED');
}

/** The brand must show the market's sport, and the player's own switches allow it. */
export function assertSportAllowed(deps: ExchangeDeps, player: Player, market: MarketRow): void {
  const playerFlags = player.sports;
  if (
    !playerFlags ||
    !maySeeSport(deps.rules.sportFlags(player.domain), playerFlags, market.sportId)
  ) {
    throw betRefused('SPORT_NOT_ALLOWED');
  }
}

/** A hold may grow only while the market's liability limit allows the new exposure. */
export function assertLiabilityAllowed(hold: ReHold, limits: BetLimits): void {
  if (hold.deltaMinor > 0 && hold.exposureMinor > limits.maxLiabilityMinor) {
    throw betRefused(
      'LIABILITY_ABOVE_MAX',
      `This bet would take your liability on the market to ₹${fromMinorUnits(hold.exposureMinor)}, above its ₹${fromMinorUnits(limits.maxLiabilityMinor)} limit.`,
    );
  }
}

/**
 * A player with a loss limit: refuses what takes settled losses plus open liability past it.
 * Called after the hold moved, whose locks on the player's accounts keep their other bets
 * waiting.
 */
export async function assertWithinLossLimit(
  tx: Queryable,
  player: Player,
  now: Date,
): Promise<void> {
  if (!player.betting?.lossLimited) return;
  const breach = await lossLimitBreach(tx, player, settledResultSince, now);
  if (breach) throw betRefused('LOSS_LIMIT', breach);
}

async function resultOf(db: Queryable, player: Player, betId: number): Promise<BetResult> {
  const [row] = await db.query<
    BetRow & { cash_minor: string | null; exposure_minor: string | null }
  >(
    `SELECT (SELECT balance_minor FROM ledger_accounts WHERE domain = $2 AND owner_id = $3
        AND book = $4 AND kind = 'player_cash') AS cash_minor,
      (SELECT balance_minor FROM ledger_accounts WHERE domain = $2 AND owner_id = $3
        AND book = $4 AND kind = 'player_exposure') AS exposure_minor,
      ${BET_COLUMNS}
     FROM ${BET_SOURCES}
     WHERE b.id = $1`,
    [betId, player.domain, player.id, bookOf(player)],
  );
  if (!row) throw new Error(`bet ${betId} vanished`);
  return {
    bet: toBet(row),
    ...walletFigures(toMinor(row.cash_minor ?? 0), toMinor(row.exposure_minor ?? 0)),
  };
}

/** The answer to a replayed idempotency key: the bet it placed, or a conflict. */
async function replay(
  db: Queryable,
  player: Player,
  request: PlaceBetRequest,
  betId: number | null,
): Promise<BetResult | null> {
  let id = betId;
  if (id === null) {
    const [found] = await db.query<{ id: string }>(
      'SELECT id FROM bets WHERE owner_id = $1 AND idempotency_key = $2',
      [player.id, request.idempotencyKey],
    );
    if (!found) return null;
    id = Number(found.id);
  }
  const result = await resultOf(db, player, id);
  const { bet } = result;
  const tick = priceToTick(request.price);
  const same =
    bet.marketId === request.marketId &&
    bet.runnerId === request.runnerId &&
    bet.side === request.side &&
    tick !== undefined &&
    bet.price === tickToPrice(tick) &&
    toMinorUnits(bet.stake) === toMinorUnits(request.stake);
  if (!same) throw betRefused('IDEMPOTENCY_CONFLICT');
  return result;
}

/** Whether a statement failed on a unique key: an idempotency key used by a parallel request. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;
}

interface PlacementReads {
  bet_ids: string[];
  replay_id: string | null;
  now: Date;
  resting: Parameters<typeof restingFromRows>[0];
  position: PositionRow[];
  cash_minor: string | null;
  exposure_minor: string | null;
}

/**
 * What a placement reads besides the market, all in the statement that locks the market: a new
 * bet id, the bet already placed under the idempotency key, the resting orders it could match in
 * the player's book, the player's position and hold on the market, and their cash and exposure.
 * Parameters: $1 market, $2 owner, $3 key, $4 book, $5 runner, $6 domain, $7 side, $8 tick.
 */
const PLACEMENT_READS = `
  ARRAY(SELECT nextval(pg_get_serial_sequence('bets', 'id'))) AS bet_ids,
  (SELECT b.id FROM bets b WHERE b.owner_id = $2::uuid AND b.idempotency_key = $3::text)
    AS replay_id,
  now() AS now,
  ${RESTING_JSON_SQL(
    '$1',
    '$4::text',
    'ARRAY[$5::int]',
    "ARRAY[CASE WHEN $7::text = 'BACK' THEN $8::int END]",
    "ARRAY[CASE WHEN $7::text = 'LAY' THEN $8::int END]",
  )} AS resting,
  ${POSITION_JSON_SQL('$1', 'ARRAY[$2::uuid]', 'ARRAY[$6::text]', '$4::text')} AS position,
  (SELECT balance_minor FROM ledger_accounts WHERE domain = $6::text AND owner_id = $2::uuid
     AND book = $4::text AND kind = 'player_cash') AS cash_minor,
  (SELECT balance_minor FROM ledger_accounts WHERE domain = $6::text AND owner_id = $2::uuid
     AND book = $4::text AND kind = 'player_exposure') AS exposure_minor`;

const PLACEMENT_STATEMENT = lockAndReadStatement(PLACEMENT_READS);

/** A placement's statements are lookups by key (see TransactionOptions). */
export const HOT_PATH = { lookupsByKey: true } as const;

type Attempt =
  | { kind: 'placed'; result: BetResult }
  | { kind: 'replay'; betId: number }
  | { kind: 'wait'; seconds: number; suspensions: number };

/** A bet just placed, as the player sees it, from what the placement knows. */
export function newBetView(
  market: MarketRow,
  request: PlaceBetRequest,
  placed: {
    betId: number;
    priceTick: number;
    stakeMinor: number;
    matchedMinor: number;
    killedMinor: number;
    matchedValue: number;
    placedAt: Date;
  },
): Bet {
  return toBet({
    id: String(placed.betId),
    market_id: market.id,
    market_name: market.name,
    market_type: market.type,
    market_line: market.line === null ? null : String(market.line),
    market_status: market.status,
    winner_runner_id: null,
    event_id: String(market.eventId),
    event_name: market.eventName,
    event_external_id: market.eventExternalId,
    sport_id: market.sportId,
    runner_id: request.runnerId,
    runner_name: market.runners.find((r) => r.id === request.runnerId)?.name ?? '',
    side: request.side,
    price_tick: placed.priceTick,
    stake_minor: String(placed.stakeMinor),
    matched_minor: String(placed.matchedMinor),
    cancelled_minor: String(placed.killedMinor),
    matched_value: String(placed.matchedValue),
    lapsed: false,
    keep_in_play: request.keepInPlay ?? false,
    placed_at: placed.placedAt,
    profit_minor: null,
    settled_at: null,
    result_runs: null,
  });
}

/**
 * The most one bet of a player may stake: the brand's limit, or the player's own (set by an
 * operator) where that is lower (`own`).
 */
export function maxStakeFor(
  player: Pick<Player, 'betting'>,
  brandMaxMinor: number,
): { minor: number; own: boolean } {
  const ownMinor = player.betting?.maxStakeMinor ?? null;
  return ownMinor !== null && ownMinor < brandMaxMinor
    ? { minor: ownMinor, own: true }
    : { minor: brandMaxMinor, own: false };
}

/** Checks that need the market and no lock: runner, sport, stake limits, status. */
export function checkBet(
  deps: ExchangeDeps,
  player: Player,
  market: MarketRow,
  request: Pick<PlaceBetRequest, 'runnerId'>,
  stakeMinor: number,
) {
  if (!market.runners.some((runner) => runner.id === request.runnerId)) {
    throw betRefused('UNKNOWN_RUNNER');
  }
  assertSportAllowed(deps, player, market);
  const limits = deps.rules.limits(player.domain, market.sportId, market.type);
  const maxStake = maxStakeFor(player, limits.maxStakeMinor);
  if (maxStake.own && stakeMinor > maxStake.minor) {
    throw betRefused(
      'STAKE_ABOVE_MAX',
      `The maximum stake on your account is ₹${fromMinorUnits(maxStake.minor)}.`,
    );
  }
  if (stakeMinor < limits.minStakeMinor) {
    throw betRefused(
      'STAKE_BELOW_MIN',
      `The minimum stake here is ₹${fromMinorUnits(limits.minStakeMinor)}.`,
    );
  }
  if (stakeMinor > limits.maxStakeMinor) {
    throw betRefused(
      'STAKE_ABOVE_MAX',
      `The maximum stake here is ₹${fromMinorUnits(limits.maxStakeMinor)}.`,
    );
  }
  assertOpen(market);
  return limits;
}

/**
 * One try at placing, in a transaction that starts by locking the market and reading everything
 * else: check, match, write, hold. In play with a delay, the first try stops after the checks
 * and asks to wait; the second, after the wait, refuses the bet if the market was suspended
 * meanwhile.
 */
async function attemptPlacement(
  deps: ExchangeDeps,
  tx: Queryable,
  locked: LockedRead<PlacementReads> | undefined,
  player: Player,
  request: PlaceBetRequest,
  priceTick: number,
  waited: { suspensions: number } | null,
): Promise<Attempt> {
  const owner = ownerOf(player);
  const stakeMinor = toMinorUnits(request.stake);
  if (locked?.reads.replay_id != null)
    return { kind: 'replay', betId: Number(locked.reads.replay_id) };
  if (!locked) throw betRefused('UNKNOWN_MARKET');
  const { market } = locked;
  const limits = checkBet(deps, player, market, request, stakeMinor);
  // The player's brand sets the delay (betting rules per domain and sport), not the market.
  if (market.inPlay && limits.betDelaySeconds > 0) {
    if (!waited) {
      return { kind: 'wait', seconds: limits.betDelaySeconds, suspensions: market.suspensions };
    }
    if (market.suspensions !== waited.suspensions) throw betRefused('SUSPENDED_DURING_DELAY');
  }
  // Reads from a snapshot older than the lock are read again, now that the lock is held.
  const read = locked.current
    ? locked.reads
    : (
        await tx.query<PlacementReads>(
          `SELECT ${PLACEMENT_READS}`,
          placementParams(player, request),
        )
      )[0];
  if (!read) throw new Error('the placement read returned nothing');
  const order: NewOrder = {
    owner,
    runnerId: request.runnerId,
    side: fromWireSide(request.side),
    priceTick,
    stakeMinor,
    keepInPlay: request.keepInPlay ?? false,
    idempotencyKey: request.idempotencyKey,
  };
  const betId = Number(read.bet_ids[0]);
  const flow = matchOrders(
    new Map([[request.runnerId, restingFromRows(read.resting, owner.book)]]),
    [order],
    [betId],
    market.fillOrKill,
  );
  const placed = flow.placed[0];
  if (!placed) throw new Error('the order was not placed');
  if (market.fillOrKill && placed.matchedMinor === 0) throw betRefused('NOT_MATCHED');

  // The player's position after the bet: as read, plus its fills and its resting rest. A bet
  // that matched the player's own resting order also changed that order: then the position is
  // read again once the bet is written (rare, so the usual path keeps its round trips).
  const selfMatched = flow.makers.has(owner.ownerId);
  let position: Position & { heldMinor: number };
  if (selfMatched) {
    await writeOrderFlow(tx, market.id, owner.book, flow);
    const { heldMinor } = positionFromJson(read.position);
    position = { ...(await loadPosition(tx, market.id, owner.ownerId)), heldMinor };
  } else {
    position = positionFromJson(read.position);
    addTaking(position, order, flow.fills, stakeMinor - placed.matchedMinor - placed.killedMinor);
  }
  const runnerIds = market.runners.map((runner) => runner.id);
  const hold = reHold(runnerIds, position, position.heldMinor);
  assertLiabilityAllowed(hold, limits);
  const delta = hold.deltaMinor;
  // The bet, its fills and its hold in one statement (unless already written above).
  if (delta === 0) {
    if (!selfMatched) await writeOrderFlow(tx, market.id, owner.book, flow);
  } else {
    const movement = {
      domain: owner.domain,
      ownerId: owner.ownerId,
      book: owner.book,
      deltaMinor: delta,
      reference: market.id,
      idempotencyKey: exposureKey(`bet:${betId}`, owner.ownerId),
    };
    const withWrites: EmbedLedgerCall = (call) =>
      selfMatched
        ? call
        : ledgerAfterWrites(
            (first) => orderFlowWrites(market.id, owner.book, flow, first),
            call,
            '*',
          );
    const moved = await moveExposure(tx, movement, withWrites);
    if (moved.status === 'insufficient_funds') throw betRefused('INSUFFICIENT_FUNDS');
    if (moved.status !== 'ok') throw new Error(`the bet's hold failed: ${moved.status}`);
    await assertWithinLossLimit(tx, player, new Date(read.now));
  }

  // A fill only lowers a maker's exposure. Players get theirs released at once; the market
  // maker's waits for its next requote or the settlement, which re-hold it anyway.
  const makers = [...flow.makers.values()].filter(
    (maker) => maker.ownerId !== owner.ownerId && !maker.isHouse,
  );
  for (const maker of makers) {
    await syncExposure(tx, { id: market.id, runnerIds }, maker, `fill:${betId}`);
  }

  const wallet = walletFigures(
    toMinor(read.cash_minor ?? 0) - delta,
    toMinor(read.exposure_minor ?? 0) + delta,
  );
  const bet = newBetView(market, request, {
    betId,
    priceTick,
    stakeMinor,
    matchedMinor: placed.matchedMinor,
    killedMinor: placed.killedMinor,
    matchedValue: flow.takerMatched.get(betId)?.value ?? 0,
    placedAt: new Date(read.now),
  });
  return {
    kind: 'placed',
    result: { bet, ...wallet },
  };
}

/**
 * The player with their own sport switches and betting rules, read once when the caller did not
 * read them with the player (the bearer check does). No such player: neither, and every check
 * that needs them refuses.
 */
export async function withPlayerRules(db: Queryable, player: Player): Promise<Player> {
  if (player.sports && player.betting) return player;
  const user = await findUserById(db, player.domain, player.id);
  return user ? { ...player, sports: sportFlagsOf(user), betting: bettingRulesOf(user) } : player;
}

/** Places one bet in a transaction of its own (in turn on its market, when turns are kept). */
export async function placeSingly(
  deps: ExchangeDeps,
  known: Player,
  request: PlaceBetRequest,
  priceTick: number,
): Promise<BetResult> {
  const player = known;
  let waited: { suspensions: number } | null = null;
  for (;;) {
    let attempt: Attempt;
    try {
      const once = () =>
        deps.db.transaction(async (tx) => {
          const [row] = await tx.query<LockedRow<PlacementReads>>(
            PLACEMENT_STATEMENT,
            placementParams(known, request),
          );
          return attemptPlacement(deps, tx, lockedReadOf(row), known, request, priceTick, waited);
        }, HOT_PATH);
      attempt = await (deps.inTurn ? deps.inTurn(request.marketId, once) : once());
    } catch (error) {
      // The same key placed meanwhile by a parallel request: answer as a replay.
      if (isUniqueViolation(error)) {
        const raced = await replay(deps.db, player, request, null);
        if (raced) return raced;
      }
      throw error;
    }
    switch (attempt.kind) {
      case 'replay': {
        const earlier = await replay(deps.db, player, request, attempt.betId);
        if (earlier) return earlier;
        throw new Error('a replayed bet vanished');
      }
      case 'wait':
        await deps.sleep(attempt.seconds * 1000);
        waited = { suspensions: attempt.suspensions };
        continue;
      case 'placed':
        deps.onChange({ marketId: request.marketId, book: bookOf(player) });
        return attempt.result;
    }
  }
}

function placementParams(player: Player, request: PlaceBetRequest): unknown[] {
  return [
    request.marketId,
    player.id,
    request.idempotencyKey,
    bookOf(player),
    request.runnerId,
    player.domain,
    request.side,
    priceToTick(request.price) ?? -1,
  ];
}

/** Takes the unmatched rest of one of the player's bets off the book and releases its hold. */
export async function cancelBet(
  deps: ExchangeDeps,
  player: Player,
  betId: number,
): Promise<BetResult> {
  const owner = ownerOf(player);
  const [found] = await deps.db.query<{ owner_id: string; market_id: string }>(
    'SELECT owner_id, market_id FROM bets WHERE id = $1',
    [betId],
  );
  // Another player's bet is answered exactly like one that does not exist.
  if (!found || found.owner_id !== player.id) throw betRefused('UNKNOWN_BET');
  const cancel = () =>
    deps.db.transaction(async (tx) => {
      const market = await lockMarketRow(tx, found.market_id);
      if (!market) throw new Error(`the market of bet ${betId} vanished`);
      const [cancelled] = await tx.query<{ id: string }>(
        `UPDATE bets SET cancelled_minor = stake_minor - matched_minor
       WHERE id = $1 AND matched_minor + cancelled_minor < stake_minor
       RETURNING id`,
        [betId],
      );
      if (!cancelled) throw betRefused('NOTHING_TO_CANCEL');
      await syncExposure(
        tx,
        { id: market.id, runnerIds: market.runners.map((runner) => runner.id) },
        owner,
        `cancel:${betId}`,
      );
      return resultOf(tx, player, betId);
    });
  const result = await (deps.inTurn ? deps.inTurn(found.market_id, cancel) : cancel());
  deps.onChange({ marketId: found.market_id, book: owner.book });
  return result;
}
