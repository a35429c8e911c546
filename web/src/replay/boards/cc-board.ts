import { h, type JSX } from 'preact';
import { TRIGGER_NAME } from '@domain/rulesets/combat-commander/cc-cards';
import { own } from '@domain/shared/id-record';
import type { Lang } from '@domain/rulesets/ruleset';
import type { Piece, Zone } from '@domain/table/table';
import { pageWords } from '../../i18n';
import { ownerColour } from '../../session';
import type { BoardCtx } from '../../board-kit/board-ctx';
import { Die } from '../../board-kit/die';
import { SeatChip } from '../../board-kit/seat-chip';
import { deckCount } from '../replay-engine';
import { battleAt, type Battle, type Side } from './cc-battle';
import { localized } from '@domain/naming/name-index';
import type { RulesetBoard } from '../../board-kit/ruleset-board';
import { CC_BOARD_CSS } from './cc-board-style';

/**
 * Combat Commander's board: the battlefield as a flat-topped hex map (odd columns half a hex
 * lower, as the ruleset reads the hex ids), each hex with its id, its best Cover, its
 * Objective and the counters standing in it (one figure a Leader, two a Team, four a Squad,
 * a bar a Weapon, a red stripe the broken side) placed on a fixed raster inside the hex so no
 * two marks meet; above it each side (posture, hand, deck and discard counts, VP, the
 * Initiative card) with the Time track and its Sudden Death space, and the last Fate roll as
 * the card's two dice with its trigger; below it the forces by name. The hands and piles
 * themselves stay in the board's hands panel (one's own by card, the other's as a count).
 */

const words = pageWords({
  map: { en: 'Battlefield', ru: 'Поле боя' },
  scenario: { en: 'Scenario: {name}', ru: 'Сценарий: {name}' },
  cover: { en: 'Cover {n}', ru: 'Укрытие {n}' },
  obstacle: {
    en: 'Obstacle: blocks a line of sight through it',
    ru: 'Препятствие: закрывает ЛВ сквозь себя',
  },
  hindrance: { en: 'Hindrance', ru: 'Помеха' },
  objective: { en: 'Objective {n}: {vp} VP', ru: 'Цель {n}: {vp} ПО' },
  heldBy: { en: 'held by {name}', ru: 'контролирует {name}' },
  time: { en: 'Time', ru: 'Время' },
  timeSpace: { en: 'Time space {n}', ru: 'Деление времени {n}' },
  timeNow: { en: 'Time {n}', ru: 'Время {n}' },
  suddenDeath: { en: 'Sudden Death', ru: 'Внезапная Смерть' },
  suddenDeathAt: { en: 'Sudden Death at {n}', ru: 'Внезапная Смерть на {n}' },
  vp: { en: '{n} VP', ru: '{n} ПО' },
  initiative: { en: 'Initiative card', ru: 'Карта Инициативы' },
  hand: {
    en: '{n, plural, one {# card} other {# cards}} in hand (of {size})',
    ru: 'в руке {n, plural, one {# карта} few {# карты} other {# карт}} (из {size})',
  },
  deck: { en: 'Deck: {n}', ru: 'Колода: {n}' },
  discard: { en: 'Discard: {n}', ru: 'Сброс: {n}' },
  orders: { en: 'Order capability {n}', ru: 'Способность отдавать Приказы: {n}' },
  attack: { en: 'Attack', ru: 'Атакующая позиция' },
  recon: { en: 'Recon', ru: 'Разведывательная позиция' },
  defense: { en: 'Defense', ru: 'Защитная позиция' },
  germany: { en: 'Germany', ru: 'Германия' },
  america: { en: 'America', ru: 'Америка' },
  ussr: { en: 'USSR', ru: 'СССР' },
  sides: { en: 'Sides', ru: 'Стороны' },
  lastRoll: { en: 'Last roll', ru: 'Последний бросок' },
  rolledBy: { en: '{purpose} by {name}', ru: '{purpose}: {name}' },
  noRoll: { en: 'No roll yet', ru: 'Бросков ещё не было' },
  ignored: { en: 'ignored', ru: 'не срабатывает' },
  resolving: { en: 'being resolved', ru: 'применяется' },
  forces: { en: 'Forces', ru: 'Силы' },
  inHex: { en: 'hex {hex}', ru: 'гекс {hex}' },
  exited: { en: 'off the enemy edge', ru: 'за вражеским краем поля' },
  broken: { en: 'broken side', ru: 'на сломленной стороне' },
  stats: {
    en: 'FP {fp} · Range {range} · Movement {mv} · Morale {m}',
    ru: 'ОМ {fp} · Дальность {range} · Движение {mv} · Мораль {m}',
  },
  weapon: { en: 'Weapon: {name}', ru: 'Вооружение: {name}' },
  more: { en: '{n} more here', ru: 'ещё {n} здесь' },
  leader: { en: 'Leader', ru: 'Командир' },
  team: { en: 'Team', ru: 'Команда' },
  squad: { en: 'Squad', ru: 'Отделение' },
  weaponKind: { en: 'Weapon', ru: 'Вооружение' },
});

