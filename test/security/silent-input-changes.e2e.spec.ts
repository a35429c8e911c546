import type { components } from '../../web/src/api/matchlog-api';
import {
  asNewOrganizer,
  createApi,
  anyDecision,
  type Api,
  type Session,
} from '../support/api-client';
import {
  auditOf,
  expectProblem,
  ok,
  startedFreeform,
  type StartedFreeform,
} from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';

/**
 * Input the slow validation path once accepted in another shape than it was sent: an array
 * where one nested object is declared (class-validator's @ValidateNested walks arrays), and a
 * key named `prototype` at any depth (Nest's ValidationPipe deletes it before validating).
 * Each is refused with 400 naming the member or the key's path, and the match's stream does
 * not move.
 */
describe('input that validation would change or take in another shape', () => {
  let app: TestApp;
  let api: Api;
  let a: StartedFreeform;

  const decide = (who: Session, body: components['schemas']['DecisionDto']) =>
    api.client.POST('/api/v1/matches/{id}/decisions', {
      headers: who.headers,
      params: { path: { id: a.matchId } },
      body: anyDecision(body),
    });

  const seqOf = async (matchId: string) =>
    ok(
      await api.client.GET('/api/v1/matches/{id}', {
        headers: a.seats.red.headers,
        params: { path: { id: matchId } },
      }),
    ).seq;

  /** Runs `bad` and asserts that the match's last seq and its whole stream are as they were. */
  async function streamUnchanged(bad: () => Promise<void>): Promise<void> {
    const seq = await seqOf(a.matchId);
    const audit = await auditOf(api, a.matchId);
    await bad();
    expect(await seqOf(a.matchId)).toBe(seq);
    expect(await auditOf(api, a.matchId)).toEqual(audit);
  }

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    a = await startedFreeform(api, 'Клуб «Формы»');
  });
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => {
    expect(api.checks.failures).toEqual([]);
  });

  it('refuses an array, a string or a number where one nested object is declared (400 naming the member)', async () => {
    await streamUnchanged(async () => {
      for (const name of [[], [{ en: 'Moves', ru: 'Ходы' }], 'Ходы', 3]) {
        const problem = await expectProblem(
          await decide(a.seats.red, {
            kind: 'change-track',
            params: { track: 'move', delta: 1, name },
          }),
          400,
          'invalid-params',
          'name: name must be an object',
        );
        expect(problem.errors).toContainEqual({
          path: 'name',
          messages: expect.arrayContaining(['name must be an object']),
        });
      }
      await expectProblem(
        await decide(a.seats.red, {
          kind: 'create-zones',
          params: { zones: [{ id: 'east', kind: 'sector', name: [] }] },
        }),
        400,
        'invalid-params',
        'zones.0.name: name must be an object',
      );
    });
    // The same decision with one object is recorded.
    const seq = await seqOf(a.matchId);
    ok(
      await decide(a.seats.red, {
        kind: 'change-track',
        params: { track: 'move', delta: 1, name: { en: 'Moves', ru: 'Ходы' } },
      }),
      201,
    );
    expect(await seqOf(a.matchId)).toBeGreaterThan(seq);
  });

  it('refuses an array as a setup member that holds one object (a rex map)', async () => {
    const organizer = await asNewOrganizer(api, 'Клуб «Карта»');
    await expectProblem(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'rex',
          seats: [
            { seat: 'red', faction: 'sol' },
            { seat: 'blue', faction: 'hacan' },
            { seat: 'green', faction: 'lazax' },
          ],
          setup: { map: [] },
        },
      }),
      400,
      'invalid-params',
      'map: map must be an object',
    );
  });

  it('refuses a key named prototype anywhere in a decision (400 naming its path), recording nothing', async () => {
    await streamUnchanged(async () => {
      const problem = await expectProblem(
        await decide(a.seats.red, {
          kind: 'change-piece',
          params: { piece: 'c1', attrs: { prototype: 1 } },
        }),
        400,
        'invalid-body',
        'params.attrs.prototype is a key named prototype',
      );
      expect(problem.errors).toEqual([
        {
          path: 'params.attrs.prototype',
          messages: [expect.stringContaining('choose another key')],
        },
      ]);
      await expectProblem(
        await decide(a.seats.red, {
          kind: 'create-zones',
          params: { zones: [{ id: 'east', kind: 'sector', prototype: { en: 'x', ru: 'y' } }] },
        }),
        400,
        'invalid-body',
        'params.zones.0.prototype is a key named prototype',
      );
    });
    // Any other key is kept as sent.
    ok(
      await decide(a.seats.red, {
        kind: 'change-piece',
        params: { piece: 'c1', attrs: { prototypes: 1 } },
      }),
      201,
    );
    const state = ok(
      await api.client.GET('/api/v1/matches/{id}/state', {
        headers: a.seats.red.headers,
        params: { path: { id: a.matchId } },
      }),
      200,
    );
    const table = state.table as unknown as { pieces: Record<string, { attrs?: unknown }> };
    expect(table.pieces.c1.attrs).toMatchObject({ prototypes: 1 });
  });

  it('refuses a key named prototype in the setup of a new match (400 naming its path)', async () => {
    const organizer = await asNewOrganizer(api, 'Клуб «Ключи»');
    await expectProblem(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'freeform',
          seats: [{ seat: 'red' }, { seat: 'blue' }],
          setup: { pieces: [{ id: 'c1', type: 'cruiser', attrs: { prototype: 7 } }] },
        },
      }),
      400,
      'invalid-body',
      'setup.pieces.0.attrs.prototype is a key named prototype',
    );
  });
});
