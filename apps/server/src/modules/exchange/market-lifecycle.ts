/**
 * A market's life after it opens: suspensions (the feed's and operators', each lifting only its
 * own), going in play (unmatched bets that asked to lapse are taken off), and the result —
 * everything unmatched is taken off, every position is settled in the ledger (winner, loser or
 * void, commission on net market winnings at the player's domain rate), each bet records its
 * own result and the settlement records who applied it. Each step is one transaction under the
 * market's row lock, and settling is idempotent: a settled market is left alone, and the
 * ledger's keys make a retried settlement move nothing twice. A wrong result is corrected
 * afterwards by settlement-correction.ts, from the same figures (`settlementFigures`).
 */
import { winningsMinor } from '@backlay/exchange/money';
import {
  exposureMinor,
  settleMarket as settlePositions,
  type MatchedBet,
} from '@backlay/exchange/position';
import type { Queryable } from '../../db/database';
import type { DomainRules } from '../brands';
import { settleMarket as settleInLedger, toMinor, type Book } from '../wallet';
import { lockMarketRow, type MarketRow } from './market-rows';
import { syncExposure, type Owner } from './positions';
import { recordSettlementRun, type Settler } from './settlement-runs';
import { runSettlementHooks, type SettledPosition } from './settlement-hooks';

interface OwnerRow {
  owner_id: string;
  domain: string;
  book: Book;
  is_house: boolean;
}

const ownerFrom = (row: OwnerRow): Owner => ({
  ownerId: row.owner_id,
  domain: row.domain,
  book: row.book,
  isHouse: row.is_house,
});

const runnerIdsOf = (market: MarketRow) => market.runners.map((runner) => runner.id);

/**
 * Takes unmatched rests off the book (`onlyLapsing`: just those that did not ask to stay in
 * play) and re-holds their owners' exposure. Returns the owners whose positions changed.
 */
async function lapseUnmatched(
  tx: Queryable,
  market: MarketRow,
  onlyLapsing: boolean,
  cause: string,
): Promise<Owner[]> {
  const rows = await tx.query<OwnerRow>(
    `WITH lapsed AS (
       UPDATE bets SET cancelled_minor = stake_minor - matched_minor, lapsed = true
       WHERE market_id = $1 AND matched_minor + cancelled_minor < stake_minor
         AND ($2::boolean = false OR keep_in_play = false)
       RETURNING owner_id, domain, book, is_house
     )
     SELECT DISTINCT owner_id, domain, book, is_house FROM lapsed`,
    [market.id, onlyLapsing],
  );
  const owners = rows.map(ownerFrom);
  for (const owner of owners) {
    await syncExposure(tx, { id: market.id, runnerIds: runnerIdsOf(market) }, owner, cause);
  }
  return owners;
}

/** Who suspends or reopens a market: each lifts only its own hold (migration 0014). */
export type SuspensionHolder = 'feed' | 'operator';

/**
 * Sets or lifts `by`'s hold on an open or suspended market: the market is suspended while the
 * feed or an operator holds it and reopens only when neither does, so the feed's resume never
 * reopens a market an operator suspended. A suspension is counted, which refuses delayed bets.
 * The feed's hold carries its `reason` ('Ball running'), kept while it holds and cleared when it
 * lifts it; an operator's leaves the reason as it is. Returns whether the market's status or
 * reason changed.
 */
export async function setMarketOpen(
  db: Queryable,
  marketId: string,
  open: boolean,
  by: SuspensionHolder,
  reason: string | null = null,
): Promise<boolean> {
  const rows = await db.query<{ changed: boolean }>(
    `WITH held AS (
       SELECT id, status AS was, suspended_reason AS was_reason,
         CASE WHEN $3 = 'feed' THEN NOT $2::boolean ELSE feed_suspended END AS feed,
         CASE WHEN $3 = 'operator' THEN NOT $2::boolean ELSE operator_suspended END AS operator
       FROM markets WHERE id = $1 AND status IN ('OPEN', 'SUSPENDED') FOR UPDATE
     ), next AS (
       SELECT h.*, CASE WHEN $3 <> 'feed' THEN h.was_reason WHEN h.feed THEN $4::text END AS reason
       FROM held h
     )
     UPDATE markets m SET feed_suspended = n.feed, operator_suspended = n.operator,
       status = CASE WHEN n.feed OR n.operator THEN 'SUSPENDED' ELSE 'OPEN' END,
       suspended_reason = n.reason,
       suspensions = m.suspensions
         + CASE WHEN n.was = 'OPEN' AND (n.feed OR n.operator) THEN 1 ELSE 0 END
     FROM next n WHERE m.id = n.id
     RETURNING n.was <> m.status OR n.was_reason IS DISTINCT FROM n.reason AS changed`,
    [marketId, open, by, reason],
  );
  return rows.some((row) => row.changed);
}

