import type { ReactNode } from 'react';
import { Pager, type PagerProps } from '../../../shared/ui/pager';
import './account-pages.css';

/** A column of a paged table; numbers line up on the right. */
export interface TableColumn {
  label: string;
  numeric?: boolean;
}

const numberClass = (column: TableColumn) => (column.numeric ? 'account-table__number' : undefined);

/** One page of a list as a table, a row for each item, with the pager under it. */
export function PagedTable<T>({
  'data-testid': testId,
  className,
  label,
  columns,
  items,
  renderRow,
  empty,
  busy,
  pager,
}: {
  'data-testid': string;
  /** The table's own class: its rows' layout as cards on phones (bets.css). */
  className?: string;
  /** What the table lists, for the scrolling region's name (`Bet history`). */
  label: string;
  columns: readonly TableColumn[];
  items: readonly T[];
  /** The item's row, with its key. */
  renderRow: (item: T, index: number) => ReactNode;
  /** What the one row of an empty page says. */
  empty: ReactNode;
  /** While the page is fetched again. */
  busy: boolean;
  pager: PagerProps;
}) {
  return (
    <>
      {/* A table too wide for its box scrolls sideways: keyboard users reach it by focusing it. */}
      <div className="account-table__scroll" tabIndex={0} role="region" aria-label={label}>
        <table
          className={className ? `account-table ${className}` : 'account-table'}
          aria-busy={busy}
          data-testid={testId}
        >
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.label} scope="col" className={numberClass(column)}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.length > 0 ? (
              items.map(renderRow)
            ) : (
              <tr>
                <td colSpan={columns.length} className="account-table__empty">
                  {empty}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager {...pager} />
    </>
  );
}
