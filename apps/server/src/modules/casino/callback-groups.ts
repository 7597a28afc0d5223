/**
 * Debits and credits committed in groups. Callbacks that arrive while earlier groups are being
 * written wait together and then run as one transaction of two round trips: one statement reads
 * what each decides on (callback-claims.ts), and one statement sent with COMMIT posts all their
 * transfers, writes their rounds and keeps their answers (callback-writes.ts). Each answer is
 * sent only after that commit. A callback alone is a group of one, so the rules are the same
 * code either way.
 *
 * A group never holds two callbacks with one transaction id or one round: the later waits for
 * the next group. When a group fails as a whole (a rival opened one of its rounds first or
 * committed a copy of one of its callbacks, a deadlock with another instance), nothing of it was
 * written, and each of its callbacks runs again alone; alone, a lost race is tried once more,
 * and then joins the round or finds the copy's answer.
 */
import type { CasinoWalletAnswer } from '@backlay/contract/casino-wallet';
import type { Database, Transaction } from '../../db/database';
import type { SettledResultSince } from '../responsible-gambling';
import { readClaims, repeatOf, type ClaimRequest, type ClaimRow } from './callback-claims';
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
import { POSTED_BY_A_RIVAL, writeAtCommit, type GroupWrite } from './callback-writes';
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

/**
 * A race lost to a rival: the first debit of a round racing another first debit of it, or a copy
 * of the callback committed first (its id's row, or its transfer: found before the group's
 * postings, or taken while they were written, which the ledger fails as a serialization
 * failure). The loser starts again.
 */
function lostRace(error: unknown): boolean {
  const failure = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (failure?.code === '40001') return true;
  if (failure?.code === '23505') {
    return (
      failure.constraint === 'casino_rounds_provider_round_id_key' ||
      failure.constraint === 'casino_transactions_pkey'
    );
  }
  return typeof failure?.message === 'string' && failure.message.startsWith(POSTED_BY_A_RIVAL);
}

/** Decides one callback whose id was its own, up to the transfer it needs. */
async function plan(
  deps: CallbackDeps,
  tx: Transaction,
  callback: MoneyCallback,
  row: ClaimRow,
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
export async function runGroup(
  deps: CallbackDeps,
  callbacks: readonly MoneyCallback[],
): Promise<CasinoWalletAnswer[]> {
  const answers = new Array<CasinoWalletAnswer>(callbacks.length);
  const written = await deps.db.transaction(
    async (tx) => {
      const rows = await readClaims(
        tx,
        callbacks.map((callback) => callback.claim),
      );
      const writes: (GroupWrite & { i: number })[] = [];
      for (const [i, callback] of callbacks.entries()) {
        const row = rows[i];
        if (!row) throw new Error('a casino claim is missing');
        if (!row.claimed) {
          answers[i] = repeatOf(callback.claim, {
            kind: row.taken_kind,
            digest: row.taken_digest,
            answer: row.taken_answer,
          });
          continue;
        }
        writes.push({ i, request: callback.claim, planned: await plan(deps, tx, callback, row) });
      }
      return writes.length === 0 ? null : { writes, answers: writeAtCommit(tx, deps.db, writes) };
    },
    { lookupsByKey: true },
  );
  if (written) {
    const kept = await written.answers;
    written.writes.forEach(({ i }, k) => {
      const answer = kept[k];
      if (!answer) throw new Error('a casino callback went unanswered');
      answers[i] = answer;
    });
  }
  return answers;
}

/** One callback in a transaction of its own; a lost race is tried once more. */
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
    // Nothing of it was written: the second try finds the round open or the copy's answer.
    if (!lostRace(error)) throw error;
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
