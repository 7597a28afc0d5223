import { describe, expect, it } from 'vitest';
import {
  crashReducer,
  INITIAL_CRASH_STATE,
  slotAction,
  type CrashEvent,
  type CrashState,
} from './crash-state';
import {
  aHistoryEntry,
  betting,
  crashed,
  liveBet,
  myBet,
  NOW,
  running,
  welcome,
} from './test/fixtures';

function after(...events: CrashEvent[]): CrashState {
  return events.reduce(crashReducer, INITIAL_CRASH_STATE);
}

describe('the crash game’s state', () => {
  it('takes the table, the round, the history and the balance from the welcome', () => {
    const state = after({ type: 'connection', status: 'open' }, welcome());
    expect(state.joined).toBe(true);
    expect(state.round).toEqual(betting());
    expect(state.history).toEqual([aHistoryEntry()]);
    expect(state.balanceMinor).toBe(100_000);
    expect(slotAction(state, 1)).toEqual({ kind: 'bet' });
  });

  it('restores the player’s bets after a reconnect, and keeps a bet queued for the next round', () => {
    const placed = myBet({ slot: 2, autoCashOutCenti: 200 });
    const state = after(
      welcome({ round: betting() }),
      { type: 'sent', slot: 2, kind: 'bet', requestId: 'bet-2' },
      { type: 'queue', slot: 1, amountMinor: 5_000, autoCashOutCenti: null },
      // The connection drops before the bet's answer; the server took the bet all the same.
      { type: 'connection', status: 'reconnecting' },
      { type: 'connection', status: 'open' },
      welcome({ round: running(), myBets: [placed], balanceMinor: 90_000 }),
    );
    expect(state.slots[2]).toEqual({ bet: placed, pending: null, queued: null });
    expect(state.slots[1].queued).toEqual({ amountMinor: 5_000, autoCashOutCenti: null });
    expect(slotAction(state, 2)).toEqual({ kind: 'cashOut', bet: placed });
    expect(state.balanceMinor).toBe(90_000);
  });

  it('is not joined while the connection is down', () => {
    const state = after(welcome(), { type: 'connection', status: 'reconnecting' });
    expect(state.joined).toBe(false);
    expect(state.connection).toBe('reconnecting');
  });

  it('places, cancels, cashes out and loses bets slot by slot, with the balance each time', () => {
    let state = after(welcome(), { type: 'sent', slot: 1, kind: 'bet', requestId: 'q1' });
    expect(slotAction(state, 1)).toEqual({ kind: 'waiting' });
    state = crashReducer(state, {
      type: 'betAccepted',
      requestId: 'q1',
      bet: myBet(),
      balanceMinor: 90_000,
    });
    expect(state.balanceMinor).toBe(90_000);
    expect(slotAction(state, 1)).toEqual({ kind: 'cancel' });
    expect(slotAction(state, 2)).toEqual({ kind: 'bet' });

    state = crashReducer(state, { type: 'round', serverTime: NOW, round: running() });
    expect(slotAction(state, 1)).toEqual({ kind: 'cashOut', bet: myBet() });
    const cashed = myBet({ state: 'CASHED_OUT', cashedOutCenti: 150, winMinor: 15_000 });
    state = crashReducer(state, {
      type: 'cashedOut',
      reason: 'AUTO',
      bet: cashed,
      multiplierCenti: 150,
      winMinor: 15_000,
    });
    expect(state.slots[1].bet).toEqual(cashed);
    // The win is told at once; the balance is the wallet's, once it has credited the win.
    expect(state.balanceMinor).toBe(90_000);
    state = crashReducer(state, { type: 'balance', balanceMinor: 105_000 });
    expect(state.balanceMinor).toBe(105_000);
    expect(state.notice).toEqual({
      kind: 'cashedOut',
      slot: 1,
      multiplierCenti: 150,
      winMinor: 15_000,
      reason: 'AUTO',
    });
    expect(slotAction(state, 1)).toEqual({ kind: 'bet' });
  });

  it('says why a bet was refused, with the balance the wallet gave', () => {
    const state = after(
      welcome(),
      { type: 'sent', slot: 2, kind: 'bet', requestId: 'q2' },
      {
        type: 'betRefused',
        requestId: 'q2',
        slot: 2,
        code: 'INSUFFICIENT_FUNDS',
        message: 'Your balance does not cover this bet.',
        balanceMinor: 700,
      },
    );
    expect(state.slots[2].pending).toBeNull();
    expect(state.balanceMinor).toBe(700);
    expect(state.notice).toMatchObject({ kind: 'refused', code: 'INSUFFICIENT_FUNDS', slot: 2 });
  });

  it('frees the cash-out button when the crash came first', () => {
    const state = after(
      welcome({ round: running(), myBets: [myBet()] }),
      { type: 'sent', slot: 1, kind: 'cashOut', requestId: 'co' },
      {
        type: 'refused',
        requestId: 'co',
        request: 'cashOut',
        slot: 1,
        code: 'CRASHED',
        message: 'Too late',
      },
      { type: 'betLost', bet: myBet({ state: 'LOST' }), crashPointCenti: 120 },
    );
    expect(state.slots[1].pending).toBeNull();
    expect(state.slots[1].bet?.state).toBe('LOST');
    expect(state.notice).toMatchObject({ code: 'CRASHED' });
  });

  it('ignores an answer to a request it no longer waits for', () => {
    const state = after(
      welcome(),
      { type: 'sent', slot: 1, kind: 'bet', requestId: 'new' },
      { type: 'unanswered', slot: 1, requestId: 'old' },
    );
    expect(state.slots[1].pending).toEqual({ requestId: 'new', kind: 'bet' });
    expect(
      crashReducer(state, { type: 'unanswered', slot: 1, requestId: 'new' }).slots[1],
    ).toMatchObject({ pending: null });
  });

  it('records each crash once at the head of the last rounds, and clears bets for a new round', () => {
    let state = after(welcome({ round: running(), myBets: [myBet()] }));
    const crash = { type: 'round', serverTime: NOW, round: crashed('r-7', 412) } as const;
    state = crashReducer(crashReducer(state, crash), crash);
    expect(state.history.map((entry) => entry.crashPointCenti)).toEqual([412, 184]);
    expect(state.slots[1].bet).not.toBeNull();

    state = crashReducer(state, { type: 'round', serverTime: NOW, round: betting('r-8', 8) });
    expect(state.slots[1].bet).toBeNull();
    expect(state.bets).toEqual([]);
    expect(state.betsRoundId).toBe('r-8');
  });

  it('keeps the live list: bets placed once, cancelled ones gone, cash-outs marked', () => {
    const state = after(
      welcome(),
      {
        type: 'bets',
        roundId: 'r-7',
        placed: [liveBet(), liveBet({ betId: 'b-2' })],
        cancelled: [],
        cashedOut: [],
      },
      {
        type: 'bets',
        roundId: 'r-7',
        placed: [liveBet()],
        cancelled: ['b-2'],
        cashedOut: [{ betId: 'b-1', cashedOutCenti: 300, winMinor: 30_000 }],
      },
    );
    expect(state.bets).toEqual([liveBet({ cashedOutCenti: 300, winMinor: 30_000 })]);
    const next = crashReducer(state, {
      type: 'bets',
      roundId: 'r-8',
      placed: [liveBet({ betId: 'b-3' })],
      cancelled: [],
      cashedOut: [],
    });
    expect(next.bets.map((bet) => bet.betId)).toEqual(['b-3']);
  });

  it('marks the player’s own bets in the live list, whichever comes first', () => {
    const accepted: CrashEvent = {
      type: 'betAccepted',
      requestId: 'q',
      bet: myBet({ betId: 'b-mine' }),
      balanceMinor: 1,
    };
    const listed: CrashEvent = {
      type: 'bets',
      roundId: 'r-7',
      placed: [liveBet({ betId: 'b-mine' }), liveBet({ betId: 'b-other' })],
      cancelled: [],
      cashedOut: [],
    };
    for (const events of [
      [accepted, listed],
      [listed, accepted],
    ]) {
      const state = after(welcome(), ...events);
      expect(state.bets.map((bet) => [bet.betId, bet.mine])).toEqual([
        ['b-mine', true],
        ['b-other', false],
      ]);
    }
  });

  it('stops play on a fatal error, and a later welcome lifts it', () => {
    let state = after(welcome(), {
      type: 'error',
      code: 'TOKEN_EXPIRED',
      message: 'Over',
      fatal: true,
    });
    expect(state.fatal).toEqual({ code: 'TOKEN_EXPIRED', message: 'Over' });
    state = crashReducer(state, welcome());
    expect(state.fatal).toBeNull();
  });

  it('shows a queued bet until it is sent, and a cancelled queue frees the slot', () => {
    let state = after(welcome({ round: running() }), {
      type: 'queue',
      slot: 1,
      amountMinor: 2_000,
      autoCashOutCenti: 150,
    });
    expect(slotAction(state, 1)).toEqual({ kind: 'queued' });
    state = crashReducer(state, { type: 'unqueue', slot: 1 });
    expect(slotAction(state, 1)).toEqual({ kind: 'bet' });
  });
});
