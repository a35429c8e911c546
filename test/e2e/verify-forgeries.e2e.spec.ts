import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { canonicalJson } from '../../src/domain/events/canonical-json';
import { saltedCommitment } from '../../src/domain/events/secret-commitment';
import type { Receipt } from '../../src/domain/export/receipt';
import { NO_RECEIPTS, verifyExport } from '../../src/domain/export/verify-export';
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
import { ruledMatch, signedReceipt } from '../support/ruled-match';
import { MatchHarness } from '../support/match-harness';
import { verifyCli as verifyProcess } from '../support/verify-cli';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

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
    name: 'the header’s dice made "either", then a server roll relabelled as reported',
    codes: ['dice_mode'],
    forge(m) {
      const target = serverRolls(m.events).at(-1);
      if (!target || !m.serverDice) return undefined;
      const events = clone(m.events);
      dataOf(events[0]).dice = { default: 'either' };
      const roll = dataOf(events[target.seq]);
      delete roll.k;
      roll.source = 'reported';
      roll.reporter = events[target.seq].meta.actor.seat;
      roll.faces = roll.faces.map((f: number, i: number) => (f % roll.sides[i]) + 1);
      // Caught at the header, before any roll: the options never gave these dice.
      return { events, seq: 0 };
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

/** The receipt the server answered a write with, whose last event is `event`. */
function receiptOf(event: RecordedEvent): Receipt {
  return signedReceipt(event, KEY);
}

/** The receipts a seat kept: one for each of its writes (the last event of each). */
function receiptsOf(events: RecordedEvent[], seat: string): Receipt[] {
  const lastOfWrite = (e: RecordedEvent, i: number) => {
    const next = events[i + 1];
    return (
      next === undefined ||
      next.meta.decisionId !== e.meta.decisionId ||
      next.meta.actor.id !== e.meta.actor.id
    );
  };
  return events.filter((e, i) => e.meta.actor.seat === seat && lastOfWrite(e, i)).map(receiptOf);
}

/**
 * The cut-tail forgery: the last server roll and the rest of its decision removed, the events
 * after it re-chained and the shorter log signed again. Nothing in the file shows it; the
 * receipt the seat kept for that decision does.
 */
function cutTail(
  m: Played,
): { events: RecordedEvent[]; seat: string; cutFrom: number; length: number } | undefined {
  const target = serverRolls(m.events).at(-1);
  if (!target?.meta.decisionId || !target.meta.actor.seat) return undefined;
  const decision = m.events.filter((e) => e.meta.decisionId === target.meta.decisionId);
  return {
    events: clone(m.events.filter((e) => !decision.includes(e))),
    seat: target.meta.actor.seat,
    cutFrom: decision[0].seq,
    length: decision.length,
  };
}

/**
 * The seeded mutation run (issue 23, point 7): one member that a draw depends on, changed to
 * another value, the log re-chained and re-signed with the server key. Every site below is
 * changed to a value that differs from the recorded one by construction (never the same value,
 * never an empty entropy for an absent one: those are the same match), so each must be caught.
 */
type Path = (string | number)[];
interface Site {
  seq: number;
  path: Path;
  /** Another value for the member, from a random number: never the one recorded. */
  other(old: unknown, pick: number, m: Played): unknown;
}

const HEX = '0123456789abcdef';
const SIDES = [4, 6, 8, 10, 12, 20];
const DICE_MODES = ['server', 'reported', 'either'];
/** A different lowercase hex string of the same length: one digit changed. */
const otherHex = (old: unknown, pick: number): string => {
  const text = old as string;
  const at = pick % text.length;
  const digit = HEX[(HEX.indexOf(text[at]) + 1 + (pick % 15)) % 16];
  return text.slice(0, at) + digit + text.slice(at + 1);
};
const otherInt = (old: unknown, pick: number, min = 0): number => {
  const value = old as number;
  const delta = (pick % 3) + 1;
  return pick % 2 === 0 || value - delta < min ? value + delta : value - delta;
};
const otherFrom = (pool: readonly unknown[], old: unknown, pick: number): unknown => {
  const others = pool.filter((v) => v !== old);
  return others[pick % others.length];
};
const otherText = (old: unknown, pick: number): string =>
  `${typeof old === 'string' && old !== '' ? old : 'e'}${'xyz'[pick % 3]}`;

/** Every card id of a match: what a forged order or draw could name instead. */
const cardsOf = (m: Played): string[] => [
  ...new Set(ofType(m.events, 'DeckShuffled').flatMap((e) => dataOf(e).secret.before as string[])),
];

function sitesOf(m: Played): Site[] {
  const sites: Site[] = [];
  const add = (seq: number, path: Path, other: Site['other']) => sites.push({ seq, path, other });
  for (const e of m.events) {
    const d = dataOf(e);
    switch (e.type) {
      case 'DiceRolled':
        add(e.seq, ['purpose'], otherText);
        add(e.seq, ['spec'], (_old, pick) => `${d.sides.length + 1 + (pick % 2)}d${d.sides[0]}`);
        add(e.seq, ['source'], (old) => (old === 'server' ? 'reported' : 'server'));
        if (d.k !== undefined) add(e.seq, ['k'], (old, pick) => otherInt(old, pick));
        d.sides.forEach((sides: number, i: number) => {
          add(e.seq, ['sides', i], (old, pick) => otherFrom(SIDES, old, pick));
          add(e.seq, ['faces', i], (old, pick) =>
            otherFrom(
              Array.from({ length: sides }, (_, f) => f + 1),
              old,
              pick,
            ),
          );
        });
        break;
      case 'DeckShuffled':
        add(e.seq, ['k'], (old, pick) => otherInt(old, pick));
        add(e.seq, ['deck'], otherText);
        for (const member of ['order', 'before'])
          (d.secret[member] as string[]).forEach((_card, i) =>
            add(e.seq, ['secret', member, i], (old, pick, played) =>
              otherFrom(cardsOf(played), old, pick),
            ),
          );
        break;
      case 'CardsDrawn':
        add(e.seq, ['deck'], otherText);
        add(e.seq, ['count'], (old, pick) => otherInt(old, pick, 1));
        (d.secret.pieces as string[]).forEach((_card, i) =>
          add(e.seq, ['secret', 'pieces', i], (old, pick, played) =>
            otherFrom(cardsOf(played), old, pick),
          ),
        );
        break;
      case 'SeatClaimed':
        add(e.seq, ['entropy'], otherText);
        break;
      case 'MatchStarted':
        add(e.seq, ['entropy'], otherText);
        break;
      case 'RngRevealed':
        add(e.seq, ['seed'], otherHex);
        break;
      case 'MatchCreated':
        add(e.seq, ['commitment'], otherHex);
        // The dice modes the verifier holds each roll to: relabelling a purpose's dice is a forgery.
        if (d.dice !== undefined) {
          add(e.seq, ['dice', 'default'], (old, pick) => otherFrom(DICE_MODES, old, pick));
          for (const purpose of Object.keys(d.dice.purposes ?? {}))
            add(e.seq, ['dice', 'purposes', purpose], (old, pick) =>
              otherFrom(DICE_MODES, old, pick),
            );
        }
        break;
      case 'DecisionSealed':
        add(e.seq, ['commitment'], otherHex);
        break;
      case 'SealRevealed':
        add(e.seq, ['salt'], otherHex);
        break;
    }
  }
  return sites;
}

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
      const run = await verifyProcess(file, '--key', KEY.publicKey);
      expect(run).toMatchObject({ code: 0, stdout: expect.stringMatching(/^OK: /) });
      const { verdict } = await verifyCli(file);
      expect(verdict).toMatchObject({ ok: true, dice: 'verified', pending: [] });
      expect(verdict.counts.shuffles).toBeGreaterThan(0);
      const kept = m.h.state.seats.flatMap(({ seat }) => receiptsOf(m.events, seat));
      const receipts = write(
        `honest-${m.name}-receipts`,
        kept.map((r) => JSON.stringify(r)),
      );
      const withReceipts = await verifyCli(file, '--receipts', receipts);
      expect(withReceipts).toMatchObject({
        code: 0,
        verdict: { ok: true, counts: { receipts: kept.length }, notProven: [] },
      });
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

  const cuts = matches
    .map((m) => [m.name, m, cutTail(m)] as const)
    .filter(([, , cut]) => cut !== undefined);

  it('has a last roll to cut in every match with server rolls', () => {
    expect(cuts.map(([name]) => name)).toEqual(['freeform', 'commanders-path']);
  });

  it.each(cuts)(
    'the last roll and its decision cut off (%s): verified without receipts, which the verdict says cannot show it; caught with the seat’s receipt',
    async (name, m, cut) => {
      const file = write(`cut-tail-${name}`, forgedExport(cut!.events, m.h.state.seats, KEY));
      const blind = await verifyCli(file);
      expect(blind.code).toBe(0);
      expect(blind.verdict).toMatchObject({ ok: true, notProven: [NO_RECEIPTS] });

      const kept = receiptsOf(m.events, cut!.seat);
      const receipts = write(
        `cut-tail-${name}-receipts`,
        kept.map((r) => JSON.stringify(r)),
      );
      const first = kept.findIndex((r) => r.seq >= cut!.cutFrom);
      expect(kept[first].seq).toBe(cut!.cutFrom + cut!.length - 1);
      const caught = await verifyCli(file, '--receipts', receipts);
      expect(caught.code).toBe(1);
      expect(caught.verdict).toMatchObject({
        ok: false,
        code: 'receipt_not_in_export',
        receiptLine: first + 1,
        seq: kept[first].seq,
      });
    },
  );
});

