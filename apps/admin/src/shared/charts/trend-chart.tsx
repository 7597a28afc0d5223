import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
// uPlot's own stylesheet, bundled as a file: the library sets styles only through the CSSOM,
// so the console's `style-src 'self'` holds.
import 'uplot/dist/uPlot.min.css';
import { dayToUnixSeconds, formatDay } from '../format/days';
import { alignZeros, rangeWithZero } from './chart-scales';
import './trend-chart.css';

/** A day's figures as the server sends them: the UTC day (`2026-05-01`) and its values. */
export interface TrendDay {
  day: string;
}

/** One figure of the days, drawn as bars or a line. */
export interface TrendSeries<Day extends TrendDay> {
  label: string;
  /** The stylesheet's token for its colour (`--chart-turnover`): a canvas cannot read `var()`. */
  colorToken: string;
  value: (day: Day) => number;
  shape: 'bars' | 'line';
  /** `right`: read against a second axis, for figures far smaller than the left axis's. */
  axis?: 'left' | 'right';
}

export interface TrendChartProps<Day extends TrendDay> {
  /** Names the chart and its table for screen readers. */
  title: string;
  /** The days as the server sent them, oldest first; a day without activity is zero. */
  days: readonly Day[];
  series: readonly TrendSeries<Day>[];
  /** Writes a figure in full, for the hover legend and the table. */
  format: (value: number) => string;
  /** Writes a figure in a few characters, for the axes. */
  formatAxis: (value: number) => string;
  /** The axes' titles, when the chart has two. */
  axisLabels?: { left: string; right: string };
}

/** The plot's height in CSS pixels, axes included; the width follows the container. */
const HEIGHT_PX = 220;
const DAY_S = 86_400;
/** Ticks of the day axis: every day, every other day, weekly, fortnightly, four-weekly. */
const DAY_INCRS = [1, 2, 7, 14, 28].map((days) => days * DAY_S);
/** Ticks of the value axes: whole rupees or whole counts, 1, 2, 5, 10, 20, 50… up to 5·10¹². */
const WHOLE_INCRS = Array.from({ length: 13 }, (_, power) =>
  [1, 2, 5].map((step) => step * 10 ** power),
).flat();
const AXIS_FONT = '11px system-ui, sans-serif';
/** The charts of a page share their cursor: hovering a day in one shows it in all. */
const CURSOR_SYNC_KEY = 'trend-charts';

const dayOfSeconds = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

function barsPath(): uPlot.Series.PathBuilder {
  const bars = uPlot.paths.bars;
  if (!bars) throw new Error('This uPlot build has no bar path builder.');
  return bars({ size: [0.6, 40] });
}

/**
 * The value axes' ranges: each from zero to its series' extremes and, with a second axis, zero
 * at the same height on both.
 */
function valueRanges<Day extends TrendDay>({
  series,
  days,
}: Pick<TrendChartProps<Day>, 'series' | 'days'>) {
  const valuesOn = (axis: 'left' | 'right') =>
    series.filter((s) => (s.axis ?? 'left') === axis).flatMap((s) => days.map(s.value));
  if (!series.some((s) => s.axis === 'right')) {
    return { left: rangeWithZero(valuesOn('left')), right: null };
  }
  const [left, right] = alignZeros([
    rangeWithZero(valuesOn('left')),
    rangeWithZero(valuesOn('right')),
  ]);
  return { left, right: right ?? null };
}

