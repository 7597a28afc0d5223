import type { Transaction } from '@backlay/contract/wallet';
import { Link } from 'react-router';
import { i18n, params, useMessages } from '../../../shared/i18n/i18n';
import { formatMoney, formatSignedMoney, moneyTone } from '../../../shared/format/money';
import { transactionTypeMessages } from '../model/transaction-labels';
import { betEventHref, formatBetTime } from '../../../shared/bets/bet-card';
import { marketText, useBetWords } from '../../../shared/bets/bet-description';
import './statement.css';

const messages = i18n('account/statement-table', {
  date: 'Date',
  description: 'Description',
  type: 'Type',
  amount: 'Amount',
  balance: 'Balance',
  empty: 'No movements match these filters.',
  /** What a bet's hold or release did to the exposure, beside its nil effect on the balance. */
  exposure: params('Exposure {amount}'),
});

/** The event and market a bet's movement was on, linking to the market's page. */
function MarketOf({ tx }: { tx: Transaction }) {
  const words = useBetWords();
  const market = tx.market;
  if (!market) return null;
  const name = marketText(
    { marketType: market.type, marketName: market.name, line: market.line },
    words,
  );
  return (
    <Link
      className="statement-row__market"
      to={betEventHref(market)}
      onClick={(event) => event.stopPropagation()}
    >
      {market.eventName} · {name}
    </Link>
  );
}

/**
 * One page of the statement: a table on wide screens, a stack of cards on phones (the styles
 * reflow the same rows). Each row opens its movement's detail; a bet's movement names its event
 * and market (a link to them), and a hold or release says what it moved into or out of the
 * exposure, since the balance (the header's) stays.
 */
export function StatementTable({
  items,
  busy,
  onOpen,
}: {
  items: readonly Transaction[];
  busy: boolean;
  onOpen: (id: string) => void;
}) {
  const t = useMessages(messages);
  const types = useMessages(transactionTypeMessages);
  return (
    <table className="account-table statement-table" aria-busy={busy} data-testid="statement">
      <thead>
        <tr>
          <th scope="col">{t.date}</th>
          <th scope="col">{t.description}</th>
          <th scope="col">{t.type}</th>
          <th scope="col" className="account-table__number">
            {t.amount}
          </th>
          <th scope="col" className="account-table__number">
            {t.balance}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.length === 0 ? (
          <tr>
            <td colSpan={5} className="account-table__empty">
              {t.empty}
            </td>
          </tr>
        ) : (
          items.map((tx) => (
            // The row is a large target for a pointer; its button is the one for keyboards.
            <tr key={tx.id} className="statement-row" onClick={() => onOpen(tx.id)}>
              <td className="statement-row__time">
                <time dateTime={tx.time}>{formatBetTime(tx.time)}</time>
              </td>
              <td className="statement-row__description">
                <button
                  type="button"
                  className="statement-row__open"
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(tx.id);
                  }}
                >
                  {tx.description}
                </button>
                <MarketOf tx={tx} />
                {tx.type === 'BET' && tx.exposure !== 0 ? (
                  <span className="statement-row__exposure">
                    {t.exposure({ amount: formatSignedMoney(tx.exposure) })}
                  </span>
                ) : null}
              </td>
              <td className="statement-row__type">{types[tx.type]}</td>
              <td className="account-table__number statement-row__amount">
                <span className={`amount--${moneyTone(tx.amount)}`}>
                  {formatSignedMoney(tx.amount)}
                </span>
              </td>
              <td className="account-table__number statement-row__balance">
                {formatMoney(tx.balance)}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
