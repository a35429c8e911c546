import { h, type JSX } from 'preact';
import { useMemo } from 'preact/hooks';
import type uPlot from 'uplot';
import type { Lang } from '@domain/rulesets/ruleset';
import type { DiceLuck } from '@domain/stats/dice-luck';
import { label } from '../i18n';
import type { SeatNames } from '@domain/naming/seat-names';
import type { ViewEvent } from '../replay/replay-engine';
import {
  diceSeries,
  everySeq,
  scoreSeries,
  scoreSteps,
  seatScoreSeries,
  type SeatDiceSeries,
} from './match-series';
import { REFERENCE_LOOK, seatSeriesLooks } from './series-looks';
import { integerSplits } from './ticks';
import { UPlotChart } from './uplot-chart';

const CHART_HEIGHT = 180;

export function formatNumber(value: number, lang: Lang, digits = 1): string {
  return value.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-GB', {
    maximumFractionDigits: digits,
  });
}

/** z with its sign, so a reader sees at once whether the dice ran hot or cold. */
export function formatZ(z: number | null, lang: Lang): string {
  if (z === null) return '—';
  const text = formatNumber(Math.abs(z), lang, 2);
  return z > 0 ? `+${text}` : z < 0 ? `−${text}` : text;
}

function luckLine(source: 'server' | 'reported', luck: DiceLuck, lang: Lang): string {
  return label('luckLine', lang, {
    source: label(source === 'server' ? 'serverDice' : 'reportedDice', lang),
    dice: luck.dice,
    observed: formatNumber(luck.observedSum, lang),
    expected: formatNumber(luck.expectedSum, lang),
    z: formatZ(luck.z, lang),
  });
}

/** Events, dice sums and scores are whole numbers: so are their axes' ticks. */
const axes = (lang: Lang, y: string): uPlot.Axis[] => [
  {
    label: label('chartEvent', lang),
    stroke: 'currentColor',
    grid: { stroke: '#8884' },
    splits: integerSplits,
  },
  { label: y, stroke: 'currentColor', grid: { stroke: '#8884' }, size: 56, splits: integerSplits },
];

/**
 * One seat's dice: what it rolled in the seat's colour (the board's), what fair dice give as
 * the dashed grey reference line.
 */
function SeatDiceChart({
  series,
  name,
  seats,
  lang,
}: {
  series: SeatDiceSeries;
  name: string;
  seats: readonly string[];
  lang: Lang;
}): JSX.Element {
  const options = useMemo<Omit<uPlot.Options, 'width'>>(
    () => ({
      height: CHART_HEIGHT,
      scales: { x: { time: false } },
      legend: { show: true },
      axes: axes(lang, label('chartDiceSum', lang)),
      series: [
        { label: label('chartEvent', lang) },
        { label: label('diceObserved', lang) },
        { label: label('diceExpected', lang) },
      ],
    }),
    [lang],
  );
  const looks = useMemo(
    () => [undefined, ...seatSeriesLooks([series.seat], seats), REFERENCE_LOOK],
    [series.seat, seats],
  );
  const format = useMemo(() => (value: number) => formatNumber(value, lang), [lang]);
  const data = useMemo<uPlot.AlignedData>(
    () => [series.seqs, series.observed, series.expected],
    [series],
  );
  const lines = (['server', 'reported'] as const).filter((source) => series[source].dice > 0);
  return h(
    'figure',
    { class: 'chart-card', 'data-dice-seat': series.seat },
    h('figcaption', null, h('strong', null, name)),
    h(UPlotChart, {
      options,
      data,
      looks,
      formatValue: format,
      label: label('diceChartLabel', lang, { name }),
    }),
    h(
      'ul',
      { class: 'chart-figures' },
      lines.map((source) =>
        h(
          'li',
          { 'data-source': source, 'data-z': series[source].z ?? '' },
          luckLine(source, series[source], lang),
        ),
      ),
    ),
  );
}

/**
 * Under the replay: each seat's dice luck (observed against expected sum over the match,
 * with the z-score) and the scores over time: each seat's score as its ruleset derives it
 * (what the standings show, territories and all), or, for a ruleset that derives none, the
 * tracks the seats own (victory points, influence), built from the events the viewer has.
 */
export function MatchCharts({
  events,
  names,
  lang,
  resourceTracks,
  derivedScores,
}: {
  events: readonly ViewEvent[];
  /** The seats' names; its `seats` are the match's seats in the order the board colours them by. */
  names: SeatNames;
  lang: Lang;
  /** The ruleset's tracks that are resources, not scores (RulesetDetail.resourceTracks). */
  resourceTracks: readonly string[];
  /** The ruleset's own scores over the match (GET matches/:id/scores), when there are any. */
  derivedScores?: Parameters<typeof seatScoreSeries>[0];
}): JSX.Element | null {
  const dice = useMemo(() => diceSeries(events), [events]);
  const scores = useMemo(() => {
    const derived = derivedScores ? seatScoreSeries(derivedScores) : [];
    return derived.length > 0 ? derived : scoreSeries(events, resourceTracks);
  }, [events, resourceTracks, derivedScores]);
  const scoreOptions = useMemo<Omit<uPlot.Options, 'width'>>(
    () => ({
      height: CHART_HEIGHT + 40,
      scales: { x: { time: false } },
      axes: axes(lang, label('chartScore', lang)),
      series: [
        { label: label('chartEvent', lang) },
        ...scores.map((track) => ({ label: trackLabel(track.owner, track.name, names, lang) })),
      ],
    }),
    [scores, names, lang],
  );
  const scoreLooks = useMemo(
    () => [
      undefined,
      ...seatSeriesLooks(
        scores.map((track) => track.owner),
        names.seats,
      ),
    ],
    [scores, names],
  );
  const format = useMemo(() => (value: number) => formatNumber(value, lang), [lang]);
  const scoreData = useMemo<uPlot.AlignedData>(
    () => everySeq(scoreSteps(scores, events.at(-1)?.seq)),
    [scores, events],
  );
  if (dice.length === 0 && scores.length === 0) return null;
  return h(
    'section',
    { class: 'match-charts', 'aria-labelledby': 'charts-title' },
    h('h2', { id: 'charts-title' }, label('charts', lang)),
    dice.length > 0
      ? h(
          'div',
          { class: 'chart-group' },
          h('h3', null, label('diceLuck', lang)),
          h('p', { class: 'muted chart-help' }, label('diceLuckHelp', lang)),
          h(
            'div',
            { class: 'chart-grid' },
            dice.map((series) =>
              h(SeatDiceChart, {
                key: series.seat,
                series,
                name: names.full(series.seat, lang),
                seats: names.seats,
                lang,
              }),
            ),
          ),
        )
      : null,
    scores.length > 0
      ? h(
          'figure',
          { class: 'chart-group chart-card', 'data-chart': 'scores' },
          h('figcaption', null, h('h3', null, label('scoreOverTime', lang))),
          h(UPlotChart, {
            options: scoreOptions,
            data: scoreData,
            looks: scoreLooks,
            steps: true,
            formatValue: format,
            label: label('scoreOverTime', lang),
          }),
        )
      : null,
  );
}

function trackLabel(
  owner: string,
  name: { en: string; ru: string } | undefined,
  names: SeatNames,
  lang: Lang,
): string {
  const track = name ? name[lang] || name.en : undefined;
  return track ? `${names.seat(owner, lang)}: ${track}` : names.seat(owner, lang);
}
