/**
 * Legal decisions benchmark: `npm run bench:legal-decisions -- [REF]` (REF: main by default).
 * What the offers of `POST /matches/:id/legal-decisions` and the first ask of
 * `.../legal-decisions/choices` cost in the domain, where the decider is tried for each kind
 * (its candidates, then its field choices when none is accepted), side by side in one run:
 * this working tree's src and REF's src (bench/legal-decisions.sh extracts it and passes
 * BENCH_BASELINE_ROOT). Each side builds the same matches with its own harness:
 *  - Star Wars, red's space turn with nothing in range of its destroyer (fire has choices
 *    and no accepted example; attack has 80 candidates and none accepted);
 *  - Star Wars, red's fighter beside a station it may fire on;
 *  - Rex, the first Maneuvers turn (move, deploy and the Sol Offensive with choices).
 * Per match and side: the offers for the seat to act (a fresh copy of the state each time,
 * as after a new event), then the table page's asks at that seq (the offers, then each
 * offered kind's choices, asked again as its first two fields are chosen, with the decider's
 * verdicts kept between the asks as the service keeps them), and the decider calls each
 * makes. Runs alternate between the sides; the medians of BENCH_LEGAL_REPS
 * (15) runs of BENCH_LEGAL_MS (300) milliseconds each are reported, and their ratio.
 */
import * as path from 'node:path';
import { median } from './api/fold';

const REPS = envInt('BENCH_LEGAL_REPS', 15);
const RUN_MS = envInt('BENCH_LEGAL_MS', 300);

function envInt(name: string, fallback: number): number {
  const value = process.env[name];
  return value === undefined ? fallback : Number.parseInt(value, 10);
}

/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any --
   each side's modules are loaded from its own tree, typed as this tree's. */
type Harness = import('../test/support/match-harness').MatchHarness<any>;
type Ruleset = import('../src/domain/rulesets/ruleset').Ruleset<any>;
type MatchState = import('../src/domain/match/match-state').MatchState<any>;
type FieldChoices = import('../src/domain/rulesets/decision-choices').FieldChoices;
type Verdicts = Map<string, boolean>;

interface Scenario {
  name: string;
  ruleset: Ruleset;
  state: MatchState;
  seat: string;
  seed: Uint8Array;
}

interface Side {
  label: string;
  scenarios: Scenario[];
  /** The offers; `verdicts`: the decider's verdicts kept between asks (ignored by a baseline without them). */
  offers(s: Scenario, state: MatchState, verdicts: Verdicts): { kind: string; choices?: true }[];
  choices(
    s: Scenario,
    state: MatchState,
    kind: string,
    chosen: Record<string, unknown>,
    verdicts: Verdicts,
  ): FieldChoices[] | undefined;
  clone(state: MatchState): MatchState;
}

function loadSide(label: string, root: string): Side {
  const load = (file: string): any => require(path.join(root, file));
  const { MatchHarness } = load('test/support/match-harness.ts') as {
    MatchHarness: new (ruleset: Ruleset) => Harness;
  };
  const { legalDecisions } = load('src/domain/match/legal-decision-offers.ts');
  const { decisionChoices } = load('src/domain/match/decision-choices.ts');
  const { cloneMatchState } = load('src/domain/match/evolve-match.ts');
  const { swStrategicRuleset } = load('src/domain/rulesets/sw-strategic/sw-strategic.ruleset.ts');
  const { ILLUSTRATIVE_MISSION } = load('src/domain/rulesets/sw-strategic/sw-mission.ts');
  const { rexRuleset } = load('src/domain/rulesets/rex/rex.ruleset.ts');
  const rexKit = load('src/domain/rulesets/rex/rex.testkit.ts');

  /** sw.testkit's `battle`, built from this side's modules. */
  const swBattle = (red: object[], blue: object[]): Harness => {
    const mission = structuredClone(ILLUSTRATIVE_MISSION);
    delete mission.illustrative;
    mission.legions[0].ships = red;
    mission.legions[1].ships = blue;
    mission.legions[2].ships = [];
    const seats = [{ seat: 'red' }, { seat: 'blue' }, { seat: 'gold' }];
    const h = new MatchHarness(swStrategicRuleset).started(seats, { setup: { mission } } as never);
    const order = ['red', 'blue', 'gold'];
    return h.given(
      [
        ['TurnOrderRolled', { map: 'space', order, rolls: [] }],
        ['TurnOrderRolled', { map: 'ground', order, rolls: [] }],
        ['FactionTurnStarted', { map: 'space', legion: 'red', round: 1 }],
        ['FactionTurnStarted', { map: 'ground', legion: 'red', round: 1 }],
      ].map(([type, data]) => ({ type: type as string, data })),
    );
  };
  const ship = (cls: string, q: number, r: number) => ({ class: cls, bow: { q, r }, heading: 0 });
  const scenario = (name: string, h: Harness, seat: string): Scenario => ({
    name,
    ruleset: h.ruleset,
    state: h.state,
    seat,
    seed: h.seed,
  });
  const rex = new MatchHarness(rexRuleset).started(rexKit.seatsOf('sol', 'letnev', 'hacan'));
  rex.play('sol', 'begin');
  rexKit.advanceTo(rex, 'maneuvers');
  const scenarios = [
    scenario(
      'Star Wars, nothing in range',
      swBattle([ship('destroyer', 0, -3)], [ship('destroyer', -1, 3)]),
      'red',
    ),
    scenario(
      'Star Wars, a target in range',
      swBattle([ship('fighter', 3, -2)], [ship('fighter', 5, -2)]),
      'red',
    ),
    scenario('Rex, Maneuvers', rex, rex.state.table.turn.active[0]),
  ];
  return {
    label,
    scenarios,
    offers: (s, state, verdicts) =>
      legalDecisions(s.ruleset, state, s.seat, s.seed, 'seat', verdicts),
    choices: (s, state, kind, chosen, verdicts) =>
      decisionChoices(s.ruleset, state, s.seat, kind, chosen, s.seed, 'seat', verdicts),
    clone: (state) => cloneMatchState(state),
  };
}

