import { useState } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { ANY_DATE, dayRange } from '../../../shared/dates/day-range';
import { Page } from '../../../shared/ui/page';
import { Pager } from '../../../shared/ui/pager';
import { StateMessage } from '../../../shared/ui/state-message';
import { PLAYER_REQUESTS_PAGE_SIZE, usePlayerRequests } from '../api/player-requests';
import { RequestCard } from '../components/request-card';
import { RequestFilters, type RequestFilterValues } from '../components/requests/request-filters';
import { useWalletPushRefresh } from '../hooks/use-wallet-push-refresh';
import './wallet-pages.css';

const messages = i18n('wallet/requests-page', {
  lead: 'Your deposit and withdrawal requests and their status.',
  requests: 'Requests',
  loading: 'Loading your requests…',
  failed: params('Your requests could not be loaded: {error}'),
  none: 'No requests match these filters.',
  pages: 'Request pages',
});

const ANY: RequestFilterValues = { kind: null, status: null, range: ANY_DATE };

/** The player's deposit and withdrawal requests, filtered by type, status and dates, paged. */
export default function RequestsPage() {
  const t = useMessages(messages);
  const [filters, setFilters] = useState(ANY);
  const [page, setPage] = useState(0);
  const days = dayRange(filters.range);
  const requests = usePlayerRequests(
    {
      ...(filters.kind ? { kind: filters.kind } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(days.ok ? { from: days.from, to: days.to } : {}),
      page,
    },
    days.ok,
  );
  useWalletPushRefresh();

  return (
    <Page lead={t.lead}>
      <section className="wallet-card" aria-label={t.requests}>
        <RequestFilters
          values={filters}
          onChange={(changes) => {
            setFilters((current) => ({ ...current, ...changes }));
            // A page number of the old results means nothing in the new ones.
            setPage(0);
          }}
        />
        {!days.ok ? (
          <StateMessage kind="error">{days.message}</StateMessage>
        ) : requests.isPending ? (
          <StateMessage kind="loading">{t.loading}</StateMessage>
        ) : requests.data === undefined ? (
          <StateMessage kind="error">
            {t.failed({ error: errorMessage(requests.error) })}
          </StateMessage>
        ) : (
          <>
            {requests.data.items.length === 0 ? (
              <StateMessage kind="empty">{t.none}</StateMessage>
            ) : (
              <ul
                className="request-list request-list--grid"
                aria-busy={requests.isFetching}
                data-testid="requests"
              >
                {requests.data.items.map((request) => (
                  <RequestCard key={request.id} request={request} />
                ))}
              </ul>
            )}
            <Pager
              label={t.pages}
              page={page}
              pageSize={PLAYER_REQUESTS_PAGE_SIZE}
              total={requests.data.totalCount}
              busy={requests.isPlaceholderData}
              onPage={setPage}
            />
          </>
        )}
      </section>
    </Page>
  );
}