type WordKey = Parameters<typeof words>[0];
const UNIT_TYPES = new Set(['leader', 'team', 'squad']);
const COUNTER_TYPES = new Set(['leader', 'team', 'squad', 'weapon']);

// ---- Hex geometry --------------------------------------------------------------------------

/** The hex's radius in px; a flat-topped hex is 2R wide and √3·R high. */
const R = 48;
const H = Math.sqrt(3) * R;
const PAD = 6;
const COUNTER = 16;
const GAP = 2;
/** Counters sit on a raster of 3 × 2 inside the hex, under its id, Cover and Objective. */
const PER_ROW = 3;
const MAX_COUNTERS = 6;

function parseHex(hex: string): { col: number; row: number } | undefined {
  const m = /^([A-Z])([1-9][0-9]?)$/u.exec(hex);
  return m ? { col: m[1].charCodeAt(0) - 65, row: Number(m[2]) - 1 } : undefined;
}

function centreOf(hex: string): { x: number; y: number } | undefined {
  const at = parseHex(hex);
  if (!at) return undefined;
  return {
    x: PAD + R + at.col * 1.5 * R,
    y: PAD + H / 2 + at.row * H + (at.col % 2 === 1 ? H / 2 : 0),
  };
}

function hexPoints(x: number, y: number): string {
  return [0, 60, 120, 180, 240, 300]
    .map((deg) => {
      const a = (deg * Math.PI) / 180;
      return `${(x + R * Math.cos(a)).toFixed(1)},${(y + R * Math.sin(a)).toFixed(1)}`;
    })
    .join(' ');
}

const hexOfZone = (zone: Zone): string | undefined =>
  zone.kind === 'hex' && zone.id.startsWith('hex:') ? zone.id.slice(4) : undefined;

function coverOf(zone: Zone): number {
  const cover = zone.attrs.cover;
  return Array.isArray(cover) && cover.length > 0 ? Math.max(0, ...cover.map(Number)) : 0;
}

function kindWord(type: string, lang: Lang): string {
  const key: WordKey = type === 'weapon' ? 'weaponKind' : (type as WordKey);
  return UNIT_TYPES.has(type) || type === 'weapon' ? words(key, lang) : type;
}

/** What a counter says to a reader: name, kind, side, state, figures. */
function counterText(piece: Piece, ctx: BoardCtx): string {
  const { lang, phraser } = ctx;
  const a = piece.attrs as Record<string, unknown>;
  const parts = [
    phraser.pieceName(piece.id, lang),
    kindWord(piece.type, lang),
    piece.owner ? phraser.seats.full(piece.owner, lang) : '',
  ];
  if (piece.status === 'broken') parts.push(words('broken', lang));
  if (UNIT_TYPES.has(piece.type))
    parts.push(
      words('stats', lang, {
        fp: Number(a.fp ?? 0),
        range: Number(a.range ?? 0),
        mv: Number(a.movement ?? 0),
        m: Number(piece.status === 'broken' ? (a.brokenMorale ?? a.morale ?? 0) : (a.morale ?? 0)),
      }),
    );
  return parts.filter(Boolean).join(', ');
}

