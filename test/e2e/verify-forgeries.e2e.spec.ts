import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { saltedCommitment } from '../../src/domain/events/secret-commitment';
import type { RecordedEvent } from '../../src/domain/events/recorded-event';
import type { DiceRolledData } from '../../src/domain/match/match-events';
import { foldMatch } from '../../src/domain/match/evolve-match';
import { decideAbandon } from '../../src/domain/match/match-decider';
import { decideReveal, decideSeal } from '../../src/domain/match/sealed-decider';
import { isRejection } from '../../src/domain/rulesets/rule-violation';
import type { Ruleset } from '../../src/domain/rulesets/ruleset';
import { commandersPathRuleset } from '../../src/domain/rulesets/commanders-path/commanders-path.ruleset';
import { catalogCost, deckOf } from '../../src/domain/rulesets/commanders-path/testing/cp-kit';
import type { CpState } from '../../src/domain/rulesets/commanders-path/cp-state';
import { freeformRuleset } from '../../src/domain/rulesets/freeform/freeform.ruleset';
import { rexRuleset } from '../../src/domain/rulesets/rex/rex.ruleset';
import { advanceTo, seatsOf } from '../../src/domain/rulesets/rex/rex.testkit';
import { main } from '../../src/infrastructure/cli/matchlog';
import { forgedExport, newSigningKey, rederive } from '../support/forgery';
import { MatchHarness } from '../support/match-harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ROOT = join(__dirname, '../..');
const KEY = newSigningKey();

/** A seat seals a choice with a 128-bit salt; reveals come later. */
function sealed(h: MatchHarness, seat: string, kind: string, params: object, n: number) {
  const salt = n.toString(16).padStart(32, 'a');
  const decided = decideSeal(h.ruleset, h.state, {
    sealId: `seal-${seat}-${n}`,
    seat,
    kind,
    commitment: saltedCommitment(salt, params),
  });
  if (isRejection(decided)) throw new Error(decided.message);
  h.record(decided, { kind: 'seat', id: seat, seat });
  return () => {
    const revealed = decideReveal(
      h.ruleset,
      h.state,
      { sealId: `seal-${seat}-${n}`, seat, params, salt, decisionId: `reveal-${seat}-${n}` },
      h.seed,
    );
    if (isRejection(revealed)) throw new Error(revealed.message);
    h.record(revealed, { kind: 'seat', id: seat, seat }, `reveal-${seat}-${n}`);
  };
}

function abandon(h: MatchHarness): void {
  const decided = decideAbandon(h.state, 'the table was packed up', h.seed);
  if (isRejection(decided)) throw new Error(decided.message);
  h.record(decided, { kind: 'organizer', id: 'org-1' });
}

/** Freeform with server dice: rolls of two purposes, a shuffle, draws, sealed declarations. */
function freeformMatch(): MatchHarness {
  const h = new MatchHarness(freeformRuleset, 'forgery-freeform');
  h.started(
    [{ seat: 'red' }, { seat: 'blue' }],
    {
      options: { diceSource: 'server' },
      setup: {
        zones: [{ id: 'deck', kind: 'deck', visibility: 'nobody' }],
        pieces: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'].map((id) => ({ id, type: id, zone: 'deck' })),
      },
    },
    { red: 'red-entropy', blue: 'синий' },
  );
  h.play('red', 'roll', { dice: '2d6', purpose: 'attack' });
  h.play('blue', 'roll', { dice: '1d8', purpose: 'defence' });
  h.play('red', 'shuffle', { deck: 'deck' });
  h.play('red', 'draw', { deck: 'deck', count: 2 });
  h.play('red', 'roll', { dice: '3d6', purpose: 'attack' });
  const revealRed = sealed(h, 'red', 'declare', { topic: 'battle', choice: 'attack' }, 1);
  const revealBlue = sealed(h, 'blue', 'declare', { topic: 'battle', choice: 'retreat' }, 2);
  revealRed();
  revealBlue();
  h.play('blue', 'draw', { deck: 'deck', count: 1 });
  h.play('blue', 'roll', { dice: '2d6', purpose: 'defence' });
  h.play('red', 'roll', { dice: '1d6', purpose: 'attack' });
  h.play('blue', 'concede');
  return h;
}

