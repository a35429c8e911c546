import { h, type JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import {
  changeIndexes,
  lastValue,
  shapeCorners,
  tieOffsets,
  type SeriesLook,
} from './series-looks';

/**
 * Colours of series that belong to no seat (the statistics page's bars): Okabe–Ito, for
 * colour-blind readers. A seat's series take the seat's colour on the board (series-looks).
 */
export const SERIES_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9'];

const MIN_WIDTH = 240;
/** A line's width and its marks' size and outline, in CSS px. */
const LINE_WIDTH = 2;
const MARK_SIZE = 10;
const MARK_WIDTH = 1.5;
/** Room a mark needs along the x axis (CSS px): closer marks are left out, the line stays. */
const MARK_SPACE = 14;

/**
 * A uPlot chart that fills its container's width and follows it when it resizes. The
 * canvas is a picture: `label` says what it shows, and the page gives the figures in text.
 *
 * `looks[i]` draws series i (0 is x): its colour, dash and mark, the mark where its value
 * changes, the legend's swatch the same line and mark. With `steps`, each value holds until
 * the next (a score), and lines tied on one value are drawn side by side, not on one another.
 * With `formatValue`, the legend shows each series' last value while the cursor is off the
 * chart (uPlot shows «--»).
 */
export function UPlotChart({
  options,
  data,
  label,
  looks,
  steps = false,
  formatValue,
}: {
  options: Omit<uPlot.Options, 'width'>;
  data: uPlot.AlignedData;
  label: string;
  looks?: readonly (SeriesLook | undefined)[];
  steps?: boolean;
  formatValue?: (value: number) => string;
}): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const widthOf = () => Math.max(MIN_WIDTH, element.clientWidth);
    const offsets = steps ? tieOffsets(data.slice(1)) : [];
    const series = options.series.map((s, i) => {
      const look = looks?.[i];
      const drawn = i > 0 && steps ? { ...s, paths: sideBySideSteps(offsets[i - 1]) } : s;
      const styled = look ? { ...drawn, ...lookOptions(look, offsets[i - 1]) } : drawn;
      return formatValue ? { ...styled, value: restingValue(formatValue) } : styled;
    });
    const plot = new uPlot(
      {
        ...options,
        scales: steps
          ? { ...options.scales, y: { ...options.scales?.y, range: roomAtTheEdges } }
          : options.scales,
        series,
        width: widthOf(),
        hooks: {
          ...options.hooks,
          draw: [
            ...(options.hooks?.draw ?? []),
            showAxisLabels,
            showLastValues,
            (u: uPlot) => showLooks(u, looks),
          ],
        },
      },
      data,
      element,
    );
    if (looks) drawSwatches(plot, looks);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => plot.setSize({ width: widthOf(), height: options.height }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [options, data, looks, steps, formatValue]);
  return h('div', { ref, class: 'chart', role: 'img', 'aria-label': label });
}

/**
 * The labels drawn on each axis, as `data-axis-<n>` on the chart (one label a line): the
 * canvas keeps no text a test could read. uPlot 1.6 keeps the labels it drew as `_values`.
 */
function showAxisLabels(plot: uPlot): void {
  plot.axes.forEach((axis, i) => {
    const drawn = (axis as { _values?: unknown })._values;
    if (Array.isArray(drawn))
      plot.root.parentElement?.setAttribute(`data-axis-${i}`, drawn.join('\n'));
  });
}

/**
 * Each series' last value as drawn, as `data-last` on the chart (JSON: label → value, null
 * when it has none): what a reader sees at the right end of each line, for tests to compare
 * with the page's figures.
 */
function showLastValues(plot: uPlot): void {
  const last: Record<string, number | null> = {};
  plot.series.forEach((series, i) => {
    if (i === 0) return;
    const column = plot.data[i] ?? [];
    last[String(series.label)] = column.length > 0 ? (column[column.length - 1] ?? null) : null;
  });
  plot.root.parentElement?.setAttribute('data-last', JSON.stringify(last));
}

/**
 * The options of a series drawn with `look`, its marks `offsets` px from their values (tied
 * steps side by side). Dashes scale to the screen's pixels as uPlot's widths do.
 */
