/**
 * Placing and cancelling players' bets. A placement runs in one transaction under the market's
 * row lock: checked (market, runner, sport, price ladder, stake limits, status), matched, the
 * bet and its fills written, and every position it touched re-held in the ledger (the player's
 * hold can grow only while available balance covers it and the market's liability limit
 * allows; the makers' can only shrink). Any refusal rolls everything back. In play, the first
 * try stops at the checks, the bet delay is waited out with no lock held, and the second try
 * refuses the bet if the market was suspended meanwhile.
 *
 * Round trips are few on purpose (each costs a network write both ways): lock, one read of
 * everything else, one write of bets and fills, the ledger hold, commit. The player's new
 * position is the one read plus this bet's fills and rest, so it is not read again.
 */
import type { BetResult, PlaceBetRequest } from '@backlay/contract/bets';
import type { SportFlags } from '@backlay/contract/sports';
import { priceToTick, tickToPrice } from '@backlay/exchange/ladder';
import { exposureMinor } from '@backlay/exchange/position';
import type { Database, Queryable } from '../../db/database';
import type { Player } from '../../http/api-route';
import { bookOf } from '../account/demo-funds';
import { findUserById, sportFlagsOf } from '../account/users';
import type { DomainRules } from '../sports/domain-rules';
import { maySeeSport } from '../sports/domain-rules';
import { toMinor, type Book } from '../wallet/ledger';
import { betRefused } from './bet-refusal';
import { BET_SELECT, rupees, toBet, type BetRow } from './bet-views';
import { lockMarketRow, type MarketRow } from './market-rows';
import {
  matchOrders,
  RESTING_JSON_SQL,
  restingFromRows,
  writeOrderFlow,
  type NewOrder,
} from './order-flow';
import {
  exposureKey,
  POSITION_JSON_SQL,
  positionFromJson,
  syncExposure,
  type Owner,
  type PositionRow,
} from './positions';
import { holdExposure, releaseExposure } from '../wallet/wallet-movements';

/** What changed, for the real-time pushes after commit. */
export interface ExchangeChange {
  marketId: string;
  book: Book;
  /** Players (not the house) whose balance or exposure moved. */
  players: { domain: string; ownerId: string }[];
}

export interface ExchangeDeps {
  db: Database;
  rules: DomainRules;
  /** Waits out an in-play bet delay; tests pass a fake. */
  sleep: (ms: number) => Promise<void>;
  onChange: (change: ExchangeChange) => void;
}

const UNIQUE_VIOLATION = '23505';

function ownerOf(player: Player): Owner {
  return { ownerId: player.id, domain: player.domain, book: bookOf(player), isHouse: false };
}

function assertOpen(market: MarketRow): void {
  if (market.status === 'SUSPENDED') throw betRefused('MARKET_SUSPENDED');
  if (market.status !== 'OPEN') throw betRefused('MARKET_CLOSED');
}

