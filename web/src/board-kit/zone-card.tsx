import type { JSX } from 'preact';
import { own } from '@domain/shared/id-record';
import type { Zone } from '@domain/table/table';
import { icon } from '../icons';
import { counted, label } from '../i18n';
import { deckCount } from '../replay/replay-engine';
import { ownerColour } from '../session';
import type { BoardCtx } from './board-ctx';
import { PieceGroups, ZonePieces } from './piece-groups';
import { seatName } from './seat-chip';
import { ZonePick, zoneTitle } from './zone-pick';

/** A zone with its pieces and hidden cards; `compact` in the hands panel. */
export function ZoneCard({
  zone,
  ctx,
  compact,
}: {
  zone: Zone;
  ctx: BoardCtx;
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
  return (
    <section
      class={`zone kind-${cssName(zone.kind)}${changed ? ' changed' : ''}${mine ? ' own' : ''}${compact ? ' compact' : ''}`}
      role={compact ? undefined : 'listitem'}
      data-zone={zone.id}
      aria-label={`${name} (${meta})`}
      style={zone.owner ? { '--owner': ownerColour(zone.owner, seats) } : undefined}
    >
      <header class="zone-head">
        <span class="zone-name">{name}</span>
        <ZonePick zone={zone.id} name={name} ctx={ctx} />
        {mine ? <span class="tag">{label('yourHand', lang)}</span> : null}
        <span class="zone-meta muted">{meta}</span>
      </header>
      <ZonePieces pieces={pieces} ctx={ctx} />
      {hidden > 0 ? (
        <span class="card-backs" data-hidden-count={hidden} title={label('hiddenCards', lang)}>
          {icon('deck')}
          {` ×${hidden} ${label('hiddenCards', lang)}`}
        </span>
      ) : null}
      {pieces.length === 0 && hidden === 0 ? (
        <span class="muted small">{label('empty', lang)}</span>
      ) : null}
    </section>
  );
}

/** A deck or a discard pile: its count, and its cards where the viewer sees them. */
export function PileCard({ zone, ctx }: { zone: Zone; ctx: BoardCtx }): JSX.Element {
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
  return (
    <div
      class={`pile kind-${cssName(zone.kind)}${changed ? ' changed' : ''}`}
      data-zone={zone.id}
      data-deck-count={count}
      style={zone.owner ? { '--owner': ownerColour(zone.owner, ctx.seats) } : undefined}
    >
      <div class="pile-head">
        {icon(zone.kind === 'deck' ? 'deck' : 'discard', 'pile-icon')}
        <span class="zone-name">{zoneTitle(zone, ctx)}</span>
        <span class="pile-count" {...(hidden > 0 ? { 'data-hidden-count': hidden } : {})}>
          {counted(count, 'cards', ctx.lang)}
        </span>
      </div>
      {cards.length > 0 ? <PieceGroups pieces={cards} ctx={ctx} /> : null}
    </div>
  );
}

export function cssName(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, '_');
}
