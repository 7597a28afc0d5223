import { useId } from 'react';
import { errorMessage } from '../../../../shared/api/request-error';
import { count, i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { paths } from '../../../../shared/paths';
import { ButtonLink } from '../../../../shared/ui/button';
import { StateMessage } from '../../../../shared/ui/state-message';
import { usePendingWithdrawals } from '../../api/pending-withdrawals';
import { RequestCard } from '../request-card';

const messages = i18n('wallet/pending-withdrawals', {
  title: 'Pending withdrawals',
  loading: 'Loading your pending withdrawals…',
  failed: params('Your pending withdrawals could not be loaded: {error}'),
  none: 'You have no withdrawals waiting.',
  seeAll: count({
    one: 'See {count} pending withdrawal',
    other: 'See all {count} pending withdrawals',
  }),
});

/** The player's withdrawals waiting for finance, each cancellable while it waits. */
export function PendingWithdrawals() {
  const t = useMessages(messages);
  const titleId = useId();
  const pending = usePendingWithdrawals();
  return (
    <section className="wallet-card wallet-column" aria-labelledby={titleId}>
      <h2 className="wallet-card__title" id={titleId}>
        {t.title}
      </h2>
      {pending.isPending ? (
        <StateMessage kind="loading" compact>
          {t.loading}
        </StateMessage>
      ) : pending.data === undefined ? (
        <StateMessage kind="error" compact>
          {t.failed({ error: errorMessage(pending.error) })}
        </StateMessage>
      ) : pending.data.items.length === 0 ? (
        <p className="wallet-hint">{t.none}</p>
      ) : (
        <>
          <ul className="request-list">
            {pending.data.items.map((request) => (
              <RequestCard key={request.id} request={request} />
            ))}
          </ul>
          {pending.data.totalCount > pending.data.items.length ? (
            <ButtonLink to={paths.dwRequests.path} variant="outline" size="sm">
              {t.seeAll(pending.data.totalCount)}
            </ButtonLink>
          ) : null}
        </>
      )}
    </section>
  );
}
