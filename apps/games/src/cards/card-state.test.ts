import { describe, expect, it } from 'vitest';
import type { DealtCardMessage as DealtCard } from '@backlay/contract/card-games';
import type { CardTableEvent, CardTableState } from './card-state';
import { betRefusal, cardTableReducer, cardsOf, INITIAL_CARD_STATE, stakeOn } from './card-state';
import {
  aTable,
  betting,
  dealing,
  myBet,
  NOW,
  result,
  SEED,
  TEEN_PATTI_CARDS,
  welcome,
} from './test/fixtures';

const play = (...events: CardTableEvent[]): CardTableState =>
  events.reduce(cardTableReducer, { ...INITIAL_CARD_STATE, connection: 'open' });

const roundMessage = (round: ReturnType<typeof betting>): CardTableEvent => ({
  type: 'round',
  gameCode: 'mac_teen_patti',
  serverTime: NOW,
  round,
});

describe('the card table’s state', () => {
  it('takes the table, the rule table, the round and the player’s bets from the welcome', () => {
    const state = play(welcome({ myBets: [myBet(), myBet({ betId: 'old', roundId: 'tp-6' })] }));
    expect(state.joined).toBe(true);
    expect(state.rules.map((rule) => rule.kind)).toEqual(['A', 'B']);
    expect(state.balanceMinor).toBe(100_000);
    // Only the current round's bets are on the table.
    expect(state.myBets.map((bet) => bet.betId)).toEqual(['bet-1']);
    expect(stakeOn(state, 'A')).toBe(10_000);
  });

  it('restores a bet after a reconnect, and drops one that was never answered', () => {
    const sent = play(welcome(), {
      type: 'sent',
      requestId: 'r1',
      betKind: 'B',
      amountMinor: 5_000,
    });
    expect(stakeOn(sent, 'B')).toBe(5_000);
    const dropped = cardTableReducer(sent, { type: 'connection', status: 'reconnecting' });
    expect(dropped.joined).toBe(false);
    // The server took the bet while the connection was down: the new welcome says so.
    const back = cardTableReducer(
      cardTableReducer(dropped, { type: 'connection', status: 'open' }),
      welcome({ myBets: [myBet({ betKind: 'B', amountMinor: 5_000 })], balanceMinor: 95_000 }),
    );
    expect(back.pending).toEqual([]);
    expect(stakeOn(back, 'B')).toBe(5_000);
    expect(back.balanceMinor).toBe(95_000);
  });

  it('counts a sent bet on its spot until answered, then the accepted one once', () => {
    const accepted = play(
      welcome(),
      { type: 'sent', requestId: 'r1', betKind: 'A', amountMinor: 10_000 },
      {
        type: 'betAccepted',
        gameCode: 'mac_teen_patti',
        requestId: 'r1',
        bet: myBet(),
        balanceMinor: 90_000,
      },
    );
    expect(stakeOn(accepted, 'A')).toBe(10_000);
    expect(accepted.balanceMinor).toBe(90_000);
    // The same bet told twice is one bet.
    const twice = cardTableReducer(accepted, {
      type: 'betAccepted',
      gameCode: 'mac_teen_patti',
      requestId: 'r1',
      bet: myBet(),
      balanceMinor: 90_000,
    });
    expect(stakeOn(twice, 'A')).toBe(10_000);
  });

  it('frees a refused bet’s stake and says why', () => {
    const state = play(
      welcome(),
      { type: 'sent', requestId: 'r1', betKind: 'A', amountMinor: 10_000 },
      {
        type: 'refused',
        gameCode: 'mac_teen_patti',
        requestId: 'r1',
        betKind: 'A',
        code: 'INSUFFICIENT_FUNDS',
        message: 'Your balance does not cover this bet.',
        balanceMinor: 500,
      },
    );
    expect(stakeOn(state, 'A')).toBe(0);
    expect(state.notice).toMatchObject({ code: 'INSUFFICIENT_FUNDS', balanceMinor: 500 });
    expect(state.balanceMinor).toBe(500);
  });

  it('reveals the cards one by one, each once, in the order of reveal', () => {
    const [first, second, third] = TEEN_PATTI_CARDS as [DealtCard, DealtCard, DealtCard];
    const card = (c: DealtCard, roundId = 'tp-7'): CardTableEvent => ({
      type: 'card',
      gameCode: 'mac_teen_patti',
      roundId,
      serverTime: NOW,
      card: c,
    });
    const state = play(
      welcome(),
      roundMessage(dealing()),
      card(second),
      card(first),
      card(first),
      card(third, 'another-round'),
    );
    expect(cardsOf(state.round).map((c) => c.card)).toEqual(['KS', '2H']);
  });

  it('records a result once in the history, and the player’s outcome when settled', () => {
    const state = play(
      welcome({ myBets: [myBet()] }),
      roundMessage(dealing(TEEN_PATTI_CARDS)),
      roundMessage(result()),
      roundMessage(result()),
      {
        type: 'settled',
        gameCode: 'mac_teen_patti',
        roundId: 'tp-7',
        winner: 'A',
        bets: [myBet({ state: 'WON', returnMinor: 19_800 })],
        returnMinor: 19_800,
        balanceMinor: 119_800,
      },
    );
    expect(state.history.map((entry) => entry.roundId)).toEqual(['tp-7', 'tp-6']);
    expect(state.history[0]).toMatchObject({ winner: 'A', seed: SEED, endedAt: NOW });
    expect(state.outcome).toMatchObject({ stakeMinor: 10_000, returnMinor: 19_800 });
    expect(state.balanceMinor).toBe(119_800);
  });

  it('clears the bets at the next betting window and keeps them to place again', () => {
    const state = play(
      welcome({ round: result(), myBets: [myBet({ state: 'WON', returnMinor: 19_800 })] }),
      roundMessage(betting('tp-8', 8)),
    );
    expect(state.myBets).toEqual([]);
    expect(state.outcome).toBeNull();
    expect(state.lastBets).toEqual([{ betKind: 'A', amountMinor: 10_000 }]);
    expect(state.betsRoundId).toBe('tp-8');
  });

  it('gives the outcome of a round joined after it was settled', () => {
    const state = play(
      welcome({
        round: result({ winner: 'TIE' }),
        myBets: [myBet({ state: 'PUSH', returnMinor: 10_000 })],
      }),
    );
    expect(state.outcome).toMatchObject({ winner: 'TIE', stakeMinor: 10_000, returnMinor: 10_000 });
  });

  it('stops for good on a fatal error', () => {
    const state = play(welcome(), {
      type: 'error',
      code: 'TOKEN_EXPIRED',
      message: 'This game session has ended. Open the game again from the casino.',
      fatal: true,
    });
    expect(state.fatal?.code).toBe('TOKEN_EXPIRED');
  });
});

