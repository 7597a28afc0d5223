import type { SportEvent } from '@backlay/contract/sports';
import { formatEventStart } from '../../../shared/format/date-time';
import { isInPlay } from '../model/in-play';
import './sports-ui.css';

/** The In-Play badge: a live dot and the word. */
export function InPlayBadge() {
  return (
    <span className="in-play-badge">
      <span className="in-play-badge__dot" aria-hidden="true" />
      In-Play
    </span>
  );
}

/**
 * An event's state at a glance: In-Play, Finished, Cancelled, or when it starts on the player's
 * clock. The event carries no venue time zone, so the venue's own time (which a race's title
 * gives) cannot be shown beside it.
 */
export function EventStatus({ event }: { event: SportEvent }) {
  if (isInPlay(event)) return <InPlayBadge />;
  if (event.status === 'FINISHED') return <span className="event-status">Finished</span>;
  if (event.status === 'CANCELLED') return <span className="event-status">Cancelled</span>;
  return (
    <time className="event-status event-status--time" dateTime={event.openDate}>
      {formatEventStart(event.openDate)}
    </time>
  );
}
