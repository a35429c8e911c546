import { own } from '../../../../domain/shared/id-record';
import { h, type JSX } from 'preact';
import { useState } from 'preact/hooks';
import { statusName } from '../../../../domain/naming/event-phrases';
import type { BoardLayout, Lang } from '../../../../domain/rulesets/ruleset';
import { lossCostSum, type Piece, type Table, type Zone } from '../../../../domain/table/table';
import type { ViewerContext } from '../api';
import { icon } from '../icons';
import { counted, label, nounFor } from '../i18n';
import { ownerColour } from '../session';
import type { Phraser } from '../../../../domain/naming/phraser';
import type { RulesetWords } from '../ruleset-words';
import { deckCount, type ClientTable, type ViewEvent } from './replay-engine';
import { localized } from '../../../../domain/naming/name-index';
import { attrLocalized, type Touched } from './timeline';

export interface BoardProps {
  lang: Lang;
  /** The seq this table is after. */
  seq: number;
  /** The table for the wanted seq is still loading: this is the one before. */
  pending: boolean;
  ct: ClientTable;
  layout: BoardLayout;
  viewer: ViewerContext;
  seats: string[];
  phraser: Phraser<RulesetWords>;
  touched?: Touched;
  /** The match has ended by this seq: nobody is to act any more. */
  ended?: boolean;
  /** The match's events as this viewer has them (a ruleset's board reads its battles there). */
  events: readonly ViewEvent[];
  /** Prefixes the board's element ids, so that two boards can stand on one page. */
  idPrefix?: string;
  /** A decision form's field waiting for a zone: the zones it takes can be picked here. */
  picking?: ZonePicking;
}

/**
 * A decision form's zone field (`from`, `to`, `location`) filled from the board: each zone
 * it accepts gets a button (keyboard), and a click or tap anywhere on such a zone picks it.
 */
export interface ZonePicking {
  /** The field's path in the form, so the form knows which field waits. */
  path: string;
  /** The field's caption, for the buttons' names («Куда: Север»). */
  caption: string;
  zones: ReadonlySet<string>;
  pick(zone: string): void;
}

/** What every part of the board reads: the table at the seq, who looks, the names. */
export interface BoardCtx {
  lang: Lang;
  seats: string[];
  phraser: Phraser<RulesetWords>;
  touched?: Touched;
  viewerSeat?: string;
  piecesByZone: Map<string, Piece[]>;
  ct: ClientTable;
  seq: number;
  events: readonly ViewEvent[];
  /** The board's element ids' prefix. */
  ids: string;
  picking?: ZonePicking;
}
type Ctx = BoardCtx;

const HAND_KINDS = new Set(['hand']);
const PILE_KINDS = new Set(['deck', 'discard']);

