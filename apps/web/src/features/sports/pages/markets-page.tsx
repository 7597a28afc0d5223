import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/request-error';
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

/**
 * One event: its header, the player's open bets on it, scorecard, video and every market
 * with live prices.
 */
function EventMarketsView({ eventId }: { eventId: number }) {
  const { data, error, isPending } = useQuery(eventMarketsQueryOptions(eventId));
  const { pins, toggle } = usePins();
  if (isPending) {
    return (
      <Page>
        <StateMessage kind="loading">Loading the event…</StateMessage>
      </Page>
    );
  }
  if (error && !data) {
    return (
      <Page>
        <StateMessage kind="error">
          The event could not be loaded: {errorMessage(error)}
        </StateMessage>
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
            <StateMessage kind="empty">No markets are open on this event.</StateMessage>
          ) : (
            <LiveMarketBoard event={event} markets={markets} />
          )}
        </div>
        <div className="event-page__bets">
          <EventBetsPanel eventId={event.id} markets={markets} />
        </div>
        <div className="event-page__score">
          <ScoreCardBox eventId={event.id} inPlay={inPlay} />
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
  const lookup = useEventId(eventid, dreamEventId);
  switch (lookup.state) {
    case 'found':
      return <EventMarketsView key={lookup.eventId} eventId={lookup.eventId} />;
    case 'searching':
      return (
        <Page>
          <StateMessage kind="loading">Finding the event…</StateMessage>
        </Page>
      );
    case 'not-found':
      return (
        <Page>
          <StateMessage kind="empty">
            This event could not be found. It may have finished or been taken off the list.
          </StateMessage>
        </Page>
      );
    case 'failed':
      return (
        <Page>
          <StateMessage kind="error">
            The event could not be looked up: {errorMessage(lookup.error)}
          </StateMessage>
        </Page>
      );
  }
}
