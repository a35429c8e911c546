import { Fragment, h, type ComponentChildren, type JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { own } from '@domain/shared/id-record';
import type { ZonePicking } from '../board-kit/board-ctx';
import {
  ApiError,
  matchPath,
  postJson,
  type DryRunResult,
  type Problem,
  type RecordedResult,
} from '../api/client';
import type { LocalCheck } from './local-check';
import { playLabel, type PlayLabelKey } from './play-labels';
import { endingText, winnersIfEnding } from './match-ending';
import type { RulesetWords } from '../ruleset-words';
import { commitmentOf, keepReceipt, keepSeal, newSalt } from './keepsakes';
import {
  checkAgainst,
  choiceName,
  fieldLabel,
  fieldsOf,
  type Field,
  type JsonSchema,
  type SchemaIndex,
  type SchemaProblem,
} from './params-schema';
import { choicesFor, targetsOf, withNames, type ChoiceGroup, type PickerContext } from './pickers';
import {
  choicesIncomplete,
  RuleChoiceInput,
  useRuleChoices,
  valueAt,
  withValueAt,
} from './rule-choices';

export interface DecisionKind {
  kind: string;
  summary: { en: string; ru: string };
  sealing?: 'required' | 'optional';
  params: JsonSchema;
}

export interface DecisionFormProps {
  lang: Lang;
  matchId: string;
  seat: string;
  /** The seq the page's table is at: every write says so (409 when the match moved on). */
  seq: number;
  spec: DecisionKind;
  schemas: SchemaIndex;
  picker: PickerContext;
  words: RulesetWords;
  /**
   * The ruleset gives this kind's field choices (legal-decisions' `choices`): its fields offer
   * only those, asked again as fields are chosen, and nothing is guessed from a field's name.
   */
  ruleChoices?: boolean;
  /** The match's dice option: server, reported or either. */
  diceSource?: string; /** Checks a sealed choice in this browser before it is sealed (it never leaves it before). */
  localCheck?: LocalCheck;
  onRecorded(result: RecordedResult): void;
  /** The match moved on: the page reloads its state. */
  onStale(problem: ApiError): void;
  onCancel(): void;
  /** The field waiting for a zone from the board, if any (the play page's board fills it). */
  picking?: ZonePicking;
  /** A zone field asks the board for its zone, or stops asking (undefined). */
  onPicking?(picking: ZonePicking | undefined): void;
}

type Values = Record<string, unknown>;

type Check =
  | { state: 'idle' }
  | { state: 'checking' }
  /** `ends`: the decision would end the match, with these winners (none: a draw). */
  | { state: 'ok'; withheld?: string; ends?: string[] }
  | { state: 'refused'; error: ApiError };

const DRY_RUN_DELAY_MS = 300;
const NOTHING_CHOSEN: Values = {};

/** Fields whose values are reported dice faces: shown only when the seat reports physical dice. */
const isFaces = (f: Field): boolean => f.kind === 'faces';

/**
 * The form of one decision kind, generated from its params schema: pickers for ids, dice
 * faces for reported dice, numbers, choices and texts. It checks what it would send against
 * the schema as the player types (and never sends what the schema forbids), asks the server's
 * dry run whether the rules accept it, shows a refusal beside the field it concerns, and
 * records the decision on the seq the page shows, or seals it when the ruleset says so.
 */
export function DecisionForm(props: DecisionFormProps): JSX.Element {
  const { lang, matchId, seq, spec, schemas, picker, words, diceSource } = props;
  const fields = useMemo(() => fieldsOf(spec.params, schemas), [spec, schemas]);
  // A kind with rule choices asks no dice of the player: an integer list there is a list of
  // choices (a unit's steps), never dice faces to report.
  const hasFaces = !props.ruleChoices && fields.some(isFaces);
  // Nothing is chosen for the player: every field starts empty (issue 39).
  const [values, setValues] = useState<Values>({});
  const [physical, setPhysical] = useState(
    diceSource === 'reported' || fields.some((f) => isFaces(f) && f.required),
  );
  const [sealOptional, setSealOptional] = useState(false);
  // A sealed choice stays in this tab unless the player asks to keep it on this device.
  const [keepOnDevice, setKeepOnDevice] = useState(false);
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  // The seq and params the rules' verdict shown answers (see `aria-busy` below).
  const [verdictFor, setVerdictFor] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<ApiError | undefined>();
  const sealed = spec.sealing === 'required' || (spec.sealing === 'optional' && sealOptional);
  // A keyboard user who opened the form goes on in it: its first control takes the focus.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current
      ?.querySelector<HTMLElement>('input, select, textarea, button[type="submit"]')
      ?.focus();
  }, []);

  const params = useMemo(
    () =>
      paramsOf(fields, values, { physical: props.ruleChoices === true || (hasFaces && physical) }),
    [fields, values, physical, hasFaces],
  );
  const problems = useMemo(
    () => checkAgainst(spec.params, params, schemas),
    [spec, params, schemas],
  );
  const rule = useRuleChoices(
    props.ruleChoices === true,
    matchId,
    spec.kind,
    // A sealed choice is not sent before its reveal: its choices are asked with nothing chosen.
    sealed ? NOTHING_CHOSEN : params,
    seq,
    props.onStale,
  );
  const ruleFields = props.ruleChoices ? rule.fields : undefined;
  const incomplete = useMemo(
    () => (ruleFields ? choicesIncomplete(ruleFields, params, lang) : []),
    [ruleFields, params, lang],
  );
  const waitingForChoices = props.ruleChoices === true && !ruleFields;
  const blocked = problems.length > 0 || incomplete.length > 0 || waitingForChoices;
  // One key per choice: sent again after a lost connection, the same choice is recorded once.
  const paramsKey = JSON.stringify(params);
  // Busy from the render that changes the params until the server's answers for them are shown.
  const verdictAwaited = !blocked && !sealed && verdictFor !== `${seq} ${paramsKey}`;
  const idempotencyKey = useMemo(() => crypto.randomUUID(), [paramsKey, spec.kind]);

  // The rules' answer as the player types: the dry run on the seq shown.
  const generation = useRef(0);
  useEffect(() => {
    setSent(undefined);
    if (blocked) {
      setCheck({ state: 'idle' });
      return;
    }
    if (sealed) {
      const local = props.localCheck;
      const refused = local?.(spec.kind, params);
      setCheck(refused ? { state: 'refused', error: refused } : { state: local ? 'ok' : 'idle' });
      return;
    }
    const mine = ++generation.current;
    setCheck({ state: 'checking' });
    const timer = setTimeout(() => {
      const asked = `${seq} ${JSON.stringify(params)}`;
      postJson<DryRunResult>(matchPath(matchId, 'decisions/dry-run'), {
        kind: spec.kind,
        params,
        expectedSeq: seq,
      }).then(
        (result) => {
          if (mine !== generation.current) return;
          setCheck({ state: 'ok', withheld: result.withheld, ends: winnersIfEnding(result) });
          setVerdictFor(asked);
        },
        (error: unknown) => {
          if (mine !== generation.current) return;
          setVerdictFor(asked);
          const problem = asApiError(error);
          if (problem.status === 409) props.onStale(problem);
          else setCheck({ state: 'refused', error: problem });
        },
      );
    }, DRY_RUN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [params, blocked, sealed, seq, props.localCheck]);

  const refusal = sent ?? (check.state === 'refused' ? check.error : undefined);
  const refusedField = refusal ? fieldOfProblem(refusal, fields, params) : undefined;

  // A decision that ends the match says what it will record and waits for a second press.
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setConfirming(false), [paramsKey]);
  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (blocked || sending) return;
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
          seat: props.seat,
          sealId: result.sealId,
          kind: spec.kind,
          params,
          salt,
          commitment,
          ...(keepOnDevice && { onDevice: true }),
        });
        keepReceipt(matchId, result.receipt);
        props.onRecorded(result);
      } else {
        const result = await postJson<RecordedResult>(
          matchPath(matchId, 'decisions'),
          { kind: spec.kind, params, expectedSeq: seq, clientTime: new Date().toISOString() },
          { 'idempotency-key': idempotencyKey },
        );
        keepReceipt(matchId, result.receipt);
        props.onRecorded(result);
      }
    } catch (error) {
      const problem = asApiError(error);
      if (problem.status === 409) props.onStale(problem);
      else setSent(problem);
    } finally {
      setSending(false);
    }
  };

  const ctx: RenderCtx = {
    lang,
    kind: spec.kind,
    picker,
    words,
    problems,
    refusal: refusedField ? { field: refusedField, error: refusal as ApiError } : undefined,
    showFaces: !hasFaces || physical,
    picking: props.picking,
    onPicking: props.onPicking,
  };
  const formId = `decide-${spec.kind}`;
  const title = spec.summary[lang] || spec.kind;
  return h(
    'form',
    {
      ref: formRef,
      class: 'decision-form panel',
      'data-kind': spec.kind,
      'aria-labelledby': `${formId}-title`,
      // Busy while the rules' choices or their verdict on what is chosen are on their way:
      // assistive technology (and the browser tests) wait for the form to settle.
      'aria-busy': rule.busy || verdictAwaited ? 'true' : 'false',
      onSubmit: submit,
      noValidate: true,
    },
    h('h3', { id: `${formId}-title` }, title),
    sealed ? h('p', { class: 'muted small' }, playLabel('sealedHint', lang)) : null,
    hasFaces && diceSource !== 'server' && diceSource !== 'reported'
      ? h(
          'fieldset',
          { class: 'dice-source' },
          h('legend', null, playLabel('diceSourceLegend', lang)),
          h(
            'label',
            null,
            h('input', {
              type: 'radio',
              name: `${formId}-dice`,
              checked: !physical,
              onChange: () => setPhysical(false),
            }),
            ` ${playLabel('serverRoll', lang)}`,
          ),
          h(
            'label',
            null,
            h('input', {
              type: 'radio',
              name: `${formId}-dice`,
              checked: physical,
              onChange: () => setPhysical(true),
            }),
            ` ${playLabel('physicalDice', lang)}`,
          ),
        )
      : null,
    waitingForChoices ? h('p', { class: 'muted' }, playLabel('choicesLoading', lang)) : null,
    fields.map((field) => {
      if (!props.ruleChoices)
        return h(FieldInput, {
          key: field.name,
          field,
          path: field.name,
          value: values[field.name],
          siblings: values,
          ctx,
          onChange: (v: unknown) => setValues((old) => ({ ...old, [field.name]: v })),
        });
      const caption = fieldLabel(field, lang, (word) => picker.phraser.term(word, lang));
      const chosenBy = (ruleFields ?? []).filter((c) => c.path.split('.')[0] === field.name);
      // A choice of a list item's member (a claim's effects.0.piece) is named by that member;
      // a nested object's (commander.catalog) by the object, as before.
      const memberCaption = (of: Field, path: string): string | undefined => {
        const [, index, member, ...deeper] = path.split('.');
        const listMember = /^\d+$/.test(index ?? '') && member && deeper.length === 0;
        const inner =
          listMember && 'fields' in of ? of.fields.find((f) => f.name === member) : undefined;
        return inner && fieldLabel(inner, lang, (word) => picker.phraser.term(word, lang));
      };
      if (chosenBy.length > 0)
        return h(
          Fragment,
          { key: field.name },
          chosenBy.map((choice) => {
            const onChange = (v: unknown) => setValues((old) => withValueAt(old, choice.path, v));
            const input = h(RuleChoiceInput, {
              key: choice.path,
              field: choice,
              id: `f-${spec.kind}-${choice.path.replace(/[^A-Za-z0-9_-]/g, '_')}`,
              caption: memberCaption(field, choice.path) ?? caption,
              // What the rules ask to place or pick a number of is required, whatever the schema says.
              required:
                // A list the rules let stay empty (no battle joined, no ship destroyed) is not.
                (field.required &&
                  !(choice.pick === 'places' && choice.optional) &&
                  !(choice.pick === 'many' && choice.min === 0)) ||
                (choice.pick === 'places' && !choice.optional) ||
                (choice.pick === 'one' && choice.required === true) ||
                (choice.pick === 'many' && choice.min > 0),
              value: valueAt(values, choice.path),
              lang,
              onChange,
              // A place offered by the rules may be picked on the board too (only those offered).
              around: (select: JSX.Element) =>
                h(
                  PickOnBoard,
                  {
                    path: choice.path,
                    caption,
                    groups: [
                      {
                        label: caption,
                        choices: choice.values.map((v) => ({
                          value: String(v.value),
                          text: v.name[lang],
                        })),
                      },
                    ],
                    ctx,
                    onChange,
                  },
                  select,
                ),
            });
            return input;
          }),
        );
      // A field the rules give no choices for is never guessed from its name: only what
      // names nothing on the table and offers no list (a number, a yes/no, a text) is asked,
      // and an optional one only when the rules list it (a sector where it applies).
      return GUESSED_KINDS.has(field.kind) || !field.required
        ? null
        : h(FieldInput, {
            key: field.name,
            field,
            path: field.name,
            value: values[field.name],
            siblings: values,
            ctx,
            onChange: (v: unknown) => setValues((old) => ({ ...old, [field.name]: v })),
          });
    }),
    spec.sealing === 'optional'
      ? h(
          'label',
          { class: 'check' },
          h('input', {
            type: 'checkbox',
            checked: sealOptional,
            onChange: (e: Event) => setSealOptional((e.target as HTMLInputElement).checked),
          }),
          ` ${playLabel('sealThis', lang)}`,
        )
      : null,
    sealed
      ? h(
          'label',
          { class: 'check keep-on-device', title: playLabel('keepOnDeviceHint', lang) },
          h('input', {
            type: 'checkbox',
            name: 'keep-on-device',
            checked: keepOnDevice,
            onChange: (e: Event) => setKeepOnDevice((e.target as HTMLInputElement).checked),
          }),
          ` ${playLabel('keepOnDevice', lang)}`,
        )
      : null,
    refusal && !refusedField ? h(ProblemNote, { error: refusal, lang, names: picker }) : null,
    h(
      'p',
      { class: 'form-status', role: 'status', 'aria-live': 'polite', 'data-check': check.state },
      problems.length > 0
        ? playLabel('formIncomplete', lang)
        : incomplete.length > 0
          ? incomplete.join(' ')
          : check.state === 'checking'
            ? playLabel('checking', lang)
            : check.state === 'ok'
              ? `✓ ${playLabel('wouldBeAccepted', lang)}`
              : '',
    ),
    confirming && check.state === 'ok' && check.ends
      ? h(
          'p',
          { class: 'ends-match', role: 'alert' },
          endingText(check.ends, lang, (seat) => picker.phraser.seats.seat(seat, lang)),
        )
      : null,
    h(
      'div',
      { class: 'form-actions' },
      h(
        'button',
        {
          type: 'submit',
          class: 'primary',
          disabled: blocked || sending || check.state === 'refused',
        },
        confirming
          ? playLabel('confirmEnd', lang)
          : sealed
            ? playLabel('sealChoice', lang)
            : hasFaces && !physical
              ? playLabel('rollOnServer', lang)
              : playLabel('record', lang),
      ),
      confirming
        ? h(
            'button',
            { type: 'button', onClick: () => setConfirming(false) },
            playLabel('back', lang),
          )
        : null,
      h('button', { type: 'button', onClick: props.onCancel }, playLabel('cancel', lang)),
    ),
  );
}

