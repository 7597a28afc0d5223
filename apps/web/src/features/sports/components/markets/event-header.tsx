import type { SportEvent } from '@backlay/contract/sports';
import { Link } from 'react-router';
import { i18n, useMessages } from '../../../../shared/i18n/i18n';
import { paths } from '../../../../shared/paths';
import { sportById } from '../../sports';
import { EventStatus } from '../event-status';
import { PinToggle } from '../pin-toggle';
import { useSportNames } from '../../../../shared/format/sport-names';

const messages = i18n('sports/event-header', { breadcrumb: 'Breadcrumb' });

/** Between the sport and the competition: a mark, not words. */
const CRUMB_SEPARATOR = '›';

/** An event's heading: sport and competition, title, status, live score and its pin. */
export function EventHeader({
  event,
  pinned,
  onTogglePin,
}: {
  event: SportEvent;
  pinned: boolean;
  onTogglePin: () => void;
}) {
  const t = useMessages(messages);
  const sport = sportById(event.sportId);
  const sportNames = useSportNames();
  return (
    <header className="event-header">
      <nav className="event-header__crumbs" aria-label={t.breadcrumb}>
        {sport ? (
          <Link to={paths.matchlist.getHref(sport.id)}>{sportNames(sport.id, sport.name)}</Link>
        ) : (
          <span>{sportNames(event.sportId, event.sportName)}</span>
        )}
        <span aria-hidden="true">{CRUMB_SEPARATOR}</span>
        <span>{event.competition}</span>
      </nav>
      <div className="event-header__main">
        <h1 className="event-header__title">{event.title}</h1>
        <PinToggle title={event.title} pinned={pinned} onToggle={onTogglePin} />
      </div>
      <div className="event-header__status">
        <EventStatus event={event} venueTime />
        {event.score ? <span className="event-header__score">{event.score}</span> : null}
      </div>
    </header>
  );
}
