import { StatesHarness, TEST_SEED } from '@test/support/match-harness';
import { commandersPathRuleset } from '../rulesets/commanders-path/commanders-path.ruleset';
import {
  ARENA_SIDES,
  SEATS,
  deckOf,
  setupMatch,
  type SideSetup,
  toMovement,
} from '../rulesets/commanders-path/testing/cp-kit';
import type { FieldChoices } from '../rulesets/decision-choices';
import type { Ruleset } from '../rulesets/ruleset';
import { battle, ship, shipOf } from '../rulesets/sw-strategic/sw.testkit';
import type { SwState } from '../rulesets/sw-strategic/sw-state';
import { swStrategicRuleset } from '../rulesets/sw-strategic/sw-strategic.ruleset';
import { galaxyLeagueRuleset } from '../rulesets/galaxy-league/galaxy-league.ruleset';
import type { GalaxyLeagueState } from '../rulesets/galaxy-league/gl-state';
import {
  SEATS as GL_SEATS,
  declareAll,
  endStage,
  quietRound,
} from '../rulesets/galaxy-league/gl.testkit';
import { isRejection } from '../rulesets/rule-violation';
import { cloneMatchState } from './evolve-match';
import { decisionChoices, valueAt, withValueAt } from './decision-choices';
import { legalDecisions, wouldAccept } from './legal-decision-offers';
import type { MatchState } from './match-state';

/**
 * Issue 39, the property that keeps a ruleset's field choices in step with its `decide`: in
 * every state a match passes through in the flows below, for each kind offered with choices,
 * the choices are never empty, and every value offered for a field, completed with values
 * offered for the other fields (the choices asked again with what is chosen so far), is
 * accepted by the decider. Each value counts as accepted when one of a few completions is.
 */

type Params = Record<string, unknown>;

/** Ways to complete one field with `value` in it (or, `value` undefined, with its first values). */
function fills(field: FieldChoices, value?: string | number | boolean): unknown[] {
  switch (field.pick) {
    case 'one':
      return [value ?? field.values[0]?.value];
    case 'many': {
      const first = value ?? field.values[0]?.value;
      const others = field.values.map((v) => v.value).filter((v) => v !== first);
      return [[first, ...others.slice(0, Math.max(0, field.min - 1))]];
    }
    case 'sequence':
      return [[value ?? field.values[0]?.value]];
    case 'places': {
      if (field.optional) {
        // Nothing sent; or, `value` a place, each value alone there (grouped: two together).
        if (value === undefined) return [[]];
        const entry = (items: unknown[]) => ({
          [field.item]: field.grouped ? items : items[0],
          [field.place]: value,
        });
        const pairs = field.grouped
          ? field.values.slice(1).map((w) => [field.values[0].value, w.value])
          : [];
        return [...field.values.map((v) => [entry([v.value])]), ...pairs.map((p) => [entry(p)])];
      }
      const places = value === undefined ? field.places.slice(0, 1) : [];
      const at = value === undefined ? places : field.places.slice(0, 1);
      return at.map((p) =>
        field.values.map((v) => ({ [field.item]: v.value, [field.place]: p.value })),
      );
    }
    case 'counts': {
      const entry = (v: (typeof field.values)[number]) => ({
        [field.item]: v.value,
        [field.count]: v.max,
      });
      const first = field.values.find((v) => value === undefined || v.value === value);
      if (!first) return [];
      const others = field.values.filter((v) => v !== first);
      // Alone; with each other value; filled up to the least total the field asks.
      const filled = [entry(first)];
      let sum = first.max;
      for (const v of others) {
        if (sum >= (field.total?.min ?? 0)) break;
        filled.push(entry(v));
        sum += v.max;
      }
      return [[entry(first)], ...others.map((v) => [entry(first), entry(v)]), filled];
    }
  }
}

/** The values a player may choose: those offered refused (shown with why) are not tried. */
const valuesOf = (field: FieldChoices) =>
  field.values.filter((v) => v.refused === undefined).map((v) => v.value);

interface Verdict {
  offered: number;
  valuesTried: number;
  failures: string[];
}

