import type { SportEvent } from '@backlay/contract/sports';
import { Link } from 'react-router';
import { paths } from '../../../../shared/paths';
import { sportById } from '../../sports';
import { EventStatus } from '../event-status';
import { PinToggle } from '../pin-toggle';

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
  const sport = sportById(event.sportId);
  return (
    <header className="event-header">
      <nav className="event-header__crumbs" aria-label="Breadcrumb">
        {sport ? (
          <Link to={paths.matchlist.getHref(sport.id)}>{sport.name}</Link>
        ) : (
          <span>{event.sportName}</span>
        )}
        <span aria-hidden="true">›</span>
        <span>{event.competition}</span>
      </nav>
      <div className="event-header__main">
        <h1 className="event-header__title">{event.title}</h1>
        <PinToggle title={event.title} pinned={pinned} onToggle={onTogglePin} />
      </div>
      <div className="event-header__status">
        <EventStatus event={event} />
        {event.score ? <span className="event-header__score">{event.score}</span> : null}
      </div>
    </header>
  );
}
