import type { Market, SportEvent } from '@backlay/contract/sports';
import { useMemo } from 'react';
import { errorMessage } from '../../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { useExpectedProfitLoss } from '../../../bets/index';
import { StateMessage } from '../../../../shared/ui/state-message';
import { useEventOdds } from '../../hooks/use-event-odds';
import { MarketBoard } from './market-board';
import './markets.css';

const messages = i18n('sports/live-market-board', {
  loading: 'Loading prices…',
  failed: params('Prices could not be loaded: {error}'),
});

/** An event's markets with live prices and the player's P&L on each runner. */
export function LiveMarketBoard({
  event,
  markets,
}: {
  event: Pick<SportEvent, 'id' | 'title'>;
  markets: readonly Market[];
}) {
  const t = useMessages(messages);
  const marketIds = useMemo(() => markets.map((m) => m.id), [markets]);
  const odds = useEventOdds(event.id, marketIds);
  const profitLoss = useExpectedProfitLoss();
  return (
    <>
      {odds.isPending ? (
        <StateMessage kind="loading" compact>
          {t.loading}
        </StateMessage>
      ) : odds.error && !odds.data ? (
        <StateMessage kind="error">{t.failed({ error: errorMessage(odds.error) })}</StateMessage>
      ) : null}
      <MarketBoard event={event} markets={markets} odds={odds.data} profitLoss={profitLoss.data} />
    </>
  );
}
