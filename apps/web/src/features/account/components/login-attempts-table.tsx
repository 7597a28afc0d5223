import { LOGIN_ATTEMPT_RESULTS, type LoginAttemptResult } from '@backlay/contract/account';
import { useId } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { formatDateTime } from '../../../shared/format/date-time';
import { Spinner } from '../../../shared/ui/spinner';
import { LOGIN_ATTEMPTS_PAGE_SIZE, useLoginAttempts } from '../api/login-attempts';
import { usePagedFilters } from '../model/paged-filters';
import { PagedTable, type TableColumn } from './paged-table';
import './account-pages.css';

const ATTEMPT_COLUMNS: readonly TableColumn[] = [
  { label: 'Time' },
  { label: 'IP' },
  { label: 'Browser' },
  { label: 'Result' },
];

/** The player's recent login attempts: a paged table, filtered by result. */
export function LoginAttemptsTable() {
  const { filters, setFilters, page, setPage } = usePagedFilters({
    result: null as LoginAttemptResult | null,
  });
  const { result } = filters;
  const filterId = useId();
  const { data, error, isPending, isFetching, isPlaceholderData } = useLoginAttempts({
    result,
    page,
  });

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
            onChange={(e) =>
              setFilters({ result: (e.target.value || null) as LoginAttemptResult | null })
            }
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
        <PagedTable
          label="Login attempts"
          testId="login-attempts"
          columns={ATTEMPT_COLUMNS}
          items={data?.items ?? []}
          renderRow={(attempt, i) => (
            <tr key={`${attempt.time}-${i}`}>
              <td>
                <time dateTime={attempt.time}>{formatDateTime(attempt.time)}</time>
              </td>
              <td>{attempt.ip}</td>
              <td className="account-table__browser" title={attempt.browser}>
                {attempt.browser}
              </td>
              <td>
                <span className={`account-badge account-badge--${attempt.result.toLowerCase()}`}>
                  {attempt.result}
                </span>
              </td>
            </tr>
          )}
          empty={result ? `No ${result.toLowerCase()} login attempts.` : 'No login attempts yet.'}
          busy={isFetching}
          pager={{
            label: 'Login attempt pages',
            page,
            pageSize: LOGIN_ATTEMPTS_PAGE_SIZE,
            total: data?.totalCount ?? 0,
            busy: isPlaceholderData,
            onPage: setPage,
          }}
        />
      )}
    </section>
  );
}