/** The table at one seq: turn and dice, the map or areas, hands and decks, losses, tracks. */
export function Board({
  lang,
  seq,
  pending,
  ct,
  layout,
  viewer,
  seats,
  phraser,
  touched,
  ended,
  events,
  idPrefix = '',
  picking,
}: BoardProps): JSX.Element {
  const { table } = ct;
  const piecesByZone = new Map<string, Piece[]>();
  for (const piece of Object.values(table.pieces)) {
    const list = piecesByZone.get(piece.zone);
    if (list) list.push(piece);
    else piecesByZone.set(piece.zone, [piece]);
  }
  const ctx: Ctx = {
    lang,
    seats,
    phraser,
    touched,
    viewerSeat: viewer.viewer.seat,
    piecesByZone,
    ct,
    seq,
    events,
    ids: idPrefix,
    picking,
  };
  const zones = Object.values(table.zones);
  const special = phraser.words.board;
  const [asMap, setAsMap] = useState(
    () => special?.reflows === true || !window.matchMedia?.('(max-width: 600px)').matches,
  );
  const drawable = layout.kind !== 'areas' || special !== undefined;
  const drawsOwn = special !== undefined && asMap;
  const plan = planMap(asMap && !special ? layout : { kind: 'areas' }, zones);
  const placed = plan.spots;
  const areaZones = zones.filter(
    (z) =>
      !placed.has(z.id) &&
      !HAND_KINDS.has(z.kind) &&
      !PILE_KINDS.has(z.kind) &&
      !(drawsOwn && special.draws(z)),
  );
  const isEmpty = (zone: Zone): boolean =>
    !piecesByZone.has(zone.id) && !own(ct.hidden, zone.id) && !touched?.zones.has(zone.id);
  const filled = areaZones.filter((z) => !isEmpty(z));
  const empty = areaZones.filter(isEmpty);
  const hands = zones.filter((z) => HAND_KINDS.has(z.kind));
  const piles = zones.filter((z) => PILE_KINDS.has(z.kind) && !placed.has(z.id));
  return h(
    'section',
    {
      class: `board${pending ? ' pending' : ''}${picking ? ' picking' : ''}`,
      'data-seq': seq,
      // A click or tap anywhere on a zone the waiting field takes picks it (its button is for keys).
      onClick: picking
        ? (e: MouseEvent) => {
            const zone = (e.target as Element | null)
              ?.closest<HTMLElement>('[data-zone]')
              ?.getAttribute('data-zone');
            if (zone && picking.zones.has(zone)) picking.pick(zone);
          }
        : undefined,
      'aria-labelledby': `${idPrefix}board-title`,
      'aria-busy': pending ? 'true' : undefined,
    },
    h('h2', { id: `${idPrefix}board-title`, class: 'sr-only' }, `${label('boardAt', lang)} ${seq}`),
    h(TurnBar, { table, ctx, ended }),
    drawable
      ? h(
          'div',
          { class: 'view-switch', role: 'group', 'aria-label': label('boardView', lang) },
          h(
            'button',
            { type: 'button', 'aria-pressed': asMap, onClick: () => setAsMap(true) },
            label(special?.reflows ? 'tableView' : 'mapView', lang),
          ),
          h(
            'button',
            { type: 'button', 'aria-pressed': !asMap, onClick: () => setAsMap(false) },
            label('listView', lang),
          ),
        )
      : null,
    special?.Summary ? h(special.Summary, { ctx }) : null,
    special?.Battle ? h(special.Battle, { ctx }) : null,
    drawsOwn ? h(special.Map, { ctx }) : null,
    placed.size > 0 ? h(MapView, { layout, plan, ctx }) : null,
    filled.length > 0
      ? h(
          'div',
          {
            class: 'zones',
            role: 'list',
            'aria-label':
              placed.size > 0 || drawsOwn ? label('offBoard', lang) : label('board', lang),
          },
          filled.map((zone) => h(ZoneCard, { key: zone.id, zone, ctx })),
        )
      : null,
    // Empty zones say nothing at a glance: folded under one line, still there to open.
    empty.length > 0
      ? h(
          'details',
          // Open while a field waits for a zone: an empty zone may be where a piece goes.
          { class: 'zones-empty', 'data-folded': empty.length, open: picking ? true : undefined },
          h('summary', null, label('emptyZones', lang, { n: empty.length })),
          h(
            'div',
            {
              class: 'zones',
              role: 'list',
              'aria-label': label('emptyZones', lang, { n: empty.length }),
            },
            empty.map((zone) => h(ZoneCard, { key: zone.id, zone, ctx })),
          ),
        )
      : null,
    h(
      'div',
      { class: 'board-side' },
      hands.length + piles.length > 0
        ? h(
            'section',
            { class: 'panel hands', 'aria-labelledby': `${idPrefix}hands-title` },
            h('h3', { id: `${idPrefix}hands-title` }, label('handsAndDecks', lang)),
            h(
              'div',
              { class: 'hand-list' },
              hands.map((zone) => h(ZoneCard, { key: zone.id, zone, ctx, compact: true })),
              piles.map((zone) => h(PileCard, { key: zone.id, zone, ctx })),
            ),
          )
        : null,
      h(Losses, { table, ctx }),
      Object.keys(table.tracks).length > 0 ? h(Tracks, { table, ctx }) : null,
    ),
  );
}