async function resultOf(db: Queryable, player: Player, betId: number): Promise<BetResult> {
  const [row] = await db.query<
    BetRow & { cash_minor: string | null; exposure_minor: string | null }
  >(
    `${BET_SELECT.replace(
      'SELECT b.id,',
      `SELECT (SELECT balance_minor FROM ledger_accounts WHERE domain = $2 AND owner_id = $3
          AND book = $4 AND kind = 'player_cash') AS cash_minor,
        (SELECT balance_minor FROM ledger_accounts WHERE domain = $2 AND owner_id = $3
          AND book = $4 AND kind = 'player_exposure') AS exposure_minor, b.id,`,
    )} WHERE b.id = $1`,
    [betId, player.domain, player.id, bookOf(player)],
  );
  if (!row) throw new Error(`bet ${betId} vanished`);
  const cash = toMinor(row.cash_minor ?? 0);
  const exposure = toMinor(row.exposure_minor ?? 0);
  return {
    bet: toBet(row),
    balance: rupees(cash + exposure),
    exposure: rupees(exposure),
    available: rupees(cash),
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
    Math.round(bet.stake * 100) === Math.round(request.stake * 100);
  if (!same) throw betRefused('IDEMPOTENCY_CONFLICT');
  return result;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;
}

interface PlacementRead {
  now: Date;
  resting: Parameters<typeof restingFromRows>[0];
  position: PositionRow[];
  cash_minor: string | null;
  exposure_minor: string | null;
}

/**
 * Everything a placement reads after the market lock, in one round trip (and so one snapshot
 * taken after the lock was granted): the runner's resting orders in the player's book, the
 * player's position and hold on the market, and their cash and exposure balances.
 */
async function readForPlacement(
  tx: Queryable,
  marketId: string,
  runnerId: number,
  owner: Owner,
): Promise<PlacementRead> {
  const [row] = await tx.query<PlacementRead>(
    `SELECT now() AS now, ${RESTING_JSON_SQL('$1', '$2', '$3')} AS resting,
       ${POSITION_JSON_SQL('$1', '$4::uuid', '$5', '$2')} AS position,
       (SELECT balance_minor FROM ledger_accounts
        WHERE domain = $5 AND owner_id = $4::uuid AND book = $2 AND kind = 'player_cash') AS cash_minor,
       (SELECT balance_minor FROM ledger_accounts
        WHERE domain = $5 AND owner_id = $4::uuid AND book = $2 AND kind = 'player_exposure')
         AS exposure_minor`,
    [marketId, owner.book, runnerId, owner.ownerId, owner.domain],
  );
  if (!row) throw new Error('the placement read returned nothing');
  return row;
}

type Attempt =
  | { kind: 'placed'; result: BetResult; makers: Owner[] }
  | { kind: 'replay'; betId: number }
  | { kind: 'wait'; seconds: number; suspensions: number };

/** Checks that need the market and no lock: runner, sport, stake limits, status. */
function checkBet(
  deps: ExchangeDeps,
  player: Player,
  market: MarketRow,
  request: PlaceBetRequest,
  stakeMinor: number,
) {
  if (!market.runners.some((runner) => runner.id === request.runnerId)) {
    throw betRefused('UNKNOWN_RUNNER');
  }
  const playerFlags = player.sports;
  if (
    !playerFlags ||
    !maySeeSport(deps.rules.sportFlags(player.domain), playerFlags, market.sportId)
  ) {
    throw betRefused('SPORT_NOT_ALLOWED');
  }
  const limits = deps.rules.limits(player.domain, market.sportId, market.type);
  if (stakeMinor < limits.minStakeMinor) {
    throw betRefused(
      'STAKE_BELOW_MIN',
      `The minimum stake here is ₹${rupees(limits.minStakeMinor)}.`,
    );
  }
  if (stakeMinor > limits.maxStakeMinor) {
    throw betRefused(
      'STAKE_ABOVE_MAX',
      `The maximum stake here is ₹${rupees(limits.maxStakeMinor)}.`,
    );
  }
  assertOpen(market);
  return limits;
}

/**
 * One try at placing: lock the market, check, read, match, write, hold. In play with a delay,
 * the first try stops before reading and asks to wait; the second, after the wait, refuses the
 * bet if the market was suspended meanwhile.
 */
async function attemptPlacement(
  deps: ExchangeDeps,
  tx: Queryable,
  player: Player,
  request: PlaceBetRequest,
  priceTick: number,
  waited: { suspensions: number } | null,
): Promise<Attempt> {
  const owner = ownerOf(player);
  const stakeMinor = Math.round(request.stake * 100);
  const market = await lockMarketRow(tx, request.marketId, {
    reserveBetIds: 1,
    replayOf: { ownerId: player.id, key: request.idempotencyKey },
  });
  if (market?.replayBetId != null) return { kind: 'replay', betId: market.replayBetId };
  if (!market) throw betRefused('UNKNOWN_MARKET');
  const limits = checkBet(deps, player, market, request, stakeMinor);
  if (market.inPlay && market.betDelaySeconds > 0) {
    if (!waited) {
      return { kind: 'wait', seconds: market.betDelaySeconds, suspensions: market.suspensions };
    }
    if (market.suspensions !== waited.suspensions) throw betRefused('SUSPENDED_DURING_DELAY');
  }

  const read = await readForPlacement(tx, market.id, request.runnerId, owner);
  const order: NewOrder = {
    owner,
    runnerId: request.runnerId,
    side: request.side === 'BACK' ? 'back' : 'lay',
    priceTick,
    stakeMinor,
    keepInPlay: request.keepInPlay ?? false,
    idempotencyKey: request.idempotencyKey,
  };
  const betId = market.betIds[0];
  if (betId === undefined) throw new Error('no bet id was reserved');
  const flow = matchOrders(
    new Map([[request.runnerId, restingFromRows(read.resting, owner.book)]]),
    [order],
    [betId],
    market.fillOrKill,
  );
  const placed = flow.placed[0];
  if (!placed) throw new Error('the order was not placed');
  if (market.fillOrKill && placed.matchedMinor === 0) throw betRefused('NOT_MATCHED');
  await writeOrderFlow(tx, market.id, owner.book, flow);

  // The player's position after the bet: as read, plus its fills and its resting rest.
  const position = positionFromJson(read.position);
  for (const fill of flow.fills) {
    position.matched.push({
      runnerId: fill.runnerId,
      side: order.side,
      priceTick: fill.priceTick,
      stakeMinor: fill.stakeMinor,
    });
  }
  const restMinor = stakeMinor - placed.matchedMinor - placed.killedMinor;
  if (restMinor > 0) {
    position.unmatched.push({ ...order, stakeMinor: restMinor });
  }
  const runnerIds = market.runners.map((runner) => runner.id);
  const exposure = exposureMinor(runnerIds, position.matched, position.unmatched);
  const delta = exposure - position.heldMinor;
  if (delta > 0 && exposure > limits.maxLiabilityMinor) {
    throw betRefused(
      'LIABILITY_ABOVE_MAX',
      `This bet would take your liability on the market to ₹${rupees(exposure)}, above its ₹${rupees(limits.maxLiabilityMinor)} limit.`,
    );
  }
  if (delta !== 0) {
    const movement = {
      domain: owner.domain,
      ownerId: owner.ownerId,
      book: owner.book,
      amountMinor: Math.abs(delta),
      reference: market.id,
      idempotencyKey: exposureKey(`bet:${betId}`, owner.ownerId),
    };
    const moved =
      delta > 0 ? await holdExposure(tx, movement) : await releaseExposure(tx, movement);
    if (moved.status === 'insufficient_funds') throw betRefused('INSUFFICIENT_FUNDS');
    if (moved.status !== 'ok') throw new Error(`the bet's hold failed: ${moved.status}`);
  }

  // A fill only lowers a maker's exposure. Players get theirs released at once; the market
  // maker's waits for its next requote or the settlement, which re-hold it anyway.
  const makers = [...flow.makers.values()].filter(
    (maker) => maker.ownerId !== owner.ownerId && !maker.isHouse,
  );
  for (const maker of makers) {
    await syncExposure(tx, { id: market.id, runnerIds }, maker, `fill:${betId}`);
  }

  const cash = toMinor(read.cash_minor ?? 0) - delta;
  const held = toMinor(read.exposure_minor ?? 0) + delta;
  const runner = market.runners.find((r) => r.id === request.runnerId);
  const bet = toBet({
    id: String(betId),
    market_id: market.id,
    market_name: market.name,
    market_type: market.type,
    market_status: market.status,
    winner_runner_id: null,
    event_id: String(market.eventId),
    event_name: market.eventName,
    sport_id: market.sportId,
    runner_id: request.runnerId,
    runner_name: runner?.name ?? '',
    side: request.side,
    price_tick: priceTick,
    stake_minor: String(stakeMinor),
    matched_minor: String(placed.matchedMinor),
    cancelled_minor: String(placed.killedMinor),
    matched_value: String(flow.takerMatched.get(betId)?.value ?? 0),
    lapsed: false,
    keep_in_play: order.keepInPlay,
    placed_at: new Date(read.now),
    profit_minor: null,
    settled_at: null,
  });
  return {
    kind: 'placed',
    makers,
    result: { bet, balance: rupees(cash + held), exposure: rupees(held), available: rupees(cash) },
  };
}

export async function placeBet(
  deps: ExchangeDeps,
  player: Player,
  request: PlaceBetRequest,
): Promise<BetResult> {
  const priceTick = priceToTick(request.price);
  if (priceTick === undefined) throw betRefused('PRICE_OFF_LADDER');
  const known = player.sports
    ? player
    : { ...player, sports: await sportFlagsFor(deps.db, player) };
  let waited: { suspensions: number } | null = null;
  for (;;) {
    let attempt: Attempt;
    try {
      attempt = await deps.db.transaction((tx) =>
        attemptPlacement(deps, tx, known, request, priceTick, waited),
      );
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
        deps.onChange({
          marketId: request.marketId,
          book: bookOf(player),
          players: [ownerOf(player), ...attempt.makers],
        });
        return attempt.result;
    }
  }
}

async function sportFlagsFor(db: Queryable, player: Player): Promise<SportFlags | undefined> {
  const user = await findUserById(db, player.domain, player.id);
  return user ? sportFlagsOf(user) : undefined;
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
  const result = await deps.db.transaction(async (tx) => {
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
  deps.onChange({ marketId: found.market_id, book: owner.book, players: [owner] });
  return result;
}
