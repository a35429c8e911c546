import { StatesHarness, TEST_SEED } from '@test/support/match-harness';
import { commandersPathRuleset } from '../rulesets/commanders-path/commanders-path.ruleset';
import {
  ARENA_SIDES,
  arena,
  SEATS,
  shipCard,
  deckOf,
  setupMatch,
  type SideSetup,
  toMovement,
} from '../rulesets/commanders-path/testing/cp-kit';
import type { FieldChoices } from '../rulesets/decision-choices';
import type { Ruleset } from '../rulesets/ruleset';
import { rexRuleset } from '../rulesets/rex/rex.ruleset';
import { advanceTo, sealAll, seatsOf } from '../rulesets/rex/rex.testkit';
import type { RexState } from '../rulesets/rex/rex-state';
import { battle, given as swGiven, ship, shipOf } from '../rulesets/sw-strategic/sw.testkit';
import { neighbours } from '../rulesets/sw-strategic/sw-hex';
import type { SwState } from '../rulesets/sw-strategic/sw-state';
import { swStrategicRuleset } from '../rulesets/sw-strategic/sw-strategic.ruleset';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { own } from '../shared/id-record';
import { combatCommanderRuleset } from '../rulesets/combat-commander/combat-commander.ruleset';
import type { CcState } from '../rulesets/combat-commander/cc-state';
import {
  card as ccCard,
  SEATS as CC_SEATS,
  uniformDeck,
} from '../rulesets/combat-commander/cc.testkit';
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
      if (first === undefined) return [[]];
      const others = field.values.map((v) => v.value).filter((v) => v !== first);
      return [[first, ...others.slice(0, Math.max(0, field.min - 1))]];
    }
    case 'sequence': {
      const first = value ?? field.values[0]?.value;
      if (!field.complete) return [[first]];
      // A list accepted only once longer (a squadron of three): each longer list of the values
      // offered too.
      const next = valuesOf(field);
      const longer = (list: unknown[]): unknown[][] =>
        list.length >= field.max ? [list] : [list, ...next.flatMap((v) => longer([...list, v]))];
      return longer([first]);
    }
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
      // A total the counts must meet exactly (an alliance's dues): all of it on `first`, the
      // other values listed at their least.
      const exact =
        field.total?.min !== undefined && field.total.min === field.total.max
          ? [
              {
                [field.item]: first.value,
                [field.count]: field.total.min - others.reduce((a, v) => a + v.min, 0),
              },
              ...others.map((v) => ({ [field.item]: v.value, [field.count]: v.min })),
            ]
          : undefined;
      return [
        [entry(first)],
        ...others.map((v) => [entry(first), entry(v)]),
        filled,
        ...(exact ? [exact] : []),
      ];
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

/**
 * `typed`: per kind, what a player types beside the choices (a declared result's condition),
 * added to every completion.
 */
