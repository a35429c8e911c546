import { own } from '../../../../domain/shared/id-record';
import type { OptionSpec, OptionValue } from '../../../../domain/rulesets/ruleset';
import type { CreateMatchBody, RulesetDetail } from '../api';

/**
 * What the organizer's form holds and how it becomes the body of `POST /api/v1/matches`:
 * the options and setup fields are generated from the ruleset's own specs and schemas, so a
 * new ruleset needs no form of its own. Every field has a key ('title', 'options.handLimit',
 * 'setup.zones', 'seats.1.seat') by which both the page's checks and the server's
 * problem+json `errors` are shown beside it.
 */

/** A setup parameter as the form shows it: a typed input, or JSON for a list or an object. */
export interface SetupField {
  name: string;
  kind: 'integer' | 'number' | 'text' | 'choice' | 'boolean' | 'json';
  choices?: readonly string[];
  min?: number;
  max?: number;
  required: boolean;
}

export interface SeatDraft {
  seat: string;
  side: string;
  faction: string;
  /** The player's name: when given, the page claims the seat for them. */
  player: string;
  /** A deck list (pasted or from a file), for a ruleset whose seats register decks. */
  deck: string;
}

export interface MatchDraft {
  title: string;
  tournamentId: string;
  public: boolean;
  /** Option values as the inputs hold them; a value equal to the default is not sent. */
  options: Record<string, string | boolean>;
  setup: Record<string, string | boolean>;
  seats: SeatDraft[];
}

type Schema = Record<string, unknown>;

export function optionsOf(ruleset: RulesetDetail): readonly OptionSpec[] {
  return ruleset.options as unknown as OptionSpec[];
}

/** `#/schemas/Name` of the ruleset's detail, resolved (one level is all setup schemas use). */
function resolve(schema: Schema | undefined, ruleset: RulesetDetail): Schema | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  const name = ref.replace(/^#\/schemas\//, '');
  const found = own(ruleset.schemas as Record<string, unknown>, name);
  return typeof found === 'object' && found !== null ? (found as Schema) : undefined;
}

/** The setup parameters of the ruleset, in the order its schema lists them. */
export function setupFieldsOf(ruleset: RulesetDetail): SetupField[] {
  const setup = resolve(ruleset.setup, ruleset);
  const properties = (setup?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((setup?.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, raw]) => {
    const schema = resolve(raw, ruleset) ?? {};
    const base = { name, required: required.has(name) };
    const numeric = { min: schema.minimum as number | undefined, max: schema.maximum as number };
    if (Array.isArray(schema.enum)) return { ...base, kind: 'choice', choices: schema.enum };
    switch (schema.type) {
      case 'integer':
        return { ...base, kind: 'integer', ...numeric };
      case 'number':
        return { ...base, kind: 'number', ...numeric };
      case 'boolean':
        return { ...base, kind: 'boolean' };
      case 'string':
        return { ...base, kind: 'text' };
      default:
        return { ...base, kind: 'json' };
    }
  });
}

/** The factions a seat may play, when the ruleset's setup names them (`faction` with an enum). */
export function factionsOf(ruleset: RulesetDetail): readonly string[] {
  const seen = new Set<object>();
  const walk = (node: unknown): readonly string[] => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return [];
    seen.add(node);
    const schema = resolve(node as Schema, ruleset) ?? {};
    const faction = (schema.properties as Record<string, Schema> | undefined)?.faction;
    if (Array.isArray(faction?.enum)) return faction.enum as string[];
    for (const child of [
      ...Object.values((schema.properties ?? {}) as Record<string, unknown>),
      schema.items,
    ]) {
      const found = walk(child);
      if (found.length) return found;
    }
    return [];
  };
  return walk(ruleset.setup);
}

/** Seats register their decks as a decision of the setup phase (Commanders Path). */
export const DECK_DECISION = 'register-deck';

export function registersDecks(ruleset: RulesetDetail): boolean {
  return ruleset.decisions.some((d) => d.kind === DECK_DECISION);
}

/** The form as the ruleset's defaults fill it: `min` seats, named after colours. */
export function initialDraft(ruleset: RulesetDetail): MatchDraft {
  const factions = factionsOf(ruleset);
  const seatNames = factions.length ? factions : ['red', 'blue', 'green', 'yellow', 'purple'];
  return {
    title: '',
    tournamentId: '',
    public: false,
    options: Object.fromEntries(
      optionsOf(ruleset).map((o) => [
        o.id,
        typeof o.default === 'boolean' ? o.default : String(o.default),
      ]),
    ),
    setup: Object.fromEntries(
      setupFieldsOf(ruleset).map((f) => [f.name, f.kind === 'boolean' ? false : '']),
    ),
    seats: Array.from({ length: Math.max(ruleset.seats.min, 2) }, (_, i) => ({
      seat: seatNames[i % seatNames.length] ?? `seat${i + 1}`,
      side: '',
      faction: factions[i] ?? '',
      player: '',
      deck: '',
    })),
  };
}

