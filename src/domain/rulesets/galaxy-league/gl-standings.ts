import { own } from '../../shared/id-record';
import type { Table } from '../../table/table';
import { territoryPoints } from './gl-economy';
import type { GalaxyLeagueState } from './gl-state';
import { otherTrack, trackValue, winsTrack } from './gl-tracks';

export interface StandingsRow {
  seat: string;
  faction: string;
  territory: number;
  wins: number;
  other: number;
  total: number;
  /** 1-based; players on equal totals share a place (the text gives no final tie-break). */
  place: number;
}

/**
 * «Итоговый счет игрока будет определяться суммой трех параметров»: territory points, one per
 * battle win, and «Другое» (technologies). Read at any seq, it is the standing so far.
 */
export function standingsOf(
  table: Readonly<Table>,
  rs: Readonly<GalaxyLeagueState>,
): StandingsRow[] {
  const rows = rs.order.map((seat) => {
    const territory = territoryPoints(rs, seat);
    const wins = trackValue(table, winsTrack(seat));
    const other = trackValue(table, otherTrack(seat));
    return {
      seat,
      faction: own(rs.players, seat)?.faction ?? '',
      territory,
      wins,
      other,
      total: territory + wins + other,
      place: 0,
    };
  });
  rows.sort((a, b) => b.total - a.total);
  rows.forEach((row, i) => {
    row.place = i > 0 && rows[i - 1].total === row.total ? rows[i - 1].place : i + 1;
  });
  return rows;
}
