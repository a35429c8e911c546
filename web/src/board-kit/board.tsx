import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Phraser } from '@domain/naming/phraser';
import type { BoardLayout, Lang } from '@domain/rulesets/ruleset';
import { own } from '@domain/shared/id-record';
import type { Piece, Zone } from '@domain/table/table';
import type { ViewerContext } from '../api/client';
import { label } from '../i18n';
import type { ClientTable, ViewEvent } from '../replay/replay-engine';
import type { Touched } from '../replay/timeline';
import type { RulesetWords } from '../ruleset-words';
import type { BoardCtx, ZonePicking } from './board-ctx';
import { planMap } from './map-plan';
import { MapView } from './map-view';
import { Losses, Tracks } from './side-panels';
import { TurnBar } from './turn-bar';
import { PileCard, ZoneCard } from './zone-card';

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

const HAND_KINDS = new Set(['hand']);
const PILE_KINDS = new Set(['deck', 'discard']);

/**
 * The table at one seq, as the replay, the play page and the judge's pages show it: turn and
 * dice, the ruleset's own board or the map or areas, hands and decks, losses, tracks.
 */
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
  const special = phraser.words.board;
  const [asMap, setAsMap] = useState(
    () => special?.reflows === true || !window.matchMedia?.('(max-width: 600px)').matches,
  );
  // The list view lists the table as the ruleset projects it (the replay folds the plain one).
  const table = !asMap && special?.listTable ? special.listTable(ct.table, events, seq) : ct.table;
  const piecesByZone = new Map<string, Piece[]>();
  for (const piece of Object.values(table.pieces)) {
    const list = piecesByZone.get(piece.zone);
    if (list) list.push(piece);
    else piecesByZone.set(piece.zone, [piece]);
  }
  const ctx: BoardCtx = {
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
  const pieceText = special?.pieceText;
  if (pieceText) ctx.pieceText = (piece) => pieceText(piece, ctx);
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
  // A click or tap anywhere on a zone the waiting field takes picks it (its button is for keys).
  const pickOnClick = picking
    ? (e: MouseEvent) => {
        const zone = (e.target as Element | null)
          ?.closest<HTMLElement>('[data-zone]')
          ?.getAttribute('data-zone');
        if (zone && picking.zones.has(zone)) picking.pick(zone);
      }
    : undefined;
  return (
    <section
      class={`board${pending ? ' pending' : ''}${picking ? ' picking' : ''}`}
      data-seq={seq}
      onClick={pickOnClick}
      aria-labelledby={`${idPrefix}board-title`}
      aria-busy={pending ? 'true' : undefined}
    >
      <h2 id={`${idPrefix}board-title`} class="sr-only">
        {`${label('boardAt', lang)} ${seq}`}
      </h2>
      <TurnBar table={table} ctx={ctx} ended={ended} />
      {drawable ? (
        <div class="view-switch" role="group" aria-label={label('boardView', lang)}>
          <button type="button" aria-pressed={asMap} onClick={() => setAsMap(true)}>
            {label(special?.reflows ? 'tableView' : 'mapView', lang)}
          </button>
          <button type="button" aria-pressed={!asMap} onClick={() => setAsMap(false)}>
            {label('listView', lang)}
          </button>
        </div>
      ) : null}
      {special?.Summary ? <special.Summary ctx={ctx} /> : null}
      {special?.Battle ? <special.Battle ctx={ctx} /> : null}
      {drawsOwn ? <special.Map ctx={ctx} /> : null}
      {placed.size > 0 ? <MapView layout={layout} plan={plan} ctx={ctx} /> : null}
      {filled.length > 0 ? (
        <div
          class="zones"
          role="list"
          aria-label={placed.size > 0 || drawsOwn ? label('offBoard', lang) : label('board', lang)}
        >
          {filled.map((zone) => (
            <ZoneCard key={zone.id} zone={zone} ctx={ctx} />
          ))}
        </div>
      ) : null}
      {/* Empty zones say nothing at a glance: folded under one line, still there to open. */}
      {empty.length > 0 ? (
        // Open while a field waits for a zone: an empty zone may be where a piece goes.
        <details class="zones-empty" data-folded={empty.length} open={picking ? true : undefined}>
          <summary>{label('emptyZones', lang, { n: empty.length })}</summary>
          <div
            class="zones"
            role="list"
            aria-label={label('emptyZones', lang, { n: empty.length })}
          >
            {empty.map((zone) => (
              <ZoneCard key={zone.id} zone={zone} ctx={ctx} />
            ))}
          </div>
        </details>
      ) : null}
      <div class="board-side">
        {hands.length + piles.length > 0 ? (
          <section class="panel hands" aria-labelledby={`${idPrefix}hands-title`}>
            <h3 id={`${idPrefix}hands-title`}>{label('handsAndDecks', lang)}</h3>
            <div class="hand-list">
              {hands.map((zone) => (
                <ZoneCard key={zone.id} zone={zone} ctx={ctx} compact />
              ))}
              {piles.map((zone) => (
                <PileCard key={zone.id} zone={zone} ctx={ctx} />
              ))}
            </div>
          </section>
        ) : null}
        <Losses table={table} ctx={ctx} />
        {Object.keys(table.tracks).length > 0 ? <Tracks table={table} ctx={ctx} /> : null}
      </div>
    </section>
  );
}
