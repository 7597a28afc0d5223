import { i18n, params, useMessages } from '../i18n/i18n';
import { Button } from './button';
import './pager.css';

const messages = i18n('shared/pager', {
  none: 'None',
  range: params('{first}–{last} of {total}'),
  page: params('Page {page}'),
  previous: 'Previous',
  next: 'Next',
});

export interface PagerProps {
  /** The pager's accessible name, e.g. "Bet history pages". */
  label: string;
  /** 0-based page number. */
  page: number;
  pageSize: number;
  total: number;
  /** While the next page loads, paging waits. */
  busy: boolean;
  onPage: (page: number) => void;
}

/** "21–40 of 45" with Previous and Next, for a list paged by offset. */
export function Pager({ label, page, pageSize, total, busy, onPage }: PagerProps) {
  const t = useMessages(messages);
  const first = total === 0 ? 0 : page * pageSize + 1;
  const last = Math.min(total, (page + 1) * pageSize);
  return (
    <nav className="pager" aria-label={label}>
      <span className="pager__range">{total === 0 ? t.none : t.range({ first, last, total })}</span>
      <Button
        variant="outline"
        size="sm"
        disabled={page === 0 || busy}
        onClick={() => onPage(page - 1)}
      >
        {t.previous}
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={last >= total || busy}
        onClick={() => onPage(page + 1)}
      >
        {t.next}
      </Button>
    </nav>
  );
}

/** "Page 2" with Previous and Next, for a list paged by cursor, whose length is unknown. */
export function CursorPager({
  label,
  page,
  hasNext,
  busy,
  onPrevious,
  onNext,
}: {
  label: string;
  /** 1-based page number. */
  page: number;
  hasNext: boolean;
  busy: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const t = useMessages(messages);
  return (
    <nav className="pager" aria-label={label}>
      <span className="pager__range">{t.page({ page })}</span>
      <Button variant="outline" size="sm" disabled={page === 1 || busy} onClick={onPrevious}>
        {t.previous}
      </Button>
      <Button variant="outline" size="sm" disabled={!hasNext || busy} onClick={onNext}>
        {t.next}
      </Button>
    </nav>
  );
}
