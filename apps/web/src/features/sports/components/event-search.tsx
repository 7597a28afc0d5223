import { useId, useState, type FormEvent } from 'react';
import { Icon } from '../../../shared/icons/icon';
import { toast } from '../../../shared/toasts/toast-store';
import { searchIcon } from '../../../shared/icons/set/search-icon';
import './header-tools.css';

/** The header's event search box. */
export function EventSearch() {
  const id = useId();
  const [term, setTerm] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    toast.info('Event search is coming soon.');
  };
  return (
    <form className="event-search" role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search events
      </label>
      <Icon icon={searchIcon} className="event-search__icon" />
      <input
        id={id}
        className="event-search__input"
        type="search"
        placeholder="Search events"
        value={term}
        onChange={(e) => setTerm(e.target.value)}
        autoComplete="off"
      />
    </form>
  );
}