/**
 * Field kinds a form of a kind with rule choices leaves to the rules: values that name things
 * on the table (pickers would guess them from the field's name) and lists of choices (a ship's
 * steps), which appear once the rules offer them (after the ship is chosen).
 */
const GUESSED_KINDS = new Set<Field['kind']>([
  'id',
  'ids-list',
  'group',
  'groups',
  'json',
  'choice-list',
  'enum',
  'faces',
]);

interface RenderCtx {
  lang: Lang;
  kind: string;
  picker: PickerContext;
  words: RulesetWords;
  problems: SchemaProblem[];
  refusal?: { field: string; error: ApiError };
  showFaces: boolean;
  picking?: ZonePicking;
  onPicking?(picking: ZonePicking | undefined): void;
}

function FieldInput({
  field,
  path,
  value,
  siblings,
  ctx,
  onChange,
}: {
  field: Field;
  path: string;
  value: unknown;
  siblings: Values;
  ctx: RenderCtx;
  onChange(value: unknown): void;
}): JSX.Element | null {
  if (isFaces(field) && !ctx.showFaces) return null;
  const { lang } = ctx;
  const id = `f-${ctx.kind}-${path.replace(/[^A-Za-z0-9_-]/g, '_')}`;
  const name = fieldLabel(field, lang, (word) => ctx.picker.phraser.term(word, lang));
  const problem = ctx.problems.find((p) => p.path === path || p.path.startsWith(`${path}[`));
  const refused = ctx.refusal && ctx.refusal.field === path ? ctx.refusal.error : undefined;
  // The schema's description is English: a help line in the English page.
  const help = lang === 'en' && field.help ? field.help : undefined;
  const describedBy =
    [help ? `${id}-help` : '', problem || refused ? `${id}-problem` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const note = h(
    Fragment,
    null,
    help ? h('p', { class: 'field-help muted small', id: `${id}-help` }, help) : null,
    refused
      ? h(ProblemNote, { error: refused, lang, id: `${id}-problem`, names: ctx.picker })
      : problem && value !== undefined
        ? h('p', { class: 'field-problem', id: `${id}-problem` }, problemText(problem, lang))
        : null,
  );
  const caption = `${name}${field.required ? ' *' : ''}`;
  const common = {
    id,
    'aria-invalid': refused || (problem && value !== undefined) ? 'true' : undefined,
    'aria-describedby': describedBy,
    'data-field': path,
  };
  let input: JSX.Element;
  switch (field.kind) {
    case 'id': {
      if (field.newId === 'new') {
        // A thing the decision creates is named by the player, never picked among what exists.
        input = h('input', {
          ...common,
          type: 'text',
          autocomplete: 'off',
          value: typeof value === 'string' ? value : '',
          onInput: (e: Event) => onChange((e.target as HTMLInputElement).value || undefined),
        });
        break;
      }
      const groups = groupsFor(field.name, ctx, true);
      if (field.newId === 'new-or-existing') {
        input = h(NewOrExistingInput, { common, groups, value, lang, onChange });
        break;
      }
      const select = h(
        'select',
        {
          ...common,
          value: typeof value === 'string' ? value : '',
          onChange: (e: Event) => onChange((e.target as HTMLSelectElement).value || undefined),
        },
        h(
          'option',
          { value: '' },
          field.required ? playLabel('choose', lang) : playLabel('none', lang),
        ),
        groups.map((g) =>
          h(
            'optgroup',
            { label: g.label },
            g.choices.map((c) => h('option', { value: c.value }, c.text)),
          ),
        ),
      );
      input = h(PickOnBoard, { path, caption: name, groups, ctx, onChange }, select);
      break;
    }
    case 'ids-list': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      const groups = groupsFor(field.name, ctx, false);
      return h(
        'fieldset',
        { class: 'field pick-list', 'data-field': path, 'aria-describedby': describedBy },
        h('legend', null, caption),
        groups.map((g) =>
          h(
            'div',
            { class: 'pick-group' },
            h('p', { class: 'pick-group-label muted small' }, g.label),
            g.choices.map((c) =>
              h(
                'label',
                { class: 'check' },
                h('input', {
                  type: 'checkbox',
                  value: c.value,
                  checked: chosen.includes(c.value),
                  onChange: (e: Event) =>
                    onChange(
                      (e.target as HTMLInputElement).checked
                        ? [...chosen, c.value]
                        : chosen.filter((v) => v !== c.value),
                    ),
                }),
                ` ${c.text}`,
              ),
            ),
          ),
        ),
        note,
      );
    }
    case 'choice-list':
      return h(ChoiceListInput, {
        field,
        path,
        caption,
        chosen: Array.isArray(value) ? (value as string[]) : [],
        nameOf: (v: string) => choiceName(field, v, lang) ?? ctx.picker.phraser.term(v, lang),
        lang,
        note,
        describedBy,
        onChange,
      });
    case 'enum':
      input = h(
        'select',
        {
          ...common,
          value: typeof value === 'string' ? value : '',
          onChange: (e: Event) => onChange((e.target as HTMLSelectElement).value || undefined),
        },
        h(
          'option',
          { value: '' },
          field.required ? playLabel('choose', lang) : playLabel('none', lang),
        ),
        field.values.map((v) =>
          h('option', { value: v }, choiceName(field, v, lang) ?? ctx.picker.phraser.term(v, lang)),
        ),
      );
      break;
    case 'number':
      input = h('input', {
        ...common,
        type: 'number',
        inputMode: 'numeric',
        min: field.min,
        max: field.max,
        step: field.integer ? 1 : 'any',
        value: typeof value === 'number' ? String(value) : '',
        onInput: (e: Event) => onChange(numberOf((e.target as HTMLInputElement).value)),
      });
      break;
    case 'boolean':
      return h(
        'div',
        { class: 'field' },
        h(
          'label',
          { class: 'check' },
          h('input', {
            ...common,
            type: 'checkbox',
            checked: value === true,
            onChange: (e: Event) => onChange((e.target as HTMLInputElement).checked),
          }),
          ` ${name}`,
        ),
        note,
      );
    case 'text':
      input = h('input', {
        ...common,
        type: 'text',
        maxLength: field.maxLength,
        value: typeof value === 'string' ? value : '',
        onInput: (e: Event) => onChange((e.target as HTMLInputElement).value || undefined),
      });
      break;
    case 'faces':
      return h(FacesInput, {
        field,
        path,
        caption,
        value: Array.isArray(value) ? (value as (number | undefined)[]) : [],
        dice: typeof siblings.dice === 'string' ? siblings.dice : undefined,
        lang,
        note,
        onChange,
      });
    case 'group': {
      const inner = value && typeof value === 'object' ? (value as Values) : {};
      return h(
        'fieldset',
        { class: 'field group', 'data-field': path },
        h('legend', null, caption),
        field.fields.map((f) =>
          h(FieldInput, {
            key: f.name,
            field: f,
            path: `${path}.${f.name}`,
            value: inner[f.name],
            siblings: inner,
            ctx,
            onChange: (v: unknown) => onChange({ ...inner, [f.name]: v }),
          }),
        ),
        note,
      );
    }
    case 'groups': {
      const items = Array.isArray(value) ? (value as Values[]) : [];
      return h(
        'fieldset',
        { class: 'field groups', 'data-field': path },
        h('legend', null, caption),
        items.map((item, i) =>
          h(
            'fieldset',
            { class: 'group-item' },
            h('legend', null, `${name} ${i + 1}`),
            field.fields.map((f) =>
              h(FieldInput, {
                key: f.name,
                field: f,
                path: `${path}[${i}].${f.name}`,
                value: item[f.name],
                siblings: item,
                ctx,
                onChange: (v: unknown) =>
                  onChange(items.map((it, j) => (j === i ? { ...it, [f.name]: v } : it))),
              }),
            ),
            h(
              'button',
              { type: 'button', onClick: () => onChange(items.filter((_, j) => j !== i)) },
              playLabel('removeItem', lang),
            ),
          ),
        ),
        field.max === undefined || items.length < field.max
          ? h(
              'button',
              { type: 'button', onClick: () => onChange([...items, {}]) },
              playLabel('addItem', lang),
            )
          : null,
        note,
      );
    }
    case 'json':
      input = h(JsonInput, { common, value, onChange });
      break;
  }
  return h('div', { class: 'field' }, h('label', { for: id }, caption), input, note);
}

