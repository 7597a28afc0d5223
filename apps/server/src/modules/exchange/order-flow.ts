/**
 * Puts new orders on a market's books and writes what happened: the orders as bets, the fills,
 * and the makers' matched stakes. The caller holds the market's row lock (market-rows.ts), so
 * nobody else changes the book meanwhile.
 *
 * Matching itself is the pure price-time book of packages/exchange: the resting orders the new
 * orders could reach (per runner and money book, those at a crossing price) are replayed into it
 * in placement order, which cannot match anything (a stored book is never crossed), and then the
 * new orders are placed as takers. All writes happen at the end in one statement, however many
 * orders and fills.
 *
 * Three phases, so a caller that already read the resting orders (a placement reads them with
 * everything else it needs in one round trip) can skip the read: `loadCrossingOrders`,
 * `matchOrders` (pure) and `writeOrderFlow`; `placeOrders` runs all three.
 */
import { createOrderBook } from '@backlay/exchange/order-book';
import { tickToPriceHundredths } from '@backlay/exchange/ladder';
import type { BookEvent, OrderBook, Side } from '@backlay/exchange/order';
import type { Queryable } from '../../db/database';
import { toMinor, type Book } from '../wallet';
import type { Owner } from './positions';

export interface NewOrder {
  owner: Owner;
  runnerId: number;
  side: Side;
  priceTick: number;
  stakeMinor: number;
  keepInPlay: boolean;
  idempotencyKey: string | null;
}

export interface PlacedOrder {
  betId: number;
  order: NewOrder;
  matchedMinor: number;
  /** Taken off at once: the unmatched rest on a fill-or-kill market. */
  killedMinor: number;
}

export interface Fill {
  runnerId: number;
  backBetId: number;
  layBetId: number;
  priceTick: number;
  stakeMinor: number;
}

export interface OrderFlowResult {
  placed: PlacedOrder[];
  /** Owners of resting orders that were matched, by owner id. */
  makers: Map<string, Owner>;
  fills: Fill[];
  /** Matched stake and value (stake × price in hundredths) added to resting orders, by bet id. */
  makerUpdates: Map<number, { minor: number; value: number }>;
  /** The same for the new orders. */
  takerMatched: Map<number, { minor: number; value: number }>;
}

export interface RestingOrder {
  id: number;
  owner: Owner;
  side: Side;
  priceTick: number;
  remainingMinor: number;
  keepInPlay: boolean;
}

interface RestingRow {
  runner_id: number;
  id: string;
  owner_id: string;
  domain: string;
  is_house: boolean;
  side: 'BACK' | 'LAY';
  price_tick: number;
  remaining_minor: string | number;
  keep_in_play: boolean;
}

const toWireSide = (side: Side) => (side === 'back' ? 'BACK' : 'LAY');

/** A side as the contract and the bets table spell it, in the order book's words. */
export const fromWireSide = (side: 'BACK' | 'LAY'): Side => (side === 'BACK' ? 'back' : 'lay');

/** Per runner, the prices a set of takers reach: what bounds the resting orders they can match. */
export interface CrossingBounds {
  runnerIds: number[];
  /** The lowest tick a back taker asks on the runner (lays at it or above cross), or null. */
  backFrom: (number | null)[];
  /** The highest tick a lay taker offers on the runner (backs at it or below cross), or null. */
  layTo: (number | null)[];
}

export function crossingBounds(
  takers: readonly { runnerId: number; side: Side; priceTick: number }[],
): CrossingBounds {
  const byRunner = new Map<number, { backFrom: number | null; layTo: number | null }>();
  for (const { runnerId, side, priceTick } of takers) {
    const bounds = byRunner.get(runnerId) ?? { backFrom: null, layTo: null };
    if (side === 'back') bounds.backFrom = Math.min(bounds.backFrom ?? priceTick, priceTick);
    else bounds.layTo = Math.max(bounds.layTo ?? priceTick, priceTick);
    byRunner.set(runnerId, bounds);
  }
  return {
    runnerIds: [...byRunner.keys()],
    backFrom: [...byRunner.values()].map((b) => b.backFrom),
    layTo: [...byRunner.values()].map((b) => b.layTo),
  };
}