/** The scenario with its ruleset's decide counted: the decider calls of `run`. */
function deciderCalls(s: Scenario, run: (s: Scenario) => void): number {
  let calls = 0;
  const decisions = Object.fromEntries(
    Object.entries(s.ruleset.decisions).map(([kind, spec]) => [
      kind,
      {
        ...spec,
        decide: (...args: Parameters<typeof spec.decide>) => {
          calls += 1;
          return spec.decide(...args);
        },
      },
    ]),
  );
  run({ ...s, ruleset: { ...s.ruleset, decisions } as Ruleset });
  return calls;
}

/** Milliseconds per call of `call`, over RUN_MS. */
function msPerCall(call: () => void): number {
  let count = 0;
  const start = process.hrtime.bigint();
  const until = start + BigInt(RUN_MS) * 1_000_000n;
  let now = start;
  while (now < until) {
    call();
    count += 1;
    now = process.hrtime.bigint();
  }
  return Number(now - start) / 1e6 / count;
}

/** The offers on a fresh copy of the state (a new seq): nothing of an earlier ask reused. */
function freshOffers(side: Side, s: Scenario): () => void {
  return () => side.offers(s, side.clone(s.state), new Map());
}

/**
 * The table page at one seq, on one state (as the service holds it, with the verdicts it
 * keeps for the seat at that seq): the offers, then for each kind offered with choices its
 * choices asked afresh, then again with the first value of its first field chosen, and of
 * its second.
 */
function pageFlow(side: Side, s: Scenario): () => void {
  return () => {
    const state = side.clone(s.state);
    const verdicts: Verdicts = new Map();
    for (const offer of side.offers(s, state, verdicts)) {
      if (!offer.choices) continue;
      const chosen: Record<string, unknown> = {};
      for (let field = 0; field < 3; field += 1) {
        const fields = side.choices(s, state, offer.kind, chosen, verdicts) ?? [];
        const open = fields.find(
          (f) => (f.pick === 'one' || f.pick === 'many') && !(f.path in chosen) && f.values[0],
        );
        if (!open || open.path.includes('.') || !('values' in open)) break;
        const first = open.values[0].value;
        chosen[open.path] = open.pick === 'many' ? [first] : first;
      }
    }
  };
}

const here = loadSide('this tree', path.resolve(__dirname, '..'));
const baseRoot = process.env.BENCH_BASELINE_ROOT;
const sides = [here, ...(baseRoot ? [loadSide('baseline', baseRoot)] : [])];
console.log(
  `legal decisions bench: ${REPS} runs of ${RUN_MS} ms per side and figure` +
    (baseRoot ? `, baseline ${process.env.BENCH_BASELINE_REF ?? baseRoot}` : ', no baseline'),
);

const rows: Record<string, string>[] = [];
for (let i = 0; i < here.scenarios.length; i += 1) {
  for (const [figure, make] of [
    ['offers', freshOffers],
    ['the page at one seq', pageFlow],
  ] as const) {
    const times = sides.map(() => [] as number[]);
    // Warm-up, then the runs alternate between the sides so the machine's load moves both alike.
    for (const side of sides) msPerCall(make(side, side.scenarios[i]));
    for (let rep = 0; rep < REPS; rep += 1)
      sides.forEach((side, k) => times[k].push(msPerCall(make(side, side.scenarios[i]))));
    const medians = times.map(median);
    const calls = sides.map((side) => deciderCalls(side.scenarios[i], (s) => make(side, s)()));
    rows.push({
      match: here.scenarios[i].name,
      figure,
      'this tree, ms': medians[0].toFixed(2),
      'decider calls': String(calls[0]),
      ...(sides.length > 1
        ? {
            'baseline, ms': medians[1].toFixed(2),
            'baseline calls': String(calls[1]),
            'baseline / this tree': (medians[1] / medians[0]).toFixed(2),
          }
        : {}),
    });
  }
}
console.table(rows);
