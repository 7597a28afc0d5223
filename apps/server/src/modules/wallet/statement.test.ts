import { describe, expect, it } from 'vitest';
import { playerDetailSchema } from '@backlay/contract/admin';
import { TEST_BACKENDS } from '../../test-helper';
import { getBalances, type PlayerRef } from './ledger';
import { playerStatement, playerStatementPage, type StatementAnchor } from './statement';
import { deposit, holdExposure, releaseExposure, withdraw } from './wallet-movements';
import { expectSoundLedger, fund, key, newPlayer, walletTestDatabase } from './wallet-test-helpers';

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}

describe.each(TEST_BACKENDS)("a player's statement on %s", async (backend) => {
  const db = await walletTestDatabase(backend);

  /** Posts one movement in a transaction of its own, asserting it went through. */
  async function post(work: Parameters<typeof db.transaction>[0]): Promise<void> {
    const result = (await db.transaction(work)) as { status: string };
    expect(result.status).toBe('ok');
  }

  /** A real-money player with deposits of ₹100 and ₹50, a ₹30 withdrawal and a bet's hold. */
  async function playerWithMovements(): Promise<PlayerRef> {
    const player = newPlayer('real');
    await fund(db, player, 10_000);
    await fund(db, player, 5_000);
    await post((tx) =>
      withdraw(tx, { ...player, amountMinor: 3_000, idempotencyKey: key('withdraw') }),
    );
    await post((tx) =>
      holdExposure(tx, {
        ...player,
        amountMinor: 2_500,
        reference: '1.200000001',
        idempotencyKey: key('hold'),
      }),
    );
    await post((tx) =>
      releaseExposure(tx, {
        ...player,
        amountMinor: 1_000,
        reference: '1.200000001',
        idempotencyKey: key('release'),
      }),
    );
    return player;
  }

  it('lists the balance movements newest first with the balance each left', async () => {
    const player = await playerWithMovements();
    // Someone else's movements on the same brand are not in it.
    await fund(db, newPlayer('real', player.domain), 7_000);

    const lines = await playerStatement(db, player, 50);
    expect(playerDetailSchema.shape.statement.parse(lines)).toEqual(lines);
    expect(
      lines.map(({ code, amount, balanceAfter, reference }) => ({
        code,
        amount,
        balanceAfter,
        reference,
      })),
    ).toEqual([
      // A hold and a release move cash to exposure and back: the balance stays.
      { code: 'bet_release', amount: 0, balanceAfter: 120, reference: '1.200000001' },
      { code: 'bet_hold', amount: 0, balanceAfter: 120, reference: '1.200000001' },
      { code: 'withdrawal', amount: -30, balanceAfter: 120, reference: null },
      { code: 'deposit', amount: 50, balanceAfter: 150, reference: null },
      { code: 'deposit', amount: 100, balanceAfter: 100, reference: null },
    ]);
    // The newest balance is the balance the wallet reports (cash + exposure).
    const balances = await getBalances(db, player);
    expect(balances.exposureMinor).toBe(1_500);
    expect(lines[0]?.balanceAfter).toBe(balances.balanceMinor / 100);
    const times = lines.map((line) => Date.parse(line.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(lines.map((line) => line.transferId)).size).toBe(lines.length);
    await expectSoundLedger(db);
  });

  it('gives the right balances on a page shorter than the history', async () => {
    const player = await playerWithMovements();
    const lines = await playerStatement(db, player, 2);
    expect(lines.map((line) => [line.amount, line.balanceAfter])).toEqual([
      [0, 120],
      [0, 120],
    ]);
  });

  it('says what each movement did to the cash and the exposure, and pages by its anchor', async () => {
    const player = await playerWithMovements();
    const page = (after: StatementAnchor | null, limit: number) =>
      playerStatementPage(db, { player, codes: null, from: null, to: null, after, limit });
    const first = await page(null, 2);
    expect(
      first.map(({ code, amountMinor, cashMinor, exposureMinor, availableAfterMinor }) => ({
        code,
        amountMinor,
        cashMinor,
        exposureMinor,
        availableAfterMinor,
      })),
    ).toEqual([
      {
        code: 'bet_release',
        amountMinor: 0,
        cashMinor: 1_000,
        exposureMinor: -1_000,
        availableAfterMinor: 10_500,
      },
      {
        code: 'bet_hold',
        amountMinor: 0,
        cashMinor: -2_500,
        exposureMinor: 2_500,
        availableAfterMinor: 9_500,
      },
    ]);
    const last = must(first.at(-1));
    const rest = await page(
      {
        seq: last.seq,
        balanceBeforeMinor: last.balanceAfterMinor - last.amountMinor,
        availableBeforeMinor: last.availableAfterMinor - last.cashMinor,
      },
      10,
    );
    expect(
      rest.map((line) => [line.code, line.balanceAfterMinor, line.availableAfterMinor]),
    ).toEqual([
      ['withdrawal', 12_000, 12_000],
      ['deposit', 15_000, 15_000],
      ['deposit', 10_000, 10_000],
    ]);
    // Folding holds away (the codes of everything else) keeps every other line's balance.
    const folded = await playerStatementPage(db, {
      player,
      codes: ['deposit', 'withdrawal'],
      from: null,
      to: null,
      after: null,
      limit: 10,
    });
    expect(folded.map((line) => line.balanceAfterMinor)).toEqual([12_000, 15_000, 10_000]);
  });

  it('reads the play-money book of a demo player, and nothing for a player with no account', async () => {
    const demo = newPlayer('play');
    await fund(db, demo, 100_000);
    expect(await playerStatement(db, demo, 10)).toMatchObject([
      { code: 'demo_grant', amount: 1000, balanceAfter: 1000 },
    ]);
    // The same player's real-money book is empty.
    expect(await playerStatement(db, { ...demo, book: 'real' }, 10)).toEqual([]);
    expect(await playerStatement(db, newPlayer('real'), 10)).toEqual([]);
  });

  it('agrees with the ledger however many movements a player has', async () => {
    const player = newPlayer('real');
    let expected = 0;
    for (let i = 1; i <= 30; i++) {
      const amountMinor = 100 * i;
      if (i % 3 === 0) {
        await post((tx) =>
          withdraw(tx, { ...player, amountMinor: 50 * i, idempotencyKey: key('w') }),
        );
        expected -= 50 * i;
      } else {
        await post((tx) => deposit(tx, { ...player, amountMinor, idempotencyKey: key('d') }));
        expected += amountMinor;
      }
    }
    const lines = await playerStatement(db, player, 100);
    expect(lines).toHaveLength(30);
    expect(lines[0]?.balanceAfter).toBe(expected / 100);
    // Each line's balance is the older line's plus its own amount, down to nothing.
    for (const [i, line] of lines.entries()) {
      const older = lines[i + 1]?.balanceAfter ?? 0;
      expect(Math.round((older + line.amount) * 100)).toBe(Math.round(line.balanceAfter * 100));
    }
  });
});
