import { h, type JSX } from 'preact';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import {
  ApiError,
  getMatch,
  listDisputes,
  tournamentNamesOf,
  type DisputeSummary,
  type MatchSummary,
} from '../api/client';
import { formatDateSeconds as formatDate, label, pageWords } from '../i18n';
import { SeatNames } from '@domain/naming/seat-names';
import { loadRulesetWords, rulesetWords } from '../ruleset-words';
import { disputeAge, sortDisputes } from './desk-queue';
import { PausedFor } from './dispute-timers';
import { LogPosition } from '../replay/log-position';

/** The statuses a match enters the public transparency log with. */
const LOGGED: ReadonlySet<string> = new Set(['finished', 'abandoned']);

type Tab = 'open' | 'ruled';
type Sort = 'age' | 'table';

/** How often the queue asks for new disputes while the tab is visible: one cheap list read. */
const QUEUE_POLL_MS = 4000;

const deskWords = pageWords({
  title: { en: 'Judge’s desk — matchlog', ru: 'Стол судьи — matchlog' },
  titleOpen: { en: '({n}) Judge’s desk — matchlog', ru: '({n}) Стол судьи — matchlog' },
  sortBy: { en: 'Sort', ru: 'Порядок' },
  sortAge: { en: 'Oldest first', ru: 'Сначала старые' },
  sortTable: { en: 'By table', ru: 'По столам' },
  paused: { en: 'Match paused: {reason}', ru: 'Матч на паузе: {reason}' },
  notPaused: { en: 'Match in play', ru: 'Матч идёт' },
  verdict: { en: 'Verdict', ru: 'Вердикт' },
  upheld: { en: 'Upheld', ru: 'Жалоба удовлетворена' },
  rejected: { en: 'Rejected', ru: 'Жалоба отклонена' },
  amended: { en: 'Amended', ru: 'Решение изменено' },
  rule: { en: 'Rule', ru: 'Правило' },
  rationale: { en: 'Rationale', ru: 'Обоснование' },
  judge: { en: 'Judge', ru: 'Судья' },
  ruledAt: { en: 'Ruled', ru: 'Решено' },
  byRule: { en: 'Rule of the ruling', ru: 'Правило решения' },
});

/**
 * `/judge`: the judge's desk. The dispute queue of the matches the token judges (open and
 * ruled, filtered by tournament), each dispute with its match, who raised it and when, and
 * the way to the table at the disputed moment.
 */