/** Turns a market in play with its bet delay; returns the owners whose bets lapsed. */
export async function turnInPlay(
  tx: Queryable,
  marketId: string,
  betDelaySeconds: number,
): Promise<Owner[]> {
  const market = await lockMarketRow(tx, marketId);
  if (!market || market.inPlay || market.status === 'CLOSED' || market.status === 'SETTLED') {
    return [];
  }
  await tx.query('UPDATE markets SET in_play = true, bet_delay_seconds = $2 WHERE id = $1', [
    marketId,
    betDelaySeconds,
  ]);
  return lapseUnmatched(tx, market, true, `in-play:${marketId}`);
}

interface FillRow {
  runner_id: number;
  price_tick: number;
  stake_minor: string;
  back_bet_id: string;
  lay_bet_id: string;
  back_owner: string;
  lay_owner: string;
}

/** One owner's result on a market: profit or loss before commission, and the commission. */
export interface OwnerResult {
  owner: Owner;
  profitMinor: number;
  commissionMinor: number;
}

/** A market's result worked out from its fills, before anything is written. */
export interface SettlementFigures {
  /** Each matched bet's own result (bets absent here made nothing: void). */
  profitByBet: Map<string, number>;
  /** Each owner's matched fills (runner, side, price, stake), one entry each. */
  fillsByOwner: Map<string, MatchedBet[]>;
  /** The market's runners, in order (what a position's risk is worked out over). */
  runnerIds: number[];
  /** Owners by domain, book and house flag: each group is settled with its domain's commission. */
  groups: { domain: string; book: Book; isHouse: boolean; owners: OwnerResult[] }[];
}

/**
 * What every owner of the market's fills makes on `winnerRunnerId` (null: void), per fill as the
 * positions round, with commission on net market winnings at each domain's rate (none for the
 * house). Reads the fills and writes nothing: settling and correcting a result both use it.
 */