/**
 * An id field that names one thing of the table or a new one (a track created when first
 * changed): a select of what exists and «Новая…», which asks the new id as text.
 */
function NewOrExistingInput({
  common,
  groups,
  value,
  lang,
  onChange,
}: {
  common: Record<string, unknown>;
  groups: ChoiceGroup[];
  value: unknown;
  lang: Lang;
  onChange(value: unknown): void;
}): JSX.Element {
  const existing = new Set(groups.flatMap((g) => g.choices.map((c) => c.value)));
  const typed = typeof value === 'string' ? value : '';
  const [fresh, setFresh] = useState(typed !== '' && !existing.has(typed));
  const select = h(
    'select',
    {
      ...common,
      value: fresh ? NEW_ID : typed,
      onChange: (e: Event) => {
        const chosen = (e.target as HTMLSelectElement).value;
        setFresh(chosen === NEW_ID);
        onChange(chosen === NEW_ID || chosen === '' ? undefined : chosen);
      },
    },
    h('option', { value: '' }, playLabel('choose', lang)),
    groups.map((g) =>
      h(
        'optgroup',
        { label: g.label },
        g.choices.map((c) => h('option', { value: c.value }, c.text)),
      ),
    ),
    h('option', { value: NEW_ID }, playLabel('newOne', lang)),
  );
  if (!fresh) return select;
  return h(
    Fragment,
    null,
    select,
    h('input', {
      type: 'text',
      autocomplete: 'off',
      'aria-label': playLabel('newOneId', lang),
      placeholder: playLabel('newOneId', lang),
      value: typed,
      onInput: (e: Event) => onChange((e.target as HTMLInputElement).value || undefined),
    }),
  );
}

