import type { BetSide } from '@backlay/contract/bets';
import type { PriceSize } from '@backlay/contract/sports';
import { memo } from 'react';
import { formatPrice, formatSize } from '../../../shared/format/money';
import './sports-ui.css';

export interface PriceButtonProps {
  side: BetSide;
  /** The price and the rupees available at it; null for an empty cell of the ladder (a dash). */
  level: PriceSize | null;
  /** Who the price is for, in the accessible name: "Back India 1.85". */
  runnerName: string;
  /**
   * The market, named where runners' names repeat across an event's markets ("Back India
   * (Bookmaker) 1.85"); left out for the match odds, whose prices read "Back India 1.85".
   */
  marketName?: string;
  /** The best price of its side, drawn stronger. */
  best?: boolean;
  disabled?: boolean;
  /** Whether this price is the one in the bet slip. */
  selected?: boolean;
  onSelect: (side: BetSide, price: number) => void;
}

const SIDE_WORD: Record<BetSide, string> = { BACK: 'Back', LAY: 'Lay' };

/** What an empty cell of a ladder shows. */
export const NO_PRICE = '—';

/** The accessible name of a side with no price: "No back price". */
export function noPriceLabel(side: BetSide): string {
  return `No ${SIDE_WORD[side].toLowerCase()} price`;
}

/**
 * The accessible name of a price: "Back India 1.85", or "Back India (Bookmaker) 1.85"; with the
 * size on offer, "Back India 1.85 2.5K", which holds the button's visible text as it reads, so
 * speech input can name it by what it shows.
 */
export function priceLabel(
  side: BetSide,
  runnerName: string,
  price: number,
  marketName?: string,
  size?: number,
): string {
  const who = marketName ? `${runnerName} (${marketName})` : runnerName;
  const offered = size === undefined ? '' : ` ${formatSize(size)}`;
  return `${SIDE_WORD[side]} ${who} ${formatPrice(price)}${offered}`;
}

/** One cell of a ladder: a price and its size, which opens the bet slip at that price. */
export const PriceButton = memo(function PriceButton({
  side,
  level,
  runnerName,
  marketName,
  best = false,
  disabled = false,
  selected = false,
  onSelect,
}: PriceButtonProps) {
  const tone = side === 'BACK' ? 'back' : 'lay';
  const className = `price price--${tone}${best ? ' price--best' : ''}${selected ? ' price--selected' : ''}`;
  if (!level) {
    // The best cell of a side says there is no price there; the deeper ones would repeat it.
    return best ? (
      <span className={`${className} price--empty`} role="img" aria-label={noPriceLabel(side)}>
        {NO_PRICE}
      </span>
    ) : (
      <span className={`${className} price--empty`} aria-hidden="true">
        {NO_PRICE}
      </span>
    );
  }
  return (
    <button
      type="button"
      className={className}
      aria-label={priceLabel(side, runnerName, level.price, marketName, level.size)}
      aria-pressed={selected || undefined}
      disabled={disabled}
      onClick={() => onSelect(side, level.price)}
    >
      <span className="price__odds">{formatPrice(level.price)}</span>{' '}
      <span className="price__size">{formatSize(level.size)}</span>
    </button>
  );
});
