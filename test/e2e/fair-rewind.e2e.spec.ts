import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '../../src/domain/events/recorded-event';
import type { components } from '../../web/src/api/matchlog-api';
import { illustrativeDeck } from '../../src/domain/rulesets/combat-commander/cc-cards';
import {
  anyDecision,
  asNewOrganizer,
  createApi,
  newTournamentJudge,
  type Api,
  type Session,
} from '../support/api-client';
import { forgedExport, newSigningKey } from '../support/forgery';
import { claimSeatsAndStart, expectProblem, ok } from '../support/match-checks';
import { startTestApp, type TestApp } from '../support/test-app';
import { verifyCli } from '../support/verify-cli';

/**
 * A fair rewind in Combat Commander, whose dice are Fate cards: a judge rewinds a match across
 * draws and card rolls; the ruling's write shuffles the decks the voided branch drew from, so
 * the same decisions repeated draw other cards, and the export verifies the new shuffles like
 * any other (a forged one fails).
 */

type Seat = 'axis' | 'allies';
type RecordedResult = components['schemas']['RecordedResultDto'];
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const eventsOf = (text: string): RecordedEvent[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { kind: string; event?: RecordedEvent })
    .flatMap((line) => (line.kind === 'event' && line.event ? [line.event] : []));

/** The cards an answer shows its seat drawn (its own draws and every card roll), in order. */
const drawnIn = (result: RecordedResult): string[] =>
  result.events
    .filter((e) => e.type === 'CardsDrawn')
    .flatMap((e) => ((e.data as Json).secret?.pieces as string[] | undefined) ?? ['(hidden)']);