/** The select's value for «a new one» (never an id: ids begin with a letter or a digit). */
const NEW_ID = '+new';

/**
 * A zone field's select, with a button that lets the player pick the zone on the board
 * instead (click, tap, or the zone's own button by keyboard); pressed while the board waits.
 */
function PickOnBoard({
  path,
  caption,
  groups,
  ctx,
  onChange,
  children,
}: {
  path: string;
  caption: string;
  groups: ChoiceGroup[];
  ctx: RenderCtx;
  onChange(value: unknown): void;
  children?: ComponentChildren;
}): JSX.Element {
  const zones = new Set(
    groups
      .flatMap((g) => g.choices)
      .map((c) => c.value)
      .filter((value) => own(ctx.picker.table.zones, value) !== undefined),
  );
  const { onPicking } = ctx;
  if (!onPicking || zones.size === 0) return h(Fragment, null, children);
  const waiting = ctx.picking?.path === path;
  return h(
    'div',
    { class: 'pick-row' },
    children,
    h(
      'button',
      {
        type: 'button',
        class: 'pick-on-board',
        'data-pick-field': path,
        'aria-pressed': waiting,
        onClick: (e: MouseEvent) => {
          const button = e.currentTarget as HTMLButtonElement;
          onPicking(
            waiting
              ? undefined
              : {
                  path,
                  caption,
                  zones,
                  pick: (zone: string) => {
                    onChange(zone);
                    onPicking(undefined);
                    // Back to the form, where the player goes on.
                    button.focus();
                  },
                },
          );
          // The board may be below the form (390 px): its first zone to pick comes into view
          // and takes the focus, so the keyboard goes on from there.
          if (!waiting)
            requestAnimationFrame(() =>
              document.querySelector<HTMLElement>('.board.picking .zone-pick')?.focus(),
            );
        },
      },
      playLabel(waiting ? 'pickingOnBoard' : 'pickOnBoard', ctx.lang),
    ),
  );
}

