/**
 * Placing and cancelling players' bets. A placement is checked before anything is written —
 * market, runner, sport, price ladder, stake limits, market status — and, in play, waits out
 * the market's bet delay. Then, in one transaction under the market's row lock: the order is
 * matched, the bet and its fills written, and every position it touched re-held in the ledger
 * (the player's hold can grow only while available balance covers it and the market's liability
 * limit allows; the makers' can only shrink). Any refusal inside rolls everything back.
 */
import type { BetResult, PlaceBetRequest } from '@backlay/contract/bets';
import { priceToTick } from '@backlay/exchange/ladder';
import type { Database, Queryable } from '../../db/database';
import type { Player } from '../../http/api-route';
import { bookOf } from '../account/demo-funds';
import { findUserById } from '../account/users';
import type { DomainRules } from '../sports/domain-rules';
import { maySeeSport } from '../sports/domain-rules';
import { getBalances, type Book } from '../wallet/ledger';
import { betRefused } from './bet-refusal';
import { findBet, rupees } from './bet-views';
import { findMarket, lockMarketRow, type MarketRow } from './market-rows';
import { placeOrders } from './order-flow';
import { ExposureAboveLimit, ExposureNotCovered, syncExposure, type Owner } from './positions';

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

/** The market and runner a request names, open for betting to this player, or a refusal. */
async function checkMarket(
  deps: ExchangeDeps,
  player: Player,
  marketId: string,
  runnerId: number,
): Promise<MarketRow> {
  const market = await findMarket(deps.db, marketId);
  if (!market) throw betRefused('UNKNOWN_MARKET');
  if (!market.runners.some((runner) => runner.id === runnerId)) throw betRefused('UNKNOWN_RUNNER');
  const user = await findUserById(deps.db, player.domain, player.id);
  const playerFlags = user && {
    football: user.football,
    tennis: user.tennis,
    cricket: user.cricket,
    kabaddi: user.kabaddi,
    horseRacing: user.horse_racing,
  };
  if (
    !playerFlags ||
    !maySeeSport(deps.rules.sportFlags(player.domain), playerFlags, market.sportId)
  ) {
    throw betRefused('SPORT_NOT_ALLOWED');
  }
  return market;
}

function assertOpen(market: MarketRow): void {
  if (market.status === 'SUSPENDED') throw betRefused('MARKET_SUSPENDED');
  if (market.status !== 'OPEN') throw betRefused('MARKET_CLOSED');
}

async function resultOf(db: Queryable, player: Player, betId: number): Promise<BetResult> {
  const bet = await findBet(db, betId);
  if (!bet) throw new Error(`bet ${betId} vanished`);
  const { ownerId: _owner, ...view } = bet;
  const balances = await getBalances(db, {
    domain: player.domain,
    ownerId: player.id,
    book: bookOf(player),
  });
  return {
    bet: view,
    balance: rupees(balances.balanceMinor),
    exposure: rupees(balances.exposureMinor),
    available: rupees(balances.availableMinor),
  };
}

/** The answer to a replayed idempotency key: the bet it placed, or a conflict. */
async function replay(
  db: Queryable,
  player: Player,
  request: PlaceBetRequest,
): Promise<BetResult | null> {
  const [row] = await db.query<{
    id: string;
    market_id: string;
    runner_id: number;
    side: string;
    price_tick: number;
    stake_minor: string;
  }>(
    `SELECT id, market_id, runner_id, side, price_tick, stake_minor FROM bets
     WHERE owner_id = $1 AND idempotency_key = $2`,
    [player.id, request.idempotencyKey],
  );
  if (!row) return null;
  const same =
    row.market_id === request.marketId &&
    row.runner_id === request.runnerId &&
    row.side === request.side &&
    row.price_tick === priceToTick(request.price) &&
    Number(row.stake_minor) === Math.round(request.stake * 100);
  if (!same) throw betRefused('IDEMPOTENCY_CONFLICT');
  return resultOf(db, player, Number(row.id));
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === UNIQUE_VIOLATION;
}

export async function placeBet(
  deps: ExchangeDeps,
  player: Player,
  request: PlaceBetRequest,
): Promise<BetResult> {
  const earlier = await replay(deps.db, player, request);
  if (earlier) return earlier;

  const market = await checkMarket(deps, player, request.marketId, request.runnerId);
  const priceTick = priceToTick(request.price);
  if (priceTick === undefined) throw betRefused('PRICE_OFF_LADDER');
  const stakeMinor = Math.round(request.stake * 100);
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
  const delayed = market.inPlay && market.betDelaySeconds > 0;
  if (delayed) await deps.sleep(market.betDelaySeconds * 1000);

  const owner = ownerOf(player);
  let makers: Owner[] = [];
  let result: BetResult;
  try {
    result = await deps.db.transaction(async (tx) => {
      const locked = await lockMarketRow(tx, market.id);
      if (!locked) throw betRefused('UNKNOWN_MARKET');
      if (delayed && locked.suspensions !== market.suspensions) {
        throw betRefused('SUSPENDED_DURING_DELAY');
      }
      assertOpen(locked);
      const flow = await placeOrders(
        tx,
        locked.id,
        owner.book,
        [
          {
            owner,
            runnerId: request.runnerId,
            side: request.side === 'BACK' ? 'back' : 'lay',
            priceTick,
            stakeMinor,
            keepInPlay: request.keepInPlay ?? false,
            idempotencyKey: request.idempotencyKey,
          },
        ],
        locked.fillOrKill,
      );
      const placed = flow.placed[0];
      if (!placed) throw new Error('the order was not placed');
      if (locked.fillOrKill && placed.matchedMinor === 0) throw betRefused('NOT_MATCHED');

      const runnerIds = locked.runners.map((runner) => runner.id);
      const marketRef = { id: locked.id, runnerIds };
      try {
        await syncExposure(tx, marketRef, owner, `bet:${placed.betId}`, limits.maxLiabilityMinor);
      } catch (error) {
        if (error instanceof ExposureNotCovered) throw betRefused('INSUFFICIENT_FUNDS');
        if (error instanceof ExposureAboveLimit) {
          throw betRefused(
            'LIABILITY_ABOVE_MAX',
            `This bet would take your liability on the market to ₹${rupees(error.exposureMinor)}, above its ₹${rupees(limits.maxLiabilityMinor)} limit.`,
          );
        }
        throw error;
      }
      makers = [...flow.makers.values()].filter((maker) => maker.ownerId !== owner.ownerId);
      for (const maker of makers) {
        await syncExposure(tx, marketRef, maker, `fill:${placed.betId}`);
      }
      return resultOf(tx, player, placed.betId);
    });
  } catch (error) {
    // The same key placed meanwhile by a parallel request: answer as a replay.
    if (isUniqueViolation(error)) {
      const raced = await replay(deps.db, player, request);
      if (raced) return raced;
    }
    throw error;
  }
  deps.onChange({
    marketId: market.id,
    book: owner.book,
    players: [owner, ...makers.filter((maker) => !maker.isHouse)],
  });
  return result;
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
