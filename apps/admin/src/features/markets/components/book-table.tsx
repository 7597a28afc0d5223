import type { MarketBook } from '@backlay/contract/admin';
import { Money } from '../../../shared/ui/money';

/** The book as figures: per runner, the players' and the market maker's P&L if it wins. */
export function BookTable({ book }: { book: MarketBook }) {
  const winner = book.market.winnerRunnerId;
  return (
    <table className="book-table" aria-label="Book">
      <thead>
        <tr>
          <th scope="col">Runner</th>
          <th scope="col" className="numeric">
            Players if it wins
          </th>
          <th scope="col" className="numeric">
            Market maker if it wins
          </th>
        </tr>
      </thead>
      <tbody>
        {book.runners.map((runner) => (
          <tr key={runner.runnerId}>
            <th scope="row">
              {runner.name}
              {winner === runner.runnerId ? ' (winner)' : ''}
            </th>
            <td className="numeric">
              <Money value={runner.playersIfWin} signed />
            </td>
            <td className="numeric">
              <Money value={runner.houseIfWin} signed />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
