import { OrganizerMatches } from './organizer-matches';
import { Fragment, h, type ComponentChildren, type JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Lang, OptionSpec, PieceTypeSpec } from '@domain/rulesets/ruleset';
import { own } from '@domain/shared/id-record';
import { nameInCase } from '@domain/naming/russian-name-cases';
import {
  ApiError,
  createMatch,
  getRuleset,
  listRulesets,
  postAsSeat,
  type CreatedMatch,
  type RulesetDetail,
  type RulesetSummary,
} from '../api/client';
import { FileButton } from '../file-button';
import { label } from '../i18n';
import { newWords } from './new-words';
import { fieldLabel } from '../play/params-schema';
import { GENERIC_WORDS, loadRulesetWords, type RulesetWords } from '../ruleset-words';
import { parseDeckList } from './deck-list';
import {
  DECK_DECISION,
  factionsOf,
  fieldOfPath,
  initialDraft,
  matchRequest,
  optionsOf,
  registersDecks,
  setupChoiceName,
  setupFieldsOf,
  type FieldProblems,
  type MatchDraft,
  type ProblemKey,
  type SeatDraft,
  type SetupField,
} from './match-request';
import { SeatHandout, type PreparedSeat } from './seat-handout';

/**
 * `/new`: the organizer's page. Pick a ruleset, its options (with the rule each one settles,
 * defaults preselected), seats and factions, setup parameters and tournament; the form is
 * generated from the ruleset's specs. After creation it hands out one link per seat, the seat's
 * token in the fragment (which never reaches a server), with a QR code each.
 */
