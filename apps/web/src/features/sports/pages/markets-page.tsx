import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Page } from '../../../shared/ui/page';
import { StateMessage } from '../../../shared/ui/state-message';
import { eventMarketsQueryOptions } from '../api/event-markets';
import { EventBetsPanel } from '../components/markets/event-bets-panel';
import { EventHeader } from '../components/markets/event-header';
import { LiveMarketBoard } from '../components/markets/live-market-board';
import { ScoreCardBox } from '../components/markets/score-card-box';
import { TvBox } from '../components/markets/tv-box';
import { useEventId } from '../hooks/use-event-id';
import { isInPlay } from '../model/in-play';
import { usePins } from '../model/pins';
import '../components/markets/markets.css';

const messages = i18n('sports/markets-page', {
  loading: 'Loading the event…',
  failed: params('The event could not be loaded: {error}'),
  noMarkets: 'No markets are open on this event.',
  finding: 'Finding the event…',
  notFound: 'This event could not be found. It may have finished or been taken off the list.',
  lookupFailed: params('The event could not be looked up: {error}'),
});

/**
 * One event: its header, the player's open bets on it, scorecard, video and every market
 * with live prices.
 */
function EventMarketsView({ eventId }: { eventId: number }) {
  const t = useMessages(messages);
  const { data, error, isPending } = useQuery(eventMarketsQueryOptions(eventId));
  const { pins, toggle } = usePins();
  if (isPending) {
    return (
      <Page>
        <StateMessage kind="loading">{t.loading}</StateMessage>
      </Page>
    );
  }
  if (error && !data) {
    return (
      <Page>
        <StateMessage kind="error">{t.failed({ error: errorMessage(error) })}</StateMessage>
      </Page>
    );
  }
  const { event, markets } = data;
  const inPlay = isInPlay(event) || markets.some((m) => m.inPlay);
  return (
    <article className="page event-page">
      <EventHeader
        event={event}
        pinned={pins.includes(String(event.id))}
        onTogglePin={() => toggle(event.id)}
      />
      <div className="event-page__layout">
        <div className="event-page__markets">
          {markets.length === 0 ? (
            <StateMessage kind="empty">{t.noMarkets}</StateMessage>
          ) : (
            <LiveMarketBoard event={event} markets={markets} />
          )}
        </div>
        <div className="event-page__bets">
          <EventBetsPanel eventId={event.id} markets={markets} />
        </div>
        <div className="event-page__score">
          <ScoreCardBox
            eventId={event.id}
            inPlay={inPlay}
            venueTimeZone={event.venueTimeZone ?? undefined}
          />
        </div>
        <div className="event-page__tv">
          <TvBox eventId={event.id} eventTitle={event.title} />
        </div>
      </div>
    </article>
  );
}

/** An event's markets (`/markets/:eventid?/:dreamEventId`). */
export default function MarketsPage() {
  const { eventid, dreamEventId = '' } = useParams();
  const t = useMessages(messages);
  const lookup = useEventId(eventid, dreamEventId);
  switch (lookup.state) {
    case 'found':
      return <EventMarketsView key={lookup.eventId} eventId={lookup.eventId} />;
    case 'searching':
      return (
        <Page>
          <StateMessage kind="loading">{t.finding}</StateMessage>
        </Page>
      );
    case 'not-found':
      return (
        <Page>
          <StateMessage kind="empty">{t.notFound}</StateMessage>
        </Page>
      );
    case 'failed':
      return (
        <Page>
          <StateMessage kind="error">
            {t.lookupFailed({ error: errorMessage(lookup.error) })}
          </StateMessage>
        </Page>
      );
  }
}
