import { deleteOwn, own, ownOrSet, setOwn } from '../shared/id-record';
import { lossZoneId, type Piece, type Table } from './table';
import type {
  CardsDrawnData,
  DeckShuffledData,
  FleetChangedData,
  PieceChangedData,
  TableEventMap,
} from './table-events';

/**
 * Applies one generic table event to `table`, in place, and never throws: every event
 * once stored must replay forever, so references to unknown pieces or zones are skipped.
 * It mutates for speed (a match folds millions of events); callers fold into a draft
 * they own (see `cloneTable`).
 */
export function evolveTable(table: Table, type: string, data: unknown, seq: number): void {
  const apply = own(handlers, type) as ((t: Table, d: unknown, seq: number) => void) | undefined;
  if (apply && data !== null && typeof data === 'object') apply(table, data, seq);
}

export function cloneTable(table: Table): Table {
  return structuredClone(table);
}

type Handlers = {
  [K in keyof TableEventMap]: (table: Table, data: TableEventMap[K], seq: number) => void;
};

const handlers: Handlers = {
  ZonesCreated(table, { zones }) {
    for (const spec of list(zones)) {
      if (typeof spec?.id !== 'string') continue;
      setOwn(table.zones, spec.id, {
        id: spec.id,
        kind: spec.kind,
        owner: spec.owner,
        name: spec.name,
        adjacency: [...(spec.adjacency ?? [])],
        visibility: spec.visibility ?? 'public',
        attrs: { ...spec.attrs },
      });
      if (spec.kind === 'deck') ownOrSet(table.decks, spec.id, () => ({ id: spec.id, order: [] }));
    }
  },
  PiecesCreated(table, { pieces, secret }) {
    // Setup pieces in hidden zones are the event's secret (absent where it was redacted).
    for (const spec of [...list(pieces), ...list(secret?.pieces)]) {
      if (typeof spec?.id !== 'string') continue;
      const piece: Piece = {
        id: spec.id,
        type: spec.type,
        owner: spec.owner,
        zone: spec.zone,
        status: spec.status ?? 'active',
        attrs: { ...spec.attrs },
      };
      setOwn(table.pieces, spec.id, piece);
      own(table.decks, spec.zone)?.order.push(spec.id);
    }
  },
  PiecesMoved(table, { pieces, to }) {
    for (const piece of known(table, pieces)) placePiece(table, piece, to);
  },
  PieceChanged(table, data: PieceChangedData) {
    const piece = own(table.pieces, data.piece);
    if (!piece) return;
    if (data.status) piece.status = data.status;
    if (data.type) piece.type = data.type;
    if (data.owner !== undefined) piece.owner = data.owner;
    for (const [key, value] of Object.entries(data.attrs ?? {})) {
      if (value === null) deleteOwn(piece.attrs, key);
      else setOwn(piece.attrs, key, value);
    }
  },
  PiecesDestroyed(table, { pieces, cause }, seq) {
    for (const piece of known(table, pieces)) {
      const owner = piece.owner ?? 'none';
      const cost = typeof piece.attrs.cost === 'number' ? piece.attrs.cost : undefined;
      ownOrSet(table.losses, owner, () => []).push({
        piece: piece.id,
        type: piece.type,
        cause,
        seq,
        ...(cost === undefined ? {} : { cost }),
      });
      leaveFleet(table, piece);
      placePiece(table, piece, lossZoneId(piece.owner));
      piece.status = 'destroyed';
    }
  },
  PiecesCaptured(table, { pieces, by, to }) {
    for (const piece of known(table, pieces)) {
      leaveFleet(table, piece);
      piece.status = 'captured';
      piece.capturedBy = by;
      if (to) placePiece(table, piece, to);
    }
  },
  PiecesRestored(table, { pieces, to }) {
    for (const piece of known(table, pieces)) {
      const pile = own(table.losses, piece.owner ?? 'none');
      if (pile) {
        const index = pile.findIndex((entry) => entry.piece === piece.id);
        if (index >= 0) pile.splice(index, 1);
      }
      delete piece.capturedBy;
      piece.status = 'active';
      placePiece(table, piece, to);
    }
  },
  FleetFormed(table, { fleet, owner, name, pieces }) {
    setOwn(table.fleets, fleet, { id: fleet, owner, name, pieces: [] });
    for (const piece of known(table, pieces)) joinFleet(table, piece, fleet);
  },
  FleetChanged(table, data: FleetChangedData) {
    const fleet = own(table.fleets, data.fleet);
    if (!fleet) return;
    if (data.name !== undefined) fleet.name = data.name;
    for (const piece of known(table, data.remove))
      if (piece.fleet === fleet.id) leaveFleet(table, piece);
    for (const piece of known(table, data.add)) joinFleet(table, piece, fleet.id);
  },
  FleetDisbanded(table, { fleet }) {
    for (const id of list(own(table.fleets, fleet)?.pieces)) {
      const piece = own(table.pieces, id);
      if (piece) delete piece.fleet;
    }
    deleteOwn(table.fleets, fleet);
  },
  TrackChanged(table, { track, owner, name, value }) {
    const existing = own(table.tracks, track);
    if (existing) {
      existing.value = value;
      if (name) existing.name = name;
    } else {
      setOwn(table.tracks, track, { id: track, owner, name, value });
    }
  },
  CardsDrawn(table, data: CardsDrawnData, seq) {
    const deck = own(table.decks, data.deck);
    if (!deck) return;
    const drawn = data.secret?.pieces ?? deck.order.slice(0, data.count);
    for (const piece of known(table, drawn)) placePiece(table, piece, data.to);
    const roll = data.roll;
    if (roll && typeof roll === 'object' && drawn.length === 1)
      table.lastRoll = {
        seq,
        purpose: String(roll.purpose),
        sides: [...list(roll.sides)],
        faces: [...list(roll.faces)],
        source: 'card',
        card: drawn[0],
        value: roll.value,
        combine: roll.combine,
        ...(roll.trigger ? { trigger: roll.trigger } : {}),
        ...(roll.triggerIgnored ? { triggerIgnored: true } : {}),
      };
  },
  CardsPlayed(table, { pieces, to }) {
    for (const piece of known(table, pieces)) placePiece(table, piece, to);
  },
  CardsDiscarded(table, { pieces, to }) {
    for (const piece of known(table, pieces)) placePiece(table, piece, to);
  },
  DeckShuffled(table, data: DeckShuffledData) {
    const deck = own(table.decks, data.deck);
    if (deck && data.secret) deck.order = [...list(data.secret.order)];
  },
  PhaseStarted(table, { phase, active, priority }) {
    table.turn.phase = phase;
    table.turn.active = [...list(active)];
    if (priority !== undefined) table.turn.priority = priority;
  },
  RoundStarted(table, { round, active, priority }) {
    table.turn.round = round;
    if (active) table.turn.active = [...active];
    if (priority !== undefined) table.turn.priority = priority;
  },
};

