/**
 * A restart in the middle of a round, on PGlite and PostgreSQL: the studio's wallet is cut off
 * as a dying process would leave it (answers lost, credits never sent, a crash written and its
 * bets not), then the start-up recovery finishes every bet from the round log: paid if it was
 * decided won, closed if lost, given back if its round never crashed or its debit's fate is
 * unknown. Each bet ends with exactly one credit or one rollback at the wallet, never both and
 * never neither, and running the recovery again moves nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { elapsedMsToReach, multiplierCentiAt } from '@backlay/contract/crash-fairness';
import { TEST_BACKENDS, type Backend } from '../../test-helper';
import { auditLedger, SOUND_LEDGER } from '../wallet';
import { transactionIds } from './bet-callbacks';
import { CrashTable, winOf, type TablePlayer } from './crash-table';
import {
  betRow,
  quiet,
  studioApp,
  studioWallets,
  takenFor,
  TEST_CRASH,
  type StudioKit,
} from './house-games-test-kit';
import { recoverRounds } from './recovery';
import { insertBets, moveRound } from './round-log';

describe.each(TEST_BACKENDS)('a restart in the middle of a round (%s)', (backend: Backend) => {
  let kit: StudioKit;
  let table: CrashTable;
  /** The app's wallet, and as the dying process's network reaches it (`wallets.faults`). */
  let wallets: ReturnType<typeof studioWallets>;

  beforeAll(async () => {
    kit = await studioApp(backend);
    wallets = studioWallets(kit.app);
    // The table of the process that is about to die, on the same database as the app's.
    await kit.table.stop();
    table = new CrashTable({
      db: kit.db,
      wallet: wallets.faulty,
      gameCode: 'sbe_aviator',
      settings: TEST_CRASH,
      log: quiet,
      now: () => kit.clock.now().getTime(),
      retryDelaysMs: [],
    });
    await table.open();
  });

  const advanceMs = (ms: number) => kit.clock.advanceSeconds(ms / 1000);
  const recover = () =>
    recoverRounds({
      db: kit.db,
      wallet: wallets.wallet,
      gameCode: 'sbe_aviator',
      settings: TEST_CRASH,
      log: quiet,
      retryDelaysMs: [],
    });

  async function seated(rupees = 100) {
    const player = await kit.player(rupees);
    const seat: TablePlayer = {
      provider: 'mac',
      playerId: player.id,
      token: await player.launch(),
      currency: 'INR',
    };
    return { ...player, seat };
  }

  /** Plays `on`'s rounds until one that crashes at `min` or more is taking bets. */
  async function roundCrashingAtLeast(min: number, on: CrashTable = table) {
    for (let tries = 0; tries < 500; tries += 1) {
      await on.openBetting();
      const round = on.currentRound();
      if (round && round.crashPointCenti >= min) return round;
      advanceMs(TEST_CRASH.bettingMs);
      await on.start();
      advanceMs(round?.crashMs ?? 0);
      on.tick();
      await on.settle();
    }
    throw new Error('no such round');
  }

  const taken = (betId: string) => takenFor(kit.db, betId);

  /** A ₹20 bet on slot 1 with no auto cash-out, placed on `on`; its bet id. */
  async function placedBetId(seat: TablePlayer, on: CrashTable = table): Promise<string> {
    const placed = await on.placeBet(seat, { slot: 1, amountMinor: 2_000, autoCashOutCenti: null });
    if (!placed.ok) throw new Error(placed.code);
    return placed.bet.betId;
  }

  it('refunds or completes every bet of a round cut off before its crash, exactly once', async () => {
    const [stays, cashed, lostAnswer, neverSent] = await Promise.all(
      [1, 2, 3, 4].map(() => seated()),
    );
    if (!stays || !cashed || !lostAnswer || !neverSent) throw new Error('no players');
    const round = await roundCrashingAtLeast(130);
    const bet = (seat: TablePlayer) => placedBetId(seat);
    const stayingBet = await bet(stays.seat);
    const cashedBet = await bet(cashed.seat);
    // A debit whose answer was lost on the way back: its fate unknown, the table gives it back
    // at once with a rollback.
    wallets.faults.loseDebitAnswers = true;
    const lostPlacement = await table.placeBet(lostAnswer.seat, {
      slot: 2,
      amountMinor: 3_000,
      autoCashOutCenti: null,
    });
    wallets.faults.loseDebitAnswers = false;
    expect(lostPlacement).toMatchObject({ ok: false, code: 'WALLET_UNAVAILABLE' });
    // A bet recorded as PENDING whose debit never left the process.
    const neverSentBet = `${round.id}.1neversent`;
    await insertBets(kit.db, [
      {
        id: neverSentBet,
        roundId: round.id,
        provider: 'mac',
        playerId: neverSent.id,
        playerToken: neverSent.seat.token,
        currency: 'INR',
        slot: 1,
        amountMinor: 4_000,
        autoCashOutCenti: null,
      },
    ]);

    // The round runs; one player cashes out, and the process dies before the win is credited.
    advanceMs(TEST_CRASH.bettingMs);
    await table.start();
    const at = elapsedMsToReach(120);
    advanceMs(at);
    wallets.faults.dropCredits = true;
    expect(table.cashOut(cashed.seat, 1)).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    wallets.faults.dropCredits = false;
    expect((await betRow(kit.db, cashedBet))?.status).toBe('WON');
    expect((await betRow(kit.db, stayingBet))?.status).toBe('PLACED');

    // The restart.
    const report = await recover();
    expect(report).toMatchObject({ rounds: 1, paid: 1, unfinished: 0 });
    expect(report.refunded).toBeGreaterThanOrEqual(2);
    const win = winOf(2_000, multiplierCentiAt(at), TEST_CRASH.maxWinMinor);
    expect(await taken(stayingBet)).toEqual(['debit 2000', 'rollback 2000']);
    expect(await taken(cashedBet)).toEqual(['debit 2000', `credit ${win}`]);
    expect((await betRow(kit.db, stayingBet))?.status).toBe('REFUNDED');
    expect((await betRow(kit.db, cashedBet))?.status).toBe('PAID');
    expect((await betRow(kit.db, neverSentBet))?.status).toBe('REFUNDED');
    expect(await kit.cash(stays.id)).toBe(10_000);
    expect(await kit.cash(cashed.id)).toBe(10_000 - 2_000 + win);
    expect(await kit.cash(lostAnswer.id)).toBe(10_000);
    expect(await kit.cash(neverSent.id)).toBe(10_000);
    // The debit that never left is refused should it arrive now: its rollback came first.
    const late = await wallets.wallet.debit('mac', {
      token: neverSent.seat.token,
      transactionId: transactionIds(neverSentBet).debit,
      roundId: neverSentBet,
      gameCode: 'sbe_aviator',
      currency: 'INR',
      amountMinor: 4_000,
    });
    expect(late).toMatchObject({ status: 'ERROR', code: 'TRANSACTION_ROLLED_BACK' });
    expect(await kit.cash(neverSent.id)).toBe(10_000);
    const [logged] = await kit.db.query<{ status: string }>(
      'SELECT status FROM house_game_rounds WHERE id = $1',
      [round.id],
    );
    expect(logged?.status).toBe('VOIDED');

    // A second start finds nothing to do, and nothing moves.
    expect(await recover()).toEqual({ rounds: 0, paid: 0, closed: 0, refunded: 0, unfinished: 0 });
    expect(await kit.cash(cashed.id)).toBe(10_000 - 2_000 + win);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('completes a round whose crash was written: targets reached are paid, the rest closed', async () => {
    const players = await Promise.all([1, 2, 3].map(() => seated()));
    const round = await roundCrashingAtLeast(200);
    const ids: string[] = [];
    for (const [i, player] of players.entries()) {
      const placed = await table.placeBet(player.seat, {
        slot: 1,
        amountMinor: 1_000,
        // Reached, exactly the crash point (reached), beyond it (lost).
        autoCashOutCenti: [150, round.crashPointCenti, round.crashPointCenti + 1][i] ?? null,
      });
      if (!placed.ok) throw new Error(placed.code);
      ids.push(placed.bet.betId);
    }
    advanceMs(TEST_CRASH.bettingMs);
    await table.start();
    // The process writes the crash and dies before deciding the bets.
    await moveRound(kit.db, round.id, 'CRASHED', { crashedAt: kit.clock.now() });
    await table.stop();

    const report = await recover();
    expect(report).toMatchObject({ rounds: 1, paid: 2, closed: 1, refunded: 0, unfinished: 0 });
    const crash = round.crashPointCenti;
    expect(await taken(ids[0] ?? '')).toEqual(['debit 1000', 'credit 1500']);
    expect(await taken(ids[1] ?? '')).toEqual([
      'debit 1000',
      `credit ${Math.floor((1_000 * crash) / 100)}`,
    ]);
    expect(await taken(ids[2] ?? '')).toEqual(['debit 1000', 'credit 0']);
    expect(await betRow(kit.db, ids[1] ?? '')).toMatchObject({
      status: 'PAID',
      cashed_out_centi: crash,
      cash_out_reason: 'AUTO',
    });
    const [logged] = await kit.db.query<{ status: string }>(
      'SELECT status FROM house_game_rounds WHERE id = $1',
      [round.id],
    );
    expect(logged?.status).toBe('SETTLED');
    expect(await recover()).toMatchObject({ rounds: 0 });
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  /** Another process's table on the same database, to be cut off in its turn. */
  async function anotherTable(): Promise<CrashTable> {
    const other = new CrashTable({
      db: kit.db,
      wallet: wallets.faulty,
      gameCode: 'sbe_aviator',
      settings: TEST_CRASH,
      log: quiet,
      now: () => kit.clock.now().getTime(),
      retryDelaysMs: [],
    });
    await other.open();
    return other;
  }

  it('gives back a bet accepted in a window the restart cut off, PENDING in the log until the window closed', async () => {
    const other = await anotherTable();
    const player = await seated();
    await other.openBetting();
    const placed = await other.placeBet(player.seat, {
      slot: 1,
      amountMinor: 2_500,
      autoCashOutCenti: null,
    });
    if (!placed.ok) throw new Error(placed.code);
    const betId = placed.bet.betId;
    // Debited and answered, and still PENDING in the log: PLACED is written when betting closes.
    expect(await taken(betId)).toEqual(['debit 2500']);
    expect((await betRow(kit.db, betId))?.status).toBe('PENDING');
    expect(await kit.cash(player.id)).toBe(7_500);

    // The process dies in the window.
    const report = await recover();
    expect(report).toMatchObject({ rounds: 1, refunded: 1, paid: 0, closed: 0, unfinished: 0 });
    expect(await taken(betId)).toEqual(['debit 2500', 'rollback 2500']);
    expect((await betRow(kit.db, betId))?.status).toBe('REFUNDED');
    expect(await kit.cash(player.id)).toBe(10_000);
    expect(await recover()).toMatchObject({ rounds: 0 });
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });

  it('sends again, once, a credit the wallet took before a restart cut off the round’s settle; a settled round’s, never', async () => {
    const other = await anotherTable();
    const [cashes, loses, settles] = await Promise.all([1, 2, 3].map(() => seated()));
    if (!cashes || !loses || !settles) throw new Error('no players');
    // A round that settles as it should, first: its credits are never sent again.
    await roundCrashingAtLeast(101, other);
    const settledBet = await other.placeBet(settles.seat, {
      slot: 1,
      amountMinor: 1_000,
      autoCashOutCenti: 101,
    });
    if (!settledBet.ok) throw new Error(settledBet.code);
    advanceMs(TEST_CRASH.bettingMs);
    await other.start();
    expect((await betRow(kit.db, settledBet.bet.betId))?.status).toBe('PLACED');
    advanceMs(other.currentRound()?.crashMs ?? 0);
    other.tick();
    await other.settle();
    expect((await betRow(kit.db, settledBet.bet.betId))?.status).toBe('PAID');
    expect(await taken(settledBet.bet.betId)).toEqual(['debit 1000', 'credit 1010']);

    // The next round: one bet cashed out, one lost at the crash, both answered by the wallet,
    // and the process dies before the round settles (their final states not yet written).
    const round = await roundCrashingAtLeast(130, other);
    const bet = (seat: TablePlayer) => placedBetId(seat, other);
    const cashedBet = await bet(cashes.seat);
    const lostBet = await bet(loses.seat);
    advanceMs(TEST_CRASH.bettingMs);
    await other.start();
    const at = elapsedMsToReach(120);
    advanceMs(at);
    expect(other.cashOut(cashes.seat, 1)).toEqual({ ok: true });
    advanceMs(round.crashMs - at);
    other.tick();
    const win = winOf(2_000, multiplierCentiAt(at), TEST_CRASH.maxWinMinor);
    for (let waited = 0; (await taken(lostBet)).length < 2 && waited < 5_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await taken(cashedBet)).toEqual(['debit 2000', `credit ${win}`]);
    expect(await taken(lostBet)).toEqual(['debit 2000', 'credit 0']);
    expect((await betRow(kit.db, cashedBet))?.status).toBe('WON');
    expect((await betRow(kit.db, lostBet))?.status).toBe('LOST');

    // The restart: each credit sent again is answered as the first time, and moves nothing.
    const report = await recover();
    expect(report).toMatchObject({ rounds: 1, paid: 1, closed: 1, refunded: 0, unfinished: 0 });
    expect(await taken(cashedBet)).toEqual(['debit 2000', `credit ${win}`]);
    expect(await taken(lostBet)).toEqual(['debit 2000', 'credit 0']);
    expect((await betRow(kit.db, cashedBet))?.status).toBe('PAID');
    expect((await betRow(kit.db, lostBet))?.status).toBe('CLOSED');
    expect(await kit.cash(cashes.id)).toBe(10_000 - 2_000 + win);
    expect(await kit.cash(loses.id)).toBe(8_000);
    expect(await kit.cash(settles.id)).toBe(10_000 - 1_000 + 1_010);
    const [logged] = await kit.db.query<{ status: string }>(
      'SELECT status FROM house_game_rounds WHERE id = $1',
      [round.id],
    );
    expect(logged?.status).toBe('SETTLED');
    expect(await recover()).toMatchObject({ rounds: 0 });
    expect(await taken(settledBet.bet.betId)).toEqual(['debit 1000', 'credit 1010']);
    expect(await auditLedger(kit.db)).toEqual(SOUND_LEDGER);
  });
});
