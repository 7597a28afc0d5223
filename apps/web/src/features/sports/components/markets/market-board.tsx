import type { ExpectedProfitLoss } from '@backlay/contract/bets';
import type { Market, MarketOdds, SportEvent } from '@backlay/contract/sports';
import { useMemo } from 'react';
import { StateMessage } from '../../../../shared/ui/state-message';
import { isFancyLineOver } from '../../model/market-state';
import { MarketCard } from './market-card';

export interface MarketBoardProps {
  event: Pick<SportEvent, 'id' | 'title'>;
  markets: readonly Market[];
  odds: readonly MarketOdds[] | undefined;
  profitLoss: ExpectedProfitLoss | undefined;
}

/** Markets in the order exchanges list them: match odds, bookmaker, then the sessions. */
const TYPE_ORDER: Record<Market['type'], number> = { MATCH_ODDS: 0, BOOKMAKER: 1, FANCY: 2 };

/**
 * Every market of an event, each with its prices and the player's P&L on it; fancy lines that
 * have closed or settled are left out.
 */
export function MarketBoard({ event, markets, odds, profitLoss }: MarketBoardProps) {
  const oddsById = useMemo(() => new Map((odds ?? []).map((o) => [o.marketId, o])), [odds]);
  const pnlById = useMemo(
    () =>
      new Map(
        (profitLoss ?? []).map((m) => [
          m.marketId,
          new Map(m.runners.map((r) => [r.runnerId, r.profitLoss])),
        ]),
      ),
    [profitLoss],
  );
  // A session line that is over leaves the page; the event's other markets stay.
  const ordered = useMemo(
    () =>
      markets
        .filter((m) => !isFancyLineOver(m, oddsById.get(m.id)))
        .sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type]),
    [markets, oddsById],
  );
  if (ordered.length === 0) {
    return <StateMessage kind="empty">No markets are open on this event.</StateMessage>;
  }
  return (
    <div className="market-board">
      {ordered.map((market) => (
        <MarketCard
          key={market.id}
          event={event}
          market={market}
          odds={oddsById.get(market.id)}
          profitLoss={pnlById.get(market.id)}
        />
      ))}
    </div>
  );
}
