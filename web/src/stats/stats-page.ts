import { h, type JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import uPlot from 'uplot';
import type { Lang } from '@domain/rulesets/ruleset';
import {
  getRulesetStats,
  listRulesets,
  type ApiError,
  type RulesetStats,
  type RulesetSummary,
} from '../api/client';
import { SERIES_COLOURS, UPlotChart } from '../charts/uplot-chart';
import { label } from '../i18n';
import { loadRulesetWords, type RulesetWords } from '../ruleset-words';

type WinRate = Omit<RulesetStats['firstPlayer'], 'expectedRate'>;

const percent = (value: number, lang: Lang): string =>
  value.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-GB', {
    style: 'percent',
    maximumFractionDigits: 0,
  });

/** Bars of win rates with their 95% intervals drawn as whiskers over them. */
function WinRateChart({
  rows,
  lang,
}: {
  rows: { name: string; rate: WinRate }[];
  lang: Lang;
}): JSX.Element {
  const options = useMemo<Omit<uPlot.Options, 'width'>>(
    () => ({
      height: Math.max(200, 60 + rows.length * 36),
      legend: { show: false },
      scales: {
        x: { time: false, range: [-0.5, rows.length - 0.5] },
        y: { range: [0, 1] },
      },
      axes: [
        {
          stroke: 'currentColor',
          grid: { show: false },
          splits: () => rows.map((_, i) => i),
          values: (_u, splits) => splits.map((i) => rows[i]?.name ?? ''),
        },
        {
          stroke: 'currentColor',
          grid: { stroke: '#8884' },
          values: (_u, splits) => splits.map((v) => percent(v, lang)),
          size: 56,
        },
      ],
      series: [
        {},
        {
          label: label('winRate', lang),
          fill: `${SERIES_COLOURS[0]}aa`,
          stroke: SERIES_COLOURS[0],
          paths: uPlot.paths.bars?.({ size: [0.6, 80] }),
          points: { show: false },
        },
      ],
      hooks: {
        // The 95% interval of each bar: a vertical whisker with caps.
        draw: [
          (u) => {
            const { ctx } = u;
            ctx.save();
            ctx.strokeStyle = getComputedStyle(u.root).color || '#222';
            ctx.lineWidth = 2 * devicePixelRatio;
            rows.forEach(({ rate }, i) => {
              const x = u.valToPos(i, 'x', true);
              const low = u.valToPos(rate.low, 'y', true);
              const high = u.valToPos(rate.high, 'y', true);
              const cap = 8 * devicePixelRatio;
              ctx.beginPath();
              ctx.moveTo(x, low);
              ctx.lineTo(x, high);
              ctx.moveTo(x - cap, low);
              ctx.lineTo(x + cap, low);
              ctx.moveTo(x - cap, high);
              ctx.lineTo(x + cap, high);
              ctx.stroke();
            });
            ctx.restore();
          },
        ],
      },
    }),
    [rows, lang],
  );
  const data = useMemo<uPlot.AlignedData>(
    () => [rows.map((_, i) => i), rows.map((row) => row.rate.rate)],
    [rows],
  );
  return h(UPlotChart, { options, data, label: label('factionWinRates', lang) });
}

function WinRateTable({
  rows,
  lang,
  first,
}: {
  rows: { name: string; rate: WinRate }[];
  lang: Lang;
  first: string;
}): JSX.Element {
  return h(
    'div',
    { class: 'table-scroll' },
    h(
      'table',
      { class: 'stats-table' },
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          h('th', { scope: 'col' }, first),
          h('th', { scope: 'col', class: 'num' }, label('played', lang)),
          h('th', { scope: 'col', class: 'num' }, label('wins', lang)),
          h('th', { scope: 'col', class: 'num' }, label('winRate', lang)),
          h('th', { scope: 'col', class: 'num' }, label('interval95', lang)),
        ),
      ),
      h(
        'tbody',
        null,
        rows.map(({ name, rate }) =>
          h(
            'tr',
            { key: name, 'data-row': name },
            h('th', { scope: 'row' }, name),
            h('td', { class: 'num' }, String(rate.played)),
            h('td', { class: 'num' }, String(rate.wins)),
            h('td', { class: 'num' }, percent(rate.rate, lang)),
            h('td', { class: 'num' }, `${percent(rate.low, lang)} – ${percent(rate.high, lang)}`),
          ),
        ),
      ),
    ),
  );
}

