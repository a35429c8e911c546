import { h, type JSX } from 'preact';
import { own } from '@domain/shared/id-record';
import type { Lang } from '@domain/rulesets/ruleset';
import { SHIPS } from '@domain/rulesets/sw-strategic/sw-catalog';
import type { Hex } from '@domain/rulesets/sw-strategic/sw-hex';
import { named } from '@domain/rulesets/sw-strategic/sw-catalog';
import { GROUND_CELL_KINDS, SPACE_CELL_KINDS } from '@domain/rulesets/sw-strategic/sw-choice-names';
import type { LocalizedText } from '@domain/shared/localized-text';
import { orbitPoints } from '@domain/rulesets/sw-strategic/sw-space-map';
import { swTable } from '@domain/rulesets/sw-strategic/sw-table';
import { evolveSw, initialSwState, type SwState } from '@domain/rulesets/sw-strategic/sw-state';
import { pageWords } from '../../i18n';
import { ownerColour } from '../../session';
import type { BoardCtx, PieceText } from '../../board-kit/board-ctx';
import { SeatChip } from '../../board-kit/seat-chip';
import { REWIND_TYPES, type ViewEvent } from '../replay-engine';
import { localized } from '@domain/naming/name-index';
import type { RulesetBoard } from '../../board-kit/ruleset-board';
import { SW_BOARD_CSS } from './sw-board-style';

/**
 * Star Wars strategic missions: the space map and the ground map as hex maps drawn from the
 * mission the log laid out, with the ships and units where the game's own slice has them at
 * the seq on screen (folded here with the ruleset's own evolve, as the server folds it). Each
 * occupied hex carries one short mark, the legend under each map names every piece in full
 * (never by id) with its legion, state and what it carries; the marks sit at hex centres and
 * are no wider than a hex, so no two meet at any width.
 */

const words = pageWords({
  space: { en: 'Space map', ru: 'Космическая карта' },
  ground: { en: 'Ground map', ru: 'Наземная карта' },
  pieces: { en: 'On the {map}', ru: 'На карте: {map}' },
  spaceWord: { en: 'space map', ru: 'космос' },
  groundWord: { en: 'ground map', ru: 'земля' },
  decks: {
    en: 'decks {n} of {of}',
    ru: 'палубы: {n} из {of}',
  },
  shields: { en: 'shields {n} of {of}', ru: 'щиты: {n} из {of}' },
  heading: { en: 'heading {arrow}', ru: 'курс {arrow}' },
  cargo: { en: 'cargo: {list}', ru: 'груз: {list}' },
  hp: { en: '{n} of 2 points', ru: 'прочность {n} из 2' },
  hits: {
    en: '{n, plural, one {# hit} other {# hits}} of {of}',
    ru: '{n, plural, one {# попадание} few {# попадания} other {# попаданий}} из {of}',
  },
  destroyed: { en: 'destroyed', ru: 'уничтожен' },
  squad: { en: 'squad: {name}', ru: 'отряд: {name}' },
  neutral: { en: 'neutral', ru: 'нейтральная' },
  // {kind}: the domain's name of a control point's hex (sw-choice-names.ts).
  control: { en: '{kind}, {n} points', ru: '{kind}, очков: {n}' },
  trench: { en: 'Trench', ru: 'Окоп' },
  mission: { en: 'Mission', ru: 'Миссия' },
  legion: { en: 'Legion', ru: 'Легион' },
  standings: { en: 'Legions in both maps', ru: 'Легионы на обеих картах' },
  orbit: { en: 'Orbit points', ru: 'Очки орбиты' },
  credits: { en: 'Credits', ru: 'Кредиты' },
  reinforcements: { en: 'Reinforcements', ru: 'Подкрепления' },
  kills: { en: 'Kill points', ru: 'Очки за уничтожение' },
  ap: { en: 'Action points', ru: 'Очки действия' },
  controlPoints: { en: 'Control points', ru: 'Контрольные точки' },
  playing: { en: 'Playing now: {map}, round {n}', ru: 'Сейчас ходит ({map}, круг {n})' },
  over: { en: 'The {map} game is over', ru: 'Игра окончена: {map}' },
  noPieces: { en: 'Nothing stands here', ru: 'Здесь ничего нет' },
  key: { en: 'Key', ru: 'Обозначения' },
  waiting: {
    en: 'Waiting for {name}: {what}',
    ru: 'Ожидание ({what}): {name}',
  },
  deflectWait: { en: 'a Sword Master may deflect', ru: 'мастер меча может отразить' },
  medicWait: { en: 'a Medic may heal', ru: 'медик может вылечить' },
  bombardWait: {
    en: 'the Game Master rules on a bombardment',
    ru: 'Мастер игры решает по обстрелу',
  },
});

