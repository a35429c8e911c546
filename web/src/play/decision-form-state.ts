import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { FieldChoices } from '@domain/rulesets/decision-choices';
import type { Lang } from '@domain/rulesets/ruleset';
import {
  ApiError,
  matchPath,
  postJson,
  type DryRunResult,
  type RecordedResult,
} from '../api/client';
import type { LocalCheck } from './local-check';
import { winnersIfEnding } from './match-ending';
import { commitmentOf, keepReceipt, keepSeal, newSalt } from './keepsakes';
import {
  checkAgainst,
  fieldsOf,
  isLocalizedText,
  type Field,
  type JsonSchema,
  type SchemaIndex,
  type SchemaProblem,
} from './params-schema';
import { choicesIncomplete, useRuleChoices } from './rule-choices';

/**
 * The state of one decision form, apart from how it is drawn: what the player chose, the
 * params that makes, the schema's and the rules' verdicts on them, and recording or sealing
 * them on the seq the page shows.
 */

export interface DecisionKind {
  kind: string;
  summary: { en: string; ru: string };
  sealing?: 'required' | 'optional';
  params: JsonSchema;
}

export type Values = Record<string, unknown>;

export type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  /** `ends`: the decision would end the match, with these winners (none: a draw). */
  | { state: 'ok'; withheld?: string; ends?: string[] }
  | { state: 'refused'; error: ApiError };

export interface DecisionFormInput {
  lang: Lang;
  matchId: string;
  seat: string;
  seq: number;
  spec: DecisionKind;
  schemas: SchemaIndex;
  ruleChoices?: boolean;
  diceSource?: string;
  localCheck?: LocalCheck;
  /**
   * A judge chooses the decision for `seat` (a ruling's corrective decision): the rules'
   * choices are those a ruling may record on the seat's behalf, nothing is tried or recorded
   * (the ruling's preview tries them all), and submitting hands the params over.
   */
  choosing?: Choosing;
  onRecorded(result: RecordedResult): void;
  onStale(problem: ApiError): void;
}

/** A form that chooses a decision for a judge's ruling instead of recording it. */
export interface Choosing {
  /** The submit button's words. */
  label: string;
  onChosen(params: Values): void;
}

export interface DecisionFormState {
  fields: Field[];
  values: Values;
  setValues(update: (old: Values) => Values): void;
  /** The seat reports dice faces (kinds with reported dice only). */
  hasFaces: boolean;
  physical: boolean;
  setPhysical(physical: boolean): void;
  sealed: boolean;
  sealOptional: boolean;
  setSealOptional(seal: boolean): void;
  keepOnDevice: boolean;
  setKeepOnDevice(keep: boolean): void;
  params: Values;
  problems: SchemaProblem[];
  /** The rules' choices of the kind's fields (undefined: none, or still on their way). */
  ruleFields?: FieldChoices[];
  waitingForChoices: boolean;
  /** What the rules' choices still ask, in the reader's words. */
  incomplete: string[];
  blocked: boolean;
  /** The rules' choices or their verdict on what is chosen are on their way. */
  busy: boolean;
  check: Check;
  sending: boolean;
  /** The refusal shown, and the field it concerns (none: the whole decision). */
  refusal?: ApiError;
  refusedField?: string;
  /** The decision ends the match: its second press confirms. */
  confirming: boolean;
  setConfirming(confirming: boolean): void;
  submit(event: Event): Promise<void>;
}

const DRY_RUN_DELAY_MS = 300;
/** The problem codes of a write on a seq the match has moved past. */
const STALE = new Set(['stale-revision', 'wrong-expected-revision']);
const NOTHING_CHOSEN: Values = {};

/** Fields whose values are reported dice faces: shown only when the seat reports physical dice. */
export const isFaces = (f: Field): boolean => f.kind === 'faces';

