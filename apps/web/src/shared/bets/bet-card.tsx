import type { Bet, BetResult } from '@backlay/contract/bets';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../api/request-error';
import { formatDateTime } from '../format/date-time';
import { formatMoney } from '../format/money';
import { i18n, params, useMessages } from '../i18n/i18n';
import { paths } from '../paths';
import { toast } from '../toasts/toast-store';
import { Button } from '../ui/button';
import { describeBet, priceText, useBetWords } from './bet-description';
import './bet-card.css';

/*
 * An open bet as the player's account pages and an event's market page show it. It lives
 * here, not in a feature, because both the account and the sports features show open bets;
 * the cancel itself is the bets feature's mutation, handed in.
 */

const messages = i18n('shared/bet-card', {
  price: params('Price {price}'),
  cancelLabel: params('Cancel unmatched {choice} {price}'),
  cancelled: params('Cancelled ₹{amount} unmatched on {choice} at {price}.'),
  cancelling: 'Cancelling…',
  cancel: 'Cancel',
  unmatched: 'Unmatched',
  ofStake: 'Of stake',
  matched: 'Matched',
  liability: 'Liability',
});

/** A time as the player reads it, in their own time zone. */
export const formatBetTime = formatDateTime;

/** The market page of a bet's event. */
export function betEventHref(bet: Pick<Bet, 'eventId' | 'eventExternalId'>): string {
  return paths.markets.getHref(bet.eventExternalId, String(bet.eventId));
}

/** The amounts a card may show, by their message. */
type AmountLabel = 'unmatched' | 'ofStake' | 'matched' | 'liability';

/**
 * One open bet as its market showed it (the shared bet description): side, selection, market
 * and event, price or rate, amounts, and an action.
 */
function BetCard({
  bet,
  price,
  amounts,
  action,
  linkEvent = true,
}: {
  bet: Bet;
  /** The price to show: asked for (unmatched) or matched on average. */
  price: number;
  amounts: { label: AmountLabel; value: number }[];
  action?: ReactNode;
  /** Whether the card names and links the bet's event; not on that event's own page. */
  linkEvent?: boolean;
}) {
  const t = useMessages(messages);
  const words = useBetWords();
  const described = describeBet(bet, words);
  const shown = priceText(bet.marketType, price, words);
  return (
    <li className={`bet-card bet-card--${described.tone}`} data-bet-id={bet.id}>
      <div className="bet-card__top">
        <span className="bet-card__side">{described.side}</span>
        <span className="bet-card__runner">{described.selection}</span>
        {/* A rate names itself ("rate 102"); decimal odds are named for assistive technology. */}
        <span
          className="bet-card__price"
          aria-label={described.asRate ? undefined : t.price({ price: shown })}
        >
          {shown}
        </span>
      </div>
      <p className="bet-card__market">
        {bet.marketName}
        {linkEvent ? (
          <>
            {' · '}
            <Link to={betEventHref(bet)}>{bet.eventName}</Link>
          </>
        ) : null}
      </p>
      <dl className="bet-card__amounts">
        {amounts.map((a) => (
          <div key={a.label}>
            <dt>{t[a.label]}</dt>
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

/** Takes the unmatched rest of a bet off the book: the bets feature's cancel mutation. */
export type CancelBet = (betId: number) => Promise<BetResult>;

function CancelBetButton({ bet, cancel }: { bet: Bet; cancel: CancelBet }) {
  const [pending, setPending] = useState(false);
  const t = useMessages(messages);
  const words = useBetWords();
  const label = t.cancelLabel({
    choice: describeBet(bet, words).choice,
    price: priceText(bet.marketType, bet.price, words),
  });
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={label}
      disabled={pending}
      onClick={() => {
        setPending(true);
        // The cancel resolves once the open bets are read again, so the row (and this
        // button) may be gone by then; the toast still says what happened.
        cancel(bet.id)
          .then(
            ({ bet: after }) =>
              toast.success(
                messages.get().cancelled({
                  amount: formatMoney(after.cancelledStake || bet.unmatchedStake),
                  choice: describeBet(bet).choice,
                  price: priceText(bet.marketType, bet.price),
                }),
              ),
            (error: unknown) => toast.error(errorMessage(error)),
          )
          .finally(() => setPending(false));
      }}
    >
      {pending ? t.cancelling : t.cancel}
    </Button>
  );
}

/** The unmatched part of an open bet, at the price asked for, with its Cancel button. */
export function UnmatchedBetCard({
  bet,
  cancel,
  linkEvent,
}: {
  bet: Bet;
  cancel: CancelBet;
  /** Whether the card names and links the bet's event; not on that event's own page. */
  linkEvent?: boolean;
}) {
  return (
    <BetCard
      bet={bet}
      price={bet.price}
      linkEvent={linkEvent}
      amounts={[
        { label: 'unmatched', value: bet.unmatchedStake },
        { label: 'ofStake', value: bet.stake },
      ]}
      action={<CancelBetButton bet={bet} cancel={cancel} />}
    />
  );
}

/** The matched part of an open bet, at its average matched price, with what it risks. */
export function MatchedBetCard({
  bet,
  liability,
  linkEvent,
}: {
  bet: Bet;
  /** What the matched part risks (the bets feature's `matchedLiability`). */
  liability: number;
  /** Whether the card names and links the bet's event; not on that event's own page. */
  linkEvent?: boolean;
}) {
  return (
    <BetCard
      bet={bet}
      price={bet.averagePrice ?? bet.price}
      linkEvent={linkEvent}
      amounts={[
        { label: 'matched', value: bet.matchedStake },
        { label: 'liability', value: liability },
      ]}
    />
  );
}
