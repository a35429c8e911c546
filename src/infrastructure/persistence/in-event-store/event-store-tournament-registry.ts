import type {
  Tournament,
  TournamentRegistry,
} from '../../../application/ports/tournament-registry.port';
import type { StreamRecords } from './stream-records';

/** Tournaments and their owners in the event store (`tournament-<id>`), for every replica. */
export class EventStoreTournamentRegistry implements TournamentRegistry {
  constructor(private readonly records: StreamRecords) {}

  create(tournament: Tournament): Promise<boolean> {
    return this.records.create(`tournament-${tournament.tournamentId}`, 'TournamentRegistered', {
      ...tournament,
    });
  }

  get(tournamentId: string): Promise<Tournament | undefined> {
    return this.records.first<Tournament>(`tournament-${tournamentId}`);
  }
}
