import { h, type JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Colours of the series, in order: distinct for colour-blind readers (Okabe–Ito). */
export const SERIES_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9'];

const MIN_WIDTH = 240;

/**
 * A uPlot chart that fills its container's width and follows it when it resizes. The
 * canvas is a picture: `label` says what it shows, and the page gives the figures in text.
 */
export function UPlotChart({
  options,
  data,
  label,
}: {
  options: Omit<uPlot.Options, 'width'>;
  data: uPlot.AlignedData;
  label: string;
}): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const widthOf = () => Math.max(MIN_WIDTH, element.clientWidth);
    const plot = new uPlot(
      {
        ...options,
        width: widthOf(),
        hooks: {
          ...options.hooks,
          draw: [...(options.hooks?.draw ?? []), showAxisLabels, showLastValues],
        },
      },
      data,
      element,
    );
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => plot.setSize({ width: widthOf(), height: options.height }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [options, data]);
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
