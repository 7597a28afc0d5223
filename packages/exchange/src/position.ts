/**
 * Position maths for players on one market: if-win P&L, exposure, and settlement.
 *
 * Matched bets are passed one entry per fill. Rounding is per fill (see money.ts: winnings and
 * liabilities are floored), so a position built from the backer's fills and one built from the
 * layer's fills always mirror each other exactly.
 *
 * Exposure (worst-case loss, never negative):
 *   exposure = max(0, −min(ifWin)) + unmatched liability
 * where unmatched liability sums, over the player's unmatched orders, the stake of each back and
 * floor(stake × (price − 1)) of each lay. Unmatched orders are deliberately not netted against
 * the matched position or each other: any one of them may match on its own, so the total is a
 * conservative upper bound that never needs recomputing when fills arrive.
 */

import { isValidTick } from './ladder';
import { BASIS_POINTS, MAX_STAKE_MINOR, commissionMinor, winningsMinor } from './money';
import type { MatchedEvent, OwnerId, RunnerId, Side } from './order';

/** One matched fill from one player's point of view. */
export interface MatchedBet {
  readonly runnerId: RunnerId;
  readonly side: Side;
  readonly priceTick: number;
  /** Backer's stake matched in this fill. */
  readonly stakeMinor: number;
}

/** An unmatched (or proposed) order's remainder from one player's point of view. */
export interface UnmatchedOrder {
  readonly runnerId: RunnerId;
  readonly side: Side;
  readonly priceTick: number;
  /** Unmatched backer's stake. */
  readonly stakeMinor: number;
}

/** A matched fill attributed to a player, as stored for settlement. */
export interface SettlementBet extends MatchedBet {
  readonly playerId: OwnerId;
}

export type MarketOutcome =
  | {
      readonly kind: 'winner';
      readonly winnerRunnerId: RunnerId;
      /** Runners whose bets are void (e.g. non-runners); their stakes are simply returned. */
      readonly voidRunnerIds?: readonly RunnerId[];
    }
  | { readonly kind: 'void' };

export interface SettlementInput {
  readonly runnerIds: readonly RunnerId[];
  readonly outcome: MarketOutcome;
  readonly bets: readonly SettlementBet[];
  /** The domain's commission rate on net market winnings, in basis points (0–10000). */
  readonly commissionBasisPoints: number;
}

export interface PlayerSettlement {
  readonly playerId: OwnerId;
  /** Profit or loss before commission. */
  readonly grossPnlMinor: number;
  readonly commissionMinor: number;
  /** grossPnlMinor − commissionMinor. */
  readonly netPnlMinor: number;
}

export type SettlementCode =
  | 'unknown_winner'
  | 'winner_is_void'
  | 'unknown_runner'
  | 'invalid_bet'
  | 'invalid_commission_rate';

export type SettlementResult =
  | {
      readonly ok: true;
      /** One entry per player, in order of first appearance in the bets. */
      readonly players: readonly PlayerSettlement[];
      readonly commissionTotalMinor: number;
    }
  | { readonly ok: false; readonly code: SettlementCode };

/** Each runner's position in `runnerIds`; a runner named twice is a caller's error. */
export function indexRunners(runnerIds: readonly RunnerId[]): Map<RunnerId, number> {
  const index = new Map<RunnerId, number>();
  runnerIds.forEach((runnerId, position) => {
    if (index.has(runnerId)) throw new RangeError(`duplicate runner id: ${runnerId}`);
    index.set(runnerId, position);
  });
  return index;
}

/** Profit for a bet if its runner wins, and (negative) loss if it does not. */
function betOutcomes(bet: MatchedBet): { ifRunnerWins: number; ifRunnerLoses: number } {
  const winnings = winningsMinor(bet.stakeMinor, bet.priceTick);
  return bet.side === 'back'
    ? { ifRunnerWins: winnings, ifRunnerLoses: -bet.stakeMinor }
    : { ifRunnerWins: -winnings, ifRunnerLoses: bet.stakeMinor };
}

/** For each runner (aligned with runnerIds), the player's P&L if that runner wins. */
export function ifWinMinor(runnerIds: readonly RunnerId[], bets: readonly MatchedBet[]): number[] {
  const index = indexRunners(runnerIds);
  const ifWin = runnerIds.map(() => 0);
  for (const bet of bets) {
    const position = index.get(bet.runnerId);
    if (position === undefined) throw new RangeError(`bet on unknown runner: ${bet.runnerId}`);
    const { ifRunnerWins, ifRunnerLoses } = betOutcomes(bet);
    for (let runner = 0; runner < ifWin.length; runner++) {
      ifWin[runner] =
        (ifWin[runner] as number) + (runner === position ? ifRunnerWins : ifRunnerLoses);
    }
  }
  return ifWin;
}

/** Most an unmatched order can lose: its stake for a back, floor(stake × (price − 1)) for a lay. */
export function unmatchedOrderLiabilityMinor(order: UnmatchedOrder): number {
  return order.side === 'back'
    ? order.stakeMinor
    : winningsMinor(order.stakeMinor, order.priceTick);
}

