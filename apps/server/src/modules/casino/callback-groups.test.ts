/**
 * Callbacks committed in groups answer exactly as the same callbacks one at a time: random
 * flows of debits (new rounds, joining rounds, more than the cash), credits (wins, losses,
 * closing or not, on closed rounds), repeats, reused ids and rollbacks, sent wave by wave. In
 * the grouped run each wave's callbacks arrive at once and commit in groups; in the reference
 * run a mirror player of each sends the same callbacks one by one. Answers, cash and rounds must
 * be the same, and the ledger sound. On PGlite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { rowsReadDuring } from '../../db/rows-read-test-kit';
import { TEST_BACKENDS, type Backend } from '../../test-helper';
import { auditLedger, SOUND_LEDGER } from '../wallet';
import { casinoApp, newId, outcomeOf, type SentCallback } from './casino-test-kit';

/** A small seeded generator (mulberry32): the same flow on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Step =
  | { action: 'debit'; body: { tx: string; round: string; amountMinor: number } }
  | {
      action: 'credit';
      body: { tx: string; round: string; amountMinor: number; roundClosed: boolean };
    }
  | { action: 'rollback'; body: { tx: string; round: string; debit: string } }
  | { action: 'repeat'; of: number; change: boolean };

/** Each player's steps, one per wave: every flow is the player's own, ids unique to it. */
function flows(players: number, waves: number, seed: number): Step[][] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return Array.from({ length: players }, (_, p) => {
    const steps: Step[] = [];
    const rounds: { round: string; debits: string[] }[] = [];
    for (let w = 0; w < waves; w++) {
      const id = (kind: string) => `${kind}-${seed}-${p}-${w}`;
      const roll = next();
      const known = rounds.length > 0 ? pick(rounds) : null;
      if (roll < 0.3 || !known) {
        // Sometimes more than the player has.
        const amountMinor = next() < 0.15 ? 50_000 : 100 + Math.floor(next() * 2_000);
        const round = id('round');
        rounds.push({ round, debits: [id('bet')] });
        steps.push({ action: 'debit', body: { tx: id('bet'), round, amountMinor } });
      } else if (roll < 0.42) {
        known.debits.push(id('bet'));
        steps.push({
          action: 'debit',
          body: { tx: id('bet'), round: known.round, amountMinor: 100 + Math.floor(next() * 500) },
        });
      } else if (roll < 0.75) {
        steps.push({
          action: 'credit',
          body: {
            tx: id('win'),
            round: known.round,
            amountMinor: next() < 0.4 ? 0 : Math.floor(next() * 4_000),
            roundClosed: next() < 0.7,
          },
        });
      } else if (roll < 0.85) {
        steps.push({
          action: 'rollback',
          body: { tx: id('cancel'), round: known.round, debit: pick(known.debits) },
        });
      } else {
        const earlier = steps
          .map((step, i) => ({ step, i }))
          .filter(({ step }) => step.action === 'debit' || step.action === 'credit');
        if (earlier.length === 0) {
          steps.push({
            action: 'debit',
            body: { tx: id('bet'), round: id('round'), amountMinor: 100 },
          });
          continue;
        }
        steps.push({ action: 'repeat', of: pick(earlier).i, change: next() < 0.3 });
      }
    }
    return steps;
  });
}

/** A comparable answer: the player's id left out and the run's prefix off the ids. */
function comparable(sent: SentCallback) {
  const { playerId: _playerId, ...rest } = sent.answer as {
    playerId?: string;
    transactionId?: string;
    status: string;
    code?: string;
  };
  return {
    httpStatus: sent.status,
    ...rest,
    ...(rest.transactionId ? { transactionId: rest.transactionId.slice(2) } : {}),
  };
}