/** Commanders Path with server shuffles and dice: decks dealt, an initiative tie rolled off. */
function commandersPathMatch(): MatchHarness {
  const h = new MatchHarness(commandersPathRuleset as Ruleset, 'forgery-cp');
  h.started([{ seat: 'red' }, { seat: 'blue' }], {
    options: { deckShuffle: 'server', diceSource: 'server' },
  });
  h.play('red', 'register-deck', deckOf([['exorcist', 1]], 'test-vel'));
  h.play('blue', 'register-deck', deckOf([['chimera', 1]], 'test-irma'));
  h.play('red', 'deal');
  h.play('blue', 'deal');
  h.play('red', 'redeal');
  // Equal spending ties the initiative, which server dice settle: each seat builds one card
  // of the same cost, found in its hand.
  const hand = (seat: string) =>
    Object.values(h.state.table.pieces)
      .filter((p) => p.zone === `hand:${seat}`)
      .map((p) => ({ card: p.id, pay: catalogCost((h.state.rs as CpState).cardOf[p.id]) }));
  const build = (seat: string, cost?: number) =>
    hand(seat)
      .filter((c) => cost === undefined || c.pay === cost)
      .find((c) => !isRejection(h.decide(seat, 'setup-spend', { builds: [c] })));
  const red = build('red')!;
  if (!build('blue', red.pay)) build('blue');
  for (let i = 0; i < 10 && h.state.table.turn.phase === 'initiative'; i += 1)
    for (const seat of ['red', 'blue']) h.decide(seat, 'roll-initiative', {});
  h.play('blue', 'concede');
  return h;
}