export async function settlementFigures(
  tx: Queryable,
  rules: Pick<DomainRules, 'limits'>,
  market: MarketRow,
  winnerRunnerId: number | null,
): Promise<SettlementFigures> {
  const marketId = market.id;
  const runnerIds = runnerIdsOf(market);
  if (winnerRunnerId !== null && !runnerIds.includes(winnerRunnerId)) {
    throw new Error(`runner ${winnerRunnerId} is not in market ${marketId}`);
  }
  const fills = await tx.query<FillRow>(
    `SELECT f.runner_id, f.price_tick, f.stake_minor, f.back_bet_id, f.lay_bet_id,
       bb.owner_id AS back_owner, lb.owner_id AS lay_owner
     FROM bet_fills f
     JOIN bets bb ON bb.id = f.back_bet_id
     JOIN bets lb ON lb.id = f.lay_bet_id
     WHERE f.market_id = $1`,
    [marketId],
  );
  const ownerRows = await tx.query<OwnerRow>(
    'SELECT DISTINCT owner_id, domain, book, is_house FROM bets WHERE market_id = $1',
    [marketId],
  );
  const owners = new Map(ownerRows.map((row) => [row.owner_id, ownerFrom(row)]));

  // Each bet's own result, fill by fill (the same rounding as the positions).
  const profitByBet = new Map<string, number>();
  const fillsByOwner = new Map<string, MatchedBet[]>();
  const add = (betId: string, amount: number) =>
    profitByBet.set(betId, (profitByBet.get(betId) ?? 0) + amount);
  const addFill = (ownerId: string, fill: MatchedBet) => {
    const list = fillsByOwner.get(ownerId);
    if (list) list.push(fill);
    else fillsByOwner.set(ownerId, [fill]);
  };
  for (const fill of fills) {
    const stake = toMinor(fill.stake_minor);
    const matched = { runnerId: fill.runner_id, priceTick: fill.price_tick, stakeMinor: stake };
    addFill(fill.back_owner, { ...matched, side: 'back' });
    addFill(fill.lay_owner, { ...matched, side: 'lay' });
    const backWins = winnerRunnerId === null ? 0 : fill.runner_id === winnerRunnerId ? 1 : -1;
    const backProfit =
      backWins === 1 ? winningsMinor(stake, fill.price_tick) : backWins === -1 ? -stake : 0;
    add(fill.back_bet_id, backProfit);
    add(fill.lay_bet_id, -backProfit);
  }

  // Positions per domain and book, settled with that domain's commission (none for the house).
  const groups = new Map<
    string,
    { domain: string; book: Book; isHouse: boolean; ids: Set<string> }
  >();
  for (const fill of fills) {
    for (const ownerId of [fill.back_owner, fill.lay_owner]) {
      const owner = owners.get(ownerId);
      if (!owner) throw new Error(`owner ${ownerId} of a fill has no bet`);
      const key = `${owner.domain}\n${owner.book}\n${owner.isHouse}`;
      const group = groups.get(key) ?? {
        domain: owner.domain,
        book: owner.book,
        isHouse: owner.isHouse,
        ids: new Set<string>(),
      };
      group.ids.add(ownerId);
      groups.set(key, group);
    }
  }
  const figures: SettlementFigures = { profitByBet, fillsByOwner, runnerIds, groups: [] };
  for (const group of groups.values()) {
    const rate = group.isHouse
      ? 0
      : rules.limits(group.domain, market.sportId, market.type).commissionBasisPoints;
    const bets = fills.flatMap((fill) => {
      const common = {
        runnerId: fill.runner_id,
        priceTick: fill.price_tick,
        stakeMinor: toMinor(fill.stake_minor),
      };
      const mine: {
        playerId: string;
        side: 'back' | 'lay';
        runnerId: number;
        priceTick: number;
        stakeMinor: number;
      }[] = [];
      if (group.ids.has(fill.back_owner))
        mine.push({ ...common, side: 'back', playerId: fill.back_owner });
      if (group.ids.has(fill.lay_owner))
        mine.push({ ...common, side: 'lay', playerId: fill.lay_owner });
      return mine;
    });
    const settled = settlePositions({
      runnerIds,
      outcome: winnerRunnerId === null ? { kind: 'void' } : { kind: 'winner', winnerRunnerId },
      bets,
      commissionBasisPoints: rate,
    });
    if (!settled.ok) throw new Error(`market ${marketId} cannot be settled: ${settled.code}`);
    figures.groups.push({
      domain: group.domain,
      book: group.book,
      isHouse: group.isHouse,
      owners: settled.players.map((player) => {
        const owner = owners.get(String(player.playerId));
        if (!owner) throw new Error(`owner ${String(player.playerId)} of a fill has no bet`);
        return {
          owner,
          profitMinor: player.grossPnlMinor,
          commissionMinor: player.commissionMinor,
        };
      }),
    });
  }
  return figures;
}

/**
 * The players' positions on the market as the settlement hooks take them (the house's left out),
 * from the figures of the result being applied: settling and correcting give the hooks the same
 * positions. A position's net risk is the worst its matched fills could lose, which is what its
 * hold was once its unmatched bets were taken off: what the settlement released.
 */
export function hookPositions(figures: SettlementFigures): SettledPosition[] {
  const positions: SettledPosition[] = [];
  for (const group of figures.groups) {
    if (group.isHouse) continue;
    for (const result of group.owners) {
      const fills = figures.fillsByOwner.get(result.owner.ownerId) ?? [];
      positions.push({
        ownerId: result.owner.ownerId,
        domain: group.domain,
        book: group.book,
        netRiskMinor: exposureMinor(figures.runnerIds, fills, []),
        profitMinor: result.profitMinor,
        fills: fills.map(({ side, priceTick, stakeMinor }) => ({ side, priceTick, stakeMinor })),
      });
    }
  }
  return positions;
}

/**
 * Writes each matched bet's result (zero for a bet absent from `profitByBet`); a bet keeps the
 * time it was first settled.
 */
