import type { JSX } from 'preact';
import type { BoardLayout } from '@domain/rulesets/ruleset';
import { own } from '@domain/shared/id-record';
import { label } from '../i18n';
import type { BoardCtx } from './board-ctx';
import type { MapPlan } from './map-plan';
import { ZoneCard } from './zone-card';

/** The zones a layout places, drawn where its plan puts them, with lines between neighbours. */
export function MapView({
  layout,
  plan,
  ctx,
}: {
  layout: BoardLayout;
  plan: MapPlan;
  ctx: BoardCtx;
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
      lines.push(<line x1={from.x} y1={from.y} x2={to.x} y2={to.y} class="map-link" />);
    }
  return (
    <div class={`map map-${layout.kind}`} role="list" aria-label={label('board', ctx.lang)}>
      <div class="map-box" style={{ minWidth: `${Math.round(plan.minWidth) + 180}px` }}>
        <div class="map-field" style={{ aspectRatio: String(plan.aspect) }}>
          <svg class="map-svg" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
            {lines}
          </svg>
          {[...placed].map(([id, p]) => {
            const zone = own(zones, id);
            return (
              <div key={id} class="map-spot" style={{ left: `${p.x}%`, top: `${p.y}%` }}>
                {zone ? <ZoneCard zone={zone} ctx={ctx} /> : null}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