/** Rex with server-shuffled decks, played to its first battle, whose wheels are sealed and revealed. */
function rexMatch(): MatchHarness {
  const h = new MatchHarness(rexRuleset as Ruleset, 'forgery-rex');
  h.started(seatsOf('letnev', 'sol', 'hacan'), {
    setup: {
      fleetSector: 9,
      influenceDeck: [{ kind: 'standard', places: [{ location: 'archive-hall', amount: 2 }] }],
      factions: [
        { faction: 'letnev', placements: [{ location: 'imperial-fleet-base', troops: 4 }] },
        { faction: 'sol', placements: [{ location: 'imperial-fleet-base', troops: 6 }] },
      ],
    },
    options: { deckOrder: 'server' },
  });
  h.play('letnev', 'begin');
  advanceTo(h as never, 'combat');
  h.play('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'sol' });
  const letnev = sealed(
    h,
    'letnev',
    'battle-plan',
    { dial: 2, leader: 'leader:letnev:4', slot: 'attack-defense' },
    3,
  );
  const sol = sealed(
    h,
    'sol',
    'battle-plan',
    { dial: 4, leader: 'leader:sol:5', slot: 'attack' },
    4,
  );
  letnev();
  sol();
  abandon(h);
  return h;
}

interface Played {
  name: string;
  h: MatchHarness;
  events: RecordedEvent[];
  serverDice: boolean;
}

const matches: Played[] = [
  { name: 'freeform', h: freeformMatch(), serverDice: true },
  { name: 'commanders-path', h: commandersPathMatch(), serverDice: true },
  { name: 'rex', h: rexMatch(), serverDice: true },
].map((m) => ({ ...m, events: m.h.events }));

/** Forgery helpers: find a target, change it, and say which seq must fail. */
const serverRolls = (events: RecordedEvent[]) =>
  events.filter((e) => e.type === 'DiceRolled' && (e.data as DiceRolledData).source === 'server');
const ofType = (events: RecordedEvent[], type: string) => events.filter((e) => e.type === type);
const dataOf = (e: RecordedEvent) => e.data as Json;

interface Forgery {
  name: string;
  /** The forged events and the seq the verifier must name, or undefined if the match has no target. */
  forge(m: Played): { events: RecordedEvent[]; seq: number } | undefined;
  codes: string[];
}

const clone = (events: RecordedEvent[]) => events.map((e) => structuredClone(e));

const FORGERIES: Forgery[] = [
  {
    name: 'a server roll’s face changed',
    codes: ['forged_roll'],
    forge(m) {
      const target = serverRolls(m.events).at(-1);
      if (!target) return undefined;
      const events = clone(m.events);
      const roll = dataOf(events[target.seq]);
      roll.faces[0] = (roll.faces[0] % roll.sides[0]) + 1;
      return { events, seq: target.seq };
    },
  },
  {
    name: 'a server roll’s counter removed and its faces changed',
    codes: ['missing_counter'],
    forge(m) {
      const target = serverRolls(m.events).at(-1);
      if (!target) return undefined;
      const events = clone(m.events);
      const roll = dataOf(events[target.seq]);
      delete roll.k;
      roll.faces[0] = (roll.faces[0] % roll.sides[0]) + 1;
      return { events, seq: target.seq };
    },
  },
  {
    name: 'counters renumbered (a roll skips a k, faces re-derived)',
    codes: ['draw_sequence'],
    forge(m) {
      const target = serverRolls(m.events).at(-1);
      if (!target) return undefined;
      const events = clone(m.events);
      const roll = dataOf(events[target.seq]);
      const dice = rederive(m.h.seed, m.h.matchId, m.h.state.entropy);
      roll.k += 1;
      roll.faces = dice.roll(roll.purpose, roll.k, roll.sides);
      return { events, seq: target.seq };
    },
  },
  {
    name: 'a server roll relabelled as reported, with other faces',
    codes: ['dice_mode'],
    forge(m) {
      const target = serverRolls(m.events).at(-1);
      if (!target || !m.serverDice) return undefined;
      const events = clone(m.events);
      const roll = dataOf(events[target.seq]);
      delete roll.k;
      roll.source = 'reported';
      roll.reporter = events[target.seq].meta.actor.seat;
      roll.faces = roll.faces.map((f: number, i: number) => (f % roll.sides[i]) + 1);
      return { events, seq: target.seq };
    },
  },
  {
    name: 'a shuffle’s secret removed',
    codes: ['missing_secret'],
    forge(m) {
      const target = ofType(m.events, 'DeckShuffled')[0];
      if (!target) return undefined;
      const events = clone(m.events);
      delete dataOf(events[target.seq]).secret;
      return { events, seq: target.seq };
    },
  },
  {
    name: 'a shuffle’s order altered (secret and commitment redone)',
    codes: ['forged_shuffle'],
    forge(m) {
      const target = ofType(m.events, 'DeckShuffled').find(
        (e) => dataOf(e).secret.order.length > 1,
      );
      if (!target) return undefined;
      const events = clone(m.events);
      const order: string[] = dataOf(events[target.seq]).secret.order;
      [order[0], order[1]] = [order[1], order[0]];
      return { events, seq: target.seq };
    },
  },
  {
    name: 'MatchStarted’s entropy changed and every roll and shuffle re-derived with it',
    codes: ['entropy_mismatch'],
    forge(m) {
      const started = ofType(m.events, 'MatchStarted')[0];
      const events = clone(m.events);
      dataOf(events[started.seq]).entropy = 'operator-picked';
      const dice = rederive(m.h.seed, m.h.matchId, 'operator-picked');
      for (const e of events) {
        const d = dataOf(e);
        if (e.type === 'DiceRolled' && d.source === 'server')
          d.faces = dice.roll(d.purpose, d.k, d.sides);
        if (e.type === 'DeckShuffled') d.secret.order = dice.shuffle(d.deck, d.k, d.secret.before);
      }
      return { events, seq: started.seq };
    },
  },
  {
    name: 'a sealed decision revealed as another choice (reveal and decision rewritten)',
    codes: ['seal_mismatch'],
    forge(m) {
      const target = ofType(m.events, 'SealRevealed')[0];
      if (!target) return undefined;
      const events = clone(m.events);
      const reveal = dataOf(events[target.seq]);
      const changed = { ...reveal.params, forged: true };
      reveal.params = changed;
      const made = events.find(
        (e) => e.type === 'DecisionMade' && dataOf(e).sealId === reveal.sealId,
      )!;
      dataOf(made).params = changed;
      return { events, seq: target.seq };
    },
  },
  {
    name: 'a shuffle’s input order changed and its order re-derived from it',
    codes: ['shuffle_input', 'decision_mismatch'],
    forge(m) {
      const target = ofType(m.events, 'DeckShuffled').find(
        (e) => dataOf(e).secret.before.length > 1,
      );
      if (!target) return undefined;
      const events = clone(m.events);
      const d = dataOf(events[target.seq]);
      d.secret.before = [...d.secret.before].reverse();
      d.secret.order = rederive(m.h.seed, m.h.matchId, m.h.state.entropy).shuffle(
        d.deck,
        d.k,
        d.secret.before,
      );
      return { events, seq: target.seq };
    },
  },
  {
    name: 'a roll moved to another purpose, counters of both purposes renumbered and re-derived',
    codes: ['decision_mismatch'],
    forge(m) {
      const rolls = serverRolls(m.events);
      const target = rolls.at(-1);
      const other = rolls.find((r) => dataOf(r).purpose !== dataOf(target!).purpose);
      if (!target || !other) return undefined;
      const events = clone(m.events);
      const from = dataOf(target).purpose as string;
      const to = dataOf(other).purpose as string;
      const dice = rederive(m.h.seed, m.h.matchId, m.h.state.entropy);
      const next = new Map<string, number>();
      for (const e of events) {
        const d = dataOf(e);
        if (e.type !== 'DiceRolled' || d.source !== 'server') continue;
        if (e.seq === target.seq) d.purpose = to;
        if (d.purpose !== from && d.purpose !== to) continue;
        d.k = next.get(d.purpose) ?? 0;
        next.set(d.purpose, d.k + 1);
        d.faces = dice.roll(d.purpose, d.k, d.sides);
      }
      return { events, seq: target.seq };
    },
  },
  {
    name: 'a draw forged: another card of the deck instead of the top one',
    codes: ['draw_mismatch', 'decision_mismatch'],
    forge(m) {
      const target = ofType(m.events, 'CardsDrawn').find((e) => dataOf(e).secret);
      if (!target) return undefined;
      const deck = foldMatch(m.h.ruleset, m.h.matchId, m.events.slice(0, target.seq)).table.decks[
        dataOf(target).deck
      ].order;
      const count = dataOf(target).secret.pieces.length;
      if (deck.length <= count) return undefined;
      const events = clone(m.events);
      dataOf(events[target.seq]).secret.pieces[0] = deck[count];
      return { events, seq: target.seq };
    },
  },
  {
    name: 'a draw moved: the right cards taken in another order',
    codes: ['draw_mismatch', 'decision_mismatch'],
    forge(m) {
      const target = ofType(m.events, 'CardsDrawn').find(
        (e) => dataOf(e).secret && dataOf(e).secret.pieces.length > 1,
      );
      if (!target) return undefined;
      const events = clone(m.events);
      const pieces: string[] = dataOf(events[target.seq]).secret.pieces;
      [pieces[0], pieces[1]] = [pieces[1], pieces[0]];
      return { events, seq: target.seq };
    },
  },
  {
    name: 'a roll of another match spliced in, renamed to this match and given the next counter',
    codes: ['forged_roll', 'decision_mismatch'],
    forge(m) {
      const target = serverRolls(m.events).at(-1);
      const donor = matches.find((other) => other !== m && serverRolls(other.events).length > 0);
      if (!target || !donor) return undefined;
      const spliced = structuredClone(serverRolls(donor.events)[0]);
      spliced.matchId = m.h.matchId;
      Object.assign(dataOf(spliced), { purpose: dataOf(target).purpose, k: dataOf(target).k + 1 });
      const events = clone(m.events);
      events.splice(target.seq + 1, 0, spliced);
      return { events, seq: target.seq + 1 };
    },
  },
];

/** `matchlog verify FILE --key K --json` as a user runs it, in this process. */
async function verifyCli(
  file: string,
  ...extra: string[]
): Promise<{ code: number; verdict: Json }> {
  let out = '';
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  const err = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    const code = await main(['verify', file, '--key', KEY.publicKey, '--json', ...extra]);
    return { code, verdict: JSON.parse(out) as Json };
  } finally {
    write.mockRestore();
    err.mockRestore();
  }
}