export async function writeBetResults(
  tx: Queryable,
  marketId: string,
  profitByBet: ReadonlyMap<string, number>,
): Promise<void> {
  await tx.query(
    `UPDATE bets b SET profit_minor = coalesce(u.profit, 0),
       settled_at = coalesce(b.settled_at, now())
     FROM (SELECT id FROM bets WHERE market_id = $1 AND matched_minor > 0) AS s
     LEFT JOIN unnest($2::bigint[], $3::bigint[]) AS u (id, profit) ON u.id = s.id
     WHERE b.id = s.id`,
    [marketId, [...profitByBet.keys()], [...profitByBet.values()]],
  );
}

export interface SettledMarket {
  /** False when the market was settled already (or does not exist): nothing happened. */
  settled: boolean;
  /** Every owner with a position or a lapsed bet on the market. */
  owners: Owner[];
}

/**
 * Settles a market on its result: `winnerRunnerId`, or null for void, and records who did
 * (`by`). The caller runs it in a transaction; nothing happens to a market already settled
 * (`settled` false), so of two settlements of one market — the feed's and an operator's, or two
 * operators' — the market's row lock lets exactly one apply.
 */
export async function settleMarketResult(
  tx: Queryable,
  rules: Pick<DomainRules, 'limits'>,
  marketId: string,
  winnerRunnerId: number | null,
  by: Settler,
): Promise<SettledMarket> {
  const market = await lockMarketRow(tx, marketId);
  if (!market || market.status === 'SETTLED') return { settled: false, owners: [] };
  const runnerIds = runnerIdsOf(market);
  const lapsed = await lapseUnmatched(tx, market, false, `close:${marketId}`);
  const figures = await settlementFigures(tx, rules, market, winnerRunnerId);

  const settledOwners: OwnerResult[] = [];
  for (const group of figures.groups) {
    const settlements = [];
    for (const result of group.owners) {
      // After the lapse above, what is held is the matched position's exposure exactly; this
      // moves nothing unless an earlier step left the hold behind (the market maker's fills).
      const held = await syncExposure(
        tx,
        { id: marketId, runnerIds },
        result.owner,
        `settle-check:${marketId}`,
      );
      settlements.push({
        ownerId: result.owner.ownerId,
        releaseMinor: held.exposureMinor,
        profitMinor: result.profitMinor,
        commissionMinor: result.commissionMinor,
      });
      settledOwners.push(result);
    }
    const ledger = await settleInLedger(tx, {
      domain: group.domain,
      book: group.book,
      marketId,
      settlements,
    });
    if (ledger.status !== 'ok') {
      throw new Error(
        `the ledger refused settling market ${marketId}: ${JSON.stringify(ledger.results)}`,
      );
    }
  }

  if (settledOwners.length > 0) {
    await tx.query(
      `INSERT INTO market_settlements (market_id, owner_id, domain, book, is_house, profit_minor,
         commission_minor)
       SELECT $1, u.owner_id, u.domain, u.book, u.is_house, u.profit, u.commission
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::boolean[], $6::bigint[], $7::bigint[])
         AS u (owner_id, domain, book, is_house, profit, commission)`,
      [
        marketId,
        settledOwners.map((s) => s.owner.ownerId),
        settledOwners.map((s) => s.owner.domain),
        settledOwners.map((s) => s.owner.book),
        settledOwners.map((s) => s.owner.isHouse),
        settledOwners.map((s) => s.profitMinor),
        settledOwners.map((s) => s.commissionMinor),
      ],
    );
  }
  await writeBetResults(tx, marketId, figures.profitByBet);
  await tx.query(
    `UPDATE markets SET status = 'SETTLED', winner_runner_id = $2, settled_at = now()
     WHERE id = $1`,
    [marketId, winnerRunnerId],
  );
  await recordSettlementRun(tx, { marketId, seq: 1, winnerRunnerId, by });
  // Other modules' work on the settlement (bonus wagering), in its transaction, once per market.
  await runSettlementHooks(tx, {
    marketId,
    voided: winnerRunnerId === null,
    positions: hookPositions(figures),
  });
  const all = new Map(lapsed.map((owner) => [owner.ownerId, owner]));
  for (const { owner } of settledOwners) all.set(owner.ownerId, owner);
  return { settled: true, owners: [...all.values()] };
}
