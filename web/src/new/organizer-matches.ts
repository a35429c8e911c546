import { h, type JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import {
  ApiError,
  listMatches,
  matchPath,
  postJson,
  type MatchListItem,
  type ReissuedSeatLink,
} from '../api/client';
import { isLabel, label, pageWords } from '../i18n';
import { newWords } from './new-words';
import { CopyLink, seatLink } from './seat-handout';
import { QrCode } from './qr-code';
import { GENERIC_WORDS, loadRulesetWords, type RulesetWords } from '../ruleset-words';

const words = pageWords({
  yourMatchesCount: {
    en: 'Your matches: {n} ({live} live)',
    ru: 'Ваши матчи: {n} (идут или не начаты: {live})',
  },
  noMatches: { en: 'You have created no match yet.', ru: 'Вы ещё не создали ни одного матча.' },
  lostLinkHelp: {
    en: 'A player lost their link? Issue the seat a new one: the old link stops working at once.',
    ru: 'Игрок потерял ссылку? Выдайте месту новую: старая ссылка сразу перестанет работать.',
  },
  reissue: { en: 'New link: {who}', ru: 'Новая ссылка: {who}' },
  reissueConfirm: {
    en: 'The link {who} has now will stop working. Issue a new one?',
    ru: 'Ссылка, которая сейчас у места «{who}», перестанет работать. Выдать новую?',
  },
  reissueYes: { en: 'Yes, issue a new link', ru: 'Да, выдать новую ссылку' },
  reissueNo: { en: 'Cancel', ru: 'Отмена' },
  reissued: {
    en: 'The new link of {who}: give it to this player only.',
    ru: 'Новая ссылка места «{who}»: отдайте её только этому игроку.',
  },
  qrFor: { en: 'QR code of the link of {who}', ru: 'QR-код ссылки места «{who}»' },
  untitled: { en: 'Match of {date}', ru: 'Матч от {date}' },
});

type Seat = MatchListItem['seats'][number];

/**
 * The seat as the organizer knows it: its player, else its side, else its faction as the game
 * names it, else its number (never the faction's id).
 */
export function seatName(seat: Seat, index: number, lang: Lang, words: RulesetWords): string {
  const faction = seat.faction === undefined ? undefined : words.faction?.(seat.faction)?.[lang];
  return seat.player ?? seat.side ?? faction ?? newWords('seatNumber', lang, { n: index + 1 });
}

/** A match as the organizer finds it: its title, else when it was created. */
function matchName(match: MatchListItem, lang: Lang): string {
  if (match.title) return match.title;
  const date = new Date(match.createdAt).toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
  });
  return words('untitled', lang, { date });
}

const LIVE = new Set(['created', 'started']);
/** Pages of 200 read at most: the organizer's 2,000 newest matches. */
const MAX_PAGES = 10;

/**
 * The organizer's matches with their status, newest first, and for a live one a new link for
 * any seat whose player lost theirs (the old token revoked). Only for an organizer's token.
 */
