import { isGender, type Gender } from './event-phrases';
import type { RecordedEvent } from '../events/recorded-event';
import type { Lang } from '../rulesets/ruleset';
import type { LocalizedText } from '../shared/localized-text';
import type { RulesetNaming } from './ruleset-naming';

/** Names of things as the events introduced them, for the log's sentences. */
export interface NameIndex {
  zones: Map<string, LocalizedText>;
  zoneOwners: Map<string, string>;
  pieceTypes: Map<string, string>;
  /** Pieces with a name of their own (a leader, a card once revealed). */
  pieceNames: Map<string, LocalizedText>;
  pieceOwners: Map<string, string>;
  fleets: Map<string, string>;
  tracks: Map<string, LocalizedText>;
  trackOwners: Map<string, string>;
  /** The players' names as they claimed their seats. */
  claims: { seat: string; name: string }[];
  /** The sides the ruleset's events give seats (RulesetNaming.seatSides). */
  sides: Map<string, LocalizedText>;
  /** The gender of a piece's Russian name, where its attributes give one (`gender`). */
  genders: Map<string, Gender>;
}

export function indexNames(
  events: readonly RecordedEvent[],
  words?: Pick<RulesetNaming, 'pieceNames' | 'seatSides'>,
): NameIndex {
  const names: NameIndex = {
    zones: new Map(),
    zoneOwners: new Map(),
    pieceTypes: new Map(),
    pieceNames: new Map(),
    pieceOwners: new Map(),
    fleets: new Map(),
    tracks: new Map(),
    trackOwners: new Map(),
    claims: [],
    sides: new Map(words?.seatSides?.(events) ?? []),
    genders: new Map(),
  };
  const ownName = (attrs: unknown): LocalizedText | undefined => {
    const name = (attrs as { name?: unknown } | undefined)?.name;
    if (typeof name === 'string') return { en: name, ru: name };
    if (name && typeof name === 'object' && typeof (name as LocalizedText).en === 'string')
      return name as LocalizedText;
    return undefined;
  };
  for (const { type, data } of events) {
    const d = (data ?? {}) as Record<string, unknown>;
    if (type === 'SeatClaimed' && typeof d.seat === 'string') {
      const player = (d.player as { name?: unknown } | undefined)?.name;
      if (typeof player === 'string' && player) names.claims.push({ seat: d.seat, name: player });
    }
    if (type === 'ZonesCreated' && Array.isArray(d.zones))
      for (const z of d.zones as { id: string; name?: LocalizedText; owner?: string }[]) {
        if (z?.name) names.zones.set(z.id, z.name);
        if (typeof z?.owner === 'string') names.zoneOwners.set(z.id, z.owner);
      }
    const created =
      type === 'PiecesCreated' && Array.isArray(d.pieces)
        ? [...d.pieces, ...secretList(d, 'pieces')]
        : type === 'CardsDrawn'
          ? secretList(d, 'cards')
          : [];
    if (created.length > 0)
      for (const p of created as {
        id: string;
        type: string;
        owner?: string;
        attrs?: unknown;
      }[]) {
        names.pieceTypes.set(p.id, p.type);
        if (p.owner) names.pieceOwners.set(p.id, p.owner);
        const own = ownName(p.attrs);
        if (own) names.pieceNames.set(p.id, own);
        const gender = (p.attrs as { gender?: unknown } | undefined)?.gender;
        if (isGender(gender)) names.genders.set(p.id, gender);
      }
    if (type === 'PieceChanged' && typeof d.piece === 'string') {
      if (typeof d.type === 'string') names.pieceTypes.set(d.piece, d.type);
      if (typeof d.owner === 'string') names.pieceOwners.set(d.piece, d.owner);
      const own = ownName(d.attrs);
      if (own) names.pieceNames.set(d.piece, own);
      const gender = (d.attrs as { gender?: unknown } | undefined)?.gender;
      if (isGender(gender)) names.genders.set(d.piece, gender);
    }
    if (type === 'CardsPlayed' && Array.isArray(d.pieces) && Array.isArray(d.types))
      (d.pieces as string[]).forEach((id, i) => {
        const t = (d.types as unknown[])[i];
        if (typeof t === 'string') names.pieceTypes.set(id, t);
      });
    if ((type === 'FleetFormed' || type === 'FleetChanged') && typeof d.name === 'string')
      names.fleets.set(d.fleet as string, d.name);
    if (type === 'TrackChanged' && typeof d.track === 'string') {
      if (d.name) names.tracks.set(d.track, d.name as LocalizedText);
      if (typeof d.owner === 'string') names.trackOwners.set(d.track, d.owner);
    }
  }
  // The ruleset's own events name pieces too (a deck's cards); recorded attributes win.
  for (const [piece, name] of words?.pieceNames?.(events) ?? [])
    if (!names.pieceNames.has(piece)) names.pieceNames.set(piece, name);
  return names;
}

export function localized(text: LocalizedText | undefined, lang: Lang): string | undefined {
  return text ? text[lang] || text.en : undefined;
}

/**
 * What a secret the reader sees says pieces are: setup pieces in hidden zones
 * (PiecesCreated's `pieces`), and what a draw of them drew (CardsDrawn's `cards`).
 */
function secretList(data: Record<string, unknown>, member: 'pieces' | 'cards'): unknown[] {
  const secret = data.secret as Record<string, unknown> | null | undefined;
  const list = secret !== null && typeof secret === 'object' ? secret[member] : undefined;
  return Array.isArray(list) ? list : [];
}