export function useDecisionForm(input: DecisionFormInput): DecisionFormState {
  const { lang, matchId, seq, spec, schemas, diceSource } = input;
  const fields = useMemo(() => fieldsOf(spec.params, schemas), [spec, schemas]);
  // A kind with rule choices asks no dice of the player: an integer list there is a list of
  // choices (a unit's steps), never dice faces to report.
  const hasFaces = !input.ruleChoices && fields.some(isFaces);
  // Nothing is chosen for the player: every field starts empty (issue 39).
  const [values, setValues] = useState<Values>({});
  const [physical, setPhysical] = useState(
    diceSource === 'reported' || fields.some((f) => isFaces(f) && f.required),
  );
  const [sealOptional, setSealOptional] = useState(false);
  // A sealed choice stays in this tab unless the player asks to keep it on this device.
  const [keepOnDevice, setKeepOnDevice] = useState(false);
  // The server's verdict and the seq and params it answers: the form reads «checking» and is
  // busy exactly while the verdict it has answers something else than what is chosen now.
  const [verdict, setVerdict] = useState<{ for: string; check: Check } | undefined>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<ApiError | undefined>();
  const choosing = input.choosing;
  // A ruling records its corrective decisions itself: nothing is sealed.
  const sealed =
    !choosing && (spec.sealing === 'required' || (spec.sealing === 'optional' && sealOptional));

  const params = useMemo(
    () =>
      paramsOf(fields, values, { physical: input.ruleChoices === true || (hasFaces && physical) }),
    [fields, values, physical, hasFaces],
  );
  const problems = useMemo(
    () => checkAgainst(spec.params, params, schemas),
    [spec, params, schemas],
  );
  const rule = useRuleChoices(
    input.ruleChoices === true,
    matchId,
    spec.kind,
    // A sealed choice is not sent before its reveal: its choices are asked with nothing chosen.
    sealed ? NOTHING_CHOSEN : params,
    seq,
    input.onStale,
    choosing ? { seat: input.seat, for: 'corrective' } : undefined,
  );
  const ruleFields = input.ruleChoices ? rule.fields : undefined;
  const incomplete = useMemo(
    () => (ruleFields ? choicesIncomplete(ruleFields, params, lang) : []),
    [ruleFields, params, lang],
  );
  const waitingForChoices = input.ruleChoices === true && !ruleFields;
  const blocked = problems.length > 0 || incomplete.length > 0 || waitingForChoices;
  // One key per choice: sent again after a lost connection, the same choice is recorded once.
  const paramsKey = JSON.stringify(params);
  const asked = `${seq} ${paramsKey}`;
  const idempotencyKey = useMemo(() => crypto.randomUUID(), [paramsKey, spec.kind]);

  // A sealed choice never leaves the browser before its reveal: it is checked here, if at all.
  const localCheck = input.localCheck;
  const sealedCheck = useMemo<Check>(() => {
    const refused = sealed ? localCheck?.(spec.kind, params) : undefined;
    return refused ? { state: 'refused', error: refused } : { state: localCheck ? 'ok' : 'idle' };
  }, [sealed, localCheck, spec.kind, paramsKey]);
  // A corrective decision of a ruling is checked by the ruling's own preview, not a dry run.
  const verdictAwaited = !choosing && !blocked && !sealed && verdict?.for !== asked;
  const check: Check =
    blocked || choosing
      ? { state: 'idle' }
      : sealed
        ? sealedCheck
        : verdictAwaited
          ? { state: 'checking' }
          : verdict!.check;

  // The rules' answer as the player types: the dry run on the seq shown, asked once per seq
  // and params (a table reloaded at the same seq, a choice changed back, keep their verdict).
  const generation = useRef(0);
  useEffect(() => {
    setSent(undefined);
    // Any answer still on its way is for what was chosen before.
    const mine = ++generation.current;
    if (!verdictAwaited) return;
    const timer = setTimeout(() => {
      postJson<DryRunResult>(matchPath(matchId, 'decisions/dry-run'), {
        kind: spec.kind,
        params,
        expectedSeq: seq,
      }).then(
        (result) => {
          if (mine !== generation.current) return;
          setVerdict({
            for: asked,
            check: { state: 'ok', withheld: result.withheld, ends: winnersIfEnding(result) },
          });
        },
        (error: unknown) => {
          if (mine !== generation.current) return;
          const problem = asApiError(error);
          if (problem.status === 409) input.onStale(problem);
          // The match moved on: the form stays busy until the page shows the new table (a new
          // seq, asked again); any other answer is the verdict, so the form never hangs busy.
          if (!STALE.has(problem.code))
            setVerdict({ for: asked, check: { state: 'refused', error: problem } });
        },
      );
    }, DRY_RUN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [params, blocked, sealed, seq, localCheck]);

  const refusal = sent ?? (check.state === 'refused' ? check.error : undefined);
  const refusedField = refusal ? fieldOfProblem(refusal, fields, params) : undefined;

  // A decision that ends the match says what it will record and waits for a second press.
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setConfirming(false), [paramsKey]);
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (blocked || sending) return;
    if (choosing) {
      choosing.onChosen(params);
      return;
    }
    if (check.state === 'ok' && check.ends && !confirming) {
      setConfirming(true);
      return;
    }
    setSending(true);
    try {
      if (sealed) {
        const salt = newSalt();
        const commitment = await commitmentOf(salt, params);
        const result = await postJson<RecordedResult & { sealId: string }>(
          matchPath(matchId, 'decisions/sealed'),
          { kind: spec.kind, commitment },
        );
        await keepSeal({
          matchId,
          seat: input.seat,
          sealId: result.sealId,
          kind: spec.kind,
          params,
          salt,
          commitment,
          ...(keepOnDevice && { onDevice: true }),
        });
        keepReceipt(matchId, result.receipt);
        input.onRecorded(result);
      } else {
        const result = await postJson<RecordedResult>(
          matchPath(matchId, 'decisions'),
          { kind: spec.kind, params, expectedSeq: seq, clientTime: new Date().toISOString() },
          { 'idempotency-key': idempotencyKey },
        );
        keepReceipt(matchId, result.receipt);
        input.onRecorded(result);
      }
    } catch (error) {
      const problem = asApiError(error);
      if (problem.status === 409) input.onStale(problem);
      else setSent(problem);
    } finally {
      setSending(false);
    }
  };

  return {
    fields,
    values,
    setValues,
    hasFaces,
    physical,
    setPhysical,
    sealed,
    sealOptional,
    setSealOptional,
    keepOnDevice,
    setKeepOnDevice,
    params,
    problems,
    ruleFields,
    waitingForChoices,
    incomplete,
    blocked,
    busy: rule.busy || verdictAwaited,
    check,
    sending,
    refusal,
    refusedField,
    confirming,
    setConfirming,
    submit,
  };
}