function lookOptions(look: SeriesLook, offsets: readonly number[] = []): Partial<uPlot.Series> {
  return {
    stroke: look.colour,
    width: LINE_WIDTH,
    dash: look.dash.length > 0 ? look.dash.map((d) => d * uPlot.pxRatio) : undefined,
    points: {
      show: false,
      filter: markedChanges,
      paths: shapeMarks(look, offsets),
      size: MARK_SIZE,
      width: MARK_WIDTH,
      stroke: look.colour,
      // Hollow: marks of tied series on one spot show each other's outline.
      fill: 'transparent',
    },
  };
}

/** Of the y span, the room left below the lowest value and above the highest. */
const EDGE_ROOM = 0.05;

/**
 * uPlot's own y range, with room at the edges: a line on the lowest or highest value (all
 * at 0) would be cut by the plot's edge on the side its tie puts it. A flat chart spans one
 * unit (uPlot would span 0 to 100 for all zeros), starting from 0 for a flat 0.
 */
const roomAtTheEdges: uPlot.Range.Function = (_plot, min, max) => {
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max))
    return [min, max];
  const [lo, hi] =
    min === max
      ? uPlot.rangeNum(Math.max(min - 1, Math.min(min, 0)), max + 1, 0.1, true)
      : uPlot.rangeNum(min, max, 0.1, true);
  if (lo === null || hi === null) return [lo, hi];
  const room = (hi - lo) * EDGE_ROOM;
  return [lo - room, hi + room];
};

/**
 * A step line (each value holds until the next seq) drawn `offsets[i]` CSS px below its value
 * from index i on (above when negative): uPlot's stepped paths draw tied series on one line.
 * Positions are whole device pixels, so the line stays sharp as uPlot's are.
 */
function sideBySideSteps(offsets: readonly number[] = []): uPlot.Series.PathBuilder {
  return (plot, seriesIdx, first, last) => {
    const xs = plot.data[0];
    const ys = plot.data[seriesIdx];
    const scale = plot.series[seriesIdx].scale ?? 'y';
    const path = new Path2D();
    let previous: number | undefined;
    for (let i = first; i <= last; i += 1) {
      const value = ys[i];
      if (value === null || value === undefined) {
        previous = undefined;
        continue;
      }
      const x = Math.round(plot.valToPos(xs[i], 'x', true));
      const y = Math.round(plot.valToPos(value, scale, true) + (offsets[i] ?? 0) * uPlot.pxRatio);
      if (previous === undefined) path.moveTo(x, y);
      else if (y !== previous) {
        path.lineTo(x, previous);
        path.lineTo(x, y);
      } else if (i === last || ys[i + 1] === null || ys[i + 1] === undefined) path.lineTo(x, y);
      previous = y;
    }
    return { stroke: path, fill: null, clip: null };
  };
}

/** The seqs in view where the series' value changes, while there is room for a mark at each. */
function markedChanges(plot: uPlot, seriesIdx: number): number[] | null {
  const [first, last] = plot.series[0].idxs ?? [0, plot.data[0].length - 1];
  const marks = changeIndexes(plot.data[seriesIdx] ?? []).filter((i) => i >= first && i <= last);
  return marks.length > 0 && marks.length * MARK_SPACE <= plot.bbox.width / uPlot.pxRatio
    ? marks
    : null;
}

/** Draws the series' marks in its shape (uPlot draws only circles). */
function shapeMarks(look: SeriesLook, offsets: readonly number[]): uPlot.Series.Points.PathBuilder {
  return (plot, seriesIdx, _first, _last, marks) => {
    const path = new Path2D();
    const r = ((MARK_SIZE - MARK_WIDTH) / 2) * uPlot.pxRatio;
    const scale = plot.series[seriesIdx].scale ?? 'y';
    for (const i of marks ?? []) {
      const value = plot.data[seriesIdx][i];
      if (value === null || value === undefined) continue;
      const x = plot.valToPos(plot.data[0][i], 'x', true);
      const y = plot.valToPos(value, scale, true) + (offsets[i] ?? 0) * uPlot.pxRatio;
      const corners = shapeCorners(look.shape, x, y, r);
      if (!corners) {
        path.moveTo(x + r, y);
        path.arc(x, y, r, 0, 2 * Math.PI);
        continue;
      }
      corners.forEach(([cx, cy], k) => (k === 0 ? path.moveTo(cx, cy) : path.lineTo(cx, cy)));
      path.closePath();
    }
    const { left, top, width, height } = plot.bbox;
    const clip = new Path2D();
    clip.rect(left - 2 * r, top - 2 * r, width + 4 * r, height + 4 * r);
    return { stroke: path, fill: path, clip };
  };
}

