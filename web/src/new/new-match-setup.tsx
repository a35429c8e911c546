import { Fragment, type JSX } from 'preact';
import type { Lang, OptionSpec } from '@domain/rulesets/ruleset';
import { own } from '@domain/shared/id-record';
import { type RulesetDetail } from '../api/client';
import { newWords } from './new-words';
import { fieldLabel } from '../play/params-schema';
import { GENERIC_WORDS, type RulesetWords } from '../ruleset-words';
import {
  optionsOf,
  setupChoiceName,
  setupFieldsOf,
  type FieldProblems,
  type MatchDraft,
  type SeatDraft,
  type SetupField,
} from './match-request';
import { Field, Section, TextFileButton, type Update } from './new-match-fields';
import { seatRowName } from './new-match-seats';

/** What every section of the match form gets: the ruleset, the draft so far, its problems. */
interface DraftSectionProps {
  lang: Lang;
  ruleset: RulesetDetail;
  draft: MatchDraft;
  problems: FieldProblems;
  update: Update;
}

export function OptionsSection({
  lang,
  ruleset,
  draft,
  problems,
  update,
}: DraftSectionProps): JSX.Element | null {
  const options = optionsOf(ruleset);
  if (!options.length) return null;
  const set = (id: string, value: string | boolean): void =>
    update((d) => ({ ...d, options: { ...d.options, [id]: value } }));
  return (
    <Section title={newWords('optionsSection', lang)}>
      <p class="hint small muted">{newWords('optionsHint', lang)}</p>
      <div class="option-list">
        {options.map((spec) => (
          <Field
            id={`f-option-${spec.id}`}
            label={spec.title[lang]}
            hint={<OptionHint spec={spec} lang={lang} />}
            problem={problems[`options.${spec.id}`]}
          >
            <OptionInput spec={spec} lang={lang} value={own(draft.options, spec.id)} set={set} />
          </Field>
        ))}
      </div>
    </Section>
  );
}

function OptionHint({ spec, lang }: { spec: OptionSpec; lang: Lang }): JSX.Element {
  return (
    <div class="option-hint">
      <p>{spec.description[lang]}</p>
      {spec.ruleRef ? (
        <details class="rule-ref">
          <summary>{newWords('ruleReference', lang)}</summary>
          <blockquote lang="ru">{spec.ruleRef}</blockquote>
        </details>
      ) : null}
    </div>
  );
}

function OptionInput({
  spec,
  lang,
  value,
  set,
}: {
  spec: OptionSpec;
  lang: Lang;
  value: string | boolean | undefined;
  set(id: string, value: string | boolean): void;
}): JSX.Element {
  const id = `f-option-${spec.id}`;
  const isDefault = (v: unknown): string =>
    String(v) === String(spec.default) ? ` (${newWords('byDefault', lang)})` : '';
  if (spec.type === 'boolean')
    return (
      <select
        id={id}
        value={String(value)}
        onChange={(e: Event) => set(spec.id, (e.target as HTMLSelectElement).value === 'true')}
      >
        {[true, false].map((v) => (
          <option value={String(v)}>{`${newWords(v ? 'yes' : 'no', lang)}${isDefault(v)}`}</option>
        ))}
      </select>
    );
  if (spec.type === 'integer')
    return (
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={spec.min}
        max={spec.max}
        step={1}
        value={String(value ?? '')}
        onInput={(e: Event) => set(spec.id, (e.target as HTMLInputElement).value)}
      />
    );
  return (
    <select
      id={id}
      value={String(value)}
      onChange={(e: Event) => set(spec.id, (e.target as HTMLSelectElement).value)}
    >
      {(spec.choices ?? []).map((c) => (
        <option value={c.value}>{`${c.title[lang]}${isDefault(c.value)}`}</option>
      ))}
    </select>
  );
}