function checkChoices<RS>(
  ruleset: Ruleset<RS>,
  states: readonly MatchState<RS>[],
  typed: Record<string, Params> = {},
): Verdict {
  const verdict: Verdict = { offered: 0, valuesTried: 0, failures: [] };
  const accepts = (state: MatchState<RS>, seat: string, kind: string, params: Params) =>
    wouldAccept(ruleset, state, seat, kind, { ...own(typed, kind), ...params }, TEST_SEED);
  /** Completes params field after field with their choices asked again; the ways found. */
  const complete = (state: MatchState<RS>, seat: string, kind: string, chosen: Params) => {
    // Fields that appear once others are chosen (a claim's rule, then its effect, then the
    // piece it applies to) are asked again with each way so far, a few rounds deep.
    let ways: Params[] = [chosen];
    for (let round = 0; round < 4; round += 1) {
      let grew = false;
      ways = ways.flatMap((way) => {
        let filled: Params[] = [way];
        const fields = decisionChoices(ruleset, state, seat, kind, way, TEST_SEED) ?? [];
        for (const field of fields) {
          if (valueAt(way, field.path) !== undefined) continue;
          if (field.pick === 'one' && field.values.length === 0) continue;
          grew = true;
          filled = filled.flatMap((w) => fills(field).map((f) => withValueAt(w, field.path, f)));
        }
        return filled;
      });
      if (!grew) break;
    }
    return ways.slice(0, 40);
  };
  for (const state of states)
    for (const { seat } of state.seats) {
      const where = `${seat} at seq ${state.lastSeq} (phase ${state.table.turn.phase ?? '-'})`;
      for (const offer of legalDecisions(ruleset, state, seat, TEST_SEED)) {
        if (!offer.choices) continue;
        // A sealed kind revealed together is judged once the other seats have sealed: before,
        // the decider refuses every reveal (no example is accepted), whatever the choice.
        if (offer.sealed && offer.examples.length === 0) continue;
        verdict.offered += 1;
        const fields = decisionChoices(ruleset, state, seat, offer.kind, {}, TEST_SEED) ?? [];
        // No field is offered only when there is nothing to choose: the kind is accepted as is.
        if (fields.length === 0 && !accepts(state, seat, offer.kind, {}))
          verdict.failures.push(`${offer.kind} for ${where}: no choices`);
        for (const field of fields) {
          const values = valuesOf(field);
          // Nothing to tick where none is needed (every unit already activated) is no gap, nor
          // an optional places field offering nothing (nothing to send anywhere).
          const optional =
            (field.pick === 'places' && field.optional === true) ||
            (field.pick === 'many' && field.min === 0);
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
    const verdict = checkChoices(commandersPathRuleset, g.states, {
      'manual-declare-result': { condition: 'по договорённости' },
    });
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

  it('Commanders Path: a battle, its withdrawals and attacks', () => {
    const g = new StatesHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none', manualAdjustments: 'free' },
    });
    arena(g, {
      red: {
        R: shipCard('Ракетник', { weapons: ['ракеты Д 2-3', 'плазма 4'], durability: '20(12)' }),
      },
      blue: { B: shipCard('Цель', { weapons: ['лазеры 2'], durability: '9(5)' }) },
    });
    const from = g.states.length - 1;
    g.play('red', 'attack', { ship: 'R', weapon: 'missiles', targets: ['B'] });
    const verdict = checkChoices(commandersPathRuleset, g.states.slice(from), {
      'manual-declare-result': { condition: 'по договорённости' },
    });
    expect(verdict.failures).toEqual([]);
    expect(verdict.offered).toBeGreaterThan(2);
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
    // On the ground, a blue infantry next to red's: red's shot, production, the end of a turn.
    const facing = battle({});
    const onGround = Object.values(facing.state.rs.ground.units);
    const taken = new Set([
      ...onGround.flatMap((u) => u.hexes.map((x) => `${x.q}:${x.r}`)),
      ...Object.values(facing.state.rs.ground.generators).flatMap((g) =>
        g.hexes.map((x) => `${x.q}:${x.r}`),
      ),
    ]);
    const red = onGround.find((u) => u.legion === 'red' && u.kind === 'infantry')!;
    const free = neighbours(red.hexes[0]).find(
      (n) =>
        Object.hasOwn(facing.state.rs.ground.cells, `${n.q}:${n.r}`) && !taken.has(`${n.q}:${n.r}`),
    )!;
    const blue = onGround.find((u) => u.legion === 'blue' && u.kind === 'infantry')!;
    facing.given([swGiven('UnitMoved', { unit: blue.id, hexes: [free] })]);
    const kinds = legalDecisions(swStrategicRuleset, facing.state, 'red', TEST_SEED).map(
      (o) => o.kind,
    );
    expect(kinds).toEqual(expect.arrayContaining(['attack', 'queue-production', 'end-turn']));
    const verdictGround = checkChoices(swStrategicRuleset, [facing.state]);
    expect(verdictGround.failures).toEqual([]);
  });

  it('Freeform from an empty setup: zones, a deck, hands, pieces, draws, plays, moves', () => {
    const g = new StatesHarness(freeformRuleset).started([{ seat: 'red' }, { seat: 'blue' }], {
      setup: {},
    });
    g.play('red', 'create-zones', {
      zones: [
        { id: 'north', kind: 'location', name: { en: 'North', ru: 'Север' } },
        { id: 'south', kind: 'location', name: { en: 'South', ru: 'Юг' } },
        { id: 'deck', kind: 'deck', visibility: 'nobody', name: { en: 'Deck', ru: 'Колода' } },
        { id: 'pile', kind: 'discard', name: { en: 'Discard', ru: 'Сброс' } },
      ],
    });
    g.play('red', 'create-pieces', {
      pieces: [
        ...['Туз', 'Король', 'Дама', 'Туз'].map((type) => ({ type, zone: 'deck' })),
        { type: 'Крейсер', owner: 'red', zone: 'north' },
        { type: 'Фрегат', owner: 'blue', zone: 'south' },
        { type: 'Маркер', zone: 'north' },
      ],
    });
    const before = g.states.length;
    const choose = (seat: string, kind: string, chosen: Params = {}) =>
      decisionChoices(freeformRuleset, g.state, seat, kind, chosen, TEST_SEED)!;
    const [decks] = choose('red', 'draw');
    g.play('red', 'draw', { deck: decks.values[0].value, count: 2 });
    g.play('blue', 'draw', { deck: 'deck', count: 1 });
    const [cards, to] = choose('red', 'play');
    g.play('red', 'play', { pieces: [cards.values[0].value], to: 'pile' });
    const [pieces] = choose('red', 'move');
    const cruiser = pieces.values.find((v) => v.name.ru === 'Крейсер')!;
    g.play('red', 'move', { pieces: [cruiser.value], to: 'south' });
    g.play('blue', 'change-track', { track: 'points-blue', value: 3, owner: 'blue' });
    expect(g.states.length).toBeGreaterThan(before + 4);

    const verdict = checkChoices(freeformRuleset, g.states, {
      'declare-result': { condition: 'по договорённости' },
    });
    expect(verdict.failures).toEqual([]);
    expect(verdict.offered).toBeGreaterThan(20);
    expect(verdict.valuesTried).toBeGreaterThan(60);

    // Zones by their names, decks and others' hands left out of where a card may go.
    expect(decks.values.map((v) => [v.name.ru, v.hint?.ru])).toEqual([['Колода', 'карт: 4']]);
    expect(to.values.map((v) => v.name.ru)).toEqual(['Рука (Player red)', 'Сброс', 'Север', 'Юг']);
    // Red plays only what is in its hand or on the table and not blue's; moves no blue piece.
    const names = (values: { name: { ru: string } }[]) => values.map((v) => v.name.ru);
    // Its two cards in hand, its cruiser and the ownerless marker: never blue's frigate.
    expect(cards.values).toHaveLength(4);
    expect(names(cards.values)).toEqual(expect.arrayContaining(['Крейсер', 'Маркер']));
    expect(names(cards.values)).not.toContain('Фрегат');
    expect(names(pieces.values)).not.toContain('Фрегат');
    const [moving] = choose('blue', 'move');
    const movingNames = moving.values.map((v) => [v.name.ru, v.hint?.ru]);
    expect(movingNames).toContainEqual(['Фрегат', 'Player blue, Юг']);
    expect(movingNames).toContainEqual(['Маркер', 'Север']);
    expect(names(moving.values)).not.toContain('Крейсер');
    // Blue's hand holds one card red cannot see: never offered to red.
    const blueCard = Object.values(g.state.table.pieces).find((p) => p.zone === 'hand:blue')!;
    for (const kind of ['move', 'play', 'discard'])
      expect(choose('red', kind)[0].values.map((v) => v.value)).not.toContain(blueCard.id);
    // A declared result starts with nobody chosen: the seats by their players, a draw allowed.
    const [winners] = choose('red', 'declare-result');
    expect(winners).toMatchObject({ pick: 'many', min: 0 });
    expect(names(winners.values)).toEqual(['Player red', 'Player blue']);
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

describe('Combat Commander field choices agree with decide (issue 39)', () => {
  /** The illustrative scenario with decks whose cards are Move Orders and Fire Actions. */
  const started = () => {
    const g = new StatesHarness(combatCommanderRuleset).started(CC_SEATS, {
      setup: {
        decks: [
          uniformDeck('germany', ccCard({ order: 'move', action: 'fire' })),
          uniformDeck('ussr', ccCard({ order: 'fire', action: 'fire' })),
        ],
      },
    });
    g.play('axis', 'begin');
    return g;
  };
  const ask = (g: StatesHarness<CcState>, seat: string, kind: string, chosen = {}) =>
    decisionChoices(combatCommanderRuleset, g.state, seat, kind, chosen, TEST_SEED) ?? [];

  it('orders, Op Fire, rolls, a claim, its confirmation, a discard', () => {
    const g = started();
    const [axisCard] = ask(g, 'axis', 'order');
    g.play('axis', 'order', {
      card: axisCard.values[0].value,
      units: ['de-squad-1', 'de-squad-2'],
      leader: 'de-leader',
    });
    const [alliesCard] = ask(g, 'allies', 'action');
    g.play('allies', 'action', { card: alliesCard.values[0].value, pieces: ['su-squad-1'] });
    // The DP-27 of the squad in G7 at a German squad moving (issue 45: a group and a target).
    g.play('allies', 'roll', { purpose: 'fire', weapons: ['su-mg'], target: 'de-squad-2' });
    g.play('allies', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'break', piece: 'de-squad-2' }],
    });
    const [claim] = ask(g, 'axis', 'confirm-outcome');
    g.play('axis', 'confirm-outcome', { id: claim.values[0].value });
    g.play('axis', 'end-turn');
    g.play('allies', 'discard', { cards: [] });
    const verdict = checkChoices(combatCommanderRuleset, g.states);
    expect(verdict.failures).toEqual([]);
    expect(verdict.offered).toBeGreaterThan(20);
    expect(verdict.valuesTried).toBeGreaterThan(100);
  });

  it('an Order offers the hand, then only the seat’s units not yet activated, sorted by name', () => {
    const g = started();
    const fields = ask(g, 'axis', 'order');
    expect(fields.map((f) => f.path)).toEqual(['card', 'units', 'leader']);
    const [cardField, units, leaders] = fields;
    expect(cardField.values).toHaveLength(6);
    for (const v of cardField.values) expect(v.name.ru).toMatch(/^Движение №\d$/);
    expect(units.values.map((v) => [v.name.ru, v.hint?.ru])).toEqual([
      ['Лейтенант Крюгер', 'в гексе B2'],
      ['Стрелковое отделение 1', 'в гексе B2'],
      ['Стрелковое отделение 2', 'в гексе C3'],
    ]);
    expect(leaders.values.map((v) => [v.name.ru, v.hint?.ru])).toEqual([
      ['Лейтенант Крюгер', 'в гексе B2, Командование 2'],
    ]);
    // Once activated, a unit is no longer offered for the Turn's next Order.
    g.play('axis', 'order', { card: cardField.values[0].value, units: ['de-squad-2'] });
    const [, again] = ask(g, 'axis', 'order');
    expect(again.values.map((v) => v.value)).toEqual(['de-leader', 'de-squad-1']);
    // The other seat is offered no Order in the axis Turn, so no pieces of axis either.
    expect(ask(g, 'allies', 'order')).toEqual([]);
  });

  it('a claim: the rule, then the effect, then the pieces or seats it applies to', () => {
    const g = started();
    const [about] = ask(g, 'axis', 'state-outcome');
    // No Event is being read and no Sudden Death roll waits: neither is offered.
    expect(about.values.map((v) => v.name.ru)).not.toContain('Событие');
    expect(about.values.map((v) => v.name.ru)).not.toContain('Внезапная Смерть');
    const [, kinds] = ask(g, 'axis', 'state-outcome', { about: 'victory' });
    expect(kinds.values.map((v) => v.name.ru)).toEqual(['Победные очки', 'Конец игры']);
    const fields = ask(g, 'axis', 'state-outcome', { about: 'fire', effects: [{ kind: 'break' }] });
    expect(fields.map((f) => f.path)).toEqual(['about', 'effects.0.kind', 'effects.0.piece']);
    for (const v of fields[2].values) expect(v.name.ru).not.toMatch(/^(de|su)-/);
    expect(fields[2].values.map((v) => v.name.ru)).toContain('Гвардейское отделение 2');
  });

  it('confirming offers only the other seat’s pending claim, named in words', () => {
    const g = started();
    g.play('axis', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'break', piece: 'su-squad-2' }],
    });
    expect(ask(g, 'axis', 'confirm-outcome')).toEqual([]);
    const [id] = ask(g, 'allies', 'confirm-outcome');
    expect(id.values.map((v) => v.name.ru)).toEqual([
      'Огонь: Сломить подразделение Гвардейское отделение 2',
    ]);
  });
});

