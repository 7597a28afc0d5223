/**
 * A bet's money, as the studio moves it: a debit when it is placed, then exactly one of a
 * credit (its win, or zero closing a lost bet) or a rollback (the stake given back). Each bet is
 * its own round at the wallet (round id = the bet's id, which starts with the studio's round
 * id), with transaction ids fixed by the bet (`<bet>.bet`, `<bet>.win`, `<bet>.refund`), so a
 * callback repeated after a timeout or a restart is the same request and the wallet answers it
 * as the first time, moving nothing twice.
 *
 * A credit or a rollback is owed: it is retried while the wallet does not answer (or asks to
 * wait), and the bet's final state is written once it answers OK. Should every try fail, the
 * bet stays WON, LOST or REFUNDING in the round log and is finished later (`recovery.ts`).
 *
 * A table holds its credits' final states (`holdFinals`) and writes them all when its round
 * settles (`writeFinals`), one statement per state for the round rather than one per moment its
 * credits were answered in. A bet whose credit was answered but whose final state was not
 * written yet (a restart in between) is still WON or LOST, and the recovery sends its credit
 * again: under the same transaction id the wallet answers it as the first time, moving nothing.
 * A rollback's REFUNDED (rare: a cancel, an unclear debit) is written at once.
 */
import { BatchQueue } from '../../db/batch-queue';
import type { BetStatus } from './round-log';
import type { WalletAnswer, WalletClient } from './wallet-client';

/** What the callbacks need of a bet. */
export interface CallbackBet {
  id: string;
  provider: string;
  token: string;
  currency: string;
  amountMinor: number;
}

/** The transaction ids of a bet's callbacks. */
export const transactionIds = (betId: string) => ({
  debit: `${betId}.bet`,
  credit: `${betId}.win`,
  rollback: `${betId}.refund`,
});

/** Waits between tries of an owed callback: short at first, about 10 s in all. */
export const RETRY_DELAYS_MS = [50, 100, 200, 400, 800, 1_600, 3_200, 4_000] as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether an answer means "try again later with the same request". */
function retryable(answer: WalletAnswer): boolean {
  return (
    answer.status === 'UNAVAILABLE' || (answer.status === 'ERROR' && answer.code === 'RATE_LIMITED')
  );
}

export interface BetCallbacks {
  debit(bet: CallbackBet): Promise<WalletAnswer>;
  /**
   * Pays a decided bet (WON: its win; LOST: zero) and writes (or holds) PAID or CLOSED; answers
   * the wallet's last answer, once written or held. `onAnswer` hears the answer as soon as it
   * comes (the player need not wait for the studio's own bookkeeping).
   */
  settle(
    bet: CallbackBet,
    outcome: 'WON' | 'LOST',
    winMinor: number,
    onAnswer?: (answer: WalletAnswer) => void,
  ): Promise<WalletAnswer>;
  /** Gives a REFUNDING bet's stake back and writes REFUNDED. */
  refund(bet: CallbackBet): Promise<WalletAnswer>;
  /**
   * Writes the final states held so far (`holdFinals`; nothing otherwise). Those it could not
   * write stay held for the next call, and the error is thrown.
   */
  writeFinals(): Promise<void>;
}

export function betCallbacks(options: {
  wallet: WalletClient;
  gameCode: string;
  log: { error(object: unknown, message: string): void };
  /** Retry waits (tests shorten them). */
  retryDelaysMs?: readonly number[];
  /** Writes bets' final states in the game's round log, answering the ids that moved. */
  moveBets: (to: BetStatus, bets: readonly { id: string }[]) => Promise<Set<string>>;
  /**
   * Credits' final states (PAID, CLOSED) wait for `writeFinals` (a table's, at its round's
   * settle) instead of being written as the answers come.
   */
  holdFinals?: boolean;
}): BetCallbacks {
  const { wallet, gameCode } = options;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  // Held final states, by state, until `writeFinals`.
  const held = new Map<BetStatus, Set<string>>();
  const hold = (to: BetStatus, ids: Iterable<string>) => {
    let group = held.get(to);
    if (!group) held.set(to, (group = new Set()));
    for (const id of ids) group.add(id);
  };
  // Final states are written in groups: every bet finished in the same moment, one UPDATE.
  const finals = new Map<BetStatus, BatchQueue<string, boolean>>();
  const finalQueue = (to: BetStatus) => {
    let queue = finals.get(to);
    if (!queue) {
      queue = new BatchQueue<string, boolean>(async (ids) => {
        const moved = await options.moveBets(
          to,
          ids.map((id) => ({ id })),
        );
        return ids.map((id) => moved.has(id));
      });
      finals.set(to, queue);
    }
    return queue;
  };

  /** Writes (or holds) a bet's final state once its credit was taken. */
  async function credited(to: 'PAID' | 'CLOSED', betId: string): Promise<void> {
    if (options.holdFinals) hold(to, [betId]);
    else await finalQueue(to).add(betId);
  }

  async function owed(send: () => Promise<WalletAnswer>): Promise<WalletAnswer> {
    let answer = await send();
    for (const delay of delays) {
      if (!retryable(answer)) break;
      await sleep(delay);
      answer = await send();
    }
    return answer;
  }

  return {
    debit: (bet) =>
      wallet.debit(bet.provider, {
        token: bet.token,
        transactionId: transactionIds(bet.id).debit,
        roundId: bet.id,
        gameCode,
        currency: bet.currency,
        amountMinor: bet.amountMinor,
      }),

    async settle(bet, outcome, winMinor, onAnswer) {
      const answer = await owed(() =>
        wallet.credit(bet.provider, {
          token: bet.token,
          transactionId: transactionIds(bet.id).credit,
          roundId: bet.id,
          gameCode,
          currency: bet.currency,
          amountMinor: outcome === 'WON' ? winMinor : 0,
          roundClosed: true,
        }),
      );
      onAnswer?.(answer);
      if (answer.status === 'OK') {
        await credited(outcome === 'WON' ? 'PAID' : 'CLOSED', bet.id);
      } else {
        options.log.error({ bet: bet.id, answer }, 'house games: a credit was not taken');
      }
      return answer;
    },

    async refund(bet) {
      const answer = await owed(() =>
        wallet.rollback(bet.provider, {
          token: bet.token,
          transactionId: transactionIds(bet.id).rollback,
          roundId: bet.id,
          referenceTransactionId: transactionIds(bet.id).debit,
          gameCode,
          currency: bet.currency,
        }),
      );
      if (answer.status === 'OK') await finalQueue('REFUNDED').add(bet.id);
      else options.log.error({ bet: bet.id, answer }, 'house games: a rollback was not taken');
      return answer;
    },

    async writeFinals() {
      const groups = [...held];
      held.clear();
      for (const [i, [to, ids]] of groups.entries()) {
        try {
          // A bet not moved was finished already (a repeat): nothing to keep of it.
          await options.moveBets(
            to,
            [...ids].map((id) => ({ id })),
          );
        } catch (error) {
          // This state's and the rest are held again, for the next call.
          for (const [rest, restIds] of groups.slice(i)) hold(rest, restIds);
          throw error;
        }
      }
    },
  };
}
