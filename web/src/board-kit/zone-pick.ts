import { h, type JSX } from 'preact';
import { localized } from '@domain/naming/name-index';
import type { Zone } from '@domain/table/table';
import { label } from '../i18n';
import type { BoardCtx } from './board-ctx';

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

export function zoneTitle(zone: Zone, ctx: BoardCtx): string {
  const recorded = localized(zone.name, ctx.lang);
  return recorded
    ? ctx.phraser.seats.withSeatNames(recorded, zone.owner, ctx.lang)
    : ctx.phraser.zoneName(zone.id, ctx.lang);
}
