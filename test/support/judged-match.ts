import { seatSessions, type Api, type Session } from './api-client';
import { ok } from './match-checks';

/** A started freeform match a judged e2e story plays: red's cruiser at north, blue's raider at south, a hidden deck. */
export interface JudgedMatch {
  id: string;
  red: Session;
  blue: Session;
  /** The match's head now. */
  seq(): Promise<number>;
}

/**
 * Created by `organizer` (in `tournamentId`, whose judges then judge it), Анна at red and
 * Борис at blue, started. `extra`: more of the create body (a dispute window).
 */
export async function startedJudgedMatch(
  api: Api,
  organizer: Session,
  tournamentId?: string,
  extra: { disputeWindowMinutes?: number } = {},
): Promise<JudgedMatch> {
  const created = ok(
    await api.client.POST('/api/v1/matches', {
      headers: organizer.headers,
      body: {
        ruleset: 'freeform',
        ...(tournamentId ? { tournamentId } : {}),
        seats: [{ seat: 'red' }, { seat: 'blue' }],
        setup: {
          zones: [
            { id: 'north', kind: 'location' },
            { id: 'south', kind: 'location' },
            { id: 'deck', kind: 'deck', visibility: 'nobody' },
          ],
          pieces: [
            { id: 'cruiser', type: 'Крейсер', owner: 'red', zone: 'north', attrs: { cost: 7 } },
            { id: 'raider', type: 'Raider', owner: 'blue', zone: 'south', attrs: { cost: 4 } },
            ...[1, 2, 3, 4].map((n) => ({ id: `card${n}`, type: `Card ${n}`, zone: 'deck' })),
          ],
        },
        ...extra,
      },
    }),
    201,
  );
  const id = created.matchId;
  const { red, blue } = seatSessions(created);
  for (const [seat, who, name] of [
    ['red', red, 'Анна'],
    ['blue', blue, 'Борис'],
  ] as const)
    ok(
      await api.client.POST('/api/v1/matches/{id}/seats/{seat}/claim', {
        headers: who.headers,
        params: { path: { id, seat } },
        body: { name },
      }),
      201,
    );
  ok(
    await api.client.POST('/api/v1/matches/{id}/start', {
      headers: red.headers,
      params: { path: { id } },
    }),
    201,
  );
  const seq = async () =>
    ok(
      await api.client.GET('/api/v1/matches/{id}', {
        headers: red.headers,
        params: { path: { id } },
      }),
    ).seq;
  return { id, red, blue, seq };
}
