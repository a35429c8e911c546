import { h, type JSX } from 'preact';
import { FACTIONS } from '@domain/rulesets/galaxy-league/gl-factions';
import type { LeagueTerritory, PlanetColour } from '@domain/rulesets/galaxy-league/gl-map';
import {
  evolveGalaxyLeague,
  initialGalaxyLeagueState,
  type GalaxyLeagueState,
} from '@domain/rulesets/galaxy-league/gl-state';
import { standingsOf } from '@domain/rulesets/galaxy-league/gl-standings';
import { own } from '@domain/shared/id-record';
import type { Zone } from '@domain/table/table';
import { pageWords } from '../../i18n';
import { ownerColour } from '../../session';
import type { BoardCtx } from '../../board-kit/board-ctx';
import { seatName } from '../../board-kit/seat-chip';
import { shipsAt, type ShipsRow } from './gl-ships';
import type { RulesetBoard } from '../../board-kit/ruleset-board';
import type { ViewEvent } from '../replay-engine';
import { localized } from '@domain/naming/name-index';

const words = pageWords({
  map: { en: 'Map of the galaxy', ru: 'Карта Галактики' },
  planets: { en: 'Territories', ru: 'Территории' },
  neutral: { en: 'neutral', ru: 'нейтральная' },
  capital: { en: 'capital', ru: 'столица' },
  battle: { en: 'battle', ru: 'бой' },
  colour: {
    en: '{colour, select, red {red} lilac {lilac} other {blue}}, {n, plural, one {#\u00a0point} other {#\u00a0points}}',
    ru: '{colour, select, red {красная} lilac {лиловая} other {синяя}}, {n, plural, one {#\u00a0очко} few {#\u00a0очка} other {#\u00a0очков}}',
  },
  standings: { en: 'Standings', ru: 'Турнирная таблица' },
  player: { en: 'Place, player', ru: 'Место, игрок' },
  territory: { en: 'Territories', ru: 'Территории' },
  wins: { en: 'Wins', ru: 'Победы' },
  other: { en: 'Other', ru: 'Другое' },
  total: { en: 'Total', ru: 'Итого' },
  eliminated: { en: 'out of the league', ru: 'выбыл из игры' },
  paused: { en: 'paused', ru: 'в паузе' },
  entrant: { en: 'not entered yet', ru: 'ещё не вошёл в игру' },
  legend: { en: 'Colour of a territory’s holder', ru: 'Цвет владельца территории' },
  ships: {
    en: '{owner}: {n, plural, one {#\u00a0starship} other {#\u00a0starships}}{where, select, map { at {place}} off { off the map} other {}} ({attacking} attacking, {defensive} defensive)',
    ru: '{owner}: {n, plural, one {#\u00a0звездолёт} few {#\u00a0звездолёта} many {#\u00a0звездолётов} other {#\u00a0звездолёта}}{where, select, map { на планете {place}} off { вне карты} other {}} ({attacking, plural, one {#\u00a0атакующий} other {#\u00a0атакующих}}, {defensive, plural, one {#\u00a0защитный} other {#\u00a0защитных}})',
  },
  shipsLegend: { en: 'Starships', ru: 'Звездолёты' },
});

/** «Анна: 4 звездолёта (2 атакующих, 2 защитных)», in the legend «… на планете Аврора (…)». */
function shipsLabel(ctx: BoardCtx, row: ShipsRow, zone?: Zone | 'off'): string {
  return words('ships', ctx.lang, {
    owner: seatName(row.owner, ctx),
    where: zone === undefined ? 'here' : zone !== 'off' && zone.kind === 'planet' ? 'map' : 'off',
    place: zone && zone !== 'off' ? (localized(zone.name, ctx.lang) ?? '') : '',
    n: row.attacking + row.defensive,
    attacking: row.attacking,
    defensive: row.defensive,
  });
}

/** «3 очка за каждую красную планету, 2 – за лиловую, 1 – за синюю». */
const POINTS: Record<PlanetColour, number> = { red: 3, lilac: 2, blue: 1 };
/** The planet's own colour (what it scores), beside its holder's. */
const SWATCH: Record<PlanetColour, string> = { red: '#c62828', lilac: '#8e44ad', blue: '#1565c0' };
/** The map keeps this width at least and scrolls inside its frame on a narrow screen. */
const MAP_MIN_WIDTH = '50rem';

