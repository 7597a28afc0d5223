import type { BetSide } from '@backlay/contract/bets';
import type { PriceSize } from '@backlay/contract/sports';
import { memo } from 'react';
import { formatPrice, formatSize } from '../../../shared/format/money';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { rateOf } from '../../bets/index';
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
  /** Shown as a rate (1.85 reads 85), as bookmaker prices are read. */
  asRate?: boolean;
  onSelect: (side: BetSide, price: number) => void;
}

/** A price's name: the side, who, then the price as its cell shows it ("1.85 2.5K"). */
const messages = i18n('sports/price-button', {
  back: params('Back {runner} {price}'),
  lay: params('Lay {runner} {price}'),
  noBack: 'No back price',
  noLay: 'No lay price',
});

type PriceMessages = ReturnType<typeof messages.get>;

/** Each side's message keys: its price's name and its empty cell's. */
const SIDE_KEYS = {
  BACK: { price: 'back', none: 'noBack' },
  LAY: { price: 'lay', none: 'noLay' },
} as const satisfies Record<BetSide, { price: keyof PriceMessages; none: keyof PriceMessages }>;

/** What an empty cell of a ladder shows. */
export const NO_PRICE = '—';

/** The accessible name of a side with no price: "No back price". */
export function noPriceLabel(side: BetSide, t: PriceMessages = messages.get()): string {
  return t[SIDE_KEYS[side].none];
}

/**
 * The accessible name of a price: "Back India 1.85", or "Back India (Bookmaker) 1.85"; with the
 * size on offer, "Back India 1.85 2.5K", which holds the button's visible text as it reads, so
 * speech input can name it by what it shows. In the language shown now, or in the messages a
 * component holds.
 */
export function priceLabel(
  side: BetSide,
  runnerName: string,
  price: number,
  marketName?: string,
  size?: number,
  asRate = false,
  t: PriceMessages = messages.get(),
): string {
  const runner = marketName ? `${runnerName} (${marketName})` : runnerName;
  const offered = size === undefined ? '' : ` ${formatSize(size)}`;
  return t[SIDE_KEYS[side].price]({ runner, price: `${shownPrice(price, asRate)}${offered}` });
}

/** A price as its cell shows it: decimal odds, or a rate. */
function shownPrice(price: number, asRate: boolean): string {
  return asRate ? String(rateOf(price)) : formatPrice(price);
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
  asRate = false,
  onSelect,
}: PriceButtonProps) {
  const t = useMessages(messages);
  const tone = side === 'BACK' ? 'back' : 'lay';
  const className = `price price--${tone}${best ? ' price--best' : ''}${selected ? ' price--selected' : ''}`;
  if (!level) {
    // The best cell of a side says there is no price there; the deeper ones would repeat it.
    return best ? (
      <span className={`${className} price--empty`} role="img" aria-label={noPriceLabel(side, t)}>
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
      aria-label={priceLabel(side, runnerName, level.price, marketName, level.size, asRate, t)}
      aria-pressed={selected || undefined}
      disabled={disabled}
      onClick={() => onSelect(side, level.price)}
    >
      <span className="price__odds">{shownPrice(level.price, asRate)}</span>{' '}
      <span className="price__size">{formatSize(level.size)}</span>
    </button>
  );
});
