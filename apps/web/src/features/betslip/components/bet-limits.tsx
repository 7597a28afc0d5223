import type { UserLimits } from '@backlay/contract/sports';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/request-error';
import { formatMoney } from '../../../shared/format/money';

/** The market's limits for this player, as the slip shows them under the figures. */
export function BetLimits({ query }: { query: UseQueryResult<UserLimits> }) {
  if (query.isPending) return <p className="bet-slip__limits">Loading this market’s limits…</p>;
  if (!query.data) {
    return (
      <p className="bet-slip__limits">
        Limits could not be loaded: {errorMessage(query.error)} The exchange still checks them.
      </p>
    );
  }
  const { minStake, maxStake, maxLiability, commissionPercent } = query.data;
  return (
    <p className="bet-slip__limits" data-testid="bet-limits">
      Stake {formatMoney(minStake)} to {formatMoney(maxStake)} · liability up to{' '}
      {formatMoney(maxLiability)}
      {commissionPercent > 0 ? ` · ${commissionPercent}% commission on net winnings` : ''}
    </p>
  );
}