/** The button that gives a zone to the form's waiting field, where that field takes the zone. */
export function ZonePick({
  zone,
  name,
  ctx,
}: {
  zone: string;
  name: string;
  ctx: BoardCtx;
}): JSX.Element | null {
  const { picking, lang } = ctx;
  if (!picking?.zones.has(zone)) return null;
  return h(
    'button',
    {
      type: 'button',
      class: 'zone-pick',
      'data-pick': zone,
      'aria-label': label('pickZone', lang, { field: picking.caption, zone: name }),
      onClick: (e: MouseEvent) => {
        // The board's own click would pick it a second time.
        e.stopPropagation();
        picking.pick(zone);
      },
    },
    label('pickHere', lang),
  );
}

function TurnBar({
  table,
  ctx,
  ended,
}: {
  table: Table;
  ctx: Ctx;
  ended?: boolean;
}): JSX.Element | null {
  const { turn, lastRoll } = table;
  const { lang, touched, phraser } = ctx;
  const live = !ended && (turn.phase || turn.active.length > 0 || turn.priority);
  // Nothing to say yet (a freeform table before its first round): no empty bar.
  if (turn.round === 0 && !live && !lastRoll) return null;
  return h(
    'div',
    { class: `turn-bar${touched?.turn ? ' changed' : ''}` },
    // Before the first round starts there is no round to name («Раунд 0»).
    turn.round > 0
      ? h(
          'span',
          { class: 'turn-item', 'data-round': turn.round },
          `${label('round', lang)} `,
          h('strong', null, turn.round),
        )
      : null,
    turn.phase && !ended
      ? h(
          'span',
          { class: 'turn-item', 'data-phase': turn.phase },
          `${label('phase', lang)} `,
          h('strong', null, phraser.term(turn.phase, lang)),
        )
      : null,
    turn.active.length > 0 && !ended
      ? h(
          'span',
          { class: 'turn-item', 'data-active': turn.active.join(' ') },
          `${label('active', lang)} `,
          turn.active.map((seat) => h(SeatChip, { seat, ctx })),
        )
      : null,
    turn.priority && !ended
      ? h(
          'span',
          { class: 'turn-item' },
          `${label('priority', lang)} `,
          h(SeatChip, { seat: turn.priority, ctx }),
        )
      : null,
    lastRoll
      ? h(
          'span',
          {
            class: `turn-item roll${touched?.roll ? ' changed' : ''}`,
            'data-roll-seq': lastRoll.seq,
            'aria-label': `${label('lastRoll', lang)}: ${phraser.term(lastRoll.purpose, lang)}, ${lastRoll.faces.join(', ')}${lastRoll.value !== undefined ? ` = ${lastRoll.value}` : ''}${lastRoll.trigger ? `, ${phraser.term(lastRoll.trigger, lang)}${lastRoll.triggerIgnored ? ` (${label('triggerIgnored', lang)})` : ''}` : ''}`,
          },
          h(
            'span',
            { class: 'muted' },
            `${label('lastRoll', lang)} (#${lastRoll.seq}) ${phraser.term(lastRoll.purpose, lang)}`,
          ),
          lastRoll.faces.map((face, i) => h(Die, { face, sides: lastRoll.sides[i] ?? 6 })),
          lastRoll.source === 'reported'
            ? h('span', { class: 'muted small' }, label('reported', lang))
            : null,
          lastRoll.source === 'card' && lastRoll.value !== undefined
            ? h(
                'strong',
                { class: 'roll-value', 'data-combine': lastRoll.combine },
                // The faces as numbers, then what they make: "5 + 1 = 6" beside the dice.
                `${lastRoll.faces.join(lastRoll.combine === 'product' ? ' × ' : ' + ')} = ${lastRoll.value}`,
              )
            : null,
          lastRoll.trigger
            ? h(
                'span',
                {
                  class: `roll-trigger${lastRoll.triggerIgnored ? ' ignored' : ''}`,
                  'data-trigger': lastRoll.trigger,
                  title: lastRoll.triggerIgnored ? label('triggerIgnored', lang) : undefined,
                },
                // The word printed in the trigger's frame, as the ruleset translates it.
                phraser.term(lastRoll.trigger, lang),
              )
            : null,
        )
      : null,
  );
}

