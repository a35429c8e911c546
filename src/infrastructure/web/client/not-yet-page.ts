import { h, type JSX } from 'preact';
import type { Lang } from '../../../domain/rulesets/ruleset';
import { label, type LabelKey } from './i18n';

export type NotYet = 'file';

const WHAT: Record<NotYet, LabelKey> = {
  file: 'matchFile',
};

/** `/replay/file`: a page another piece of work builds, said so plainly. */
export function NotYetPage({
  lang,
  what,
  header,
}: {
  lang: Lang;
  what: NotYet;
  header(): JSX.Element;
}): JSX.Element {
  return h(
    'div',
    { class: 'page' },
    header(),
    h(
      'main',
      { id: 'main', class: 'error-page' },
      h(
        'div',
        { class: 'error-box', 'data-not-yet': what },
        h('h1', null, label(WHAT[what], lang)),
        h('p', { class: 'error-summary' }, label('notYetTitle', lang)),
        h('p', null, label('notYetText', lang)),
        h('p', null, h('a', { href: '/', class: 'button' }, label('backToList', lang))),
      ),
    ),
  );
}
