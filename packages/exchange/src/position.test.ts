import { describe, expect, it } from 'vitest';
import type { MatchedEvent } from './order';
import {
  betsFromFill,
  exposureDeltaMinor,
  exposureMinor,
  ifWinMinor,
  reHold,
  settleMarket,
  unmatchedLiabilityMinor,
  type SettlementBet,
  type UnmatchedOrder,
} from './position';
import { tick, bet } from './test-fills';

const RUNNERS = ['A', 'B', 'C'] as const;

function playerBet(
  playerId: string,
  runnerId: string,
  side: 'back' | 'lay',
  price: number,
  stakeMinor: number,
): SettlementBet {
  return { playerId, ...bet(runnerId, side, price, stakeMinor) };
}

describe('if-win and exposure', () => {
  const matched = [bet('A', 'back', 3, 1_000), bet('B', 'lay', 4, 500)];
  const unmatched: UnmatchedOrder[] = [bet('C', 'back', 5, 200), bet('A', 'lay', 2.5, 300)];

  it('computes the P&L for each possible winner', () => {
    expect(ifWinMinor(RUNNERS, [bet('A', 'back', 3, 1_000)])).toEqual([2_000, -1_000, -1_000]);
    expect(ifWinMinor(RUNNERS, [bet('B', 'lay', 4, 500)])).toEqual([500, -1_500, 500]);
    expect(ifWinMinor(RUNNERS, matched)).toEqual([2_500, -2_500, -500]);
    expect(ifWinMinor(RUNNERS, [])).toEqual([0, 0, 0]);
  });

  it('floors fractional winnings per fill', () => {
    expect(ifWinMinor(['A', 'B'], [bet('A', 'back', 1.01, 150)])).toEqual([1, -150]);
    expect(ifWinMinor(['A', 'B'], [bet('A', 'lay', 1.01, 150)])).toEqual([-1, 150]);
  });

  it('adds worst matched loss and unmatched liability', () => {
    expect(unmatchedLiabilityMinor(unmatched)).toBe(200 + 450);
    expect(exposureMinor(RUNNERS, matched, [])).toBe(2_500);
    expect(exposureMinor(RUNNERS, matched, unmatched)).toBe(3_150);
    expect(exposureMinor(RUNNERS, [], [])).toBe(0);
  });

  it('floors exposure at zero for a position that cannot lose', () => {
    const greenBook = [bet('A', 'back', 3, 1_000), bet('A', 'lay', 2, 1_000)];
    expect(ifWinMinor(RUNNERS, greenBook)).toEqual([1_000, 0, 0]);
    expect(exposureMinor(RUNNERS, greenBook, [])).toBe(0);
    expect(exposureMinor(RUNNERS, greenBook, [bet('B', 'back', 2, 400)])).toBe(400);
  });

  it('shows the exposure a proposed bet would add, counting it as unmatched', () => {
    expect(exposureDeltaMinor(RUNNERS, matched, unmatched, bet('B', 'lay', 1.5, 1_000))).toBe(500);
    expect(exposureDeltaMinor(RUNNERS, matched, unmatched, bet('B', 'back', 10, 700))).toBe(700);
  });

  it('re-holds a position to its exposure: more, less or nothing', () => {
    const position = { matched, unmatched };
    expect(reHold(RUNNERS, position, 0)).toEqual({ exposureMinor: 3_150, deltaMinor: 3_150 });
    expect(reHold(RUNNERS, position, 3_500)).toEqual({ exposureMinor: 3_150, deltaMinor: -350 });
    expect(reHold(RUNNERS, position, 3_150)).toEqual({ exposureMinor: 3_150, deltaMinor: 0 });
    expect(reHold(RUNNERS, { matched: [], unmatched: [] }, 700)).toEqual({
      exposureMinor: 0,
      deltaMinor: -700,
    });
  });

  it('treats bets on unknown runners and duplicate runner ids as broken invariants', () => {
    expect(() => ifWinMinor(RUNNERS, [bet('Z', 'back', 2, 100)])).toThrow(RangeError);
    expect(() => ifWinMinor(['A', 'A'], [])).toThrow(RangeError);
  });
});

describe('betsFromFill', () => {
  it('assigns back and lay to the right owners whichever side was the taker', () => {
    const fill: MatchedEvent = {
      type: 'matched',
      runnerId: 'A',
      makerOrderId: 1,
      makerOwnerId: 'layer',
      takerOrderId: 2,
      takerOwnerId: 'backer',
      takerSide: 'back',
      priceTick: tick(3),
      stakeMinor: 700,
      liabilityMinor: 1_400,
      makerRemainingMinor: 0,
      takerRemainingMinor: 0,
    };
    const common = { runnerId: 'A', priceTick: tick(3), stakeMinor: 700 };
    expect(betsFromFill(fill)).toEqual([
      { ...common, side: 'back', playerId: 'backer' },
      { ...common, side: 'lay', playerId: 'layer' },
    ]);
    expect(
      betsFromFill({ ...fill, takerSide: 'lay', makerOwnerId: 'backer', takerOwnerId: 'layer' }),
    ).toEqual([
      { ...common, side: 'back', playerId: 'backer' },
      { ...common, side: 'lay', playerId: 'layer' },
    ]);
  });
});