describe('matchlog verify catches what a key holder could forge', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-forgeries-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, lines: string[]) => {
    const file = join(dir, `${name.replace(/[^a-z0-9]+/gi, '-')}.ndjson`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };

  it.each(matches.map((m) => [m.name, m] as const))(
    'verifies the honest %s match, re-chained and signed, through the CLI process',
    async (_name, m) => {
      expect(m.h.state.revealedSeed).toMatch(/^[0-9a-f]{64}$/);
      const file = write(`honest-${m.name}`, forgedExport(m.events, m.h.state.seats, KEY));
      const run = await new Promise<{ code: number; stdout: string }>((resolve) => {
        execFile(
          process.execPath,
          [
            '-r',
            '@swc-node/register',
            'src/infrastructure/cli/matchlog.ts',
            'verify',
            file,
            '--key',
            KEY.publicKey,
          ],
          { cwd: ROOT, timeout: 60_000 },
          (error, stdout) =>
            resolve({
              code: error ? (typeof error.code === 'number' ? error.code : -1) : 0,
              stdout,
            }),
        );
      });
      expect(run).toMatchObject({ code: 0, stdout: expect.stringMatching(/^OK: /) });
      const { verdict } = await verifyCli(file);
      expect(verdict).toMatchObject({ ok: true, dice: 'verified', pending: [] });
      expect(verdict.counts.shuffles).toBeGreaterThan(0);
    },
  );

  const rows = FORGERIES.flatMap((forgery) =>
    matches
      .map((m) => ({ forgery, m, forged: forgery.forge(m) }))
      .filter((row) => row.forged !== undefined)
      .map((row) => [`${row.forgery.name} (${row.m.name})`, row] as const),
  );

  it('has a target for every forgery in at least one match, and for most in every match', () => {
    for (const forgery of FORGERIES)
      expect(rows.some(([, row]) => row.forgery === forgery)).toBe(true);
    expect(rows.length).toBeGreaterThanOrEqual(FORGERIES.length * 2);
  });

  it.each(rows)('fails: %s', async (name, { forgery, m, forged }) => {
    const file = write(name, forgedExport(forged!.events, m.h.state.seats, KEY));
    const { code, verdict } = await verifyCli(file);
    expect(code).toBe(1);
    expect(verdict).toMatchObject({ ok: false, seq: forged!.seq });
    expect(forgery.codes).toContain(verdict.code);
  });
});
