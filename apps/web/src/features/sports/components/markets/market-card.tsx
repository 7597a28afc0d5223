import type { BetSide } from '@backlay/contract/bets';
import type { Market, MarketOdds, SportEvent } from '@backlay/contract/sports';
import { memo, useCallback, useMemo } from 'react';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { readsAsRate, useBetSlip } from '../../../bets/index';
import { ladderState } from '../../model/market-state';
import { projectProfitLoss } from '../../model/projection';
import { MATCH_ODDS_NAME, marketSelection } from '../../model/selection';
import { InPlayBadge } from '../event-status';
import { LadderStateLabel } from '../ladder-state-label';
import { RunnerRow, type LadderRunner } from './runner-row';

export interface MarketCardProps {
  event: Pick<SportEvent, 'id' | 'title'>;
  market: Market;
  /** The market's prices, or undefined while none are known. */
  odds: MarketOdds | undefined;
  /** The player's if-win P&L per runner of this market, if they have bets on it. */
  profitLoss: ReadonlyMap<number, number> | undefined;
}

const messages = i18n('sports/market-card', {
  matchOdds: 'Match Odds',
  bookmaker: 'Bookmaker',
  betDelay: params('Bet delay {seconds} s'),
  fillOrKill: 'Fill or kill',
  back: 'Back',
  lay: 'Lay',
});

/** The badge of a market type that has one. */
const TYPE_LABELS: Partial<Record<Market['type'], 'bookmaker'>> = {
  BOOKMAKER: 'bookmaker',
};

/**
 * Market names that only name their type ("Match Odds") read in the player's language; any
 * other name is the feed's own, shown as it comes.
 */
const TYPE_NAMES: Partial<
  Record<Market['type'], { name: string; key: 'matchOdds' | 'bookmaker' }>
> = {
  MATCH_ODDS: { name: MATCH_ODDS_NAME, key: 'matchOdds' },
  BOOKMAKER: { name: 'Bookmaker', key: 'bookmaker' },
};

/** The bet-slip draft of this market, if the slip holds one of its runners. */
function useDraftOf(marketId: string) {
  const selection = useBetSlip((s) => (s.selection?.marketId === marketId ? s.selection : null));
  const stake = useBetSlip((s) => (s.selection?.marketId === marketId ? s.stake : null));
  const price = useBetSlip((s) => (s.selection?.marketId === marketId ? s.price : null));
  return { selection, stake, price };
}

/**
 * One match odds or bookmaker market of an event: its name, type, state and bet delay, then
 * its ladder (bookmaker prices read as rates). A suspended, closed or settled market says so over its
 * prices, and a settled one names its winner when its data does.
 */
export const MarketCard = memo(function MarketCard({
  event,
  market,
  odds,
  profitLoss,
}: MarketCardProps) {
  const t = useMessages(messages);
  const state = ladderState(market, odds);
  const inPlay = odds?.inPlay ?? market.inPlay;
  const closed = state.kind !== 'OPEN';
  const open = useBetSlip((s) => s.open);
  const draft = useDraftOf(market.id);

  const runners = useMemo(
    () => [...market.runners].sort((a, b) => a.sortOrder - b.sortOrder),
    [market.runners],
  );
  const pricesById = useMemo(
    () => new Map((odds?.runners ?? []).map((r) => [r.runnerId, r])),
    [odds],
  );
  const { selection, stake, price } = draft;
  const projected = useMemo(() => {
    if (!selection || stake === null || price === null) return null;
    return projectProfitLoss(
      runners.map((r) => r.id),
      profitLoss,
      { runnerId: selection.runnerId, side: selection.side, price, stake },
    );
  }, [selection, stake, price, runners, profitLoss]);

  const onSelect = useCallback(
    (runner: LadderRunner, side: BetSide, price: number) =>
      open(marketSelection(event, market, runner, side, price, inPlay)),
    [open, event, market, inPlay],
  );
  const chosenSide = (runnerId: number) =>
    selection?.runnerId === runnerId ? selection.side : null;
  const typeLabel = TYPE_LABELS[market.type];
  const typeName = TYPE_NAMES[market.type];
  const name = typeName?.name === market.name ? t[typeName.key] : market.name;
  const titleId = `market-${market.id}`;
  const stateId = `market-${market.id}-state`;

  return (
    <section
      className={`market market--${market.type.toLowerCase()}`}
      aria-labelledby={titleId}
      aria-describedby={closed ? stateId : undefined}
      data-market-id={market.id}
      data-state={state.kind}
    >
      <header className="market__header">
        <h2 className="market__name" id={titleId}>
          {name}
        </h2>
        <div className="market__badges">
          {typeLabel ? <span className="market__badge">{t[typeLabel]}</span> : null}
          {inPlay ? <InPlayBadge /> : null}
          {inPlay && market.betDelaySeconds > 0 ? (
            <span className="market__badge market__badge--muted">
              {t.betDelay({ seconds: market.betDelaySeconds })}
            </span>
          ) : null}
          {market.fillOrKill ? (
            <span className="market__badge market__badge--muted">{t.fillOrKill}</span>
          ) : null}
        </div>
      </header>
      <div className="market__body">
        <div className="ladder">
          <div className="ladder__head" aria-hidden="true">
            <span />
            <span className="ladder__side ladder__side--back">{t.back}</span>
            <span className="ladder__side ladder__side--lay">{t.lay}</span>
          </div>
          {runners.map((runner) => (
            <RunnerRow
              key={runner.id}
              runner={runner}
              marketName={market.name === MATCH_ODDS_NAME ? undefined : name}
              prices={pricesById.get(runner.id)}
              profitLoss={profitLoss?.get(runner.id) ?? (profitLoss ? 0 : undefined)}
              projected={projected?.get(runner.id)}
              disabled={closed}
              chosenSide={chosenSide(runner.id)}
              asRate={readsAsRate(market.type)}
              onSelect={onSelect}
            />
          ))}
        </div>
        <LadderStateLabel state={state} id={stateId} className="market__overlay" />
      </div>
    </section>
  );
});