/** One counter: owner colour, figures by kind (1 Leader, 2 Team, 4 Squad), a bar for a Weapon. */
function Counter({
  piece,
  x,
  y,
  ctx,
}: {
  piece: Piece;
  x: number;
  y: number;
  ctx: BoardCtx;
}): JSX.Element {
  const figures = piece.type === 'leader' ? 1 : piece.type === 'team' ? 2 : 4;
  const dots: [number, number][] =
    figures === 1
      ? [[8, 9]]
      : figures === 2
        ? [
            [5, 9],
            [11, 9],
          ]
        : [
            [5, 6.5],
            [11, 6.5],
            [5, 12],
            [11, 12],
          ];
  const broken = piece.status === 'broken';
  return h(
    'g',
    {
      class: `cc-counter${broken ? ' broken' : ''}${ctx.touched?.pieces.has(piece.id) ? ' changed' : ''}`,
      'data-piece': piece.id,
      'data-type': piece.type,
      'data-status': piece.status,
      transform: `translate(${x.toFixed(1)} ${y.toFixed(1)})`,
    },
    h('title', null, counterText(piece, ctx)),
    h('rect', {
      class: 'counter-body',
      width: COUNTER,
      height: COUNTER,
      rx: 2,
      style: { fill: ownerColour(piece.owner, ctx.seats) },
    }),
    piece.type === 'weapon'
      ? h('rect', { class: 'counter-mark', x: 3, y: 7, width: 10, height: 3 })
      : dots.map(([cx, cy]) => h('circle', { class: 'counter-mark', cx, cy, r: 2 })),
    broken ? h('rect', { class: 'counter-broken', width: COUNTER, height: 3.5 }) : null,
  );
}

