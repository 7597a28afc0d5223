/**
 * Helpers of the casino's tests: an app on a clock the test moves, players with real money
 * deposited through the wallet, launches through the player calls, and a provider's server that
 * signs its callbacks as an outside one would (or forges them, when a test says so).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  CASINO_SIGNATURE_HEADER,
  casinoWalletAnswerSchema,
  casinoWalletPath,
  type CasinoWalletAction,
  type CasinoWalletAnswer,
} from '@backlay/contract/casino-wallet';
import type { AppConfig } from '../../app';
import type { Database } from '../../db/database';
import { build, type Backend } from '../../test-helper';
import { caller, signUpPlayer, testClock } from '../account/account-test-kit';
import { deposit, getBalances } from '../wallet';
import { signBody } from './callback-routes';

export const BRAND = '99exch.com';
let ips = 0;

/** A value the test needs to go on: throws (failing the test) when it is missing. */
export function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value, got none');
  return value;
}

export const newId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

/** The game URL's player token. */
export function tokenOf(url: string): string {
  return must(new URL(url, 'http://x.invalid').searchParams.get('token'));
}

export async function casinoApp(backend: Backend, config: Partial<AppConfig> = {}) {
  const clock = testClock(Date.now());
  const { app, db } = await build({ backend, now: clock.now, config });
  return { clock, ...casinoKit(app, db) };
}

/** The casino helpers on an app built elsewhere (the back office's tests build their own). */
export function casinoKit(app: FastifyInstance, db: Database) {
  const api = caller(app);

  /** A verified real-money player of `host`, with `rupees` deposited. */
  async function player(rupees = 0, host = BRAND) {
    const signedUp = await signUpPlayer(app, db, {
      host,
      ip: `198.19.${++ips % 250}.${ips % 200}`,
    });
    if (rupees > 0) {
      const paid = await deposit(db, {
        domain: host,
        ownerId: signedUp.id,
        amountMinor: rupees * 100,
        idempotencyKey: newId('deposit'),
      });
      if (paid.status !== 'ok') throw new Error(`the deposit failed: ${paid.status}`);
    }
    const as = (method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}) =>
      method === 'GET'
        ? api('GET', path, {
            host,
            token: signedUp.accessToken,
            query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
          })
        : api('POST', path, { host, token: signedUp.accessToken, body: input });
    /** Launches a game at a provider's launch call; answers its player token. */
    async function launch(path = 'Casino/LaunchMac', gameCode = 'sbe_aviator', gameId = 201206) {
      const res = await as('POST', path, { userId: null, gameCode, gameId, country: 'IN' });
      if (!res.body.success) throw new Error(`launch refused: ${JSON.stringify(res.body)}`);
      return tokenOf(res.body.result.url as string);
    }
    return { ...signedUp, host, call: as, launch };
  }

  /** The player's cash (what they can bet) in paise, in a book. */
  async function cash(playerId: string, host = BRAND, book: 'real' | 'play' = 'real') {
    return (await getBalances(db, { domain: host, ownerId: playerId, book })).availableMinor;
  }

  return {
    app,
    db,
    api,
    player,
    cash,
    provider: (code = 'mac') => providerServer(app, code),
  };
}

export interface SentCallback {
  status: number;
  answer: CasinoWalletAnswer;
  /** The answer's exact text, for comparing a repeat with the first answer. */
  text: string;
}

/** A provider's server calling Backlay's wallet callbacks, signed with its secret. */
export function providerServer(app: FastifyInstance, code: string) {
  const secret = must(app.casino.providers.secretOf(code)).secret;
  async function send(
    action: CasinoWalletAction,
    body: unknown,
    signature: string | null = signBody(secret, JSON.stringify(body)),
  ): Promise<SentCallback> {
    const text = JSON.stringify(body);
    const res = await app.inject({
      method: 'POST',
      url: casinoWalletPath(code, action),
      headers: {
        'content-type': 'application/json',
        ...(signature === null ? {} : { [CASINO_SIGNATURE_HEADER]: signature }),
      },
      payload: text,
    });
    return {
      status: res.statusCode,
      answer: casinoWalletAnswerSchema.parse(res.json()),
      text: res.body,
    };
  }
  const game =
    code === 'mac' ? 'sbe_aviator' : code === 'dream' ? 'dream_kite_flyer' : 'king_hot_air';
  return {
    code,
    secret,
    send,
    balance: (token: string) => send('balance', { token }),
    debit: (
      token: string,
      amountMinor: number,
      ids: { round?: string; tx?: string; game?: string } = {},
    ) =>
      send('debit', {
        token,
        transactionId: ids.tx ?? newId('bet'),
        roundId: ids.round ?? newId('round'),
        gameCode: ids.game ?? game,
        currency: 'INR',
        amountMinor,
      }),
    credit: (
      token: string,
      amountMinor: number,
      round: string,
      ids: { tx?: string; roundClosed?: boolean } = {},
    ) =>
      send('credit', {
        token,
        transactionId: ids.tx ?? newId('win'),
        roundId: round,
        gameCode: game,
        currency: 'INR',
        amountMinor,
        ...(ids.roundClosed === undefined ? {} : { roundClosed: ids.roundClosed }),
      }),
    rollback: (token: string, round: string, debit: string, tx = newId('cancel')) =>
      send('rollback', { token, transactionId: tx, roundId: round, referenceTransactionId: debit }),
  };
}

/** The code of a refusal, or OK. */
export function outcomeOf(sent: SentCallback): string {
  return sent.answer.status === 'OK' ? 'OK' : sent.answer.code;
}
