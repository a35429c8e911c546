/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { h, render, type JSX } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Lang } from '../../../domain/rulesets/ruleset';
import { setApiToken } from './api';
import { Header } from './header';
import { initialLang, storeLang } from './i18n';
import { MatchListPage } from './list/match-list-page';
import { ReplayPage } from './replay/replay-page';
import { saveToken, storedToken, takeTokenFromUrl } from './session';

/** One page app for `/` (the match list) and `/replay/:matchId` (the viewer). */
function App(): JSX.Element {
  const [lang, setLang] = useState<Lang>(initialLang);
  const [token, setToken] = useState<string | undefined>(storedToken);
  setApiToken(token);
  useEffect(() => storeLang(lang), [lang]);
  const onToken = useCallback((next: string | undefined) => {
    saveToken(next);
    setApiToken(next);
    setToken(next);
  }, []);
  const replay = /^\/replay\/([^/]+)\/?$/.exec(location.pathname);
  const matchId = replay ? safeDecode(replay[1]) : undefined;
  const header = (badges?: JSX.Element): JSX.Element =>
    h(Header, { lang, onLang: setLang, token, onToken }, badges);
  return matchId
    ? h(ReplayPage, { key: `${matchId}|${token ?? ''}`, matchId, lang, token, onToken, header })
    : h(MatchListPage, { key: token ?? '', lang, header });
}

takeTokenFromUrl();
const root = document.getElementById('app') as HTMLElement;
root.textContent = '';
render(h(App, null), root);

/** A malformed address (`/replay/%ZZ`) names a match that does not exist, not a crash. */
function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
