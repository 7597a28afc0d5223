import type { SportEvent } from '@backlay/contract/sports';
import { formatEventStart } from '../../../shared/format/date-time';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { isInPlay } from '../model/in-play';
import './sports-ui.css';

const messages = i18n('sports/event-status', {
  inPlay: 'In-Play',
  finished: 'Finished',
  cancelled: 'Cancelled',
});

/** The In-Play badge: a live dot and the word. */
export function InPlayBadge() {
  const t = useMessages(messages);
  return (
    <span className="in-play-badge">
      <span className="in-play-badge__dot" aria-hidden="true" />
      {t.inPlay}
    </span>
  );
}

/**
 * An event's state at a glance: In-Play, Finished, Cancelled, or when it starts on the player's
 * clock. With `venueTime` (an event's own page), the venue's time comes first where its clock
 * differs (`Today 15:00 local, 20:30 your time`); lists keep to the player's time, to stay short.
 */
export function EventStatus({
  event,
  venueTime = false,
}: {
  event: SportEvent;
  venueTime?: boolean;
}) {
  // Also renders the start time ("Today 21:39") again when the language changes.
  const t = useMessages(messages);
  if (isInPlay(event)) return <InPlayBadge />;
  if (event.status === 'FINISHED') return <span className="event-status">{t.finished}</span>;
  if (event.status === 'CANCELLED') return <span className="event-status">{t.cancelled}</span>;
  const venueTimeZone = venueTime ? (event.venueTimeZone ?? undefined) : undefined;
  return (
    <time className="event-status event-status--time" dateTime={event.openDate}>
      {formatEventStart(event.openDate, { venueTimeZone })}
    </time>
  );
}