/** The legend's value: at the cursor, or with the cursor off the chart the last one. */
function restingValue(format: (value: number) => string): uPlot.Series.Value {
  return (plot, raw, seriesIdx, idx) => {
    const value = idx === null ? lastValue(plot.data[seriesIdx] ?? []) : raw;
    return value === null || value === undefined ? '—' : format(value);
  };
}

const SVG = 'http://www.w3.org/2000/svg';
const SWATCH_WIDTH = 30;
const SWATCH_HEIGHT = 12;

/**
 * Each legend marker becomes a piece of its series' line: its colour, its dash and its mark,
 * where uPlot draws a square that shows the colour alone.
 */
function drawSwatches(plot: uPlot, looks: readonly (SeriesLook | undefined)[]): void {
  const rows = [...plot.root.querySelectorAll('.u-legend .u-series')];
  const offset = plot.series.length - rows.length;
  rows.forEach((row, index) => {
    const look = looks[index + offset];
    const marker = row.querySelector<HTMLElement>('.u-marker');
    if (!look || !marker) return;
    marker.style.border = 'none';
    marker.style.background = 'none';
    marker.style.width = `${SWATCH_WIDTH}px`;
    marker.style.height = `${SWATCH_HEIGHT}px`;
    marker.dataset.shape = look.shape;
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('width', String(SWATCH_WIDTH));
    svg.setAttribute('height', String(SWATCH_HEIGHT));
    svg.setAttribute('aria-hidden', 'true');
    const y = SWATCH_HEIGHT / 2;
    const line = document.createElementNS(SVG, 'line');
    for (const [name, value] of [
      ['x1', '0'],
      ['x2', String(SWATCH_WIDTH)],
      ['y1', String(y)],
      ['y2', String(y)],
      ['stroke', look.colour],
      ['stroke-width', String(LINE_WIDTH)],
      ['stroke-dasharray', look.dash.length > 0 ? look.dash.join(' ') : 'none'],
    ])
      line.setAttribute(name, value);
    const r = (MARK_SIZE - MARK_WIDTH) / 2;
    const corners = shapeCorners(look.shape, SWATCH_WIDTH / 2, y, r);
    const mark = corners
      ? document.createElementNS(SVG, 'polygon')
      : document.createElementNS(SVG, 'circle');
    if (corners) mark.setAttribute('points', corners.map((c) => c.join(',')).join(' '));
    else {
      mark.setAttribute('cx', String(SWATCH_WIDTH / 2));
      mark.setAttribute('cy', String(y));
      mark.setAttribute('r', String(r));
    }
    for (const [name, value] of [
      ['stroke', look.colour],
      ['stroke-width', String(MARK_WIDTH)],
      ['fill', 'none'],
    ])
      mark.setAttribute(name, value);
    svg.append(line, mark);
    marker.append(svg);
  });
}

/**
 * How each series is drawn, as `data-series` on the chart (JSON: label → stroke colour and
 * dash in CSS px), read from the plot itself: for tests to compare with the board's colours.
 */
function showLooks(plot: uPlot, looks: readonly (SeriesLook | undefined)[] | undefined): void {
  if (!looks) return;
  const drawn: Record<string, { stroke: string; dash: number[]; shape?: string }> = {};
  plot.series.forEach((series, i) => {
    if (i === 0) return;
    const stroke = typeof series.stroke === 'function' ? series.stroke(plot, i) : series.stroke;
    drawn[String(series.label)] = {
      stroke: String(stroke),
      dash: (series.dash ?? []).map((d) => d / uPlot.pxRatio),
      shape: looks[i]?.shape,
    };
  });
  plot.root.parentElement?.setAttribute('data-series', JSON.stringify(drawn));
}
