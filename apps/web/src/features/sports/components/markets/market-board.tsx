import type { ExpectedProfitLoss } from '@backlay/contract/bets';
import type { Market, MarketOdds, SportEvent } from '@backlay/contract/sports';
import { useMemo } from 'react';
import { i18n, useMessages } from '../../../../shared/i18n/i18n';
import { StateMessage } from '../../../../shared/ui/state-message';
import { isFancyLineOver } from '../../model/market-state';
import { FancyBoard } from './fancy-board';
import { MarketCard } from './market-card';

const messages = i18n('sports/market-board', {
  noMarkets: 'No markets are open on this event.',
});

export interface MarketBoardProps {
  event: Pick<SportEvent, 'id' | 'title'>;
  markets: readonly Market[];
  odds: readonly MarketOdds[] | undefined;
  profitLoss: ExpectedProfitLoss | undefined;
}

/** Markets in the order exchanges list them: match odds, then bookmaker; the sessions follow. */
type LadderMarket = Market & { type: Exclude<Market['type'], 'FANCY'> };
const TYPE_ORDER: Record<LadderMarket['type'], number> = { MATCH_ODDS: 0, BOOKMAKER: 1 };

/**
 * Every market of an event, each with its prices and the player's P&L on it, then the fancy
 * sessions in one box (sessions that have ended are left out).
 */
export function MarketBoard({ event, markets, odds, profitLoss }: MarketBoardProps) {
  const t = useMessages(messages);
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
  const ordered = useMemo(
    () =>
      markets
        .filter((m): m is LadderMarket => m.type !== 'FANCY')
        .sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type]),
    [markets],
  );
  const fancy = useMemo(() => markets.filter((m) => m.type === 'FANCY'), [markets]);
  const fancyLive = useMemo(
    () => fancy.some((m) => !isFancyLineOver(m, oddsById.get(m.id))),
    [fancy, oddsById],
  );
  if (ordered.length === 0 && !fancyLive) {
    return <StateMessage kind="empty">{t.noMarkets}</StateMessage>;
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
      {fancy.length > 0 ? <FancyBoard event={event} markets={fancy} oddsById={oddsById} /> : null}
    </div>
  );
}
