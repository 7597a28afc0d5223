import {
  flexRender,
  getCoreRowModel,
  getExpandedRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ExpandedState,
  type Row,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { Fragment, useState, type MouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { readPreference, writePreference } from '../storage/preferences';
import { Button } from './button';
import './data-grid.css';

/**
 * A column of a grid. TanStack's own examples type mixed columns with `any` for the cell
 * value: each column is typed by its accessor where it is written, and an array of them
 * cannot name one value type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type GridColumn<Row> = ColumnDef<Row, any>;

declare module '@tanstack/react-table' {
  // The type parameters are TanStack's; this column meta uses neither.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    /** Right-aligns figures so their digits line up. */
    numeric?: boolean;
  }
}

export interface DataGridProps<T> {
  /** Names the grid, so the columns an operator chose are kept between visits. */
  id: string;
  /** What the table lists, for screen readers. */
  label: string;
  data: readonly T[];
  columns: GridColumn<T>[];
  /** A row's stable id; `index` is its place in `data`, for rows with no id of their own. */
  getRowId: (row: T, index: number) => string;
  /**
   * Opens a row's page when the row is clicked (its own link serves the keyboard); null for a
   * row with no page.
   */
  rowHref?: (row: T) => string | null;
  /**
   * Opens a row's detail in place (a dialog) when the row is clicked, for rows with no page of
   * their own; a button in the row serves the keyboard.
   */
  onRowClick?: (row: T) => void;
  /** A row's detail, shown under it when expanded; adds a toggle to each row. */
  renderExpanded?: (row: T) => ReactNode;
  initialSorting?: SortingState;
  /** Columns hidden until the operator chooses to show them. */
  defaultHiddenColumns?: readonly string[];
  emptyText: string;
  /** Under the table: a "Load more" button and a count. */
  footer?: ReactNode;
}

function isVisibility(value: unknown): value is VisibilityState {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => typeof v === 'boolean')
  );
}

const INTERACTIVE = 'a, button, input, select, textarea, label, summary';

function sortLabel(direction: false | 'asc' | 'desc') {
  if (direction === 'asc') return 'ascending' as const;
  if (direction === 'desc') return 'descending' as const;
  return undefined;
}

/**
 * A dense data grid (TanStack Table): sortable headers, a column chooser whose choice is
 * remembered, optional expandable rows, and rows that open their page when clicked.
 */
export function DataGrid<T>({
  id,
  label,
  data,
  columns,
  getRowId,
  rowHref,
  onRowClick,
  renderExpanded,
  initialSorting = [],
  defaultHiddenColumns = [],
  emptyText,
  footer,
}: DataGridProps<T>) {
  const navigate = useNavigate();
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const [visibility, setVisibility] = useState<VisibilityState>(() =>
    readPreference(
      `columns.${id}`,
      isVisibility,
      Object.fromEntries(defaultHiddenColumns.map((column) => [column, false])),
    ),
  );

  const table = useReactTable({
    data: data as T[],
    columns,
    state: { sorting, expanded, columnVisibility: visibility },
    onSortingChange: setSorting,
    onExpandedChange: setExpanded,
    onColumnVisibilityChange: (update) => {
      setVisibility((old) => {
        const next = typeof update === 'function' ? update(old) : update;
        writePreference(`columns.${id}`, next);
        return next;
      });
    },
    getRowId: (row, index) => getRowId(row, index),
    getRowCanExpand: () => renderExpanded !== undefined,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
  });

  const hrefOf = (row: Row<T>) => rowHref?.(row.original) ?? null;
  const opens = (row: Row<T>) => onRowClick !== undefined || hrefOf(row) !== null;
  const openRow = (event: MouseEvent<HTMLTableRowElement>, row: Row<T>) => {
    if (event.target instanceof Element && event.target.closest(INTERACTIVE)) return;
    if (onRowClick) {
      onRowClick(row.original);
      return;
    }
    const href = hrefOf(row);
    if (href !== null) void navigate(href);
  };

  const visibleCount = table.getVisibleLeafColumns().length + (renderExpanded ? 1 : 0);

  return (
    <div className="grid">
      <div className="grid__toolbar">
        <details className="grid__columns">
          <summary>Columns</summary>
          <fieldset className="grid__columns-menu">
            <legend>Show columns</legend>
            {table.getAllLeafColumns().map((column) => (
              <label key={column.id} className="checkbox">
                <input
                  type="checkbox"
                  checked={column.getIsVisible()}
                  disabled={!column.getCanHide()}
                  onChange={column.getToggleVisibilityHandler()}
                />
                <span>
                  {typeof column.columnDef.header === 'string'
                    ? column.columnDef.header
                    : column.id}
                </span>
              </label>
            ))}
          </fieldset>
        </details>
      </div>
      <div className="grid__scroller">
        <table className="grid__table" aria-label={label}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {renderExpanded ? (
                  <th className="grid__expander" scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                ) : null}
                {group.headers.map((header) => {
                  const direction = header.column.getIsSorted();
                  const numeric = header.column.columnDef.meta?.numeric ?? false;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={numeric ? 'grid__numeric' : undefined}
                      aria-sort={sortLabel(direction)}
                    >
                      {header.isPlaceholder ? null : header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="grid__sort"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {flexRender(header.column.columnDef.header, header.getContext())}
                          <span className="grid__sort-mark" aria-hidden="true">
                            {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        flexRender(header.column.columnDef.header, header.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td className="grid__empty" colSpan={visibleCount}>
                  {emptyText}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <Fragment key={row.id}>
                  <tr
                    className={opens(row) ? 'grid__row grid__row--link' : 'grid__row'}
                    onClick={(event) => openRow(event, row)}
                  >
                    {renderExpanded ? (
                      <td className="grid__expander">
                        <button
                          type="button"
                          className="grid__toggle"
                          aria-expanded={row.getIsExpanded()}
                          aria-label={row.getIsExpanded() ? 'Hide details' : 'Show details'}
                          onClick={row.getToggleExpandedHandler()}
                        >
                          {row.getIsExpanded() ? '−' : '+'}
                        </button>
                      </td>
                    ) : null}
                    {row.getVisibleCells().map((cell) => (
                      <td
                        key={cell.id}
                        className={
                          cell.column.columnDef.meta?.numeric ? 'grid__numeric' : undefined
                        }
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    ))}
                  </tr>
                  {renderExpanded && row.getIsExpanded() ? (
                    <tr className="grid__detail">
                      <td colSpan={visibleCount}>{renderExpanded(row.original)}</td>
                    </tr>
                  ) : null}
                </Fragment>
              ))
            )}
          </tbody>
        </table>
      </div>
      {footer ? <div className="grid__footer">{footer}</div> : null}
    </div>
  );
}

/** Under a paged grid: how many rows are shown, and a button for the next page if any. */
export function LoadMore({
  shown,
  hasMore,
  loading,
  onLoadMore,
}: {
  shown: number;
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}) {
  return (
    <>
      <span className="grid__count">
        {shown === 1 ? '1 row' : `${shown} rows`}
        {hasMore ? '' : shown > 0 ? ' (all)' : ''}
      </span>
      {hasMore ? (
        <Button size="small" busy={loading} onClick={onLoadMore}>
          {loading ? 'Loading…' : 'Load more'}
        </Button>
      ) : null}
    </>
  );
}
