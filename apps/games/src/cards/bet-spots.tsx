/**
 * The bet spots: one big button per outcome the table takes bets on, with its name, what it
 * pays (from the table's rule table), the player's stake on it this round and, once the round
 * is decided, whether it won. A tap stakes the chosen chip on it. Sized for a thumb: every spot
 * is at least 72 px tall and the row spans the screen.
 */
export interface SpotView {
  spot: string;
  /** The side of the table it backs, for its colour. */
  side: 'a' | 'b' | 'tie';
  name: string;
  /** What the spot pays, as the rule table states it (`1.98×`). */
  payout: string;
  /** A line under the payout (a rule the spot has, e.g. a tie's half back), or null. */
  note: string | null;
  /** The player's stake on it this round, written as money, or null when none. */
  stake: string | null;
  /** After the round: this spot's outcome won (highlighted), or null while undecided. */
  won: boolean | null;
}

export function BetSpots({
  spots,
  label,
  disabled,
  tapLabel,
  onTap,
}: {
  spots: SpotView[];
  label: string;
  disabled: boolean;
  /** A spot's name for a screen reader, with the chip it would stake. */
  tapLabel: (spot: SpotView) => string;
  onTap: (spot: string) => void;
}) {
  return (
    <div className="bet-spots" role="group" aria-label={label} data-count={spots.length}>
      {spots.map((view) => (
        <button
          key={view.spot}
          type="button"
          className="bet-spot"
          data-spot={view.spot}
          data-side={view.side}
          data-won={view.won === null ? undefined : String(view.won)}
          aria-label={tapLabel(view)}
          disabled={disabled}
          onClick={() => onTap(view.spot)}
        >
          <span className="spot-name">{view.name}</span>
          <span className="spot-payout">{view.payout}</span>
          {view.note && <span className="spot-note">{view.note}</span>}
          <span
            className="spot-stake"
            data-staked={view.stake ? true : undefined}
            data-testid={`stake-${view.spot}`}
          >
            {view.stake ?? '\u00a0'}
          </span>
        </button>
      ))}
    </div>
  );
}
