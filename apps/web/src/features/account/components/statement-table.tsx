import type { Transaction } from '@backlay/contract/wallet';
import { i18n, useMessages } from '../../../shared/i18n/i18n';
import { formatMoney, formatSignedMoney, moneyTone } from '../../../shared/format/money';
import { transactionTypeMessages } from '../model/transaction-labels';
import { formatBetTime } from '../../../shared/bets/bet-card';
import './statement.css';

const messages = i18n('account/statement-table', {
  date: 'Date',
  description: 'Description',
  type: 'Type',
  amount: 'Amount',
  balance: 'Balance',
  empty: 'No movements match these filters.',
});

/**
 * One page of the statement: a table on wide screens, a stack of cards on phones (the styles
 * reflow the same rows). Each row opens its movement's detail.
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
