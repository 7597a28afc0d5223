import type { MarketBook } from '@backlay/contract/admin';
import { formatRupees } from '../../../shared/format/money';

type Runner = MarketBook['runners'][number];

/** Drawn at this width in pixels (the stylesheet never scales it up), so its text stays 11px. */
const WIDTH = 560;
const LABEL_WIDTH = 150;
const ROW_HEIGHT = 24;
const BAR_HEIGHT = 14;
/** Room either side of the bars for their figures. */
const FIGURE_ROOM = 84;
const PLOT_LEFT = LABEL_WIDTH + FIGURE_ROOM;
const PLOT_RIGHT = WIDTH - FIGURE_ROOM;
const ZERO_X = (PLOT_LEFT + PLOT_RIGHT) / 2;
const HALF_WIDTH = (PLOT_RIGHT - PLOT_LEFT) / 2;

/** Shortens a runner name to fit beside the bars; the table beside shows it in full. */
function shortName(name: string): string {
  return name.length > 24 ? `${name.slice(0, 23)}…` : name;
}

/**
 * One side's P&L if each runner wins, as bars from a zero line: green to the right for a
 * gain, red to the left for a loss. `scale` is the largest figure of both charts, so the two
 * read against each other.
 */
function PnlBars({
  title,
  runners,
  value,
  scale,
}: {
  title: string;
  runners: readonly Runner[];
  value: (runner: Runner) => number;
  scale: number;
}) {
  const height = runners.length * ROW_HEIGHT + 8;
  const summary = runners.map((r) => `${r.name}: ${formatRupees(value(r))}`).join('; ');
  return (
    <figure className="book-chart">
      <figcaption className="book-chart__title">{title}</figcaption>
      <svg
        className="book-chart__svg"
        viewBox={`0 0 ${WIDTH} ${height}`}
        width={WIDTH}
        height={height}
        role="img"
        aria-label={`${title}: ${summary}`}
      >
        <line className="book-chart__axis" x1={ZERO_X} x2={ZERO_X} y1={0} y2={height} />
        {runners.map((runner, index) => {
          const figure = value(runner);
          const length = scale > 0 ? (Math.abs(figure) / scale) * HALF_WIDTH : 0;
          const gain = figure >= 0;
          const y = index * ROW_HEIGHT + 4;
          const barY = y + (ROW_HEIGHT - BAR_HEIGHT) / 2;
          const textY = y + ROW_HEIGHT / 2 + 4;
          return (
            <g key={runner.runnerId}>
              <text className="book-chart__label" x={LABEL_WIDTH - 6} y={textY} textAnchor="end">
                {shortName(runner.name)}
              </text>
              <rect
                className={gain ? 'book-chart__gain' : 'book-chart__loss'}
                x={gain ? ZERO_X : ZERO_X - length}
                y={barY}
                width={Math.max(length, 1)}
                height={BAR_HEIGHT}
              />
              <text
                className="book-chart__figure"
                x={gain ? ZERO_X + length + 4 : ZERO_X - length - 4}
                y={textY}
                textAnchor={gain ? 'start' : 'end'}
              >
                {formatRupees(figure)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** The book at a glance: the players' and the market maker's P&L if each runner wins. */
export function BookChart({ runners }: { runners: readonly Runner[] }) {
  const scale = Math.max(
    0,
    ...runners.flatMap((runner) => [Math.abs(runner.playersIfWin), Math.abs(runner.houseIfWin)]),
  );
  return (
    <div className="book-charts">
      <PnlBars
        title="Players if it wins"
        runners={runners}
        value={(runner) => runner.playersIfWin}
        scale={scale}
      />
      <PnlBars
        title="Market maker if it wins"
        runners={runners}
        value={(runner) => runner.houseIfWin}
        scale={scale}
      />
    </div>
  );
}
