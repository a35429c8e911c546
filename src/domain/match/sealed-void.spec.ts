import { MatchHarness } from '@test/support/match-harness';
import type { NewEvent, RecordedEvent } from '../events/recorded-event';
import { saltedCommitment } from '../events/secret-commitment';
import { MatchAudit } from '../export/match-audit';
import { checkReplay } from '../export/replay-check';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { isRejection } from '../rulesets/rule-violation';
import type { DecisionSpec, Ruleset } from '../rulesets/ruleset';
import { describeEvent } from '../naming/event-phrases';
import { decideReveal, decideSeal, type RevealCommand } from './sealed-decider';

/**
 * A sealed choice the rules refuse at its reveal is bound by its commitment: it cannot be
 * changed, and it must not hold its step open. Before, the seal stayed open for good: its
 * seat could never seal that kind again, and the others' next reveals went through before
 * it had committed to anything (its stale seal counted as sealed).
 */
const setup = { zones: [{ id: 'north', kind: 'location' }] };
const good = { topic: 'orders', choice: 'атака на север' };
/** Not a declaration: freeform's params refuse a member they do not declare. */
const bad = { topic: 'orders', choice: 'attack', extra: 1 };
const salt = (c: string) => c.repeat(32);

function table(ruleset: Ruleset = freeformRuleset) {
  const g = new MatchHarness(ruleset).started([{ seat: 'red' }, { seat: 'blue' }], { setup });
  const apply = (decided: NewEvent[] | { message: string }, seat: string): RecordedEvent[] => {
    if (isRejection(decided)) throw new Error(decided.message);
    return g.record(decided as NewEvent[], { kind: 'seat', id: seat, seat });
  };
  let serial = 0;
  const seal = (seat: string, params: object, saltChar: string) => {
    const sealId = `seal-${seat}-${++serial}`;
    apply(
      decideSeal(ruleset, g.state, {
        sealId,
        seat,
        kind: 'declare',
        commitment: saltedCommitment(salt(saltChar), params),
      }),
      seat,
    );
    return sealId;
  };
  const reveal = (
    sealId: string,
    seat: string,
    params: object,
    saltChar: string,
    extra: Partial<RevealCommand> = {},
  ) =>
    decideReveal(
      ruleset,
      g.state,
      { sealId, seat, params, salt: salt(saltChar), decisionId: `d-${sealId}`, ...extra },
      g.seed,
    );
  return { g, apply, seal, reveal };
}

/** Freeform with `declare` changed as given. */
function freeformWith(declare: Partial<DecisionSpec<unknown, object>>): Ruleset {
  return {
    ...freeformRuleset,
    decisions: {
      ...freeformRuleset.decisions,
      declare: { ...freeformRuleset.decisions.declare, ...declare },
    },
  } as unknown as Ruleset;
}

describe('sealed choices: one seal per seat in a step', () => {
  it('refuses a second seal of the kind until every seal of the step is revealed', () => {
    const { g, apply, seal, reveal } = table();
    const red = seal('red', good, 'a');
    const blue = seal('blue', good, 'b');
    apply(reveal(red, 'red', good, 'a'), 'red');
    expect(
      decideSeal(freeformRuleset, g.state, {
        sealId: 'again',
        seat: 'red',
        kind: 'declare',
        commitment: saltedCommitment(salt('c'), good),
      }),
    ).toMatchObject({ code: 'already_sealed', message: expect.stringContaining('revealed') });
    apply(reveal(blue, 'blue', good, 'b'), 'blue');
    // The step is over: a new one starts with nothing sealed.
    expect(g.state.seals).toEqual({});
    seal('red', good, 'c');
  });
});

