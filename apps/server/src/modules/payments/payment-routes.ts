/**
 * The player's payment calls: what the brand offers, stored images (deposit screenshots),
 * withdrawal accounts, deposits, withdrawals, the requests lists and the statement. Every call
 * that stores something or starts a payment is counted against the player's limits first.
 */
import type { FastifyInstance } from 'fastify';
import { API_ROUTES } from '@backlay/contract/routes';
import type { z } from 'zod';
import type {
  PaymentInfo,
  paymentRequestsQuerySchema,
  WithdrawalBonus,
} from '@backlay/contract/wallet';
import { fromMinorUnits } from '@backlay/exchange/money';
import type { Database } from '../../db/database';
import { defineApiRoute, requirePlayer, type Player } from '../../http/api-route';
import type { RateLimits } from '../limits';
import { bookOf, getBalances } from '../wallet';
import { depositAllowance } from '../responsible-gambling';
import { createManualDeposit, depositedSince } from './deposits';
import type { ImageStore } from './image-store';
import { readPaymentSettings } from './payment-settings';
import { playerRequests } from './request-views';
import { readStoredImage, storePlayerImage, IMAGE_MESSAGES } from './stored-images';
import { ApiError } from '../../http/api-error';
import { transactionDetail, transactionHistory, type StatementCursors } from './transactions';
import {
  addWithdrawalAccount,
  cancelWithdrawal,
  createWithdrawal,
  removeWithdrawalAccount,
  withdrawalAccounts,
} from './withdrawals';

export interface PaymentRoutesOptions {
  db: Database;
  limits: RateLimits;
  images: ImageStore;
  cursors: StatementCursors;
  /** Whether a payment gateway takes link and UPI-intent deposits here. */
  gatewayAvailable: () => boolean;
  /** The clock of the players' own deposit limits; tests move it. */
  now?: () => Date;
  /**
   * Asks the gateway how the player's payments pending past their expiry ended, so a deposit
   * is checked against the player's limits with each of them counted as it really ended.
   */
  settleLapsedPayments?: (ownerId: string) => Promise<void>;
  /** What a withdrawal would do to the player's active bonuses (the bonus module says). */
  withdrawalBonus?: (player: Player) => Promise<WithdrawalBonus | null>;
}

export async function paymentRoutes(app: FastifyInstance, options: PaymentRoutesOptions) {
  const { db, limits } = options;
  const now = options.now ?? (() => new Date());

  defineApiRoute(app, API_ROUTES.paymentInfo, async (_input, context): Promise<PaymentInfo> => {
    const player = requirePlayer(context);
    const settings = await readPaymentSettings(db, player.domain);
    const real = !player.demo;
    const balances = await getBalances(db, {
      domain: player.domain,
      ownerId: player.id,
      book: bookOf(player),
    });
    const gateway = real && options.gatewayAvailable();
    return {
      realMoney: real,
      depositMethods: real
        ? settings.methods.filter((m) => m.active).map(({ active: _active, ...method }) => method)
        : [],
      paymentLink: gateway && settings.paymentLink,
      upiIntent: gateway && settings.upiIntent,
      minDeposit: fromMinorUnits(settings.limits.minDepositMinor),
      maxDeposit: fromMinorUnits(settings.limits.maxDepositMinor),
      minWithdrawal: fromMinorUnits(settings.limits.minWithdrawalMinor),
      maxWithdrawal: fromMinorUnits(settings.limits.maxWithdrawalMinor),
      // Cash is what no bet holds; pending withdrawals have already left it.
      withdrawable: real ? fromMinorUnits(balances.availableMinor) : 0,
      withdrawalAccounts: real ? await withdrawalAccounts(db, player.id) : [],
      depositAllowance: real
        ? await depositAllowance(db, player.id, depositedSince, now()).then((minor) =>
            minor === null ? null : fromMinorUnits(minor),
          )
        : null,
      bonus: real && options.withdrawalBonus ? await options.withdrawalBonus(player) : null,
    };
  });

  defineApiRoute(app, API_ROUTES.storeImage, async (input, context) => {
    const player = requirePlayer(context);
    await limits.take('imageUploadsPlayer', player.id);
    const id = await storePlayerImage(
      db,
      options.images,
      { domain: player.domain, ownerId: player.id },
      input.image,
    );
    return { id, url: `${API_ROUTES.getImage.path}?id=${id}` };
  });

  defineApiRoute(app, API_ROUTES.getImage, async (input, context) => {
    const player = requirePlayer(context);
    const image = await readStoredImage(db, options.images, input.id, player.id);
    if (!image) throw new ApiError('NOT_FOUND', IMAGE_MESSAGES.unknown);
    return { dataUrl: image.dataUrl };
  });

  defineApiRoute(app, API_ROUTES.addWithdrawalAccount, async (input, context) => {
    const player = requirePlayer(context);
    await limits.take('withdrawalAccountsPlayer', player.id);
    return addWithdrawalAccount(db, player, input);
  });

  defineApiRoute(app, API_ROUTES.removeWithdrawalAccount, async (input, context) => {
    await removeWithdrawalAccount(db, requirePlayer(context), input.id);
    return { id: input.id };
  });

  defineApiRoute(app, API_ROUTES.createDeposit, async (input, context) => {
    const player = requirePlayer(context);
    await limits.take('paymentRequestsPlayer', player.id);
    await options.settleLapsedPayments?.(player.id);
    return createManualDeposit(db, player, input, now());
  });

  defineApiRoute(app, API_ROUTES.createWithdrawal, async (input, context) => {
    const player = requirePlayer(context);
    await limits.take('paymentRequestsPlayer', player.id);
    return createWithdrawal(db, player, input);
  });

  defineApiRoute(app, API_ROUTES.createDepositWithdrawalRequest, async (input, context) => {
    const player = requirePlayer(context);
    await limits.take('paymentRequestsPlayer', player.id);
    if (input.kind === 'DEPOSIT') {
      const { kind: _kind, ...deposit } = input;
      return createManualDeposit(db, player, deposit, now());
    }
    const { kind: _kind, ...withdrawal } = input;
    return createWithdrawal(db, player, withdrawal);
  });

  defineApiRoute(app, API_ROUTES.cancelWithdrawal, async (input, context) =>
    cancelWithdrawal(db, requirePlayer(context), input.id),
  );

  const listFor = (player: Player, input: z.output<typeof paymentRequestsQuerySchema>) =>
    playerRequests(db, {
      ownerId: player.id,
      kind: input.kind,
      status: input.status,
      from: input.from,
      to: input.to,
      limit: input.MaxResultCount,
      offset: input.SkipCount,
    });
  defineApiRoute(app, API_ROUTES.playerRequests, async (input, context) =>
    listFor(requirePlayer(context), input),
  );
  defineApiRoute(app, API_ROUTES.depositWithdrawals, async (input, context) =>
    listFor(requirePlayer(context), input),
  );
  defineApiRoute(app, API_ROUTES.withdrawalHistory, async (input, context) =>
    listFor(requirePlayer(context), { ...input, kind: 'WITHDRAWAL' }),
  );

  defineApiRoute(app, API_ROUTES.transactionHistory, async (input, context) =>
    transactionHistory(db, options.cursors, requirePlayer(context), input),
  );
  defineApiRoute(app, API_ROUTES.transactionDetail, async (input, context) =>
    transactionDetail(db, requirePlayer(context), input.id),
  );
}
