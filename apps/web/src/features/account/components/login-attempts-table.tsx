import { LOGIN_ATTEMPT_RESULTS, type LoginAttemptResult } from '@backlay/contract/account';
import { useId } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { formatDateTime } from '../../../shared/format/date-time';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { Spinner } from '../../../shared/ui/spinner';
import { LOGIN_ATTEMPTS_PAGE_SIZE, useLoginAttempts } from '../api/login-attempts';
import { usePagedFilters } from '../model/paged-filters';
import { PagedTable, type TableColumn } from './paged-table';
import './account-pages.css';

const messages = i18n('account/login-attempts', {
  title: 'Recent login attempts',
  result: 'Result',
  all: 'All',
  Success: 'Success',
  Failed: 'Failed',
  Blocked: 'Blocked',
  loading: 'Loading login attempts',
  table: 'Login attempts',
  time: 'Time',
  ip: 'IP',
  browser: 'Browser',
  noneYet: 'No login attempts yet.',
  noneSuccess: 'No success login attempts.',
  noneFailed: 'No failed login attempts.',
  noneBlocked: 'No blocked login attempts.',
  pages: 'Login attempt pages',
});

type AttemptsText = keyof ReturnType<typeof messages.get>;

/** What an empty table says when it shows one result only. */
const NONE_OF: Record<LoginAttemptResult, AttemptsText> = {
  Success: 'noneSuccess',
  Failed: 'noneFailed',
  Blocked: 'noneBlocked',
};

const ATTEMPT_COLUMNS: readonly { label: AttemptsText }[] = [
  { label: 'time' },
  { label: 'ip' },
  { label: 'browser' },
  { label: 'result' },
];

/** The player's recent login attempts: a paged table, filtered by result. */
export function LoginAttemptsTable() {
  const t = useMessages(messages);
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
          {t.title}
        </h2>
        <label className="account-filter" htmlFor={filterId}>
          <span>{t.result}</span>
          <select
            id={filterId}
            value={result ?? ''}
            onChange={(e) =>
              setFilters({ result: (e.target.value || null) as LoginAttemptResult | null })
            }
          >
            <option value="">{t.all}</option>
            {LOGIN_ATTEMPT_RESULTS.map((r) => (
              <option key={r} value={r}>
                {t[r]}
              </option>
            ))}
          </select>
        </label>
      </header>

      {isPending ? (
        <div className="account-section__state">
          <Spinner label={t.loading} />
        </div>
      ) : error && !data ? (
        <p className="account-section__state" role="alert">
          {errorMessage(error)}
        </p>
      ) : (
        <PagedTable
          label={t.table}
          data-testid="login-attempts"
          columns={ATTEMPT_COLUMNS.map((column): TableColumn => ({ label: t[column.label] }))}
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
                  {t[attempt.result]}
                </span>
              </td>
            </tr>
          )}
          empty={result ? t[NONE_OF[result]] : t.noneYet}
          busy={isFetching}
          pager={{
            label: t.pages,
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