describe('the seeded mutation run: single changes to what the draws depend on', () => {
  /** Each match's sites, by kind (event type and member): every kind is changed in turn. */
  const kinds = matches.flatMap((m) => {
    const byKind = new Map<string, Site[]>();
    for (const site of sitesOf(m)) {
      const members = site.path.filter((step) => typeof step === 'string').join('.');
      const kind = `${m.name}: ${m.events[site.seq].type}.${members}`;
      byKind.set(kind, [...(byKind.get(kind) ?? []), site]);
    }
    return [...byKind.entries()].map(([kind, sites]) => ({ kind, m, sites }));
  });

  it('catches every one of 300 members changed, re-chained and re-signed with the server key', () => {
    expect(kinds.length).toBeGreaterThanOrEqual(30);
    const picks = fc.sample(fc.tuple(fc.nat(), fc.nat()), { seed: 23, numRuns: 300 });
    const uncaught: string[] = [];
    picks.forEach(([siteIndex, pick], run) => {
      const { kind, m, sites } = kinds[run % kinds.length];
      const site = sites[siteIndex % sites.length];
      const events = clone(m.events);
      const key = site.path[site.path.length - 1];
      const parent = site.path
        .slice(0, -1)
        .reduce<Json>((member, step) => member[step] as Json, dataOf(events[site.seq]));
      const old: unknown = parent[key];
      const value = site.other(old, pick, m);
      // Never the same value: a change that changes nothing is not generated.
      expect(value).toBeDefined();
      expect(canonicalJson(value)).not.toBe(canonicalJson(old ?? null));
      parent[key] = value;
      // The verifier the CLI runs (ExportVerifier), on the re-chained, re-signed file.
      const verdict = verifyExport(forgedExport(events, m.h.state.seats, KEY), [KEY.publicKey]);
      if (verdict.ok)
        uncaught.push(
          `${kind} at seq ${site.seq} (${site.path.join('.')}): ${JSON.stringify(old)} → ${JSON.stringify(value)}`,
        );
    });
    expect(uncaught).toEqual([]);
  });
});

