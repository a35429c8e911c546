import { HeldMatches } from './held-matches';
import { h, type JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import {
  ApiError,
  listDisputes,
  listMatches,
  listRulesets,
  tournamentNamesOf,
  type MatchListItem,
  type RulesetSummary,
} from '../api/client';
import { icon } from '../icons';
import { counted, formatDate, isLabel, label, type LabelKey } from '../i18n';
import { SeatNames } from '@domain/naming/seat-names';
import { loadRulesetWords, rulesetWords } from '../ruleset-words';
import { ownerColour } from '../session';

interface Filters {
  ruleset: string;
  status: string;
  player: string;
  tournament: string;
  q: string;
}

const FILTER_KEYS = ['ruleset', 'status', 'player', 'tournament', 'q'] as const;
const STATUSES = ['created', 'started', 'finished', 'abandoned'] as const;

function filtersFromUrl(): Filters {
  const params = new URLSearchParams(location.search);
  const get = (key: string): string => params.get(key) ?? '';
  return {
    ruleset: get('ruleset'),
    status: get('status'),
    player: get('player'),
    tournament: get('tournament'),
    q: get('q'),
  };
}

/** `/`: the matches the caller may see, filtered by the API, searched in the page. */
export function MatchListPage({
  lang,
  token,
  header,
}: {
  lang: Lang;
  token: string | undefined;
  header(badges?: JSX.Element): JSX.Element;
}): JSX.Element {
  const [filters, setFilters] = useState<Filters>(filtersFromUrl);
  const [items, setItems] = useState<MatchListItem[]>([]);
  const [cursor, setCursor] = useState<string | undefined>();
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | undefined>();
  const [rulesets, setRulesets] = useState<RulesetSummary[]>([]);
  /** For a judge's token: open disputes per match (undefined: not a judge). */
  const [disputes, setDisputes] = useState<Map<string, number> | undefined>();
  const [tournaments, setTournaments] = useState<Map<string, string>>(new Map());
  const nameTournaments = (list: MatchListItem[]): void => {
    void tournamentNamesOf(list.map((m) => m.tournamentId)).then((found) =>
      setTournaments((known) => new Map([...known, ...found])),
    );
  };

  useEffect(() => {
    listRulesets().then(setRulesets, () => setRulesets([]));
  }, []);

  useEffect(() => {
    if (!token) return;
    listDisputes('open').then(
      ({ items: open }) => {
        const counts = new Map<string, number>();
        for (const d of open) counts.set(d.matchId, (counts.get(d.matchId) ?? 0) + 1);
        setDisputes(counts);
      },
      () => setDisputes(undefined),
    );
  }, [token]);

  const apiQuery = useMemo(() => {
    const query = new URLSearchParams({ limit: '50' });
    if (filters.ruleset) query.set('ruleset', filters.ruleset);
    if (filters.status) query.set('status', filters.status);
    if (filters.player.trim()) query.set('player', filters.player.trim());
    if (filters.tournament.trim()) query.set('tournament', filters.tournament.trim());
    return query;
  }, [filters.ruleset, filters.status, filters.player, filters.tournament]);

  useEffect(() => {
    const url = new URLSearchParams();
    for (const key of FILTER_KEYS) if (filters[key]) url.set(key, filters[key]);
    const search = url.toString();
    history.replaceState(null, '', `${location.pathname}${search ? `?${search}` : ''}`);
  }, [filters]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    const timer = setTimeout(() => {
      listMatches(apiQuery).then(
        async (page) => {
          await Promise.all(
            [...new Set(page.items.map((m) => m.ruleset.id))].map(loadRulesetWords),
          );
          if (!live) return;
          nameTournaments(page.items);
          setItems(page.items);
          setCursor(page.nextCursor);
          setError(undefined);
          setLoading(false);
        },
        (e: unknown) => {
          if (!live) return;
          setError(e instanceof ApiError ? e.detail : String(e));
          setLoading(false);
        },
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [apiQuery]);

  const loadMore = (): void => {
    if (!cursor) return;
    const query = new URLSearchParams(apiQuery);
    query.set('cursor', cursor);
    listMatches(query).then(
      async (page) => {
        await Promise.all([...new Set(page.items.map((m) => m.ruleset.id))].map(loadRulesetWords));
        nameTournaments(page.items);
        setItems((shown) => [...shown, ...page.items]);
        setCursor(page.nextCursor);
      },
      (e: unknown) => setError(e instanceof ApiError ? e.detail : String(e)),
    );
  };

  const needle = filters.q.trim().toLowerCase();
  const shown = needle
    ? items.filter((m) =>
        [m.title, m.matchId, m.tournamentId, ...m.seats.flatMap((s) => [s.player, s.seat])]
          .filter(Boolean)
          .some((text) => (text as string).toLowerCase().includes(needle)),
      )
    : items;
  const set = (key: keyof Filters) => (event: Event) =>
    setFilters((f) => ({ ...f, [key]: (event.target as HTMLInputElement).value }));
  const rulesetTitle = (id: string): string => rulesets.find((r) => r.id === id)?.title[lang] ?? id;

  return h(
    'div',
    { class: 'page list-page' },
    header(
      disputes
        ? h(
            'div',
            { class: 'badges' },
            h(
              'a',
              { class: 'badge viewer viewer-judge', 'data-viewer': 'judge', href: '/judge' },
              icon('eye'),
              ` ${label('judgeBadge', lang)}`,
            ),
          )
        : undefined,
    ),
    h(
      'main',
      { id: 'main' },
      h(
        'div',
        { class: 'replay-title' },
        h('h1', null, label('matches', lang)),
        h('a', { href: '/new', 'data-link': 'new' }, label('newMatchLink', lang)),
        h('a', { href: '/replay/file', 'data-link': 'file' }, label('matchFile', lang)),
      ),
      h(HeldMatches, { lang }),
      h(
        'form',
        {
          class: 'filters',
          role: 'search',
          onSubmit: (e: Event) => e.preventDefault(),
        },
        field(
          'q',
          label('search', lang),
          h('input', {
            id: 'f-q',
            type: 'search',
            value: filters.q,
            placeholder: label('searchHint', lang),
            onInput: set('q'),
          }),
        ),
        field(
          'ruleset',
          label('ruleset', lang),
          h(
            'select',
            { id: 'f-ruleset', value: filters.ruleset, onChange: set('ruleset') },
            h('option', { value: '' }, label('any', lang)),
            rulesets.map((r) => h('option', { value: r.id }, r.title[lang])),
          ),
        ),
        field(
          'player',
          label('player', lang),
          h('input', {
            id: 'f-player',
            type: 'text',
            value: filters.player,
            onInput: set('player'),
          }),
        ),
        field(
          'tournament',
          label('tournament', lang),
          h('input', {
            id: 'f-tournament',
            type: 'text',
            value: filters.tournament,
            onInput: set('tournament'),
          }),
        ),
        field(
          'status',
          label('status', lang),
          h(
            'select',
            { id: 'f-status', value: filters.status, onChange: set('status') },
            h('option', { value: '' }, label('any', lang)),
            STATUSES.map((s) => h('option', { value: s }, label(s as LabelKey, lang))),
          ),
        ),
      ),
      error ? h('p', { class: 'notice error', role: 'alert' }, error) : null,
      h(
        'div',
        { 'aria-live': 'polite', 'aria-busy': loading },
        loading && items.length === 0
          ? h('p', { class: 'muted' }, label('loading', lang))
          : shown.length === 0
            ? h('p', { class: 'muted' }, label('noMatches', lang))
            : h(
                'ul',
                { class: 'match-list' },
                shown.map((m) =>
                  h(MatchCard, {
                    match: m,
                    lang,
                    rulesetTitle,
                    open: disputes?.get(m.matchId),
                    tournament: m.tournamentId
                      ? (tournaments.get(m.tournamentId) ?? m.tournamentId)
                      : undefined,
                  }),
                ),
              ),
      ),
      cursor && !needle
        ? h('button', { type: 'button', class: 'more', onClick: loadMore }, label('loadMore', lang))
        : null,
    ),
  );
}

function field(key: string, text: string, control: JSX.Element): JSX.Element {
  return h('div', { class: `field field-${key}` }, h('label', { for: `f-${key}` }, text), control);
}

function MatchCard({
  match,
  lang,
  rulesetTitle,
  open,
  tournament,
}: {
  match: MatchListItem;
  lang: Lang;
  rulesetTitle(id: string): string;
  /** Open disputes of the match, for a judge. */
  open?: number;
  /** The tournament's name. */
  tournament?: string;
}): JSX.Element {
  const seats = match.seats.map((s) => s.seat);
  const names = new SeatNames(match.seats, rulesetWords(match.ruleset.id));
  const winners = match.winners ?? [];
  const href = `/replay/${encodeURIComponent(match.matchId)}`;
  const status = isLabel(match.status) ? match.status : 'unknownStatus';
  return h(
    'li',
    { class: `match-card${open ? ' has-dispute' : ''}`, 'data-match': match.matchId },
    h(
      'div',
      { class: 'match-card-head' },
      h('a', { href, class: 'match-title' }, match.title || label('untitledMatch', lang)),
      h(
        'span',
        { class: `status status-${match.status}`, 'data-status': match.status },
        label(status as LabelKey, lang),
      ),
      open
        ? h(
            'a',
            { class: 'status status-dispute', 'data-open-disputes': open, href: '/judge' },
            `⚑ ${label('openDisputes', lang, { n: open })}`,
          )
        : null,
    ),
    h(
      'p',
      { class: 'muted small' },
      [
        rulesetTitle(match.ruleset.id),
        tournament ? `${label('tournament', lang)}: ${tournament}` : undefined,
        formatDate(match.createdAt, lang),
        counted(match.lastSeq + 1, 'events', lang),
      ]
        .filter(Boolean)
        .join(' · '),
    ),
    h(
      'ul',
      { class: 'seat-list', 'aria-label': label('seatsOf', lang) },
      match.seats.map((s) =>
        h(
          'li',
          { class: winners.includes(s.seat) ? 'winner' : '', 'data-seat': s.seat },
          h('span', { class: 'swatch', style: { background: ownerColour(s.seat, seats) } }),
          names.full(s.seat, lang),
          winners.includes(s.seat) ? ` ★` : '',
        ),
      ),
    ),
    h(
      'a',
      {
        href,
        class: 'button',
        'aria-label': `${label('replay', lang)}: ${match.title || label('untitledMatch', lang)}`,
      },
      `▶ ${label('replay', lang)}`,
    ),
  );
}