describe('settlement', () => {
  const bets = [
    playerBet('p1', 'A', 'back', 3, 1_000),
    playerBet('p2', 'A', 'lay', 3, 1_000),
    playerBet('p3', 'B', 'back', 4, 500),
    playerBet('p1', 'B', 'lay', 4, 500),
  ];

  it('pays the winner and takes commission on positive net winnings', () => {
    const result = settleMarket({
      runnerIds: RUNNERS,
      outcome: { kind: 'winner', winnerRunnerId: 'A' },
      bets,
      commissionBasisPoints: 500,
    });
    expect(result).toEqual({
      ok: true,
      players: [
        { playerId: 'p1', grossPnlMinor: 2_500, commissionMinor: 125, netPnlMinor: 2_375 },
        { playerId: 'p2', grossPnlMinor: -2_000, commissionMinor: 0, netPnlMinor: -2_000 },
        { playerId: 'p3', grossPnlMinor: -500, commissionMinor: 0, netPnlMinor: -500 },
      ],
      commissionTotalMinor: 125,
    });
  });

  it('charges commission on the net over the market, not per bet', () => {
    const result = settleMarket({
      runnerIds: RUNNERS,
      outcome: { kind: 'winner', winnerRunnerId: 'B' },
      bets,
      commissionBasisPoints: 500,
    });
    expect(result).toEqual({
      ok: true,
      players: [
        { playerId: 'p1', grossPnlMinor: -2_500, commissionMinor: 0, netPnlMinor: -2_500 },
        { playerId: 'p2', grossPnlMinor: 1_000, commissionMinor: 50, netPnlMinor: 950 },
        { playerId: 'p3', grossPnlMinor: 1_500, commissionMinor: 75, netPnlMinor: 1_425 },
      ],
      commissionTotalMinor: 125,
    });
  });

  it('floors commission to the minor unit', () => {
    const result = settleMarket({
      runnerIds: RUNNERS,
      outcome: { kind: 'winner', winnerRunnerId: 'A' },
      bets,
      commissionBasisPoints: 333,
    });
    expect(result.ok && result.players[0]).toEqual({
      playerId: 'p1',
      grossPnlMinor: 2_500,
      commissionMinor: 83,
      netPnlMinor: 2_417,
    });
  });

  it('settles bets on a void runner at zero', () => {
    const result = settleMarket({
      runnerIds: RUNNERS,
      outcome: { kind: 'winner', winnerRunnerId: 'A', voidRunnerIds: ['B'] },
      bets,
      commissionBasisPoints: 500,
    });
    expect(result).toEqual({
      ok: true,
      players: [
        { playerId: 'p1', grossPnlMinor: 2_000, commissionMinor: 100, netPnlMinor: 1_900 },
        { playerId: 'p2', grossPnlMinor: -2_000, commissionMinor: 0, netPnlMinor: -2_000 },
        { playerId: 'p3', grossPnlMinor: 0, commissionMinor: 0, netPnlMinor: 0 },
      ],
      commissionTotalMinor: 100,
    });
  });

  it('settles every bet at zero in a void market', () => {
    const result = settleMarket({
      runnerIds: RUNNERS,
      outcome: { kind: 'void' },
      bets,
      commissionBasisPoints: 500,
    });
    expect(result).toEqual({
      ok: true,
      players: ['p1', 'p2', 'p3'].map((playerId) => ({
        playerId,
        grossPnlMinor: 0,
        commissionMinor: 0,
        netPnlMinor: 0,
      })),
      commissionTotalMinor: 0,
    });
  });

  it.each([
    ['an unknown winner', { kind: 'winner', winnerRunnerId: 'Z' }, bets, 500, 'unknown_winner'],
    [
      'a void winner',
      { kind: 'winner', winnerRunnerId: 'A', voidRunnerIds: ['A'] },
      bets,
      500,
      'winner_is_void',
    ],
    [
      'an unknown void runner',
      { kind: 'winner', winnerRunnerId: 'A', voidRunnerIds: ['Z'] },
      bets,
      500,
      'unknown_runner',
    ],
    [
      'a bet on an unknown runner',
      { kind: 'winner', winnerRunnerId: 'A' },
      [
        playerBet('p1', 'A', 'back', 2, 100),
        { ...playerBet('p1', 'A', 'back', 2, 100), runnerId: 'Z' },
      ],
      500,
      'unknown_runner',
    ],
    [
      'a bet with a zero stake',
      { kind: 'winner', winnerRunnerId: 'A' },
      [playerBet('p1', 'A', 'back', 2, 0)],
      500,
      'invalid_bet',
    ],
    ['a negative rate', { kind: 'void' }, bets, -1, 'invalid_commission_rate'],
    ['a rate above 100%', { kind: 'void' }, bets, 10_001, 'invalid_commission_rate'],
    ['a fractional rate', { kind: 'void' }, bets, 2.5, 'invalid_commission_rate'],
  ] as const)('rejects %s', (_label, outcome, settlementBets, rate, code) => {
    expect(
      settleMarket({
        runnerIds: RUNNERS,
        outcome,
        bets: settlementBets,
        commissionBasisPoints: rate,
      }),
    ).toEqual({ ok: false, code });
  });
});