/** Sum of unmatched order liabilities. */
export function unmatchedLiabilityMinor(orders: readonly UnmatchedOrder[]): number {
  let total = 0;
  for (const order of orders) total += unmatchedOrderLiabilityMinor(order);
  return total;
}

/** Worst-case exposure: max(0, −min(ifWin)) + unmatched liability. */
export function exposureMinor(
  runnerIds: readonly RunnerId[],
  matched: readonly MatchedBet[],
  unmatched: readonly UnmatchedOrder[],
): number {
  const ifWin = ifWinMinor(runnerIds, matched);
  let worst = 0;
  for (const value of ifWin) if (value < worst) worst = value;
  return -worst + unmatchedLiabilityMinor(unmatched);
}

/** What re-holding a position takes: its exposure now, and how far the hold must move to it. */
export interface ReHold {
  exposureMinor: number;
  /** Positive: hold this much more out of cash; negative: release this much; zero: nothing. */
  deltaMinor: number;
}

/**
 * The exposure re-hold rule, the one place it is written: a player's hold on a market always
 * equals the exposure of their matched bets and resting orders there, so after any change the
 * hold moves by (exposure − what is held).
 */
export function reHold(
  runnerIds: readonly RunnerId[],
  position: { matched: readonly MatchedBet[]; unmatched: readonly UnmatchedOrder[] },
  heldMinor: number,
): ReHold {
  const exposure = exposureMinor(runnerIds, position.matched, position.unmatched);
  return { exposureMinor: exposure, deltaMinor: exposure - heldMinor };
}

/** How much a proposed order (counted as unmatched) would add to the player's exposure. */
export function exposureDeltaMinor(
  runnerIds: readonly RunnerId[],
  matched: readonly MatchedBet[],
  unmatched: readonly UnmatchedOrder[],
  proposed: UnmatchedOrder,
): number {
  return (
    exposureMinor(runnerIds, matched, [...unmatched, proposed]) -
    exposureMinor(runnerIds, matched, unmatched)
  );
}

/** Splits one fill into the backer's and the layer's settlement bets. */
export function betsFromFill(fill: MatchedEvent): [back: SettlementBet, lay: SettlementBet] {
  const takerIsBack = fill.takerSide === 'back';
  const common = {
    runnerId: fill.runnerId,
    priceTick: fill.priceTick,
    stakeMinor: fill.stakeMinor,
  };
  return [
    { ...common, side: 'back', playerId: takerIsBack ? fill.takerOwnerId : fill.makerOwnerId },
    { ...common, side: 'lay', playerId: takerIsBack ? fill.makerOwnerId : fill.takerOwnerId },
  ];
}

function isValidBet(bet: SettlementBet): boolean {
  return (
    (bet.side === 'back' || bet.side === 'lay') &&
    isValidTick(bet.priceTick) &&
    Number.isSafeInteger(bet.stakeMinor) &&
    bet.stakeMinor > 0 &&
    bet.stakeMinor <= MAX_STAKE_MINOR
  );
}

/**
 * Settles a market: gross P&L per player from the winner (bets on void runners, or every bet in
 * a void market, settle at zero), then commission on each player's positive net market winnings,
 * floored to the minor unit so it never exceeds those winnings.
 */
export function settleMarket(input: SettlementInput): SettlementResult {
  const rate = input.commissionBasisPoints;
  if (!Number.isInteger(rate) || rate < 0 || rate > BASIS_POINTS) {
    return { ok: false, code: 'invalid_commission_rate' };
  }
  const runners = indexRunners(input.runnerIds);
  const { outcome } = input;
  const voidRunners = new Set<RunnerId>(outcome.kind === 'winner' ? outcome.voidRunnerIds : []);
  for (const runnerId of voidRunners) {
    if (!runners.has(runnerId)) return { ok: false, code: 'unknown_runner' };
  }
  if (outcome.kind === 'winner') {
    if (!runners.has(outcome.winnerRunnerId)) return { ok: false, code: 'unknown_winner' };
    if (voidRunners.has(outcome.winnerRunnerId)) return { ok: false, code: 'winner_is_void' };
  }

  const grossByPlayer = new Map<OwnerId, number>();
  for (const bet of input.bets) {
    if (!runners.has(bet.runnerId)) return { ok: false, code: 'unknown_runner' };
    if (!isValidBet(bet)) return { ok: false, code: 'invalid_bet' };
    let pnl = 0;
    if (outcome.kind === 'winner' && !voidRunners.has(bet.runnerId)) {
      const { ifRunnerWins, ifRunnerLoses } = betOutcomes(bet);
      pnl = bet.runnerId === outcome.winnerRunnerId ? ifRunnerWins : ifRunnerLoses;
    }
    grossByPlayer.set(bet.playerId, (grossByPlayer.get(bet.playerId) ?? 0) + pnl);
  }

  const players: PlayerSettlement[] = [];
  let commissionTotalMinor = 0;
  for (const [playerId, grossPnlMinor] of grossByPlayer) {
    const commission = commissionMinor(grossPnlMinor, rate);
    commissionTotalMinor += commission;
    players.push({
      playerId,
      grossPnlMinor,
      commissionMinor: commission,
      netPnlMinor: grossPnlMinor - commission,
    });
  }
  return { ok: true, players, commissionTotalMinor };
}