type WordKey = Parameters<typeof words>[0];

// ---- The game's own slice at the seq on screen ---------------------------------------------

const folds = new WeakMap<readonly ViewEvent[], Map<number, SwState>>();

/** The game's slice after `seq`: rewinds fold the line they return to, as the server does. */
export function swStateAt(events: readonly ViewEvent[], seq: number): SwState {
  const cached = folds.get(events)?.get(seq);
  if (cached) return cached;
  let rs = initialSwState();
  for (let s = 0; s <= Math.min(seq, events.length - 1); s += 1) {
    const event = events[s];
    if (REWIND_TYPES.has(event.type)) {
      const to = (event.data as { toSeq?: unknown } | undefined)?.toSeq;
      if (typeof to === 'number' && to < s) rs = structuredClone(swStateAt(events, to));
      continue;
    }
    rs = evolveSw(rs, event);
  }
  const byEvents = folds.get(events) ?? new Map<number, SwState>();
  byEvents.set(seq, rs);
  folds.set(events, byEvents);
  return rs;
}

// ---- Hex geometry: pointy-top axial (q, r), as the ruleset's maps -------------------------

const SIZE = 10;
const SQRT3 = Math.sqrt(3);
const centre = (h: Hex): { x: number; y: number } => ({
  x: SIZE * SQRT3 * (h.q + h.r / 2),
  y: SIZE * 1.5 * h.r,
});
const corner = (x: number, y: number, k: number): [number, number] => {
  const a = ((60 * k - 30) * Math.PI) / 180;
  return [x + SIZE * Math.cos(a), y + SIZE * Math.sin(a)];
};
const hexPoints = (h: Hex): string => {
  const { x, y } = centre(h);
  return [0, 1, 2, 3, 4, 5].map((k) => corner(x, y, k).join(',')).join(' ');
};
/** Direction d (0 east, counter-clockwise) on screen, y down. */
const towards = (d: number): { x: number; y: number } => {
  const a = (-60 * d * Math.PI) / 180;
  return { x: Math.cos(a), y: Math.sin(a) };
};
/** The hex side facing direction d: the two corners either side of it. */
const sidePoints = (h: Hex, d: number): [number, number][] => {
  const { x, y } = centre(h);
  const a = -60 * d;
  return [a - 30, a + 30].map((deg) => {
    const r = (deg * Math.PI) / 180;
    return [x + SIZE * Math.cos(r), y + SIZE * Math.sin(r)] as [number, number];
  });
};
const ARROWS = ['→', '↗', '↖', '←', '↙', '↘'];
const key = (h: Hex): string => `${h.q}:${h.r}`;

function viewBox(cells: readonly Hex[]): string {
  const xs = cells.map((c) => centre(c).x);
  const ys = cells.map((c) => centre(c).y);
  const pad = SIZE + 2;
  const left = Math.min(...xs) - pad;
  const top = Math.min(...ys) - pad;
  return `${left} ${top} ${Math.max(...xs) + pad - left} ${Math.max(...ys) + pad - top}`;
}

// ---- Marks: a short mark on the map, the full name in the legend ---------------------------