export function JudgeDeskPage({
  lang,
  token,
  header,
}: {
  lang: Lang;
  token: string | undefined;
  header(): JSX.Element;
}): JSX.Element {
  const [tab, setTab] = useState<Tab>('open');
  const [tournament, setTournament] = useState('');
  const [items, setItems] = useState<DisputeSummary[] | undefined>();
  const [matches, setMatches] = useState<Map<string, MatchSummary>>(new Map());
  const [names, setNames] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<ApiError | undefined>();

  const [now, setNow] = useState(() => Date.now());
  const [sort, setSort] = useState<Sort>('age');
  // Matches already named: a poll fetches only the matches of disputes it has not seen.
  const known = useRef(new Map<string, MatchSummary | undefined>());

  useEffect(() => {
    if (!token) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setItems(undefined);
    const load = async (): Promise<void> => {
      try {
        const { items: found } = await listDisputes(tab);
        // The queue is shown once its matches, players and tournaments can be named.
        const fresh = [...new Set(found.map((d) => d.matchId))].filter(
          (id) => !known.current.has(id),
        );
        const summaries = await Promise.all(fresh.map((id) => getMatch(id).catch(() => undefined)));
        await Promise.all(summaries.map((m) => loadRulesetWords(m?.ruleset.id)));
        fresh.forEach((id, i) => known.current.set(id, summaries[i]));
        const tournamentNames = await tournamentNamesOf(found.map((d) => d.tournamentId));
        if (!live) return;
        setNames(tournamentNames);
        setMatches(
          new Map(
            [...known.current].filter((e): e is [string, MatchSummary] => e[1] !== undefined),
          ),
        );
        setItems(found);
        setNow(Date.now());
        setError(undefined);
      } catch (e: unknown) {
        if (live) setError(e instanceof ApiError ? e : new ApiError(0, 'error', String(e)));
      }
    };
    // Polls while the tab is visible; a hidden tab asks nothing and catches up when shown.
    const schedule = (): void => {
      timer = setTimeout(() => {
        if (document.visibilityState === 'visible') void load().finally(() => live && schedule());
        else schedule();
      }, QUEUE_POLL_MS);
    };
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') void load();
    };
    void load().finally(() => live && schedule());
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [tab, token]);

  // The count of open disputes in the title, so a desk in another tab sees new ones.
  const openCount = tab === 'open' && items ? items.length : undefined;
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  // Set in the same commit as the list it counts (a layout effect), so the title never lags
  // behind the count the page shows.
  useLayoutEffect(() => {
    document.title =
      openCount === undefined
        ? deskWords('title', lang)
        : deskWords('titleOpen', lang, { n: openCount });
  }, [openCount, lang]);

  const tournaments = useMemo(
    () => [...new Set((items ?? []).map((d) => d.tournamentId).filter((t): t is string => !!t))],
    [items],
  );
  const [query, setQuery] = useState('');
  const [rule, setRule] = useState('');
  const words = query.trim().toLocaleLowerCase();
  // Past rulings by the rule they cite, so a judge rules as the tournament ruled before.
  const rules = useMemo(
    () =>
      [
        ...new Set((items ?? []).map((d) => d.rulingRuleRef).filter((r): r is string => !!r)),
      ].sort(),
    [items],
  );
  // The search reads what the card shows: the match, the players and sides, the claim, the
  // tournament, and for a ruled dispute its rule and rationale.
  const searchable = (d: DisputeSummary): string => {
    const match = matches.get(d.matchId);
    return [
      match?.title,
      ...(match?.seats ?? []).flatMap((s) => [s.player, s.side, s.faction]),
      d.claim,
      d.tournamentId ? names.get(d.tournamentId) : undefined,
      d.rulingRuleRef,
      d.rationale,
    ]
      .filter(Boolean)
      .join(' ')
      .toLocaleLowerCase();
  };
  const shown = sortDisputes(
    (items ?? []).filter(
      (d) =>
        (!tournament || d.tournamentId === tournament) &&
        (!words || searchable(d).includes(words)) &&
        (tab !== 'ruled' || !rule || d.rulingRuleRef === rule),
    ),
    sort,
    (matchId) => matches.get(matchId)?.title || matchId,
    lang,
  );

  return h(
    'div',
    { class: 'page judge-page' },
    header(),
    h(
      'main',
      { id: 'main' },
      h('h1', null, label('judgeDesk', lang)),
      !token
        ? h(
            'p',
            { class: 'notice warn', role: 'status', 'data-judge': 'no-token' },
            label('judgeNeedsToken', lang),
          )
        : error
          ? h(
              'p',
              { class: 'notice error', role: 'alert', 'data-error': error.code },
              error.status === 403 || error.status === 401
                ? label('judgeNotJudge', lang)
                : label('networkError', lang),
            )
          : h(
              'div',
              null,
              h(
                'div',
                { class: 'judge-filters' },
                h(
                  'div',
                  { class: 'view-switch', role: 'group', 'aria-label': label('status', lang) },
                  (['open', 'ruled'] as const).map((t) =>
                    h(
                      'button',
                      { type: 'button', 'aria-pressed': tab === t, onClick: () => setTab(t) },
                      label(t === 'open' ? 'disputesOpen' : 'disputesRuled', lang),
                    ),
                  ),
                ),
                h(
                  'div',
                  { class: 'field' },
                  h('label', { for: 'f-judge-search' }, label('search', lang)),
                  h('input', {
                    id: 'f-judge-search',
                    type: 'search',
                    value: query,
                    placeholder: label('judgeSearchHint', lang),
                    onInput: (e: Event) => setQuery((e.target as HTMLInputElement).value),
                  }),
                ),
                h(
                  'div',
                  { class: 'field' },
                  h('label', { for: 'f-judge-tournament' }, label('tournament', lang)),
                  h(
                    'select',
                    {
                      id: 'f-judge-tournament',
                      value: tournament,
                      onChange: (e: Event) => setTournament((e.target as HTMLSelectElement).value),
                    },
                    h('option', { value: '' }, label('any', lang)),
                    tournaments.map((t) => h('option', { value: t }, names.get(t) ?? t)),
                  ),
                ),
                tab === 'ruled' && rules.length > 0
                  ? h(
                      'div',
                      { class: 'field' },
                      h('label', { for: 'f-judge-rule' }, deskWords('byRule', lang)),
                      h(
                        'select',
                        {
                          id: 'f-judge-rule',
                          value: rule,
                          onChange: (e: Event) => setRule((e.target as HTMLSelectElement).value),
                        },
                        h('option', { value: '' }, label('any', lang)),
                        rules.map((r) => h('option', { value: r }, r)),
                      ),
                    )
                  : null,
                h(
                  'div',
                  { class: 'field' },
                  h('label', { for: 'f-judge-sort' }, deskWords('sortBy', lang)),
                  h(
                    'select',
                    {
                      id: 'f-judge-sort',
                      value: sort,
                      onChange: (e: Event) =>
                        setSort((e.target as HTMLSelectElement).value as Sort),
                    },
                    h('option', { value: 'age' }, deskWords('sortAge', lang)),
                    h('option', { value: 'table' }, deskWords('sortTable', lang)),
                  ),
                ),
              ),
              items === undefined
                ? h('p', { class: 'muted', 'aria-busy': 'true' }, label('loading', lang))
                : shown.length === 0
                  ? h('p', { class: 'muted', 'data-disputes': 0 }, label('noDisputes', lang))
                  : h(
                      'ul',
                      { class: 'dispute-list', 'data-disputes': shown.length },
                      shown.map((d) =>
                        h(DisputeRow, {
                          key: d.disputeId,
                          dispute: d,
                          match: matches.get(d.matchId),
                          tournament: d.tournamentId ? names.get(d.tournamentId) : undefined,
                          now,
                          lang,
                        }),
                      ),
                    ),
            ),
    ),
  );
}

