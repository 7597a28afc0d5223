import type { AccountActivity } from '@backlay/contract/profile';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { formatDateTime } from '../../../shared/format/date-time';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { Spinner } from '../../../shared/ui/spinner';
import { ACTIVITY_LOG_PAGE_SIZE, useActivityLog } from '../api/activity-log';
import { useClientIp } from '../api/client-ip';
import { PagedTable, type TableColumn } from './paged-table';
import './account-pages.css';
import './activity-log.css';

const messages = i18n('account/activity-log', {
  title: 'Account activity',
  lead: 'Logins, password changes, limits and breaks, with the address and browser each came from.',
  yourAddress: params('Your address now: {ip}'),
  loading: 'Loading account activity',
  table: 'Account activity',
  time: 'Time',
  activity: 'Activity',
  ip: 'IP',
  browser: 'Browser',
  thisAddress: 'you now',
  none: 'No account activity yet.',
  pages: 'Account activity pages',
  LOGIN: 'Logged in',
  LOGIN_FAILED: 'Failed login',
  LOGIN_BLOCKED: 'Login blocked',
  PASSWORD_CHANGED: 'Password changed',
  LIMITS_CHANGED: 'Limits changed',
  TIME_OUT: 'Time-out taken',
  SELF_EXCLUSION: 'Self-excluded',
});

/** Each activity's badge: attempts that failed stand out as in the login attempts' table. */
const TONE: Record<AccountActivity, 'success' | 'failed' | 'blocked' | 'change'> = {
  LOGIN: 'success',
  LOGIN_FAILED: 'failed',
  LOGIN_BLOCKED: 'blocked',
  PASSWORD_CHANGED: 'change',
  LIMITS_CHANGED: 'change',
  TIME_OUT: 'change',
  SELF_EXCLUSION: 'change',
};

const isKnown = (activity: string): activity is AccountActivity => Object.hasOwn(TONE, activity);

const COLUMNS: readonly { label: 'time' | 'activity' | 'ip' | 'browser' }[] = [
  { label: 'time' },
  { label: 'activity' },
  { label: 'ip' },
  { label: 'browser' },
];

/**
 * The player's account activity (`Account/GetActivityLog`): a paged table, newest first, under
 * the address the server sees them at now (`Account/GetClientIp`), so an entry from an address
 * that is not theirs stands out.
 */
export function ActivityLogTable() {
  const t = useMessages(messages);
  const titleId = useId();
  const [page, setPage] = useState(0);
  const { data, error, isPending, isFetching, isPlaceholderData } = useActivityLog(page);
  const currentIp = useClientIp().data;

  return (
    <section className="account-section" aria-labelledby={titleId}>
      <header className="account-section__header">
        <h2 className="account-section__title" id={titleId}>
          {t.title}
        </h2>
        {currentIp ? (
          <p className="activity-log__address">{t.yourAddress({ ip: currentIp })}</p>
        ) : null}
      </header>
      <p className="activity-log__lead">{t.lead}</p>

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
          data-testid="activity-log"
          className="activity-table"
          columns={COLUMNS.map((column): TableColumn => ({ label: t[column.label] }))}
          items={data?.items ?? []}
          renderRow={(item, i) => (
            <tr key={`${item.time}-${i}`} className="activity-row">
              <td className="activity-row__time">
                <time dateTime={item.time}>{formatDateTime(item.time)}</time>
              </td>
              <td className="activity-row__activity">
                {isKnown(item.activity) ? (
                  <span className={`account-badge account-badge--${TONE[item.activity]}`}>
                    {t[item.activity]}
                  </span>
                ) : (
                  // A kind this page does not know yet reads as the server names it.
                  item.activity
                )}
              </td>
              <td className="activity-row__ip">
                {item.ip}
                {item.ip === currentIp ? (
                  <span className="activity-log__here">{t.thisAddress}</span>
                ) : null}
              </td>
              <td className="account-table__browser activity-row__browser" title={item.browser}>
                {item.browser}
              </td>
            </tr>
          )}
          empty={t.none}
          busy={isFetching}
          pager={{
            label: t.pages,
            page,
            pageSize: ACTIVITY_LOG_PAGE_SIZE,
            total: data?.totalCount ?? 0,
            busy: isPlaceholderData,
            onPage: setPage,
          }}
        />
      )}
    </section>
  );
}