const MARK: Record<string, [string, string]> = {
  fighter: ['Fi', 'Ис'],
  bomber: ['Bo', 'Бо'],
  destroyer: ['De', 'Эс'],
  frigate: ['Fr', 'Фр'],
  cruiser: ['Cr', 'Кр'],
  transport: ['Tr', 'Тр'],
  station: ['St', 'Ст'],
  mine: ['Mi', 'Мн'],
  infantry: ['In', 'Пх'],
  walker: ['Wa', 'Шг'],
  turret: ['Tu', 'Тр'],
  'shield-field': ['SF', 'ЗП'],
  'comm-centre': ['CC', 'ЦС'],
  generator: ['G', 'Г'],
  central: ['CG', 'ЦГ'],
};
const mark = (kind: string, id: string, lang: Lang): string => {
  const letters = own(MARK, kind)?.[lang === 'ru' ? 1 : 0] ?? '?';
  return `${letters}${/(\d+)$/.exec(id)?.[1] ?? ''}`;
};

interface Mark {
  id: string;
  hex: Hex;
  text: string;
  owner: string;
  /** The piece's full name and state, for its title and the legend. */
  name: string;
  details: string[];
  kind: 'ship' | 'station' | 'mine' | 'unit' | 'support' | 'generator';
  broken?: boolean;
}

/** The cells a piece fills besides its marked one, coloured as its owner's. */
interface Fill {
  hex: Hex;
  owner: string;
  lost?: boolean;
}

function legionName(seat: string, ctx: BoardCtx): string {
  return ctx.phraser.seats.full(seat, ctx.lang);
}

function spacePieces(rs: SwState, ctx: BoardCtx): { marks: Mark[]; fills: Fill[] } {
  const { lang } = ctx;
  const marks: Mark[] = [];
  const fills: Fill[] = [];
  for (const ship of Object.values(rs.space.ships)) {
    if (ship.status !== 'map') continue;
    const stats = SHIPS[ship.class];
    const intact = ship.decks.filter((d) => d.hp > 0).length;
    const details = [
      ship.class === 'transport'
        ? words('hp', lang, { n: ship.decks[0]?.hp ?? 0 })
        : words('decks', lang, { n: intact, of: ship.decks.length }),
      ...(ship.class === 'transport'
        ? []
        : [words('shields', lang, { n: ship.shields, of: stats.shields })]),
      words('heading', lang, { arrow: ARROWS[((ship.heading % 6) + 6) % 6] }),
      ...(ship.cargo.length > 0
        ? [words('cargo', lang, { list: ship.cargo.map((c) => named(c, lang)).join(', ') })]
        : []),
    ];
    ship.decks.forEach((deck, i) => {
      if (i > 0) fills.push({ hex: deck.cell, owner: ship.legion, lost: deck.hp <= 0 });
    });
    marks.push({
      id: ship.id,
      hex: ship.decks[0].cell,
      text: mark(ship.class, ship.id, lang),
      owner: ship.legion,
      name: named(ship.id, lang),
      details,
      kind: 'ship',
      broken: ship.decks[0].hp <= 0,
    });
  }
  for (const station of Object.values(rs.space.stations))
    marks.push({
      id: station.id,
      hex: station.cell,
      text: mark('station', station.id, lang),
      owner: station.owner || 'none',
      name: named(station.id, lang),
      details: [
        ...(station.owner ? [] : [words('neutral', lang)]),
        words('hp', lang, { n: station.hp }),
      ],
      kind: 'station',
    });
  for (const mine of Object.values(rs.space.mines))
    marks.push({
      id: mine.id,
      hex: mine.cell,
      text: mark('mine', mine.id, lang),
      owner: mine.legion,
      name: named(mine.id, lang),
      details: [],
      kind: 'mine',
    });
  return { marks, fills };
}

const UNIT_HITS: Record<string, number> = { infantry: 1, walker: 3, fighter: 2 };
const SUPPORT_HITS: Record<string, number> = { turret: 3, 'shield-field': 2, 'comm-centre': 2 };

