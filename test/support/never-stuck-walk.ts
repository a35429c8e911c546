import { createHash } from 'node:crypto';
import { saltedCommitment } from '../../src/domain/events/secret-commitment';
import { decisionChoices, withValueAt } from '../../src/domain/match/decision-choices';
import { decideReveal, decideSeal } from '../../src/domain/match/sealed-decider';
import { offerOf } from '../../src/domain/match/legal-decision-offers';
import {
  availabilityContext,
  legalDecisionKinds,
  type DecidedBy,
} from '../../src/domain/match/legal-decisions';
import type { LocalizedText } from '../../src/domain/shared/localized-text';
import type { FieldChoices } from '../../src/domain/rulesets/decision-choices';
import { isRejection } from '../../src/domain/rulesets/rule-violation';
import type { MatchHarness } from './match-harness';

/**
 * Issue 45 item 5, "no match gets stuck", for any ruleset: a seeded random walk over the
 * decisions `legal-decisions` offers (each offer's accepted examples, and a completion of its
 * field choices), by every seat and, where the ruleset has the Game Master decide, by a judge
 * on a seat's behalf. At every state reached some offered decision must be accepted, until
 * the match ends.
 */

/** A small seeded generator (mulberry32), so a failing walk can be replayed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface WalkCandidate {
  seat: string;
  kind: string;
  params: Record<string, unknown>;
  /** A walk decides as seats and judges; a ruling's corrective decisions are no move of play. */
  by: WalkedBy;
}

type WalkedBy = Exclude<DecidedBy, 'corrective'>;

type Walked<RS> = MatchHarness<RS>;

const pick = <T>(list: readonly T[], random: () => number): T | undefined =>
  list[Math.floor(random() * list.length)];

/** One value for a field, as a form would send it; undefined for shapes the walk leaves out. */
function fill(field: FieldChoices, random: () => number): unknown {
  const open = field.values.filter((v) => !('refused' in v && v.refused));
  const one = pick(open, random)?.value;
  if (one === undefined) return undefined;
  if (field.pick === 'one') return one;
  if (field.pick === 'sequence') return [one];
  if (field.pick === 'many') {
    const rest = open.map((v) => v.value).filter((v) => v !== one);
    return [one, ...rest.slice(0, Math.max(0, field.min - 1))];
  }
  return undefined;
}

/**
 * Params of `kind` built from its field choices, field after field as a form asks them, or
 * undefined when a field cannot be filled.
 */
function fromChoices<RS>(
  h: Walked<RS>,
  seat: string,
  kind: string,
  by: WalkedBy,
  random: () => number,
): Record<string, unknown> | undefined {
  let chosen: Record<string, unknown> = {};
  const filled = new Set<string>();
  for (let round = 0; round < 6; round += 1) {
    const fields = decisionChoices(h.ruleset, h.state, seat, kind, chosen, h.seed, by);
    const next = fields?.find((f) => !filled.has(f.path));
    if (!next) return chosen;
    const value = fill(next, random);
    if (value === undefined) return undefined;
    chosen = withValueAt(chosen, next.path, value);
    filled.add(next.path);
  }
  return chosen;
}

/** The seats, and a judge on each one's behalf where the ruleset has one decide. */
function deciders<RS>(h: Walked<RS>, judge: boolean): { seat: string; by: WalkedBy }[] {
  const seats = h.state.seats.map((s) => s.seat);
  return [
    ...seats.map((seat) => ({ seat, by: 'seat' as const })),
    ...(judge ? seats.map((seat) => ({ seat, by: 'judge' as const })) : []),
  ];
}

/** Candidates of one offered kind: its accepted examples, and params built from its choices. */
function candidatesOf<RS>(
  h: Walked<RS>,
  seat: string,
  by: WalkedBy,
  kind: string,
  summary: LocalizedText,
  random: () => number,
): WalkCandidate[] {
  const offer = offerOf(h.ruleset, h.state, seat, kind, summary, h.seed, by);
  if (!offer) return [];
  const out = offer.examples.map((params) => ({
    seat,
    kind,
    params: params as Record<string, unknown>,
    by,
  }));
  // The examples are the first few accepted; the choices reach the rest (a move anywhere).
  if (offer.choices) {
    const params = fromChoices(h, seat, kind, by, random);
    if (params) out.push({ seat, kind, params, by });
  }
  // A hidden choice sealed before it can be judged (Xxcha's prediction, sealed at the start
  // and judged only at its reveal): the ruleset's own candidates are sealed as they are.
  const spec = h.ruleset.decisions[kind];
  if (out.length === 0 && spec.sealing === 'required' && by === 'seat') {
    const ctx = availabilityContext(h.state, seat);
    const raw = spec.examples?.(ctx) ?? (spec.example !== undefined ? [spec.example] : []);
    for (const params of raw)
      out.push({ seat, kind, params: params as Record<string, unknown>, by });
  }
  return out;
}

/** A random order in which an item of weight w comes early w times as often (weighted race). */
function weightedOrder<T>(items: T[], weight: (item: T) => number, random: () => number): T[] {
  return items
    .map((item) => ({ item, key: Math.pow(random(), 1 / Math.max(weight(item), 1e-6)) }))
    .sort((a, b) => b.key - a.key)
    .map(({ item }) => item);
}