describe('the bets the page sends', () => {
  const open = play(
    welcome({ table: aTable({ maxRoundStakeMinor: 30_000 }), balanceMinor: 50_000 }),
  );

  it('are refused as the server would: closed window, pause, the other side, the limits', () => {
    expect(betRefusal(open, 'A', 10_000)).toBeNull();
    expect(betRefusal(play(welcome({ round: dealing() })), 'A', 10_000)).toBe('BETTING_CLOSED');
    expect(
      betRefusal(
        play(
          welcome({
            round: {
              phase: 'PAUSED',
              gameCode: 'mac_teen_patti',
              reason: 'MAINTENANCE',
              message: '',
            },
          }),
        ),
        'A',
        10_000,
      ),
    ).toBe('TABLE_PAUSED');
    expect(betRefusal(open, 'A', 500)).toBe('BELOW_MIN_BET');
    expect(betRefusal(open, 'TIE', 10_000)).toBe('UNKNOWN_BET');

    const backedA = cardTableReducer(open, {
      type: 'sent',
      requestId: 'r1',
      betKind: 'A',
      amountMinor: 20_000,
    });
    expect(betRefusal(backedA, 'B', 1_000)).toBe('OPPOSITE_SIDE');
    expect(betRefusal(backedA, 'A', 20_000)).toBe('ABOVE_ROUND_MAX');
    expect(betRefusal(backedA, 'A', 10_000)).toBeNull();
    expect(betRefusal(open, 'A', 60_000)).toBe('ABOVE_ROUND_MAX');
  });

  it('are refused when the balance does not cover them with the bets on their way', () => {
    const rich = play(welcome({ balanceMinor: 15_000 }));
    const sent = cardTableReducer(rich, {
      type: 'sent',
      requestId: 'r1',
      betKind: 'A',
      amountMinor: 10_000,
    });
    expect(betRefusal(sent, 'A', 10_000)).toBe('INSUFFICIENT_FUNDS');
    expect(betRefusal(sent, 'A', 5_000)).toBeNull();
  });

  it('take the per-kind maximum from the table', () => {
    const tight = play(
      welcome({
        table: aTable({
          limits: {
            A: { minBetMinor: 1_000, maxBetMinor: 15_000 },
            B: { minBetMinor: 1_000, maxBetMinor: 15_000 },
          },
        }),
        myBets: [myBet()],
      }),
    );
    expect(betRefusal(tight, 'A', 5_000)).toBeNull();
    expect(betRefusal(tight, 'A', 6_000)).toBe('ABOVE_MAX_BET');
  });
});