export function SeatChip({ seat, ctx }: { seat: string; ctx: Ctx }): JSX.Element {
  return h(
    'span',
    { class: 'seat-chip', 'data-seat': seat, style: { '--owner': ownerColour(seat, ctx.seats) } },
    ctx.phraser.seats.full(seat, ctx.lang),
  );
}

const PIPS: Record<number, [number, number][]> = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [3, 1],
    [1, 3],
    [3, 3],
  ],
  5: [
    [1, 1],
    [3, 1],
    [2, 2],
    [1, 3],
    [3, 3],
  ],
  6: [
    [1, 1],
    [3, 1],
    [1, 2],
    [3, 2],
    [1, 3],
    [3, 3],
  ],
};

/** A die face: pips for a d6, the number on a polygon otherwise. */
export function Die({ face, sides }: { face: number; sides: number }): JSX.Element {
  const pips = sides === 6 ? PIPS[face] : undefined;
  return h(
    'svg',
    { class: 'die', viewBox: '0 0 40 40', role: 'img', 'aria-label': `d${sides}: ${face}` },
    h('rect', { x: 2, y: 2, width: 36, height: 36, rx: 7, class: 'die-body' }),
    pips
      ? pips.map(([x, y]) => h('circle', { cx: x * 10, cy: y * 10, r: 3.6, class: 'die-pip' }))
      : [
          h('text', { x: 20, y: 24, 'text-anchor': 'middle', class: 'die-number' }, face),
          h('text', { x: 20, y: 35, 'text-anchor': 'middle', class: 'die-sides' }, `d${sides}`),
        ],
  );
}

export function zoneTitle(zone: Zone, ctx: Ctx): string {
  const recorded = localized(zone.name, ctx.lang);
  return recorded
    ? ctx.phraser.seats.withSeatNames(recorded, zone.owner, ctx.lang)
    : ctx.phraser.zoneName(zone.id, ctx.lang);
}

export function seatName(seat: string, ctx: Ctx): string {
  return ctx.phraser.seats.seat(seat, ctx.lang);
}

