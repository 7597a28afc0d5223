import type { BetSide } from '@backlay/contract/bets';
import type { Market, MarketOdds } from '@backlay/contract/sports';
import { formatPrice, formatSignedMoney } from '../../../../shared/format/money';
import { NO_PRICE } from '../price-button';
import type { LadderRunner } from './runner-row';

export interface FancyRowProps {
  market: Market;
  odds: MarketOdds | undefined;
  profitLoss: ReadonlyMap<number, number> | undefined;
  projected: ReadonlyMap<number, number> | null;
  disabled: boolean;
  chosenSide: BetSide | null;
  onSelect: (runner: LadderRunner, side: BetSide, price: number) => void;
}

/**
 * A FANCY market as a session row: the runs line with NO (lay the Yes runner: fewer runs
 * than the line) and YES (back it: the line or more) at their quoted rates.
 */
export function FancyRow({
  market,
  odds,
  profitLoss,
  projected,
  disabled,
  chosenSide,
  onSelect,
}: FancyRowProps) {
  const yes = market.runners[0];
  if (!yes) return null;
  const prices = odds?.runners.find((r) => r.runnerId === yes.id);
  const line = market.line ?? null;
  const lineText = line === null ? '—' : String(line);
  const cell = (side: BetSide, word: 'No' | 'Yes') => {
    const level = (side === 'LAY' ? prices?.lay : prices?.back)?.[0] ?? null;
    const tone = side === 'LAY' ? 'lay' : 'back';
    if (!level)
      return (
        <span
          className={`price price--${tone} price--best price--empty`}
          role="img"
          aria-label={`No price for ${word}`}
        >
          {NO_PRICE}
        </span>
      );
    return (
      <button
        type="button"
        className={`price price--${tone} price--best${chosenSide === side ? ' price--selected' : ''}`}
        // What it shows, in order (line, then rate), so speech input can name it by its text.
        aria-label={`${word} ${market.name} ${lineText} ${formatPrice(level.price)}`}
        aria-pressed={chosenSide === side || undefined}
        disabled={disabled}
        onClick={() => onSelect(yes, side, level.price)}
      >
        <span className="price__odds">{lineText}</span>{' '}
        <span className="price__size">{formatPrice(level.price)}</span>
      </button>
    );
  };
  const positions = market.runners
    .map((r) => ({ runner: r, now: profitLoss?.get(r.id), after: projected?.get(r.id) }))
    .filter((p) => p.now !== undefined || p.after !== undefined);
  return (
    <div className="fancy__row" role="group" aria-label={market.name}>
      <div className="ladder__runner">
        <span className="ladder__runner-name">{market.name}</span>
        {positions.length > 0 ? (
          <p className="pnl" data-testid={`pnl-${market.id}`}>
            {positions.map(({ runner, now, after }) => (
              <span key={runner.id} className="pnl__position">
                {runner.name} {now !== undefined ? formatSignedMoney(now) : ''}
                {after !== undefined ? ` → ${formatSignedMoney(after)}` : ''}
              </span>
            ))}
          </p>
        ) : null}
      </div>
      <div className="ladder__cell">{cell('LAY', 'No')}</div>
      <div className="ladder__cell">{cell('BACK', 'Yes')}</div>
    </div>
  );
}