function groundPieces(rs: SwState, ctx: BoardCtx): { marks: Mark[]; fills: Fill[] } {
  const { lang } = ctx;
  const marks: Mark[] = [];
  const fills: Fill[] = [];
  for (const unit of Object.values(rs.ground.units)) {
    const of = own(UNIT_HITS, unit.kind) ?? 1;
    unit.hexes.slice(1).forEach((hex) => fills.push({ hex, owner: unit.legion }));
    marks.push({
      id: unit.id,
      hex: unit.hexes[0],
      text: mark(unit.kind, unit.id, lang),
      owner: unit.legion,
      name: named(unit.id, lang),
      details: [
        words('hits', lang, { n: unit.hits, of }),
        ...(unit.squad
          ? [words('squad', lang, { name: ctx.phraser.pieceName(unit.squad, lang) })]
          : []),
      ],
      kind: 'unit',
    });
  }
  for (const piece of Object.values(rs.ground.support))
    marks.push({
      id: piece.id,
      hex: piece.hex,
      text: mark(piece.kind, piece.id, lang),
      owner: piece.legion,
      name: named(piece.id, lang),
      details: [words('hits', lang, { n: piece.hits, of: own(SUPPORT_HITS, piece.kind) ?? 2 })],
      kind: 'support',
    });
  for (const g of Object.values(rs.ground.generators)) {
    g.hexes.slice(1).forEach((hex) => fills.push({ hex, owner: g.legion, lost: g.destroyed }));
    marks.push({
      id: g.id,
      hex: g.hexes[0],
      text: mark(g.central ? 'central' : 'generator', g.id, lang),
      owner: g.legion,
      name: `${named(g.id, lang)}${g.central ? (lang === 'ru' ? ' (центральный)' : ' (Central)') : ''}`,
      details: [
        g.destroyed
          ? words('destroyed', lang)
          : words('hits', lang, { n: g.hits, of: g.central ? 5 : 4 }),
      ],
      kind: 'generator',
      broken: g.destroyed,
    });
  }
  return { marks, fills };
}

// ---- Drawing --------------------------------------------------------------------------------

interface CellView {
  hex: Hex;
  kind: string;
  /** The legion owning the cell (a tunnel, a territory), by seat. */
  owner?: string;
  value?: number;
}

