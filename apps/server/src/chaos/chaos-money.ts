/**
 * Money in the chaos run: registered players depositing (with a screenshot and a UTR),
 * withdrawing and cancelling against both instances, each request retried under its own key
 * when its answer was lost, while two finance desks decide the pending requests at once from
 * the test's own process. Afterwards, from the database: every request's money moved exactly as
 * its status says (a credited deposit once, a withdrawal held once and then paid out or returned
 * at most once), the held withdrawals add up to the pending ones, and every answered request
 * exists.
 */
import { randomInt } from 'node:crypto';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import {
  decideDeposit,
  decideWithdrawal,
  DEFAULT_SECOND_APPROVAL,
  savePaymentSettings,
} from '../modules/payments';
import type { ServerSlot } from './chaos-cluster';
import { request, type Answer } from './chaos-load';

/** A 1×1 PNG: every deposit's screenshot. */
const SLIP =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const DOMAIN = 'test';

interface MoneyPlayer {
  id: string;
  token: string;
  slot: ServerSlot;
  accountId: string;
  /** Withdrawals this player had acknowledged and may cancel. */
  withdrawals: string[];
}

export interface MoneyCounts {
  players: number;
  deposits: number;
  withdrawals: number;
  cancels: number;
  retries: number;
  noAnswer: number;
  refused: number;
  approved: number;
  rejected: number;
  paid: number;
  conflicts: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function ok(answer: Answer): answer is Extract<Answer, { status: number }> {
  return !('error' in answer) && answer.status === 200 && answer.body?.success === true;
}

export class MoneyLoad {
  readonly counts: MoneyCounts = {
    players: 0,
    deposits: 0,
    withdrawals: 0,
    cancels: 0,
    retries: 0,
    noAnswer: 0,
    refused: 0,
    approved: 0,
    rejected: 0,
    paid: 0,
    conflicts: 0,
  };
  /** Request ids the instances acknowledged: each must exist afterwards. */
  readonly acknowledged = new Set<string>();
  /** Statement pages whose running balances did not add up row to row. */
  readonly statementMismatches: string[] = [];
  /** Answers in the 500s. */
  readonly serverErrors: string[] = [];
  private players: MoneyPlayer[] = [];
  private running: Promise<void>[] = [];
  private stopping = false;
  private operatorId = '';

  constructor(
    private readonly db: Database,
    private readonly random: () => number,
  ) {}