function ZoneCard({
  zone,
  ctx,
  compact,
}: {
  zone: Zone;
  ctx: Ctx;
  compact?: boolean;
}): JSX.Element {
  const { lang, seats, touched, viewerSeat } = ctx;
  const pieces = ctx.piecesByZone.get(zone.id) ?? [];
  const hidden = own(ctx.ct.hidden, zone.id) ?? 0;
  const mine = zone.owner !== undefined && zone.owner === viewerSeat && zone.visibility === 'owner';
  const name = zoneTitle(zone, ctx);
  const owner = zone.owner ? seatName(zone.owner, ctx) : undefined;
  const meta = [
    ctx.phraser.kindName(zone.kind, lang),
    owner && !name.includes(owner) ? owner : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  const changed = touched?.zones.has(zone.id);
  return h(
    'section',
    {
      class: `zone kind-${cssName(zone.kind)}${changed ? ' changed' : ''}${mine ? ' own' : ''}${compact ? ' compact' : ''}`,
      role: compact ? undefined : 'listitem',
      'data-zone': zone.id,
      'aria-label': `${name} (${meta})`,
      style: zone.owner ? { '--owner': ownerColour(zone.owner, seats) } : undefined,
    },
    h(
      'header',
      { class: 'zone-head' },
      h('span', { class: 'zone-name' }, name),
      h(ZonePick, { zone: zone.id, name, ctx }),
      mine ? h('span', { class: 'tag' }, label('yourHand', lang)) : null,
      h('span', { class: 'zone-meta muted' }, meta),
    ),
    h(ZonePieces, { pieces, ctx }),
    hidden > 0
      ? h(
          'span',
          { class: 'card-backs', 'data-hidden-count': hidden, title: label('hiddenCards', lang) },
          icon('deck'),
          ` ×${hidden} ${label('hiddenCards', lang)}`,
        )
      : null,
    pieces.length === 0 && hidden === 0
      ? h('span', { class: 'muted small' }, label('empty', lang))
      : null,
  );
}

export function ZonePieces({ pieces, ctx }: { pieces: Piece[]; ctx: Ctx }): JSX.Element | null {
  if (pieces.length === 0) return null;
  const fleets = new Map<string, Piece[]>();
  const loose: Piece[] = [];
  for (const piece of pieces) {
    if (piece.fleet) {
      const list = fleets.get(piece.fleet);
      if (list) list.push(piece);
      else fleets.set(piece.fleet, [piece]);
    } else loose.push(piece);
  }
  const table = ctx.ct.table;
  return h(
    'div',
    { class: 'zone-pieces' },
    [...fleets].map(([fleetId, members]) => {
      const fleet = own(table.fleets, fleetId);
      return h(
        'div',
        {
          class: `fleet${ctx.touched?.fleets.has(fleetId) ? ' changed' : ''}`,
          'data-fleet': fleetId,
          style: { '--owner': ownerColour(fleet?.owner ?? members[0].owner, ctx.seats) },
        },
        h(
          'span',
          { class: 'fleet-name' },
          icon('anchor'),
          ` ${label('fleet', ctx.lang)}: ${fleet?.name ?? ctx.phraser.fleetName(fleetId, ctx.lang)}`,
        ),
        h(PieceGroups, { pieces: members, ctx }),
      );
    }),
    h(PieceGroups, { pieces: loose, ctx }),
  );
}

const STATUS_MARK: Record<string, string> = {
  tapped: '↻',
  damaged: '✸',
  broken: '✕',
  captured: '⊗',
  destroyed: '☠',
};

/** Identical pieces (type, owner, status) shown once with a count; each keeps its id in data-pieces. */
export function PieceGroups({ pieces, ctx }: { pieces: Piece[]; ctx: Ctx }): JSX.Element | null {
  if (pieces.length === 0) return null;
  const groups = new Map<string, Piece[]>();
  for (const piece of pieces) {
    const own = localized(ctx.phraser.names.pieceNames.get(piece.id), 'en') ?? attrName(piece);
    const key = `${piece.type}|${own ?? ''}|${piece.owner ?? ''}|${piece.status}|${piece.capturedBy ?? ''}`;
    const list = groups.get(key);
    if (list) list.push(piece);
    else groups.set(key, [piece]);
  }
  const { lang, seats, touched } = ctx;
  return h(
    'ul',
    { class: 'piece-list' },
    [...groups.values()].map((group) => {
      const first = group[0];
      const name =
        localized(attrLocalized(first), lang) ??
        ctx.phraser.pieceName(first.id, lang) ??
        ctx.phraser.pieceType(first.type, lang) ??
        first.type;
      const status =
        first.status === 'active'
          ? ''
          : statusName(first.status, lang, ctx.phraser.nameOf.gender?.(first.id));
      const changed = touched ? group.some((p) => touched.pieces.has(p.id)) : false;
      const attrs = group.length === 1 ? attrText(first, ctx) : '';
      const text = [
        name,
        first.owner ? seatName(first.owner, ctx) : '',
        status,
        first.capturedBy ? `⊗ ${seatName(first.capturedBy, ctx)}` : '',
        attrs,
      ]
        .filter(Boolean)
        .join(', ');
      return h(
        'li',
        {
          class: `piece status-${first.status}${changed ? ' changed' : ''}`,
          'data-pieces': group.map((p) => p.id).join(' '),
          'data-owner': first.owner ?? '',
          'data-status': first.status,
          title: `${text} (${group.map((p) => p.id).join(', ')})`,
          style: { '--owner': ownerColour(first.owner, seats) },
        },
        own(STATUS_MARK, first.status)
          ? h(
              'span',
              { class: 'status-mark', 'aria-hidden': 'true' },
              own(STATUS_MARK, first.status),
            )
          : null,
        h('span', { class: 'piece-name' }, name),
        group.length > 1 ? h('span', { class: 'piece-count' }, `×${group.length}`) : null,
        status ? h('span', { class: 'sr-only' }, `, ${status}`) : null,
        first.owner ? h('span', { class: 'sr-only' }, `, ${seatName(first.owner, ctx)}`) : null,
      );
    }),
  );
}

function attrName(piece: Piece): string | undefined {
  return attrLocalized(piece)?.en;
}

function attrText(piece: Piece, ctx: Ctx): string {
  return Object.entries(piece.attrs)
    .filter(
      ([k, v]) =>
        k !== 'name' && (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean'),
    )
    .slice(0, 4)
    .map(([k, v]) => {
      const value =
        typeof v === 'string' && ctx.phraser.seats.has(v) ? seatName(v, ctx) : String(v);
      return `${ctx.phraser.term(k, ctx.lang)} ${value}`;
    })
    .join(', ');
}

function PileCard({ zone, ctx }: { zone: Zone; ctx: Ctx }): JSX.Element {
  const visible = ctx.piecesByZone.get(zone.id) ?? [];
  const hidden = own(ctx.ct.hidden, zone.id) ?? 0;
  const deck = own(ctx.ct.table.decks, zone.id);
  const count = deck ? deckCount(ctx.ct, zone.id) : visible.length + hidden;
  // A deck's cards top first, when the viewer may know the order (judges, after the end).
  const position = new Map((deck?.order ?? []).map((id, i) => [id, i]));
  const cards = [...visible].sort(
    (a, b) => (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity),
  );
  const changed = ctx.touched?.zones.has(zone.id);
  return h(
    'div',
    {
      class: `pile kind-${cssName(zone.kind)}${changed ? ' changed' : ''}`,
      'data-zone': zone.id,
      'data-deck-count': count,
      style: zone.owner ? { '--owner': ownerColour(zone.owner, ctx.seats) } : undefined,
    },
    h(
      'div',
      { class: 'pile-head' },
      icon(zone.kind === 'deck' ? 'deck' : 'discard', 'pile-icon'),
      h('span', { class: 'zone-name' }, zoneTitle(zone, ctx)),
      h(
        'span',
        { class: 'pile-count', ...(hidden > 0 ? { 'data-hidden-count': hidden } : {}) },
        counted(count, 'cards', ctx.lang),
      ),
    ),
    cards.length > 0 ? h(PieceGroups, { pieces: cards, ctx }) : null,
  );
}

function Losses({ table, ctx }: { table: Table; ctx: Ctx }): JSX.Element {
  const { lang, seats, touched } = ctx;
  const owners = Object.keys(table.losses).filter((o) => (own(table.losses, o) ?? []).length > 0);
  return h(
    'section',
    { class: 'panel losses', 'aria-labelledby': `${ctx.ids}losses-title` },
    h('h3', { id: `${ctx.ids}losses-title` }, label('losses', lang)),
    owners.length === 0
      ? h('p', { class: 'muted small' }, label('noLosses', lang))
      : h(
          'ul',
          { class: 'loss-list' },
          owners.map((owner) => {
            const pile = own(table.losses, owner) ?? [];
            const cost = lossCostSum(table, owner);
            const types = new Map<string, number>();
            for (const entry of pile) types.set(entry.type, (types.get(entry.type) ?? 0) + 1);
            return h(
              'li',
              {
                class: `loss-pile${touched?.owners.has(owner) ? ' changed' : ''}`,
                'data-owner': owner,
                'data-loss-count': pile.length,
                'data-loss-cost': cost,
                style: { '--owner': ownerColour(owner, seats) },
              },
              h(
                'div',
                { class: 'loss-head' },
                h(
                  'span',
                  { class: 'seat-chip' },
                  owner === 'none' ? label('nobody', lang) : seatName(owner, ctx),
                ),
                h('strong', { class: 'loss-count' }, `${pile.length}`),
                h('span', { class: 'muted' }, ` ${nounFor(pile.length, 'pieces', lang)}`),
                cost > 0
                  ? h('span', { class: 'loss-cost' }, ` · ${label('cost', lang)} ${cost}`)
                  : null,
              ),
              h(
                'p',
                { class: 'small loss-types' },
                [...types]
                  .map(
                    ([type, n]) =>
                      `${ctx.phraser.pieceType(type, lang) ?? type}${n > 1 ? ` ×${n}` : ''}`,
                  )
                  .join(', '),
              ),
            );
          }),
        ),
  );
}

/** Tracks that say something; those still at 0 folded away under one line. */
function Tracks({ table, ctx }: { table: Table; ctx: Ctx }): JSX.Element {
  const { lang, seats, touched } = ctx;
  const all = Object.values(table.tracks);
  const shown = all.filter((t) => t.value !== 0 || touched?.tracks.has(t.id));
  const folded = all.filter((t) => !shown.includes(t));
  const row = (track: (typeof all)[number]): JSX.Element =>
    h(
      'div',
      {
        class: `track${touched?.tracks.has(track.id) ? ' changed' : ''}`,
        'data-track': track.id,
        style: track.owner ? { '--owner': ownerColour(track.owner, seats) } : undefined,
      },
      h(
        'dt',
        null,
        ctx.phraser.trackName(track.id, lang) ??
          ctx.phraser.seats.withSeatNames(
            localized(track.name, lang) ?? track.id,
            track.owner,
            lang,
          ),
        track.owner && !(localized(track.name, lang) ?? '').includes(track.owner)
          ? h('span', { class: 'muted small' }, ` (${seatName(track.owner, ctx)})`)
          : null,
      ),
      h('dd', null, track.value),
    );
  return h(
    'section',
    { class: 'panel tracks', 'aria-labelledby': `${ctx.ids}tracks-title` },
    h('h3', { id: `${ctx.ids}tracks-title` }, label('tracks', lang)),
    h('dl', { class: 'track-list' }, shown.map(row)),
    folded.length > 0
      ? h(
          'details',
          { class: 'tracks-folded', 'data-folded': folded.length },
          h('summary', null, label('moreTracks', lang, { n: folded.length })),
          h('dl', { class: 'track-list' }, folded.map(row)),
        )
      : null,
  );
}

// ---- Maps: positions, hex grids and rings share one renderer --------------------------

interface Placed {
  x: number;
  y: number;
}

/** Where the map puts zones: centres in percent of its field, the field's shape and least width. */
interface MapPlan {
  spots: Map<string, Placed>;
  /** width / height of the field */
  aspect: number;
  /** Below this the map scrolls sideways inside its frame (the page never does). */
  minWidth: number;
}

/** A zone drawn on the map takes about this much room, in px, per unit of the layout. */
const CELL_PX = 170;

function planMap(layout: BoardLayout, zones: Zone[]): MapPlan {
  const known = new Set(zones.map((z) => z.id));
  const spots = new Map<string, Placed>();
  if (layout.kind === 'positions') {
    const width = layout.width || 1;
    const height = layout.height || 1;
    for (const [id, p] of Object.entries(layout.positions ?? {}))
      if (known.has(id)) spots.set(id, { x: (p.x / width) * 100, y: (p.y / height) * 100 });
    return { spots, aspect: clamp(width / height, 0.5, 3), minWidth: 520 };
  }
  const raw = new Map<string, Placed>();
  if (layout.kind === 'hex') {
    const s3 = Math.sqrt(3);
    for (const [id, c] of Object.entries(layout.cells ?? {}))
      if (known.has(id))
        raw.set(
          id,
          layout.orientation === 'flat'
            ? { x: 1.5 * c.q, y: s3 * (c.r + c.q / 2) }
            : { x: s3 * (c.q + c.r / 2), y: 1.5 * c.r },
        );
  } else if (layout.kind === 'ring') {
    const ring = (layout.zones ?? []).filter((id) => known.has(id));
    const radius = Math.max(1, ring.length / 4);
    ring.forEach((id, i) => {
      const angle = (2 * Math.PI * i) / Math.max(1, ring.length) - Math.PI / 2;
      raw.set(id, { x: radius * Math.cos(angle), y: radius * Math.sin(angle) });
    });
    if (layout.center && known.has(layout.center)) raw.set(layout.center, { x: 0, y: 0 });
  }
  if (raw.size === 0) return { spots, aspect: 1, minWidth: 0 };
  // One unit: the distance between the two closest zones; the field keeps the layout's proportions.
  const points = [...raw.values()];
  let unit = Infinity;
  for (let i = 0; i < points.length; i += 1)
    for (let j = i + 1; j < points.length; j += 1)
      unit = Math.min(
        unit,
        Math.hypot(points[i].x - points[j].x, points[i].y - points[j].y) || Infinity,
      );
  if (!Number.isFinite(unit)) unit = 1;
  const xs = points.map((p) => p.x / unit);
  const ys = points.map((p) => p.y / unit);
  const [minX, minY] = [Math.min(...xs), Math.min(...ys)];
  const spanX = Math.max(...xs) - minX;
  const spanY = Math.max(...ys) - minY;
  for (const [id, p] of raw)
    spots.set(id, {
      x: spanX ? ((p.x / unit - minX) / spanX) * 100 : 50,
      y: spanY ? ((p.y / unit - minY) / spanY) * 100 : 50,
    });
  return {
    spots,
    aspect: clamp((spanX + 0.6) / (spanY + 0.6), 0.6, 2.5),
    minWidth: Math.max(320, spanX * CELL_PX),
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function MapView({
  layout,
  plan,
  ctx,
}: {
  layout: BoardLayout;
  plan: MapPlan;
  ctx: Ctx;
}): JSX.Element {
  const placed = plan.spots;
  const zones = ctx.ct.table.zones;
  const lines: JSX.Element[] = [];
  const seen = new Set<string>();
  for (const [id, from] of placed)
    for (const other of own(zones, id)?.adjacency ?? []) {
      const to = placed.get(other);
      const key = [id, other].sort().join('|');
      if (!to || seen.has(key)) continue;
      seen.add(key);
      lines.push(h('line', { x1: from.x, y1: from.y, x2: to.x, y2: to.y, class: 'map-link' }));
    }
  return h(
    'div',
    { class: `map map-${layout.kind}`, role: 'list', 'aria-label': label('board', ctx.lang) },
    h(
      'div',
      { class: 'map-box', style: { minWidth: `${Math.round(plan.minWidth) + 180}px` } },
      h(
        'div',
        { class: 'map-field', style: { aspectRatio: String(plan.aspect) } },
        h(
          'svg',
          {
            class: 'map-svg',
            viewBox: '0 0 100 100',
            preserveAspectRatio: 'none',
            'aria-hidden': 'true',
          },
          lines,
        ),
        [...placed].map(([id, p]) => {
          const zone = own(zones, id);
          return h(
            'div',
            { key: id, class: 'map-spot', style: { left: `${p.x}%`, top: `${p.y}%` } },
            zone ? h(ZoneCard, { zone, ctx }) : null,
          );
        }),
      ),
    ),
  );
}

export function cssName(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_');
}