/** A seat's seal salt: 32 hex digits, as a client draws it. */
const saltOf = (seat: string): string =>
  createHash('sha256').update(`walk-salt-${seat}`).digest('hex').slice(0, 32);

/** Seals made and not yet revealed, by seal id. */
type Sealed = Map<string, { seat: string; kind: string; params: Record<string, unknown> }>;

/**
 * Records a candidate: openly, or, for a kind made as a simultaneous hidden choice, as a
 * seal (revealed later, `revealOne`). Whether it was accepted.
 */
function record<RS>(h: Walked<RS>, c: WalkCandidate, sealed: Sealed, serial: number): boolean {
  if (h.ruleset.decisions[c.kind]?.sealing !== 'required' || c.by === 'judge')
    return !isRejection(h.decide(c.seat, c.kind, c.params, c.by));
  const sealId = `walk-seal-${serial}`;
  const decided = decideSeal(h.ruleset, h.state, {
    sealId,
    seat: c.seat,
    kind: c.kind,
    commitment: saltedCommitment(saltOf(c.seat), c.params),
  });
  if (isRejection(decided)) return false;
  h.record(decided, { kind: 'seat', id: c.seat, seat: c.seat });
  sealed.set(sealId, { seat: c.seat, kind: c.kind, params: c.params });
  return true;
}

/** Reveals the first seal that may be revealed now (void if the rules refuse it by then). */
function revealOne<RS>(h: Walked<RS>, sealed: Sealed, serial: number): string | undefined {
  for (const [sealId, { seat, kind, params }] of sealed) {
    const decisionId = `walk-reveal-${serial}`;
    const decided = decideReveal(
      h.ruleset,
      h.state,
      { sealId, seat, params, salt: saltOf(seat), decisionId, voidIfRefused: true },
      h.seed,
    );
    if (isRejection(decided)) continue;
    h.record(decided, { kind: 'seat', id: seat, seat }, decisionId);
    sealed.delete(sealId);
    return kind;
  }
  return undefined;
}

export interface WalkResult {
  steps: number;
  /** How often each kind was accepted. */
  kinds: Record<string, number>;
  finished: boolean;
}

/**
 * Walks `h` for at most `maxSteps` decisions, never by an adjustment (a correction of the
 * table) nor a kind `exclude`d. Each step takes the deciders (every seat, and a
 * judge on each one's behalf with `judge`, less often) in a random order, and for each the kinds
 * `legal-decisions` offers it in a random order (`weights` makes a kind rarer or likelier:
 * ending a turn rarer, so that turns see play), and records the first offered candidate the
 * decider accepts (a simultaneous hidden choice sealed, and revealed once it may be). Fails,
 * naming the state, when no decider has one: the match is stuck.
 * Stops when the match finishes.
 */
export function walkUntilEnd<RS>(
  h: Walked<RS>,
  {
    seed,
    maxSteps,
    judge = false,
    weights = {},
    exclude = [],
  }: {
    seed: number;
    maxSteps: number;
    judge?: boolean;
    weights?: Record<string, number>;
    /** Kinds never tried: a concession is always legal, and would hide a stuck state. */
    exclude?: readonly string[];
  },
): WalkResult {
  const random = seeded(seed);
  const kinds: Record<string, number> = {};
  const sealed: Sealed = new Map();
  let steps = 0;
  for (; steps < maxSteps && h.state.status !== 'finished'; steps += 1) {
    // A seal that may be revealed is revealed first: the others have sealed theirs.
    const revealed = revealOne(h, sealed, steps);
    if (revealed) {
      kinds[`reveal ${revealed}`] = (kinds[`reveal ${revealed}`] ?? 0) + 1;
      continue;
    }
    let accepted: WalkCandidate | undefined;
    const looked: string[] = [];
    for (const { seat, by } of weightedOrder(
      deciders(h, judge),
      (d) => (d.by === 'judge' ? 0.2 : 1),
      random,
    )) {
      // A correction of the table (an adjustment) is no move of the game: never tried.
      const offered = legalDecisionKinds(h.ruleset, h.state, seat, by).filter(
        (k) => !exclude.includes(k.kind) && !h.ruleset.decisions[k.kind].adjustment,
      );
      for (const { kind, summary } of weightedOrder(offered, (k) => weights[k.kind] ?? 1, random)) {
        const tried = candidatesOf(h, seat, by, kind, summary, random).sort(() => random() - 0.5);
        looked.push(`${by === 'judge' ? 'judge for ' : ''}${seat} ${kind} (${tried.length})`);
        accepted = tried.find((c) => record(h, c, sealed, steps));
        if (accepted) break;
      }
      if (accepted) break;
    }
    if (!accepted)
      throw new Error(
        `stuck at seq ${h.state.lastSeq} (step ${steps}): nothing offered is accepted; looked at: ${
          looked.join(', ') || 'nothing'
        }`,
      );
    kinds[accepted.kind] = (kinds[accepted.kind] ?? 0) + 1;
  }
  return { steps, kinds, finished: h.state.status === 'finished' };
}
