import type { SportEvent } from '@backlay/contract/sports';
import { isInPlay } from '../model/in-play';
import './sports-ui.css';

const DAY_MS = 86_400_000;
const TIME = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit' });
const DATE = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short' });

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** A start time as players read it: "Today 19:30", "Tomorrow 14:00", "Sat, 1 Mar 19:30". */
export function formatStart(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const days = Math.round((startOfDay(date) - startOfDay(now)) / DAY_MS);
  const day = days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : DATE.format(date);
  return `${day} ${TIME.format(date)}`;
}

/** The In-Play badge: a live dot and the word. */
export function InPlayBadge() {
  return (
    <span className="in-play-badge">
      <span className="in-play-badge__dot" aria-hidden="true" />
      In-Play
    </span>
  );
}

/** An event's state at a glance: In-Play, Finished, Cancelled, or when it starts. */
export function EventStatus({ event }: { event: SportEvent }) {
  if (isInPlay(event)) return <InPlayBadge />;
  if (event.status === 'FINISHED') return <span className="event-status">Finished</span>;
  if (event.status === 'CANCELLED') return <span className="event-status">Cancelled</span>;
  return (
    <time className="event-status event-status--time" dateTime={event.openDate}>
      {formatStart(event.openDate)}
    </time>
  );
}