const RESTING = 'r.matched_minor + r.cancelled_minor < r.stake_minor';

/**
 * The SQL of the resting orders some takers could match, in placement order, as JSON
 * (`restingFromRows`): per runner, the lays at or above the lowest back price and the backs at
 * or below the highest lay price. Nothing else can take part in their matching, so a busy book
 * is never read whole for a few bets. The arguments are SQL expressions: the market, the book,
 * and three arrays in the order of CrossingBounds (runner ids, back-from ticks, lay-to ticks).
 */
export const RESTING_JSON_SQL = (
  market: string,
  book: string,
  runners: string,
  backFrom: string,
  layTo: string,
) => `
  (SELECT coalesce(json_agg(json_build_object('runner_id', b.runner_id, 'id', b.id,
     'owner_id', b.owner_id, 'domain', b.domain, 'is_house', b.is_house, 'side', b.side,
     'price_tick', b.price_tick, 'remaining_minor', b.stake_minor - b.matched_minor - b.cancelled_minor,
     'keep_in_play', b.keep_in_play) ORDER BY b.id), '[]'::json)
   FROM unnest(${runners}, ${backFrom}, ${layTo}) AS c (runner_id, back_from, lay_to)
   CROSS JOIN LATERAL (
     SELECT r.* FROM bets r
     WHERE r.market_id = ${market} AND r.book = ${book} AND r.runner_id = c.runner_id
       AND r.side = 'LAY' AND r.price_tick >= c.back_from AND ${RESTING}
     UNION ALL
     SELECT r.* FROM bets r
     WHERE r.market_id = ${market} AND r.book = ${book} AND r.runner_id = c.runner_id
       AND r.side = 'BACK' AND r.price_tick <= c.lay_to AND ${RESTING}
   ) b)`;

/** Resting orders read as rows or as RESTING_JSON_SQL's JSON. */
export function restingFromRows(rows: readonly RestingRow[], book: Book): RestingOrder[] {
  return rows.map((row) => ({
    id: Number(row.id),
    owner: { ownerId: row.owner_id, domain: row.domain, book, isHouse: row.is_house },
    side: fromWireSide(row.side),
    priceTick: row.price_tick,
    remainingMinor: toMinor(row.remaining_minor),
    keepInPlay: row.keep_in_play,
  }));
}

/** The resting orders the takers bounded by `bounds` could match, by runner, in placement order. */
export async function loadCrossingOrders(
  tx: Queryable,
  marketId: string,
  book: Book,
  bounds: CrossingBounds,
): Promise<Map<number, RestingOrder[]>> {
  const [row] = await tx.query<{ resting: RestingRow[] }>(
    `SELECT ${RESTING_JSON_SQL('$1', '$2::text', '$3::int[]', '$4::int[]', '$5::int[]')} AS resting`,
    [marketId, book, bounds.runnerIds, bounds.backFrom, bounds.layTo],
  );
  return restingByRunner(row?.resting ?? [], bounds.runnerIds, book);
}

/** RESTING_JSON_SQL's rows as each runner's resting orders (none for a runner without any). */
export function restingByRunner(
  rows: readonly RestingRow[],
  runnerIds: readonly number[],
  book: Book,
): Map<number, RestingOrder[]> {
  return new Map(
    runnerIds.map((runnerId) => [
      runnerId,
      restingFromRows(
        rows.filter((r) => r.runner_id === runnerId),
        book,
      ),
    ]),
  );
}

/** Replays resting orders into a fresh book; a stored book never crosses, so nothing matches. */
function bookOf(runnerId: number, resting: readonly RestingOrder[]): OrderBook {
  const orderBook = createOrderBook({ runnerId, minStakeMinor: 1 });
  const events: BookEvent[] = [];
  for (const order of resting) {
    const code = orderBook.place(
      {
        id: order.id,
        ownerId: order.owner.ownerId,
        side: order.side,
        priceTick: order.priceTick,
        stakeMinor: order.remainingMinor,
        persistence: order.keepInPlay ? 'keep' : 'lapse',
      },
      events,
    );
    if (code !== 'ok' || events.some((event) => event.type === 'matched')) {
      throw new Error(`the stored book of runner ${runnerId} is broken`);
    }
  }
  return orderBook;
}

