import { type ComponentChildren, type JSX } from 'preact';
import { FileButton } from '../file-button';
import { type MatchDraft } from './match-request';

export function Section({
  title,
  children,
}: {
  title: string;
  children?: ComponentChildren;
}): JSX.Element {
  return (
    <fieldset class="panel new-section">
      <legend>{title}</legend>
      {children}
    </fieldset>
  );
}

/** A labelled input with its hint and, when there is one, what is wrong with it. */
export function Field({
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
  return (
    <div class={`field${problem ? ' has-problem' : ''}`} data-field={id}>
      <label for={id}>{text}</label>
      {children}
      {hint ? <div class="hint small muted">{hint}</div> : null}
      {problem ? (
        <p class="field-problem" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

export type Update = (change: (d: MatchDraft) => MatchDraft) => void;

/** Reads a text file chosen by the organizer into a field (deck lists, setup JSON). */
export function TextFileButton({
  id,
  text,
  onText,
}: {
  id: string;
  text: string;
  onText(text: string): void;
}): JSX.Element {
  return (
    <FileButton
      id={id}
      text={text}
      accept=".txt,.json,.dek,text/plain,application/json"
      onFile={(file) => void file.text().then(onText)}
    />
  );
}

/** A one-line text field of the match: its label, hint and problem, as every field has them. */
export function TextField({
  id,
  label: text,
  hint,
  problem,
  value,
  maxLength,
  placeholder,
  spellcheck = true,
  onText,
}: {
  id: string;
  label: string;
  hint?: string;
  problem?: string;
  value: string;
  maxLength: number;
  placeholder?: string;
  /** Off for ids; on for prose (a title). */
  spellcheck?: boolean;
  onText(text: string): void;
}): JSX.Element {
  return (
    <Field id={id} label={text} hint={hint} problem={problem}>
      <input
        id={id}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        spellcheck={spellcheck}
        onInput={(e: Event) => onText((e.target as HTMLInputElement).value)}
      />
    </Field>
  );
}
