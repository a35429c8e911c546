import type { JSX } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { FieldChoices } from '@domain/rulesets/decision-choices';
import type { Lang } from '@domain/rulesets/ruleset';
import type { ZonePicking } from '../board-kit/board-ctx';
import type { ApiError, RecordedResult } from '../api/client';
import type { LocalCheck } from './local-check';
import { playLabel } from './play-labels';
import { endingText } from './match-ending';
import type { RulesetWords } from '../ruleset-words';
import { fieldLabel, type Field, type SchemaIndex } from './params-schema';
import type { PickerContext } from './pickers';
import { RuleChoiceInput, valueAt, withValueAt } from './rule-choices';
import {
  useDecisionForm,
  type Choosing,
  type DecisionFormState,
  type DecisionKind,
  type Values,
} from './decision-form-state';
import { FieldInput, PickOnBoard, ProblemNote, type RenderCtx } from './decision-fields';

export { asApiError, type DecisionKind } from './decision-form-state';
export { ProblemNote } from './decision-fields';

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
  diceSource?: string;
  /** Checks a sealed choice in this browser before it is sealed (it never leaves it before). */
  localCheck?: LocalCheck;
  /** A judge chooses the decision for a ruling instead of recording it (`Choosing`). */
  choosing?: Choosing;
  onRecorded(result: RecordedResult): void;
  /** The match moved on: the page reloads its state. */
  onStale(problem: ApiError): void;
  onCancel(): void;
  /** The field waiting for a zone from the board, if any (the play page's board fills it). */
  picking?: ZonePicking;
  /** A zone field asks the board for its zone, or stops asking (undefined). */
  onPicking?(picking: ZonePicking | undefined): void;
}

/**
 * The form of one decision kind, generated from its params schema (its state in
 * `useDecisionForm`): pickers for ids, dice faces for reported dice, numbers, choices and
 * texts. It checks what it would send against the schema as the player types (and never sends
 * what the schema forbids), asks the server's dry run whether the rules accept it, shows a
 * refusal beside the field it concerns, and records the decision on the seq the page shows,
 * or seals it when the ruleset says so.
 */
export function DecisionForm(props: DecisionFormProps): JSX.Element {
  const { lang, spec, picker, words, diceSource } = props;
  const form = useDecisionForm(props);
  const { fields, values, setValues, hasFaces, physical, sealed, check, refusal } = form;
  // A keyboard user who opened the form goes on in it: its first control takes the focus.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formRef.current
      ?.querySelector<HTMLElement>('input, select, textarea, button[type="submit"]')
      ?.focus();
  }, []);

  const ctx: RenderCtx = {
    lang,
    kind: spec.kind,
    picker,
    words,
    problems: form.problems,
    refusal: form.refusedField ? { field: form.refusedField, error: refusal! } : undefined,
    showFaces: !hasFaces || physical,
    picking: props.picking,
    onPicking: props.onPicking,
  };
  const formId = `decide-${spec.kind}`;
  const setField = (name: string) => (v: unknown) => setValues((old) => ({ ...old, [name]: v }));
  return (
    <form
      ref={formRef}
      class="decision-form panel"
      data-kind={spec.kind}
      aria-labelledby={`${formId}-title`}
      // Busy while the rules' choices or their verdict on what is chosen are on their way:
      // assistive technology (and the browser tests) wait for the form to settle.
      aria-busy={form.busy ? 'true' : 'false'}
      onSubmit={form.submit}
      noValidate
    >
      <h3 id={`${formId}-title`}>{spec.summary[lang] || spec.kind}</h3>
      {sealed ? <p class="muted small">{playLabel('sealedHint', lang)}</p> : null}
      {hasFaces && diceSource !== 'server' && diceSource !== 'reported' ? (
        <DiceSource name={`${formId}-dice`} form={form} lang={lang} />
      ) : null}
      {form.waitingForChoices ? <p class="muted">{playLabel('choicesLoading', lang)}</p> : null}
      {fields.map((field) =>
        !props.ruleChoices ? (
          <FieldInput
            key={field.name}
            field={field}
            path={field.name}
            value={values[field.name]}
            siblings={values}
            ctx={ctx}
            onChange={setField(field.name)}
          />
        ) : (
          <RuleChoiceFields key={field.name} field={field} form={form} ctx={ctx} />
        ),
      )}
      {spec.sealing === 'optional' && !props.choosing ? (
        <label class="check">
          <input
            type="checkbox"
            checked={form.sealOptional}
            onChange={(e) => form.setSealOptional((e.target as HTMLInputElement).checked)}
          />
          {` ${playLabel('sealThis', lang)}`}
        </label>
      ) : null}
      {sealed ? (
        <label class="check keep-on-device" title={playLabel('keepOnDeviceHint', lang)}>
          <input
            type="checkbox"
            name="keep-on-device"
            checked={form.keepOnDevice}
            onChange={(e) => form.setKeepOnDevice((e.target as HTMLInputElement).checked)}
          />
          {` ${playLabel('keepOnDevice', lang)}`}
        </label>
      ) : null}
      {refusal && !form.refusedField ? (
        <ProblemNote error={refusal} lang={lang} names={picker} />
      ) : null}
      <p class="form-status" role="status" aria-live="polite" data-check={check.state}>
        {statusText(form, lang)}
      </p>
      {form.confirming && check.state === 'ok' && check.ends ? (
        <p class="ends-match" role="alert">
          {endingText(check.ends, lang, (seat) => picker.phraser.seats.seat(seat, lang))}
        </p>
      ) : null}
      <div class="form-actions">
        <button
          type="submit"
          class="primary"
          disabled={form.blocked || form.sending || check.state === 'refused'}
        >
          {props.choosing
            ? props.choosing.label
            : form.confirming
              ? playLabel('confirmEnd', lang)
              : sealed
                ? playLabel('sealChoice', lang)
                : hasFaces && !physical
                  ? playLabel('rollOnServer', lang)
                  : playLabel('record', lang)}
        </button>
        {form.confirming ? (
          <button type="button" onClick={() => form.setConfirming(false)}>
            {playLabel('back', lang)}
          </button>
        ) : null}
        <button type="button" onClick={props.onCancel}>
          {playLabel('cancel', lang)}
        </button>
      </div>
    </form>
  );
}