/** Reported dice as faces: one box per die of the dice asked for ("2d6": two boxes of 1-6). */
function FacesInput({
  field,
  path,
  caption,
  value,
  dice,
  lang,
  note,
  onChange,
}: {
  field: Extract<Field, { kind: 'faces' }>;
  path: string;
  caption: string;
  value: (number | undefined)[];
  dice: string | undefined;
  lang: Lang;
  note: JSX.Element;
  onChange(value: unknown): void;
}): JSX.Element {
  const spec = diceOf(dice);
  const count = spec ? spec.length : Math.max(value.length, field.min ?? 1);
  const faces = Array.from({ length: count }, (_, i) => value[i]);
  const set = (i: number, face: number | undefined): void =>
    onChange(faces.map((f, j) => (j === i ? face : f)));
  return h(
    'fieldset',
    { class: 'field faces', 'data-field': path },
    h('legend', null, caption),
    h(
      'div',
      { class: 'face-row' },
      faces.map((face, i) =>
        h(
          'label',
          { class: 'face' },
          h(
            'span',
            { class: 'sr-only' },
            playLabel('dieN', lang, { n: i + 1, sides: spec?.[i] ?? 6 }),
          ),
          h('input', {
            type: 'number',
            inputMode: 'numeric',
            min: 1,
            max: spec?.[i],
            'data-die': i,
            value: face === undefined ? '' : String(face),
            onInput: (e: Event) => set(i, numberOf((e.target as HTMLInputElement).value)),
          }),
          h('span', { class: 'muted small', 'aria-hidden': 'true' }, `d${spec?.[i] ?? '?'}`),
        ),
      ),
      spec
        ? null
        : h(
            'span',
            null,
            h('button', { type: 'button', onClick: () => onChange([...faces, undefined]) }, '+'),
            faces.length > 1
              ? h('button', { type: 'button', onClick: () => onChange(faces.slice(0, -1)) }, '−')
              : null,
          ),
    ),
    note,
  );
}

