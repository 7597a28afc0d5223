import type { WithdrawalBonus } from '@backlay/contract/wallet';
import { formatRupees } from '../../../../shared/format/money';
import { i18n, params, useMessages } from '../../../../shared/i18n/i18n';
import { Icon } from '../../../../shared/icons/icon';
import { giftIcon } from '../../../../shared/icons/set/gift-icon';

const messages = i18n('wallet/withdrawal-bonus-notice', {
  active: params('You have an active bonus of {amount}: {wagered} of {required} wagered.'),
  kept: 'A withdrawal takes only your cash: the bonus stays in your bonus wallet and its wagering goes on.',
  forfeited:
    'Withdrawing now forfeits the bonus: what is left of it goes back, and its wagering ends. Your cash is yours either way.',
  accept: 'I understand my bonus is forfeited if I withdraw',
  mustAccept:
    'Tick the box to say you understand the bonus is forfeited, or keep it by not withdrawing.',
});

/**
 * What a withdrawal does to the player's active bonus, said before they request it (from the
 * payment info's `bonus`); when it forfeits the bonus, a box the player must tick first.
 */
export function WithdrawalBonusNotice({
  bonus,
  accepted,
  onAccept,
  showRefusal,
}: {
  bonus: WithdrawalBonus;
  accepted: boolean;
  onAccept: (accepted: boolean) => void;
  /** The player tried to withdraw without ticking the box. */
  showRefusal: boolean;
}) {
  const t = useMessages(messages);
  const forfeits = bonus.outcome === 'FORFEITED';
  return (
    <div className="wallet-notice" data-testid="withdrawal-bonus">
      <Icon icon={giftIcon} />
      <div className="withdrawal-bonus">
        <p className="withdrawal-bonus__text">
          {t.active({
            amount: formatRupees(bonus.amount),
            wagered: formatRupees(bonus.wagered),
            required: formatRupees(bonus.required),
          })}{' '}
          {forfeits ? t.forfeited : t.kept}
        </p>
        {forfeits ? (
          <label className="withdrawal-bonus__accept">
            <input
              type="checkbox"
              checked={accepted}
              onChange={(event) => onAccept(event.target.checked)}
            />
            <span>{t.accept}</span>
          </label>
        ) : null}
        {forfeits && showRefusal && !accepted ? (
          <p className="wallet-alert" role="alert">
            {t.mustAccept}
          </p>
        ) : null}
      </div>
    </div>
  );
}