describe('a ruling rewritten by a key holder is caught by the judge’s receipts alone', () => {
  const { h, judgeReceipts } = ruledMatch(KEY);
  const ruling = h.events.find((e) => e.type === 'RulingIssued')!;
  const rewind = h.events.find((e) => e.type === 'TimelineRewound')!;
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-ruling-forgeries-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, lines: string[]) => {
    const file = join(dir, `${name}.ndjson`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };
  const receipts = () =>
    write(
      'judge-receipts',
      judgeReceipts.map((r) => JSON.stringify(r)),
    );
  const rewrite = (seq: number, change: (data: Json) => void): RecordedEvent[] =>
    h.events.map((e) => {
      if (e.seq !== seq) return e;
      const copy = structuredClone(e);
      change(copy.data as Json);
      return copy;
    });

  it('keeps two judge receipts (the ruling’s write, the comment); the honest export verifies with them', async () => {
    expect(judgeReceipts.map((r) => r.seq)).toEqual([rewind.seq + 1, rewind.seq + 2]);
    const file = write('honest', forgedExport(h.events, h.state.seats, KEY));
    expect(await verifyCli(file, '--receipts', receipts())).toMatchObject({
      code: 0,
      verdict: { ok: true, counts: { receipts: 2 } },
    });
  });

  it('refuses a receipts file of another match, or one that is not receipts, with a clear message', async () => {
    const file = write('honest-bad-receipts', forgedExport(h.events, h.state.seats, KEY));
    const other = write(
      'other-match-receipts',
      judgeReceipts.map((r) => JSON.stringify({ ...r, match: 'another-match' })),
    );
    expect(await verifyCli(file, '--receipts', other)).toMatchObject({
      code: 1,
      verdict: {
        ok: false,
        code: 'receipt_other_match',
        message: expect.stringContaining(`is for match another-match, not ${h.matchId}`),
      },
    });
    const notReceipts = write('not-receipts', ['{"kind":"header"}']);
    expect(await verifyCli(file, '--receipts', notReceipts)).toMatchObject({
      code: 1,
      verdict: {
        ok: false,
        code: 'malformed_receipt',
        message: expect.stringContaining('the receipt at line 1 has no match'),
      },
    });
  });

  it.each([
    ['the verdict flipped', ruling.seq, (d: Json) => (d.decision = 'rejected')],
    ['the voided range shortened', rewind.seq, (d: Json) => (d.voided.to = d.voided.from)],
    ['the rationale rewritten', ruling.seq, (d: Json) => (d.rationale = 'Nothing was wrong')],
    ['the rewind target moved', ruling.seq, (d: Json) => (d.remedy.toSeq -= 1)],
  ])('%s: verified without receipts, failed with the judge’s', async (name, seq, change) => {
    const file = write(
      name.replace(/\W+/g, '-'),
      forgedExport(rewrite(seq, change), h.state.seats, KEY),
    );
    // The match is live: its seed is secret, so nothing but a receipt can tell.
    expect(await verifyCli(file)).toMatchObject({ code: 0, verdict: { ok: true } });
    const caught = await verifyCli(file, '--receipts', receipts());
    expect(caught.code).toBe(1);
    expect(caught.verdict).toMatchObject({ ok: false });
    expect(caught.verdict.seq).toBeLessThanOrEqual(rewind.seq + 1);
  });
});
