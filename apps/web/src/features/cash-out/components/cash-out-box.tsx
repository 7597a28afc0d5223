import type { CashOutQuote } from '@backlay/contract/cash-out';
import { useId, useState } from 'react';
import { errorMessage } from '../../../shared/api/request-error';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { messageWith } from '../../../shared/i18n/message-with';
import { useCashOutQuote } from '../hooks/use-cash-out-quote';
import {
  CASH_OUT_FRACTIONS,
  fractionLabel,
  offerOf,
  positionKey,
  type CashOutMarket,
} from '../model/cash-out-offer';
import { CashOutConfirm } from './cash-out-confirm';
import './cash-out.css';

const messages = i18n('cash-out/cash-out-box', {
  failed: params('The cash out price could not be loaded: {reason}'),
  getting: 'Getting the cash out price…',
  updating: 'Updating the cash out…',
  take: params('Cash out {amount}'),
  region: params('Cash out: {market}'),
  title: params('Cash out {market}'),
  share: params('How much of {market} to cash out'),
});

/**
 * Cash out of one market: the share to cash out (all of it, or part), the amount that locks in
 * whoever wins, kept current with the market's prices, or the server's reason why there is
 * none; tapping the amount opens its confirmation. Once nothing is left to cash out (a full
 * cash out) the block is gone. Quotes are asked for only while `active` (the panel holding
 * the box is open) and the page is on screen.
 */
export function CashOutBox({
  market,
  prices,
  active,
}: {
  market: CashOutMarket;
  /** The market's prices as the page holds them: a new object whenever they change. */
  prices: unknown;
  active: boolean;
}) {
  const t = useMessages(messages);
  const id = useId();
  const [fraction, setFraction] = useState<number>(1);
  const [confirming, setConfirming] = useState<CashOutQuote | null>(null);
  // When the quote shown was cashed out: it is not offered again until a new one arrives.
  const [spentAt, setSpentAt] = useState(0);
  const quote = useCashOutQuote({
    marketId: market.id,
    fraction,
    active: active && confirming === null,
    prices,
    position: positionKey(market.bets),
  });

  let body;
  if (quote.data === undefined) {
    body = quote.error ? (
      <p className="cash-out__reason" role="alert">
        {t.failed({ reason: errorMessage(quote.error) })}
      </p>
    ) : (
      <p className="cash-out__note">{t.getting}</p>
    );
  } else if (quote.dataUpdatedAt <= spentAt) {
    body = <p className="cash-out__note">{t.updating}</p>;
  } else {
    const offer = offerOf(quote.data);
    // Nothing left to cash out (all of it was): the block goes, with the cash out's toast said.
    if (offer.kind === 'nothing') return null;
    body =
      offer.kind === 'offer' ? (
        <button
          type="button"
          className={`cash-out__take cash-out__take--${offer.tone}`}
          data-testid="cash-out-offer"
          onClick={() => setConfirming(offer.quote)}
        >
          {messageWith(
            t.take,
            'amount',
            <span className="cash-out__take-amount">{offer.amount}</span>,
          )}
        </button>
      ) : (
        <p className="cash-out__reason" data-testid="cash-out-reason">
          {offer.reason}
        </p>
      );
  }

  return (
    <section className="cash-out" aria-label={t.region({ market: market.name })}>
      <h3 className="cash-out__title">
        {messageWith(t.title, 'market', <span className="cash-out__market">{market.name}</span>)}
      </h3>
      <fieldset className="cash-out__fractions">
        <legend className="visually-hidden">{t.share({ market: market.name })}</legend>
        {CASH_OUT_FRACTIONS.map((share) => (
          <label key={share} className="cash-out__fraction">
            <input
              type="radio"
              name={`${id}-fraction`}
              value={share}
              checked={fraction === share}
              onChange={() => setFraction(share)}
            />
            <span>{fractionLabel(share)}</span>
          </label>
        ))}
      </fieldset>
      {body}
      {confirming ? (
        <CashOutConfirm
          market={market}
          quote={confirming}
          onClose={() => setConfirming(null)}
          onDone={() => {
            setSpentAt(quote.dataUpdatedAt);
            setConfirming(null);
          }}
        />
      ) : null}
    </section>
  );
}
