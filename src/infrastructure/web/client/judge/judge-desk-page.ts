import { h, type JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Lang } from '../../../../domain/rulesets/ruleset';
import {
  ApiError,
  getMatch,
  listDisputes,
  tournamentNamesOf,
  type DisputeSummary,
  type MatchSummary,
} from '../api';
import { formatDate, label } from '../i18n';
import { SeatNames } from '../../../../domain/naming/seat-names';
import { loadRulesetWords, rulesetWords } from '../ruleset-words';

type Tab = 'open' | 'ruled';

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

  useEffect(() => {
    if (!token) return;
    let live = true;
    setItems(undefined);
    listDisputes(tab).then(
      async ({ items: found }) => {
        // The queue is shown once its matches, players and tournaments can be named.
        const ids = [...new Set(found.map((d) => d.matchId))];
        const summaries = await Promise.all(ids.map((id) => getMatch(id).catch(() => undefined)));
        await Promise.all(summaries.map((m) => loadRulesetWords(m?.ruleset.id)));
        const tournamentNames = await tournamentNamesOf(found.map((d) => d.tournamentId));
        if (!live) return;
        setNames(tournamentNames);
        setMatches(
          new Map(summaries.filter((m): m is MatchSummary => !!m).map((m) => [m.matchId, m])),
        );
        setItems(found);
        setError(undefined);
      },
      (e: unknown) =>
        live && setError(e instanceof ApiError ? e : new ApiError(0, 'error', String(e))),
    );
    return () => {
      live = false;
    };
  }, [tab, token]);

  const tournaments = useMemo(
    () => [...new Set((items ?? []).map((d) => d.tournamentId).filter((t): t is string => !!t))],
    [items],
  );
  const [query, setQuery] = useState('');
  const words = query.trim().toLocaleLowerCase();
  // The search reads what the card shows: the match, the players and sides, the claim, the tournament.
  const searchable = (d: DisputeSummary): string => {
    const match = matches.get(d.matchId);
    return [
      match?.title,
      ...(match?.seats ?? []).flatMap((s) => [s.player, s.side, s.faction]),
      d.claim,
      d.tournamentId ? names.get(d.tournamentId) : undefined,
    ]
      .filter(Boolean)
      .join(' ')
      .toLocaleLowerCase();
  };
  const shown = (items ?? []).filter(
    (d) =>
      (!tournament || d.tournamentId === tournament) && (!words || searchable(d).includes(words)),
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
  lang,
}: {
  dispute: DisputeSummary;
  match: MatchSummary | undefined;
  tournament: string | undefined;
  lang: Lang;
}): JSX.Element {
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
        formatDate(dispute.openedAt, lang),
        tournament ?? dispute.tournamentId,
      ]
        .filter(Boolean)
        .join(' · '),
    ),
    h(
      'p',
      { class: 'dispute-actions' },
      h('a', { href: hearing, class: 'button primary' }, label('hearDispute', lang)),
      ' ',
      h('a', { href, class: 'button' }, `▶ ${label('toDisputedMoment', lang)}`),
    ),
  );
}
