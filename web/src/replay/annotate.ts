import { h, type JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import type { Phraser } from '@domain/naming/phraser';
import { ApiError, matchPath, postJson, type Annotation } from '../api/client';
import { isLabel, label, labelIn } from '../i18n';
import type { Note } from './timeline';

/** The chess marks a note can carry with one click, with what each says. */
const GLYPHS = [
  ['!!', 'glyphBrilliant'],
  ['!', 'glyphGood'],
  ['!?', 'glyphInteresting'],
  ['?!', 'glyphDubious'],
  ['?', 'glyphMistake'],
  ['??', 'glyphBlunder'],
] as const;

const ANNOTATE_LABELS = {
  annotateTitle: { en: 'Note on event {seq}', ru: 'Заметка к событию {seq}' },
  glyphBrilliant: { en: 'brilliant move', ru: 'блестящий ход' },
  glyphGood: { en: 'good move', ru: 'хороший ход' },
  glyphInteresting: { en: 'interesting move', ru: 'интересный ход' },
  glyphDubious: { en: 'dubious move', ru: 'сомнительный ход' },
  glyphMistake: { en: 'mistake', ru: 'ошибка' },
  glyphBlunder: { en: 'blunder', ru: 'грубая ошибка' },
  noteText: { en: 'Your note', ru: 'Текст заметки' },
  addNote: { en: 'Add the note', ru: 'Добавить заметку' },
  noteAdded: { en: 'Note added to event {seq}.', ru: 'Заметка к событию {seq} добавлена.' },
};

function annotateLabel(
  key: keyof typeof ANNOTATE_LABELS,
  lang: Lang,
  params?: Record<string, string | number>,
): string {
  return labelIn(ANNOTATE_LABELS, key, lang, params);
}

/** Who wrote a note (or recorded an event), as a reader names them. */
export function authorOf(
  actor: { kind: string; id: string; seat?: string },
  phraser: Phraser,
  lang: Lang,
): string {
  if (actor.kind === 'seat') return phraser.seats.seat(actor.seat ?? actor.id, lang);
  const person = phraser.seats.person(actor.id);
  if (person) return person;
  const role = label(isLabel(actor.kind) ? actor.kind : 'system', lang);
  return actor.seat ? `${role} → ${phraser.seats.seat(actor.seat, lang)}` : role;
}

/** The match's notes as the log shows them: each with its author, grouped by the event's seq. */
export function notesOf(
  list: readonly Annotation[],
  phraser: Phraser,
): { all: Note[]; bySeq: Map<number, Note[]> } {
  const all: Note[] = list.map((a) => ({
    seq: a.data.seq,
    text: a.data.text,
    tags: Array.isArray(a.data.tags) ? a.data.tags.map(String) : [],
    author: (l: Lang) => authorOf(a.meta.actor, phraser, l),
  }));
  const bySeq = new Map<number, Note[]>();
  for (const note of all) bySeq.set(note.seq, [...(bySeq.get(note.seq) ?? []), note]);
  return { all, bySeq };
}

/**
 * Annotating the event on screen: one click on a chess mark records it (as on lichess);
 * a text goes with the mark pressed after it, or alone with «Добавить заметку». A refusal
 * shows here and goes with the next click.
 */
export function AnnotateBar({
  lang,
  matchId,
  seq,
  onAdded,
  onAction,
}: {
  lang: Lang;
  matchId: string;
  seq: number;
  /** Called once the note is recorded, to show it in the log. */
  onAdded(): void;
  /** Called as a note is sent: the page's other refusals go with this action. */
  onAction?(): void;
}): JSX.Element {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<
    { seq: number; problem?: ApiError; added?: true } | undefined
  >();
  const add = async (tags: string[]): Promise<void> => {
    onAction?.();
    setOutcome(undefined);
    setSending(true);
    try {
      await postJson(matchPath(matchId, 'annotations'), {
        seq,
        ...(text.trim() ? { text: text.trim() } : {}),
        ...(tags.length > 0 ? { tags } : {}),
      });
      setText('');
      setOutcome({ seq, added: true });
      onAdded();
    } catch (e) {
      setOutcome({
        seq,
        problem: e instanceof ApiError ? e : new ApiError(0, 'error', String(e)),
      });
    } finally {
      setSending(false);
    }
  };
  const id = `annotate-${seq}`;
  return h(
    'section',
    { class: 'panel annotate', 'aria-labelledby': `${id}-title` },
    h('h2', { id: `${id}-title` }, annotateLabel('annotateTitle', lang, { seq: `#${seq}` })),
    h(
      'div',
      { class: 'glyphs', role: 'group', 'aria-labelledby': `${id}-title` },
      GLYPHS.map(([glyph, meaning]) =>
        h(
          'button',
          {
            type: 'button',
            class: 'glyph',
            'data-glyph': glyph,
            disabled: sending,
            title: annotateLabel(meaning, lang),
            'aria-label': `${glyph} ${annotateLabel(meaning, lang)}`,
            onClick: () => void add([glyph]),
          },
          glyph,
        ),
      ),
    ),
    h(
      'form',
      {
        class: 'annotate-text',
        onSubmit: (e: Event) => {
          e.preventDefault();
          if (text.trim()) void add([]);
        },
      },
      h('label', { for: `${id}-text` }, annotateLabel('noteText', lang)),
      h('input', {
        id: `${id}-text`,
        type: 'text',
        maxLength: 2000,
        value: text,
        onInput: (e: Event) => setText((e.target as HTMLInputElement).value),
      }),
      h(
        'button',
        { type: 'submit', disabled: sending || !text.trim() },
        annotateLabel('addNote', lang),
      ),
    ),
    outcome?.seq === seq && outcome.problem
      ? h(
          'p',
          { class: 'field-problem refusal', role: 'alert', 'data-problem': outcome.problem.code },
          outcome.problem.detail,
        )
      : null,
    outcome?.seq === seq && outcome.added
      ? h(
          'p',
          { class: 'muted small', role: 'status' },
          annotateLabel('noteAdded', lang, { seq: `#${seq}` }),
        )
      : null,
  );
}