function list<T>(items: T[] | undefined): T[] {
  return Array.isArray(items) ? items : [];
}

function known(table: Table, ids: string[] | undefined): Piece[] {
  const pieces: Piece[] = [];
  for (const id of list(ids)) {
    const piece = typeof id === 'string' ? own(table.pieces, id) : undefined;
    if (piece) pieces.push(piece);
  }
  return pieces;
}

/** Moves a piece to a zone, keeping deck orders in step (leaving a deck removes it from the order). */
function placePiece(table: Table, piece: Piece, to: string): void {
  const fromDeck = own(table.decks, piece.zone);
  if (fromDeck && piece.zone !== to) {
    const index = fromDeck.order.indexOf(piece.id);
    if (index >= 0) fromDeck.order.splice(index, 1);
  }
  const toDeck = own(table.decks, to);
  if (toDeck && piece.zone !== to) toDeck.order.push(piece.id);
  piece.zone = to;
}

function joinFleet(table: Table, piece: Piece, fleetId: string): void {
  if (piece.fleet === fleetId) return;
  leaveFleet(table, piece);
  own(table.fleets, fleetId)?.pieces.push(piece.id);
  piece.fleet = fleetId;
}

function leaveFleet(table: Table, piece: Piece): void {
  if (!piece.fleet) return;
  const fleet = own(table.fleets, piece.fleet);
  if (fleet) fleet.pieces = fleet.pieces.filter((id) => id !== piece.id);
  delete piece.fleet;
}
