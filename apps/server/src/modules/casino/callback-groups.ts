/**
 * Debits and credits committed in groups. Callbacks that arrive while earlier groups are being
 * written wait together and then run as one transaction: one statement claims them all and reads
 * what each decides on, one statement posts all their transfers, and their rounds' writes and
 * kept answers travel with COMMIT. Each answer is sent only after that commit. A callback alone
 * is a group of one, so the rules are the same code either way.
 *
 * A group never holds two callbacks with one transaction id or one round: the later waits for
 * the next group. When a group fails as a whole (a rival opened one of its rounds first, a
 * deadlock with another instance), nothing of it was written, and each of its callbacks runs
 * again alone; alone, a lost round opening is tried once more, and then joins the round.
 */
import type { CasinoWalletAnswer } from '@backlay/contract/casino-wallet';
import type { Database, Transaction } from '../../db/database';
import type { SettledResultSince } from '../responsible-gambling';
import { casinoMoves, type TransferResult } from '../wallet';
import {
  claimAll,
  keepAtCommit,
  repeat,
  type ClaimRequest,
  type Decision,
} from './callback-claims';
import {
  checkDebit,
  lossLimitRefusal,
  planCredit,
  planDebit,
  type CreditRequest,
  type DebitChecks,
  type DebitRequest,
  type Planned,
} from './callback-decisions';
import type { Provider } from './providers';

/** Callbacks of one group at most: bounds a transaction's locks and statements' sizes. */
export const CALLBACK_GROUP_MAX = 64;
/**
 * Groups being written at once: while one waits for the database, the next is decided. Two
 * measured best on two cores (at 2,000 callbacks/s offered, p99 62 ms with two, 92 to 103 ms with
 * three or six, and one alone could not keep up).
 */
export const CALLBACK_GROUPS_IN_FLIGHT = 2;

/** What the callbacks need of the rest of the server. */
export interface CallbackDeps extends DebitChecks {
  db: Database;
  /** The player's settled exchange results, for their loss limits (the exchange's). */
  settledResultSince: SettledResultSince;
}

/** A debit or a credit whose signature and body were checked. */
export type MoneyCallback = { provider: Provider; claim: ClaimRequest } & (
  { action: 'debit'; request: DebitRequest } | { action: 'credit'; request: CreditRequest }
);

/** The first debit of a round, racing another first debit of it: the loser starts again. */
function lostRoundOpening(error: unknown): boolean {
  const failure = error as { code?: unknown; constraint?: unknown } | null;
  return failure?.code === '23505' && failure.constraint === 'casino_rounds_provider_round_id_key';
}

/** Decides one claimed callback, up to the transfer it needs. */
async function plan(
  deps: CallbackDeps,
  tx: Transaction,
  callback: MoneyCallback,
  row: Awaited<ReturnType<typeof claimAll>>[number],
): Promise<Planned> {
  if (callback.action === 'credit') return planCredit(callback.provider, callback.request, row);
  const checked = checkDebit(deps, callback.provider, callback.request, row);
  if ('refused' in checked) return { kind: 'decided', decision: checked.refused };
  if (row.loss_limited) {
    const refused = await lossLimitRefusal(
      tx,
      deps.settledResultSince,
      deps.now(),
      checked.launch,
      callback.request,
    );
    if (refused) return { kind: 'decided', decision: refused };
  }
  return planDebit(callback.provider, callback.request, row, checked.launch);
}