  /** A finance operator and the brand's UPI id, then `count` players signed up and verified. */
  async setUp(count: number, slots: readonly ServerSlot[]): Promise<void> {
    const [operator] = await this.db.query<{ id: string }>(
      `INSERT INTO operators (user_name, role) VALUES ('chaos.finance', 'finance') RETURNING id`,
    );
    this.operatorId = operator?.id ?? '';
    await this.db.transaction((tx) =>
      savePaymentSettings(
        tx,
        {
          brand: DOMAIN,
          version: 0,
          upi: [{ upiId: 'chaos@okaxis', payeeName: 'Chaos Payments', active: true }],
          bank: [],
          paymentLink: false,
          upiIntent: false,
          limits: {
            minDeposit: 100,
            maxDeposit: 100_000,
            minWithdrawal: 100,
            maxWithdrawal: 100_000,
          },
        },
        this.operatorId,
      ),
    );
    const players = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        this.signUp(slots[i % slots.length] as ServerSlot, i),
      ),
    );
    this.players.push(...players);
    this.counts.players = players.length;
  }

  private async signUp(slot: ServerSlot, i: number): Promise<MoneyPlayer> {
    const userName = `chaos${i}x${randomInt(1e6)}`;
    const mobile = `96${String(randomInt(1e8)).padStart(8, '0')}`;
    const password = 'Cricket2026';
    const registered = await request(slot.origin, 'POST', 'Account/Register', null, {
      userName,
      mobile,
      password,
      domain: DOMAIN,
    });
    if (!ok(registered)) throw new Error(`sign-up failed: ${JSON.stringify(registered)}`);
    const [sms] = await this.db.query<{ body: string }>(
      'SELECT body FROM sms_outbox WHERE mobile = $1 ORDER BY id DESC LIMIT 1',
      [`+91${mobile}`],
    );
    const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1] ?? '';
    const verified = await request(slot.origin, 'POST', 'Account/VerificationUser', null, {
      userName,
      code,
    });
    if (!ok(verified)) throw new Error(`verification failed: ${JSON.stringify(verified)}`);
    const token = (verified.body?.result as { accessToken: string }).accessToken;
    const [user] = await this.db.query<{ id: string }>(
      'SELECT id FROM users WHERE domain = $1 AND user_name = $2',
      [DOMAIN, userName],
    );
    const account = await request(
      slot.origin,
      'POST',
      'DepositWithdrawal/AddWithdrawalAccount',
      token,
      {
        kind: 'UPI',
        holderName: 'Chaos Player',
        upiId: `${userName}@okhdfc`,
      },
    );
    if (!ok(account)) throw new Error(`saving an account failed: ${JSON.stringify(account)}`);
    return {
      id: user?.id ?? '',
      token,
      slot,
      accountId: (account.body?.result as { id: string }).id,
      withdrawals: [],
    };
  }

  start(): void {
    this.running = [
      ...this.players.map((player) => this.playerLoop(player)),
      this.financeLoop(),
      this.financeLoop(),
    ];
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.running);
  }

  /** Sends one call, again under the same body (and key) until an answer comes. */
  private async untilAnswered(player: MoneyPlayer, path: string, body: unknown): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      const answer = await request(player.slot.origin, 'POST', path, player.token, body);
      if (!('error' in answer) && answer.status < 500) return answer;
      if ('error' in answer) this.counts.noAnswer++;
      else this.serverErrors.push(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
      if (this.stopping && attempt > 50) return answer;
      this.counts.retries++;
      await sleep(200);
    }
  }

  private async playerLoop(player: MoneyPlayer): Promise<void> {
    while (!this.stopping) {
      const roll = this.random();
      if (roll < 0.4) await this.deposit(player);
      else if (roll < 0.7) await this.withdraw(player);
      else if (roll < 0.85) await this.cancel(player);
      else await this.readStatement(player);
      await sleep(50 + this.random() * 150);
    }
  }

  private async deposit(player: MoneyPlayer): Promise<void> {
    const slip = await this.untilAnswered(player, 'Setting/StoreImage', { image: SLIP });
    if (!ok(slip)) return;
    const answer = await this.untilAnswered(player, 'DepositWithdrawal/CreateDeposit', {
      amount: 100 + randomInt(50) * 100,
      methodId: await this.methodId(),
      utr: String(randomInt(100_000_000_000, 999_999_999_999)),
      slipId: (slip.body?.result as { id: string }).id,
      idempotencyKey: `chaos-d-${randomInt(2 ** 47)}`,
    });
    this.record(answer, 'deposits');
  }

  private async withdraw(player: MoneyPlayer): Promise<void> {
    const answer = await this.untilAnswered(player, 'DepositWithdrawal/CreateWithdrawal', {
      amount: 100 + randomInt(20) * 50,
      withdrawalAccountId: player.accountId,
      idempotencyKey: `chaos-w-${randomInt(2 ** 47)}`,
    });
    const id = this.record(answer, 'withdrawals');
    if (id) player.withdrawals.push(id);
  }

  private async cancel(player: MoneyPlayer): Promise<void> {
    const id = player.withdrawals.splice(
      Math.floor(this.random() * player.withdrawals.length),
      1,
    )[0];
    if (!id) return;
    const answer = await this.untilAnswered(player, 'DepositWithdrawal/CancelWithdrawal', { id });
    if (ok(answer)) this.counts.cancels++;
    else this.counts.refused++;
  }

  /** A page of the statement: each balance is the next older one plus the newer row's amount. */
  private async readStatement(player: MoneyPlayer): Promise<void> {
    const answer = await request(player.slot.origin, 'GET', 'Transaction/GetHistory', player.token);
    if (!ok(answer)) return;
    const items = (answer.body?.result as { items: { amount: number; balance: number }[] }).items;
    for (let i = 0; i + 1 < items.length; i++) {
      const [newer, older] = [items[i], items[i + 1]];
      if (newer && older && Math.abs(older.balance + newer.amount - newer.balance) > 1e-6) {
        this.statementMismatches.push(`${player.id}: ${JSON.stringify([older, newer])}`);
      }
    }
  }

  private record(answer: Answer, kind: 'deposits' | 'withdrawals'): string | null {
    if (!ok(answer)) {
      this.counts.refused++;
      return null;
    }
    const id = (answer.body?.result as { id: string }).id;
    this.acknowledged.add(id);
    this.counts[kind]++;
    return id;
  }

  private method: string | null = null;
  private async methodId(): Promise<string> {
    if (this.method) return this.method;
    const [row] = await this.db.query<{ id: string }>(
      `SELECT id FROM payment_methods WHERE domain = $1 AND active LIMIT 1`,
      [DOMAIN],
    );
    this.method = row?.id ?? '';
    return this.method;
  }

  /** A finance desk: decides a few pending requests at a time, racing the other desk. */
  private async financeLoop(): Promise<void> {
    const authorize = () => undefined;
    while (!this.stopping) {
      const pending = await this.db.query<{ id: string; kind: string }>(
        `SELECT id, kind FROM payment_requests WHERE status = 'PENDING'
         ORDER BY created_at LIMIT 5`,
      );
      for (const { id, kind } of pending) {
        const roll = this.random();
        try {
          await this.db.transaction(async (tx) => {
            if (kind === 'DEPOSIT') {
              await decideDeposit(
                tx,
                roll < 0.75
                  ? { id, decision: 'APPROVE' }
                  : { id, decision: 'REJECT', remark: 'No such payment' },
                {
                  operatorId: this.operatorId,
                  authorize,
                  approval: DEFAULT_SECOND_APPROVAL,
                  now: new Date(),
                },
              );
              this.counts[roll < 0.75 ? 'approved' : 'rejected']++;
            } else {
              await decideWithdrawal(
                tx,
                roll < 0.6
                  ? { id, decision: 'PAID', payoutReference: `UPI${randomInt(1e9)}` }
                  : { id, decision: 'REJECT', remark: 'Account name mismatch' },
                this.operatorId,
                authorize,
              );
              this.counts[roll < 0.6 ? 'paid' : 'rejected']++;
            }
          });
        } catch (error) {
          // The other desk, or the player's cancel, decided it first.
          if (error instanceof ApiError && error.code === 'CONFLICT') this.counts.conflicts++;
          else throw error;
        }
      }
      await sleep(100);
    }
  }
}

