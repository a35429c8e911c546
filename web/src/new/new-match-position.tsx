import type { JSX } from 'preact';
import type { Lang } from '@domain/rulesets/ruleset';
import type { FieldProblems, MatchDraft } from './match-request';
import { Field, Section, TextFileButton, type Update } from './new-match-fields';
import { newWords } from './new-words';

/**
 * The match's starting position (issue 45): JSON pasted, loaded from a file, or brought from a
 * replay's «Сохранить этот момент как позицию» (`#position=` in the page's address). The
 * server checks it against the game's rules; each problem it names is shown beside it.
 */
export function PositionSection({
  lang,
  draft,
  problems,
  update,
}: {
  lang: Lang;
  draft: MatchDraft;
  problems: FieldProblems;
  update: Update;
}): JSX.Element {
  const set = (position: string): void => update((d) => ({ ...d, position }));
  return (
    <Section title={newWords('positionSection', lang)}>
      <Field
        id="f-position"
        label={newWords('positionLabel', lang)}
        hint={newWords('positionHint', lang)}
        problem={problems.position}
      >
        <div class="json-field">
          <textarea
            id="f-position"
            rows={6}
            spellcheck={false}
            value={draft.position}
            placeholder="{ … }"
            aria-invalid={problems.position ? 'true' : undefined}
            aria-describedby={problems.position ? 'f-position-problem' : undefined}
            onInput={(e: Event) => set((e.target as HTMLTextAreaElement).value)}
          />
          <TextFileButton id="f-position-file" text={newWords('positionFile', lang)} onText={set} />
        </div>
      </Field>
    </Section>
  );
}
