/**
 * The studio's side of the seamless wallet: it reaches Backlay only as an outside provider
 * does, by signed HTTP callbacks (`casino-wallet.ts` of the contract) to Backlay's callback
 * API with the provider's secret. No import of Backlay's modules: swapping the studio for a real
 * provider, or moving it to its own process, is a change of `walletOrigin` and `fetch`.
 *
 * An answer is the wallet's (OK or a refusal with its code), or `unavailable`: no answer, a 5xx
 * or a body that is not the contract's. After `unavailable` a debit may or may not have
 * happened, so the caller gives it back with a rollback under the same ids (the wallet records
 * a rollback of a debit it never saw, and refuses that debit should it come late).
 */
import { createHmac } from 'node:crypto';
import {
  CASINO_SIGNATURE_HEADER,
  casinoWalletAnswerSchema,
  casinoWalletPath,
  type CasinoBalanceRequest,
  type CasinoCreditRequest,
  type CasinoDebitRequest,
  type CasinoRollbackRequest,
  type CasinoWalletAction,
  type CasinoWalletAnswer,
} from '@backlay/contract/casino-wallet';

/** A callback as the studio sends it: a signed POST of JSON text. */
export interface StudioRequest {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
}

/** An answer as the studio reads it: its status and its text (a `fetch` Response is one). */
export interface StudioAnswer {
  status: number;
  text(): Promise<string>;
}

/**
 * How the studio's server reaches Backlay: `fetch` itself for an outside origin, or (in the
 * app) a lighter in-process transport with the same shape, as the test provider's.
 */
export type StudioFetch = (url: string, init: StudioRequest) => Promise<StudioAnswer>;

export type WalletAnswer = CasinoWalletAnswer | { status: 'UNAVAILABLE'; reason: string };

export interface WalletClientOptions {
  /** Backlay's origin as the studio's server calls it. */
  walletOrigin: string;
  fetch: StudioFetch;
  /** The signing secret Backlay gave a provider; undefined: no such provider. */
  secretOf: (provider: string) => string | undefined;
}

export interface WalletClient {
  balance(provider: string, body: CasinoBalanceRequest): Promise<WalletAnswer>;
  debit(provider: string, body: CasinoDebitRequest): Promise<WalletAnswer>;
  credit(provider: string, body: CasinoCreditRequest): Promise<WalletAnswer>;
  rollback(provider: string, body: CasinoRollbackRequest): Promise<WalletAnswer>;
  /** Whether Backlay gave the studio a secret for this provider. */
  knows(provider: string): boolean;
}

export function walletClient(options: WalletClientOptions): WalletClient {
  async function call(
    provider: string,
    action: CasinoWalletAction,
    body: object,
  ): Promise<WalletAnswer> {
    const secret = options.secretOf(provider);
    if (!secret) return { status: 'UNAVAILABLE', reason: `no secret for provider ${provider}` };
    const text = JSON.stringify(body);
    let res: StudioAnswer;
    try {
      res = await options.fetch(`${options.walletOrigin}${casinoWalletPath(provider, action)}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [CASINO_SIGNATURE_HEADER]: createHmac('sha256', secret).update(text).digest('hex'),
        },
        body: text,
      });
    } catch (error) {
      return {
        status: 'UNAVAILABLE',
        reason: error instanceof Error ? error.message : 'fetch failed',
      };
    }
    // Read whatever the status, so an outside answer's connection is freed.
    const answer = await res.text().catch(() => '');
    if (res.status >= 500) return { status: 'UNAVAILABLE', reason: `HTTP ${res.status}` };
    const parsed = casinoWalletAnswerSchema.safeParse(parseJson(answer));
    return parsed.success
      ? parsed.data
      : {
          status: 'UNAVAILABLE',
          reason: `an answer that is not the contract's (HTTP ${res.status})`,
        };
  }
  return {
    balance: (provider, body) => call(provider, 'balance', body),
    debit: (provider, body) => call(provider, 'debit', body),
    credit: (provider, body) => call(provider, 'credit', body),
    rollback: (provider, body) => call(provider, 'rollback', body),
    knows: (provider) => options.secretOf(provider) !== undefined,
  };
}

/** The JSON value of a text; null when it is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