function DisputeRow({
  dispute,
  match,
  tournament,
  now,
  lang,
}: {
  dispute: DisputeSummary;
  match: MatchSummary | undefined;
  tournament: string | undefined;
  now: number;
  lang: Lang;
}): JSX.Element {
  const verdict = dispute.decision as 'upheld' | 'rejected' | 'amended' | undefined;
  const names = match ? new SeatNames(match.seats, rulesetWords(match.ruleset.id)) : undefined;
  const href = `/replay/${encodeURIComponent(dispute.matchId)}#seq=${dispute.atSeq}`;
  const hearing = `/judge/${encodeURIComponent(dispute.matchId)}/${encodeURIComponent(dispute.disputeId)}`;
  return h(
    'li',
    { class: `dispute-card status-${dispute.status}`, 'data-dispute': dispute.disputeId },
    h(
      'div',
      { class: 'match-card-head' },
      h('a', { href: hearing, class: 'match-title' }, match?.title || dispute.matchId.slice(0, 8)),
      h(
        'span',
        { class: `status status-${dispute.status}` },
        label(dispute.status === 'open' ? 'disputeOpen' : 'disputeRuled', lang),
      ),
    ),
    match && LOGGED.has(match.status) ? h(LogPosition, { matchId: dispute.matchId, lang }) : null,
    h(
      'p',
      { class: 'dispute-claim' },
      `«${dispute.claim}»`,
      dispute.ruleRef ? ` (${dispute.ruleRef})` : '',
    ),
    h(
      'p',
      { class: 'muted small' },
      [
        label('disputedBy', lang, { name: names?.full(dispute.seat, lang) ?? dispute.seat }),
        label('atEvent', lang, { seq: dispute.atSeq }),
        h('time', { dateTime: dispute.openedAt, title: formatDate(dispute.openedAt, lang) }, [
          dispute.status === 'open'
            ? disputeAge(dispute.openedAt, now, lang)
            : formatDate(dispute.openedAt, lang),
        ]),
        tournament ?? dispute.tournamentId,
      ]
        .filter(Boolean)
        .flatMap((part, i) => (i === 0 ? [part] : [' · ', part])),
    ),
    dispute.status === 'open'
      ? h(
          'p',
          {
            class: `small dispute-paused${dispute.pausedReason !== undefined ? ' is-paused' : ''}`,
            'data-paused': String(dispute.pausedReason !== undefined),
          },
          dispute.pausedReason !== undefined
            ? `⏸ ${deskWords('paused', lang, { reason: dispute.pausedReason })}`
            : deskWords('notPaused', lang),
          dispute.pausedAt ? [' · ', h(PausedFor, { lang, since: dispute.pausedAt })] : null,
        )
      : null,
    verdict
      ? h(
          'dl',
          { class: 'ruling-summary', 'data-verdict': verdict },
          h('dt', null, deskWords('verdict', lang)),
          h('dd', { 'data-ruling': 'verdict' }, deskWords(verdict, lang)),
          dispute.rulingRuleRef
            ? [
                h('dt', null, deskWords('rule', lang)),
                h('dd', { 'data-ruling': 'rule' }, dispute.rulingRuleRef),
              ]
            : null,
          dispute.rationale
            ? [
                h('dt', null, deskWords('rationale', lang)),
                h('dd', { 'data-ruling': 'rationale' }, dispute.rationale),
              ]
            : null,
          dispute.judge
            ? [
                h('dt', null, deskWords('judge', lang)),
                h('dd', { 'data-ruling': 'judge' }, dispute.judge.name ?? dispute.judge.id),
              ]
            : null,
          dispute.ruledAt
            ? [
                h('dt', null, deskWords('ruledAt', lang)),
                h('dd', null, formatDate(dispute.ruledAt, lang)),
              ]
            : null,
        )
      : null,
    h(
      'p',
      { class: 'dispute-actions' },
      h('a', { href: hearing, class: 'button primary' }, label('hearDispute', lang)),
      ' ',
      h('a', { href, class: 'button' }, `▶ ${label('toDisputedMoment', lang)}`),
    ),
  );
}
