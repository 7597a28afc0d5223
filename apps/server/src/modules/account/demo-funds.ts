import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DemoTopUpResult } from '@backlay/contract/hub';
import { API_ROUTES } from '@backlay/contract/routes';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Database } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { defineApiRoute, type Player } from '../../http/api-route';
import {
  bookOf,
  ensurePlayerAccounts,
  getBalances,
  grantDemoFunds,
  lockAccounts,
  type Balances,
} from '../wallet';

/** Play money a demo account starts with, and what one top-up adds: ₹1,00,000. */
export const DEMO_FUNDS_MINOR = 100_000_00;
/** No top-up takes a demo balance (cash plus exposure) past ₹10,00,000. */
export const DEMO_BALANCE_CAP_MINOR = 10 * DEMO_FUNDS_MINOR;

export const DEMO_ONLY_MESSAGE = 'Only demo accounts can top up play money.';

/**
 * Adds DEMO_FUNDS_MINOR of play money, or less where that would pass DEMO_BALANCE_CAP_MINOR,
 * with one play-money grant under a fresh idempotency key. The player's accounts are locked first, so
 * two top-ups at once cannot both see the old balance and grant twice.
 */
export async function topUpDemoBalance(
  db: Database,
  player: Player,
): Promise<{ changed: boolean; balances: Balances }> {
  if (!player.demo) throw new ApiError('FORBIDDEN', DEMO_ONLY_MESSAGE);
  const ref = { domain: player.domain, ownerId: player.id, book: bookOf(player) };
  return db.transaction(async (tx) => {
    const accounts = await ensurePlayerAccounts(tx, ref);
    await lockAccounts(tx, [accounts.cashId, accounts.exposureId]);
    const before = await getBalances(tx, ref);
    const missingMinor = Math.min(DEMO_FUNDS_MINOR, DEMO_BALANCE_CAP_MINOR - before.balanceMinor);
    if (missingMinor <= 0) return { changed: false, balances: before };
    const granted = await grantDemoFunds(tx, {
      domain: player.domain,
      ownerId: player.id,
      amountMinor: missingMinor,
      idempotencyKey: `demo-top-up:${player.id}:${randomUUID()}`,
    });
    if (granted.status !== 'ok') throw new Error(`the demo top-up was refused: ${granted.status}`);
    return { changed: true, balances: await getBalances(tx, ref) };
  });
}

export interface DemoFundsRoutesOptions {
  db: Database;
}

/** `Account/TopUpDemoBalance`: demo players add play money, up to the cap. */
export async function demoFundsRoutes(
  app: FastifyInstance,
  options: DemoFundsRoutesOptions,
): Promise<void> {
  defineApiRoute(
    app,
    API_ROUTES.topUpDemoBalance,
    async (_input, context): Promise<DemoTopUpResult> => {
      const player = context.player;
      if (!player) throw new Error('an auth-required route ran without a player');
      const { balances } = await topUpDemoBalance(options.db, player);
      return {
        balance: fromMinorUnits(balances.balanceMinor),
        exposure: fromMinorUnits(balances.exposureMinor),
      };
    },
  );
}
