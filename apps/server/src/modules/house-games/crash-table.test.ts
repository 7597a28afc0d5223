/**
 * The crash table with real wallet callbacks, on PGlite and PostgreSQL, its clock moved by the
 * test: a bet and a manual cash-out on the server's clock; cash-outs racing the crash (paid at
 * most once); auto cash-outs and the max win paying exactly their multiplier, ticks or none;
 * the betting window's limits and cancel. The ledger is audited after each.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { elapsedMsToReach, multiplierCentiAt } from '@backlay/contract/crash-fairness';
import { TEST_BACKENDS, type Backend } from '../../test-helper';
import { auditLedger, SOUND_LEDGER } from '../wallet';
import type { TablePlayer } from './crash-table';
import { LIVE_LIST_WAITING_MS, winOf } from './crash-table';
import {
  betRow,
  studioApp,
  TEST_CRASH,
  walletRecord,
  type StudioKit,
} from './house-games-test-kit';

describe.each(TEST_BACKENDS)('the crash table (%s)', (backend: Backend) => {
  let kit: StudioKit;
  beforeAll(async () => {
    kit = await studioApp(backend);
  });

  const advanceMs = (ms: number) => kit.clock.advanceSeconds(ms / 1000);

  async function seated(rupees = 1_000) {
    const player = await kit.player(rupees);
    const token = await player.launch();
    const seat: TablePlayer = { provider: 'mac', playerId: player.id, token, currency: 'INR' };
    return { ...player, seat };
  }

  /** Plays empty rounds until one crashes at `min` or more; leaves it taking bets. */
  async function roundCrashingAtLeast(min: number) {
    for (let tries = 0; tries < 500; tries += 1) {
      await kit.table.openBetting();
      const round = kit.table.currentRound();
      if (round && round.crashPointCenti >= min) return round;
      await finishRound();
    }
    throw new Error(`no round crashed at ${min} or more`);
  }

  /** Starts the round (its betting window over) and moves the clock to `elapsedMs` after. */
  async function startAndWait(elapsedMs: number) {
    advanceMs(TEST_CRASH.bettingMs);
    await kit.table.start();
    advanceMs(elapsedMs);
  }

  /** Runs the round to its crash and waits for every callback. */
  async function finishRound() {
    const round = kit.table.currentRound();
    if (round?.phase === 'BETTING') {
      advanceMs(TEST_CRASH.bettingMs);
      await kit.table.start();
    }
    advanceMs((kit.table.currentRound()?.crashMs ?? 0) + 1);
    kit.table.tick();
    await kit.table.settle();
  }

  async function expectSound() {
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  }

  it('takes a bet, cashes it out at the multiplier of the moment on its clock, and pays once', async () => {
    const player = await seated(1_000);
    const round = await roundCrashingAtLeast(150);
    const placed = await kit.table.placeBet(player.seat, {
      slot: 1,
      amountMinor: 10_000,
      autoCashOutCenti: null,
    });
    expect(placed).toMatchObject({ ok: true, balanceMinor: 90_000, bet: { state: 'PLACED' } });
    if (!placed.ok) return;
    // The same slot twice in a round is refused; the second slot is free.
    expect(
      await kit.table.placeBet(player.seat, {
        slot: 1,
        amountMinor: 1_000,
        autoCashOutCenti: null,
      }),
    ).toMatchObject({ ok: false, code: 'SLOT_TAKEN' });
    // Cashing out before the start is refused.
    expect(kit.table.cashOut(player.seat, 1)).toMatchObject({ ok: false, code: 'NOT_RUNNING' });

    const at = elapsedMsToReach(120) + 37;
    expect(at).toBeLessThan(round.crashMs);
    await startAndWait(at);
    const centi = multiplierCentiAt(at);
    expect(kit.table.cashOut(player.seat, 1, 'r1')).toEqual({ ok: true });
    expect(kit.table.cashOut(player.seat, 1, 'r2')).toMatchObject({
      ok: false,
      code: 'ALREADY_CASHED_OUT',
    });
    // Bets are closed once the round runs.
    expect(
      await kit.table.placeBet(player.seat, {
        slot: 2,
        amountMinor: 1_000,
        autoCashOutCenti: null,
      }),
    ).toMatchObject({ ok: false, code: 'BETTING_CLOSED' });
    await finishRound();

    const win = winOf(10_000, centi, TEST_CRASH.maxWinMinor);
    expect(await kit.cash(player.id)).toBe(100_000 - 10_000 + win);
    expect(await betRow(kit.db, placed.bet.betId)).toMatchObject({
      status: 'PAID',
      cashed_out_centi: centi,
      cash_out_reason: 'MANUAL',
      win_minor: String(win),
    });
    const record = await walletRecord(kit.db, placed.bet.betId);
    expect(record.map((r) => [r.kind, r.outcome, r.amount_minor])).toEqual([
      ['debit', 'OK', '10000'],
      ['credit', 'OK', String(win)],
    ]);
    // The round is settled in the log, and the wallet's round id starts with the studio's.
    const [logged] = await kit.db.query<{ status: string }>(
      'SELECT status FROM house_game_rounds WHERE id = $1',
      [round.id],
    );
    expect(logged?.status).toBe('SETTLED');
    expect(placed.bet.betId.startsWith(`${round.id}.`)).toBe(true);
    await expectSound();
  });

  it('decides a cash-out racing the crash one way only, and pays it at most once', async () => {
    const players = await Promise.all([1, 2, 3, 4, 5].map(() => seated(100)));
    const round = await roundCrashingAtLeast(110);
    const bets = [];
    for (const player of players) {
      const placed = await kit.table.placeBet(player.seat, {
        slot: 2,
        amountMinor: 2_000,
        autoCashOutCenti: null,
      });
      if (!placed.ok) throw new Error('the bet was refused');
      bets.push(placed.bet.betId);
    }
    const [a, b, c, d, e] = players.map((p) => p.seat) as [
      TablePlayer,
      TablePlayer,
      TablePlayer,
      TablePlayer,
      TablePlayer,
    ];
    // One millisecond before the crash: a wins, at a multiplier short of the crash point.
    await startAndWait(round.crashMs - 1);
    expect(kit.table.cashOut(a, 2)).toEqual({ ok: true });
    // d cashes out twice in the same instant: the first wins, the second finds it decided.
    expect(kit.table.cashOut(d, 2)).toEqual({ ok: true });
    expect(kit.table.cashOut(d, 2)).toMatchObject({ ok: false, code: 'ALREADY_CASHED_OUT' });
    // The crash's millisecond: its timer has not fired, yet b is too late, and the table
    // crashes then and there; c, after the crash, too.
    advanceMs(1);
    expect(kit.table.cashOut(b, 2)).toMatchObject({ ok: false, code: 'CRASHED' });
    expect(kit.table.currentRound()?.phase).toBe('CRASHED');
    expect(kit.table.cashOut(c, 2)).toMatchObject({ ok: false, code: 'CRASHED' });
    expect(kit.table.tick()).toBe(false);
    kit.table.crash();
    expect(kit.table.cashOut(e, 2)).toMatchObject({ ok: false, code: 'CRASHED' });
    await kit.table.settle();

    const paid = winOf(2_000, multiplierCentiAt(round.crashMs - 1), TEST_CRASH.maxWinMinor);
    expect(multiplierCentiAt(round.crashMs - 1)).toBeLessThan(round.crashPointCenti);
    const cash = await Promise.all(players.map((p) => kit.cash(p.id)));
    expect(cash).toEqual([10_000 - 2_000 + paid, 8_000, 8_000, 10_000 - 2_000 + paid, 8_000]);
    for (const [i, betId] of bets.entries()) {
      const record = await walletRecord(kit.db, betId);
      // One debit and exactly one credit (a win, or zero closing a lost bet); never a rollback.
      expect(record.map((r) => r.kind)).toEqual(['debit', 'credit']);
      expect(record[1]?.amount_minor).toBe(i === 0 || i === 3 ? String(paid) : '0');
      expect((await betRow(kit.db, betId))?.status).toBe(i === 0 || i === 3 ? 'PAID' : 'CLOSED');
    }
    await expectSound();
  });

  it('pays an auto cash-out exactly its target, with ticks or without, and the max win at most', async () => {
    const round = await roundCrashingAtLeast(500);
    const crash = round.crashPointCenti;
    const [early, exact, over, lagging, manual, big] = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => seated(20_000)),
    );
    const place = async (
      player: Awaited<ReturnType<typeof seated>> | undefined,
      amountMinor: number,
      auto: number | null,
    ) => {
      if (!player) throw new Error('no player');
      const placed = await kit.table.placeBet(player.seat, {
        slot: 1,
        amountMinor,
        autoCashOutCenti: auto,
      });
      if (!placed.ok) throw new Error(`refused: ${placed.code}`);
      return placed.bet.betId;
    };
    const ids = {
      early: await place(early, 1_000, 150),
      exact: await place(exact, 3_333, crash),
      over: await place(over, 1_000, crash + 1),
      lagging: await place(lagging, 1_001, 250),
      manual: await place(manual, 1_000, 200),
      // ₹10,000 at up to 50x: the ₹50,000 max win stops it at 5.00x.
      big: await place(big, 1_000_000, 5_000),
    };
    // A tick past 1.50x pays the early one at exactly 1.50x, not at the tick's multiplier.
    await startAndWait(elapsedMsToReach(150) + 400);
    expect(multiplierCentiAt(elapsedMsToReach(150) + 400)).toBeGreaterThan(150);
    kit.table.tick();
    // The manual cash-out comes after its own auto target (2.00x) passed: the target paid it.
    advanceMs(elapsedMsToReach(210) - elapsedMsToReach(150) - 400);
    expect(kit.table.cashOut(manual?.seat as TablePlayer, 1)).toMatchObject({
      ok: false,
      code: 'ALREADY_CASHED_OUT',
    });
    // No tick again until after the crash: the lagging one (2.50x) is paid all the same.
    advanceMs(round.crashMs);
    kit.table.tick();
    await kit.table.settle();

    const expectPaid = async (betId: string, centi: number, winMinor: number, reason: string) => {
      expect(await betRow(kit.db, betId)).toMatchObject({
        status: 'PAID',
        cashed_out_centi: centi,
        cash_out_reason: reason,
        win_minor: String(winMinor),
      });
      const credit = (await walletRecord(kit.db, betId)).find((r) => r.kind === 'credit');
      expect(credit?.amount_minor).toBe(String(winMinor));
    };
    await expectPaid(ids.early, 150, 1_500, 'AUTO');
    await expectPaid(ids.exact, crash, Math.floor((3_333 * crash) / 100), 'AUTO');
    await expectPaid(ids.lagging, 250, Math.floor((1_001 * 250) / 100), 'AUTO');
    await expectPaid(ids.manual, 200, 2_000, 'AUTO');
    await expectPaid(ids.big, 500, TEST_CRASH.maxWinMinor, 'MAX_WIN');
    expect(await betRow(kit.db, ids.over)).toMatchObject({ status: 'CLOSED', win_minor: null });
    expect(await kit.cash(big?.id ?? '')).toBe(2_000_000 - 1_000_000 + TEST_CRASH.maxWinMinor);
    await expectSound();
  });

  it('keeps to the table limits, and gives a cancelled bet back once', async () => {
    const player = await seated(50);
    await kit.table.openBetting();
    const seat = player.seat;
    const bet = (amountMinor: number, auto: number | null = null, slot: 1 | 2 = 1) =>
      kit.table.placeBet(seat, { slot, amountMinor, autoCashOutCenti: auto });
    expect(await bet(999)).toMatchObject({ ok: false, code: 'BELOW_MIN_BET' });
    expect(await bet(1_000_001)).toMatchObject({ ok: false, code: 'ABOVE_MAX_BET' });
    expect(await bet(1_000, 100)).toMatchObject({ ok: false, code: 'BAD_AUTO_CASH_OUT' });
    expect(await bet(1_000, 1_000_001)).toMatchObject({ ok: false, code: 'BAD_AUTO_CASH_OUT' });
    // ₹50 does not cover ₹60: the wallet refuses, with the balance; nothing moves.
    expect(await bet(6_000)).toMatchObject({
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
      balanceMinor: 5_000,
    });
    const placed = await bet(2_000, null, 2);
    expect(placed).toMatchObject({ ok: true, balanceMinor: 3_000 });
    const cancelled = await kit.table.cancelBet(seat, 2);
    expect(cancelled).toMatchObject({ ok: true, balanceMinor: 5_000, bet: { state: 'CANCELLED' } });
    expect(await kit.table.cancelBet(seat, 2)).toMatchObject({ ok: false, code: 'NO_BET' });
    // The slot is free again.
    expect(await bet(1_000, null, 2)).toMatchObject({ ok: true, balanceMinor: 4_000 });
    await finishRound();
    if (!placed.ok) return;
    expect((await walletRecord(kit.db, placed.bet.betId)).map((r) => [r.kind, r.outcome])).toEqual([
      ['debit', 'OK'],
      ['rollback', 'OK'],
    ]);
    expect((await betRow(kit.db, placed.bet.betId))?.status).toBe('REFUNDED');
    expect(await kit.cash(player.id)).toBe(4_000);
    await expectSound();
  });
  it('sends the live list between rounds at most every LIVE_LIST_WAITING_MS', async () => {
    const player = await seated(1_000);
    await roundCrashingAtLeast(101);
    let messages = 0;
    const unsubscribe = kit.table.subscribe({
      broadcast: (message) => {
        if (message.type === 'bets') messages += 1;
      },
      toPlayer: () => undefined,
    });
    const spanMs = 1_200;
    try {
      // The list changes every 50 ms: a bet placed, then taken back.
      const until = performance.now() + spanMs;
      while (performance.now() < until) {
        const placed = await kit.table.placeBet(player.seat, {
          slot: 1,
          amountMinor: 1_000,
          autoCashOutCenti: null,
        });
        expect(placed).toMatchObject({ ok: true });
        await new Promise((resolve) => setTimeout(resolve, 25));
        expect(await kit.table.cancelBet(player.seat, 1)).toMatchObject({ ok: true });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await new Promise((resolve) => setTimeout(resolve, LIVE_LIST_WAITING_MS));
    } finally {
      unsubscribe();
    }
    // A tick's time (150 ms) would have sent 8 or more.
    expect(messages).toBeGreaterThanOrEqual(2);
    expect(messages).toBeLessThanOrEqual(Math.ceil(spanMs / LIVE_LIST_WAITING_MS) + 1);
    await finishRound();
    expect(await kit.cash(player.id)).toBe(100_000);
    await expectSound();
  });
});
