import { h, type JSX } from 'preact';
import { statusName } from '@domain/naming/event-phrases';
import { localized } from '@domain/naming/name-index';
import { own } from '@domain/shared/id-record';
import type { Piece } from '@domain/table/table';
import { icon } from '../icons';
import { label } from '../i18n';
import { attrLocalized } from '../replay/timeline';
import { ownerColour } from '../session';
import type { BoardCtx } from './board-ctx';
import { seatName } from './seat-chip';

export function ZonePieces({
  pieces,
  ctx,
}: {
  pieces: Piece[];
  ctx: BoardCtx;
}): JSX.Element | null {
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
export function PieceGroups({
  pieces,
  ctx,
}: {
  pieces: Piece[];
  ctx: BoardCtx;
}): JSX.Element | null {
  if (pieces.length === 0) return null;
  const groups = new Map<string, Piece[]>();
  // A board that names its own pieces (a legend beside its map) names them in the list too.
  const told = (piece: Piece) => ctx.pieceText?.(piece.id);
  for (const piece of pieces) {
    const own =
      told(piece)?.name ??
      localized(ctx.phraser.names.pieceNames.get(piece.id), 'en') ??
      attrName(piece);
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
      const special = told(first);
      const name =
        special?.name ??
        localized(attrLocalized(first), lang) ??
        ctx.phraser.pieceName(first.id, lang) ??
        ctx.phraser.pieceType(first.type, lang) ??
        first.type;
      const status =
        first.status === 'active'
          ? ''
          : statusName(first.status, lang, ctx.phraser.nameOf.gender?.(first.id));
      const changed = touched ? group.some((p) => touched.pieces.has(p.id)) : false;
      const details = special && group.length === 1 ? special.details.join(' · ') : '';
      const attrs = special ? details : group.length === 1 ? attrText(first, ctx) : '';
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
          // Ids only where the board has no names of its own to give.
          title: special ? text : `${text} (${group.map((p) => p.id).join(', ')})`,
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
        details ? h('span', { class: 'piece-details muted' }, details) : null,
        status ? h('span', { class: 'sr-only' }, `, ${status}`) : null,
        first.owner ? h('span', { class: 'sr-only' }, `, ${seatName(first.owner, ctx)}`) : null,
      );
    }),
  );
}

function attrName(piece: Piece): string | undefined {
  return attrLocalized(piece)?.en;
}

function attrText(piece: Piece, ctx: BoardCtx): string {
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
