import type { Bet } from '@backlay/contract/bets';
import { errorMessage } from '../../../shared/api/request-error';
import { betFigures } from '../../../shared/bets/bet-figures';
import { useCancelBet } from '../../../shared/bets/cancel-bet';
import { useOpenBets } from '../../../shared/bets/open-bets-query';
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
      <section className="account-section" aria-labelledby="unmatched-bets">
        <h2 className="account-section__title" id="unmatched-bets">
          Unmatched bets <span className="open-bets__count">{unmatched.length}</span>
        </h2>
        {unmatched.length === 0 ? (
          <StateMessage kind="empty" compact>
            No bets are waiting to be matched.
          </StateMessage>
        ) : (
          <ul className="bet-list" aria-label="Unmatched bets">
            {unmatched.map((bet) => (
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
            ))}
          </ul>
        )}
      </section>
      <section className="account-section" aria-labelledby="matched-bets">
        <h2 className="account-section__title" id="matched-bets">
          Matched bets <span className="open-bets__count">{matched.length}</span>
        </h2>
        {matched.length === 0 ? (
          <StateMessage kind="empty" compact>
            No matched bets are open.
          </StateMessage>
        ) : (
          <ul className="bet-list" aria-label="Matched bets">
            {matched.map((bet) => (
              <BetCard
                key={bet.id}
                bet={bet}
                price={bet.averagePrice ?? bet.price}
                amounts={[
                  { label: 'Matched', value: bet.matchedStake },
                  { label: 'Liability', value: matchedLiability(bet) },
                ]}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