const cache = new WeakMap<readonly ViewEvent[], { seq: number; rs: GalaxyLeagueState }>();

/**
 * The league's state after `seq` on the effective line, folded with the domain's own evolve:
 * events a rewind took back (a ruling, an undo) are left out.
 */
export function leagueAt(events: readonly ViewEvent[], seq: number): GalaxyLeagueState {
  const cached = cache.get(events);
  if (cached?.seq === seq) return cached.rs;
  const voided: [number, number][] = [];
  for (const event of events.slice(0, seq + 1)) {
    const range = (event.data as { voided?: { from?: unknown; to?: unknown } } | null)?.voided;
    if (
      event.type === 'TimelineRewound' &&
      typeof range?.from === 'number' &&
      typeof range.to === 'number'
    )
      voided.push([range.from, range.to]);
  }
  let rs = initialGalaxyLeagueState();
  for (const event of events.slice(0, seq + 1)) {
    if (voided.some(([from, to]) => event.seq >= from && event.seq <= to)) continue;
    rs = evolveGalaxyLeague(rs, event);
  }
  cache.set(events, { seq, rs });
  return rs;
}

/** The map coloured by holder: every territory at its place, lanes and wormholes between. */
function GlMap({ ctx }: { ctx: BoardCtx }): JSX.Element {
  const { lang } = ctx;
  const rs = leagueAt(ctx.events, ctx.seq);
  const territories = rs.map?.territories ?? [];
  const placed = territories.filter((t) => t.position !== undefined);
  const unplaced = territories.filter((t) => t.position === undefined);
  const at = new Map(placed.map((t) => [t.id, t.position!]));
  const fighting = new Set(Object.values(rs.battles).map((b) => b.planet));
  const line = (from: string, to: string, dashed: boolean) => {
    const [a, b] = [at.get(from), at.get(to)];
    return a && b
      ? h('line', {
          key: `${from}-${to}`,
          x1: a.x,
          y1: a.y,
          x2: b.x,
          y2: b.y,
          stroke: dashed ? '#8e44ad' : '#9aa3b1',
          'stroke-width': 0.4,
          'stroke-dasharray': dashed ? '1.2 1' : undefined,
          'vector-effect': 'non-scaling-stroke',
        })
      : null;
  };
  return h(
    'section',
    { class: 'gl-board', 'aria-label': words('map', lang) },
    h(
      'div',
      {
        class: 'gl-frame',
        tabIndex: 0,
        role: 'region',
        'aria-label': words('map', lang),
        style: {
          position: 'relative',
          overflowX: 'auto',
          background: 'var(--panel)',
          border: '1px solid var(--line)',
          borderRadius: 'var(--radius)',
          padding: '0.5rem',
        },
      },
      h(
        'div',
        {
          class: 'gl-map',
          style: {
            position: 'relative',
            minWidth: MAP_MIN_WIDTH,
            aspectRatio: '4 / 3',
          },
        },
        h(
          'svg',
          {
            viewBox: '0 0 100 100',
            preserveAspectRatio: 'none',
            'aria-hidden': 'true',
            style: { position: 'absolute', inset: 0, width: '100%', height: '100%' },
          },
          (rs.map?.lanes ?? []).map((lane) => line(lane.from, lane.to, false)),
          (rs.map?.wormholes ?? []).map((w) => line(w.from, w.to, true)),
        ),
        h(
          'ul',
          {
            'aria-label': words('planets', lang),
            style: { listStyle: 'none', margin: 0, padding: 0 },
          },
          placed.map((t) =>
            h(PlanetBox, { key: t.id, territory: t, rs, ctx, battle: fighting.has(t.id) }),
          ),
        ),
      ),
    ),
    h(ShipsLegend, { ctx, rs }),
    // Territories the organizer's map gives no place: listed under the map.
    unplaced.length > 0
      ? h(
          'ul',
          {
            'aria-label': words('planets', lang),
            style: {
              listStyle: 'none',
              padding: 0,
              display: 'flex',
              flexWrap: 'wrap',
              gap: '0.4rem',
            },
          },
          unplaced.map((t) =>
            h(PlanetBox, { key: t.id, territory: t, rs, ctx, battle: fighting.has(t.id) }),
          ),
        )
      : null,
  );
}

