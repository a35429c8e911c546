import { h, type JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { ApiError, getJudgeNotes, matchPath, postJson, type JudgeNote } from '../api/client';
import { label } from '../i18n';
import { formatSecond, rulingWords as w } from './ruling-words';

/**
 * The judges' private notes on a match (its `judge-notes-` stream): listed on the desk's
 * dispute page with who wrote each and when, to the second, and a form for a new one.
 * `judgeName` names an actor id (the viewer context's judges).
 */
export function JudgeNotesPanel({
  lang,
  matchId,
  disputeId,
  judgeName,
}: {
  lang: Lang;
  matchId: string;
  disputeId: string;
  judgeName(id: string): string | undefined;
}): JSX.Element {
  const [notes, setNotes] = useState<JudgeNote[] | undefined>();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let live = true;
    getJudgeNotes(matchId)
      .then((got) => live && setNotes(got))
      .catch((e: unknown) => live && setError(e instanceof ApiError ? e.detail : String(e)));
    return () => {
      live = false;
    };
  }, [matchId, version]);
  const save = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    try {
      await postJson(matchPath(matchId, 'judge-notes'), { text, disputeId });
      setText('');
      setError(undefined);
      setVersion((v) => v + 1);
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : String(e));
    } finally {
      setBusy(false);
    }
  };
  return h(
    'section',
    { class: 'panel judge-notes', 'aria-labelledby': 'judge-notes-title' },
    h('h2', { id: 'judge-notes-title' }, w('notesTitle', lang)),
    h('p', { class: 'muted small' }, w('notesPrivate', lang)),
    notes === undefined
      ? h('p', { class: 'muted', 'aria-busy': 'true' }, label('loading', lang))
      : notes.length === 0
        ? h('p', { class: 'muted' }, w('noNotes', lang))
        : h(
            'ul',
            { class: 'judge-notes-list' },
            notes.map((note) =>
              h(
                'li',
                { key: note.eventId, 'data-note': note.data.noteId },
                h('p', null, note.data.text),
                h(
                  'p',
                  { class: 'muted small' },
                  w('noteBy', lang, {
                    judge: judgeName(note.meta.actor.id) ?? note.meta.actor.kind,
                    when: formatSecond(note.meta.recordedAt, lang),
                  }),
                ),
              ),
            ),
          ),
    h(
      'form',
      { onSubmit: save, 'aria-busy': busy ? 'true' : 'false' },
      h('label', { for: 'judge-note-text' }, w('noteLabel', lang)),
      h('textarea', {
        id: 'judge-note-text',
        rows: 3,
        maxLength: 4000,
        value: text,
        onInput: (e: Event) => setText((e.target as HTMLTextAreaElement).value),
      }),
      error ? h('p', { class: 'notice error', role: 'alert' }, error) : null,
      h('button', { type: 'submit', disabled: busy || !text.trim() }, w('addNote', lang)),
    ),
  );
}
