import type { RulesetNaming } from '@domain/naming/ruleset-naming';
import { own } from '@domain/shared/id-record';
import type { Lang, OptionSpec, OptionValue } from '@domain/rulesets/ruleset';
import type { CreateMatchBody, RulesetDetail } from '../api/client';
import {
  choiceName,
  fieldsOf,
  resolve,
  type Field,
  type FieldDoc,
  type JsonSchema,
} from '../play/params-schema';

/**
 * What the organizer's form holds and how it becomes the body of `POST /api/v1/matches`:
 * the options and setup fields are generated from the ruleset's own specs and schemas, so a
 * new ruleset needs no form of its own. Every field has a key ('title', 'options.handLimit',
 * 'setup.zones', 'seats.1.seat') by which both the page's checks and the server's
 * problem+json `errors` are shown beside it.
 */

/**
 * A setup parameter as the form shows it: a typed input, a choice (an enum's values, or the
 * match's seats for a field that names one), or JSON for a list or an object. A nested object
 * of plain members (a scenario's name in both languages, a map's size) is shown as its
 * members, each a field of its own named by its path ('title.en') and kept with its `group`.
 * Its Russian label and English help come from the ruleset's documentation of the member
 * (x-label-ru, description).
 */
export interface SetupField extends FieldDoc {
  name: string;
  kind: 'integer' | 'number' | 'text' | 'choice' | 'seat' | 'boolean' | 'json';
  choices?: readonly string[];
  min?: number;
  max?: number;
  required: boolean;
  /** The nested object the field is a member of; `required` then holds once it is given. */
  group?: SetupGroup;
}

/** A nested object of the setup whose members the form shows one by one. */
export interface SetupGroup extends FieldDoc {
  name: string;
  required: boolean;
}

/** A registered player as a seat row holds them: the id the seat is claimed by, both names. */
export interface SeatPlayer {
  playerId: string;
  names: { ru: string; latin: string };
  /** Other spellings they are known by: they tell apart two people of one name. */
  aliases?: string[];
}

export interface SeatDraft {
  seat: string;
  side: string;
  faction: string;
  /** The player's name: when given, the page claims the seat for them. */
  player: string;
  /**
   * The registered player the seat is for (picked from the suggestions, or the one player the
   * typed name names): the match is created with the seat claimed by their id.
   */
  registered?: SeatPlayer;
  /** The registered players the typed name names, while the organizer has not said which. */
  candidates?: SeatPlayer[];
  /** The organizer said the typed name is none of the candidates: claimed by the name only. */
  nameOnly?: boolean;
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
  /**
   * A starting position as JSON (pasted, uploaded, or saved from a replay's moment): sent
   * beside the setup when given; the server names each problem of it.
   */
  position: string;
}

export function optionsOf(ruleset: RulesetDetail): readonly OptionSpec[] {
  return ruleset.options as unknown as OptionSpec[];
}

/**
 * The setup parameters of the ruleset, in the order its schema lists them, read with the walk
 * that reads decision params (params-schema). An id at the top of a setup names a seat: at
 * match creation the seats are all there is to name (the table is laid out by the setup itself).
 */
export function setupFieldsOf(ruleset: RulesetDetail): SetupField[] {
  if (!ruleset.setup) return [];
  return fieldsOf(ruleset.setup as JsonSchema, ruleset.schemas).flatMap((field): SetupField[] => {
    if (field.kind === 'group' && field.fields.every((f) => PLAIN.has(f.kind))) {
      const group: SetupGroup = { name: field.name, required: field.required, ...docOf(field) };
      return field.fields.map((member) => ({
        ...setupFieldOf(member, true),
        name: `${field.name}.${member.name}`,
        group,
      }));
    }
    return [setupFieldOf(field, false)];
  });
}

/** Members a nested object may have and still be shown as fields: one input each. */
const PLAIN: ReadonlySet<Field['kind']> = new Set(['enum', 'number', 'boolean', 'text']);

function docOf(field: FieldDoc): FieldDoc {
  return {
    ...(field.labelRu === undefined ? {} : { labelRu: field.labelRu }),
    ...(field.help === undefined ? {} : { help: field.help }),
    ...(field.choiceNames === undefined ? {} : { choiceNames: field.choiceNames }),
  };
}

/** A field of the schema walk as the form shows it; `inGroup`: an id there is not a seat. */
function setupFieldOf(field: Field, inGroup: boolean): SetupField {
  const base = { name: field.name, required: field.required, ...docOf(field) };
  switch (field.kind) {
    case 'enum':
      return { ...base, kind: 'choice', choices: field.values };
    case 'id':
      return { ...base, kind: inGroup ? 'text' : 'seat' };
    case 'number':
      return {
        ...base,
        kind: field.integer ? 'integer' : 'number',
        ...(field.min === undefined ? {} : { min: field.min }),
        ...(field.max === undefined ? {} : { max: field.max }),
      };
    case 'boolean':
      return { ...base, kind: 'boolean' };
    case 'text':
      return { ...base, kind: 'text' };
    default:
      return { ...base, kind: 'json' };
  }
}

/**
 * A setup choice's value in words: the ruleset's name for it (a faction, one of its terms),
 * else the value itself. The value sent stays the raw one.
 */
export function setupChoiceName(
  value: string,
  lang: Lang,
  words: RulesetNaming,
  field: FieldDoc = {},
): string {
  return (
    choiceName(field, value, lang) ??
    words.faction?.(value)?.[lang] ??
    words.term(value, lang, {}) ??
    value
  );
}