/** Every owner's starships by name, with where they stand: the marks on the map, in words. */
function ShipsLegend({ ctx, rs }: { ctx: BoardCtx; rs: GalaxyLeagueState }): JSX.Element | null {
  const { lang } = ctx;
  const rows = rs.order.flatMap((seat) => {
    const capital = rs.players[seat]?.capital;
    const zone = capital === undefined ? ('off' as const) : ctx.ct.table.zones[capital];
    return shipsAt(ctx, rs, capital)
      .filter((row) => row.owner === seat)
      .map((row) => ({ row, zone }));
  });
  if (rows.length === 0) return null;
  return h(
    'ul',
    {
      class: 'gl-ship-legend',
      'aria-label': words('shipsLegend', lang),
      style: {
        listStyle: 'none',
        padding: 0,
        margin: '0.4rem 0 0',
        display: 'flex',
        flexWrap: 'wrap',
        gap: '0.2rem 1rem',
        fontSize: '0.85em',
      },
    },
    rows.map(({ row, zone }) =>
      h(
        'li',
        { key: row.owner, 'data-owner': row.owner },
        h('span', {
          'aria-hidden': 'true',
          style: {
            display: 'inline-block',
            width: '0.7rem',
            height: '0.7rem',
            marginRight: '0.3rem',
            borderRadius: '50%',
            background: ownerColour(row.owner, ctx.seats),
          },
        }),
        shipsLabel(ctx, row, zone),
      ),
    ),
  );
}

function PlanetBox({
  territory,
  rs,
  ctx,
  battle,
}: {
  territory: LeagueTerritory;
  rs: GalaxyLeagueState;
  ctx: BoardCtx;
  battle: boolean;
}): JSX.Element {
  const { lang } = ctx;
  const holder = own(rs.owner, territory.id);
  const capital = holder !== undefined && own(rs.players, holder)?.capital === territory.id;
  const colour = ownerColour(holder, ctx.seats);
  const ships = shipsAt(ctx, rs, territory.id);
  return h(
    'li',
    {
      class: 'gl-planet',
      'data-zone': territory.id,
      'data-owner': holder ?? '',
      'data-colour': territory.colour,
      'data-capital': capital ? 'true' : undefined,
      'data-battle': battle ? 'true' : undefined,
      style: {
        ...(territory.position
          ? {
              position: 'absolute',
              left: `${territory.position.x}%`,
              top: `${territory.position.y}%`,
              transform: 'translate(-50%, -50%)',
            }
          : {}),
        width: '7.5rem',
        boxSizing: 'border-box',
        background: holder ? '#fff' : '#f1f3f6',
        border: `1px solid ${holder ? colour : '#c3cad6'}`,
        borderLeft: `6px solid ${colour}`,
        borderRadius: '6px',
        padding: '0.2rem 0.35rem',
        fontSize: '0.8rem',
        lineHeight: 1.25,
        color: '#1f2430',
        outline: battle ? '3px solid #b3261e' : undefined,
      },
    },
    h(
      'strong',
      { style: { display: 'block' } },
      localized(territory.name, lang) ?? territory.id,
      capital ? ` · ${words('capital', lang)}` : '',
    ),
    h(
      'span',
      { class: 'gl-holder', style: { display: 'block' } },
      holder ? seatName(holder, ctx) : words('neutral', lang),
      battle ? ` · ${words('battle', lang)}` : '',
    ),
    h(
      'span',
      { class: 'gl-colour', style: { display: 'flex', alignItems: 'center', gap: '0.25rem' } },
      h('span', {
        'aria-hidden': 'true',
        style: {
          display: 'inline-block',
          width: '0.6rem',
          height: '0.6rem',
          borderRadius: '50%',
          background: SWATCH[territory.colour],
        },
      }),
      words('colour', lang, { colour: territory.colour, n: POINTS[territory.colour] }),
    ),
    ships.length > 0
      ? h(
          'span',
          {
            class: 'gl-ships',
            style: { display: 'flex', flexWrap: 'wrap', gap: '0.2rem', marginTop: '0.15rem' },
          },
          ships.map((row) =>
            h(
              'span',
              {
                key: row.owner,
                class: 'gl-ship-mark',
                'data-owner': row.owner,
                'data-zone': territory.id,
                role: 'img',
                title: shipsLabel(ctx, row),
                'aria-label': shipsLabel(ctx, row),
                style: {
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: '0.15rem',
                  padding: '0 0.3rem',
                  borderRadius: '0.6rem',
                  background: ownerColour(row.owner, ctx.seats),
                  color: '#fff',
                  fontWeight: 700,
                  fontSize: '0.75rem',
                  lineHeight: 1.4,
                },
              },
              // A ship's outline, then how many stand here.
              h(
                'svg',
                { viewBox: '0 0 10 10', width: 10, height: 10, 'aria-hidden': 'true' },
                h('path', { d: 'M5 0 L9 9 L5 7 L1 9 Z', fill: 'currentColor' }),
              ),
              String(row.attacking + row.defensive),
            ),
          ),
        )
      : null,
  );
}