function HexCell({
  zone,
  hex,
  ctx,
  objective,
  holder,
}: {
  zone: Zone;
  hex: string;
  ctx: BoardCtx;
  objective?: { number: number; vp: number };
  holder?: string;
}): JSX.Element | null {
  const centre = centreOf(hex);
  if (!centre) return null;
  const { lang } = ctx;
  const { x, y } = centre;
  const cover = coverOf(zone);
  // The scenario's obstacle and Hindrance hexes [10.2, 10.3]: a Fire's line of fire meets them.
  const obstacle = zone.attrs.obstacle === true;
  const hindrance = zone.attrs.hindrance === true;
  const counters = (ctx.piecesByZone.get(zone.id) ?? []).filter((p) => COUNTER_TYPES.has(p.type));
  // Units first, each followed by what it holds: a reader finds a squad's MG beside it.
  counters.sort(
    (a, b) => Number(a.type === 'weapon') - Number(b.type === 'weapon') || a.id.localeCompare(b.id),
  );
  const shown = counters.length > MAX_COUNTERS ? counters.slice(0, MAX_COUNTERS - 1) : counters;
  const hidden = counters.length - shown.length;
  const rowWidth = PER_ROW * COUNTER + (PER_ROW - 1) * GAP;
  const slot = (i: number) => ({
    x: x - rowWidth / 2 + (i % PER_ROW) * (COUNTER + GAP),
    y: y - 2 + Math.floor(i / PER_ROW) * (COUNTER + GAP),
  });
  const label = [
    hex,
    cover > 0 ? words('cover', lang, { n: cover }) : '',
    obstacle ? words('obstacle', lang) : '',
    hindrance ? words('hindrance', lang) : '',
    objective ? words('objective', lang, { n: objective.number, vp: objective.vp }) : '',
    holder ? words('heldBy', lang, { name: ctx.phraser.seats.full(holder, lang) }) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return h(
    'g',
    {
      class: `cc-hex${cover > 0 ? ' covered' : ''}${obstacle ? ' obstacle' : ''}${hindrance ? ' hindrance' : ''}${ctx.touched?.zones.has(zone.id) ? ' changed' : ''}`,
      'data-zone': zone.id,
      'data-hex': hex,
      'data-cover': cover || undefined,
      'data-terrain': obstacle ? 'obstacle' : hindrance ? 'hindrance' : undefined,
      'data-objective': objective?.number,
      'data-controller': holder,
    },
    h('title', null, label),
    h('polygon', { class: 'hex-outline', points: hexPoints(x, y) }),
    h('text', { class: 'hex-id cc-mark', x, y: y - 26, 'text-anchor': 'middle' }, hex),
    objective
      ? h(
          'g',
          {
            class: 'cc-objective cc-mark',
            'data-objective': objective.number,
            transform: `translate(${(x - 20).toFixed(1)} ${(y - 13).toFixed(1)})`,
          },
          h('circle', {
            r: 8,
            class: 'objective-disc',
            style: holder ? { stroke: ownerColour(holder, ctx.seats) } : undefined,
          }),
          h(
            'text',
            { y: 3.5, 'text-anchor': 'middle', class: 'objective-number' },
            objective.number,
          ),
        )
      : null,
    cover > 0
      ? h(
          'g',
          {
            class: 'cc-cover cc-mark',
            transform: `translate(${(x + 11).toFixed(1)} ${(y - 20).toFixed(1)})`,
          },
          h('rect', { width: 16, height: 12, rx: 2, class: 'cover-badge' }),
          h('text', { x: 8, y: 9, 'text-anchor': 'middle', class: 'cover-number' }, `+${cover}`),
        )
      : null,
    shown.map((piece, i) => {
      const at = slot(i);
      return h(Counter, { key: piece.id, piece, x: at.x, y: at.y, ctx });
    }),
    hidden > 0
      ? h(
          'g',
          {
            class: 'cc-counter more',
            transform: `translate(${slot(MAX_COUNTERS - 1).x.toFixed(1)} ${slot(MAX_COUNTERS - 1).y.toFixed(1)})`,
          },
          h('title', null, words('more', lang, { n: hidden })),
          h('rect', { class: 'counter-body more', width: COUNTER, height: COUNTER, rx: 2 }),
          h(
            'text',
            { x: COUNTER / 2, y: 11, 'text-anchor': 'middle', class: 'more-number' },
            `+${hidden}`,
          ),
        )
      : null,
  );
}

function CcMap({ ctx }: { ctx: BoardCtx }): JSX.Element {
  const { lang } = ctx;
  const battle = battleAt(ctx.events, ctx.seq);
  const zones = Object.values(ctx.ct.table.zones).filter((z) => hexOfZone(z) !== undefined);
  let columns = battle.setup?.grid.columns ?? 0;
  let rows = battle.setup?.grid.rows ?? 0;
  for (const zone of zones) {
    const at = parseHex(hexOfZone(zone) ?? '');
    if (!at) continue;
    columns = Math.max(columns, at.col + 1);
    rows = Math.max(rows, at.row + 1);
  }
  const width = Math.ceil(2 * PAD + 2 * R + Math.max(0, columns - 1) * 1.5 * R);
  const height = Math.ceil(2 * PAD + rows * H + (columns > 1 ? H / 2 : 0));
  const objectives = new Map((battle.setup?.objectives ?? []).map((o) => [o.hex, o]));
  return h(
    'section',
    { class: 'cc-board', 'aria-labelledby': `${ctx.ids}cc-map-title` },
    h('h3', { id: `${ctx.ids}cc-map-title`, class: 'cc-title' }, words('map', lang)),
    h(
      'div',
      { class: 'cc-frame', tabIndex: 0, role: 'region', 'aria-label': words('map', lang) },
      h(
        'svg',
        {
          class: 'cc-map',
          viewBox: `0 0 ${width} ${height}`,
          width,
          height,
          role: 'img',
          'aria-label': words('map', lang),
        },
        zones.map((zone) => {
          const hex = hexOfZone(zone) as string;
          const objective = objectives.get(hex);
          return h(HexCell, {
            key: zone.id,
            zone,
            hex,
            ctx,
            objective,
            holder: objective ? battle.control.get(objective.number) : undefined,
          });
        }),
      ),
    ),
    h(Forces, { ctx }),
  );
}

/** The units by side, by name: where each stands, its state and stats, the Weapon it holds. */
function Forces({ ctx }: { ctx: BoardCtx }): JSX.Element {
  const { lang, phraser } = ctx;
  const pieces = Object.values(ctx.ct.table.pieces);
  const weaponsOf = (unit: string) =>
    pieces.filter((p) => p.type === 'weapon' && p.attrs.unit === unit && p.status !== 'destroyed');
  return h(
    'section',
    { class: 'cc-forces', 'aria-labelledby': `${ctx.ids}cc-forces-title` },
    h('h3', { id: `${ctx.ids}cc-forces-title`, class: 'cc-title' }, words('forces', lang)),
    h(
      'div',
      { class: 'cc-forces-sides' },
      ctx.seats.map((seat) =>
        h(
          'div',
          {
            class: 'cc-force',
            'data-seat': seat,
            style: { '--owner': ownerColour(seat, ctx.seats) },
          },
          h(SeatChip, { seat, ctx }),
          h(
            'ul',
            null,
            pieces
              .filter((p) => p.owner === seat && UNIT_TYPES.has(p.type) && p.status !== 'destroyed')
              .sort((a, b) => a.id.localeCompare(b.id))
              .map((unit) => {
                const hex = unit.zone.startsWith('hex:') ? unit.zone.slice(4) : undefined;
                const weapons = weaponsOf(unit.id);
                return h(
                  'li',
                  {
                    key: unit.id,
                    'data-piece': unit.id,
                    'data-status': unit.status,
                    class: unit.status === 'broken' ? 'broken' : undefined,
                  },
                  h('strong', null, phraser.pieceName(unit.id, lang)),
                  h(
                    'span',
                    { class: 'muted small' },
                    ` · ${kindWord(unit.type, lang)} · ${hex ? words('inHex', lang, { hex }) : words('exited', lang)}`,
                    unit.status === 'broken' ? ` · ${words('broken', lang)}` : '',
                  ),
                  weapons.length > 0
                    ? h(
                        'span',
                        { class: 'small' },
                        ` · ${words('weapon', lang, {
                          name: weapons
                            .map(
                              (w) =>
                                `${phraser.pieceName(w.id, lang)}${w.status === 'broken' ? ` (${words('broken', lang)})` : ''}`,
                            )
                            .join(', '),
                        })}`,
                      )
                    : null,
                );
              }),
          ),
        ),
      ),
    ),
  );
}

// ---- Above the map: the sides, Time and the last roll --------------------------------------

function CcSummary({ ctx }: { ctx: BoardCtx }): JSX.Element {
  const { lang, ct } = ctx;
  const battle = battleAt(ctx.events, ctx.seq);
  const sides = battle.setup?.sides ?? ctx.seats.map((seat) => ({ seat }) as Side);
  const time = own(ct.table.tracks, 'time')?.value ?? 0;
  const suddenDeath = battle.setup?.suddenDeath ?? 0;
  const holder = own(ct.table.pieces, 'initiative-card')?.owner;
  const count = (zone: string) =>
    (ctx.piecesByZone.get(zone)?.length ?? 0) + (own(ct.hidden, zone) ?? 0);
  const spaces = Math.max(suddenDeath, time) + 1;
  return h(
    'section',
    { class: 'cc-summary', 'aria-label': words('sides', lang) },
    // The board's own styles come with its chunk (the page's stylesheet is every page's).
    h('style', null, CC_BOARD_CSS),
    battle.setup?.scenario
      ? h(
          'p',
          { class: 'cc-scenario' },
          words('scenario', lang, { name: localized(battle.setup.scenario, lang) ?? '' }),
        )
      : null,
    h(
      'div',
      { class: 'cc-sides' },
      sides.map((side) => {
        const vp = own(ct.table.tracks, `vp:${side.seat}`)?.value ?? 0;
        return h(
          'div',
          {
            class: 'cc-side',
            'data-seat': side.seat,
            style: { '--owner': ownerColour(side.seat, ctx.seats) },
          },
          h(
            'header',
            null,
            h(SeatChip, { seat: side.seat, ctx }),
            h('strong', { class: 'cc-vp', 'data-vp': vp }, words('vp', lang, { n: vp })),
          ),
          side.nationality
            ? h(
                'p',
                { class: 'muted small' },
                sideLine(side, ctx.phraser.seats.side(side.seat, lang), lang),
              )
            : null,
          h(
            'p',
            { class: 'cc-cards' },
            h(
              'span',
              { 'data-hand': count(`hand:${side.seat}`) },
              words('hand', lang, { n: count(`hand:${side.seat}`), size: side.handSize ?? 0 }),
            ),
            h(
              'span',
              { 'data-deck': deckCount(ct, `fate:${side.seat}`) },
              words('deck', lang, { n: deckCount(ct, `fate:${side.seat}`) }),
            ),
            h(
              'span',
              { 'data-discard': count(`discard:${side.seat}`) },
              words('discard', lang, { n: count(`discard:${side.seat}`) }),
            ),
          ),
          holder === side.seat
            ? h(
                'p',
                { class: 'cc-initiative', 'data-initiative': side.seat },
                words('initiative', lang),
              )
            : null,
        );
      }),
    ),
    h(
      'div',
      { class: 'cc-time', 'data-time': time, 'data-sudden-death': suddenDeath },
      h('span', { class: 'cc-time-label' }, words('time', lang)),
      h(
        'ol',
        { class: 'cc-time-track', 'aria-label': words('timeNow', lang, { n: time }) },
        Array.from({ length: spaces }, (_, n) =>
          h(
            'li',
            {
              key: n,
              class:
                `${n === time ? 'now' : ''}${n === suddenDeath ? ' sudden-death' : ''}`.trim() ||
                undefined,
              'data-space': n,
              title:
                n === suddenDeath
                  ? `${words('timeSpace', lang, { n })}: ${words('suddenDeath', lang)}`
                  : words('timeSpace', lang, { n }),
            },
            n,
          ),
        ),
      ),
      suddenDeath > 0
        ? h('span', { class: 'muted small' }, words('suddenDeathAt', lang, { n: suddenDeath }))
        : null,
    ),
    h(LastRoll, { ctx, battle }),
  );
}

function LastRoll({ ctx, battle }: { ctx: BoardCtx; battle: Battle }): JSX.Element {
  const { lang, phraser } = ctx;
  const roll = battle.roll;
  if (!roll) return h('p', { class: 'cc-roll muted' }, words('noRoll', lang));
  const trigger = roll.trigger
    ? (own(TRIGGER_NAME, roll.trigger)?.[lang] ?? roll.trigger)
    : undefined;
  const resolving = battle.resolving === roll.roll;
  return h(
    'div',
    {
      class: `cc-roll${ctx.touched?.roll ? ' changed' : ''}`,
      'data-roll': roll.roll,
      'data-roll-seq': roll.seq,
    },
    h('span', { class: 'muted small' }, words('lastRoll', lang)),
    h(
      'span',
      { class: 'cc-roll-who' },
      words('rolledBy', lang, {
        purpose: phraser.term(roll.purpose, lang),
        name: phraser.seats.full(roll.seat, lang),
      }),
    ),
    h(
      'span',
      { class: `cc-dice${trigger ? ' framed' : ''}`, 'data-trigger': roll.trigger },
      roll.dice.map((face, i) => h(Die, { key: i, face, sides: 6 })),
      trigger
        ? h(
            'span',
            {
              class: `roll-trigger${roll.ignored ? ' ignored' : ''}`,
              'data-trigger': roll.trigger,
            },
            trigger,
          )
        : null,
    ),
    h(
      'strong',
      { class: 'roll-value', 'data-combine': roll.combine },
      `${roll.dice.join(roll.combine === 'product' ? ' × ' : ' + ')} = ${roll.value}`,
    ),
    roll.trigger && roll.ignored
      ? h('span', { class: 'muted small' }, `${trigger} ${words('ignored', lang)}`)
      : resolving
        ? h('span', { class: 'cc-resolving' }, `${trigger} ${words('resolving', lang)}`)
        : null,
  );
}

export const CC_BOARD: RulesetBoard = {
  draws: (zone) => zone.kind === 'hex' || zone.kind === 'initiative',
  Map: CcMap,
  Summary: CcSummary,
};

/**
 * A side's nationality, posture and Order capability; the nationality only where the seat
 * chip above does not already name it as the side.
 */
function sideLine(side: Side, chipSide: string | undefined, lang: Lang): string {
  const nationality = words(side.nationality as WordKey, lang);
  const parts = [
    words(side.posture as WordKey, lang),
    words('orders', lang, { n: side.orderCapability }),
  ];
  return (chipSide === nationality ? parts : [nationality, ...parts]).join(' · ');
}
