import { Link } from 'react-router';
import { formatRupees } from '../../../../shared/format/money';
import { Icon } from '../../../../shared/icons/icon';
import { circleInfoIcon } from '../../../../shared/icons/set/circle-info-icon';
import { paths } from '../../../../shared/paths';
import { depositAllowanceText } from '../../model/amount';

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
  const text =
    allowance <= 0
      ? 'Your deposit limits leave nothing to deposit now. Room comes back as earlier deposits pass out of each limit’s window.'
      : allowance < minDeposit
        ? `${depositAllowanceText(allowance)}, less than the least deposit of ${formatRupees(minDeposit)}.`
        : `${depositAllowanceText(allowance)}.`;
  return (
    <p className="wallet-notice" role="note" data-testid="deposit-allowance">
      <Icon icon={circleInfoIcon} />
      <span>
        {text} <Link to={paths.responsibleGambling.path}>See your limits</Link>
      </span>
    </p>
  );
}
