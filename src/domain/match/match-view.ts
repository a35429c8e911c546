import { own, setOwn } from '../shared/id-record';
import type { RecordedEvent, Visibility } from '../events/recorded-event';
import type { Deck, Table, Zone } from '../table/table';
import { hasEnded, type MatchState } from './match-state';

/** Who is reading (DESIGN section 7). Judges and admins see everything. */
export type Viewer =
  { kind: 'public' } | { kind: 'seat'; seat: string } | { kind: 'judge' } | { kind: 'admin' };

export interface ZoneView extends Zone {
  /** Pieces in the zone the viewer may not see (a hand, a deck). */
  hiddenCount?: number;
}

export interface DeckView {
  id: string;
  count: number;
  /** Only for viewers who may know the order (judges, and everyone after the end). */
  order?: string[];
}

export interface TableView extends Omit<Table, 'zones' | 'decks'> {
  zones: Record<string, ZoneView>;
  decks: Record<string, DeckView>;
}

/** After the match ends everything is public. */
export function seesEverything(viewer: Viewer, state: Pick<MatchState, 'status'>): boolean {
  return viewer.kind === 'judge' || viewer.kind === 'admin' || hasEnded(state);
}

export function canSeeEvent(event: RecordedEvent, viewer: Viewer, everything: boolean): boolean {
  return canSeeVisibility(event.meta.visibility, viewer, everything);
}

/** Whether the viewer sees an event recorded with this visibility. */
export function canSeeVisibility(
  visibility: Visibility,
  viewer: Viewer,
  everything: boolean,
): boolean {
  return (
    everything ||
    visibility === 'public' ||
    (viewer.kind === 'seat' && visibility === `seat:${viewer.seat}`)
  );
}

/**
 * The event as the viewer may see it: a hidden event keeps its public part, its `secret`
 * member and the salt of its commitment are removed. `meta.secretCommitment` stays, so the
 * redacted event still hashes to `meta.hash` (and tells nothing about the secret).
 */
export function redactEvent(
  event: RecordedEvent,
  viewer: Viewer,
  everything: boolean,
): RecordedEvent & { redacted?: true } {
  if (canSeeEvent(event, viewer, everything)) return event;
  const data = event.data as Record<string, unknown> | null;
  if (data === null || typeof data !== 'object' || !('secret' in data))
    return { ...event, redacted: true };
  const { secret: _secret, ...publicData } = data;
  const { secretSalt: _salt, ...meta } = event.meta;
  return { ...event, data: publicData, meta, redacted: true };
}

function zoneVisibleTo(zone: Zone | undefined, viewer: Viewer, everything: boolean): boolean {
  if (everything || !zone) return true;
  if (zone.visibility === 'public') return true;
  return zone.visibility === 'owner' && viewer.kind === 'seat' && zone.owner === viewer.seat;
}

/** The table as the viewer may see it: hidden zones show counts, deck orders are secret. */
export function viewTable(table: Table, viewer: Viewer, everything: boolean): TableView {
  const hiddenCounts = new Map<string, number>();
  const pieces: Table['pieces'] = {};
  for (const piece of Object.values(table.pieces)) {
    if (zoneVisibleTo(own(table.zones, piece.zone), viewer, everything))
      setOwn(pieces, piece.id, piece);
    else hiddenCounts.set(piece.zone, (hiddenCounts.get(piece.zone) ?? 0) + 1);
  }
  const zones: Record<string, ZoneView> = {};
  for (const zone of Object.values(table.zones)) {
    const hidden = hiddenCounts.get(zone.id);
    setOwn(zones, zone.id, hidden ? { ...zone, hiddenCount: hidden } : zone);
  }
  const decks: Record<string, DeckView> = {};
  for (const deck of Object.values(table.decks) as Deck[]) {
    setOwn(
      decks,
      deck.id,
      everything
        ? { id: deck.id, count: deck.order.length, order: deck.order }
        : { id: deck.id, count: deck.order.length },
    );
  }
  return { ...table, zones, pieces, decks };
}

/**
 * The last seq a spectator of a live public match may see: the match as it was before
 * the last `spectatorDelay` decisions.
 */
export function spectatorHorizon(
  state: Pick<MatchState, 'decisionSeqs' | 'spectatorDelay' | 'lastSeq'>,
): number {
  const { decisionSeqs, spectatorDelay, lastSeq } = state;
  if (spectatorDelay <= 0) return lastSeq;
  if (decisionSeqs.length < spectatorDelay)
    return decisionSeqs.length > 0 ? decisionSeqs[0] - 1 : lastSeq;
  return decisionSeqs[decisionSeqs.length - spectatorDelay] - 1;
}
