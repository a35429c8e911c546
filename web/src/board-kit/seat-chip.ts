import { h, type JSX } from 'preact';
import { ownerColour } from '../session';
import type { BoardCtx } from './board-ctx';

export function SeatChip({ seat, ctx }: { seat: string; ctx: BoardCtx }): JSX.Element {
  return h(
    'span',
    { class: 'seat-chip', 'data-seat': seat, style: { '--owner': ownerColour(seat, ctx.seats) } },
    ctx.phraser.seats.full(seat, ctx.lang),
  );
}

export function seatName(seat: string, ctx: BoardCtx): string {
  return ctx.phraser.seats.seat(seat, ctx.lang);
}
