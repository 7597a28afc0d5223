/**
 * The chip rack: the amounts a tap on a bet spot stakes, drawn as Backlay's chips (a coloured
 * disc with a dashed inlay ring), only those within the table's limits. The chosen one is kept
 * on the device, so the next round and the next visit start with it.
 */
import { useEffect, useState } from 'react';

/** The rack's amounts, in paise: ₹10 to ₹5,000. */
export const CHIP_AMOUNTS_MINOR = [1_000, 5_000, 10_000, 50_000, 100_000, 500_000] as const;

/** Each chip's colour, by its place in the rack. */
const CHIP_COLOURS = ['#3b82f6', '#16a34a', '#e11d48', '#7c3aed', '#f59e0b', '#0f172a'];

const CHIP_KEY = 'backlayCardsChip';

/** The amounts of the rack a table with these limits takes. */
export function chipsFor(minBetMinor: number, maxBetMinor: number): number[] {
  const within = CHIP_AMOUNTS_MINOR.filter((a) => a >= minBetMinor && a <= maxBetMinor);
  return within.length > 0 ? within : [minBetMinor];
}

/** The chip chosen last time if this table has it, else the table's smallest. */
export function useChosenChip(chips: number[]): [number, (amountMinor: number) => void] {
  const [chosen, setChosen] = useState<number>(() => {
    try {
      const stored = Number(localStorage.getItem(CHIP_KEY));
      if (chips.includes(stored)) return stored;
    } catch {
      // Storage refused: the smallest.
    }
    return chips[0] ?? 0;
  });
  const value = chips.includes(chosen) ? chosen : (chips[0] ?? 0);
  useEffect(() => {
    try {
      localStorage.setItem(CHIP_KEY, String(value));
    } catch {
      // Kept for this page only.
    }
  }, [value]);
  return [value, setChosen];
}

/** A chip's face: `₹10`, `₹1K`, `₹5K` (short, to fit the disc). */
export function chipText(amountMinor: number): string {
  const rupees = amountMinor / 100;
  return rupees >= 1_000 && rupees % 1_000 === 0 ? `₹${rupees / 1_000}K` : `₹${rupees}`;
}

export function ChipRack({
  chips,
  chosen,
  label,
  amountLabel,
  onChoose,
}: {
  chips: number[];
  chosen: number;
  /** The rack's name for a screen reader. */
  label: string;
  /** A chip's full amount, as the page writes money. */
  amountLabel: (amountMinor: number) => string;
  onChoose: (amountMinor: number) => void;
}) {
  return (
    <div className="chip-rack" role="radiogroup" aria-label={label}>
      {chips.map((amount) => (
        <button
          key={amount}
          type="button"
          role="radio"
          className="card-chip"
          aria-checked={amount === chosen}
          aria-label={amountLabel(amount)}
          style={{
            ['--chip' as string]:
              CHIP_COLOURS[(CHIP_AMOUNTS_MINOR as readonly number[]).indexOf(amount)] ??
              CHIP_COLOURS[0],
          }}
          onClick={() => onChoose(amount)}
        >
          <span aria-hidden="true">{chipText(amount)}</span>
        </button>
      ))}
    </div>
  );
}