/**
 * A list of values built in order: one button per value adds it at the end, the chosen ones
 * stand in order as chips, each with its remove button. Values are named as the `enum`
 * field's options are; the raw values are sent.
 */
function ChoiceListInput({
  field,
  path,
  caption,
  chosen,
  nameOf,
  lang,
  note,
  describedBy,
  onChange,
}: {
  field: Extract<Field, { kind: 'choice-list' }>;
  path: string;
  caption: string;
  chosen: string[];
  nameOf(value: string): string;
  lang: Lang;
  note: JSX.Element;
  describedBy: string | undefined;
  onChange(value: unknown): void;
}): JSX.Element {
  const full = field.max !== undefined && chosen.length >= field.max;
  return h(
    'fieldset',
    { class: 'field choice-list', 'data-field': path, 'aria-describedby': describedBy },
    h('legend', null, caption),
    chosen.length === 0
      ? h('p', { class: 'muted small chosen-none' }, playLabel('nothingChosen', lang))
      : h(
          'ol',
          { class: 'chosen-chips' },
          chosen.map((v, i) =>
            h(
              'li',
              { class: 'chip', 'data-chosen': v },
              h('span', null, nameOf(v)),
              h(
                'button',
                {
                  type: 'button',
                  class: 'chip-remove',
                  'aria-label': playLabel('removeChosen', lang, { n: i + 1, name: nameOf(v) }),
                  onClick: () => onChange(chosen.filter((_, j) => j !== i)),
                },
                '×',
              ),
            ),
          ),
        ),
    h(
      'div',
      { class: 'choice-buttons', role: 'group', 'aria-label': playLabel('chooseInOrder', lang) },
      field.values.map((v) =>
        h(
          'button',
          {
            type: 'button',
            'data-choice': v,
            disabled: full || (field.unique && chosen.includes(v)),
            onClick: () => onChange([...chosen, v]),
          },
          nameOf(v),
        ),
      ),
    ),
    note,
  );
}

