/** Paise, so that sums and differences of rupee figures never drift by a floating-point hair. */
const toPaise = (rupees: number) => Math.round(rupees * 100);

/**
 * The hold: what the house kept of what was staked (GGR ÷ turnover), in per cent; null
 * when nothing was staked, where it means nothing.
 */
export function holdPercent(figure: { turnover: number; ggr: number }): number | null {
  const turnover = toPaise(figure.turnover);
  if (turnover === 0) return null;
  return (toPaise(figure.ggr) / turnover) * 100;
}

const PERCENT = new Intl.NumberFormat('en-IN', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A hold as the tables write it: `3.5%`, or a dash when there is none. */
export function formatHold(percent: number | null): string {
  return percent === null ? '—' : `${PERCENT.format(percent)}%`;
}

/**
 * What a round came to for the player: paid and refunded, less staked (positive, the player
 * won); the contract's stake is the whole stake, refunds apart.
 */
export function playerNet(round: { stake: number; win: number; refunded: number }): number {
  return (toPaise(round.win) + toPaise(round.refunded) - toPaise(round.stake)) / 100;
}
