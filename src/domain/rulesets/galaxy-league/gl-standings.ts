import { own } from '../../shared/id-record';
import { factionRank } from './gl-factions';
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
  /**
   * 1-based. Players on equal totals share a place (the text gives no final tie-break), or
   * under option standingsTie «priority» the priority order gives each its own; under
   * «more-wins» more battle wins come first, and players equal in those too share it.
   */
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
  if (rs.standingsTie === 'priority') {
    // The round's priority order where it is set; before it is, the faction order (its next
    // step), then the seat order.
    const rank = (seat: string) => {
      const at = rs.priority.indexOf(seat);
      return at < 0 ? rs.priority.length : at;
    };
    rows.sort(
      (a, b) =>
        b.total - a.total ||
        rank(a.seat) - rank(b.seat) ||
        factionRank(a.faction) - factionRank(b.faction),
    );
    rows.forEach((row, i) => (row.place = i + 1));
    return rows;
  }
  const byWins = rs.standingsTie === 'more-wins';
  rows.sort((a, b) => b.total - a.total || (byWins ? b.wins - a.wins : 0));
  const equal = (a: StandingsRow, b: StandingsRow) =>
    a.total === b.total && (!byWins || a.wins === b.wins);
  rows.forEach((row, i) => {
    row.place = i > 0 && equal(rows[i - 1], row) ? rows[i - 1].place : i + 1;
  });
  return rows;
}
