import type { SportEvent } from '@backlay/contract/sports';
import { useMemo } from 'react';
import { pinnedFirst, usePins } from '../model/pins';
import { EventRow } from './event-row';
import './event-list.css';

export interface EventListProps {
  events: readonly SportEvent[];
  /** The list's accessible name, e.g. "Cricket matches". */
  label: string;
}

/** Events, pinned ones first, each with its prices and pin. */
export function EventList({ events, label }: EventListProps) {
  const { pins, toggle } = usePins();
  const ordered = useMemo(() => pinnedFirst(events, pins), [events, pins]);
  const pinned = useMemo(() => new Set(pins), [pins]);
  return (
    <ul className="event-list" aria-label={label}>
      {ordered.map((event) => (
        <EventRow
          key={event.id}
          event={event}
          pinned={pinned.has(String(event.id))}
          onTogglePin={toggle}
        />
      ))}
    </ul>
  );
}
