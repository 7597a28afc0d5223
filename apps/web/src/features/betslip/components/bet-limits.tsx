import type { UserLimits } from '@backlay/contract/sports';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/request-error';
import { formatMoney } from '../../../shared/format/money';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';

const messages = i18n('betslip/bet-limits', {
  loading: 'Loading this market’s limits…',
  failed: params('Limits could not be loaded: {reason} The exchange still checks them.'),
  limits: params('Stake {min} to {max} · liability up to {liability}'),
  commission: params('{percent}% commission on net winnings'),
});

/** The market's limits for this player, as the slip shows them under the figures. */
export function BetLimits({ query }: { query: UseQueryResult<UserLimits> }) {
  const t = useMessages(messages);
  if (query.isPending) return <p className="bet-slip__limits">{t.loading}</p>;
  if (!query.data) {
    return <p className="bet-slip__limits">{t.failed({ reason: errorMessage(query.error) })}</p>;
  }
  const { minStake, maxStake, maxLiability, commissionPercent } = query.data;
  return (
    <p className="bet-slip__limits" data-testid="bet-limits">
      {t.limits({
        min: formatMoney(minStake),
        max: formatMoney(maxStake),
        liability: formatMoney(maxLiability),
      })}
      {commissionPercent > 0 ? ` · ${t.commission({ percent: commissionPercent })}` : ''}
    </p>
  );
}