export function NewMatchPage({
  lang,
  token,
  header,
}: {
  lang: Lang;
  token: string | undefined;
  header(): JSX.Element;
}): JSX.Element {
  const [rulesets, setRulesets] = useState<RulesetSummary[]>([]);
  const [rulesetId, setRulesetId] = useState('');
  const [ruleset, setRuleset] = useState<RulesetDetail | undefined>();
  const [words, setWords] = useState<RulesetWords | undefined>();
  const [draft, setDraft] = useState<MatchDraft | undefined>();
  const [problems, setProblems] = useState<FieldProblems>({});
  const [summary, setSummary] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ match: CreatedMatch; seats: PreparedSeat[] }>();

  useEffect(() => {
    listRulesets().then(
      (list) => {
        setRulesets(list);
        setRulesetId((current) => current || list[0]?.id || '');
      },
      (e: unknown) => setSummary(messageOf(e)),
    );
  }, []);

  useEffect(() => {
    if (!rulesetId) return;
    let live = true;
    setRuleset(undefined);
    Promise.all([getRuleset(rulesetId), loadRulesetWords(rulesetId)]).then(
      ([detail, loaded]) => {
        if (!live) return;
        setRuleset(detail);
        setWords(loaded);
        setDraft(initialDraft(detail));
        setProblems({});
        setSummary(undefined);
      },
      (e: unknown) => live && setSummary(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [rulesetId]);

  const fieldKeys = useMemo(
    () => (ruleset && draft ? fieldKeysOf(ruleset, draft) : []),
    [ruleset, draft],
  );

  if (created)
    return h(
      'div',
      { class: 'page' },
      header(),
      h(
        'main',
        { id: 'main', class: 'new-page' },
        h(SeatHandout, {
          lang,
          match: created.match,
          seats: created.seats,
          organizerToken: token,
          title: draft?.title || '',
          onAnother: () => {
            setCreated(undefined);
            if (ruleset) setDraft(initialDraft(ruleset));
          },
        }),
      ),
    );

  const update = (change: (d: MatchDraft) => MatchDraft): void =>
    setDraft((d) => (d ? change(d) : d));
  const setSeat = (index: number, patch: Partial<SeatDraft>): void =>
    update((d) => ({ ...d, seats: d.seats.map((s, i) => (i === index ? { ...s, ...patch } : s)) }));

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (!ruleset || !draft || busy) return;
    setSummary(undefined);
    const checked = matchRequest(rulesetId, ruleset, draft, (key, range) =>
      newWords(PROBLEM_LABELS[key], lang, { range: range ?? '' }),
    );
    const deckProblems = deckProblemsOf(ruleset, draft, lang);
    const local = { ...(checked.ok ? {} : checked.problems), ...deckProblems };
    setProblems(local);
    if (!checked.ok || Object.keys(deckProblems).length) {
      setSummary(newWords('fixFields', lang));
      return;
    }
    setBusy(true);
    try {
      const match = await createMatch(checked.body);
      const seats = await prepareSeats(match, ruleset, draft, (id) => words?.faction?.(id)?.[lang]);
      setCreated({ match, seats });
    } catch (e) {
      const { fields, rest } = problemsOf(e, fieldKeys);
      setProblems(fields);
      setSummary(rest ?? newWords('fixFields', lang));
    } finally {
      setBusy(false);
    }
  };

  return h(
    'div',
    { class: 'page' },
    header(),
    h(
      'main',
      { id: 'main', class: 'new-page' },
      h('h1', null, newWords('newMatch', lang)),
      token
        ? h(OrganizerMatches, { key: token, lang })
        : h('p', { class: 'notice', role: 'note' }, newWords('organizerTokenNeeded', lang)),
      h(
        'form',
        { class: 'new-form', noValidate: true, onSubmit: submit, 'data-ruleset': ruleset?.id },
        h(
          Section,
          { title: newWords('matchSection', lang) },
          h(
            Field,
            { id: 'f-ruleset', label: label('ruleset', lang) },
            h(
              'select',
              {
                id: 'f-ruleset',
                value: rulesetId,
                onChange: (e: Event) => setRulesetId((e.target as HTMLSelectElement).value),
              },
              rulesets.map((r) => h('option', { value: r.id }, r.title[lang])),
            ),
          ),
          ruleset ? h('p', { class: 'muted small ruleset-summary' }, ruleset.summary[lang]) : null,
          draft
            ? [
                h(
                  Field,
                  { id: 'f-title', label: newWords('matchTitle', lang), problem: problems.title },
                  h('input', {
                    id: 'f-title',
                    value: draft.title,
                    maxLength: 200,
                    placeholder: newWords('matchTitleHint', lang),
                    onInput: (e: Event) =>
                      update((d) => ({ ...d, title: (e.target as HTMLInputElement).value })),
                  }),
                ),
                h(
                  Field,
                  {
                    id: 'f-tournament',
                    label: newWords('tournamentId', lang),
                    hint: newWords('tournamentIdHint', lang),
                    problem: problems.tournamentId,
                  },
                  h('input', {
                    id: 'f-tournament',
                    value: draft.tournamentId,
                    maxLength: 64,
                    spellcheck: false,
                    onInput: (e: Event) =>
                      update((d) => ({ ...d, tournamentId: (e.target as HTMLInputElement).value })),
                  }),
                ),
                h(
                  'label',
                  { class: 'check' },
                  h('input', {
                    type: 'checkbox',
                    checked: draft.public,
                    onChange: (e: Event) =>
                      update((d) => ({ ...d, public: (e.target as HTMLInputElement).checked })),
                  }),
                  ` ${newWords('publicMatch', lang)}`,
                ),
              ]
            : h('p', { class: 'muted' }, label('loading', lang)),
        ),
        ruleset && draft
          ? [
              h(SeatsSection, { lang, ruleset, words, draft, problems, update, setSeat }),
              h(OptionsSection, { lang, ruleset, draft, problems, update }),
              h(SetupSection, { lang, ruleset, words, draft, problems, update }),
            ]
          : null,
        h(
          'div',
          { class: 'new-submit' },
          summary
            ? h('p', { class: 'field-problem', role: 'alert', 'data-summary': '' }, summary)
            : null,
          h(
            'button',
            { type: 'submit', class: 'button primary', disabled: !draft || busy },
            busy ? newWords('creating', lang) : newWords('createMatch', lang),
          ),
        ),
      ),
    ),
  );
}

const PROBLEM_LABELS: Record<ProblemKey, Parameters<typeof newWords>[0]> = {
  notJson: 'problemNotJson',
  notInteger: 'problemNotInteger',
  required: 'problemRequired',
  range: 'problemSeatCount',
  notSeat: 'problemNotSeat',
};

function Section({
  title,
  children,
}: {
  title: string;
  children?: ComponentChildren;
}): JSX.Element {
  return h('fieldset', { class: 'panel new-section' }, h('legend', null, title), children);
}

/** A labelled input with its hint and, when there is one, what is wrong with it. */
function Field({
  id,
  label: text,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  hint?: ComponentChildren;
  problem?: string;
  children?: ComponentChildren;
}): JSX.Element {
  return h(
    'div',
    { class: `field${problem ? ' has-problem' : ''}`, 'data-field': id },
    h('label', { for: id }, text),
    children,
    hint ? h('div', { class: 'hint small muted' }, hint) : null,
    problem
      ? h('p', { class: 'field-problem', id: `${id}-problem`, role: 'alert' }, problem)
      : null,
  );
}

type Update = (change: (d: MatchDraft) => MatchDraft) => void;

function SeatsSection({
  lang,
  ruleset,
  words,
  draft,
  problems,
  update,
  setSeat,
}: {
  lang: Lang;
  ruleset: RulesetDetail;
  words: RulesetWords | undefined;
  draft: MatchDraft;
  problems: FieldProblems;
  update: Update;
  setSeat(index: number, patch: Partial<SeatDraft>): void;
}): JSX.Element {
  const listed = factionsOf(ruleset);
  const factions = listed.length > 0 ? listed : (words?.factions ?? []);
  const decks = registersDecks(ruleset);
  const { min, max } = ruleset.seats;
  return h(
    Section,
    { title: newWords('seatsSection', lang, { min, max }) },
    h('p', { class: 'hint small muted' }, newWords(decks ? 'seatsHintDecks' : 'seatsHint', lang)),
    problems.seats ? h('p', { class: 'field-problem', role: 'alert' }, problems.seats) : null,
    h(
      'ol',
      { class: 'seat-rows' },
      draft.seats.map((seat, i) =>
        h(
          'li',
          { class: 'seat-row', 'data-seat-row': i, 'aria-labelledby': `f-seat-row-${i}` },
          h('p', { id: `f-seat-row-${i}`, class: 'seat-row-name' }, seatRowName(seat, i, lang)),
          h(
            Field,
            {
              id: `f-seat-${i}`,
              label: newWords('seatId', lang),
              problem: problems[`seats.${i}.seat`],
            },
            h('input', {
              id: `f-seat-${i}`,
              value: seat.seat,
              maxLength: 32,
              spellcheck: false,
              onInput: (e: Event) => setSeat(i, { seat: (e.target as HTMLInputElement).value }),
            }),
          ),
          h(
            Field,
            {
              id: `f-side-${i}`,
              label: newWords('seatSide', lang),
              problem: problems[`seats.${i}.side`],
            },
            h('input', {
              id: `f-side-${i}`,
              value: seat.side,
              maxLength: 64,
              onInput: (e: Event) => setSeat(i, { side: (e.target as HTMLInputElement).value }),
            }),
          ),
          h(
            Field,
            {
              id: `f-faction-${i}`,
              label: newWords('seatFaction', lang),
              problem: problems[`seats.${i}.faction`],
            },
            factions.length
              ? h(
                  'select',
                  {
                    id: `f-faction-${i}`,
                    value: seat.faction,
                    onChange: (e: Event) =>
                      setSeat(i, { faction: (e.target as HTMLSelectElement).value }),
                  },
                  h('option', { value: '' }, '—'),
                  factions.map((f) => h('option', { value: f }, words?.faction?.(f)?.[lang] ?? f)),
                )
              : h('input', {
                  id: `f-faction-${i}`,
                  value: seat.faction,
                  maxLength: 64,
                  onInput: (e: Event) =>
                    setSeat(i, { faction: (e.target as HTMLInputElement).value }),
                }),
          ),
          h(
            Field,
            {
              id: `f-player-${i}`,
              label: newWords('seatPlayer', lang),
              problem: problems[`seats.${i}.player`],
            },
            h('input', {
              id: `f-player-${i}`,
              value: seat.player,
              maxLength: 100,
              autocomplete: 'off',
              onInput: (e: Event) => setSeat(i, { player: (e.target as HTMLInputElement).value }),
            }),
          ),
          decks ? h(DeckField, { lang, index: i, seat, ruleset, problems, setSeat }) : null,
          draft.seats.length > min
            ? h(
                'button',
                {
                  type: 'button',
                  class: 'link-button seat-remove',
                  onClick: () =>
                    update((d) => ({ ...d, seats: d.seats.filter((_, j) => j !== i) })),
                },
                removeSeatText(seat, i, lang),
              )
            : null,
        ),
      ),
    ),
    draft.seats.length < max
      ? h(
          'button',
          {
            type: 'button',
            class: 'button',
            onClick: () =>
              update((d) => ({
                ...d,
                seats: [
                  ...d.seats,
                  {
                    seat: `seat${d.seats.length + 1}`,
                    side: '',
                    faction: '',
                    player: '',
                    deck: '',
                  },
                ],
              })),
          },
          newWords('addSeat', lang),
        )
      : null,
  );
}

/** A seat's deck list: pasted, or read from a file the player sent. */
function DeckField({
  lang,
  index,
  seat,
  ruleset,
  problems,
  setSeat,
}: {
  lang: Lang;
  index: number;
  seat: SeatDraft;
  ruleset: RulesetDetail;
  problems: FieldProblems;
  setSeat(index: number, patch: Partial<SeatDraft>): void;
}): JSX.Element {
  const id = `f-deck-${index}`;
  return h(
    Field,
    {
      id,
      label: newWords('deckList', lang),
      hint: newWords('deckListHint', lang, {
        example: exampleDeck(ruleset.catalog, lang),
      }),
      problem: problems[`seats.${index}.deck`],
    },
    h('textarea', {
      id,
      rows: 4,
      value: seat.deck,
      spellcheck: false,
      onInput: (e: Event) => setSeat(index, { deck: (e.target as HTMLTextAreaElement).value }),
    }),
    h(TextFileButton, {
      id: `${id}-file`,
      text: newWords('deckFile', lang),
      onText: (text) => setSeat(index, { deck: text }),
    }),
  );
}

function exampleDeck(catalog: readonly PieceTypeSpec[], lang: Lang): string {
  const commander = catalog.find((c) => c.kind === 'commander');
  const card = catalog.find((c) => c.kind !== 'commander');
  return `${lang === 'ru' ? 'Командор' : 'Commander'}: ${commander?.name[lang] ?? '…'}; 4 ${card?.name[lang] ?? '…'}`;
}

/** Reads a text file chosen by the organizer into a field (deck lists, setup JSON). */
function TextFileButton({
  id,
  text,
  onText,
}: {
  id: string;
  text: string;
  onText(text: string): void;
}): JSX.Element {
  return h(FileButton, {
    id,
    text,
    accept: '.txt,.json,.dek,text/plain,application/json',
    onFile: (file) => void file.text().then(onText),
  });
}

/** What every section of the match form gets: the ruleset, the draft so far, its problems. */
interface DraftSectionProps {
  lang: Lang;
  ruleset: RulesetDetail;
  draft: MatchDraft;
  problems: FieldProblems;
  update: Update;
}

function OptionsSection({
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
  return h(
    Section,
    { title: newWords('optionsSection', lang) },
    h('p', { class: 'hint small muted' }, newWords('optionsHint', lang)),
    h(
      'div',
      { class: 'option-list' },
      options.map((spec) =>
        h(
          Field,
          {
            id: `f-option-${spec.id}`,
            label: spec.title[lang],
            hint: h(OptionHint, { spec, lang }),
            problem: problems[`options.${spec.id}`],
          },
          h(OptionInput, { spec, lang, value: own(draft.options, spec.id), set }),
        ),
      ),
    ),
  );
}

function OptionHint({ spec, lang }: { spec: OptionSpec; lang: Lang }): JSX.Element {
  return h(
    'div',
    { class: 'option-hint' },
    h('p', null, spec.description[lang]),
    spec.ruleRef
      ? h(
          'details',
          { class: 'rule-ref' },
          h('summary', null, newWords('ruleReference', lang)),
          h('blockquote', { lang: 'ru' }, spec.ruleRef),
        )
      : null,
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
    return h(
      'select',
      {
        id,
        value: String(value),
        onChange: (e: Event) => set(spec.id, (e.target as HTMLSelectElement).value === 'true'),
      },
      [true, false].map((v) =>
        h('option', { value: String(v) }, `${newWords(v ? 'yes' : 'no', lang)}${isDefault(v)}`),
      ),
    );
  if (spec.type === 'integer')
    return h('input', {
      id,
      type: 'number',
      inputMode: 'numeric',
      min: spec.min,
      max: spec.max,
      step: 1,
      value: String(value ?? ''),
      onInput: (e: Event) => set(spec.id, (e.target as HTMLInputElement).value),
    });
  return h(
    'select',
    {
      id,
      value: String(value),
      onChange: (e: Event) => set(spec.id, (e.target as HTMLSelectElement).value),
    },
    (spec.choices ?? []).map((c) =>
      h('option', { value: c.value }, `${c.title[lang]}${isDefault(c.value)}`),
    ),
  );
}

function SetupSection({
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
    return h(
      Field,
      {
        id,
        label: fieldLabel(named, lang, term),
        hint:
          help || hint
            ? h(
                Fragment,
                null,
                help ? h('p', { class: 'field-help', id: `${id}-help` }, help) : null,
                hint,
              )
            : undefined,
        problem: problems[`setup.${field.name}`],
      },
      h(SetupInput, {
        field,
        value: own(draft.setup, field.name),
        set,
        lang,
        words,
        seats: draft.seats,
        describedBy: help ? `${id}-help` : undefined,
      }),
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
        h(
          'fieldset',
          {
            key: group.name,
            class: 'setup-group',
            'data-field': `f-setup-${group.name}`,
            'aria-describedby': help ? `f-setup-${group.name}-help` : undefined,
          },
          h('legend', null, fieldLabel(group, lang, term)),
          help ? h('p', { class: 'field-help', id: `f-setup-${group.name}-help` }, help) : null,
          members.map(input),
        ),
      );
    }
  });
  return h(
    Section,
    { title: newWords('setupSection', lang) },
    h('p', { class: 'hint small muted' }, newWords('setupHint', lang)),
    h('div', { class: 'setup-list' }, shown),
  );
}

function rangeHint(field: SetupField): string | undefined {
  if (field.min === undefined && field.max === undefined) return undefined;
  return `${field.min ?? ''}–${field.max ?? ''}`;
}

/**
 * A seat row as the page names it: its player's name once typed, else its number («Место 1»).
 * The seat id is the organizer's value in its own field, never a name the page reads out.
 */
function seatRowName(seat: SeatDraft, index: number, lang: Lang): string {
  return seat.player.trim() || newWords('seatNumber', lang, { n: index + 1 });
}

function removeSeatText(seat: SeatDraft, index: number, lang: Lang): string {
  const player = seat.player.trim();
  if (!player) return newWords('removeSeat', lang, { n: index + 1 });
  return newWords('removePlayersSeat', lang, {
    name: lang === 'ru' ? nameInCase(player, 'gen') : player,
  });
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
      return h('input', {
        ...common,
        type: 'checkbox',
        checked: value === true,
        onChange: (e: Event) => set(field.name, (e.target as HTMLInputElement).checked),
      });
    case 'choice':
      return h(
        'select',
        { ...common, value: String(value ?? ''), onChange: onInput },
        h('option', { value: '' }, newWords('byDefault', lang)),
        (field.choices ?? []).map((c) =>
          h('option', { value: c }, setupChoiceName(c, lang, words, field)),
        ),
      );
    case 'seat':
      return h(
        'select',
        { ...common, value: String(value ?? ''), onChange: onInput },
        h('option', { value: '' }, newWords('byDefault', lang)),
        seats.map((s, i) =>
          s.seat.trim()
            ? h('option', { value: s.seat.trim() }, seatCaption(s, i, lang, words))
            : null,
        ),
      );
    case 'integer':
    case 'number':
      return h('input', {
        ...common,
        type: 'number',
        min: field.min,
        max: field.max,
        step: field.kind === 'integer' ? 1 : 'any',
        value: String(value ?? ''),
        placeholder: newWords('byDefault', lang),
        onInput,
      });
    case 'json':
      return h(
        'div',
        { class: 'json-field' },
        h('textarea', {
          ...common,
          rows: 3,
          spellcheck: false,
          value: String(value ?? ''),
          placeholder: '[ … ]',
          onInput,
        }),
        h(TextFileButton, {
          id: `${id}-file`,
          text: newWords('fromFile', lang),
          onText: (text) => set(field.name, text),
        }),
      );
    default:
      return h('input', {
        ...common,
        value: String(value ?? ''),
        spellcheck: false,
        placeholder: newWords('byDefault', lang),
        onInput,
      });
  }
}