export type FieldProblems = Record<string, string>;

/** The problems the page can see before sending (what is not a number, not JSON, missing). */
export type Checked = { ok: true; body: CreateMatchBody } | { ok: false; problems: FieldProblems };

export function matchRequest(
  rulesetId: string,
  ruleset: RulesetDetail,
  draft: MatchDraft,
  problemText: (key: 'notJson' | 'notInteger' | 'required' | 'range', range?: string) => string,
): Checked {
  const problems: FieldProblems = {};
  const options: Record<string, OptionValue> = {};
  for (const spec of optionsOf(ruleset)) {
    const value = own(draft.options, spec.id);
    if (value === undefined) continue;
    let chosen: OptionValue;
    if (spec.type === 'integer') {
      const parsed = integerOf(value);
      if (parsed === undefined) {
        problems[`options.${spec.id}`] = problemText('notInteger');
        continue;
      }
      chosen = parsed;
    } else chosen = value;
    if (chosen !== spec.default) options[spec.id] = chosen;
  }
  const setup: Record<string, unknown> = {};
  for (const field of setupFieldsOf(ruleset)) {
    const key = `setup.${field.name}`;
    const raw = own(draft.setup, field.name);
    if (raw === undefined || raw === '' || raw === false) {
      if (field.required) problems[key] = problemText('required');
      continue;
    }
    if (field.kind === 'boolean') setup[field.name] = raw === true;
    else if (field.kind === 'json') {
      try {
        setup[field.name] = JSON.parse(String(raw));
      } catch {
        problems[key] = problemText('notJson');
      }
    } else if (field.kind === 'integer' || field.kind === 'number') {
      const parsed = field.kind === 'integer' ? integerOf(raw) : Number(raw);
      if (parsed === undefined || !Number.isFinite(parsed))
        problems[key] = problemText('notInteger');
      else setup[field.name] = parsed;
    } else setup[field.name] = String(raw).trim();
  }
  const seats = draft.seats.map((s) => ({
    seat: s.seat.trim(),
    ...(s.side.trim() ? { side: s.side.trim() } : {}),
    ...(s.faction.trim() ? { faction: s.faction.trim() } : {}),
  }));
  draft.seats.forEach((s, i) => {
    if (!s.seat.trim()) problems[`seats.${i}.seat`] = problemText('required');
    if (s.deck.trim() && draft.seats.some((other) => !other.player.trim()))
      draft.seats.forEach((other, j) => {
        if (!other.player.trim()) problems[`seats.${j}.player`] = problemText('required');
      });
  });
  if (seats.length < ruleset.seats.min || seats.length > ruleset.seats.max)
    problems.seats = problemText('range', `${ruleset.seats.min}–${ruleset.seats.max}`);
  if (Object.keys(problems).length) return { ok: false, problems };
  return {
    ok: true,
    body: {
      ruleset: rulesetId,
      ...(draft.title.trim() ? { title: draft.title.trim() } : {}),
      ...(draft.tournamentId.trim() ? { tournamentId: draft.tournamentId.trim() } : {}),
      ...(draft.public ? { public: true } : {}),
      ...(Object.keys(options).length ? { options } : {}),
      ...(Object.keys(setup).length ? { setup } : {}),
      seats,
    },
  };
}

function integerOf(value: string | boolean): number | undefined {
  if (typeof value !== 'string' || !/^-?\d+$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

/**
 * The form field a server problem's `errors[].path` concerns. Setup problems come with paths
 * inside the setup ('zones.0.id'); options and seats with theirs ('options.x', 'seats.1.seat').
 */
export function fieldOfPath(path: string, fields: readonly string[]): string | undefined {
  const candidates = /^(options|seats|title|tournamentId)\b/.test(path)
    ? [path]
    : [`setup.${path}`, path];
  for (const candidate of candidates) {
    const parts = candidate.split('.');
    for (let n = parts.length; n > 0; n -= 1) {
      const key = parts.slice(0, n).join('.');
      if (fields.includes(key)) return key;
    }
  }
  return undefined;
}
