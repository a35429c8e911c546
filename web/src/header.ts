import { h, type ComponentChildren, type JSX } from 'preact';
import { icon } from './icons';
import { useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { label } from './i18n';

export interface HeaderProps {
  lang: Lang;
  onLang(lang: Lang): void;
  token: string | undefined;
  onToken(token: string | undefined): void;
  /** The "who is looking" badge and audit badges, when a match is open. */
  children?: ComponentChildren;
}

/** The page header: home link, language switch, the token panel and the page's badges. */
export function Header({ lang, onLang, token, onToken, children }: HeaderProps): JSX.Element {
  return h(
    'header',
    { class: 'app-header' },
    h(
      'div',
      { class: 'header-row' },
      h('a', { class: 'brand', href: '/' }, label('appName', lang)),
      h('div', { class: 'header-badges' }, children),
      h(
        'div',
        { class: 'header-tools' },
        h(LangSwitch, { lang, onLang }),
        h(TokenPanel, { lang, token, onToken }),
      ),
    ),
  );
}

function LangSwitch({ lang, onLang }: { lang: Lang; onLang(lang: Lang): void }): JSX.Element {
  return h(
    'div',
    { class: 'lang-switch', role: 'group', 'aria-label': label('language', lang) },
    (['en', 'ru'] as const).map((code) =>
      h(
        'button',
        {
          type: 'button',
          lang: code,
          'aria-pressed': code === lang,
          class: code === lang ? 'on' : '',
          onClick: () => onLang(code),
        },
        code === 'en' ? 'EN' : 'RU',
      ),
    ),
  );
}

function TokenPanel({
  lang,
  token,
  onToken,
}: {
  lang: Lang;
  token: string | undefined;
  onToken(token: string | undefined): void;
}): JSX.Element {
  const [draft, setDraft] = useState('');
  return h(
    'details',
    { class: 'token-panel' },
    h('summary', null, icon('key'), ` ${label('viewAs', lang)}`),
    h(
      'form',
      {
        class: 'token-form',
        onSubmit: (event: Event) => {
          event.preventDefault();
          if (draft.trim()) onToken(draft.trim());
          setDraft('');
        },
      },
      h('label', { for: 'token-input' }, label('token', lang)),
      h('input', {
        id: 'token-input',
        type: 'password',
        autocomplete: 'off',
        spellcheck: false,
        value: draft,
        placeholder: 'ml_…',
        'aria-describedby': 'token-hint',
        onInput: (event: Event) => setDraft((event.target as HTMLInputElement).value),
      }),
      h('button', { type: 'submit' }, label('apply', lang)),
      token
        ? h('button', { type: 'button', onClick: () => onToken(undefined) }, label('forget', lang))
        : null,
      h('p', { id: 'token-hint', class: 'hint' }, label('tokenHint', lang)),
    ),
  );
}