function HexMap({
  which,
  cells,
  marks,
  fills,
  trenches,
  ctx,
}: {
  which: 'space' | 'ground';
  cells: CellView[];
  marks: Mark[];
  fills: Fill[];
  trenches: [Hex, number[]][];
  ctx: BoardCtx;
}): JSX.Element {
  const { lang } = ctx;
  const title = words(which, lang);
  const titleId = `${ctx.ids}sw-${which}-title`;
  // One mark per hex: a unit or ship before a support means, before a generator.
  const RANK: Record<Mark['kind'], number> = {
    ship: 0,
    unit: 0,
    station: 1,
    support: 1,
    mine: 2,
    generator: 2,
  };
  const byHex = new Map<string, Mark>();
  for (const m of [...marks].sort((a, b) => RANK[a.kind] - RANK[b.kind]))
    if (!byHex.has(key(m.hex))) byHex.set(key(m.hex), m);
  const shown = [...byHex.values()];
  const hidden = marks.filter((m) => !shown.includes(m));
  const cellTitle = (c: CellView): string => {
    const named = own<LocalizedText>(
      which === 'space' ? SPACE_CELL_KINDS : GROUND_CELL_KINDS,
      c.kind,
    );
    const kind = named?.[lang] ?? c.kind;
    if (c.kind === 'control') return words('control', lang, { kind, n: c.value ?? 0 });
    return c.owner ? `${kind}: ${legionName(c.owner, ctx)}` : kind;
  };
  return h(
    'section',
    { class: `sw-map sw-${which}`, 'aria-labelledby': titleId },
    h('h3', { id: titleId }, title),
    h(
      'svg',
      {
        viewBox: viewBox(cells.map((c) => c.hex)),
        role: 'img',
        'aria-labelledby': titleId,
        class: 'sw-hexes',
      },
      cells.map((c) =>
        h(
          'polygon',
          {
            key: `c${key(c.hex)}`,
            points: hexPoints(c.hex),
            class: `sw-cell kind-${c.kind}`,
            'data-cell': `${which === 'space' ? 's' : 'g'}:${c.hex.q}:${c.hex.r}`,
            style: c.owner ? { '--owner': ownerColour(c.owner, ctx.seats) } : undefined,
          },
          h('title', null, cellTitle(c)),
        ),
      ),
      cells
        .filter((c) => c.kind === 'control')
        .map((c) => {
          const { x, y } = centre(c.hex);
          return byHex.has(key(c.hex))
            ? h('circle', {
                key: `cp${key(c.hex)}`,
                cx: x,
                cy: y,
                r: SIZE * 0.82,
                class: 'sw-cp-ring',
              })
            : h(
                'text',
                {
                  key: `cp${key(c.hex)}`,
                  x,
                  y,
                  class: 'sw-label sw-cp',
                  'data-label': `cp:${key(c.hex)}`,
                },
                `★${c.value ?? ''}`,
              );
        }),
      fills.map((f, i) =>
        h('polygon', {
          key: `f${i}`,
          points: hexPoints(f.hex),
          class: `sw-fill${f.lost ? ' lost' : ''}`,
          style: { '--owner': ownerColour(f.owner, ctx.seats) },
        }),
      ),
      shown.map((m) => {
        const { x, y } = centre(m.hex);
        const ship =
          m.kind === 'ship' ? own(swStateAt(ctx.events, ctx.seq).space.ships, m.id) : undefined;
        const d = ship ? towards(ship.heading) : undefined;
        return h(
          'g',
          {
            key: m.id,
            class: `sw-piece kind-${m.kind}${m.broken ? ' lost' : ''}`,
            'data-piece': m.id,
            style: { '--owner': ownerColour(m.owner, ctx.seats) },
          },
          h('title', null, [m.name, ...m.details].join(', ')),
          h('polygon', { points: hexPoints(m.hex), class: 'sw-piece-cell' }),
          d && ship && ship.decks.length > 1
            ? h('polygon', {
                class: 'sw-bow',
                points: [
                  [x + d.x * SIZE * 0.86, y + d.y * SIZE * 0.86],
                  [
                    x + d.x * SIZE * 0.55 - d.y * SIZE * 0.22,
                    y + d.y * SIZE * 0.55 + d.x * SIZE * 0.22,
                  ],
                  [
                    x + d.x * SIZE * 0.55 + d.y * SIZE * 0.22,
                    y + d.y * SIZE * 0.55 - d.x * SIZE * 0.22,
                  ],
                ]
                  .map((p) => p.join(','))
                  .join(' '),
              })
            : null,
          h('text', { x, y, class: 'sw-label', 'data-label': m.id }, m.text),
        );
      }),
      // Trenches last: on the hex sides, over the pieces' fills, clear of the marks at the centres.
      trenches.flatMap(([hex, sides]) =>
        sides.map((d) => {
          const [[x1, y1], [x2, y2]] = sidePoints(hex, d);
          return h(
            'line',
            { key: `t${key(hex)}:${d}`, x1, y1, x2, y2, class: 'sw-trench' },
            h('title', null, words('trench', lang)),
          );
        }),
      ),
    ),
    h(Legend, { which, marks: [...shown, ...hidden], ctx }),
  );
}

