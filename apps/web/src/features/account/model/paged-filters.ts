import { useCallback, useState } from 'react';

/** Changes some filters of a paged list, leaving the others as they are. */
export type SetFilters<F> = (changes: Partial<F>) => void;

/**
 * The filters of a paged list and the page it shows. Changing a filter goes back to the
 * first page: a page number of the old results means nothing in the new ones.
 */
export function usePagedFilters<F extends object>(initial: F) {
  const [filters, setAllFilters] = useState(initial);
  const [page, setPage] = useState(0);
  const setFilters = useCallback<SetFilters<F>>((changes) => {
    setAllFilters((current) => ({ ...current, ...changes }));
    setPage(0);
  }, []);
  return { filters, setFilters, page, setPage };
}