/** Every key a problem can be shown beside. */
function fieldKeysOf(ruleset: RulesetDetail, draft: MatchDraft): string[] {
  return [
    'title',
    'tournamentId',
    'seats',
    ...draft.seats.flatMap((_, i) =>
      ['seat', 'side', 'faction', 'player', 'deck'].map((f) => `seats.${i}.${f}`),
    ),
    ...optionsOf(ruleset).map((o) => `options.${o.id}`),
    ...setupFieldsOf(ruleset).map((f) => `setup.${f.name}`),
  ];
}

/** Deck lists that do not read (a name the catalog does not know), before anything is sent. */
function deckProblemsOf(ruleset: RulesetDetail, draft: MatchDraft, lang: Lang): FieldProblems {
  if (!registersDecks(ruleset)) return {};
  const problems: FieldProblems = {};
  draft.seats.forEach((seat, i) => {
    if (!seat.deck.trim()) return;
    const parsed = parseDeckList(seat.deck, ruleset.catalog);
    if (!parsed.ok)
      problems[`seats.${i}.deck`] = newWords(
        parsed.line ? 'deckUnknownCard' : 'deckMissing',
        lang,
        {
          line: parsed.line,
          text: parsed.text,
        },
      );
  });
  return problems;
}

/**
 * After creation: the seats whose player the organizer named are claimed for them; when every
 * seat is claimed the match starts, and deck lists given are registered by their seats. A step
 * that fails is said on the seat's card (the match exists; its links still work).
 */
