import type { NewEvent, Visibility } from '../events/recorded-event';
import { seatName } from '../rulesets/kit/seat-name';
import { violation, type RuleViolation } from '../rulesets/rule-violation';
import { own } from '../shared/id-record';
import type { LocalizedText } from '../shared/localized-text';
import type { Table, Zone } from '../table/table';
import { lossZoneId } from '../table/table';
import type {
  CardsDrawnData,
  FleetChangedData,
  FleetFormedData,
  PieceChangedData,
  PiecesCapturedData,
  PiecesCreatedData,
  PiecesDestroyedData,
  PiecesMovedData,
  PieceSpec,
  ZonesCreatedData,
} from '../table/table-events';
import { tableEvent } from '../table/table-events';
import type { SeatState } from './match-state';

/**
 * Hidden stays hidden (DESIGN section 7): a seat's decision may not touch a piece in a zone
 * that seat cannot see (another seat's `owner` zone, any `nobody` zone). Checked once, by the
 * engine, on the events every decision of every ruleset produces, so no decision kind can
 * forget it. What the rules themselves do with hidden pieces stays allowed:
 * - a draw (`CardsDrawn`) and a shuffle (`DeckShuffled`) are the table's own hidden operations;
 * - a ruleset that moves hidden pieces as its rules say (a deal, a card won at auction, a
 *   card taken at random) marks those events with `sanctionHidden` (the kit's `dealt`);
 * - a judge recording a corrective decision is not checked at all (`judgeRecorded`).
 */

/** Whether a seat cannot see what lies in the zone: another seat's `owner` zone, or a `nobody` zone. */
export function hiddenFrom(
  zone: Pick<Zone, 'visibility' | 'owner'> | undefined,
  seat: string,
): boolean {
  if (!zone || zone.visibility === 'public' || zone.visibility === undefined) return false;
  return !(zone.visibility === 'owner' && zone.owner === seat);
}

/** Why the engine refuses: the rule, quoted where a judge or a player reads it. */
export const HIDDEN_ZONE_RULE_REF =
  "DESIGN §7 «Views and hidden information»: secret fields are redacted for viewers who may not see them; freeform: «Cards played or discarded must be in the acting seat's own zones (or a public one)» — «Карты играют и сбрасывают только из своих зон (или открытых)»";

/**
 * The refusal, in both languages. The zone is not named: which hidden zone holds a piece is
 * itself hidden. The seat's name stays in the nominative (a player's name is not declined).
 */
export function hiddenPieceMessage(seatName: string, pieces: readonly string[]): LocalizedText {
  const list = pieces.join(', ');
  const many = pieces.length > 1;
  return {
    en:
      `${seatName} cannot move, change, destroy or capture ${many ? 'pieces' : 'piece'} ${list}: ` +
      `${many ? 'they lie' : 'it lies'} in a zone ${seatName} cannot see (another seat's hand or hidden zone, or a face-down deck). ` +
      'A hidden piece leaves its zone only as the rules allow (a draw from a deck, a card played or discarded from one’s own hand); ' +
      'to correct the table, ask a judge for a corrective ruling.',
    ru:
      `${seatName} не может перемещать, изменять, уничтожать или захватывать ${many ? 'фигуры' : 'фигуру'} ${list}: ` +
      `${many ? 'они лежат' : 'она лежит'} в зоне, которую ${seatName} не видит (в руке или скрытой зоне другого игрока либо в закрытой колоде). ` +
      'Скрытая фигура покидает свою зону только по правилам (взятие из колоды, розыгрыш или сброс карты из своей руки); ' +
      'чтобы исправить стол, попросите судью вынести корректирующее решение.',
  };
}

/** An event a ruleset's rules allow to take pieces out of hidden zones (a deal, an auction won). */
export interface SanctionedHidden {
  sanctionHidden?: true;
}