/** Runs callbacks as one transaction; their answers, in order, once it committed. */
export function runGroup(
  deps: CallbackDeps,
  callbacks: readonly MoneyCallback[],
): Promise<CasinoWalletAnswer[]> {
  return deps.db.transaction(
    async (tx) => {
      const rows = await claimAll(
        tx,
        callbacks.map((callback) => callback.claim),
      );
      const answers = new Array<CasinoWalletAnswer>(callbacks.length);
      const kept: { request: ClaimRequest; decision: Decision }[] = [];
      const moving: { i: number; planned: Extract<Planned, { kind: 'move' }> }[] = [];
      for (const [i, callback] of callbacks.entries()) {
        const row = rows[i];
        if (!row) throw new Error('a casino claim is missing');
        if (!row.claimed) {
          answers[i] = await repeat(tx, callback.claim);
          continue;
        }
        const planned = await plan(deps, tx, callback, row);
        if (planned.kind === 'decided') {
          answers[i] = planned.decision.answer;
          kept.push({ request: callback.claim, decision: planned.decision });
        } else {
          moving.push({ i, planned });
        }
      }
      const results: TransferResult[] = await casinoMoves(
        tx,
        moving.map(({ planned }) => planned.move),
      );
      moving.forEach(({ i, planned }, k) => {
        const result = results[k];
        const callback = callbacks[i];
        if (!result || !callback) throw new Error('a casino transfer is missing');
        const decision = planned.settle(result);
        answers[i] = decision.answer;
        kept.push({ request: callback.claim, decision });
      });
      keepAtCommit(tx, kept);
      return answers;
    },
    { lookupsByKey: true },
  );
}

/** One callback in a transaction of its own; a lost round opening is tried once more. */
export async function runAlone(
  deps: CallbackDeps,
  callback: MoneyCallback,
): Promise<CasinoWalletAnswer> {
  const once = async () => {
    const [answer] = await runGroup(deps, [callback]);
    if (!answer) throw new Error('a casino callback went unanswered');
    return answer;
  };
  try {
    return await once();
  } catch (error) {
    // Everything it wrote, its claim included, rolled back: the second try finds the round open.
    if (!lostRoundOpening(error)) throw error;
    return once();
  }
}

interface Waiting {
  callback: MoneyCallback;
  resolve: (answer: CasinoWalletAnswer) => void;
  reject: (error: unknown) => void;
}

/** Where debits and credits wait for their group. */
export interface CallbackGroups {
  /** Answers the callback once the group it ran in committed. */
  submit(callback: MoneyCallback): Promise<CasinoWalletAnswer>;
}

/** The callbacks' groups of one server. */
export function createCallbackGroups(
  deps: CallbackDeps,
  limits: { groupMax: number; inFlight: number } = {
    groupMax: CALLBACK_GROUP_MAX,
    inFlight: CALLBACK_GROUPS_IN_FLIGHT,
  },
): CallbackGroups {
  let waiting: Waiting[] = [];
  let inFlight = 0;

  /** The next group: the first waiting callbacks, none sharing a transaction id or a round. */
  function nextGroup(): Waiting[] {
    const group: Waiting[] = [];
    const rest: Waiting[] = [];
    const ids = new Set<string>();
    const rounds = new Set<string>();
    for (const item of waiting) {
      const { provider, transactionId, roundId } = item.callback.claim;
      const id = `${provider}\u0000${transactionId}`;
      const round = `${provider}\u0000${roundId}`;
      if (group.length >= limits.groupMax || ids.has(id) || rounds.has(round)) {
        rest.push(item);
        continue;
      }
      ids.add(id);
      rounds.add(round);
      group.push(item);
    }
    waiting = rest;
    return group;
  }

  async function write(group: Waiting[]): Promise<void> {
    try {
      const answers =
        group.length === 1 && group[0]
          ? [await runAlone(deps, group[0].callback)]
          : await runGroup(
              deps,
              group.map((item) => item.callback),
            );
      group.forEach((item, i) => {
        const answer = answers[i];
        if (answer) item.resolve(answer);
        else item.reject(new Error('a casino callback went unanswered'));
      });
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      // Nothing of the group was written: each callback runs again alone.
      await Promise.all(
        group.map((item) => runAlone(deps, item.callback).then(item.resolve, item.reject)),
      );
    }
  }

  function pump(): void {
    while (inFlight < limits.inFlight && waiting.length > 0) {
      const group = nextGroup();
      if (group.length === 0) return;
      inFlight++;
      void write(group).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    submit(callback) {
      return new Promise<CasinoWalletAnswer>((resolve, reject) => {
        waiting.push({ callback, resolve, reject });
        // Callbacks that arrive in the same turn of the event loop join one group.
        if (waiting.length === 1) setImmediate(pump);
      });
    },
  };
}
