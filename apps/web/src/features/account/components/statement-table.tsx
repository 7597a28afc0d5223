import type { Transaction } from '@backlay/contract/wallet';
import { formatMoney, formatSignedMoney, moneyTone } from '../../../shared/format/money';
import { TRANSACTION_TYPE_LABELS } from '../model/transaction-labels';
import { formatBetTime } from '../../../shared/bets/bet-card';
import './statement.css';

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
  return (
    <table className="account-table statement-table" aria-busy={busy} data-testid="statement">
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Description</th>
          <th scope="col">Type</th>
          <th scope="col" className="account-table__number">
            Amount
          </th>
          <th scope="col" className="account-table__number">
            Balance
          </th>
        </tr>
      </thead>
      <tbody>
        {items.length === 0 ? (
          <tr>
            <td colSpan={5} className="account-table__empty">
              No movements match these filters.
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
              <td className="statement-row__type">{TRANSACTION_TYPE_LABELS[tx.type]}</td>
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
