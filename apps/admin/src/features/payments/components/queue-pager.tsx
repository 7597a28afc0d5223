import { formatCount } from '../../../shared/format/money';
import { Button } from '../../../shared/ui/button';
import { MAX_QUEUE_PAGE, QUEUE_PAGE_SIZE } from '../model/queue-filters';

/** Under a queue: which rows of how many are shown, and the pages before and after. */
export function QueuePager({
  page,
  shown,
  totalCount,
  loading,
  onPage,
}: {
  page: number;
  shown: number;
  totalCount: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const first = (page - 1) * QUEUE_PAGE_SIZE;
  const hasMore = first + shown < totalCount && page < MAX_QUEUE_PAGE;
  return (
    <nav className="queue-pager" aria-label="Pages">
      <span className="grid__count">
        {shown === 0
          ? `None of ${formatCount(totalCount)}`
          : `${formatCount(first + 1)}–${formatCount(first + shown)} of ${formatCount(totalCount)}`}
      </span>
      {page > 1 ? (
        <Button size="small" busy={loading} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
      ) : null}
      {hasMore ? (
        <Button size="small" busy={loading} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      ) : null}
    </nav>
  );
}