function JsonInput({
  common,
  value,
  onChange,
}: {
  common: Record<string, unknown>;
  value: unknown;
  onChange(value: unknown): void;
}): JSX.Element {
  const [text, setText] = useState(value === undefined ? '' : JSON.stringify(value));
  return h('textarea', {
    ...common,
    rows: 2,
    value: text,
    onInput: (e: Event) => {
      const next = (e.target as HTMLTextAreaElement).value;
      setText(next);
      if (!next.trim()) return onChange(undefined);
      try {
        onChange(JSON.parse(next));
      } catch {
        // Not JSON yet: a string, which the schema check refuses until it is.
        onChange(next);
      }
    },
  });
}

/** A refusal: the problem's detail, and the rule's reference with its quoted text. */
export function ProblemNote({
  error,
  lang,
  id,
  names,
}: {
  error: ApiError;
  lang: Lang;
  id?: string;
  /** Puts names in place of the table's ids in the server's words. */
  names?: PickerContext;
}): JSX.Element {
  const rule = (error.problem as (Problem & { rule?: { ref?: string | null } }) | undefined)?.rule;
  return h(
    'div',
    { class: 'field-problem refusal', role: 'alert', id, 'data-problem': error.code },
    h('p', null, names ? withNames(error.detail, names) : error.detail),
    rule?.ref
      ? h(
          'p',
          { class: 'rule-ref' },
          h('span', { class: 'muted' }, `${playLabel('ruleRef', lang)}: `),
          rule.ref,
        )
      : null,
  );
}