describe('a fair rewind across Combat Commander draws and card rolls', () => {
  let app: TestApp;
  let api: Api;
  let matchId: string;
  let seats: Record<Seat, Session>;
  let judge: Session;
  let dir: string;

  const decide = async (seat: Seat, kind: string, params: Record<string, unknown> = {}) =>
    ok(
      await api.client.POST('/api/v1/matches/{id}/decisions', {
        headers: seats[seat].headers,
        params: { path: { id: matchId } },
        body: anyDecision({ kind, params }),
      }),
      201,
    );
  const hand = async (seat: Seat) => {
    const { table } = ok(
      await api.client.GET('/api/v1/matches/{id}/state', {
        headers: seats[seat].headers,
        params: { path: { id: matchId } },
      }),
    ) as unknown as { table: { pieces: Record<string, { id: string; zone: string }> } };
    return Object.values(table.pieces)
      .filter((p) => p.zone === `hand:${seat}`)
      .map((p) => p.id)
      .sort();
  };

  /** The branch the judge will take back, played again the same way after the rewind. */
  async function branch(): Promise<{ drawn: string[]; first: number }> {
    const [card] = await hand('axis');
    const order = await decide('axis', 'order', { card, units: ['de-squad-1'] });
    const ended = await decide('axis', 'end-turn');
    const rolls = [await decide('allies', 'roll', { purpose: 'other' })];
    rolls.push(await decide('allies', 'roll', { purpose: 'other' }));
    return {
      drawn: [ended, ...rolls].flatMap(drawnIn),
      first: order.events[0].seq,
    };
  }

  beforeAll(async () => {
    app = await startTestApp();
    api = await createApi(app.url);
    dir = mkdtempSync(join(tmpdir(), 'matchlog-fair-rewind-'));
    const organizer = await asNewOrganizer(api, 'Клуб «Боевой командир»');
    judge = await newTournamentJudge(
      api,
      organizer,
      { tournamentId: 'cc-fair', name: 'Кубок «Честный возврат»' },
      'Судья Петрова',
    );
    const created = ok(
      await api.client.POST('/api/v1/matches', {
        headers: organizer.headers,
        body: {
          ruleset: 'combat-commander',
          tournamentId: 'cc-fair',
          title: 'Возврат через карты Судьбы',
          seats: [{ seat: 'axis' }, { seat: 'allies' }],
          setup: { decks: [{ nationality: 'germany', cards: illustrativeDeck('germany') }] },
        },
      }),
      201,
    );
    matchId = created.matchId;
    seats = (await claimSeatsAndStart(api, created, organizer, (s) =>
      s === 'axis' ? 'Ганс' : 'Иван',
    )) as Record<Seat, Session>;
  });

  afterAll(async () => {
    await app?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reshuffles what the voided branch revealed: the preview says so, and the same decisions draw other cards', async () => {
    const begun = await decide('axis', 'begin');
    const toSeq = begun.events.at(-1)!.seq;
    const voided = await branch();
    expect(voided.drawn.length).toBeGreaterThanOrEqual(3);
    expect(voided.drawn).not.toContain('(hidden)');

    const { disputeId } = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes', {
        headers: seats.allies.headers,
        params: { path: { id: matchId } },
        body: { atSeq: voided.first, claim: 'Приказ отдан не тем отделением', ruleRef: '§6' },
      }),
      201,
    );
    const ruling = (remedy: components['schemas']['RemedyDto']) => ({
      decision: 'upheld' as const,
      rationale: 'Приказ отдан по ошибке: возвращаемся к началу хода',
      ruleRef: '§6',
      remedy,
    });
    const preview = (body: components['schemas']['RulingDto'], language = 'ru') =>
      api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/ruling/dry-run', {
        headers: { ...judge.headers, 'accept-language': language },
        params: { path: { id: matchId, disputeId } },
        body,
      });

    // Keeping the order needs a reason, in the reader's language; nothing is recorded.
    await expectProblem(
      await preview(ruling({ kind: 'rewind', toSeq, cardOrder: 'keep' })),
      400,
      'invalid-params',
      'Чтобы оставить порядок карт, открытых на отменяемой ветке, укажите причину',
    );

    const previewed = ok(await preview(ruling({ kind: 'rewind', toSeq })));
    const branchView = previewed.voidedBranch as Json;
    expect(branchView.cards).toBe('reshuffle');
    expect(branchView.reshuffled).toEqual(
      ['fate:axis', 'fate:allies'].filter((d) =>
        (branchView.decks as Json[]).some((entry) => entry.deck === d),
      ),
    );
    const total = (branchView.decks as Json[]).reduce((n, d) => n + (d.cards as number), 0);
    const rolls = (branchView.decks as Json[]).reduce((n, d) => n + (d.cardRolls as number), 0);
    expect(total).toBe(voided.drawn.length);
    expect(rolls).toBe(2);
    expect(branchView.summary.ru).toContain('(из них бросков: 2)');
    expect(branchView.summary.ru).toContain('Серверные кубики никогда не повторяют счётчик');
    // The new order is not shown to the judge before it is recorded.
    const shuffles = (previewed.events ?? []).filter((e) => e.type === 'DeckShuffled');
    expect(shuffles.length).toBe((branchView.reshuffled as string[]).length);
    for (const shuffle of shuffles) expect(shuffle.data).not.toHaveProperty('secret');
    const decks = (previewed.table as Json).decks as Record<string, Json>;
    for (const deck of branchView.reshuffled as string[]) expect(decks[deck].order).toBeUndefined();

    const issued = ok(
      await api.client.POST('/api/v1/matches/{id}/disputes/{disputeId}/ruling', {
        headers: judge.headers,
        params: { path: { id: matchId, disputeId } },
        body: ruling({ kind: 'rewind', toSeq }),
      }),
      201,
    );
    expect(issued.events.map((e) => e.type)).toEqual([
      'RulingIssued',
      'TimelineRewound',
      ...shuffles.map(() => 'DeckShuffled'),
    ]);
    expect((issued.events[0].data as Json).remedy).toEqual({
      kind: 'rewind',
      toSeq,
      cards: { order: 'reshuffle' },
    });

    // Other cards (how many depends on them: a Fate card may trigger another draw).
    const replayed = await branch();
    expect(replayed.drawn.length).toBeGreaterThanOrEqual(3);
    expect(replayed.drawn).not.toEqual(voided.drawn);
  });

  it('the export verifies the reshuffles like any other; a forged reshuffle fails', async () => {
    const stated = await decide('axis', 'state-outcome', {
      about: 'victory',
      effects: [{ kind: 'end', seat: 'allies' }],
      note: 'Конец учебного боя',
    });
    const id = (stated.events.find((e) => e.type === 'OutcomeStated')?.data as Json).id as string;
    await decide('allies', 'confirm-outcome', { id });
    const response = await api.fetchChecked(
      '/api/v1/matches/{id}/export',
      `/api/v1/matches/${matchId}/export`,
      { headers: seats.allies.headers },
    );
    expect(response.status).toBe(200);
    const text = await response.text();
    const file = join(dir, 'fair-rewind.ndjson');
    writeFileSync(file, text);
    const events = eventsOf(text);
    const rewound = events.find((e) => e.type === 'TimelineRewound')!;
    const reshuffle = events[rewound.seq + 1];
    expect(reshuffle.type).toBe('DeckShuffled');

    const run = await verifyCli(file, '--json');
    expect(run.code).toBe(0);
    const verdict = JSON.parse(run.stdout) as Json;
    expect(verdict).toMatchObject({ ok: true, matchId, dice: 'verified' });
    expect(verdict.counts.shuffles).toBe(events.filter((e) => e.type === 'DeckShuffled').length);

    // A key holder puts the old order back under the reshuffle (the players' known future),
    // re-chains and re-signs: the shuffle no longer follows from the seed.
    const header = JSON.parse(text.split('\n')[0]) as Json;
    const forged = events.map((e) =>
      e.seq === reshuffle.seq
        ? {
            ...e,
            data: {
              ...(e.data as Json),
              secret: { ...(e.data as Json).secret, order: (e.data as Json).secret.before },
            },
          }
        : e,
    );
    const forgedFile = join(dir, 'fair-rewind-forged.ndjson');
    writeFileSync(
      forgedFile,
      `${forgedExport(forged, header.seats, newSigningKey()).join('\n')}\n`,
    );
    const caught = await verifyCli(forgedFile);
    expect(caught.code).not.toBe(0);
    expect(caught.stdout).toMatch(/^FAIL/);
    expect(caught.stdout).toContain(`seq ${reshuffle.seq}`);

    // The reshuffle dropped altogether (the rest renumbered, re-chained, re-signed): the ruling
    // still owes it.
    const dropped = events.filter((e) => e.seq !== reshuffle.seq);
    const droppedFile = join(dir, 'fair-rewind-dropped.ndjson');
    writeFileSync(
      droppedFile,
      `${forgedExport(dropped, header.seats, newSigningKey()).join('\n')}\n`,
    );
    const missing = await verifyCli(droppedFile);
    expect(missing.code).not.toBe(0);
    expect(missing.stdout).toMatch(/^FAIL/);
  });
});