function checkChoices<RS>(ruleset: Ruleset<RS>, states: readonly MatchState<RS>[]): Verdict {
  const verdict: Verdict = { offered: 0, valuesTried: 0, failures: [] };
  const accepts = (state: MatchState<RS>, seat: string, kind: string, params: Params) =>
    wouldAccept(ruleset, state, seat, kind, params, TEST_SEED);
  /** Completes params field after field with their choices asked again; the ways found. */
  const complete = (state: MatchState<RS>, seat: string, kind: string, chosen: Params) => {
    let ways: Params[] = [chosen];
    const fields = decisionChoices(ruleset, state, seat, kind, chosen, TEST_SEED) ?? [];
    for (const field of fields) {
      if (valueAt(chosen, field.path) !== undefined) continue;
      ways = ways.flatMap((w) => fills(field).map((f) => withValueAt(w, field.path, f)));
    }
    return ways.slice(0, 40);
  };
  for (const state of states)
    for (const { seat } of state.seats) {
      const where = `${seat} at seq ${state.lastSeq} (phase ${state.table.turn.phase ?? '-'})`;
      for (const offer of legalDecisions(ruleset, state, seat, TEST_SEED)) {
        if (!offer.choices) continue;
        verdict.offered += 1;
        const fields = decisionChoices(ruleset, state, seat, offer.kind, {}, TEST_SEED) ?? [];
        if (fields.length === 0) verdict.failures.push(`${offer.kind} for ${where}: no choices`);
        for (const field of fields) {
          const values = valuesOf(field);
          // An optional places field may offer nothing (nothing to send anywhere).
          const optional = field.pick === 'places' && field.optional === true;
          if (values.length === 0 && !optional && !field.values.some((v) => v.refused))
            verdict.failures.push(`${offer.kind}.${field.path} for ${where}: nothing offered`);
          if (field.pick === 'places' && field.places.length === 0 && !optional)
            verdict.failures.push(`${offer.kind}.${field.path} for ${where}: nowhere to place`);
          // An optional places field is tried at each of its places.
          const tried =
            field.pick === 'places'
              ? field.optional
                ? field.places.map((p) => p.value)
                : [undefined]
              : values;
          for (const value of tried) {
            verdict.valuesTried += 1;
            const accepted = fills(field, value).some((fill) =>
              complete(state, seat, offer.kind, withValueAt({}, field.path, fill)).some((p) =>
                accepts(state, seat, offer.kind, p),
              ),
            );
            if (!accepted)
              verdict.failures.push(
                `${offer.kind}.${field.path} = ${JSON.stringify(value)} offered to ${where}, refused in every completion`,
              );
          }
        }
      }
    }
  return verdict;
}

/** Red builds a cruiser and an object, deploys the cruiser to a new sector. */
const SIDES: Record<string, SideSetup> = {
  red: {
    deck: [
      ['exorcist', 2],
      ['test-eden', 1],
    ],
    build: [['exorcist'], ['test-eden']],
    deploy: { ships: [['exorcist', 'new']], commander: 'exorcist' },
  },
  blue: ARENA_SIDES.blue,
};

