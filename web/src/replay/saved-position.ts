import type { Position, PositionPiece } from '@domain/table/table-position';
import type { ClientTable } from './replay-engine';

/**
 * «Сохранить этот момент как позицию» (issue 45): the table the viewer sees at a seq, as a
 * starting position for `POST /matches`. What the viewer may not see (another seat's hand, a
 * deck's order before the end) is not in it: those pieces stay where the new match's setup
 * puts them. The ruleset's own part (`rules`: alliances, technologies) is not on the table;
 * the organizer adds it (see the game's page).
 */
export function positionOfTable(ct: ClientTable): Position {
  const { table } = ct;
  const pieces: PositionPiece[] = Object.values(table.pieces).map((piece) => ({
    id: piece.id,
    type: piece.type,
    ...(piece.owner === undefined ? {} : { owner: piece.owner }),
    zone: piece.zone,
    ...(piece.status === 'active' ? {} : { status: piece.status }),
    ...(piece.capturedBy === undefined ? {} : { capturedBy: piece.capturedBy }),
    ...(Object.keys(piece.attrs).length > 0 ? { attrs: structuredClone(piece.attrs) } : {}),
  }));
  // A deck's order is known to judges and to everyone after the end: it is laid out as it was.
  const decks =
    ct.deckCounts === null
      ? Object.values(table.decks)
          .filter((deck) => deck.order.length > 0)
          .map((deck) => ({ deck: deck.id, order: [...deck.order] }))
      : [];
  const inDecks = new Set(decks.flatMap((deck) => deck.order));
  return {
    pieces: pieces.filter((piece) => !inDecks.has(piece.id)),
    ...(decks.length > 0 ? { decks } : {}),
    tracks: Object.values(table.tracks).map((track) => ({
      id: track.id,
      ...(track.owner === undefined ? {} : { owner: track.owner }),
      value: track.value,
    })),
    turn: {
      round: table.turn.round,
      ...(table.turn.phase === undefined ? {} : { phase: table.turn.phase }),
      active: [...table.turn.active],
      ...(table.turn.priority === undefined ? {} : { priority: table.turn.priority }),
    },
  };
}

/** The organizer's page with the saved position in its form (`/new#ruleset=…&position=…`). */
export function newMatchLink(ruleset: string, position: Position): string {
  const params = new URLSearchParams({ ruleset, position: JSON.stringify(position) });
  return `/new#${params.toString()}`;
}
