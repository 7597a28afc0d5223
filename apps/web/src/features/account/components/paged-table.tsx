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
  label,
  columns,
  items,
  renderRow,
  empty,
  busy,
  pager,
}: {
  'data-testid': string;
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
      {/* A phone scrolls the table sideways: keyboard users reach the overflow by focusing it. */}
      <div className="account-table__scroll" tabIndex={0} role="region" aria-label={label}>
        <table className="account-table" aria-busy={busy} data-testid={testId}>
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