describe('field choices agree with decide (issue 39)', () => {
  it('Commanders Path: decks, the deal, the setup build, deployment, the first turn', () => {
    const g = new StatesHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none', manualAdjustments: 'free' },
    });
    const before = g.states.length;
    setupMatch(g, SIDES);
    toMovement(g);
    expect(g.states.length).toBeGreaterThan(before);
    const verdict = checkChoices(commandersPathRuleset, g.states);
    expect(verdict.failures).toEqual([]);
    expect(verdict.offered).toBeGreaterThan(6);
    expect(verdict.valuesTried).toBeGreaterThan(30);
    // The movement: red's cruiser, where it stands; then where the fleet may go.
    const moving = g.state.table.turn.active[0];
    const [ships, to] = decisionChoices(
      commandersPathRuleset,
      g.state,
      moving,
      'move-ships',
      {},
      TEST_SEED,
    )!;
    expect(ships.values.map((v) => [v.name.ru, v.hint?.ru])).toEqual([['Экзорцист', 'Сектор 1']]);
    expect(to.values.map((v) => v.name.ru)).toEqual([
      'Новый сектор',
      'Сектор 1',
      'Орбита: Астероид «Рудник» (тест)',
      'Орбита: Планета «Эдем» (тест)',
    ]);
  });

  it('Commanders Path: the setup build is offered after the deal, named and sorted as printed', () => {
    const g = new StatesHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none' },
    });
    for (const seat of ['red', 'blue']) g.play(seat, 'register-deck', deckOf(SIDES[seat].deck));
    g.play('red', 'deal');
    const offered = legalDecisions(commandersPathRuleset, g.state, 'red', TEST_SEED);
    expect(offered.map((o) => o.kind)).toContain('setup-spend');
    const [builds] = decisionChoices(
      commandersPathRuleset,
      g.state,
      'red',
      'setup-spend',
      {},
      TEST_SEED,
    )!;
    expect(builds).toMatchObject({ pick: 'counts', total: { max: 25 } });
    if (builds.pick !== 'counts') throw new Error('counts');
    // Values are named as cards print them, never by their piece ids.
    for (const v of builds.values) expect(v.name.ru).not.toMatch(/^(red|blue)-/);
    const sorted = builds.values.map((v) => v.name.ru);
    expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, 'ru', { numeric: true })));
  });

  it('Star Wars: a seat moves and fires only its own ships and units, at what the rules accept', () => {
    const h = battle({
      red: [ship('destroyer', 0, -3, 0)],
      blue: [ship('destroyer', -1, 3, 0)],
    });
    const states: MatchState<SwState>[] = [cloneMatchState(h.state)];
    const choose = (seat: string, kind: string, first: string) => {
      const [pick] = decisionChoices(swStrategicRuleset, h.state, seat, kind, {}, TEST_SEED)!;
      const chosen = { [first]: pick.values[0].value };
      const [, steps] = decisionChoices(
        swStrategicRuleset,
        h.state,
        seat,
        kind,
        chosen,
        TEST_SEED,
      )!;
      return { ...chosen, steps: [steps.values[0].value] };
    };
    h.play('red', 'move-ship', choose('red', 'move-ship', 'ship'));
    states.push(cloneMatchState(h.state));
    h.play('red', 'move-unit', choose('red', 'move-unit', 'unit'));
    states.push(cloneMatchState(h.state));
    const verdict = checkChoices(swStrategicRuleset, states);
    expect(verdict.failures).toEqual([]);
    expect(verdict.offered).toBeGreaterThanOrEqual(4);
    // Red's pickers hold red's pieces only: never blue's destroyer nor blue's units.
    const [ships] = decisionChoices(
      swStrategicRuleset,
      states[0],
      'red',
      'move-ship',
      {},
      TEST_SEED,
    )!;
    expect(ships.values.map((v) => v.value)).toEqual([shipOf(h, 'red', 'destroyer')]);
    expect(ships.values[0].name.ru).toMatch(/^Эсминец \d+$/);
    const [units] = decisionChoices(
      swStrategicRuleset,
      states[0],
      'red',
      'move-unit',
      {},
      TEST_SEED,
    )!;
    expect(units.values.length).toBeGreaterThan(0);
    for (const v of units.values)
      expect(states[0].rs.ground.units[v.value as string].legion).toBe('red');
    // Once a ship is chosen, its steps are the ones the rules accept next: never back.
    const [, steps] = decisionChoices(
      swStrategicRuleset,
      states[0],
      'red',
      'move-ship',
      { ship: ships.values[0].value },
      TEST_SEED,
    )!;
    expect(steps.values.map((v) => v.value)).toContain('forward');
    expect(steps.values.map((v) => v.value)).not.toContain('back');
    // Out of range, no volley is offered (its choices would be empty).
    expect(decisionChoices(swStrategicRuleset, states[0], 'red', 'fire', {}, TEST_SEED)).toBe(
      undefined,
    );
    // In range: red's armed ships, then targets none of which is red's, at their distance.
    const near = battle({ red: [ship('fighter', 3, -2, 0)], blue: [ship('fighter', 5, -2, 0)] });
    const [armed] = decisionChoices(swStrategicRuleset, near.state, 'red', 'fire', {}, TEST_SEED)!;
    expect(armed.values.map((v) => v.value)).toEqual([shipOf(near, 'red', 'fighter')]);
    const [, targets] = decisionChoices(
      swStrategicRuleset,
      near.state,
      'red',
      'fire',
      { ship: armed.values[0].value },
      TEST_SEED,
    )!;
    // Only what the fighter's volley may hit now (the neutral station beside it), named as
    // the board names it, with its distance; never red's own ships.
    expect(targets.values.map((v) => [v.name.ru, v.hint?.ru])).toEqual([
      ['Станция 1', 'в 1 клетке'],
    ]);
    const verdictNear = checkChoices(swStrategicRuleset, [near.state]);
    expect(verdictNear.failures).toEqual([]);
    expect(verdictNear.valuesTried).toBeGreaterThan(2);
  });

  it('Galaxy league: alliances, the sealed declaration, defence, to the battles', () => {
    const NAMES = { anna: 'Лёва', boris: 'Маша', vera: 'Вера' };
    const g = new StatesHarness(galaxyLeagueRuleset).started(GL_SEATS, {}, {}, NAMES);
    const choicesOf = (seat: string, kind: string, chosen: Params = {}) =>
      decisionChoices(galaxyLeagueRuleset, g.state, seat, kind, chosen, TEST_SEED)!;
    // Round 1: Лёва proposes to Маша; with 45 IC each, the first dues (50 each) cannot be
    // paid: her consent is still offered, refused with why, in names and figures.
    g.play('anna', 'propose-alliance', { members: ['boris'] });
    const offered = legalDecisions(galaxyLeagueRuleset, g.state, 'boris', TEST_SEED);
    expect(offered.map((o) => o.kind)).toContain('consent-alliance');
    const [proposal] = choicesOf('boris', 'consent-alliance');
    expect(proposal.values).toEqual([
      {
        value: 'alliance-1-anna+boris',
        name: { en: 'Alliance with Лёва', ru: 'Альянс с Лёвой' },
        hint: { en: 'dues 100 IC: Лёва 50, Маша 50', ru: 'взнос 100 ИК: Лёва 50, Маша 50' },
        refused: expect.objectContaining({
          ru: 'Первый взнос Альянса 100 ИК не оплатить: у Лёвы 45 ИК из нужных 50, у Маши 45 ИК из нужных 50',
        }),
      },
    ]);
    const consent = g.decide('boris', 'consent-alliance', { proposal: 'alliance-1-anna+boris' });
    expect(isRejection(consent) && consent.localized).toEqual(proposal.values[0].refused);
    // Proposing again answers in Russian, naming who is awaited.
    const again = g.decide('anna', 'propose-alliance', { members: ['boris'] });
    expect(isRejection(again) && again.localized?.ru).toBe(
      'Этот Альянс уже предложен; ждём согласия: Маша',
    );
    // Лёва may ally with the others (never himself), but not propose Маша again.
    const [members] = choicesOf('anna', 'propose-alliance');
    expect(members.values.map((v) => [v.name.ru, v.hint?.ru])).toEqual([['Вера', 'Вечные']]);
    quietRound(g);
    // Round 2 (90 IC each): the alliance forms, dues split 50/50.
    g.play('anna', 'propose-alliance', { members: ['boris'] });
    g.play('boris', 'consent-alliance', { proposal: 'alliance-2-anna+boris' });
    expect(Object.keys(g.state.rs.alliances)).toEqual(['alliance-2-anna+boris']);
    endStage(g);
    expect(g.state.rs.stage).toBe('attack');
    // Лёва attacks only Вера's planets in reach (never his own or Маша's, his ally's), and
    // colonises only neutral ones, each with its distance.
    const [attacks, colonisations] = choicesOf('anna', 'declare-attacks');
    if (attacks.pick !== 'places' || colonisations.pick !== 'places') throw new Error('places');
    for (const p of attacks.places) expect(g.state.rs.owner[p.value as string]).toBe('vera');
    // After the dues Лёва has 40 IC: no colonisation he could pay (option colonisationFunds).
    expect(colonisations.places).toEqual([]);
    const [, veraColonises] = choicesOf('vera', 'declare-attacks');
    if (veraColonises.pick !== 'places') throw new Error('places');
    expect(veraColonises.places.length).toBeGreaterThan(0);
    for (const p of veraColonises.places)
      expect(g.state.rs.owner[p.value as string]).toBeUndefined();
    for (const p of [...attacks.places, ...veraColonises.places])
      expect(p.hint?.ru).toMatch(/\d (световой год|световых года|световых лет)/);
    expect(attacks.values.map((v) => v.name.ru)).toEqual([
      'Атакующий звездолёт 1',
      'Атакующий звездолёт 2',
    ]);
    // Вера (the Eternals reach past 3 LY) attacks Лёва's capital.
    const [veraAttacks] = choicesOf('vera', 'declare-attacks');
    if (veraAttacks.pick !== 'places') throw new Error('places');
    expect(veraAttacks.places.map((p) => p.value)).toContain('aurora');
    const target = 'aurora';
    const colony = veraColonises.places.find((p) => /^1 /.test(p.hint!.ru))!.value as string;
    declareAll(g, 'declare-attacks', {
      anna: { attacks: [] },
      boris: { colonisations: [] },
      vera: {
        attacks: [{ ship: 'ship:vera:1', planet: target }],
        colonisations: [{ ships: ['ship:vera:3'], planet: colony }],
      },
    });
    endStage(g);
    declareAll(g, 'declare-joins', {
      anna: { joins: [] },
      boris: { joins: [] },
      vera: { joins: [] },
    });
    expect(g.state.rs.stage).toBe('defence');
    // Лёва defends his planet, and Маша, his ally, may too; Вера has nothing to defend.
    for (const seat of ['anna', 'boris']) {
      const [, defended] = choicesOf(seat, 'assign-defender');
      expect(defended.values.map((v) => v.name.ru)).toEqual(['Аврора']);
    }
    expect(
      legalDecisions(galaxyLeagueRuleset, g.state, 'vera', TEST_SEED).map((o) => o.kind),
    ).not.toContain('assign-defender');
    g.play('anna', 'assign-defender', { ship: 'ship:anna:3', planet: target });
    endStage(g);
    expect(g.state.rs.stage).toBe('battles');
    const verdict = checkChoices(galaxyLeagueRuleset, g.states as MatchState<GalaxyLeagueState>[]);
    expect(verdict.failures).toEqual([]);
    expect(verdict.offered).toBeGreaterThan(20);
    expect(verdict.valuesTried).toBeGreaterThan(40);
  });
});
