import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { own } from '@domain/shared/id-record';
import type { ZonePicking } from '../board-kit/board-ctx';
import type { ApiError, Problem } from '../api/client';
import { playLabel, type PlayLabelKey } from './play-labels';
import type { RulesetWords } from '../ruleset-words';
import {
  choiceName,
  fieldLabel,
  isLocalizedText,
  type Field,
  type SchemaProblem,
} from './params-schema';
import type { LocalizedText } from '@domain/shared/localized-text';
import { choicesFor, targetsOf, withNames, type ChoiceGroup, type PickerContext } from './pickers';
import { isFaces, type Values } from './decision-form-state';

/**
 * The view of a decision form's fields generated from its params schema: pickers for ids,
 * dice faces for reported dice, numbers, choices, texts, and a refusal beside its field.
 */

export interface RenderCtx {
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

export function FieldInput({
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
  const note = (
    <>
      {help ? (
        <p class="field-help muted small" id={`${id}-help`}>
          {help}
        </p>
      ) : null}
      {refused ? (
        <ProblemNote error={refused} lang={lang} id={`${id}-problem`} names={ctx.picker} />
      ) : problem && value !== undefined ? (
        <p class="field-problem" id={`${id}-problem`}>
          {problemText(problem, lang)}
        </p>
      ) : null}
    </>
  );
  const caption = `${name}${field.required ? ' *' : ''}`;
  const common = {
    id,
    'aria-invalid': refused || (problem && value !== undefined) ? 'true' : undefined,
    'aria-describedby': describedBy,
    'data-field': path,
  } as const;
  const text = typeof value === 'string' ? value : '';
  const onText = (e: Event): void => onChange((e.target as HTMLInputElement).value || undefined);
  const placeholder = field.required ? playLabel('choose', lang) : playLabel('none', lang);
  let input: JSX.Element;
  switch (field.kind) {
    case 'id': {
      if (field.newId === 'new') {
        // A thing the decision creates is named by the player, never picked among what exists.
        input = <input {...common} type="text" autocomplete="off" value={text} onInput={onText} />;
        break;
      }
      const groups = groupsFor(field.name, ctx, true);
      if (field.newId === 'new-or-existing') {
        input = (
          <NewOrExistingInput
            common={common}
            groups={groups}
            value={value}
            lang={lang}
            onChange={onChange}
          />
        );
        break;
      }
      input = (
        <PickOnBoard path={path} caption={name} groups={groups} ctx={ctx} onChange={onChange}>
          <select {...common} value={text} onChange={onText}>
            <option value="">{placeholder}</option>
            {groups.map((g) => (
              <optgroup label={g.label}>
                {g.choices.map((c) => (
                  <option value={c.value}>{c.text}</option>
                ))}
              </optgroup>
            ))}
          </select>
        </PickOnBoard>
      );
      // A closed select cuts a long name on a phone: the chosen one whole under it.
      const chosen = groups.flatMap((g) => g.choices).find((c) => c.value === text)?.text;
      if (chosen && chosen.length > FITS_A_PHONE_SELECT)
        input = (
          <>
            {input}
            <p class="chosen-whole small">{chosen}</p>
          </>
        );
      break;
    }
    case 'ids-list': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      const groups = groupsFor(field.name, ctx, false);
      return (
        <fieldset class="field pick-list" data-field={path} aria-describedby={describedBy}>
          <legend>{caption}</legend>
          {groups.map((g) => (
            <div class="pick-group">
              <p class="pick-group-label muted small">{g.label}</p>
              {g.choices.map((c) => (
                <label class="check">
                  <input
                    type="checkbox"
                    value={c.value}
                    checked={chosen.includes(c.value)}
                    onChange={(e) =>
                      onChange(
                        (e.target as HTMLInputElement).checked
                          ? [...chosen, c.value]
                          : chosen.filter((v) => v !== c.value),
                      )
                    }
                  />
                  {` ${c.text}`}
                </label>
              ))}
            </div>
          ))}
          {note}
        </fieldset>
      );
    }
    case 'choice-list':
      return (
        <ChoiceListInput
          field={field}
          path={path}
          caption={caption}
          chosen={Array.isArray(value) ? (value as string[]) : []}
          nameOf={(v) => choiceName(field, v, lang) ?? ctx.picker.phraser.term(v, lang)}
          lang={lang}
          note={note}
          describedBy={describedBy}
          onChange={onChange}
        />
      );
    case 'enum':
      input = (
        <select {...common} value={text} onChange={onText}>
          <option value="">{placeholder}</option>
          {field.values.map((v) => (
            <option value={v}>
              {choiceName(field, v, lang) ?? ctx.picker.phraser.term(v, lang)}
            </option>
          ))}
        </select>
      );
      break;
    case 'number':
      input = (
        <input
          {...common}
          type="number"
          inputMode="numeric"
          min={field.min}
          max={field.max}
          step={field.integer ? 1 : 'any'}
          value={typeof value === 'number' ? String(value) : ''}
          onInput={(e) => onChange(numberOf((e.target as HTMLInputElement).value))}
        />
      );
      break;
    case 'boolean':
      return (
        <div class="field">
          <label class="check">
            <input
              {...common}
              type="checkbox"
              checked={value === true}
              onChange={(e) => onChange((e.target as HTMLInputElement).checked)}
            />
            {` ${name}`}
          </label>
          {note}
        </div>
      );
    case 'text':
      input = field.choiceNames ? (
        // A word the rules know by name (a zone's kind), or the player's own.
        <NamedOrOwnInput
          common={common}
          names={field.choiceNames}
          value={text}
          maxLength={field.maxLength}
          lang={lang}
          onChange={onChange}
        />
      ) : (
        <input {...common} type="text" maxLength={field.maxLength} value={text} onInput={onText} />
      );
      break;
    case 'faces':
      return (
        <FacesInput
          field={field}
          path={path}
          caption={caption}
          value={Array.isArray(value) ? (value as (number | undefined)[]) : []}
          dice={typeof siblings.dice === 'string' ? siblings.dice : undefined}
          lang={lang}
          note={note}
          onChange={onChange}
        />
      );
    case 'group': {
      const inner = value && typeof value === 'object' ? (value as Values) : {};
      if (isLocalizedText(field))
        return (
          <LocalizedTextInput
            common={common}
            caption={caption}
            maxLength={field.fields[0].kind === 'text' ? field.fields[0].maxLength : undefined}
            value={inner}
            lang={lang}
            note={
              // The schema's problem with either language, once something is typed.
              ctx.problems.some((p) => p.path.startsWith(`${path}.`)) && value !== undefined ? (
                <p class="field-problem" id={`${id}-problem`}>
                  {problemText(
                    ctx.problems.find((p) => p.path.startsWith(`${path}.`))!,
                    lang,
                  )}
                </p>
              ) : (
                note
              )
            }
            onChange={onChange}
          />
        );
      return (
        <fieldset class="field group" data-field={path}>
          <legend>{caption}</legend>
          {field.fields.map((f) => (
            <FieldInput
              key={f.name}
              field={f}
              path={`${path}.${f.name}`}
              value={inner[f.name]}
              siblings={inner}
              ctx={ctx}
              onChange={(v) => onChange({ ...inner, [f.name]: v })}
            />
          ))}
          {note}
        </fieldset>
      );
    }
    case 'groups': {
      const items = Array.isArray(value) ? (value as Values[]) : [];
      return (
        <fieldset class="field groups" data-field={path}>
          <legend>{caption}</legend>
          {items.map((item, i) => (
            <fieldset class="group-item">
              <legend>{`${name} ${i + 1}`}</legend>
              {field.fields.map((f) => (
                <FieldInput
                  key={f.name}
                  field={f}
                  path={`${path}[${i}].${f.name}`}
                  value={item[f.name]}
                  siblings={item}
                  ctx={ctx}
                  onChange={(v) =>
                    onChange(items.map((it, j) => (j === i ? { ...it, [f.name]: v } : it)))
                  }
                />
              ))}
              <button type="button" onClick={() => onChange(items.filter((_, j) => j !== i))}>
                {playLabel('removeItem', lang)}
              </button>
            </fieldset>
          ))}
          {field.max === undefined || items.length < field.max ? (
            <button type="button" onClick={() => onChange([...items, {}])}>
              {playLabel('addItem', lang)}
            </button>
          ) : null}
          {note}
        </fieldset>
      );
    }
    case 'json':
      input = <JsonInput common={common} value={value} onChange={onChange} />;
      break;
  }
  return (
    <div class="field">
      <label for={id}>{caption}</label>
      {input}
      {note}
    </div>
  );
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
  const select = (
    <select
      {...common}
      value={fresh ? NEW_ID : typed}
      onChange={(e) => {
        const chosen = (e.target as HTMLSelectElement).value;
        setFresh(chosen === NEW_ID);
        onChange(chosen === NEW_ID || chosen === '' ? undefined : chosen);
      }}
    >
      <option value="">{playLabel('choose', lang)}</option>
      {groups.map((g) => (
        <optgroup label={g.label}>
          {g.choices.map((c) => (
            <option value={c.value}>{c.text}</option>
          ))}
        </optgroup>
      ))}
      <option value={NEW_ID}>{playLabel('newOne', lang)}</option>
    </select>
  );
  if (!fresh) return select;
  return (
    <>
      {select}
      <input
        type="text"
        autocomplete="off"
        aria-label={playLabel('newOneId', lang)}
        placeholder={playLabel('newOneId', lang)}
        value={typed}
        onInput={(e) => onChange((e.target as HTMLInputElement).value || undefined)}
      />
    </>
  );
}

/**
 * A name in both languages, asked in the page's language; the other language is optional and
 * reads the same when left empty (the form's params fill it in).
 */
function LocalizedTextInput({
  common,
  caption,
  maxLength,
  value,
  lang,
  note,
  onChange,
}: {
  common: Record<string, unknown> & { id: string; 'data-field': string };
  caption: string;
  maxLength?: number;
  value: Values;
  lang: Lang;
  note: ComponentChildren;
  onChange(value: unknown): void;
}): JSX.Element {
  const other: Lang = lang === 'ru' ? 'en' : 'ru';
  const set = (which: Lang) => (e: Event) => {
    const typed = (e.target as HTMLInputElement).value || undefined;
    const next: Values = { ...value, [which]: typed };
    if (typed === undefined) delete next[which];
    onChange(Object.keys(next).length > 0 ? next : undefined);
  };
  const otherId = `${common.id}-${other}`;
  const path = common['data-field'];
  return (
    <div class="field localized-text" data-field={path}>
      <label for={common.id}>{caption}</label>
      <input
        {...common}
        data-field={`${path}.${lang}`}
        type="text"
        maxLength={maxLength}
        value={typeof value[lang] === 'string' ? value[lang] : ''}
        onInput={set(lang)}
      />
      <label for={otherId} class="small muted">
        {playLabel('otherLanguageOptional', lang)}
      </label>
      <input
        id={otherId}
        data-field={`${path}.${other}`}
        type="text"
        maxLength={maxLength}
        value={typeof value[other] === 'string' ? value[other] : ''}
        onInput={set(other)}
      />
      {note}
    </div>
  );
}

/**
 * A text the rules name a few usual values of (a zone's kind): a select of their names, and
 * «Другое…», which asks the player's own word.
 */
function NamedOrOwnInput({
  common,
  names,
  value,
  maxLength,
  lang,
  onChange,
}: {
  common: Record<string, unknown>;
  names: Readonly<Record<string, LocalizedText>>;
  value: string;
  maxLength?: number;
  lang: Lang;
  onChange(value: unknown): void;
}): JSX.Element {
  const [own, setOwn] = useState(value !== '' && !Object.hasOwn(names, value));
  const select = (
    <select
      {...common}
      value={own ? OWN_WORDS : value}
      onChange={(e) => {
        const chosen = (e.target as HTMLSelectElement).value;
        setOwn(chosen === OWN_WORDS);
        onChange(chosen === OWN_WORDS || chosen === '' ? undefined : chosen);
      }}
    >
      <option value="">{playLabel('choose', lang)}</option>
      {Object.entries(names).map(([v, name]) => (
        <option value={v}>{name[lang]}</option>
      ))}
      <option value={OWN_WORDS}>{playLabel('ownWords', lang)}</option>
    </select>
  );
  if (!own) return select;
  return (
    <>
      {select}
      <input
        type="text"
        autocomplete="off"
        maxLength={maxLength}
        aria-label={playLabel('ownWordsText', lang)}
        placeholder={playLabel('ownWordsText', lang)}
        value={value}
        onInput={(e) => onChange((e.target as HTMLInputElement).value || undefined)}
      />
    </>
  );
}

/** The select's value for «something else» (no value the rules name starts with «+»). */
const OWN_WORDS = '+own';

/** Past this many characters a closed select at 390 px cuts its text. */
const FITS_A_PHONE_SELECT = 30;

/** The select's value for «a new one» (never an id: ids begin with a letter or a digit). */
const NEW_ID = '+new';

/**
 * A zone field's select, with a button that lets the player pick the zone on the board
 * instead (click, tap, or the zone's own button by keyboard); pressed while the board waits.
 */
export function PickOnBoard({
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
  if (!onPicking || zones.size === 0) return <>{children}</>;
  const waiting = ctx.picking?.path === path;
  return (
    <div class="pick-row">
      {children}
      <button
        type="button"
        class="pick-on-board"
        data-pick-field={path}
        aria-pressed={waiting}
        onClick={(e) => {
          const button = e.currentTarget;
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
        }}
      >
        {playLabel(waiting ? 'pickingOnBoard' : 'pickOnBoard', ctx.lang)}
      </button>
    </div>
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
  return (
    <fieldset class="field faces" data-field={path}>
      <legend>{caption}</legend>
      <div class="face-row">
        {faces.map((face, i) => (
          <label class="face">
            <span class="sr-only">
              {playLabel('dieN', lang, { n: i + 1, sides: spec?.[i] ?? 6 })}
            </span>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={spec?.[i]}
              data-die={i}
              value={face === undefined ? '' : String(face)}
              onInput={(e) => set(i, numberOf((e.target as HTMLInputElement).value))}
            />
            <span class="muted small" aria-hidden="true">{`d${spec?.[i] ?? '?'}`}</span>
          </label>
        ))}
        {spec ? null : (
          <span>
            <button type="button" onClick={() => onChange([...faces, undefined])}>
              +
            </button>
            {faces.length > 1 ? (
              <button type="button" onClick={() => onChange(faces.slice(0, -1))}>
                −
              </button>
            ) : null}
          </span>
        )}
      </div>
      {note}
    </fieldset>
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
  return (
    <fieldset class="field choice-list" data-field={path} aria-describedby={describedBy}>
      <legend>{caption}</legend>
      {chosen.length === 0 ? (
        <p class="muted small chosen-none">{playLabel('nothingChosen', lang)}</p>
      ) : (
        <ol class="chosen-chips">
          {chosen.map((v, i) => (
            <li class="chip" data-chosen={v}>
              <span>{nameOf(v)}</span>
              <button
                type="button"
                class="chip-remove"
                aria-label={playLabel('removeChosen', lang, { n: i + 1, name: nameOf(v) })}
                onClick={() => onChange(chosen.filter((_, j) => j !== i))}
              >
                ×
              </button>
            </li>
          ))}
        </ol>
      )}
      <div class="choice-buttons" role="group" aria-label={playLabel('chooseInOrder', lang)}>
        {field.values.map((v) => (
          <button
            type="button"
            data-choice={v}
            disabled={full || (field.unique && chosen.includes(v))}
            onClick={() => onChange([...chosen, v])}
          >
            {nameOf(v)}
          </button>
        ))}
      </div>
      {note}
    </fieldset>
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
  return (
    <textarea
      {...common}
      rows={2}
      value={text}
      onInput={(e) => {
        const next = (e.target as HTMLTextAreaElement).value;
        setText(next);
        if (!next.trim()) return onChange(undefined);
        try {
          onChange(JSON.parse(next));
        } catch {
          // Not JSON yet: a string, which the schema check refuses until it is.
          onChange(next);
        }
      }}
    />
  );
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
  return (
    <div class="field-problem refusal" role="alert" id={id} data-problem={error.code}>
      <p>{names ? withNames(error.detail, names) : error.detail}</p>
      {rule?.ref ? (
        <p class="rule-ref">
          <span class="muted">{`${playLabel('ruleRef', lang)}: `}</span>
          {rule.ref}
        </p>
      ) : null}
    </div>
  );
}

function groupsFor(field: string, ctx: RenderCtx, oneOfAlike: boolean): ChoiceGroup[] {
  const said = ctx.words.picker?.(ctx.kind, field);
  return choicesFor(targetsOf(field, said?.targets), said?.specials ?? [], ctx.picker, {
    oneOfAlike,
  });
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
