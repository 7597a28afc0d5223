import type { SportEvent } from '@backlay/contract/sports';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useMatch } from 'react-router';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { paths } from '../../../shared/paths';
import { Spinner } from '../../../shared/ui/spinner';
import { sportTreeQueryOptions } from '../api/sport-tree';
import { videoLinkQueryOptions } from '../api/video-link';
import { useEventId } from '../hooks/use-event-id';
import { isInPlay } from '../model/in-play';
import { VideoPlayer } from './video-player';
import './video-panel.css';

const messages = i18n('sports/video-panel', {
  event: 'Event',
  loadingEvents: 'Loading the events in play',
  noneInPlay: 'No event is in play right now. Live video opens here once one is.',
  looking: 'Looking for video…',
  failed: params('No video: {error}'),
  noVideo: 'There is no video of this event.',
  openEvent: 'Open the event',
});

type ListedEvent = Pick<SportEvent, 'id' | 'title' | 'externalId'>;

/** The chosen event's video (`GET services/app/Sport/GetVideoLink`), or why there is none. */
function EventVideo({ event, onNavigate }: { event: ListedEvent; onNavigate: () => void }) {
  const t = useMessages(messages);
  const { data, error, isPending } = useQuery(videoLinkQueryOptions(event.id));
  return (
    <div className="video-panel__video" aria-live="polite">
      {isPending ? (
        <div className="video-panel__state">
          <Spinner label={t.looking} />
        </div>
      ) : error && !data ? (
        <p className="video-panel__state">{t.failed({ error: errorMessage(error) })}</p>
      ) : data.url === null ? (
        // The server says why: not in play yet, or no live TV on this site.
        <p className="video-panel__state">{data.message || t.noVideo}</p>
      ) : (
        <VideoPlayer url={data.url} eventTitle={event.title} placeholder={data.placeholder} />
      )}
      <Link
        className="video-panel__open"
        to={paths.markets.getHref(event.externalId, String(event.id))}
        onClick={onNavigate}
      >
        {t.openEvent}
      </Link>
    </div>
  );
}

/**
 * What the header's video box shows: the video of the event whose page is open, else of an
 * event in play (the sport's own first on a sport's page), chosen from a list of them. It is its own chunk, loaded when the box opens.
 */
export default function VideoPanel({ onNavigate }: { onNavigate: () => void }) {
  const t = useMessages(messages);
  const selectId = useId();
  const match = useMatch(paths.markets.path);
  const sportPage = useMatch(paths.matchlist.path)?.params.id;
  const page = useEventId(match?.params.eventid, match?.params.dreamEventId ?? '');
  const pageEventId = match && page.state === 'found' ? page.eventId : null;
  const tree = useQuery(sportTreeQueryOptions());
  const [chosen, setChosen] = useState<number | null>(null);

  if (tree.isPending) {
    return (
      <div className="video-panel__state">
        <Spinner label={t.loadingEvents} />
      </div>
    );
  }
  if (tree.error && !tree.data) {
    return <p className="video-panel__state">{errorMessage(tree.error)}</p>;
  }
  const events = tree.data.flatMap((sport) => sport.events);
  // On a sport's page its own events in play come first.
  const inPlay = [
    ...events.filter((e) => isInPlay(e) && String(e.sportId) === sportPage),
    ...events.filter((e) => isInPlay(e) && String(e.sportId) !== sportPage),
  ];
  const pageEvent = events.find((e) => e.id === pageEventId);
  // The page's event leads the list even before it goes in play (its video says when it opens).
  const listed = pageEvent && !inPlay.includes(pageEvent) ? [pageEvent, ...inPlay] : inPlay;
  const shown = listed.find((e) => e.id === (chosen ?? pageEventId)) ?? listed[0];
  if (!shown) return <p className="video-panel__state">{t.noneInPlay}</p>;
  return (
    <div className="video-panel">
      {listed.length > 1 ? (
        <label className="video-panel__choice" htmlFor={selectId}>
          <span>{t.event}</span>
          <select
            id={selectId}
            value={shown.id}
            onChange={(e) => setChosen(Number(e.target.value))}
          >
            {listed.map((event) => (
              <option key={event.id} value={event.id}>
                {event.title}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="video-panel__title">{shown.title}</p>
      )}
      <EventVideo key={shown.id} event={shown} onNavigate={onNavigate} />
    </div>
  );
}
