/**
 * The tables' shared bet plumbing with a fake round log and fake callbacks: decisions made in
 * the same moment go in one write per kind, each caller hearing whether its own bet moved; a
 * bet is recorded before its debit is sent (and not debited when it could not be); a debit's
 * answer decides the bet one way (placed; refused with nothing to give back; or, unclear, given
 * back once); a stop ends every wait at once; and rounds are played window, play, then the
 * pause while the round settles, a switched-off table looking again, until stopped or no one is
 * left.
 */
import { describe, expect, it } from 'vitest';
import { betCallbacks, type BetCallbacks } from './bet-callbacks';
import type { BetStatus } from './round-log';
import {
  BetWrites,
  playRounds,
  recordAndDebit,
  TableTimers,
  writePlaced,
  type StudioBet,
} from './studio-bets';
import type { WalletAnswer, WalletClient } from './wallet-client';

function fakeLog(refuse: Set<string> = new Set()) {
  const writes: string[] = [];
  return {
    writes,
    log: {
      insert: (bets: readonly { id: string }[]) => {
        writes.push(`insert ${bets.map((b) => b.id).join(',')}`);
        return Promise.resolve(new Set(bets.map((b) => b.id).filter((id) => !refuse.has(id))));
      },
      move: (to: BetStatus, bets: readonly { id: string; decision?: { refusal?: string } }[]) => {
        writes.push(`${to} ${bets.map((b) => b.id + (b.decision?.refusal ?? '')).join(',')}`);
        return Promise.resolve(new Set(bets.map((b) => b.id).filter((id) => !refuse.has(id))));
      },
    },
  };
}

function fakeCallbacks(debit: WalletAnswer) {
  const sent: string[] = [];
  const ok: WalletAnswer = { status: 'OK', playerId: 'p', currency: 'INR', balanceMinor: 5_000 };
  const callbacks: BetCallbacks = {
    debit: (bet) => {
      sent.push(`debit ${bet.id}`);
      return Promise.resolve(debit);
    },
    settle: (bet, outcome) => {
      sent.push(`credit ${bet.id} ${outcome}`);
      return Promise.resolve(ok);
    },
    refund: (bet) => {
      sent.push(`rollback ${bet.id}`);
      return Promise.resolve(ok);
    },
    writeFinals: () => Promise.resolve(),
  };
  return { sent, callbacks };
}

const aBet = (): StudioBet => ({
  id: 'r1.a',
  roundId: 'r1',
  provider: 'mac',
  playerId: 'p',
  token: 't',
  currency: 'INR',
  amountMinor: 1_000,
  state: 'PENDING',
});

async function place(debit: WalletAnswer, stored = true) {
  const { writes, log } = fakeLog();
  const { sent, callbacks } = fakeCallbacks(debit);
  const writer = new BetWrites(log);
  const bet = aBet();
  const owed: Promise<unknown>[] = [];
  let freed = 0;
  const answer = await recordAndDebit(bet, {
    record: () => (stored ? writer.record(bet) : Promise.reject(new Error('database gone'))),
    callbacks,
    writes: writer,
    free: () => (freed += 1),
    owe: (work) => owed.push(work),
    log: { error: () => undefined },
  });
  await Promise.all(owed);
  return { answer, bet, writes, sent, freed };
}

