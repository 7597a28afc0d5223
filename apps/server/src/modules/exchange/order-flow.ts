/**
 * Puts new orders on a market's books and writes what happened: the orders as bets, the fills,
 * and the makers' matched stakes. The caller holds the market's row lock (market-rows.ts), so
 * the resting orders read here are the whole book and nobody else changes it meanwhile.
 *
 * Matching itself is the pure price-time book of packages/exchange: each runner's resting orders
 * (one book per market, runner and money book) are replayed into it in placement order, which
 * cannot match anything (a stored book is never crossed), and then the new orders are placed as
 * takers. All writes happen at the end in three statements, however many orders and fills.
 */
import { createOrderBook } from '@backlay/exchange/order-book';
import { tickToPriceHundredths } from '@backlay/exchange/ladder';
import type { BookEvent, OrderBook, Side } from '@backlay/exchange/order';
import type { Queryable } from '../../db/database';
import { toMinor, type Book } from '../wallet/ledger';
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

export interface OrderFlowResult {
  placed: PlacedOrder[];
  /** Owners of resting orders that were matched, by owner id. */
  makers: Map<string, Owner>;
  /** How many fills were written. */
  fills: number;
}

interface RestingRow {
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

/** Reads one runner's resting orders in placement order and replays them into a fresh book. */
async function loadBook(
  tx: Queryable,
  marketId: string,
  book: Book,
  runnerId: number,
  owners: Map<string, Owner>,
): Promise<OrderBook> {
  const rows = await tx.query<RestingRow>(
    `SELECT id, owner_id, domain, is_house, side, price_tick,
       stake_minor - matched_minor - cancelled_minor AS remaining_minor, keep_in_play
     FROM bets
     WHERE market_id = $1 AND book = $2 AND runner_id = $3
       AND matched_minor + cancelled_minor < stake_minor
     ORDER BY id`,
    [marketId, book, runnerId],
  );
  const orderBook = createOrderBook({ runnerId, minStakeMinor: 1 });
  const events: BookEvent[] = [];
  for (const row of rows) {
    owners.set(row.owner_id, {
      ownerId: row.owner_id,
      domain: row.domain,
      book,
      isHouse: row.is_house,
    });
    const code = orderBook.place(
      {
        id: Number(row.id),
        ownerId: row.owner_id,
        side: row.side === 'BACK' ? 'back' : 'lay',
        priceTick: row.price_tick,
        stakeMinor: toMinor(row.remaining_minor),
        persistence: row.keep_in_play ? 'keep' : 'lapse',
      },
      events,
    );
    if (code !== 'ok' || events.some((event) => event.type === 'matched')) {
      throw new Error(`the stored book of market ${marketId} runner ${runnerId} is broken`);
    }
  }
  return orderBook;
}

/**
 * Places `orders` (all in `book`) on the market as takers, in the given order, and writes the
 * result. With `fillOrKill`, whatever does not match at once is taken off again.
 */
export async function placeOrders(
  tx: Queryable,
  marketId: string,
  book: Book,
  orders: readonly NewOrder[],
  fillOrKill: boolean,
): Promise<OrderFlowResult> {
  if (orders.length === 0) return { placed: [], makers: new Map(), fills: 0 };
  const ids = await tx.query<{ id: string }>(
    `SELECT nextval(pg_get_serial_sequence('bets', 'id')) AS id FROM generate_series(1, $1)`,
    [orders.length],
  );

  const restingOwners = new Map<string, Owner>();
  const books = new Map<number, OrderBook>();
  const matchedByBet = new Map<number, { minor: number; value: number }>();
  const fills: { runner: number; back: number; lay: number; tick: number; stake: number }[] = [];
  const newIds = new Set<number>();
  const placed: PlacedOrder[] = [];
  const makers = new Map<string, Owner>();

  for (const [i, order] of orders.entries()) {
    if (order.owner.book !== book) throw new Error('an order of another book');
    const betId = Number(ids[i]?.id);
    newIds.add(betId);
    let runnerBook = books.get(order.runnerId);
    if (!runnerBook) {
      runnerBook = await loadBook(tx, marketId, book, order.runnerId, restingOwners);
      books.set(order.runnerId, runnerBook);
    }
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
    for (const event of events) {
      if (event.type !== 'matched') continue;
      matchedMinor += event.stakeMinor;
      // A resting order's owner; new orders matched by later new orders are the caller's.
      const maker = restingOwners.get(String(event.makerOwnerId));
      if (maker && !newIds.has(Number(event.makerOrderId))) makers.set(maker.ownerId, maker);
      const value = event.stakeMinor * tickToPriceHundredths(event.priceTick);
      for (const id of [Number(event.makerOrderId), betId]) {
        const sum = matchedByBet.get(id) ?? { minor: 0, value: 0 };
        matchedByBet.set(id, { minor: sum.minor + event.stakeMinor, value: sum.value + value });
      }
      const takerIsBack = order.side === 'back';
      fills.push({
        runner: order.runnerId,
        back: takerIsBack ? betId : Number(event.makerOrderId),
        lay: takerIsBack ? Number(event.makerOrderId) : betId,
        tick: event.priceTick,
        stake: event.stakeMinor,
      });
    }
    let killedMinor = 0;
    if (fillOrKill && matchedMinor < order.stakeMinor) {
      killedMinor = order.stakeMinor - matchedMinor;
      runnerBook.cancel(betId, []);
    }
    placed.push({ betId, order, matchedMinor, killedMinor });
  }

  await tx.query(
    `INSERT INTO bets (id, market_id, runner_id, domain, book, owner_id, is_house, side,
       price_tick, stake_minor, matched_minor, matched_value, cancelled_minor, keep_in_play,
       idempotency_key)
     OVERRIDING SYSTEM VALUE
     SELECT u.id, $1, u.runner_id, u.domain, $2, u.owner_id, u.is_house, u.side, u.price_tick,
       u.stake_minor, u.matched_minor, u.matched_value, u.killed_minor, u.keep_in_play, u.key
     FROM unnest($3::bigint[], $4::int[], $5::text[], $6::uuid[], $7::boolean[], $8::text[],
       $9::smallint[], $10::bigint[], $11::bigint[], $12::bigint[], $13::bigint[],
       $14::boolean[], $15::text[])
       AS u (id, runner_id, domain, owner_id, is_house, side, price_tick, stake_minor,
         matched_minor, matched_value, killed_minor, keep_in_play, key)`,
    [
      marketId,
      book,
      placed.map((p) => p.betId),
      placed.map((p) => p.order.runnerId),
      placed.map((p) => p.order.owner.domain),
      placed.map((p) => p.order.owner.ownerId),
      placed.map((p) => p.order.owner.isHouse),
      placed.map((p) => toWireSide(p.order.side)),
      placed.map((p) => p.order.priceTick),
      placed.map((p) => p.order.stakeMinor),
      placed.map((p) => matchedByBet.get(p.betId)?.minor ?? 0),
      placed.map((p) => matchedByBet.get(p.betId)?.value ?? 0),
      placed.map((p) => p.killedMinor),
      placed.map((p) => p.order.keepInPlay),
      placed.map((p) => p.order.idempotencyKey),
    ],
  );

  const makerUpdates = [...matchedByBet].filter(([id]) => !newIds.has(id));
  if (makerUpdates.length > 0) {
    await tx.query(
      `UPDATE bets b
       SET matched_minor = b.matched_minor + u.minor, matched_value = b.matched_value + u.value
       FROM unnest($1::bigint[], $2::bigint[], $3::bigint[]) AS u (id, minor, value)
       WHERE b.id = u.id`,
      [
        makerUpdates.map(([id]) => id),
        makerUpdates.map(([, m]) => m.minor),
        makerUpdates.map(([, m]) => m.value),
      ],
    );
  }
  if (fills.length > 0) {
    await tx.query(
      `INSERT INTO bet_fills (market_id, runner_id, back_bet_id, lay_bet_id, price_tick, stake_minor)
       SELECT $1, u.runner, u.back, u.lay, u.tick, u.stake
       FROM unnest($2::int[], $3::bigint[], $4::bigint[], $5::smallint[], $6::bigint[])
         AS u (runner, back, lay, tick, stake)`,
      [
        marketId,
        fills.map((f) => f.runner),
        fills.map((f) => f.back),
        fills.map((f) => f.lay),
        fills.map((f) => f.tick),
        fills.map((f) => f.stake),
      ],
    );
  }

  return { placed, makers, fills: fills.length };
}
