import type { SportEvent } from '@backlay/contract/sports';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Icon } from '../../../shared/icons/icon';
import { searchIcon } from '../../../shared/icons/set/search-icon';
import { xmarkIcon } from '../../../shared/icons/set/xmark-icon';
import { paths } from '../../../shared/paths';
import './header-tools.css';
import { useSportNames } from '../../../shared/format/sport-names';

const messages = i18n('sports/event-search', {
  open: 'Open event search',
  search: 'Search events',
  matching: 'Matching events',
  searching: 'Searching…',
  failed: params('Search failed: {error}'),
  noMatch: params('No events match “{term}”.'),
  close: 'Close search',
});

/** The shortest text searched for, and how long typing must pause before it is. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 250;

/** Finds events; the fetcher and its schemas load only once the player types. */
async function findEvents(term: string, signal: AbortSignal): Promise<SportEvent[]> {
  const { searchEvents } = await import('../api/search-events');
  return searchEvents(term, signal);
}

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The header's event search box: a combobox whose listbox offers the matching events; the
 * arrow keys move through them, Enter opens one and Escape closes the list. On a phone the
 * header shows only its button (see `header-tools.css`), which opens the box over the whole
 * header; its close button or Escape closes it again.
 */
export function EventSearch() {
  const t = useMessages(messages);
  const sportNames = useSportNames();
  const id = useId();
  const listId = `${id}-events`;
  const boxId = `${id}-box`;
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [expanded, setExpanded] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (expanded) input.current?.focus();
  }, [expanded]);
  const searched = useDebounced(term.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = searched.length >= SEARCH_MIN_LENGTH;
  const { data, error, isFetching } = useQuery({
    queryKey: ['event-search', searched],
    queryFn: ({ signal }) => findEvents(searched, signal),
    enabled,
    staleTime: 30_000,
  });
  const results = enabled ? (data ?? []) : [];
  const showList = open && term.trim().length >= SEARCH_MIN_LENGTH;

  const reset = () => {
    setOpen(false);
    setTerm('');
    setActive(-1);
    setExpanded(false);
  };
  const choose = (event: SportEvent) => {
    reset();
    void navigate(paths.markets.getHref(event.externalId, String(event.id)));
  };
  /** Closes the phone's search field and hands the focus back to its button. */
  const collapse = () => {
    reset();
    opener.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + results.length) % results.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const chosen = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (showList && chosen) choose(chosen);
    } else if (e.key === 'Escape') {
      // The first Escape closes the list; the next closes the phone's search field.
      if (showList || expanded) e.preventDefault();
      if (!showList && expanded) collapse();
      setOpen(false);
      setActive(-1);
    }
  };

  const status =
    !enabled || (isFetching && !data)
      ? t.searching
      : error
        ? t.failed({ error: errorMessage(error) })
        : results.length === 0
          ? t.noMatch({ term: searched })
          : null;

  return (
    <div
      className={expanded ? 'event-search event-search--expanded' : 'event-search'}
      role="search"
    >
      <button
        ref={opener}
        type="button"
        className="header-icon-button event-search__opener"
        aria-label={t.open}
        aria-expanded={expanded}
        aria-controls={boxId}
        onClick={() => setExpanded(true)}
      >
        <Icon icon={searchIcon} />
      </button>
      <div className="event-search__box" id={boxId}>
        <label htmlFor={id} className="visually-hidden">
          {t.search}
        </label>
        <Icon icon={searchIcon} className="event-search__icon" />
        <input
          ref={input}
          id={id}
          className="event-search__input"
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder={t.search}
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          spellCheck={false}
        />
        <div className="event-search__panel" hidden={!showList}>
          <ul className="event-search__list" id={listId} role="listbox" aria-label={t.matching}>
            {results.map((event, i) => (
              <li
                key={event.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className="event-search__option"
                // Chosen on mouse down, before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(event);
                }}
                onMouseEnter={() => setActive(i)}
              >
                <span className="event-search__title">{event.title}</span>
                <span className="event-search__detail">
                  {sportNames(event.sportId, event.sportName)} · {event.competition}
                </span>
              </li>
            ))}
          </ul>
          {status ? (
            <p className="event-search__status" role="status">
              {status}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className="header-icon-button event-search__close"
          aria-label={t.close}
          onClick={collapse}
          onKeyDown={(e) => {
            if (e.key === 'Escape') collapse();
          }}
        >
          <Icon icon={xmarkIcon} />
        </button>
      </div>
    </div>
  );
}