/** What the database says about the requests' money. */
export async function moneyFindings(db: Database, acknowledged: ReadonlySet<string>) {
  // Each request's transfers by code, next to what its status says they must be.
  const rows = await db.query<{
    id: string;
    kind: string;
    status: string;
    amount: string;
    deposits: string;
    deposited: string;
    holds: string;
    held: string;
    releases: string;
    payouts: string;
  }>(
    `SELECT r.id, r.kind, r.status, coalesce(r.settled_amount_minor, r.amount_minor)::text AS amount,
       count(*) FILTER (WHERE t.code = 'deposit')::text AS deposits,
       coalesce(sum(e.amount_minor) FILTER (WHERE t.code = 'deposit' AND a.kind = 'player_cash'), 0)::text AS deposited,
       count(*) FILTER (WHERE t.code = 'withdrawal_hold')::text AS holds,
       coalesce(-sum(e.amount_minor) FILTER (WHERE t.code = 'withdrawal_hold' AND a.kind = 'player_cash'), 0)::text AS held,
       count(*) FILTER (WHERE t.code = 'withdrawal_release')::text AS releases,
       count(*) FILTER (WHERE t.code = 'withdrawal')::text AS payouts
     FROM payment_requests r
     LEFT JOIN ledger_transfers t ON t.reference = 'request:' || r.id
     LEFT JOIN ledger_entries e ON e.transfer_id = t.id
     LEFT JOIN ledger_accounts a ON a.id = e.account_id
     GROUP BY r.id`,
  );
  const wrong: string[] = [];
  for (const r of rows) {
    // Entries are two per transfer: counts of transfers are halves of the joined rows.
    const n = (v: string) => Number(v) / 2;
    const expected =
      r.kind === 'DEPOSIT'
        ? { deposits: r.status === 'APPROVED' ? 1 : 0, holds: 0, releases: 0, payouts: 0 }
        : {
            deposits: 0,
            holds: 1,
            releases: r.status === 'CANCELLED' || r.status === 'REJECTED' ? 1 : 0,
            payouts: r.status === 'APPROVED' ? 1 : 0,
          };
    const actual = {
      deposits: n(r.deposits),
      holds: n(r.holds),
      releases: n(r.releases),
      payouts: n(r.payouts),
    };
    const amountsRight =
      (expected.deposits === 0 || r.deposited === r.amount) &&
      (expected.holds === 0 || r.held === r.amount);
    if (JSON.stringify(actual) !== JSON.stringify(expected) || !amountsRight) {
      wrong.push(`${r.kind} ${r.status} ${r.id}: ${JSON.stringify({ actual, r })}`);
    }
  }
  const [held] = await db.query<{ held: string; pending: string }>(
    `SELECT
       (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e
        JOIN ledger_accounts a ON a.id = e.account_id WHERE a.kind = 'withdrawal_pending')::text AS held,
       (SELECT coalesce(sum(amount_minor), 0) FROM payment_requests
        WHERE kind = 'WITHDRAWAL' AND status = 'PENDING')::text AS pending`,
  );
  const known = new Set(rows.map((r) => r.id));
  return {
    requests: rows.length,
    byStatus: Object.fromEntries(
      [...new Set(rows.map((r) => `${r.kind} ${r.status}`))].map((k) => [
        k,
        rows.filter((r) => `${r.kind} ${r.status}` === k).length,
      ]),
    ),
    wrong,
    heldMatchesPending: held?.held === held?.pending,
    held: held ?? null,
    missing: [...acknowledged].filter((id) => !known.has(id)),
  };
}