/**
 * Orders matched one after another against the resting orders of their runners, collecting
 * what must be written. Pure: nothing is read or written here.
 */
export class MatchingSession {
  readonly result: OrderFlowResult = {
    placed: [],
    makers: new Map(),
    fills: [],
    makerUpdates: new Map(),
    takerMatched: new Map(),
  };
  private readonly books = new Map<number, OrderBook>();
  private readonly owners = new Map<string, Owner>();
  private readonly newIds = new Set<number>();

  /** `restingByRunner`: every runner an order will name, with its resting orders. */
  constructor(restingByRunner: ReadonlyMap<number, readonly RestingOrder[]>) {
    for (const [runnerId, resting] of restingByRunner) {
      for (const order of resting) this.owners.set(order.owner.ownerId, order.owner);
      this.books.set(runnerId, bookOf(runnerId, resting));
    }
  }

  /**
   * Places one order as taker. With `fillOrKill`, whatever does not match at once is taken
   * off again. Returns what it did, the fills it made, and the owners of the orders it matched,
   * new ones included.
   */
  place(
    order: NewOrder,
    betId: number,
    fillOrKill: boolean,
  ): { placed: PlacedOrder; makerOwnerIds: string[]; fills: Fill[] } {
    const { result } = this;
    const firstFill = result.fills.length;
    this.newIds.add(betId);
    this.owners.set(order.owner.ownerId, order.owner);
    const runnerBook = this.books.get(order.runnerId);
    if (!runnerBook) throw new Error(`the book of runner ${order.runnerId} was not read`);
    const events: BookEvent[] = [];
    const code = runnerBook.place(
      {
        id: betId,
        ownerId: order.owner.ownerId,
        side: order.side,
        priceTick: order.priceTick,
        stakeMinor: order.stakeMinor,
        persistence: order.keepInPlay ? 'keep' : 'lapse',
      },
      events,
    );
    if (code !== 'ok') throw new Error(`an order the caller validated was refused: ${code}`);
    let matchedMinor = 0;
    const makerOwnerIds: string[] = [];
    for (const event of events) {
      if (event.type !== 'matched') continue;
      matchedMinor += event.stakeMinor;
      const makerId = Number(event.makerOrderId);
      const value = event.stakeMinor * tickToPriceHundredths(event.priceTick);
      makerOwnerIds.push(String(event.makerOwnerId));
      // A new order matched by a later new order is updated as a taker, not a maker.
      if (this.newIds.has(makerId)) {
        addMatched(result.takerMatched, makerId, event.stakeMinor, value);
      } else {
        addMatched(result.makerUpdates, makerId, event.stakeMinor, value);
        const maker = this.owners.get(String(event.makerOwnerId));
        if (maker) result.makers.set(maker.ownerId, maker);
      }
      addMatched(result.takerMatched, betId, event.stakeMinor, value);
      const takerIsBack = order.side === 'back';
      result.fills.push({
        runnerId: order.runnerId,
        backBetId: takerIsBack ? betId : makerId,
        layBetId: takerIsBack ? makerId : betId,
        priceTick: event.priceTick,
        stakeMinor: event.stakeMinor,
      });
    }
    let killedMinor = 0;
    if (fillOrKill && matchedMinor < order.stakeMinor) {
      killedMinor = order.stakeMinor - matchedMinor;
      runnerBook.cancel(betId, []);
    }
    const placed = { betId, order, matchedMinor, killedMinor };
    result.placed.push(placed);
    return { placed, makerOwnerIds, fills: result.fills.slice(firstFill) };
  }

  /** Forgets the last order placed when it matched nothing and rests nowhere (killed whole). */
  forgetKilled(betId: number): void {
    const last = this.result.placed.at(-1);
    if (!last || last.betId !== betId || last.matchedMinor > 0 || last.killedMinor === 0) {
      throw new Error('only a wholly killed last order can be forgotten');
    }
    this.result.placed.pop();
  }
}