describe('the studio tables’ bet plumbing', () => {
  it('writes the decisions of one moment in one statement per kind, each caller told its own', async () => {
    const { writes, log } = fakeLog(new Set(['c']));
    const writer = new BetWrites(log);
    const moved = await Promise.all([
      writer.move({ id: 'a', to: 'WON' }),
      writer.move({ id: 'b', to: 'LOST' }),
      writer.move({ id: 'c', to: 'WON' }),
      writer.move({ id: 'd', to: 'REFUSED', decision: { refusal: ':LIMIT' } }),
    ]);
    expect(moved).toEqual([true, true, false, true]);
    expect(writes).toEqual(['WON a,c', 'LOST b', 'REFUSED d:LIMIT']);
  });

  it('records a bet before its debit, and places it at the table on OK (PLACED written later)', async () => {
    const { answer, bet, writes, sent, freed } = await place({
      status: 'OK',
      playerId: 'p',
      currency: 'INR',
      balanceMinor: 9_000,
    });
    expect(answer).toEqual({ ok: true, balanceMinor: 9_000 });
    expect(bet.state).toBe('PLACED');
    // PLACED goes with the round's other placed bets when its betting closes (`writePlaced`).
    expect(writes).toEqual(['insert r1.a']);
    expect(sent).toEqual(['debit r1.a']);
    expect(freed).toBe(0);
  });

  it('refuses a bet the wallet refused, with nothing to give back', async () => {
    const { answer, bet, writes, sent, freed } = await place({
      status: 'ERROR',
      code: 'INSUFFICIENT_FUNDS',
      message: 'Not enough money.',
      balanceMinor: 500,
    });
    expect(answer).toEqual({ ok: false, code: 'INSUFFICIENT_FUNDS', balanceMinor: 500 });
    expect(bet.state).toBe('PENDING');
    expect(writes).toEqual(['insert r1.a', 'REFUSED r1.aINSUFFICIENT_FUNDS']);
    expect(sent).toEqual(['debit r1.a']);
    expect(freed).toBe(1);
  });

  it('passes on the wallet’s own words for a refusal the page has none for', async () => {
    const { answer, sent } = await place({
      status: 'ERROR',
      code: 'TRANSACTION_ROLLED_BACK',
      message: 'That bet was given back.',
    });
    expect(answer).toEqual({
      ok: false,
      code: 'WALLET_UNAVAILABLE',
      message: 'That bet was given back.',
    });
    expect(sent).toEqual(['debit r1.a']);
  });

  it('gives a bet back once when the debit’s answer is unclear', async () => {
    const { answer, bet, writes, sent, freed } = await place({
      status: 'UNAVAILABLE',
      reason: 'timeout',
    });
    expect(answer).toEqual({ ok: false, code: 'WALLET_UNAVAILABLE' });
    expect(bet.state).toBe('REFUNDING');
    expect(writes).toEqual(['insert r1.a', 'REFUNDING r1.a']);
    expect(sent).toEqual(['debit r1.a', 'rollback r1.a']);
    expect(freed).toBe(1);
  });

  it('sends no debit for a bet it could not record', async () => {
    const { answer, writes, sent, freed } = await place(
      { status: 'OK', playerId: 'p', currency: 'INR', balanceMinor: 9_000 },
      false,
    );
    expect(answer).toEqual({ ok: false, code: 'NOT_RECORDED' });
    expect(writes).toEqual([]);
    expect(sent).toEqual([]);
    expect(freed).toBe(1);
  });

  it('writes a closed window’s placed bets PLACED in one statement, and nothing when none is', async () => {
    const { writes, log } = fakeLog();
    await writePlaced(log, [
      { id: 'a', state: 'PLACED' },
      { id: 'b', state: 'PENDING' },
      { id: 'c', state: 'REFUNDING' },
      { id: 'd', state: 'PLACED' },
    ]);
    await writePlaced(log, [{ id: 'e', state: 'REFUNDING' }]);
    expect(writes).toEqual(['PLACED a,d']);
  });

  it('holds the final states of the credits taken until the round settles, one write per state', async () => {
    const { writes, log } = fakeLog();
    let failWrites = 0;
    const credits: string[] = [];
    const answerOf = (id: string): WalletAnswer =>
      id === 'c'
        ? { status: 'UNAVAILABLE', reason: 'timeout' }
        : { status: 'OK', playerId: 'p', currency: 'INR', balanceMinor: 1 };
    const wallet: WalletClient = {
      balance: () => Promise.resolve({ status: 'UNAVAILABLE', reason: 'unused' }),
      debit: () => Promise.resolve({ status: 'UNAVAILABLE', reason: 'unused' }),
      credit: (_provider, body) => {
        credits.push(`${body.roundId} ${body.amountMinor}`);
        return Promise.resolve(answerOf(body.roundId));
      },
      rollback: (_provider, body) => Promise.resolve(answerOf(body.roundId)),
      knows: () => true,
    };
    const callbacks = betCallbacks({
      wallet,
      gameCode: 'g',
      log: { error: () => undefined },
      retryDelaysMs: [],
      holdFinals: true,
      moveBets: (to, bets) => {
        if (failWrites > 0) {
          failWrites -= 1;
          return Promise.reject(new Error('database gone'));
        }
        return log.move(to, bets);
      },
    });
    const bet = (id: string) => ({ ...aBet(), id });
    const answers = await Promise.all([
      callbacks.settle(bet('a'), 'WON', 1_500),
      callbacks.settle(bet('b'), 'LOST', 0),
      callbacks.settle(bet('c'), 'WON', 2_000),
      callbacks.refund(bet('d')),
      callbacks.settle(bet('e'), 'WON', 900),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['OK', 'OK', 'UNAVAILABLE', 'OK', 'OK']);
    expect(credits).toEqual(['a 1500', 'b 0', 'c 2000', 'e 900']);
    // Credits answered, not written yet: a restart now finds a and e WON and b LOST, and sends
    // their credits again. A rollback (rare) is written at once.
    expect(writes).toEqual(['REFUNDED d']);
    // A write that fails keeps them held for the next try.
    failWrites = 1;
    await expect(callbacks.writeFinals()).rejects.toThrow('database gone');
    expect(writes).toEqual(['REFUNDED d']);
    await callbacks.writeFinals();
    // The credit not taken (c) is not written: it stays WON, owed.
    expect(writes).toEqual(['REFUNDED d', 'PAID a,e', 'CLOSED b']);
    await callbacks.writeFinals();
    expect(writes).toHaveLength(3);
  });

  it('ends every wait at once on a stop', async () => {
    const timers = new TableTimers();
    const ran: string[] = [];
    timers.later(60_000, () => ran.push('later'));
    const waited = timers.wait(60_000).then(() => ran.push('wait'));
    timers.endAll();
    await waited;
    expect(ran).toEqual(['later', 'wait']);
  });

  it('plays rounds in order until no one is left, a switched-off table looking again', async () => {
    const steps: string[] = [];
    let now = 1_000;
    let open = [false, true, true];
    let round: { bettingEndsAt: number; nextRoundAt: number | null } | null = null;
    const timers = new TableTimers();
    let settling = false;
    await playRounds(
      {
        stopped: () => false,
        openBetting: () => {
          const on = open[0] ?? false;
          open = open.slice(1);
          steps.push(on ? 'open' : 'off');
          round = on ? { bettingEndsAt: now + 1, nextRoundAt: null } : null;
          return Promise.resolve(on);
        },
        round: () => round,
        play: () => {
          steps.push('play');
          if (round) round.nextRoundAt = now + 1;
          return Promise.resolve();
        },
        settle: async () => {
          settling = true;
          await new Promise((resolve) => setTimeout(resolve, 5));
          steps.push('settled');
          settling = false;
        },
      },
      {
        timers,
        now: () => (now += 1),
        recheckMs: 1,
      },
      // A player is left after the first round, none after the second.
      () => {
        expect(settling).toBe(false);
        return steps.filter((s) => s === 'settled').length < 2;
      },
    );
    expect(steps).toEqual(['off', 'open', 'play', 'settled', 'open', 'play', 'settled']);
  });

  it('ends the rounds at once when the table stops during a betting window', async () => {
    const timers = new TableTimers();
    let stopped = false;
    const steps: string[] = [];
    const playing = playRounds(
      {
        stopped: () => stopped,
        openBetting: () => {
          steps.push('open');
          return Promise.resolve(true);
        },
        // A long window: the stop ends it.
        round: () => ({ bettingEndsAt: Date.now() + 60_000, nextRoundAt: null }),
        play: () => {
          steps.push('play');
          return Promise.resolve();
        },
        settle: () => {
          steps.push('settle');
          return Promise.resolve();
        },
      },
      { timers, now: Date.now, recheckMs: 1 },
      () => true,
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    stopped = true;
    timers.endAll();
    await playing;
    expect(steps).toEqual(['open']);
  });
});