/** The params to send: empty choices left out, faces only for physical dice. */
export function paramsOf(
  fields: readonly Field[],
  values: Values,
  opts: { physical: boolean },
): Values {
  const out: Values = {};
  for (const field of fields) {
    if (field.kind === 'faces' && !opts.physical) continue;
    const value = cleaned(field, values[field.name], opts);
    if (value !== undefined) out[field.name] = value;
  }
  return out;
}

function cleaned(field: Field, value: unknown, opts: { physical: boolean }): unknown {
  if (value === undefined || value === '') {
    if (field.kind === 'boolean' && field.required) return false;
    // A required list nothing was ticked or placed in (a discard of no card, no battle
    // joined) is sent empty.
    return (field.kind === 'ids-list' || field.kind === 'groups') && field.required
      ? []
      : undefined;
  }
  switch (field.kind) {
    case 'ids-list':
    case 'choice-list':
    case 'faces':
      return Array.isArray(value) && (value.length > 0 || field.required) ? value : undefined;
    case 'group': {
      if (!value || typeof value !== 'object') return value;
      // An optional group left empty (typed in, then cleared) is not sent: `{}` would be
      // refused for the members it lacks.
      const inner = paramsOf(field.fields, value as Values, opts);
      // A name typed in one language only reads the same in the other.
      const said = inner.ru ?? inner.en;
      if (isLocalizedText(field) && said !== undefined) {
        inner.en ??= said;
        inner.ru ??= said;
      }
      return Object.keys(inner).length > 0 || field.required ? inner : undefined;
    }
    case 'groups':
      return Array.isArray(value) && (value.length > 0 || field.required)
        ? value.map((item) => paramsOf(field.fields, item as Values, opts))
        : undefined;
    default:
      return value;
  }
}

/**
 * The field a refusal concerns: the server's field errors name it; a rule's message names the
 * value the player chose ("There is no zone nowhere"); else it concerns the whole decision.
 */
export function fieldOfProblem(
  error: ApiError,
  fields: readonly Field[],
  params: Values,
): string | undefined {
  const errors = error.problem?.errors;
  if (errors && errors.length > 0) {
    const path = errors[0].path.replace(/^params\./, '').replace(/\.(\d+)(?=\.|$)/g, '[$1]');
    const top = path.split(/[.[]/)[0];
    return fields.some((f) => f.name === top) ? path : undefined;
  }
  const detail = error.detail;
  for (const field of fields) {
    const value = params[field.name];
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && v.length > 1 && wordIn(detail, v)))
      return field.name;
  }
  return fields.find((f) => wordIn(detail, f.name))?.name;
}

function wordIn(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\p{L}\\p{N}_-])${escaped}($|[^\\p{L}\\p{N}_-])`, 'u').test(text);
}

export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'error', String(error));
}