describe('Rex field choices agree with decide (issue 39)', () => {
  it('Rex: a Ceasefire, bidding, deployment, movement, a battle with wheels, cards, traitors, keeps', () => {
    const g = new StatesHarness(rexRuleset).started(seatsOf('letnev', 'sol', 'hacan'), {
      setup: {
        fleetSector: 9,
        strategyDeck: [GUN, SHIELD, GUN, SHIELD],
        traitorDeck: REX_TRAITORS,
        // A Temporary Ceasefire first: alliances offered and Influence given, then a card.
        influenceDeck: [
          { kind: 'ceasefire' },
          { kind: 'standard', places: [{ location: 'archive-hall', amount: 2 }] },
        ],
        factions: [
          { faction: 'letnev', placements: [{ location: 'imperial-fleet-base', troops: 4 }] },
          { faction: 'sol', placements: [{ location: 'imperial-fleet-base', troops: 6 }] },
        ],
      },
      options: { deckOrder: 'as-listed' },
    });
    const choices = (seat: string, kind: string, chosen: Params = {}) =>
      decisionChoices(rexRuleset, g.state, seat, kind, chosen, TEST_SEED)!;
    g.play('letnev', 'begin');
    advanceTo(g, 'ceasefire');
    // Whom to offer an Alliance: never Sol, whose troops share the Fleet Base with Letnev's
    // (allies never share a location); Influence may go to either, from 1.
    const [ally] = choices('letnev', 'offer-alliance');
    expect(ally.values.map((v) => v.value)).toEqual(['hacan']);
    expect(ally.values[0].hint?.ru).toBe('Хакан');
    const [given, amount] = choices('letnev', 'transfer-influence');
    expect(given.values.map((v) => v.value)).toEqual(['sol', 'hacan']);
    expect(amount.values[0].value).toBe(1);
    advanceTo(g, 'maneuvers');
    // Deploy: only the board's locations, as named on the board, sorted as read.
    const [where] = choices('letnev', 'deploy');
    const zones = g.state.table.zones;
    for (const v of where.values) expect(zones[v.value as string].kind).toBe('location');
    const names = where.values.map((v) => v.name.ru);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ru', { numeric: true })));
    const to = where.values.find((v) => v.value === 'archive-hall') ?? where.values[0];
    const [, troops] = choices('letnev', 'deploy', { location: to.value });
    expect(troops.path).toBe('troops');
    g.play('letnev', 'deploy', { location: to.value, troops: troops.values[0].value });
    // Move: from where the seat's own troops stand; then where the group may go.
    const [from] = choices('letnev', 'move');
    expect(from.values.map((v) => v.value)).toEqual(
      expect.arrayContaining([to.value, 'imperial-fleet-base']),
    );
    const [, dest, count] = choices('letnev', 'move', { from: to.value });
    g.play('letnev', 'move', {
      from: to.value,
      to: dest.values[0].value,
      troops: count.values[0].value,
    });
    advanceTo(g, 'combat');
    // One battle possible: it is the only entry, and the opponent is the one there.
    const [place] = choices('letnev', 'start-battle');
    expect(place.values.map((v) => v.value)).toEqual(['imperial-fleet-base']);
    const [, opponent] = choices('letnev', 'start-battle', { location: 'imperial-fleet-base' });
    expect(opponent.values.map((v) => v.value)).toEqual(['sol']);
    g.play('letnev', 'start-battle', { location: 'imperial-fleet-base', opponent: 'sol' });
    // The wheel: the dial up to the troops there, the seat's own leaders with strengths.
    const [dial, leader, slot] = choices('sol', 'battle-plan');
    expect(dial.values.map((v) => v.value)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(leader.values.every((v) => (v.value as string).startsWith('leader:sol:'))).toBe(true);
    expect(leader.values[0].hint?.ru).toMatch(/^сила \d+$/);
    // A leader that can fight must: the form asks for it though the schema makes it optional.
    expect(leader).toMatchObject({ required: true });
    expect(slot.values.map((v) => v.name.ru)).toContain('Атака');
    sealAll(g, 'battle-plan', {
      letnev: { dial: 2, leader: 'leader:letnev:1', slot: 'none' },
      sol: { dial: 4, leader: 'leader:sol:5', slot: 'attack' },
    });
    const [attack] = choices('sol', 'battle-cards');
    expect(attack.path).toBe('attack');
    expect(attack.values.map((v) => v.name.ru)).toEqual(['Энерго-ружье']);
    sealAll(g, 'battle-cards', { sol: { attack: attack.values[0].value as string } });
    // Letnev holds the Traitor naming Sol's leader 5 on the wheel, and only it is offered.
    const [traitor] = choices('letnev', 'call-traitor');
    expect(traitor.values.map((v) => v.value)).toEqual(['traitor:sol:5']);
    sealAll(g, 'call-traitor', { letnev: {}, sol: {} });
    // The winner keeps or discards only the card it played in this battle.
    const [discard] = choices('sol', 'keep-cards');
    expect(discard.values.map((v) => v.value)).toEqual([attack.values[0].value]);
    const states: MatchState<RexState>[] = g.states;
    const verdict = checkChoices(rexRuleset, states);
    expect(verdict.failures).toEqual([]);
    expect(verdict.offered).toBeGreaterThan(10);
    expect(verdict.valuesTried).toBeGreaterThan(50);
  });
});

describe('Rex: the Sol Offensive (issue 39)', () => {
  it('moves Sol out of a struck location by choices the rules accept', () => {
    const g = new StatesHarness(rexRuleset).started(seatsOf('sol', 'hacan', 'lazax'), {
      setup: {
        startRound: 2,
        fleetSector: 13,
        influenceDeck: [{ kind: 'sol-offensive' }],
        influenceDiscard: [
          {
            kind: 'standard',
            places: [
              { location: 'archive-hall', amount: 2 },
              { location: 'cartography-hall', amount: 4 },
            ],
          },
        ],
        factions: [
          { faction: 'sol', placements: [{ location: 'archive-hall', troops: 3 }] },
          { faction: 'hacan', placements: [{ location: 'cartography-hall', troops: 2 }] },
        ],
      },
      options: { deckOrder: 'as-listed' },
    });
    g.play('sol', 'begin');
    g.play('sol', 'reveal-influence');
    const [from] = decisionChoices(
      rexRuleset,
      g.state,
      'sol',
      'sol-offensive-move',
      {},
      TEST_SEED,
    )!;
    expect(from.values.map((v) => v.value)).toEqual(['archive-hall']);
    const verdict = checkChoices(rexRuleset, g.states);
    expect(verdict.failures).toEqual([]);
    expect(verdict.valuesTried).toBeGreaterThan(0);
    // Then anywhere but where they stand, up to the three troops there.
    const [, to, troops] = decisionChoices(
      rexRuleset,
      g.state,
      'sol',
      'sol-offensive-move',
      { from: 'archive-hall' },
      TEST_SEED,
    )!;
    expect(to.values.map((v) => v.value)).not.toContain('archive-hall');
    expect(to.values.length).toBeGreaterThan(10);
    expect(troops.values.map((v) => v.value)).toEqual([1, 2, 3]);
  });
});

const GUN = {
  name: { en: 'Energy Gun', ru: 'Энерго-ружье' },
  category: 'attack',
  weapon: 'energy',
};
const SHIELD = { name: { en: 'Shield', ru: 'Щит' }, category: 'defense', stops: ['energy'] };
/** As listed, Letnev draws the first 4 (one of them Sol's leader 5), Sol and Hacan one each. */
const REX_TRAITORS = [
  'leader:sol:5',
  ...[1, 2, 3, 4, 5].map((n) => `leader:letnev:${n}`),
  ...[1, 2, 3, 4].map((n) => `leader:sol:${n}`),
  ...[1, 2, 3, 4, 5].map((n) => `leader:hacan:${n}`),
];

describe('what an ask of choices costs the decider (issue 39)', () => {
  /** The ruleset with its decide counted: each params decided, by kind. */
  function probed<RS>(ruleset: Ruleset<RS>) {
    const decided: string[] = [];
    const decisions = Object.fromEntries(
      Object.entries(ruleset.decisions).map(([kind, spec]) => [
        kind,
        {
          ...spec,
          decide: (...args: Parameters<typeof spec.decide>) => {
            decided.push(`${kind} ${JSON.stringify(args[1])}`);
            return spec.decide(...args);
          },
        },
      ]),
    );
    return { ruleset: { ...ruleset, decisions } as Ruleset<RS>, decided };
  }

  it('decides each params once in an ask of a kind’s choices', () => {
    const near = battle({ red: [ship('fighter', 3, -2, 0)], blue: [ship('fighter', 5, -2, 0)] });
    const { ruleset, decided } = probed(swStrategicRuleset);
    const [armed] = decisionChoices(ruleset, near.state, 'red', 'fire', {}, TEST_SEED)!;
    expect(armed.values.map((v) => v.value)).toEqual([shipOf(near, 'red', 'fighter')]);
    expect(decided.length).toBeGreaterThan(0);
    expect(decided.length).toBe(new Set(decided).size);
    // The same choices as offered with every example looked for (the offers' own ask).
    const offered = legalDecisions(swStrategicRuleset, near.state, 'red', TEST_SEED);
    expect(offered.find((o) => o.kind === 'fire')?.examples.length).toBeGreaterThan(0);
    // The verdicts kept between asks at one seq (as the service keeps them): the offers, then
    // the choices asked twice, decide no params twice.
    decided.length = 0;
    const verdicts = new Map<string, boolean>();
    legalDecisions(ruleset, near.state, 'red', TEST_SEED, 'seat', verdicts);
    const asked = decided.length;
    decisionChoices(ruleset, near.state, 'red', 'fire', {}, TEST_SEED, 'seat', verdicts);
    const [, targets] = decisionChoices(
      ruleset,
      near.state,
      'red',
      'fire',
      { ship: armed.values[0].value },
      TEST_SEED,
      'seat',
      verdicts,
    )!;
    expect(targets.values.map((v) => v.value)).toEqual(['station:n1']);
    expect(asked).toBeGreaterThan(0);
    expect(decided.length).toBe(new Set(decided).size);
    // Out of range, the volley is not offered, each ship and target tried once.
    const far = battle({
      red: [ship('destroyer', 0, -3, 0)],
      blue: [ship('destroyer', -1, 3, 0)],
    });
    decided.length = 0;
    expect(decisionChoices(ruleset, far.state, 'red', 'fire', {}, TEST_SEED)).toBeUndefined();
    expect(decided.length).toBe(new Set(decided).size);
  });
});
