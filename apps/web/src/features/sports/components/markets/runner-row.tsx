import type { BetSide } from '@backlay/contract/bets';
import type { MarketOdds } from '@backlay/contract/sports';
import { memo, useCallback } from 'react';
import { ladderCells } from '../../model/ladder';
import { PriceButton } from '../price-button';
import { ProfitLossLine } from './profit-loss-line';

export interface LadderRunner {
  id: number;
  name: string;
}

export interface RunnerRowProps {
  runner: LadderRunner;
  /** The market's name where its prices must say it (see `PriceButton`). */
  marketName: string | undefined;
  prices: MarketOdds['runners'][number] | undefined;
  profitLoss: number | undefined;
  projected: number | undefined;
  disabled: boolean;
  /** The side of this runner that is in the bet slip, if any. */
  chosenSide: BetSide | null;
  /** Prices shown as rates (bookmaker markets). */
  asRate?: boolean;
  onSelect: (runner: LadderRunner, side: BetSide, price: number) => void;
}

/**
 * One runner of a ladder: its name and P&L, then three back prices and three lay prices,
 * the best of each side nearest the runner's name.
 */
export const RunnerRow = memo(function RunnerRow({
  runner,
  marketName,
  prices,
  profitLoss,
  projected,
  disabled,
  chosenSide,
  asRate = false,
  onSelect,
}: RunnerRowProps) {
  const select = useCallback(
    (side: BetSide, price: number) => onSelect(runner, side, price),
    [onSelect, runner],
  );
  const cells = (side: BetSide) =>
    ladderCells(side === 'BACK' ? prices?.back : prices?.lay).map((level, depth) => (
      <div
        className={depth === 0 ? 'ladder__cell' : 'ladder__cell ladder__cell--depth'}
        key={depth}
      >
        <PriceButton
          side={side}
          level={level}
          runnerName={runner.name}
          marketName={marketName}
          best={depth === 0}
          disabled={disabled}
          selected={depth === 0 && chosenSide === side}
          asRate={asRate}
          onSelect={select}
        />
      </div>
    ));
  return (
    <div className="ladder__row" role="group" aria-label={runner.name}>
      <div className="ladder__runner">
        <span className="ladder__runner-name">{runner.name}</span>
        <ProfitLossLine
          runnerId={runner.id}
          runnerName={runner.name}
          current={profitLoss}
          projected={projected}
        />
      </div>
      {cells('BACK')}
      {cells('LAY')}
    </div>
  );
});
