import type { Bonus } from '@backlay/contract/bonuses';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { formatRupees } from '../../../shared/format/money';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { BONUSES_QUERY_KEY } from '../api/bonuses';
import { wageringLeft, wageringShare } from '../model/wagering';
import { BonusTerms } from './bonus-terms';
import { Countdown } from './countdown';

const messages = i18n('bonus/active-bonus-card', {
  bonus: 'Bonus',
  wagering: 'Wagering',
  wageredOf: params('{wagered} of {required} wagered'),
  toGo: params('{amount} to go'),
  done: 'Wagered: it becomes cash in a moment',
  expires: 'Expires',
  terms: 'Terms',
  meter: params('Wagering of {title}'),
});

/**
 * A bonus being wagered: its amount, the wagering meter (stakes counted of those required),
 * what is left to wager, the countdown to its deadline and, folded, its terms.
 */
export function ActiveBonusCard({ bonus }: { bonus: Bonus }) {
  const t = useMessages(messages);
  const queryClient = useQueryClient();
  // At its deadline the server expires it: the lists are read again to show where it went.
  const onOver = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: BONUSES_QUERY_KEY }),
    [queryClient],
  );
  const share = wageringShare(bonus.wagered, bonus.required);
  const left = wageringLeft(bonus.wagered, bonus.required);
  const wageredOf = t.wageredOf({
    wagered: formatRupees(bonus.wagered),
    required: formatRupees(bonus.required),
  });

  return (
    <article className="bonus-card bonus-card--active" aria-label={bonus.title}>
      <header className="bonus-card__head">
        <h3 className="bonus-card__title">{bonus.title}</h3>
        <p className="bonus-card__amount bonus-card__amount--inline">
          <span className="bonus-card__amount-label">{t.bonus}</span>
          <strong>{formatRupees(bonus.amount)}</strong>
        </p>
      </header>
      <div className="bonus-meter">
        <div className="bonus-meter__labels">
          <span>{t.wagering}</span>
          <span data-testid="wagering-meter">{wageredOf}</span>
        </div>
        <div
          className="bonus-meter__track"
          role="progressbar"
          aria-label={t.meter({ title: bonus.title })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(share * 100)}
          aria-valuetext={wageredOf}
        >
          <div className="bonus-meter__fill" style={{ width: `${share * 100}%` }} />
        </div>
        <p className="bonus-meter__left">
          {left > 0 ? t.toGo({ amount: formatRupees(left) }) : t.done}
        </p>
      </div>
      {bonus.expiresAt !== null ? (
        <p className="bonus-card__expiry">
          <span>{t.expires}</span> <Countdown until={bonus.expiresAt} onOver={onOver} />
        </p>
      ) : null}
      <details className="bonus-card__details">
        <summary>{t.terms}</summary>
        <BonusTerms terms={bonus.terms} required={bonus.required} />
      </details>
    </article>
  );
}