async function prepareSeats(
  match: CreatedMatch,
  ruleset: RulesetDetail,
  draft: MatchDraft,
  factionName: (id: string) => string | undefined,
): Promise<PreparedSeat[]> {
  const seats: PreparedSeat[] = match.seatTokens.map((t) => {
    const row = draft.seats.find((s) => s.seat.trim() === t.seat);
    return {
      seat: t.seat,
      token: t.token,
      side: row?.side.trim() || undefined,
      faction: row?.faction.trim()
        ? (factionName(row.faction.trim()) ?? row.faction.trim())
        : undefined,
      player: row?.player.trim() || undefined,
      deck: row?.deck.trim() ? parseDeckList(row.deck, ruleset.catalog) : undefined,
      steps: [],
    };
  });
  for (const seat of seats)
    if (seat.player)
      await step(seat, 'claimed', () =>
        postAsSeat(match.matchId, `seats/${encodeURIComponent(seat.seat)}/claim`, seat.token, {
          name: seat.player,
        }),
      );
  const allClaimed = seats.every((s) => s.steps.includes('claimed'));
  if (!allClaimed || !seats[0]) return seats;
  const first = seats[0];
  await step(first, 'started', () => postAsSeat(match.matchId, 'start', first.token));
  if (!first.steps.includes('started')) return seats;
  for (const seat of seats)
    if (seat.deck?.ok) {
      const deck = seat.deck.deck;
      await step(seat, 'deck', () =>
        postAsSeat(match.matchId, 'decisions', seat.token, { kind: DECK_DECISION, params: deck }),
      );
    }
  return seats;
}