export function OrganizerMatches({ lang }: { lang: Lang }): JSX.Element | null {
  const [matches, setMatches] = useState<MatchListItem[] | undefined>();
  const [rulesetWords, setWords] = useState<ReadonlyMap<string, RulesetWords>>(new Map());
  useEffect(() => {
    let live = true;
    (async () => {
      const found: MatchListItem[] = [];
      let cursor: string | undefined;
      // The server lists the token's organizer's own matches (organizer=me), a page at a time.
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const query = new URLSearchParams({ organizer: 'me', limit: '200' });
        if (cursor) query.set('cursor', cursor);
        const list = await listMatches(query);
        found.push(...list.items);
        cursor = list.nextCursor;
        if (!cursor) break;
      }
      // Each game's words name its factions (a seat with no player nor side).
      const rulesets = [...new Set(found.map((m) => m.ruleset.id))];
      const loaded = await Promise.all(rulesets.map((id) => loadRulesetWords(id)));
      if (live) {
        setWords(new Map(rulesets.map((id, i) => [id, loaded[i]])));
        setMatches(found);
      }
    })()
      // Not an organizer's token (or none: 403, 401): nothing to list.
      .catch(() => live && setMatches(undefined));
    return () => {
      live = false;
    };
  }, []);
  if (!matches) return null;
  const live = matches.filter((m) => LIVE.has(m.status)).length;
  // Folded when there are many: the page is first of all the new match's form.
  return h(
    'details',
    { class: 'panel organizer-matches', open: matches.length <= 5 },
    h('summary', null, words('yourMatchesCount', lang, { n: matches.length, live })),
    matches.length === 0
      ? h('p', { class: 'muted' }, words('noMatches', lang))
      : [
          h('p', { class: 'muted small' }, words('lostLinkHelp', lang)),
          h(
            'ul',
            { class: 'organizer-match-list' },
            matches.map((m) =>
              h(OrganizerMatch, {
                key: m.matchId,
                lang,
                match: m,
                words: rulesetWords.get(m.ruleset.id) ?? GENERIC_WORDS,
              }),
            ),
          ),
        ],
  );
}

function OrganizerMatch({
  lang,
  match,
  words: gameWords,
}: {
  lang: Lang;
  match: MatchListItem;
  words: RulesetWords;
}): JSX.Element {
  const live = LIVE.has(match.status);
  return h(
    'li',
    { 'data-match': match.matchId },
    h(
      'p',
      null,
      h('a', { href: `/replay/${encodeURIComponent(match.matchId)}` }, matchName(match, lang)),
      ' ',
      h(
        'span',
        { class: `status status-${match.status}` },
        label(isLabel(match.status) ? match.status : 'unknownStatus', lang),
      ),
    ),
    live
      ? h(
          'div',
          { class: 'reissue-seats' },
          match.seats.map((seat, index) =>
            h(ReissueSeat, {
              key: seat.seat,
              lang,
              matchId: match.matchId,
              seat,
              who: seatName(seat, index, lang, gameWords),
            }),
          ),
        )
      : null,
  );
}

function ReissueSeat({
  lang,
  matchId,
  seat,
  who,
}: {
  lang: Lang;
  matchId: string;
  seat: Seat;
  who: string;
}): JSX.Element {
  const [asking, setAsking] = useState(false);
  const [issued, setIssued] = useState<string | undefined>();
  const [problem, setProblem] = useState<ApiError | undefined>();
  const reissue = async (): Promise<void> => {
    setProblem(undefined);
    try {
      const result = await postJson<ReissuedSeatLink>(
        matchPath(matchId, `seats/${encodeURIComponent(seat.seat)}/link`),
      );
      setIssued(result.token);
      setAsking(false);
    } catch (e) {
      setProblem(e instanceof ApiError ? e : new ApiError(0, 'error', String(e)));
    }
  };
  const link = issued ? seatLink(location.origin, matchId, issued) : undefined;
  return h(
    'div',
    { class: 'reissue-seat', 'data-seat': seat.seat },
    asking
      ? h(
          'p',
          { class: 'notice warn' },
          words('reissueConfirm', lang, { who }),
          ' ',
          h(
            'button',
            { type: 'button', class: 'primary', onClick: () => void reissue() },
            words('reissueYes', lang),
          ),
          ' ',
          h(
            'button',
            { type: 'button', onClick: () => setAsking(false) },
            words('reissueNo', lang),
          ),
        )
      : h(
          'button',
          { type: 'button', onClick: () => setAsking(true) },
          words('reissue', lang, { who }),
        ),
    problem
      ? h(
          'p',
          { class: 'field-problem refusal', role: 'alert', 'data-problem': problem.code },
          problem.detail,
        )
      : null,
    link
      ? h(
          'div',
          { class: 'reissued', role: 'status' },
          h('p', null, words('reissued', lang, { who })),
          h(QrCode, { text: link, title: words('qrFor', lang, { who }) }),
          h(CopyLink, { lang, id: `reissued-${matchId}-${seat.seat}`, link }),
        )
      : null,
  );
}