function addMatched(
  into: Map<number, { minor: number; value: number }>,
  id: number,
  minor: number,
  value: number,
): void {
  const sum = into.get(id) ?? { minor: 0, value: 0 };
  into.set(id, { minor: sum.minor + minor, value: sum.value + value });
}

/**
 * Matches `orders` as takers, in the given order, against the resting orders of their runners
 * (`restingByRunner`, every runner an order names). With `fillOrKill`, whatever does not match
 * at once is taken off again. Pure: nothing is written.
 */
export function matchOrders(
  restingByRunner: ReadonlyMap<number, readonly RestingOrder[]>,
  orders: readonly NewOrder[],
  ids: readonly number[],
  fillOrKill: boolean,
): OrderFlowResult {
  const session = new MatchingSession(restingByRunner);
  for (const [i, order] of orders.entries()) {
    const betId = ids[i];
    if (betId === undefined) throw new Error('an order without a reserved id');
    session.place(order, betId, fillOrKill);
  }
  return session.result;
}

/** The WITH parts of `orderFlowWrites` with their parameters numbered from `first`, by first. */
const orderFlowCtes = new Map<number, string>();

/** The parameter numbers of `orderFlowWrites` start at `first`: the nth is `$(first + n − 1)`. */
function orderFlowCtesFrom(first: number): string {
  let text = orderFlowCtes.get(first);
  if (text === undefined) {
    const p = (n: number) => `$${first + n - 1}`;
    text = `new_bets AS (
       INSERT INTO bets (id, market_id, runner_id, domain, book, owner_id, is_house, side,
         price_tick, stake_minor, matched_minor, matched_value, cancelled_minor, keep_in_play,
         idempotency_key)
       OVERRIDING SYSTEM VALUE
       SELECT u.id, u.market_id, u.runner_id, u.domain, ${p(2)}, u.owner_id, u.is_house, u.side,
         u.price_tick, u.stake_minor, u.matched_minor, u.matched_value, u.killed_minor,
         u.keep_in_play, u.key
       FROM unnest(${p(1)}::text[], ${p(3)}::bigint[], ${p(4)}::int[], ${p(5)}::text[],
         ${p(6)}::uuid[], ${p(7)}::boolean[], ${p(8)}::text[], ${p(9)}::smallint[],
         ${p(10)}::bigint[], ${p(11)}::bigint[], ${p(12)}::bigint[], ${p(13)}::bigint[],
         ${p(14)}::boolean[], ${p(15)}::text[])
         AS u (market_id, id, runner_id, domain, owner_id, is_house, side, price_tick,
           stake_minor, matched_minor, matched_value, killed_minor, keep_in_play, key)
       RETURNING id
     ), matched_makers AS (
       UPDATE bets b
       SET matched_minor = b.matched_minor + u.minor, matched_value = b.matched_value + u.value
       FROM unnest(${p(16)}::bigint[], ${p(17)}::bigint[], ${p(18)}::bigint[])
         AS u (id, minor, value)
       WHERE b.id = u.id
       RETURNING b.id
     ), new_fills AS (
       INSERT INTO bet_fills (market_id, runner_id, back_bet_id, lay_bet_id, price_tick,
         stake_minor)
       SELECT u.market_id, u.runner, u.back, u.lay, u.tick, u.stake
       FROM unnest(${p(24)}::text[], ${p(19)}::int[], ${p(20)}::bigint[], ${p(21)}::bigint[],
         ${p(22)}::smallint[], ${p(23)}::bigint[])
         AS u (market_id, runner, back, lay, tick, stake)
       RETURNING id
     )`;
    orderFlowCtes.set(first, text);
  }
  return text;
}

/** One market's matched orders, to be written with others' (see `orderFlowWritesOf`). */
export interface MarketFlow {
  marketId: string;
  flow: OrderFlowResult;
}

/**
 * The writes of matched orders on one or more markets (all in `book`) as the parts of one WITH
 * clause (`new_bets`, `matched_makers`, `new_fills`) and their parameters: the new bets, the
 * makers' matched stakes, the fills. Their parameters are numbered from `firstParam`, so they
 * can follow another statement's own.
 */