function Legend({
  which,
  marks,
  ctx,
}: {
  which: 'space' | 'ground';
  marks: Mark[];
  ctx: BoardCtx;
}): JSX.Element {
  const { lang } = ctx;
  const owners = [...ctx.seats, 'none'].filter((s) => marks.some((m) => m.owner === s));
  return h(
    'div',
    { class: 'sw-legend' },
    h('h4', null, words('pieces', lang, { map: words(`${which}Word` as WordKey, lang) })),
    marks.length === 0
      ? h('p', null, words('noPieces', lang))
      : owners.map((owner) =>
          h(
            'div',
            { key: owner, class: 'sw-legion', 'data-seat': owner },
            owner === 'none'
              ? h('p', { class: 'sw-neutral' }, words('neutral', lang))
              : h(SeatChip, { seat: owner, ctx }),
            h(
              'ul',
              null,
              marks
                .filter((m) => m.owner === owner)
                .map((m) =>
                  h(
                    'li',
                    { key: m.id, 'data-piece': m.id, class: m.broken ? 'lost' : undefined },
                    h(
                      'b',
                      { class: 'sw-mark', style: { '--owner': ownerColour(m.owner, ctx.seats) } },
                      m.text,
                    ),
                    ' ',
                    h('span', { class: 'sw-name' }, m.name),
                    m.details.length > 0
                      ? h('span', { class: 'sw-details' }, ` · ${m.details.join(' · ')}`)
                      : null,
                  ),
                ),
            ),
          ),
        ),
  );
}

function SwMaps({ ctx }: { ctx: BoardCtx }): JSX.Element | null {
  const rs = swStateAt(ctx.events, ctx.seq);
  if (rs.legions.length === 0) return null;
  const seatOf = (legion?: number): string | undefined =>
    legion === undefined ? undefined : rs.legions[legion - 1]?.seat;
  const spaceCells: CellView[] = Object.values(rs.space.cells).map((c) => ({
    hex: { q: c.q, r: c.r },
    kind: c.kind,
    owner: c.kind === 'tunnel' ? seatOf(c.legion) : undefined,
  }));
  const groundCells: CellView[] = Object.values(rs.ground.cells).map((c) => ({
    hex: { q: c.q, r: c.r },
    kind: c.kind,
    owner: c.kind === 'territory' ? seatOf(c.legion) : undefined,
    value: c.value,
  }));
  const space = spacePieces(rs, ctx);
  const ground = groundPieces(rs, ctx);
  const trenches = Object.entries(rs.ground.trenches).map(([k, sides]): [Hex, number[]] => {
    const [q, r] = k.split(':').map(Number);
    return [{ q, r }, sides];
  });
  return h(
    'div',
    { class: 'sw-maps' },
    h('style', null, SW_BOARD_CSS),
    h(HexMap, { which: 'space', cells: spaceCells, ...space, trenches: [], ctx }),
    h(HexMap, { which: 'ground', cells: groundCells, ...ground, trenches, ctx }),
  );
}