type Load =
  | { status: 'loading' }
  | { status: 'error'; error: ApiError }
  | { status: 'ready'; stats: RulesetStats; words: RulesetWords };

/** `/stats`: each ruleset's win rates per faction and per seat, with their 95% intervals. */
export function StatsPage({ lang, header }: { lang: Lang; header(): JSX.Element }): JSX.Element {
  const [rulesets, setRulesets] = useState<RulesetSummary[]>([]);
  const [chosen, setChosen] = useState<string>(
    () => new URLSearchParams(location.search).get('ruleset') ?? '',
  );
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  useEffect(() => {
    listRulesets().then(
      (list) => {
        setRulesets(list);
        setChosen((current) => current || list[0]?.id || '');
      },
      (error: ApiError) => setLoad({ status: 'error', error }),
    );
  }, []);

  useEffect(() => {
    if (!chosen) return;
    let live = true;
    setLoad({ status: 'loading' });
    Promise.all([getRulesetStats(chosen), loadRulesetWords(chosen)]).then(
      ([stats, words]) => live && setLoad({ status: 'ready', stats, words }),
      (error: ApiError) => live && setLoad({ status: 'error', error }),
    );
    const url = new URL(location.href);
    url.searchParams.set('ruleset', chosen);
    history.replaceState(null, '', url);
    return () => {
      live = false;
    };
  }, [chosen]);

  const title = (id: string) => {
    const ruleset = rulesets.find((r) => r.id === id);
    return ruleset ? ruleset.title[lang] || ruleset.title.en : id;
  };

  return h(
    'div',
    { class: 'page stats-page' },
    header(),
    h(
      'main',
      { id: 'main' },
      h('h1', null, label('statsTitle', lang)),
      h(
        'label',
        { class: 'field' },
        h('span', null, label('ruleset', lang)),
        h(
          'select',
          {
            value: chosen,
            onChange: (e: Event) => setChosen((e.target as HTMLSelectElement).value),
          },
          rulesets.map((r) => h('option', { key: r.id, value: r.id }, title(r.id))),
        ),
      ),
      load.status === 'loading'
        ? h('p', { 'aria-busy': 'true' }, label('loading', lang))
        : load.status === 'error'
          ? h('p', { class: 'notice warn', role: 'alert' }, load.error.detail)
          : h(StatsBody, { stats: load.stats, words: load.words, lang }),
    ),
  );
}

function StatsBody({
  stats,
  words,
  lang,
}: {
  stats: RulesetStats;
  words: RulesetWords;
  lang: Lang;
}): JSX.Element {
  const factions = useMemo(
    () =>
      stats.factions.map((f) => {
        const name = words.faction?.(f.faction);
        return { name: name ? name[lang] || name.en : f.faction, rate: f };
      }),
    [stats, words, lang],
  );
  const positions = stats.positions.map((p) => ({
    name: label('seatPosition', lang, { n: p.position }),
    rate: p,
  }));
  return h(
    'div',
    { 'data-matches': stats.matches },
    h('p', { class: 'stats-covers' }, label('statsCovers', lang, { n: stats.matches })),
    stats.matches === 0
      ? h('p', { class: 'muted' }, label('statsEmpty', lang))
      : [
          h(
            'section',
            { class: 'stats-section', 'aria-labelledby': 'factions-title' },
            h('h2', { id: 'factions-title' }, label('factionWinRates', lang)),
            factions.length > 0
              ? [
                  h(WinRateChart, { rows: factions, lang }),
                  h(WinRateTable, { rows: factions, lang, first: label('faction', lang) }),
                ]
              : h('p', { class: 'muted' }, label('noFactions', lang)),
            h('p', { class: 'muted chart-help' }, label('intervalHelp', lang)),
          ),
          h(
            'section',
            { class: 'stats-section', 'aria-labelledby': 'positions-title' },
            h('h2', { id: 'positions-title' }, label('positionWinRates', lang)),
            h(WinRateTable, { rows: positions, lang, first: label('seatOrder', lang) }),
            stats.firstPlayer.played > 0
              ? h(
                  'p',
                  { 'data-first-player': stats.firstPlayer.rate },
                  label('firstPlayerLine', lang, {
                    rate: percent(stats.firstPlayer.rate, lang),
                    n: stats.firstPlayer.played,
                    low: percent(stats.firstPlayer.low, lang),
                    high: percent(stats.firstPlayer.high, lang),
                    expected: percent(stats.firstPlayer.expectedRate, lang),
                  }),
                )
              : null,
          ),
        ],
  );
}
