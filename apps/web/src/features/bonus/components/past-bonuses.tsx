import type { Bonus, PlayerBonusStatus } from '@backlay/contract/bonuses';
import { formatDateTime } from '../../../shared/format/date-time';
import { formatRupees } from '../../../shared/format/money';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';

const messages = i18n('bonus/past-bonuses', {
  list: 'Past bonuses',
  CONVERTED: 'Converted',
  EXPIRED: 'Expired',
  FORFEITED: 'Forfeited',
  OFFERED: 'Offered',
  ACTIVE: 'Active',
  becameCash: params('{amount} became cash'),
  wentBack: params('{amount} went back'),
  wagered: params('{wagered} of {required} wagered'),
  reason: params('Reason: {reason}'),
});

const TONE: Record<PlayerBonusStatus, string> = {
  CONVERTED: 'good',
  EXPIRED: 'muted',
  FORFEITED: 'bad',
  OFFERED: 'muted',
  ACTIVE: 'good',
};

/** Converted, expired and forfeited bonuses, newest first: what each became, and when. */
export function PastBonuses({ bonuses }: { bonuses: readonly Bonus[] }) {
  const t = useMessages(messages);
  return (
    <ul className="bonus-history" aria-label={t.list}>
      {bonuses.map((bonus) => (
        <li key={bonus.id} className="bonus-history__item" data-testid="past-bonus">
          <div className="bonus-history__main">
            <span className="bonus-history__title">{bonus.title}</span>
            <span className={`bonus-badge bonus-badge--${TONE[bonus.status]}`}>
              {t[bonus.status]}
            </span>
          </div>
          <div className="bonus-history__facts">
            <strong>{formatRupees(bonus.amount)}</strong>
            {bonus.settledAmount !== null ? (
              <span>
                {bonus.status === 'CONVERTED'
                  ? t.becameCash({ amount: formatRupees(bonus.settledAmount) })
                  : t.wentBack({ amount: formatRupees(bonus.settledAmount) })}
              </span>
            ) : null}
            <span>
              {t.wagered({
                wagered: formatRupees(bonus.wagered),
                required: formatRupees(bonus.required),
              })}
            </span>
            {bonus.endedAt !== null ? (
              <time dateTime={bonus.endedAt}>{formatDateTime(bonus.endedAt)}</time>
            ) : null}
          </div>
          {bonus.reason ? (
            <p className="bonus-history__reason">{t.reason({ reason: bonus.reason })}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