/** The standings at the seq on screen: territory points, battle wins, «Другое», the total. */
function GlStandings({ ctx }: { ctx: BoardCtx }): JSX.Element | null {
  const { lang } = ctx;
  const rs = leagueAt(ctx.events, ctx.seq);
  if (rs.order.length === 0) return null;
  const rows = standingsOf(ctx.ct.table, rs);
  const cell = { padding: '0.2rem 0.35rem', textAlign: 'right' as const };
  const head = (key: Parameters<typeof words>[0], right = true) =>
    h(
      'th',
      { scope: 'col', style: { ...cell, textAlign: right ? 'right' : 'left' } },
      words(key, lang),
    );
  return h(
    'div',
    {
      class: 'gl-standings-frame',
      tabIndex: 0,
      role: 'region',
      'aria-label': words('standings', lang),
      style: { overflowX: 'auto' },
    },
    h(
      'table',
      {
        class: 'gl-standings',
        style: { borderCollapse: 'collapse', margin: '0.5rem 0', fontSize: '0.9em' },
      },
      h('caption', { style: { textAlign: 'left', fontWeight: 600 } }, words('standings', lang)),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          head('player', false),
          head('territory'),
          head('wins'),
          head('other'),
          head('total'),
        ),
      ),
      h(
        'tbody',
        null,
        rows.map((row) => {
          const player = own(rs.players, row.seat);
          const status =
            player?.status === 'eliminated'
              ? words('eliminated', lang)
              : player?.status === 'entrant'
                ? words('entrant', lang)
                : player?.pausedRound === rs.round
                  ? words('paused', lang)
                  : undefined;
          return h(
            'tr',
            { key: row.seat, 'data-seat': row.seat, 'data-place': row.place },
            h(
              'th',
              { scope: 'row', style: { ...cell, textAlign: 'left' } },
              // The place before the name (its own column would not fit a phone).
              h('span', { class: 'gl-place' }, `${row.place}. `),
              h('span', {
                'aria-hidden': 'true',
                style: {
                  display: 'inline-block',
                  width: '0.7rem',
                  height: '0.7rem',
                  marginRight: '0.35rem',
                  borderRadius: '2px',
                  background: ownerColour(row.seat, ctx.seats),
                },
              }),
              seatName(row.seat, ctx),
              status ? ` (${status})` : '',
              // The faction under the name: the table stays narrow enough for a phone.
              h(
                'span',
                {
                  class: 'gl-faction',
                  style: {
                    display: 'block',
                    fontWeight: 400,
                    fontSize: '0.85em',
                    color: '#4a5160',
                  },
                },
                localized(FACTIONS.find((f) => f.id === row.faction)?.name, lang) ?? row.faction,
              ),
            ),
            h('td', { style: cell }, String(row.territory)),
            h('td', { style: cell }, String(row.wins)),
            h('td', { style: cell }, String(row.other)),
            h('td', { style: { ...cell, fontWeight: 700 } }, String(row.total)),
          );
        }),
      ),
    ),
  );
}

export const GL_BOARD: RulesetBoard = {
  // The map is drawn for territories the map data places; the others stay in the zone list.
  draws: (zone: Zone) => zone.kind === 'planet',
  Map: GlMap,
  Summary: GlStandings,
};
