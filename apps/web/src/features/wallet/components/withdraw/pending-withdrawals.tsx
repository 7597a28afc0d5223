import { useId } from 'react';
import { errorMessage } from '../../../../shared/api/request-error';
import { paths } from '../../../../shared/paths';
import { ButtonLink } from '../../../../shared/ui/button';
import { StateMessage } from '../../../../shared/ui/state-message';
import { usePendingWithdrawals } from '../../api/pending-withdrawals';
import { RequestCard } from '../request-card';

/** The player's withdrawals waiting for finance, each cancellable while it waits. */
export function PendingWithdrawals() {
  const titleId = useId();
  const pending = usePendingWithdrawals();
  return (
    <section className="wallet-card wallet-column" aria-labelledby={titleId}>
      <h2 className="wallet-card__title" id={titleId}>
        Pending withdrawals
      </h2>
      {pending.isPending ? (
        <StateMessage kind="loading" compact>
          Loading your pending withdrawals…
        </StateMessage>
      ) : pending.data === undefined ? (
        <StateMessage kind="error" compact>
          {`Your pending withdrawals could not be loaded: ${errorMessage(pending.error)}`}
        </StateMessage>
      ) : pending.data.items.length === 0 ? (
        <p className="wallet-hint">You have no withdrawals waiting.</p>
      ) : (
        <>
          <ul className="request-list">
            {pending.data.items.map((request) => (
              <RequestCard key={request.id} request={request} />
            ))}
          </ul>
          {pending.data.totalCount > pending.data.items.length ? (
            <ButtonLink to={paths.dwRequests.path} variant="outline" size="sm">
              See all {pending.data.totalCount} pending withdrawals
            </ButtonLink>
          ) : null}
        </>
      )}
    </section>
  );
}
