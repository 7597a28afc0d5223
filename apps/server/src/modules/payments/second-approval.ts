/**
 * When money finance moves by hand waits for a second operator. One operator alone may adjust
 * one player by up to a threshold over a rolling window (however it is split), and may credit a
 * deposit a little above what the player asked (a slip showing a few rupees more); beyond
 * either, a different operator approves it before any money moves.
 */

export interface SecondApprovalRules {
  /**
   * Adjustments: what one operator adjusted for one player over the window (applied and
   * awaiting, either way, in minor units), this one included, above this waits.
   */
  adjustmentAboveMinor: number;
  adjustmentWindowHours: number;
  /** A deposit approved above what the player asked by more than the smaller of these waits. */
  depositToleranceMinor: number;
  depositTolerancePercent: number;
}

/** ₹10,000 per operator and player a day; deposits ₹100 or 10% above the asked amount. */
export const DEFAULT_SECOND_APPROVAL: SecondApprovalRules = {
  adjustmentAboveMinor: 1_000_000,
  adjustmentWindowHours: 24,
  depositToleranceMinor: 10_000,
  depositTolerancePercent: 10,
};

/** How far above what the player asked one operator may credit a deposit, in minor units. */
export function depositToleranceMinor(askedMinor: number, rules: SecondApprovalRules): number {
  return Math.min(
    rules.depositToleranceMinor,
    Math.floor((askedMinor * rules.depositTolerancePercent) / 100),
  );
}

/** Whether crediting `creditMinor` for a deposit of `askedMinor` needs a second operator. */
export function depositNeedsSecondApproval(
  askedMinor: number,
  creditMinor: number,
  rules: SecondApprovalRules,
): boolean {
  return creditMinor - askedMinor > depositToleranceMinor(askedMinor, rules);
}

/** Whether an adjustment waits, given what its operator adjusted for the player in the window. */
export function adjustmentNeedsSecondApproval(
  adjustedInWindowMinor: number,
  amountMinor: number,
  rules: SecondApprovalRules,
): boolean {
  return adjustedInWindowMinor + Math.abs(amountMinor) > rules.adjustmentAboveMinor;
}
