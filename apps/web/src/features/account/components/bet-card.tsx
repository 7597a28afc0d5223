import type { Bet } from '@backlay/contract/bets';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/date-time';
import { formatMoney, formatPrice } from '../../../shared/format/money';
import { paths } from '../../../shared/paths';

/** A time as the player reads it, in their own time zone. */
export const formatBetTime = formatDateTime;

/** The market page of a bet's event. */
export function betEventHref(bet: Pick<Bet, 'eventId' | 'eventExternalId'>): string {
  return paths.markets.getHref(bet.eventExternalId, String(bet.eventId));
}

/** Back or Lay, as bets are named. */
export function sideName(bet: Pick<Bet, 'side'>): string {
  return bet.side === 'BACK' ? 'Back' : 'Lay';
}

/** One open bet: side, selection, market and event, price, amounts, and an action. */
export function BetCard({
  bet,
  price,
  amounts,
  action,
}: {
  bet: Bet;
  /** The price to show: asked for (unmatched) or matched on average. */
  price: number;
  amounts: { label: string; value: number }[];
  action?: ReactNode;
}) {
  return (
    <li className={`bet-card bet-card--${bet.side.toLowerCase()}`} data-bet-id={bet.id}>
      <div className="bet-card__top">
        <span className="bet-card__side">{sideName(bet)}</span>
        <span className="bet-card__runner">{bet.runnerName}</span>
        <span className="bet-card__price" aria-label={`Price ${formatPrice(price)}`}>
          {formatPrice(price)}
        </span>
      </div>
      <p className="bet-card__market">
        {bet.marketName} · <Link to={betEventHref(bet)}>{bet.eventName}</Link>
      </p>
      <dl className="bet-card__amounts">
        {amounts.map((a) => (
          <div key={a.label}>
            <dt>{a.label}</dt>
            <dd>{formatMoney(a.value)}</dd>
          </div>
        ))}
      </dl>
      <div className="bet-card__bottom">
        <time className="bet-card__time" dateTime={bet.placedAt}>
          {formatBetTime(bet.placedAt)}
        </time>
        {action}
      </div>
    </li>
  );
}
