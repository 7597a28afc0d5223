import type { Bet } from '@backlay/contract/bets';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { betFigures, useCancelBet, useOpenBets } from '../../bets/index';
import { formatMoney, formatPrice } from '../../../shared/format/money';
import { toast } from '../../../shared/toasts/toast-store';
import { Button } from '../../../shared/ui/button';
import { StateMessage } from '../../../shared/ui/state-message';
import { BetCard, sideName } from './bet-card';
import './bets.css';

/** What a bet's matched part risks, at its average matched price. */
function matchedLiability(bet: Bet): number {
  return betFigures(bet.side, bet.averagePrice ?? bet.price, bet.matchedStake)?.liability ?? 0;
}

function CancelButton({ bet }: { bet: Bet }) {
  const cancel = useCancelBet();
  const label = `Cancel unmatched ${sideName(bet)} ${bet.runnerName} ${formatPrice(bet.price)}`;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={label}
      disabled={cancel.isPending}
      // mutateAsync, not mutate with callbacks: the row (and this button) leaves the list as
      // soon as the refreshed open bets arrive, and the toast must still say what happened.
      onClick={() => {
        cancel.mutateAsync(bet.id).then(
          ({ bet: after }) =>
            toast.success(
              `Cancelled ₹${formatMoney(after.cancelledStake || bet.unmatchedStake)} unmatched on ${sideName(bet)} ${bet.runnerName} at ${formatPrice(bet.price)}.`,
            ),
          (error: unknown) => toast.error(errorMessage(error)),
        );
      }}
    >
      {cancel.isPending ? 'Cancelling…' : 'Cancel'}
    </Button>
  );
}

/** One part of the open bets, titled with how many bets it holds. */
function BetSection({
  id,
  title,
  bets,
  empty,
  renderCard,
}: {
  id: string;
  title: string;
  bets: Bet[];
  /** What the section says when it holds no bet. */
  empty: string;
  /** The bet's card, with its key. */
  renderCard: (bet: Bet) => ReactNode;
}) {
  return (
    <section className="account-section" aria-labelledby={id}>
      <h2 className="account-section__title" id={id}>
        {title} <span className="open-bets__count">{bets.length}</span>
      </h2>
      {bets.length === 0 ? (
        <StateMessage kind="empty" compact>
          {empty}
        </StateMessage>
      ) : (
        <ul className="bet-list" aria-label={title}>
          {bets.map(renderCard)}
        </ul>
      )}
    </section>
  );
}

/**
 * The player's open bets, unmatched and matched apart: a partly matched bet shows in both,
 * each part with its own amounts; every unmatched part can be cancelled.
 */
export function OpenBetsView() {
  const { data, error, isPending } = useOpenBets();
  if (isPending) return <StateMessage kind="loading">Loading your open bets…</StateMessage>;
  if (error && !data) {
    return (
      <StateMessage kind="error">
        Your open bets could not be loaded: {errorMessage(error)}
      </StateMessage>
    );
  }
  const unmatched = data.openBets.filter((b) => b.unmatchedStake > 0);
  const matched = data.openBets.filter((b) => b.matchedStake > 0);
  return (
    <div className="open-bets">
      <dl className="open-bets__wallet">
        <div>
          <dt>Balance</dt>
          <dd>{formatMoney(data.balance)}</dd>
        </div>
        <div>
          <dt>Exposure</dt>
          <dd data-testid="open-bets-exposure">{formatMoney(data.exposure)}</dd>
        </div>
      </dl>
      <BetSection
        id="unmatched-bets"
        title="Unmatched bets"
        bets={unmatched}
        empty="No bets are waiting to be matched."
        renderCard={(bet) => (
          <BetCard
            key={bet.id}
            bet={bet}
            price={bet.price}
            amounts={[
              { label: 'Unmatched', value: bet.unmatchedStake },
              { label: 'Of stake', value: bet.stake },
            ]}
            action={<CancelButton bet={bet} />}
          />
        )}
      />
      <BetSection
        id="matched-bets"
        title="Matched bets"
        bets={matched}
        empty="No matched bets are open."
        renderCard={(bet) => (
          <BetCard
            key={bet.id}
            bet={bet}
            price={bet.averagePrice ?? bet.price}
            amounts={[
              { label: 'Matched', value: bet.matchedStake },
              { label: 'Liability', value: matchedLiability(bet) },
            ]}
          />
        )}
      />
    </div>
  );
}
