import { Fragment, h, type JSX } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { ChoiceValue, CountedValue, FieldChoices } from '@domain/rulesets/decision-choices';
import type { Lang } from '@domain/rulesets/ruleset';
import { ApiError, matchPath, postJson } from '../api/client';
import { playLabel } from './play-labels';
import { countsOf, manyStatus, placedValue, placesOf, withCount } from './rule-choices-values';

export { choicesIncomplete, valueAt, withValueAt } from './rule-choices-values';

/**
 * The fields of a decision whose ruleset gives their choices (issue 39): only the values the
 * rules allow now for the seat, named as the board names them with what helps choose, asked
 * again of the server as fields are chosen (pick the ship, then see where it may go). Nothing
 * is chosen until the player chooses it.
 */

type Values = Record<string, unknown>;

const CHOICES_DELAY_MS = 150;

export interface RuleChoicesState {
  /** The choices for the params chosen so far; undefined while the first answer is awaited. */
  fields?: FieldChoices[];
  /** The kind is no longer offered (the match moved on): the page refreshes. */
  offered: boolean;
  /** The choices shown are not yet those of the params chosen now: an answer is on its way. */
  busy: boolean;
}

/** Asks the server the field choices of `kind` for the params chosen so far, on the seq shown. */
export function useRuleChoices(
  enabled: boolean,
  matchId: string,
  kind: string,
  params: Values,
  seq: number,
  onStale: (problem: ApiError) => void,
  /** A judge asks for a seat's corrective decision (its seat and `for: 'corrective'`). */
  judgeAsks?: { seat: string; for: 'corrective' },
): RuleChoicesState {
  const [state, setState] = useState<Omit<RuleChoicesState, 'busy'>>({ offered: true });
  const generation = useRef(0);
  const key = JSON.stringify(params);
  // Which params and seq the choices shown answer; any other means the answer is awaited.
  const asked = `${seq} ${key}`;
  const [answered, setAnswered] = useState<string | undefined>();
  useEffect(() => {
    if (!enabled) return;
    const mine = ++generation.current;
    const timer = setTimeout(
      () => {
        postJson<{ offered: boolean; fields: FieldChoices[] }>(
          matchPath(matchId, 'legal-decisions/choices'),
          { kind, params, expectedSeq: seq, ...judgeAsks },
        ).then(
          (answer) => {
            if (mine !== generation.current) return;
            setState({ fields: answer.fields, offered: answer.offered });
            setAnswered(asked);
          },
          (error: unknown) => {
            if (mine !== generation.current) return;
            setAnswered(asked);
            if (error instanceof ApiError && error.status === 409) onStale(error);
          },
        );
      },
      state.fields ? CHOICES_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [enabled, key, seq]);
  return { ...state, busy: enabled && answered !== asked };
}

const text = (v: ChoiceValue, lang: Lang): string =>
  v.hint ? `${v.name[lang]} — ${v.hint[lang]}` : v.name[lang];

/** What cannot be chosen now says why, beside its field (issue 39). */
function RefusedValues({ values, lang }: { values: ChoiceValue[]; lang: Lang }): JSX.Element {
  return h(
    Fragment,
    null,
    values
      .filter((v) => v.refused)
      .map((v) =>
        h(
          'p',
          { class: 'refusal', key: String(v.value) },
          // The refusal names the value itself where it can (decide's words); else «name: why».
          v.refused![lang].startsWith(v.name[lang])
            ? v.refused![lang]
            : `${v.name[lang]}: ${v.refused![lang]}`,
        ),
      ),
  );
}

/** Past this many characters a closed select at 390 px cuts its text. */
const FITS_A_PHONE_SELECT = 30;

/**
 * The chosen value's whole text on its own lines under its select, where the closed select
 * would cut it on a phone (a ship with its speed, a leader with his strength).
 */
function ChosenWhole({
  chosen,
  lang,
}: {
  chosen: ChoiceValue | undefined;
  lang: Lang;
}): JSX.Element | null {
  if (!chosen || text(chosen, lang).length <= FITS_A_PHONE_SELECT) return null;
  return h(
    'p',
    { class: 'chosen-whole small' },
    h('span', { class: 'chosen-name' }, chosen.name[lang]),
    chosen.hint ? h('span', { class: 'muted chosen-hint' }, chosen.hint[lang]) : null,
  );
}

/** One field's rule choices as a control: a select, checkboxes, counts with a total, places. */
export function RuleChoiceInput({
  field,
  id,
  caption,
  required,
  value,
  lang,
  onChange,
  around = (control) => control,
}: {
  field: FieldChoices;
  id: string;
  caption: string;
  required: boolean;
  value: unknown;
  lang: Lang;
  onChange(value: unknown): void;
  /** What the form puts around a select of one value (picking a zone on the board). */
  around?(control: JSX.Element): JSX.Element;
}): JSX.Element {
  const legend = `${caption}${required ? ' *' : ''}`;
  const stepNames = useRef<string[]>([]);
  switch (field.pick) {
    case 'one':
      return h(
        'div',
        { class: 'field rule-choice', 'data-field': field.path },
        h('label', { for: id }, legend),
        around(
          h(
            'select',
            {
              id,
              'data-field': field.path,
              value: value === undefined ? '' : String(value),
              onChange: (e: Event) => {
                const chosen = (e.target as HTMLSelectElement).value;
                onChange(field.values.find((v) => String(v.value) === chosen)?.value);
              },
            },
            h('option', { value: '' }, playLabel('choose', lang)),
            field.values.map((v) =>
              h(
                'option',
                { value: String(v.value), disabled: v.refused !== undefined },
                text(v, lang),
              ),
            ),
          ),
        ),
        h(ChosenWhole, { chosen: field.values.find((v) => v.value === value), lang }),
        h(RefusedValues, { values: field.values, lang }),
      );
    case 'many': {
      const chosen = Array.isArray(value) ? (value as unknown[]) : [];
      return h(
        'fieldset',
        { class: 'field pick-list rule-choice', 'data-field': field.path },
        h('legend', null, legend),
        h(
          'p',
          { class: 'muted small', role: 'status' },
          // An optional list with nothing in it (nobody next to the target to join a shot).
          manyStatus(field, chosen.length, lang),
        ),
        field.values.map((v) =>
          h(
            'label',
            { class: 'check' },
            h('input', {
              type: 'checkbox',
              value: String(v.value),
              checked: chosen.includes(v.value),
              disabled: !chosen.includes(v.value) && chosen.length >= field.max,
              onChange: (e: Event) =>
                onChange(
                  (e.target as HTMLInputElement).checked
                    ? [...chosen, v.value]
                    : chosen.filter((c) => c !== v.value),
                ),
            }),
            ` ${text(v, lang)}`,
          ),
        ),
      );
    }
    case 'counts': {
      const entries = countsOf(field, value);
      const sum = entries.reduce((s, e) => s + e.n, 0);
      const set = (item: CountedValue, n: number | undefined): void =>
        onChange(withCount(field, value, item, n));
      const { total } = field;
      return h(
        'fieldset',
        { class: 'field counts rule-choice', 'data-field': field.path },
        h('legend', null, legend),
        field.scores
          ? null
          : h(
              'p',
              { class: 'counts-total', role: 'status', 'aria-live': 'polite' },
              total
                ? playLabel(total.max !== undefined ? 'choicesTotalOf' : 'choicesTotal', lang, {
                    n: sum,
                    max: total.max ?? 0,
                    unit: total.unit[lang],
                  })
                : playLabel('choicesTotal', lang, { n: sum, max: 0, unit: '' }),
            ),
        h(
          'ul',
          { class: 'counts-list' },
          field.values.map((v, i) => {
            const n = entries.find((e) => e.value === v.value)?.n;
            const inputId = `${id}-${i}`;
            return h(
              'li',
              { class: 'counts-row' },
              h(
                'label',
                { for: inputId },
                h('span', { class: 'counts-name' }, v.name[lang]),
                v.hint ? h('span', { class: 'muted small counts-hint' }, ` ${v.hint[lang]}`) : null,
              ),
              h('input', {
                id: inputId,
                type: 'number',
                inputMode: 'numeric',
                min: 0,
                max: v.max,
                step: 1,
                value: n === undefined ? '' : String(n),
                onInput: (e: Event) => {
                  const raw = (e.target as HTMLInputElement).value.trim();
                  const num =
                    raw === '' ? undefined : Math.max(0, Math.min(v.max, Math.floor(Number(raw))));
                  set(v, Number.isFinite(num) ? num : undefined);
                },
              }),
              field.scores
                ? null
                : h(
                    'span',
                    { class: 'muted small counts-max', 'aria-hidden': 'true' },
                    `/ ${v.max}`,
                  ),
            );
          }),
        ),
      );
    }
    case 'sequence': {
      // Built in order: the steps chosen as chips (the last one can be taken back), then a
      // button for each step the rules accept next.
      const chosen = Array.isArray(value) ? (value as unknown[]) : [];
      const names = stepNames.current;
      return h(
        'fieldset',
        { class: 'field choice-list rule-choice', 'data-field': field.path },
        h('legend', null, legend),
        chosen.length === 0
          ? h('p', { class: 'muted small chosen-none' }, playLabel('nothingChosen', lang))
          : h(
              'ol',
              { class: 'chosen-chips' },
              chosen.map((v, i) =>
                h(
                  'li',
                  { class: 'chip', 'data-chosen': String(v) },
                  h('span', null, names[i] ?? String(v)),
                ),
              ),
            ),
        chosen.length > 0
          ? h(
              'button',
              {
                type: 'button',
                onClick: () => onChange(chosen.length > 1 ? chosen.slice(0, -1) : undefined),
              },
              playLabel('choicesUndoLast', lang),
            )
          : null,
        h(
          'div',
          {
            class: 'choice-buttons',
            role: 'group',
            'aria-label': playLabel('chooseInOrder', lang),
          },
          field.values.map((v) =>
            h(
              'button',
              {
                type: 'button',
                'data-choice': String(v.value),
                disabled: v.refused !== undefined,
                onClick: () => {
                  // The step's name as offered now (a unit's step names the hex it leads to).
                  names[chosen.length] = v.name[lang];
                  onChange([...chosen, v.value]);
                },
              },
              text(v, lang),
            ),
          ),
        ),
        h(RefusedValues, { values: field.values, lang }),
      );
    }
    case 'places': {
      const placed = placesOf(field, value);
      const set = (item: unknown, place: unknown): void => {
        const at = new Map(placed);
        at.set(item, place);
        const next = placedValue(field, at);
        // An optional field's empty list is a choice too (nothing sent anywhere).
        onChange(next.length > 0 || field.optional ? next : undefined);
      };
      // Nowhere to place anything now (an optional list): the page says so, asks nothing.
      if (field.places.length === 0)
        return h(
          'fieldset',
          { class: 'field places rule-choice', 'data-field': field.path },
          h('legend', null, legend),
          h('p', { class: 'muted small' }, playLabel('choicesNowhere', lang)),
        );
      return h(
        'fieldset',
        { class: 'field places rule-choice', 'data-field': field.path },
        h('legend', null, legend),
        field.values.map((v, i) => {
          const inputId = `${id}-${i}`;
          const at = placed.get(v.value);
          return h(
            'div',
            { class: 'field' },
            h('label', { for: inputId }, text(v, lang)),
            h(
              'select',
              {
                id: inputId,
                value: at === undefined ? '' : String(at),
                onChange: (e: Event) => {
                  const chosen = (e.target as HTMLSelectElement).value;
                  set(v.value, field.places.find((p) => String(p.value) === chosen)?.value);
                },
              },
              h('option', { value: '' }, playLabel('choose', lang)),
              field.places.map((p) => h('option', { value: String(p.value) }, text(p, lang))),
            ),
            h(ChosenWhole, { chosen: field.places.find((p) => p.value === at), lang }),
          );
        }),
      );
    }
  }
}