export function SetupSection({
  lang,
  ruleset,
  words = GENERIC_WORDS,
  draft,
  problems,
  update,
}: DraftSectionProps & { words: RulesetWords | undefined }): JSX.Element | null {
  const fields = setupFieldsOf(ruleset);
  if (!fields.length) return null;
  const set = (name: string, value: string | boolean): void =>
    update((d) => ({ ...d, setup: { ...d.setup, [name]: value } }));
  const term = (word: string): string | undefined => words.term(word, lang, {});
  const input = (field: SetupField): JSX.Element => {
    const id = `f-setup-${field.name}`;
    // The description is English: help on the English page, as the play page's forms do.
    const help = lang === 'en' ? field.help : undefined;
    const hint = field.kind === 'json' ? newWords('setupJsonHint', lang) : rangeHint(field);
    // A member of a nested object is labelled by its own name ('en', not 'title.en').
    const named = field.group
      ? { ...field, name: field.name.slice(field.group.name.length + 1) }
      : field;
    return (
      <Field
        id={id}
        label={fieldLabel(named, lang, term)}
        hint={
          help || hint ? (
            <Fragment>
              {help ? (
                <p class="field-help" id={`${id}-help`}>
                  {help}
                </p>
              ) : null}
              {hint}
            </Fragment>
          ) : undefined
        }
        problem={problems[`setup.${field.name}`]}
      >
        <SetupInput
          field={field}
          value={own(draft.setup, field.name)}
          set={set}
          lang={lang}
          words={words}
          seats={draft.seats}
          describedBy={help ? `${id}-help` : undefined}
        />
      </Field>
    );
  };
  // The members of one nested object stand together, under its name.
  const shown: JSX.Element[] = [];
  fields.forEach((field, i) => {
    const group = field.group;
    if (!group) shown.push(input(field));
    else if (fields[i - 1]?.group !== group) {
      const members = fields.filter((f) => f.group === group);
      const help = lang === 'en' ? group.help : undefined;
      shown.push(
        <fieldset
          key={group.name}
          class="setup-group"
          data-field={`f-setup-${group.name}`}
          aria-describedby={help ? `f-setup-${group.name}-help` : undefined}
        >
          <legend>{fieldLabel(group, lang, term)}</legend>
          {help ? (
            <p class="field-help" id={`f-setup-${group.name}-help`}>
              {help}
            </p>
          ) : null}
          {members.map(input)}
        </fieldset>,
      );
    }
  });
  return (
    <Section title={newWords('setupSection', lang)}>
      <p class="hint small muted">{newWords('setupHint', lang)}</p>
      <div class="setup-list">{shown}</div>
    </Section>
  );
}

function rangeHint(field: SetupField): string | undefined {
  if (field.min === undefined && field.max === undefined) return undefined;
  return `${field.min ?? ''}–${field.max ?? ''}`;
}

/**
 * A seat offered as a setup choice: its side, its faction's name, its player's name, else its
 * number, as the organizer named it in the form.
 */
function seatCaption(seat: SeatDraft, index: number, lang: Lang, words: RulesetWords): string {
  const faction = seat.faction.trim();
  return (
    seat.side.trim() ||
    (faction ? (words.faction?.(faction)?.[lang] ?? faction) : '') ||
    seatRowName(seat, index, lang)
  );
}

function SetupInput({
  field,
  value,
  set,
  lang,
  words,
  seats,
  describedBy,
}: {
  field: SetupField;
  value: string | boolean | undefined;
  set(name: string, value: string | boolean): void;
  lang: Lang;
  words: RulesetWords;
  seats: readonly SeatDraft[];
  describedBy: string | undefined;
}): JSX.Element {
  const id = `f-setup-${field.name}`;
  const common = { id, 'aria-describedby': describedBy };
  const onInput = (e: Event): void =>
    set(field.name, (e.target as HTMLInputElement | HTMLTextAreaElement).value);
  switch (field.kind) {
    case 'boolean':
      return (
        <input
          {...common}
          type="checkbox"
          checked={value === true}
          onChange={(e: Event) => set(field.name, (e.target as HTMLInputElement).checked)}
        />
      );
    case 'choice':
      return (
        <select {...common} value={String(value ?? '')} onChange={onInput}>
          <option value="">{newWords('byDefault', lang)}</option>
          {(field.choices ?? []).map((c) => (
            <option value={c}>{setupChoiceName(c, lang, words, field)}</option>
          ))}
        </select>
      );
    case 'seat':
      return (
        <select {...common} value={String(value ?? '')} onChange={onInput}>
          <option value="">{newWords('byDefault', lang)}</option>
          {seats.map((s, i) =>
            s.seat.trim() ? (
              <option value={s.seat.trim()}>{seatCaption(s, i, lang, words)}</option>
            ) : null,
          )}
        </select>
      );
    case 'integer':
    case 'number':
      return (
        <input
          {...common}
          type="number"
          min={field.min}
          max={field.max}
          step={field.kind === 'integer' ? 1 : 'any'}
          value={String(value ?? '')}
          placeholder={newWords('byDefault', lang)}
          onInput={onInput}
        />
      );
    case 'json':
      return (
        <div class="json-field">
          <textarea
            {...common}
            rows={3}
            spellcheck={false}
            value={String(value ?? '')}
            placeholder="[ … ]"
            onInput={onInput}
          />
          <TextFileButton
            id={`${id}-file`}
            text={newWords('fromFile', lang)}
            onText={(text) => set(field.name, text)}
          />
        </div>
      );
    default:
      return (
        <input
          {...common}
          value={String(value ?? '')}
          spellcheck={false}
          placeholder={newWords('byDefault', lang)}
          onInput={onInput}
        />
      );
  }
}
