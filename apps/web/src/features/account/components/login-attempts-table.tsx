import { LOGIN_ATTEMPT_RESULTS, type LoginAttemptResult } from '@backlay/contract/account';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { LOGIN_ATTEMPTS_PAGE_SIZE, useLoginAttempts } from '../api/login-attempts';
import './account-pages.css';

const TIME_FORMAT = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'medium',
  timeStyle: 'short',
});

/** An attempt's time as the player reads it, in their own time zone. */
export function formatAttemptTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : TIME_FORMAT.format(date);
}

/** The player's recent login attempts: a paged table, filtered by result. */
export function LoginAttemptsTable() {
  const [result, setResult] = useState<LoginAttemptResult | null>(null);
  const [page, setPage] = useState(0);
  const filterId = useId();
  const { data, error, isPending, isFetching, isPlaceholderData } = useLoginAttempts({
    result,
    page,
  });
  const total = data?.totalCount ?? 0;
  const first = total === 0 ? 0 : page * LOGIN_ATTEMPTS_PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * LOGIN_ATTEMPTS_PAGE_SIZE);
  const hasNext = last < total;

  return (
    <section className="account-section" aria-labelledby={`${filterId}-title`}>
      <header className="account-section__header">
        <h2 className="account-section__title" id={`${filterId}-title`}>
          Recent login attempts
        </h2>
        <label className="account-filter" htmlFor={filterId}>
          <span>Result</span>
          <select
            id={filterId}
            value={result ?? ''}
            onChange={(e) => {
              setResult((e.target.value || null) as LoginAttemptResult | null);
              setPage(0);
            }}
          >
            <option value="">All</option>
            {LOGIN_ATTEMPT_RESULTS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
      </header>

      {isPending ? (
        <div className="account-section__state">
          <Spinner label="Loading login attempts" />
        </div>
      ) : error && !data ? (
        <p className="account-section__state" role="alert">
          {errorMessage(error)}
        </p>
      ) : (
        <>
          <div className="account-table__scroll">
            <table className="account-table" aria-busy={isFetching} data-testid="login-attempts">
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">IP</th>
                  <th scope="col">Browser</th>
                  <th scope="col">Result</th>
                </tr>
              </thead>
              <tbody>
                {data?.items.length ? (
                  data.items.map((attempt, i) => (
                    <tr key={`${attempt.time}-${i}`}>
                      <td>
                        <time dateTime={attempt.time}>{formatAttemptTime(attempt.time)}</time>
                      </td>
                      <td>{attempt.ip}</td>
                      <td className="account-table__browser" title={attempt.browser}>
                        {attempt.browser}
                      </td>
                      <td>
                        <span
                          className={`account-badge account-badge--${attempt.result.toLowerCase()}`}
                        >
                          {attempt.result}
                        </span>
                      </td>
                    </tr>
                  ))
                ) : (
                  <tr>
                    <td colSpan={4} className="account-table__empty">
                      {result
                        ? `No ${result.toLowerCase()} login attempts.`
                        : 'No login attempts yet.'}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <nav className="account-pager" aria-label="Login attempt pages">
            <span className="account-pager__range">
              {total === 0 ? 'None' : `${first}–${last} of ${total}`}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={page === 0 || isPlaceholderData}
              onClick={() => setPage((p) => Math.max(0, p - 1))}
            >
              Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={!hasNext || isPlaceholderData}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