/** The factions a seat may play, when the ruleset's setup names them (`faction` with an enum). */
export function factionsOf(ruleset: RulesetDetail): readonly string[] {
  const seen = new Set<object>();
  const walk = (node: unknown): readonly string[] => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return [];
    seen.add(node);
    const schema = resolve(node as JsonSchema, ruleset.schemas);
    const faction = schema.properties?.faction;
    if (faction && Array.isArray(faction.enum)) return faction.enum as string[];
    for (const child of [...Object.values(schema.properties ?? {}), schema.items]) {
      const found = walk(child);
      if (found.length) return found;
    }
    return [];
  };
  return walk(ruleset.setup);
}

/** Seats register their decks as a decision of the setup phase (Commanders Path). */
export const DECK_DECISION = 'register-deck';

/**
 * Whether the seats register their decks after the start: not when the match starts from a
 * position, which registers them itself (its `rules.decks`) and skips the setup phase.
 */
export function registersDecks(
  ruleset: RulesetDetail,
  draft?: Pick<MatchDraft, 'position'>,
): boolean {
  return ruleset.decisions.some((d) => d.kind === DECK_DECISION) && !draft?.position.trim();
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
    position: '',
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

/** What the page can find wrong before sending. */
export type ProblemKey = 'notJson' | 'notInteger' | 'required' | 'range' | 'notSeat';

/** A seat for a registered player: their Russian name shown, their id sent. */
export function linkedTo(player: SeatPlayer): Partial<SeatDraft> {
  return {
    player: player.names.ru,
    registered: player,
    candidates: undefined,
    nameOnly: undefined,
  };
}

/** A typed name the registry is still to be asked about: not picked, not said to be a name only. */
export function needsResolving(seat: SeatDraft): boolean {
  return seat.player.trim() !== '' && !seat.registered && !seat.nameOnly;
}

/**
 * A seat row once the registry said whom its typed name names: one player links the seat to
 * them (their Russian name shown); several are offered to choose from; none leaves a name only.
 */
export function resolvedSeat(seat: SeatDraft, named: readonly SeatPlayer[]): SeatDraft {
  if (named.length === 1) return { ...seat, ...linkedTo(named[0]) };
  if (named.length > 1) return { ...seat, candidates: [...named] };
  return { ...seat, nameOnly: true, candidates: undefined };
}

/** The problems the page can see before sending (what is not a number, not JSON, missing). */
export type Checked = { ok: true; body: CreateMatchBody } | { ok: false; problems: FieldProblems };

export function matchRequest(
  rulesetId: string,
  ruleset: RulesetDetail,
  draft: MatchDraft,
  problemText: (key: ProblemKey, range?: string) => string,
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
  const fields = setupFieldsOf(ruleset);
  const isGiven = (field: SetupField): boolean => {
    const raw = own(draft.setup, field.name);
    return raw !== undefined && raw !== '' && raw !== false;
  };
  for (const field of fields) {
    const key = `setup.${field.name}`;
    const raw = own(draft.setup, field.name);
    if (raw === undefined || !isGiven(field)) {
      // A member of a nested object is required once the object is given at all.
      const needed = field.group
        ? field.required &&
          (field.group.required || fields.some((f) => f.group === field.group && isGiven(f)))
        : field.required;
      if (needed) problems[key] = problemText('required');
      continue;
    }
    const put = (value: unknown): void => {
      if (!field.group) setup[field.name] = value;
      else {
        const member = field.name.slice(field.group.name.length + 1);
        const inner = own(setup, field.group.name) as Record<string, unknown> | undefined;
        setup[field.group.name] = { ...inner, [member]: value };
      }
    };
    if (field.kind === 'boolean') put(raw === true);
    else if (field.kind === 'seat') {
      // The seat chosen may have been renamed or removed since.
      const seat = String(raw).trim();
      if (draft.seats.some((s) => s.seat.trim() === seat)) put(seat);
      else problems[key] = problemText('notSeat');
    } else if (field.kind === 'json') {
      try {
        put(JSON.parse(String(raw)));
      } catch {
        problems[key] = problemText('notJson');
      }
    } else if (field.kind === 'integer' || field.kind === 'number') {
      const parsed = field.kind === 'integer' ? integerOf(raw) : Number(raw);
      if (parsed === undefined || !Number.isFinite(parsed))
        problems[key] = problemText('notInteger');
      else put(parsed);
    } else put(String(raw).trim());
  }
  let position: Record<string, unknown> | undefined;
  if (draft.position.trim()) {
    try {
      const parsed: unknown = JSON.parse(draft.position);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        problems.position = problemText('notJson');
      else position = parsed as Record<string, unknown>;
    } catch {
      problems.position = problemText('notJson');
    }
  }
  const seats = draft.seats.map((s) => ({
    seat: s.seat.trim(),
    ...(s.side.trim() ? { side: s.side.trim() } : {}),
    ...(s.faction.trim() ? { faction: s.faction.trim() } : {}),
    ...(s.registered ? { player: s.registered.playerId } : {}),
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
      ...(position ? { position } : {}),
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
  // The match's title is one string: 'title.en' is the setup's own title (Combat Commander).
  // Every problem of a starting position is shown beside its one field.
  if (/^position\b/.test(path)) return fields.includes('position') ? 'position' : undefined;
  const candidates = /^(options|seats)\b|^(title|tournamentId)$/.test(path)
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

/**
 * A moment saved from a replay and brought to this page (`#ruleset=…&position=…`): the
 * ruleset to pick and the position's JSON for the form; undefined when the address has none.
 */
export function broughtPosition(hash: string): { ruleset: string; position: string } | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const ruleset = params.get('ruleset');
  const position = params.get('position');
  if (!ruleset || !position) return undefined;
  try {
    return { ruleset, position: JSON.stringify(JSON.parse(position), null, 2) };
  } catch {
    return { ruleset, position };
  }
}