function groupsFor(field: string, ctx: RenderCtx, oneOfAlike: boolean): ChoiceGroup[] {
  const said = ctx.words.picker?.(ctx.kind, field);
  return choicesFor(targetsOf(field, said?.targets), said?.specials ?? [], ctx.picker, {
    oneOfAlike,
  });
}

/** The params to send: empty choices left out, faces only for physical dice. */
function paramsOf(fields: readonly Field[], values: Values, opts: { physical: boolean }): Values {
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

function numberOf(text: string): number | undefined {
  if (!text.trim()) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/** The sides of each die of "2d6+1d8", or undefined when it is not dice of that form. */
function diceOf(spec: string | undefined): number[] | undefined {
  if (!spec) return undefined;
  const sides: number[] = [];
  for (const term of spec.split('+')) {
    const m = /^\s*(\d{1,2})?d(\d{1,3})\s*$/i.exec(term);
    if (!m) return undefined;
    const count = Number(m[1] ?? '1');
    if (count < 1 || sides.length + count > 30) return undefined;
    for (let i = 0; i < count; i += 1) sides.push(Number(m[2]));
  }
  return sides.length > 0 ? sides : undefined;
}

/**
 * The field a refusal concerns: the server's field errors name it; a rule's message names the
 * value the player chose ("There is no zone nowhere"); else it concerns the whole decision.
 */
function fieldOfProblem(
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

const PROBLEM_LABELS = {
  required: 'schemaRequired',
  'unknown-field': 'schemaUnknownField',
  type: 'schemaType',
  enum: 'schemaEnum',
  pattern: 'schemaPattern',
  min: 'schemaMin',
  max: 'schemaMax',
  'min-items': 'schemaMinItems',
  'max-items': 'schemaMaxItems',
  'unique-items': 'schemaUniqueItems',
  'min-length': 'schemaMinLength',
  'max-length': 'schemaMaxLength',
} as const satisfies Record<SchemaProblem['code'], PlayLabelKey>;

function problemText(problem: SchemaProblem, lang: Lang): string {
  return playLabel(PROBLEM_LABELS[problem.code], lang, { n: problem.limit ?? 0 });
}

export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'error', String(error));
}
