import { Link } from 'react-router';
import { formatRupees } from '../../../../shared/format/money';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { Icon } from '../../../../shared/icons/icon';
import { circleInfoIcon } from '../../../../shared/icons/set/circle-info-icon';
import { paths } from '../../../../shared/paths';
import { depositAllowanceText } from '../../model/amount';

const messages = i18n('wallet/deposit-allowance', {
  none: 'Your deposit limits leave nothing to deposit now. Room comes back as earlier deposits pass out of each limit’s window.',
  belowMinimum: params('{allowance}, less than the least deposit of {min}.'),
  allowance: params('{allowance}.'),
  seeLimits: 'See your limits',
});

/**
 * What the player's own deposit limits leave to deposit now, with the way to their limits:
 * above the amount while there is room, instead of the ways to pay when there is none.
 */
export function DepositAllowance({
  allowance,
  minDeposit,
}: {
  allowance: number;
  minDeposit: number;
}) {
  const t = useMessages(messages);
  const text =
    allowance <= 0
      ? t.none
      : allowance < minDeposit
        ? t.belowMinimum({
            allowance: depositAllowanceText(allowance),
            min: formatRupees(minDeposit),
          })
        : t.allowance({ allowance: depositAllowanceText(allowance) });
  return (
    <p className="wallet-notice" role="note" data-testid="deposit-allowance">
      <Icon icon={circleInfoIcon} />
      <span>
        {text} <Link to={paths.responsibleGambling.path}>{t.seeLimits}</Link>
      </span>
    </p>
  );
}