function statusText(form: DecisionFormState, lang: Lang): string {
  if (form.problems.length > 0) return playLabel('formIncomplete', lang);
  if (form.incomplete.length > 0) return form.incomplete.join(' ');
  if (form.check.state === 'checking') return playLabel('checking', lang);
  if (form.check.state === 'ok') return `✓ ${playLabel('wouldBeAccepted', lang)}`;
  return '';
}

/** Server dice or physical dice whose faces the seat reports. */
function DiceSource({
  name,
  form,
  lang,
}: {
  name: string;
  form: DecisionFormState;
  lang: Lang;
}): JSX.Element {
  return (
    <fieldset class="dice-source">
      <legend>{playLabel('diceSourceLegend', lang)}</legend>
      <label>
        <input
          type="radio"
          name={name}
          checked={!form.physical}
          onChange={() => form.setPhysical(false)}
        />
        {` ${playLabel('serverRoll', lang)}`}
      </label>
      <label>
        <input
          type="radio"
          name={name}
          checked={form.physical}
          onChange={() => form.setPhysical(true)}
        />
        {` ${playLabel('physicalDice', lang)}`}
      </label>
    </fieldset>
  );
}

/**
 * One schema field of a kind whose ruleset gives its choices: a control for each choice the
 * rules give under it, or, where they give none, only what names nothing on the table.
 */
function RuleChoiceFields({
  field,
  form,
  ctx,
}: {
  field: Field;
  form: DecisionFormState;
  ctx: RenderCtx;
}): JSX.Element | null {
  const { lang, picker } = ctx;
  const { values, setValues } = form;
  const caption = fieldLabel(field, lang, (word) => picker.phraser.term(word, lang));
  const chosenBy = (form.ruleFields ?? []).filter((c) => c.path.split('.')[0] === field.name);
  if (chosenBy.length === 0)
    // A field the rules give no choices for is never guessed from its name: only what
    // names nothing on the table and offers no list (a number, a yes/no, a text) is asked,
    // and an optional one only when the rules list it (a sector where it applies).
    return GUESSED_KINDS.has(field.kind) || !field.required ? null : (
      <FieldInput
        field={field}
        path={field.name}
        value={values[field.name]}
        siblings={values}
        ctx={ctx}
        onChange={(v) => setValues((old) => ({ ...old, [field.name]: v }))}
      />
    );
  return (
    <>
      {chosenBy.map((choice) => {
        const onChange = (v: unknown): void =>
          setValues((old: Values) => withValueAt(old, choice.path, v));
        return (
          <RuleChoiceInput
            key={choice.path}
            field={choice}
            id={`f-${ctx.kind}-${choice.path.replace(/[^A-Za-z0-9_-]/g, '_')}`}
            caption={memberCaption(field, choice.path, ctx) ?? caption}
            required={requiredNow(field, choice)}
            value={valueAt(values, choice.path)}
            lang={lang}
            onChange={onChange}
            // A place offered by the rules may be picked on the board too (only those offered).
            around={(select) => (
              <PickOnBoard
                path={choice.path}
                caption={caption}
                groups={[
                  {
                    label: caption,
                    choices: choice.values.map((v) => ({
                      value: String(v.value),
                      text: v.name[lang],
                    })),
                  },
                ]}
                ctx={ctx}
                onChange={onChange}
              >
                {select}
              </PickOnBoard>
            )}
          />
        );
      })}
    </>
  );
}

/**
 * A choice of a list item's member (a claim's effects.0.piece) is named by that member; a
 * nested object's (commander.catalog) by the object.
 */
function memberCaption(of: Field, path: string, ctx: RenderCtx): string | undefined {
  const [, index, member, ...deeper] = path.split('.');
  const listMember = /^\d+$/.test(index ?? '') && member && deeper.length === 0;
  const inner = listMember && 'fields' in of ? of.fields.find((f) => f.name === member) : undefined;
  return inner && fieldLabel(inner, ctx.lang, (word) => ctx.picker.phraser.term(word, ctx.lang));
}

/** What the rules ask to place or pick a number of is required, whatever the schema says. */
function requiredNow(field: Field, choice: FieldChoices): boolean {
  return (
    // A list the rules let stay empty (no battle joined, no ship destroyed) is not.
    (field.required &&
      !(choice.pick === 'places' && choice.optional) &&
      !(choice.pick === 'many' && choice.min === 0)) ||
    (choice.pick === 'places' && !choice.optional) ||
    (choice.pick === 'one' && choice.required === true) ||
    (choice.pick === 'many' && choice.min > 0)
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