describe('sealed choices the rules refuse at their reveal', () => {
  it('are refused, and stay sealed, unless their seat asks to record them void', () => {
    const { g, apply, seal, reveal } = table();
    const red = seal('red', good, 'a');
    const blue = seal('blue', bad, 'b');
    apply(reveal(red, 'red', good, 'a'), 'red');
    const before = g.events.length;
    expect(reveal(blue, 'blue', bad, 'b')).toMatchObject({ kind: 'invalid_params' });
    expect(g.events).toHaveLength(before);
    expect(g.state.seals[blue]).toMatchObject({ revealed: false });
  });

  it('recorded void: the reveal with its refusal closes the step, and the next step starts fresh', () => {
    const { g, apply, seal, reveal } = table();
    const red = seal('red', good, 'a');
    const blue = seal('blue', bad, 'b');
    apply(reveal(red, 'red', good, 'a'), 'red');
    const voided = apply(reveal(blue, 'blue', bad, 'b', { voidIfRefused: true }), 'blue');
    expect(voided.map((e) => e.type)).toEqual(['SealRevealed']);
    expect(voided[0].data).toMatchObject({
      sealId: blue,
      seat: 'blue',
      params: bad,
      void: { kind: 'invalid_params', message: expect.stringContaining('extra') },
    });
    expect(g.state.seals).toEqual({});
    expect(describeEvent(voided[0], 'ru')).toBe(
      'blue: запечатанный выбор раскрыт, но правила его не допускают — он недействителен',
    );
    expect(describeEvent(voided[0], 'en')).toBe(
      'blue reveals a sealed choice the rules refuse: it is void',
    );
    // Red may not reveal its next choice before blue has sealed one: nothing stale counts.
    const redNext = seal('red', good, 'c');
    expect(reveal(redNext, 'red', good, 'c')).toMatchObject({ code: 'reveal_too_early' });
    seal('blue', good, 'd');
    apply(reveal(redNext, 'red', good, 'c'), 'red');
  });

  it('a legal choice revealed with voidIfRefused is simply decided', () => {
    const { apply, seal, reveal } = table();
    const red = seal('red', good, 'a');
    seal('blue', good, 'b');
    const events = apply(reveal(red, 'red', good, 'a', { voidIfRefused: true }), 'red');
    expect(events.map((e) => e.type)).toEqual(['SealRevealed', 'DecisionMade']);
    expect(events[0].data).not.toHaveProperty('void');
  });

  it('a commitment that does not open is never voided', () => {
    const { seal, reveal } = table();
    seal('red', good, 'a');
    const blue = seal('blue', bad, 'b');
    expect(reveal(blue, 'blue', good, 'b', { voidIfRefused: true })).toMatchObject({
      code: 'seal_mismatch',
    });
  });

  it('where the ruleset gives a refused choice no meaning, it stays sealed for a judge', () => {
    const ruleset = freeformWith({ voidAs: undefined });
    const { g, seal, reveal } = table(ruleset);
    seal('red', good, 'a');
    const blue = seal('blue', bad, 'b');
    expect(reveal(blue, 'blue', bad, 'b', { voidIfRefused: true })).toMatchObject({
      kind: 'rule_violation',
      code: 'not_voidable',
      message: expect.stringContaining('a judge of the match rules on it'),
    });
    expect(g.state.seals[blue]).toMatchObject({ revealed: false });
  });

  it('where the ruleset says what a void choice stands for, that decision is made openly with it', () => {
    const ruleset = freeformWith({
      voidAs: () => ({ params: { topic: 'orders', choice: 'ничего' } }),
    });
    const { apply, seal, reveal } = table(ruleset);
    seal('red', good, 'a');
    const blue = seal('blue', bad, 'b');
    const events = apply(reveal(blue, 'blue', bad, 'b', { voidIfRefused: true }), 'blue');
    expect(events.map((e) => e.type)).toEqual(['SealRevealed', 'DecisionMade']);
    expect(events[1].data).toMatchObject({
      kind: 'declare',
      seat: 'blue',
      params: { topic: 'orders', choice: 'ничего' },
      voidedSeal: blue,
    });
    expect(events[1].data).not.toHaveProperty('sealId');
  });
});

describe('matchlog verify on a void choice', () => {
  function voidedMatch(ruleset: Ruleset = freeformRuleset) {
    const t = table(ruleset);
    const red = t.seal('red', good, 'a');
    const blue = t.seal('blue', bad, 'b');
    t.apply(t.reveal(red, 'red', good, 'a'), 'red');
    t.apply(t.reveal(blue, 'blue', bad, 'b', { voidIfRefused: true }), 'blue');
    t.g.play('red', 'roll', { dice: '2d6', purpose: 'attack' });
    return t.g;
  }

  it('accepts a void the rules really refuse, with its stand-in decided again', () => {
    const standIn = freeformWith({
      voidAs: () => ({ params: { topic: 'orders', choice: 'ничего' } }),
    });
    for (const ruleset of [freeformRuleset, standIn]) {
      const g = voidedMatch(ruleset);
      const audit = new MatchAudit([ruleset]);
      expect(g.events.map((event) => audit.observe(event)).filter(Boolean)).toEqual([]);
      expect(checkReplay(ruleset, g.matchId, g.events, g.seed)).not.toHaveProperty('code');
    }
  });

  it('finds a stand-in other than the one the rules give, a void the rules give no meaning, and a stand-in with no void before it', () => {
    const standIn = freeformWith({
      voidAs: () => ({ params: { topic: 'orders', choice: 'ничего' } }),
    });
    const g = voidedMatch(standIn);
    const at = g.events.findIndex((e) => e.type === 'SealRevealed' && 'void' in (e.data as object));
    // A key holder's stand-in: a choice the seat never made, legal on its own.
    const other = structuredClone(g.events);
    (other[at + 1].data as { params: object }).params = { topic: 'orders', choice: 'атака' };
    expect(checkReplay(standIn, g.matchId, other, g.seed)).toMatchObject({
      code: 'void_mismatch',
      seq: at,
      message: expect.stringContaining('ничего'),
    });
    // The same log read with rules that give a void choice no meaning.
    expect(
      checkReplay(freeformWith({ voidAs: undefined }), g.matchId, g.events, g.seed),
    ).toMatchObject({
      code: 'void_mismatch',
      seq: at,
      message: expect.stringContaining('no meaning'),
    });
    // A sealed kind recorded openly by passing it off as a stand-in.
    const { g: plain, apply } = table();
    apply(
      [
        {
          type: 'DecisionMade',
          data: { decisionId: 'x', kind: 'declare', seat: 'red', params: good, voidedSeal: 'none' },
        },
      ],
      'red',
    );
    expect(checkReplay(freeformRuleset, plain.matchId, plain.events, plain.seed)).toMatchObject({
      code: 'void_mismatch',
      seq: plain.events.length - 1,
    });
  });

  it('finds a legal choice recorded void (a choice suppressed)', () => {
    const { g, apply, seal, reveal } = table();
    const red = seal('red', good, 'a');
    const blue = seal('blue', good, 'b');
    apply(reveal(red, 'red', good, 'a'), 'red');
    // What a server that wanted blue's legal choice gone would write: the reveal, marked void.
    const [forged] = (reveal(blue, 'blue', good, 'b') as NewEvent[]).slice(0, 1);
    apply(
      [
        {
          ...forged,
          data: { ...(forged.data as object), void: { kind: 'invalid_params', message: 'x' } },
        },
      ],
      'blue',
    );
    const seq = g.events.length - 1;
    expect(checkReplay(freeformRuleset, g.matchId, g.events, g.seed)).toMatchObject({
      code: 'void_not_refused',
      seq,
      message: expect.stringContaining('it is accepted'),
    });
  });
});