export function orderFlowWritesOf(
  book: Book,
  flows: readonly MarketFlow[],
  firstParam = 1,
): { ctes: string; params: unknown[] } {
  const placed = flows.flatMap(({ marketId, flow }) =>
    flow.placed.map((p) => ({
      marketId,
      p,
      matched: flow.takerMatched.get(p.betId) ?? { minor: 0, value: 0 },
    })),
  );
  const fills = flows.flatMap(({ marketId, flow }) => flow.fills.map((f) => ({ marketId, f })));
  const makers = flows.flatMap(({ flow }) => [...flow.makerUpdates]);
  return {
    ctes: orderFlowCtesFrom(firstParam),
    params: [
      placed.map(({ marketId }) => marketId),
      book,
      placed.map(({ p }) => p.betId),
      placed.map(({ p }) => p.order.runnerId),
      placed.map(({ p }) => p.order.owner.domain),
      placed.map(({ p }) => p.order.owner.ownerId),
      placed.map(({ p }) => p.order.owner.isHouse),
      placed.map(({ p }) => toWireSide(p.order.side)),
      placed.map(({ p }) => p.order.priceTick),
      placed.map(({ p }) => p.order.stakeMinor),
      placed.map(({ matched }) => matched.minor),
      placed.map(({ matched }) => matched.value),
      placed.map(({ p }) => p.killedMinor),
      placed.map(({ p }) => p.order.keepInPlay),
      placed.map(({ p }) => p.order.idempotencyKey),
      makers.map(([id]) => id),
      makers.map(([, m]) => m.minor),
      makers.map(([, m]) => m.value),
      fills.map(({ f }) => f.runnerId),
      fills.map(({ f }) => f.backBetId),
      fills.map(({ f }) => f.layBetId),
      fills.map(({ f }) => f.priceTick),
      fills.map(({ f }) => f.stakeMinor),
      fills.map(({ marketId }) => marketId),
    ],
  };
}

/** `orderFlowWritesOf` for one market. */
export function orderFlowWrites(
  marketId: string,
  book: Book,
  flow: OrderFlowResult,
  firstParam = 1,
): { ctes: string; params: unknown[] } {
  return orderFlowWritesOf(book, [{ marketId, flow }], firstParam);
}

/** Writes matched orders on one or more markets in one statement. */
export async function writeOrderFlows(
  tx: Queryable,
  book: Book,
  flows: readonly MarketFlow[],
): Promise<void> {
  const writes = orderFlowWritesOf(book, flows);
  await tx.query(
    `WITH ${writes.ctes}
     SELECT (SELECT count(*) FROM new_bets) AS bets,
       (SELECT count(*) FROM matched_makers) AS makers,
       (SELECT count(*) FROM new_fills) AS fills`,
    writes.params,
  );
}

/** Writes matched orders on one market in one statement. */
export function writeOrderFlow(
  tx: Queryable,
  marketId: string,
  book: Book,
  flow: OrderFlowResult,
): Promise<void> {
  return writeOrderFlows(tx, book, [{ marketId, flow }]);
}

/**
 * Places `orders` (all in `book`) on the market as takers, in the given order, and writes the
 * result: read, match, write.
 */
export async function placeOrders(
  tx: Queryable,
  marketId: string,
  book: Book,
  orders: readonly NewOrder[],
  fillOrKill: boolean,
): Promise<OrderFlowResult> {
  if (orders.length === 0) {
    return {
      placed: [],
      makers: new Map(),
      fills: [],
      makerUpdates: new Map(),
      takerMatched: new Map(),
    };
  }
  if (orders.some((order) => order.owner.book !== book))
    throw new Error('an order of another book');
  const ids = (
    await tx.query<{ id: string }>(
      `SELECT nextval(pg_get_serial_sequence('bets', 'id')) AS id FROM generate_series(1, $1)`,
      [orders.length],
    )
  ).map((row) => Number(row.id));
  const resting = await loadCrossingOrders(tx, marketId, book, crossingBounds(orders));
  const flow = matchOrders(resting, orders, ids, fillOrKill);
  await writeOrderFlow(tx, marketId, book, flow);
  return flow;
}
