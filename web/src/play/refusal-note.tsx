import type { JSX } from 'preact';
import type { Lang } from '@domain/rulesets/ruleset';
import { ProblemNote } from './decision-form';
import type { ActionPlace, TableActions } from './table-requests-state';

/** The refusal of the seat's last write at `place`, shown beside what caused it. */
export function refusalNote(
  actions: TableActions,
  place: ActionPlace,
  lang: Lang,
): JSX.Element | null {
  const error = actions.refused(place);
  return error ? <ProblemNote error={error} lang={lang} /> : null;
}
