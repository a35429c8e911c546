import { h, render, type JSX } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { setApiLanguage, setApiToken } from './api/client';
import { Header } from './header';
import { initialLang, storeLang } from './i18n';
import { JudgeDeskPage } from './judge/judge-desk-page';
import { MatchListPage } from './list/match-list-page';
import { ReplayPage } from './replay/replay-page';
import { serverSource } from './replay/replay-source';
import { lazyComponent } from './charts/lazy';

/** The statistics page and its charts load as a chunk of their own. */
const StatsPage = lazyComponent(() => import('./stats/stats-page').then((m) => m.StatsPage));
/** So does the seat's table page, with its forms. */
const PlayPage = lazyComponent(() => import('./play/play-page').then((m) => m.PlayPage));
/** The match file's page too, with the verifier and every ruleset it replays. */
const MatchFilePage = lazyComponent(() =>
  import('./file/match-file-page').then((m) => m.MatchFilePage),
);
/** The judge's dispute page too, with its forms. */
const DisputePage = lazyComponent(() => import('./judge/dispute-page').then((m) => m.DisputePage));
/** The printable ruling too. */
const RulingPrintPage = lazyComponent(() =>
  import('./judge/ruling-print-page').then((m) => m.RulingPrintPage),
);
/** The organizer's page and its QR codes too. */
const NewMatchPage = lazyComponent(() =>
  import('./new/new-match-page').then((m) => m.NewMatchPage),
);
import { saveToken, storedToken, takeTokenFromUrl } from './session';

/** One page app: the match list, the replay, the match file, the seat's table, the organizer's page, the judge's desk. */
function App(): JSX.Element {
  const [lang, setLang] = useState<Lang>(initialLang);
  const [token, setToken] = useState<string | undefined>(storedToken);
  setApiToken(token);
  // Set while rendering, before any page's effects fetch: refusals come in the page's language.
  setApiLanguage(lang);
  useEffect(() => storeLang(lang), [lang]);
  const onToken = useCallback((next: string | undefined) => {
    saveToken(next);
    setApiToken(next);
    setToken(next);
  }, []);
  const header = (badges?: JSX.Element): JSX.Element =>
    h(Header, { lang, onLang: setLang, token, onToken }, badges);
  const route = routeOf(location.pathname);
  switch (route.page) {
    case 'replay':
      return h(ReplayPage, {
        key: `${route.matchId}|${token ?? ''}`,
        source: serverSource(route.matchId),
        lang,
        token,
        onToken,
        header,
      });
    case 'play':
      return h(PlayPage, {
        key: `${route.matchId}|${token ?? ''}`,
        matchId: route.matchId,
        lang,
        token,
        header,
      });
    case 'file':
      return h(MatchFilePage, { lang, token, onToken, header });
    case 'new':
      return h(NewMatchPage, { lang, token, header });
    case 'dispute':
      return h(DisputePage, {
        key: `${route.matchId}|${route.disputeId}|${token ?? ''}`,
        matchId: route.matchId,
        disputeId: route.disputeId,
        lang,
        token,
        header,
      });
    case 'ruling':
      return h(RulingPrintPage, {
        key: `${route.matchId}|${route.seq}|${token ?? ''}`,
        matchId: route.matchId,
        seq: route.seq,
        lang,
        token,
        header,
      });
    case 'judge':
      return h(JudgeDeskPage, { key: token ?? '', lang, token, header });
    case 'stats':
      return h(StatsPage, { key: token ?? '', lang, header });
    default:
      return h(MatchListPage, { key: token ?? '', lang, token, header });
  }
}

type Route =
  | { page: 'list' }
  | { page: 'replay'; matchId: string }
  | { page: 'play'; matchId: string }
  | { page: 'file' }
  | { page: 'new' }
  | { page: 'judge' }
  | { page: 'dispute'; matchId: string; disputeId: string }
  | { page: 'ruling'; matchId: string; seq: number }
  | { page: 'stats' };

/** The page an address names; `/replay/file` is the offline replay, never a match id. */
function routeOf(path: string): Route {
  if (/^\/replay\/file\/?$/.test(path)) return { page: 'file' };
  const replay = /^\/replay\/([^/]+)\/?$/.exec(path);
  if (replay) return { page: 'replay', matchId: safeDecode(replay[1]) };
  if (/^\/judge\/?$/.test(path)) return { page: 'judge' };
  const ruling = /^\/judge\/ruling\/([^/]+)\/(\d+)\/?$/.exec(path);
  if (ruling) return { page: 'ruling', matchId: safeDecode(ruling[1]), seq: Number(ruling[2]) };
  const dispute = /^\/judge\/([^/]+)\/([^/]+)\/?$/.exec(path);
  if (dispute)
    return { page: 'dispute', matchId: safeDecode(dispute[1]), disputeId: safeDecode(dispute[2]) };
  if (/^\/stats\/?$/.test(path)) return { page: 'stats' };
  if (/^\/new\/?$/.test(path)) return { page: 'new' };
  const play = /^\/play\/([^/]+)\/?$/.exec(path);
  if (play) return { page: 'play', matchId: safeDecode(play[1]) };
  return { page: 'list' };
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