describe.each(TEST_BACKENDS)('casino callbacks in groups (%s)', (backend: Backend) => {
  it('answer, pay and close rounds exactly as the same callbacks one at a time', async () => {
    const kit = await casinoApp(backend);
    const mac = kit.provider('mac');
    const PLAYERS = 10;
    const WAVES = 14;
    const plan = flows(PLAYERS, WAVES, backend === 'postgres' ? 7 : 11);
    const grouped = await Promise.all(
      plan.map(async () => {
        const player = await kit.player(200);
        return { player, token: await player.launch() };
      }),
    );
    const alone = await Promise.all(
      plan.map(async () => {
        const player = await kit.player(200);
        return { player, token: await player.launch() };
      }),
    );

    /** Sends one step for a player whose ids carry `side`, so the two runs never share ids. */
    function send(side: string, token: string, steps: Step[], w: number): Promise<SentCallback> {
      let step = steps[w] as Step;
      let change = false;
      if (step.action === 'repeat') {
        change = step.change;
        step = steps[step.of] as Step;
      }
      const ids = <T extends { tx: string; round: string }>(body: T) => ({
        ...body,
        tx: `${side}${body.tx}`,
        round: `${side}${body.round}`,
      });
      switch (step.action) {
        case 'debit': {
          const body = ids(step.body);
          return mac.debit(token, body.amountMinor + (change ? 1 : 0), body);
        }
        case 'credit': {
          const body = ids(step.body);
          return mac.credit(token, body.amountMinor + (change ? 1 : 0), body.round, body);
        }
        case 'rollback': {
          const body = ids(step.body);
          return mac.rollback(token, body.round, `${side}${step.body.debit}`, body.tx);
        }
        case 'repeat':
          throw new Error('a repeat of a repeat');
      }
    }

    const groupedAnswers: ReturnType<typeof comparable>[][] = [];
    const aloneAnswers: ReturnType<typeof comparable>[][] = [];
    for (let w = 0; w < WAVES; w++) {
      // The grouped run: every player's callback of the wave at once.
      const wave = await Promise.all(
        grouped.map(({ token }, p) => send('g-', token, plan[p] as Step[], w)),
      );
      groupedAnswers.push(wave.map(comparable));
      // The reference: one by one.
      const one: ReturnType<typeof comparable>[] = [];
      for (const [p, { token }] of alone.entries()) {
        one.push(comparable(await send('a-', token, plan[p] as Step[], w)));
      }
      aloneAnswers.push(one);
    }
    expect(groupedAnswers).toEqual(aloneAnswers);
    // Something of each kind happened, so the comparison meant something.
    const outcomes = new Set(groupedAnswers.flat().map((answer) => answer.code ?? answer.status));
    for (const expected of ['OK', 'INSUFFICIENT_FUNDS', 'DUPLICATE_TRANSACTION']) {
      expect(outcomes).toContain(expected);
    }

    for (let p = 0; p < PLAYERS; p++) {
      const g = grouped[p];
      const a = alone[p];
      if (!g || !a) throw new Error('a player is missing');
      expect(await kit.cash(g.player.id)).toBe(await kit.cash(a.player.id));
    }
    const rounds = async (prefix: string) =>
      (
        await kit.db.query<{ round_id: string; status: string; stake: string; win: string }>(
          `SELECT substr(round_id, 3) AS round_id, status, stake_minor::text AS stake,
             win_minor::text AS win
           FROM casino_rounds WHERE round_id LIKE $1 ORDER BY 1`,
          [`${prefix}%`],
        )
      ).map((row) => ({ ...row }));
    const groupedRounds = await rounds('g-');
    expect(groupedRounds.length).toBeGreaterThan(PLAYERS);
    expect(groupedRounds).toEqual(await rounds('a-'));
    // The grouped run did commit callbacks together (rows of one transaction share its xmin),
    // and the reference run one by one.
    const transactions = async (prefix: string) =>
      kit.db.query<{ callbacks: number; transactions: number }>(
        `SELECT count(*)::int AS callbacks, count(DISTINCT xmin::text)::int AS transactions
         FROM casino_transactions WHERE transaction_id LIKE $1 AND kind <> 'rollback'`,
        [`${prefix}%`],
      );
    const [together] = await transactions('g-');
    expect(together?.transactions).toBeLessThan(together?.callbacks ?? 0);
    const [apart] = await transactions('a-');
    expect(apart?.transactions).toBe(apart?.callbacks);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  }, 120_000);

  it('commits a group in two round trips, its read and its write with COMMIT', async () => {
    const kit = await casinoApp(backend);
    const mac = kit.provider('mac');
    const players = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const player = await kit.player(100);
        return { player, token: await player.launch() };
      }),
    );
    // Each transaction from here on: its statements awaited one by one, and those sent with
    // COMMIT (BEGIN travels with the first statement).
    const sent: { queries: number; atCommit: number }[] = [];
    const transaction = kit.db.transaction.bind(kit.db);
    kit.db.transaction = (work, options) =>
      transaction((tx) => {
        const count = { queries: 0, atCommit: 0 };
        sent.push(count);
        return work({
          ...tx,
          query: (sql, params) => {
            count.queries++;
            return tx.query(sql, params);
          },
          queryAtCommit: (sql, params) => {
            count.atCommit++;
            tx.queryAtCommit(sql, params);
          },
          readAtCommit: (sql, params) => {
            count.atCommit++;
            return tx.readAtCommit(sql, params);
          },
        });
      }, options);
    const rounds = players.map(() => newId('round'));
    const debits = await Promise.all(
      players.map(({ token }, p) => mac.debit(token, 100, { round: rounds[p] })),
    );
    const credits = await Promise.all(
      players.map(({ token }, p) => mac.credit(token, p % 2 ? 0 : 300, rounds[p] as string)),
    );
    expect([...debits, ...credits].map(outcomeOf)).toEqual([...debits, ...credits].map(() => 'OK'));
    // Fewer transactions than callbacks: they were grouped, and each group took two round trips.
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.length).toBeLessThan(2 * players.length);
    expect(sent).toEqual(sent.map(() => ({ queries: 1, atCommit: 1 })));
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('joins two first debits of one round racing in busy groups, and answers the rest', async () => {
    const kit = await casinoApp(backend);
    const mac = kit.provider('mac');
    const players = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const player = await kit.player(100);
        return { player, token: await player.launch() };
      }),
    );
    const [first] = players;
    if (!first) throw new Error('no player');
    for (let attempt = 0; attempt < 3; attempt++) {
      const round = `race-${backend}-${attempt}`;
      const sent = await Promise.all([
        mac.debit(first.token, 100, { round, tx: `${round}-a` }),
        ...players.slice(1).map(({ token }) => mac.debit(token, 100)),
        mac.debit(first.token, 200, { round, tx: `${round}-b` }),
      ]);
      expect(sent.map((one) => one.answer.status)).toEqual(sent.map(() => 'OK'));
      const [row] = await kit.db.query<{ stake: string; status: string }>(
        `SELECT stake_minor::text AS stake, status FROM casino_rounds WHERE round_id = $1`,
        [round],
      );
      expect(row).toEqual({ stake: '300', status: 'OPEN' });
    }
    expect(await kit.cash(first.player.id)).toBe(10_000 - 3 * 300);
    for (const { player } of players.slice(1)) expect(await kit.cash(player.id)).toBe(9_700);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('casino callbacks on a young database', () => {
  it('find their rows by key while the statistics still say the tables are empty', async () => {
    const kit = await casinoApp('postgres');
    const mac = kit.provider('mac');
    // A fresh install: the round log's tables analyzed while empty, and not again while they
    // grow (autovacuum would, some time later). Plans made now are reused as they fill.
    const grown = ['casino_transactions', 'casino_rounds'];
    for (const table of grown) {
      await kit.db.exec(`ALTER TABLE ${table} SET (autovacuum_enabled = false); ANALYZE ${table}`);
    }
    const players = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const player = await kit.player(1_000);
        return { player, token: await player.launch() };
      }),
    );
    const play = async () => {
      const rounds = players.map(() => newId('round'));
      const debits = await Promise.all(
        players.map(({ token }, p) => mac.debit(token, 100, { round: rounds[p] })),
      );
      const credits = await Promise.all(
        players.map(({ token }, p) => mac.credit(token, 50, rounds[p] as string)),
      );
      expect([...debits, ...credits].map(outcomeOf).filter((o) => o !== 'OK')).toEqual([]);
    };
    // 400 rounds, each a debit and a credit: 800 rows the tables' statistics do not know of.
    for (let wave = 0; wave < 50; wave++) await play();

    // From here each group's statements run at once, and the group counts the rows they read
    // of those tables: by the table's own scans and through its indexes (PostgreSQL's counts of
    // this connection, not yet sent to its statistics).
    const groups: { callbacks: number; read: Record<string, number> }[] = [];
    const transaction = kit.db.transaction.bind(kit.db);
    kit.db.transaction = (work, options) =>
      transaction(async (tx) => {
        let callbacks = 0;
        const { result, read } = await rowsReadDuring(tx, grown, () =>
          work({
            ...tx,
            readAtCommit: async <T>(sql: string, params?: unknown[]) => {
              const rows = await tx.query<T>(sql, params);
              callbacks = rows.length;
              return rows;
            },
          }),
        );
        groups.push({
          callbacks,
          read: Object.fromEntries(grown.map((t, i) => [t, read[i] ?? 0])),
        });
        return result;
      }, options);
    await play();
    expect(groups.filter((group) => group.callbacks > 1)).not.toEqual([]);
    // A lookup by key reads a few rows per callback; a scan read them all (hundreds).
    for (const group of groups) {
      for (const table of grown) {
        expect(group.read[table], `${table}, a group of ${group.callbacks}`).toBeLessThanOrEqual(
          4 * Math.max(group.callbacks, 1),
        );
      }
    }
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  }, 120_000);
});