/** Events whose pieces leave, change in or vanish from their zones, by the member naming them. */
const TOUCHING: Record<string, (data: never) => readonly unknown[] | undefined> = {
  PiecesMoved: (d: PiecesMovedData) => d.pieces,
  CardsPlayed: (d: PiecesMovedData) => d.pieces,
  CardsDiscarded: (d: PiecesMovedData) => d.pieces,
  PieceChanged: (d: PieceChangedData) => [d.piece],
  PiecesDestroyed: (d: PiecesDestroyedData) => d.pieces,
  PiecesCaptured: (d: PiecesCapturedData) => d.pieces,
  PiecesRestored: (d: PiecesMovedData) => d.pieces,
  FleetFormed: (d: FleetFormedData) => d.pieces,
  FleetChanged: (d: FleetChangedData) => [...(d.add ?? []), ...(d.remove ?? [])],
};

/** Where each touched piece ends up after the event (undefined: where it was). */
function destination(
  type: string,
  data: Record<string, unknown>,
  owner: string | undefined,
): string | undefined {
  if (type === 'PiecesDestroyed') return lossZoneId(owner);
  if (type === 'PieceChanged' || type.startsWith('Fleet')) return undefined;
  return typeof data.to === 'string' ? data.to : undefined;
}

/**
 * The refusal for a seat's decision whose events touch a piece hidden from the seat, or
 * undefined. The events are followed in order over the table as it was before the decision
 * (a card drawn into the seat's hand may then be played by the same decision).
 */
export function hiddenTouchRefusal(
  table: Readonly<Table>,
  seat: string,
  seats: readonly SeatState[],
  events: readonly NewEvent[],
): RuleViolation | undefined {
  const zoneOf = new Map<string, string>();
  const ownerOf = new Map<string, string | undefined>();
  const newZones = new Map<string, Pick<Zone, 'visibility' | 'owner'>>();
  const currentZone = (piece: string): string | undefined =>
    zoneOf.get(piece) ?? own(table.pieces, piece)?.zone;
  const hidden = (zoneId: string | undefined): boolean =>
    zoneId !== undefined && hiddenFrom(newZones.get(zoneId) ?? own(table.zones, zoneId), seat);
  for (const event of events) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    if (event.type === 'ZonesCreated') {
      for (const zone of list((data as unknown as ZonesCreatedData).zones))
        if (typeof zone?.id === 'string')
          newZones.set(zone.id, { visibility: zone.visibility ?? 'public', owner: zone.owner });
      continue;
    }
    if (event.type === 'PiecesCreated') {
      const created = data as unknown as PiecesCreatedData;
      for (const piece of [...list(created.pieces), ...list(created.secret?.pieces)])
        if (typeof piece?.id === 'string') {
          zoneOf.set(piece.id, piece.zone);
          ownerOf.set(piece.id, piece.owner);
        }
      continue;
    }
    if (event.type === 'CardsDrawn') {
      const drawn = data as unknown as CardsDrawnData;
      const deck = own(table.decks, String(drawn.deck));
      const pieces = drawn.secret?.pieces ?? deck?.order.slice(0, drawn.count) ?? [];
      for (const piece of pieces) zoneOf.set(piece, String(drawn.to));
      continue;
    }
    const touched = own(TOUCHING, event.type) as
      ((d: Record<string, unknown>) => readonly unknown[] | undefined) | undefined;
    if (!touched) continue;
    const pieces = list(touched(data)).filter((p): p is string => typeof p === 'string');
    if (!(event as SanctionedHidden).sanctionHidden) {
      const seen = pieces.filter((piece) => hidden(currentZone(piece)));
      if (seen.length > 0) {
        const name = seatName({ seats }, seat).en;
        return violation('hidden_piece', hiddenPieceMessage(name, seen), HIDDEN_ZONE_RULE_REF);
      }
    }
    for (const piece of pieces) {
      const owner = ownerOf.has(piece) ? ownerOf.get(piece) : own(table.pieces, piece)?.owner;
      const to = destination(event.type, data, owner);
      if (to !== undefined) zoneOf.set(piece, to);
    }
  }
  return undefined;
}

