/**
 * Correcting a settled market's result, by adding and never by editing history. The new result
 * is worked out from the fills exactly as settlement works it out (`settlementFigures`), and
 * each owner's settlement in force is reversed and the new one settled by new ledger transfers
 * (the wallet's `correctMarketSettlement`), so each player's cash moves by exactly the
 * difference between the two results, commission included.
 *
 * What is kept: the ledger keeps the first settlement, the reversal and the new settlement;
 * `market_settlement_runs` gains a 'correction' row saying who corrected it and why;
 * `market_settlements` (one row per owner, what players' profit and loss pages read) takes the
 * new figures after the figures they replace are copied to `market_settlements_superseded`; each
 * bet's own result and the market's winner become the new result's.
 *
 * The reversal reverses what the ledger actually posted (the figures in force), even where
 * commission rates changed since, while the new result is settled at today's rates. Demo
 * players retired since the settlement left with their fills and play money (account module,
 * demo-retirement.ts): the correction reaches only the owners whose fills remain.
 *
 * Other modules' work on a settlement (bonus wagering) is told of the correction in its
 * transaction: the settlement hooks run again with the new result's positions and the result
 * replaced (`correctedFrom`), so what they did can follow the new result or stay, as each decides.
 */
import type { Queryable } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { DomainRules } from '../brands';
import { correctMarketSettlement, toMinor, type SettlementCorrection } from '../wallet';
import {
  hookPositions,
  settlementFigures,
  writeBetResults,
  type OwnerResult,
} from './market-lifecycle';
import { lockMarketRow } from './market-rows';
import type { Owner } from './positions';
import { runSettlementHooks } from './settlement-hooks';
import { latestRunSeq, recordSettlementRun, type Settler } from './settlement-runs';

export const NOT_SETTLED = 'This market is not settled yet: settle or void it instead.';
export const SAME_RESULT = 'This market is already settled on that result.';

interface InForceRow {
  owner_id: string;
  profit_minor: string;
  commission_minor: string;
}

/**
 * Settles a settled market again on `winnerRunnerId` (null: void), reversing the result in
 * force. Runs in the caller's transaction under the market's row lock. Refuses (CONFLICT) a
 * market not settled, the result already in force, and a correction some player's cash cannot
 * cover (a winner who has since withdrawn what the correction takes back): then nothing moves.
 * Returns the owners whose results were corrected.
 */
export async function correctMarketResult(
  tx: Queryable,
  rules: Pick<DomainRules, 'limits'>,
  marketId: string,
  winnerRunnerId: number | null,
  by: Settler,
): Promise<{ owners: Owner[] }> {
  const market = await lockMarketRow(tx, marketId);
  if (!market) throw new ApiError('NOT_FOUND', 'No such market.');
  if (market.status !== 'SETTLED') throw new ApiError('CONFLICT', NOT_SETTLED);
  if (market.winnerRunnerId === winnerRunnerId) throw new ApiError('CONFLICT', SAME_RESULT);
  if (winnerRunnerId !== null && !market.runners.some((runner) => runner.id === winnerRunnerId)) {
    throw new ApiError('VALIDATION_FAILED', 'That runner is not in this market.');
  }
  // Markets settled before runs were recorded have their run 1 (migration 0014).
  const seq = Math.max(await latestRunSeq(tx, marketId), 1) + 1;
  const figures = await settlementFigures(tx, rules, market, winnerRunnerId);
  const inForce = new Map(
    (
      await tx.query<InForceRow>(
        `SELECT owner_id, profit_minor, commission_minor FROM market_settlements
         WHERE market_id = $1`,
        [marketId],
      )
    ).map((row) => [
      row.owner_id,
      { profitMinor: toMinor(row.profit_minor), commissionMinor: toMinor(row.commission_minor) },
    ]),
  );

  const corrected: OwnerResult[] = [];
  for (const group of figures.groups) {
    const corrections: SettlementCorrection[] = group.owners.map((result) => ({
      ownerId: result.owner.ownerId,
      from: inForce.get(result.owner.ownerId) ?? { profitMinor: 0, commissionMinor: 0 },
      to: { profitMinor: result.profitMinor, commissionMinor: result.commissionMinor },
    }));
    const ledger = await correctMarketSettlement(tx, {
      domain: group.domain,
      book: group.book,
      marketId,
      seq,
      corrections,
    });
    if (ledger.status !== 'ok') {
      const short = ledger.results.find((r) => r.result.status === 'insufficient_funds');
      if (short) {
        throw new ApiError(
          'CONFLICT',
          'A player has too little cash left to give back what this correction takes: nothing was changed.',
          `player ${short.ownerId}`,
        );
      }
      throw new Error(
        `the ledger refused correcting market ${marketId}: ${JSON.stringify(ledger.results)}`,
      );
    }
    corrected.push(...group.owners);
  }

  if (corrected.length > 0) {
    const owners = corrected.map((result) => result.owner.ownerId);
    // The figures in force go to the history first, under the run that applied them.
    await tx.query(
      `INSERT INTO market_settlements_superseded (market_id, owner_id, seq, profit_minor,
         commission_minor)
       SELECT market_id, owner_id, $3, profit_minor, commission_minor FROM market_settlements
       WHERE market_id = $1 AND owner_id = ANY ($2::uuid[])`,
      [marketId, owners, seq - 1],
    );
    await tx.query(
      `INSERT INTO market_settlements (market_id, owner_id, domain, book, is_house, profit_minor,
         commission_minor)
       SELECT $1, u.owner_id, u.domain, u.book, u.is_house, u.profit, u.commission
       FROM unnest($2::uuid[], $3::text[], $4::text[], $5::boolean[], $6::bigint[], $7::bigint[])
         AS u (owner_id, domain, book, is_house, profit, commission)
       ON CONFLICT (market_id, owner_id) DO UPDATE
         SET profit_minor = excluded.profit_minor, commission_minor = excluded.commission_minor`,
      [
        marketId,
        owners,
        corrected.map((s) => s.owner.domain),
        corrected.map((s) => s.owner.book),
        corrected.map((s) => s.owner.isHouse),
        corrected.map((s) => s.profitMinor),
        corrected.map((s) => s.commissionMinor),
      ],
    );
  }
  await writeBetResults(tx, marketId, figures.profitByBet);
  await tx.query('UPDATE markets SET winner_runner_id = $2 WHERE id = $1', [
    marketId,
    winnerRunnerId,
  ]);
  await recordSettlementRun(tx, { marketId, seq, winnerRunnerId, by });
  await runSettlementHooks(tx, {
    marketId,
    voided: winnerRunnerId === null,
    correctedFrom: { voided: market.winnerRunnerId === null },
    positions: hookPositions(figures),
  });
  return { owners: corrected.map((result) => result.owner) };
}
