import { createColumnHelper, type CellContext } from '@tanstack/react-table';
import { Link } from 'react-router';
import { formatDay } from '../../../shared/format/days';
import { formatCount } from '../../../shared/format/money';
import { paths } from '../../../shared/paths';
import type { GridColumn } from '../../../shared/ui/data-grid';
import { Money } from '../../../shared/ui/money';
import type {
  CasinoFiguresBrand,
  CasinoFiguresDay,
  CasinoFiguresGame,
  CasinoFiguresProvider,
} from '../api/casino-figures';
import { formatHold, holdPercent } from '../model/figures';

type Figure = CasinoFiguresDay | CasinoFiguresGame | CasinoFiguresProvider | CasinoFiguresBrand;

const money = <Row,>(info: CellContext<Row, number>) => <Money value={info.getValue()} />;

/** The figures every table has after its first column: counts, money and the hold. */
function figureColumns<Row extends Figure>(): GridColumn<Row>[] {
  const column = createColumnHelper<Row>();
  return [
    column.accessor((row) => row.rounds, {
      id: 'rounds',
      header: 'Rounds',
      meta: { numeric: true },
      cell: (info) => formatCount(info.getValue()),
    }),
    column.accessor((row) => row.players, {
      id: 'players',
      header: 'Players',
      meta: { numeric: true },
      cell: (info) => formatCount(info.getValue()),
    }),
    column.accessor((row) => row.turnover, {
      id: 'turnover',
      header: 'Turnover',
      meta: { numeric: true },
      cell: money,
    }),
    column.accessor((row) => row.wins, {
      id: 'wins',
      header: 'Wins',
      meta: { numeric: true },
      cell: money,
    }),
    column.accessor((row) => row.ggr, {
      id: 'ggr',
      header: 'GGR',
      meta: { numeric: true },
      cell: (info) => <Money value={info.getValue()} signed />,
    }),
    column.accessor((row) => holdPercent(row) ?? Number.NEGATIVE_INFINITY, {
      id: 'hold',
      header: 'Hold',
      meta: { numeric: true },
      cell: (info) => formatHold(holdPercent(info.row.original)),
    }),
  ];
}

const dayColumn = createColumnHelper<CasinoFiguresDay>();
export const DAY_COLUMNS: GridColumn<CasinoFiguresDay>[] = [
  dayColumn.accessor('day', { header: 'Day (UTC)', cell: (info) => formatDay(info.getValue()) }),
  ...figureColumns<CasinoFiguresDay>(),
];

/** A game's, provider's or brand's row leads to its rounds, or to its own figures. */
export function gameColumns(brand: string): GridColumn<CasinoFiguresGame>[] {
  const column = createColumnHelper<CasinoFiguresGame>();
  return [
    column.accessor('name', {
      header: 'Game',
      cell: (info) => (
        <span className="flags">
          <Link to={paths.casinoRounds.getHref({ gameCode: info.row.original.gameCode, brand })}>
            {info.getValue()}
          </Link>
          <span className="muted mono">{info.row.original.gameCode}</span>
        </span>
      ),
    }),
    column.accessor('provider', { header: 'Provider' }),
    ...figureColumns<CasinoFiguresGame>(),
  ];
}

export function providerColumns(brand: string): GridColumn<CasinoFiguresProvider>[] {
  const column = createColumnHelper<CasinoFiguresProvider>();
  return [
    column.accessor('name', {
      header: 'Provider',
      cell: (info) => (
        <Link to={paths.casinoRounds.getHref({ provider: info.row.original.provider, brand })}>
          {info.getValue()}
        </Link>
      ),
    }),
    ...figureColumns<CasinoFiguresProvider>(),
  ];
}

export function brandColumns(days: number): GridColumn<CasinoFiguresBrand>[] {
  const column = createColumnHelper<CasinoFiguresBrand>();
  return [
    column.accessor('brand', {
      header: 'Brand',
      cell: (info) => (
        <Link to={paths.casinoFigures.getHref(info.getValue(), days)}>{info.getValue()}</Link>
      ),
    }),
    ...figureColumns<CasinoFiguresBrand>(),
  ];
}
