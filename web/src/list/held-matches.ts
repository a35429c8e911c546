import { h, type JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { getMatchAs, type MatchSummary } from '../api/client';
import { labelIn } from '../i18n';
import { heldLinks } from '../session';

const HELD_LABELS = {
  heldTitle: { en: 'Your tables in this browser', ru: 'Ваши столы в этом браузере' },
  heldHelp: {
    en: 'Live matches whose seat link was opened in this tab. The links are not kept after the tab is closed: keep the link your organizer gave you.',
    ru: 'Идущие матчи, ссылку места которых открывали в этой вкладке. После закрытия вкладки ссылки не хранятся: сохраните ссылку, которую дал организатор.',
  },
  openTable: { en: 'Open the table', ru: 'Открыть стол' },
  created: { en: 'not started', ru: 'не начат' },
  started: { en: 'in play', ru: 'идёт' },
};

function heldLabel(
  key: keyof typeof HELD_LABELS,
  lang: Lang,
  params?: Record<string, string | number>,
): string {
  return labelIn(HELD_LABELS, key, lang, params);
}

interface HeldMatch {
  match: MatchSummary;
  token: string;
}

/** The live matches this browser holds a seat link for, each with its way back to the table. */
export function HeldMatches({ lang }: { lang: Lang }): JSX.Element | null {
  const [held, setHeld] = useState<HeldMatch[]>([]);
  useEffect(() => {
    let live = true;
    void Promise.all(
      heldLinks().map(({ matchId, token }) =>
        getMatchAs(matchId, token).then(
          (match) => ({ match, token }),
          // A link revoked or a match gone: nothing to go back to.
          () => undefined,
        ),
      ),
    ).then((found) => {
      if (!live) return;
      setHeld(
        found.filter(
          (m): m is HeldMatch =>
            m !== undefined && (m.match.status === 'created' || m.match.status === 'started'),
        ),
      );
    });
    return () => {
      live = false;
    };
  }, []);
  if (held.length === 0) return null;
  return h(
    'section',
    { class: 'panel held-matches', 'aria-labelledby': 'held-title' },
    h('h2', { id: 'held-title' }, heldLabel('heldTitle', lang)),
    h('p', { class: 'muted small' }, heldLabel('heldHelp', lang)),
    h(
      'ul',
      null,
      held.map(({ match, token }) =>
        h(
          'li',
          { key: match.matchId, 'data-held': match.matchId },
          h('strong', null, match.title || match.matchId),
          ` — ${heldLabel(match.status === 'created' ? 'created' : 'started', lang)} `,
          h(
            'a',
            {
              class: 'button',
              href: `/play/${encodeURIComponent(match.matchId)}#token=${encodeURIComponent(token)}`,
              'aria-label': `${heldLabel('openTable', lang)}: ${match.title || match.matchId}`,
            },
            heldLabel('openTable', lang),
          ),
        ),
      ),
    ),
  );
}
