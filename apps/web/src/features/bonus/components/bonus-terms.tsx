import type { BonusTerms as Terms, BonusType } from '@backlay/contract/bonuses';
import { formatDateTime } from '../../../shared/format/date-time';
import { formatPrice, formatRupees } from '../../../shared/format/money';
import { count, i18n, params, useMessages } from '../../../shared/i18n/i18n';

const messages = i18n('bonus/bonus-terms', {
  terms: 'Terms',
  bonus: 'Bonus',
  percentOfDeposit: params('{percent}% of your deposit, up to {max}'),
  percentOfLoss: params('{percent}% of your net loss, up to {max}'),
  percentOfFriendDeposit: params('{percent}% of your friend’s first deposit, up to {max}'),
  percentOfFriendLoss: params('{percent}% of your friend’s net loss, up to {max}'),
  percentOf: params('{percent}%, up to {max}'),
  minDeposit: 'Minimum deposit',
  minLoss: 'Minimum net loss',
  friendMust: 'Your friend must',
  friendDeposits: 'Make their first deposit',
  friendLoses: 'Have a net loss',
  wagering: 'Wagering',
  wageringTimes: params('{times}× the bonus'),
  wageringAmount: params('{times}× the bonus ({amount} of stakes)'),
  noWagering: 'None: the bonus is cash once claimed',
  counts: 'What counts',
  bettingCounts: params(
    'Exchange bets at odds of {price} or more, on their matched stake once the market settles; {percent}% of each stake counts. Backing and laying the same runner counts only the net risk.',
  ),
  casinoCounts: 'Casino games of these kinds; other games count nothing:',
  categoryPercent: params('{category}: {percent}% of each stake'),
  product: 'For',
  betting: 'Betting only',
  casino: 'Casino only',
  expiry: 'Time to wager',
  expiryDays: count({ one: '{count} day after claiming', other: '{count} days after claiming' }),
  uses: 'Uses',
  usesPerPlayer: count({ one: 'Once per player', other: '{count} times per player' }),
  usesTotal: params('{count} in all'),
  runs: 'Runs',
  runsFrom: params('From {start}, no end date'),
  runsBetween: params('{start} to {end}'),
  claimBy: 'Claim by',
});

type Messages = ReturnType<typeof messages.get>;

/** The bonus a campaign gives, in words: a fixed amount, or a share of what qualifies. */
function amountText(t: Messages, terms: Terms): string {
  if (terms.amountKind === 'FIXED') return formatRupees(terms.amount);
  const values = { percent: String(terms.percent ?? ''), max: formatRupees(terms.maxAmount) };
  const shareOf: Partial<Record<BonusType, (v: typeof values) => string>> = {
    FIRST_DEPOSIT: t.percentOfDeposit,
    RELOAD: t.percentOfDeposit,
    LOSSBACK: t.percentOfLoss,
  };
  if (terms.type === 'REFERRAL') {
    return terms.referralTrigger === 'NET_LOSS'
      ? t.percentOfFriendLoss(values)
      : t.percentOfFriendDeposit(values);
  }
  return (shareOf[terms.type] ?? t.percentOf)(values);
}

function wageringText(t: Messages, terms: Terms, required: number | null): string {
  if (terms.wageringMultiplier === 0) return t.noWagering;
  const times = String(terms.wageringMultiplier);
  return required === null
    ? t.wageringTimes({ times })
    : t.wageringAmount({ times, amount: formatRupees(required) });
}

/**
 * Every term of a bonus, as the player reads it before claiming: the amount (or share and
 * maximum), the minimum deposit or loss, the wagering and what counts towards it and by how
 * much, the product, the time to wager, the uses and the dates. Only what the server sent.
 */
export function BonusTerms({
  terms,
  required = null,
  claimBy = null,
}: {
  terms: Terms;
  /** The wagering the bonus needs in rupees, when its amount is known. */
  required?: number | null;
  /** The last moment to claim it, for an offer. */
  claimBy?: string | null;
}) {
  const t = useMessages(messages);
  return (
    <dl className="bonus-terms" aria-label={t.terms}>
      <dt>{t.bonus}</dt>
      <dd>{amountText(t, terms)}</dd>
      {terms.minDeposit !== null ? (
        <>
          <dt>{t.minDeposit}</dt>
          <dd>{formatRupees(terms.minDeposit)}</dd>
        </>
      ) : null}
      {terms.minLoss !== null ? (
        <>
          <dt>{t.minLoss}</dt>
          <dd>{formatRupees(terms.minLoss)}</dd>
        </>
      ) : null}
      {terms.referralTrigger !== null ? (
        <>
          <dt>{t.friendMust}</dt>
          <dd>{terms.referralTrigger === 'NET_LOSS' ? t.friendLoses : t.friendDeposits}</dd>
        </>
      ) : null}
      <dt>{t.wagering}</dt>
      <dd>{wageringText(t, terms, required)}</dd>
      {terms.wageringMultiplier > 0 ? (
        <>
          <dt>{t.counts}</dt>
          <dd>
            {terms.betting ? (
              t.bettingCounts({
                price: formatPrice(terms.betting.minPrice),
                percent: String(terms.betting.percent),
              })
            ) : terms.casino ? (
              <>
                {t.casinoCounts}
                <ul className="bonus-terms__categories">
                  {terms.casino.categories.map((entry) => (
                    <li key={entry.category}>
                      {t.categoryPercent({
                        category: entry.category,
                        percent: String(entry.percent),
                      })}
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </dd>
        </>
      ) : null}
      <dt>{t.product}</dt>
      <dd>{terms.product === 'BETTING' ? t.betting : t.casino}</dd>
      <dt>{t.expiry}</dt>
      <dd>{t.expiryDays(terms.expiryDays)}</dd>
      <dt>{t.uses}</dt>
      <dd>
        {t.usesPerPlayer(terms.usesPerPlayer)}
        {terms.usesTotal !== null ? ` · ${t.usesTotal({ count: String(terms.usesTotal) })}` : ''}
      </dd>
      <dt>{t.runs}</dt>
      <dd>
        {terms.endsAt === null
          ? t.runsFrom({ start: formatDateTime(terms.startsAt) })
          : t.runsBetween({
              start: formatDateTime(terms.startsAt),
              end: formatDateTime(terms.endsAt),
            })}
      </dd>
      {claimBy !== null ? (
        <>
          <dt>{t.claimBy}</dt>
          <dd>{formatDateTime(claimBy)}</dd>
        </>
      ) : null}
    </dl>
  );
}