function SwSummary({ ctx }: { ctx: BoardCtx }): JSX.Element | null {
  const rs = swStateAt(ctx.events, ctx.seq);
  if (rs.legions.length === 0) return null;
  const { lang } = ctx;
  const orbit = orbitPoints(rs);
  const status = (map: 'space' | 'ground'): string => {
    const turn = rs[map].turn;
    const where = words(`${map}Word` as WordKey, lang);
    if (turn.finished) return words('over', lang, { map: where });
    return words('playing', lang, { map: where, n: turn.round });
  };
  const rows: [WordKey, (seat: string) => string | number][] = [
    ['orbit', (seat) => own(orbit, seat) ?? 0],
    ['credits', (seat) => rs.legions.find((l) => l.seat === seat)?.credits ?? 0],
    ['reinforcements', (seat) => rs.legions.find((l) => l.seat === seat)?.reinforcements ?? 0],
    ['kills', (seat) => rs.legions.find((l) => l.seat === seat)?.killPoints ?? 0],
    ['ap', (seat) => rs.legions.find((l) => l.seat === seat)?.actionPoints ?? 0],
    ['controlPoints', (seat) => rs.legions.find((l) => l.seat === seat)?.controlPoints.length ?? 0],
  ];
  return h(
    'section',
    { class: 'sw-summary', 'aria-label': words('mission', lang) },
    h(
      'p',
      { class: 'sw-mission' },
      `${words('mission', lang)}: ${localized(rs.missionTitle, lang) ?? rs.missionName}`,
    ),
    h(
      'ul',
      { class: 'sw-turns' },
      (['space', 'ground'] as const).map((map) =>
        h(
          'li',
          { key: map, 'data-map': map },
          status(map),
          !rs[map].turn.finished && rs[map].turn.current
            ? [': ', h(SeatChip, { seat: rs[map].turn.current as string, ctx })]
            : null,
        ),
      ),
      // The reactions waiting, in the order they are answered.
      rs.ground.reactions.map((reaction, i) =>
        h(
          'li',
          { key: `reaction-${i}`, 'data-waiting': reaction.kind },
          words('waiting', lang, {
            name: ctx.phraser.pieceName(reaction.by, lang),
            what: words(reaction.kind === 'deflect' ? 'deflectWait' : 'medicWait', lang),
          }),
        ),
      ),
      rs.space.pausedForBombardment
        ? h('li', { 'data-waiting': 'bombardment' }, words('bombardWait', lang))
        : null,
    ),
    h(
      'div',
      // A column per legion and a row per count: three legions fit a phone; more scroll
      // sideways (focusable, so a keyboard can scroll it too).
      {
        class: 'sw-standings-wrap',
        tabIndex: 0,
        role: 'region',
        'aria-label': words('standings', lang),
      },
      h(
        'table',
        { class: 'sw-standings' },
        h(
          'thead',
          null,
          h(
            'tr',
            null,
            h('th', { scope: 'col' }, words('legion', lang)),
            rs.legions.map((l) =>
              h(
                'th',
                { key: l.seat, scope: 'col', 'data-seat': l.seat },
                h(SeatChip, { seat: l.seat, ctx }),
              ),
            ),
          ),
        ),
        h(
          'tbody',
          null,
          rows.map(([k, value]) =>
            h(
              'tr',
              { key: k, 'data-row': k },
              h('th', { scope: 'row' }, words(k, lang)),
              rs.legions.map((l) =>
                h('td', { key: l.seat, 'data-seat': l.seat }, String(value(l.seat))),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/** Every piece's legend entry at the seq on screen, found once per fold and language. */
const legendEntries = new WeakMap<SwState, Map<string, Map<string, Mark>>>();

function legendEntry(piece: string, ctx: BoardCtx): PieceText | undefined {
  const rs = swStateAt(ctx.events, ctx.seq);
  const byLang = legendEntries.get(rs) ?? new Map<string, Map<string, Mark>>();
  legendEntries.set(rs, byLang);
  // Seats' names are part of an entry (a squad's leader): keyed by them with the language.
  const cacheKey = `${ctx.lang}|${ctx.seats.map((s) => ctx.phraser.seats.full(s, ctx.lang)).join('|')}`;
  let entries = byLang.get(cacheKey);
  if (!entries) {
    entries = new Map(
      [...spacePieces(rs, ctx).marks, ...groundPieces(rs, ctx).marks].map((m) => [m.id, m]),
    );
    byLang.set(cacheKey, entries);
  }
  const entry = entries.get(piece);
  if (entry) return { name: entry.name, details: entry.details };
  // Off the maps (a ship in reserve, a queued build): its name from the catalogue.
  const name = named(piece, ctx.lang);
  return name === piece ? undefined : { name, details: [] };
}

export const SW_BOARD: RulesetBoard = {
  // The maps scale to the width and stack on a phone: shown first there too.
  reflows: true,
  // The maps draw the whole table (GET /state lays it out since issue 45: every cell a zone,
  // the reserves and queues too) from the game's own fold: no zone is listed beside them.
  draws: () => true,
  Map: SwMaps,
  Summary: SwSummary,
  pieceText: legendEntry,
  // The replay folds the plain table: the list view projects the mission's as GET /state does.
  listTable: (table, events, seq) => swTable(table, swStateAt(events, seq), createdSeats(events)),
};

/** The match's seats, as its first event (MatchCreated) lists them. */
function createdSeats(events: readonly ViewEvent[]): string[] {
  const seats = (events[0]?.data as { seats?: { seat?: unknown }[] } | undefined)?.seats;
  return (seats ?? []).flatMap((s) => (typeof s.seat === 'string' ? [s.seat] : []));
}
