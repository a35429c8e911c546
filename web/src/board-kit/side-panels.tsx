import type { JSX } from 'preact';
import { localized } from '@domain/naming/name-index';
import { own } from '@domain/shared/id-record';
import { lossCostSum, type Table } from '@domain/table/table';
import { label, nounFor } from '../i18n';
import { ownerColour } from '../session';
import type { BoardCtx } from './board-ctx';
import { seatName } from './seat-chip';

/** The loss piles: per owner, how many pieces, their cost and their types. */
export function Losses({ table, ctx }: { table: Table; ctx: BoardCtx }): JSX.Element {
  const { lang, seats, touched } = ctx;
  const owners = Object.keys(table.losses).filter((o) => (own(table.losses, o) ?? []).length > 0);
  return (
    <section class="panel losses" aria-labelledby={`${ctx.ids}losses-title`}>
      <h3 id={`${ctx.ids}losses-title`}>{label('losses', lang)}</h3>
      {owners.length === 0 ? (
        <p class="muted small">{label('noLosses', lang)}</p>
      ) : (
        <ul class="loss-list">
          {owners.map((owner) => {
            const pile = own(table.losses, owner) ?? [];
            const cost = lossCostSum(table, owner);
            const types = new Map<string, number>();
            for (const entry of pile) types.set(entry.type, (types.get(entry.type) ?? 0) + 1);
            return (
              <li
                class={`loss-pile${touched?.owners.has(owner) ? ' changed' : ''}`}
                data-owner={owner}
                data-loss-count={pile.length}
                data-loss-cost={cost}
                style={{ '--owner': ownerColour(owner, seats) }}
              >
                <div class="loss-head">
                  <span class="seat-chip">
                    {owner === 'none' ? label('nobody', lang) : seatName(owner, ctx)}
                  </span>
                  <strong class="loss-count">{`${pile.length}`}</strong>
                  <span class="muted">{` ${nounFor(pile.length, 'pieces', lang)}`}</span>
                  {cost > 0 ? (
                    <span class="loss-cost">{` · ${label('cost', lang)} ${cost}`}</span>
                  ) : null}
                </div>
                <p class="small loss-types">
                  {[...types]
                    .map(
                      ([type, n]) =>
                        `${ctx.phraser.pieceType(type, lang) ?? type}${n > 1 ? ` ×${n}` : ''}`,
                    )
                    .join(', ')}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Tracks that say something; those still at 0 folded away under one line. */
export function Tracks({ table, ctx }: { table: Table; ctx: BoardCtx }): JSX.Element {
  const { lang, seats, touched } = ctx;
  const all = Object.values(table.tracks);
  const shown = all.filter((t) => t.value !== 0 || touched?.tracks.has(t.id));
  const folded = all.filter((t) => !shown.includes(t));
  const row = (track: (typeof all)[number]): JSX.Element => (
    <div
      class={`track${touched?.tracks.has(track.id) ? ' changed' : ''}`}
      data-track={track.id}
      style={track.owner ? { '--owner': ownerColour(track.owner, seats) } : undefined}
    >
      <dt>
        {ctx.phraser.trackName(track.id, lang) ??
          ctx.phraser.seats.withSeatNames(
            localized(track.name, lang) ?? track.id,
            track.owner,
            lang,
          )}
        {track.owner && !(localized(track.name, lang) ?? '').includes(track.owner) ? (
          <span class="muted small">{` (${seatName(track.owner, ctx)})`}</span>
        ) : null}
      </dt>
      <dd>{track.value}</dd>
    </div>
  );
  return (
    <section class="panel tracks" aria-labelledby={`${ctx.ids}tracks-title`}>
      <h3 id={`${ctx.ids}tracks-title`}>{label('tracks', lang)}</h3>
      <dl class="track-list">{shown.map(row)}</dl>
      {folded.length > 0 ? (
        <details class="tracks-folded" data-folded={folded.length}>
          <summary>{label('moreTracks', lang, { n: folded.length })}</summary>
          <dl class="track-list">{folded.map(row)}</dl>
        </details>
      ) : null}
    </section>
  );
}