function list<T>(items: readonly T[] | undefined): readonly T[] {
  return Array.isArray(items) ? items : [];
}

/**
 * Setup pieces in hidden zones, committed like drawn cards: each `PiecesCreated` of the setup
 * keeps its public pieces; the pieces placed in a zone hidden from some seat go, in their
 * order (a deck's starting order), into one `PiecesCreated` per audience whose `secret` the
 * chain commits to with a salt: seen by the zone's owner (`seat:<owner>`) for an `owner`
 * zone, by judges only for a `nobody` zone, by everyone once the match has ended. Their
 * public part says only how many pieces each zone received. Also returns the hidden ids, for
 * the ruleset to leave out of the setup params MatchCreated records (`Ruleset.publicSetup`).
 */
export function commitHiddenSetup(
  events: readonly NewEvent[],
  seatIds: readonly string[],
): { events: NewEvent[]; hiddenPieces: Set<string> } {
  const zones = new Map<string, Pick<Zone, 'visibility' | 'owner'>>();
  const hiddenPieces = new Set<string>();
  const out: NewEvent[] = [];
  for (const event of events) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    if (event.type === 'ZonesCreated')
      for (const zone of list((data as unknown as ZonesCreatedData).zones))
        if (typeof zone?.id === 'string')
          zones.set(zone.id, { visibility: zone.visibility ?? 'public', owner: zone.owner });
    const created = data as unknown as PiecesCreatedData;
    if (event.type !== 'PiecesCreated' || created.secret !== undefined || event.visibility) {
      out.push(event);
      continue;
    }
    const shown: PieceSpec[] = [];
    const byAudience = new Map<Visibility, PieceSpec[]>();
    for (const piece of list(created.pieces)) {
      const zone = zones.get(piece?.zone);
      if (!zone || zone.visibility === 'public') {
        shown.push(piece);
        continue;
      }
      const audience: Visibility =
        zone.visibility === 'owner' && zone.owner !== undefined && seatIds.includes(zone.owner)
          ? `seat:${zone.owner}`
          : 'judges';
      byAudience.set(audience, [...(byAudience.get(audience) ?? []), piece]);
      hiddenPieces.add(piece.id);
    }
    if (byAudience.size === 0) {
      out.push(event);
      continue;
    }
    if (shown.length > 0) out.push({ ...event, data: { ...created, pieces: shown } });
    for (const [audience, pieces] of byAudience) {
      const counts = new Map<string, number>();
      for (const piece of pieces) counts.set(piece.zone, (counts.get(piece.zone) ?? 0) + 1);
      const hidden = [...counts].map(([zone, count]) => ({ zone, count }));
      out.push(tableEvent('PiecesCreated', { pieces: [], hidden, secret: { pieces } }, audience));
    }
  }
  return { events: out, hiddenPieces };
}

/**
 * A draw of pieces the setup committed tells whoever sees the draw what they are (their
 * specs beside their ids in the draw's secret): their creation was shown to judges only.
 * Decided, not folded, so a log recorded before stays as it was.
 */
export function withDrawnCards(table: Readonly<Table>, event: NewEvent): NewEvent {
  if (event.type !== 'CardsDrawn') return event;
  const data = event.data as CardsDrawnData;
  if (!data?.secret || !Array.isArray(data.secret.pieces) || data.secret.cards) return event;
  const cards: PieceSpec[] = [];
  for (const id of data.secret.pieces) {
    const piece = own(table.pieces, id);
    if (!piece) continue;
    cards.push({
      id,
      type: piece.type,
      ...(piece.owner === undefined ? {} : { owner: piece.owner }),
      zone: String(data.to),
      ...(Object.keys(piece.attrs).length > 0 ? { attrs: structuredClone(piece.attrs) } : {}),
    });
  }
  return { ...event, data: { ...data, secret: { ...data.secret, cards } } };
}
