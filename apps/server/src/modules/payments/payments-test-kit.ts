/**
 * Helpers of the payments tests: an app with an owner and a brand whose finance offers one UPI
 * id and one bank account, players signed up through the calls, the player's calls, and
 * screenshots made for the occasion.
 */
import { randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import * as calls from '@backlay/contract/admin-calls';
import type { Backend } from '../../test-helper';
import { adminApp } from '../admin/admin-test-kit';
import { caller, signUpPlayer } from '../account/account-test-kit';
import { getBalances } from '../wallet';
import type { Database } from '../../db/database';

export const BRAND = '99exch.com';

/** A value the test needs to go on: throws (failing the test) when it is missing. */
export function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value, got none');
  return value;
}

export const ip = () => `198.18.${randomInt(256)}.${randomInt(256)}`;

/** A fresh 12-digit UPI reference. */
export const utr = () => String(randomInt(100_000_000_000, 999_999_999_999));
export const key = () => `k-${randomBytes(8).toString('hex')}`;

/** A JPEG screenshot carrying EXIF metadata (a camera, a copyright line), as a data URL. */
export async function screenshot(width = 60, height = 90): Promise<string> {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 20, g: 120, b: 60 } },
  })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Player phone', Make: 'TestPhone' } })
    .toBuffer();
  return `data:image/jpeg;base64,${bytes.toString('base64')}`;
}

export async function paymentsApp(backend: Backend) {
  const kit = await adminApp(backend, Date.now());
  const owner = await kit.owner();
  const saved = await kit.call(calls.updatePaymentSettingsRoute, {
    token: owner.token,
    input: {
      brand: BRAND,
      version: 0,
      upi: [{ upiId: 'backlay.collect@okaxis', payeeName: 'Backlay Payments', active: true }],
      bank: [
        {
          bankName: 'State Bank of India',
          accountName: 'Backlay Payments',
          accountNumber: '30012345678',
          ifsc: 'SBIN0001234',
          active: true,
        },
      ],
      paymentLink: true,
      upiIntent: true,
      limits: { minDeposit: 100, maxDeposit: 100000, minWithdrawal: 200, maxWithdrawal: 50000 },
    },
  });
  const settings = must(saved.result);
  const api = caller(kit.app);

  /** A registered real-money player on the brand, with the player's calls. */
  async function player() {
    const signedUp = await signUpPlayer(kit.app, kit.db, { host: BRAND, ip: ip() });
    const as = (method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}) =>
      method === 'GET'
        ? api('GET', path, {
            host: BRAND,
            token: signedUp.accessToken,
            query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
          })
        : api('POST', path, { host: BRAND, token: signedUp.accessToken, body: input });
    return { ...signedUp, call: as };
  }

  return {
    ...kit,
    owner,
    api,
    player,
    upiMethodId: must(settings.upi[0]).id,
    bankMethodId: must(settings.bank[0]).id,
  };
}

/** A player's cash and exposure in rupees. */
export async function balanceOf(db: Database, ownerId: string) {
  const b = await getBalances(db, { domain: BRAND, ownerId, book: 'real' });
  return { balance: b.balanceMinor / 100, available: b.availableMinor / 100 };
}

type PaymentsApp = Awaited<ReturnType<typeof paymentsApp>>;
type TestPlayer = Awaited<ReturnType<PaymentsApp['player']>>;

/** Deposits `amount` for the player by UPI and has the owner approve it. */
export async function fund(kit: PaymentsApp, player: TestPlayer, amount: number): Promise<string> {
  const stored = await player.call('POST', 'Setting/StoreImage', { image: await screenshot(8, 8) });
  const created = await player.call('POST', 'DepositWithdrawal/CreateDeposit', {
    amount,
    methodId: kit.upiMethodId,
    utr: utr(),
    slipId: must(stored.body.result).id,
    idempotencyKey: key(),
  });
  const id = must(created.body.result).id as string;
  const approved = await kit.call(calls.decideDepositRoute, {
    token: kit.owner.token,
    input: { id, decision: 'APPROVE' },
  });
  if (!approved.result) throw new Error(`the deposit was not approved: ${approved.error?.message}`);
  return id;
}

/** Saves a bank account for the player's withdrawals; answers its id. */
export async function bankAccount(player: TestPlayer): Promise<string> {
  const added = await player.call('POST', 'DepositWithdrawal/AddWithdrawalAccount', {
    kind: 'BANK',
    holderName: 'Ravi Kumar',
    bankName: 'HDFC Bank',
    accountNumber: '50100123456789',
    confirmAccountNumber: '50100123456789',
    ifsc: 'HDFC0000123',
  });
  return must(added.body.result).id as string;
}