async function step(
  seat: PreparedSeat,
  name: PreparedSeat['steps'][number],
  run: () => Promise<unknown>,
): Promise<void> {
  try {
    await run();
    seat.steps.push(name);
  } catch (e) {
    seat.failed = { step: name, detail: messageOf(e) };
  }
}

function messageOf(e: unknown): string {
  const ref = e instanceof ApiError ? e.problem?.rule?.ref : undefined;
  if (e instanceof ApiError) return ref ? `${e.detail} — ${ref}` : e.detail;
  return e instanceof Error ? e.message : String(e);
}

/** A refusal split into what concerns a field of the form and what concerns the whole. */
function problemsOf(
  e: unknown,
  fields: readonly string[],
): { fields: FieldProblems; rest: string | undefined } {
  const found: FieldProblems = {};
  if (!(e instanceof ApiError)) return { fields: found, rest: messageOf(e) };
  const unplaced: string[] = [];
  for (const error of e.problem?.errors ?? []) {
    const key = fieldOfPath(error.path, fields);
    const text = error.messages.join('; ');
    if (key) found[key] = found[key] ? `${found[key]}; ${text}` : text;
    else unplaced.push(`${error.path}: ${text}`);
  }
  if (e.code === 'not-found' && /tournament/i.test(e.detail)) found.tournamentId = e.detail;
  const placed = Object.keys(found).length > 0;
  return {
    fields: found,
    rest: unplaced.length ? unplaced.join('\n') : placed ? undefined : messageOf(e),
  };
}