/** A chart's options, its colours read from the stylesheet's tokens under `host`. */
function chartOptions<Day extends TrendDay>(
  host: HTMLElement,
  props: TrendChartProps<Day>,
  width: number,
): uPlot.Options {
  const { series, format, formatAxis, axisLabels } = props;
  const styles = getComputedStyle(host);
  const token = (name: string) => styles.getPropertyValue(name).trim();
  const textColor = token('--text-muted');
  const gridColor = token('--chart-grid');
  const ranges = valueRanges(props);
  const twoAxes = ranges.right !== null;
  // Zero aligned with the other axis can put ticks below zero on an axis of figures that never
  // go there (turnover): those ticks keep their grid line but lose their label.
  const negativeOn = (axis: 'left' | 'right') =>
    series.some((s) => (s.axis ?? 'left') === axis && props.days.some((day) => s.value(day) < 0));
  const valueAxis = (
    scale: 'left' | 'right',
    side: 1 | 3,
    label: string | undefined,
  ): uPlot.Axis => ({
    scale,
    side,
    label,
    labelFont: AXIS_FONT,
    labelSize: label ? 18 : 0,
    font: AXIS_FONT,
    stroke: textColor,
    size: 56,
    incrs: WHOLE_INCRS,
    values: (_chart, splits) =>
      splits.map((v) => (v < 0 && !negativeOn(scale) ? '' : formatAxis(v))),
    grid: { show: side === 3, stroke: gridColor, width: 1 },
    ticks: { show: false },
  });

  return {
    width,
    height: HEIGHT_PX,
    // The days are UTC days: the axis and the legend must not shift them into local time.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    // One day under the pointer, in every chart of the page at once; no zooming by dragging.
    cursor: { y: false, drag: { x: false, y: false }, sync: { key: CURSOR_SYNC_KEY } },
    select: { show: false, left: 0, top: 0, width: 0, height: 0 },
    legend: { live: true },
    scales: {
      // Half a day either side, so the first and last days' bars are drawn whole.
      x: { time: true, range: (_chart, min, max) => [min - DAY_S / 2, max + DAY_S / 2] },
      left: { range: ranges.left },
      ...(ranges.right ? { right: { range: ranges.right } } : {}),
    },
    axes: [
      {
        font: AXIS_FONT,
        stroke: textColor,
        incrs: DAY_INCRS,
        space: 52,
        values: (_chart, splits) => splits.map((s) => formatDay(dayOfSeconds(s))),
        grid: { show: false },
        ticks: { stroke: gridColor, size: 4 },
      },
      valueAxis('left', 3, twoAxes ? axisLabels?.left : undefined),
      ...(twoAxes ? [valueAxis('right', 1, axisLabels?.right)] : []),
    ],
    series: [
      {
        label: 'Day',
        value: (_chart, seconds) => (seconds == null ? '—' : formatDay(dayOfSeconds(seconds))),
      },
      ...series.map((s): uPlot.Series => {
        const color = token(s.colorToken);
        return {
          label: s.label,
          scale: s.axis ?? 'left',
          stroke: color,
          width: s.shape === 'line' ? 2 : 0,
          fill: s.shape === 'bars' ? color : undefined,
          paths: s.shape === 'bars' ? barsPath() : undefined,
          points: { show: s.shape === 'line', size: 5, fill: color },
          value: (_chart, value) => (value == null ? '—' : format(value)),
        };
      }),
    ],
  };
}

/**
 * The days' figures as a chart (uPlot, on a canvas) with a legend that reads the day under
 * the pointer, and the same figures as a table for screen readers.
 */
export function TrendChart<Day extends TrendDay>({
  title,
  days,
  series,
  format,
  formatAxis,
  axisLabels,
}: TrendChartProps<Day>) {
  const hostRef = useRef<HTMLDivElement>(null);
  const leftLabel = axisLabels?.left;
  const rightLabel = axisLabels?.right;

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const data: uPlot.AlignedData = [
      days.map((day) => dayToUnixSeconds(day.day)),
      ...series.map((s) => days.map(s.value)),
    ];
    const labels =
      leftLabel !== undefined && rightLabel !== undefined
        ? { left: leftLabel, right: rightLabel }
        : undefined;
    const options = chartOptions(
      host,
      { title, days, series, format, formatAxis, axisLabels: labels },
      host.clientWidth,
    );
    const chart = new uPlot(options, data, host);
    const observer = new ResizeObserver(() => {
      if (host.clientWidth > 0) chart.setSize({ width: host.clientWidth, height: HEIGHT_PX });
    });
    observer.observe(host);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [title, days, series, format, formatAxis, leftLabel, rightLabel]);

  return (
    <figure className="trend-chart">
      <div className="trend-chart__plot" ref={hostRef} aria-hidden="true" />
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day (UTC)</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day)}</th>
              {series.map((s) => (
                <td key={s.label}>{format(s.value(day))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
