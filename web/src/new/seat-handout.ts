import { h, type JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import type { CreatedMatch } from '../api/client';
import { newWords } from './new-words';
import type { ParsedDeck } from './deck-list';
import type { SeatPlayer } from './match-request';
import { QrCode } from './qr-code';

export interface PreparedSeat {
  seat: string;
  token: string;
  side?: string;
  faction?: string;
  player?: string;
  /** The registered player the seat was claimed for, by id, as the match was created. */
  registered?: SeatPlayer;
  deck?: ParsedDeck;
  /** What the page did for the seat after creation, in order. */
  steps: ('claimed' | 'started' | 'deck')[];
  failed?: { step: 'claimed' | 'started' | 'deck'; detail: string };
}

/**
 * The seat page's address with the seat's token in the fragment: the browser never sends a
 * fragment, so the token reaches no server log; the page takes it out of the address at once
 * (session.ts reads `#token=`).
 */
export function seatLink(origin: string, matchId: string, token: string): string {
  return `${origin}/play/${encodeURIComponent(matchId)}#token=${encodeURIComponent(token)}`;
}

export function organizerLink(origin: string, matchId: string, token: string | undefined): string {
  const base = `${origin}/replay/${encodeURIComponent(matchId)}`;
  return token ? `${base}#token=${encodeURIComponent(token)}` : base;
}

/** The match created: one card per seat (its link, a copy button, a QR code), the organizer's link. */
export function SeatHandout({
  lang,
  match,
  seats,
  organizerToken,
  title,
  onAnother,
}: {
  lang: Lang;
  match: CreatedMatch;
  seats: readonly PreparedSeat[];
  organizerToken: string | undefined;
  title: string;
  onAnother(): void;
}): JSX.Element {
  const origin = location.origin;
  return h(
    'section',
    { class: 'handout', 'data-match': match.matchId },
    h('h1', null, newWords('matchCreated', lang)),
    title ? h('p', { class: 'handout-title' }, title) : null,
    h(
      'p',
      { class: 'notice secret-warning', role: 'note' },
      h('strong', null, newWords('linksAreSecret', lang)),
      ' ',
      newWords('linksAreSecretText', lang),
    ),
    h(
      'ul',
      { class: 'seat-cards' },
      seats.map((seat) =>
        h(SeatCard, { lang, seat, link: seatLink(origin, match.matchId, seat.token) }),
      ),
    ),
    h(
      'div',
      { class: 'panel organizer-link' },
      h('h2', null, newWords('organizerLink', lang)),
      h('p', { class: 'small muted' }, newWords('organizerLinkText', lang)),
      h(CopyLink, {
        lang,
        id: 'organizer-link',
        link: organizerLink(origin, match.matchId, organizerToken),
      }),
      h(
        'p',
        { class: 'small muted' },
        newWords('commitmentIs', lang),
        ' ',
        h('code', { class: 'commitment' }, match.commitment),
      ),
    ),
    h(
      'button',
      { type: 'button', class: 'button', onClick: onAnother },
      newWords('anotherMatch', lang),
    ),
  );
}

function SeatCard({
  lang,
  seat,
  link,
}: {
  lang: Lang;
  seat: PreparedSeat;
  link: string;
}): JSX.Element {
  const who = [seat.player, seat.side, seat.faction].filter(Boolean).join(' · ');
  const id = `link-${seat.seat}`;
  return h(
    'li',
    { class: 'panel seat-card', 'data-seat': seat.seat },
    // A named player's card is headed by the name: the seat id («red») means nothing to him.
    seat.player
      ? h('h2', null, who)
      : h('h2', null, seat.seat, who ? h('span', { class: 'muted' }, ` — ${who}`) : null),
    h(QrCode, { text: link, title: newWords('qrFor', lang, { seat: seat.seat }) }),
    h(CopyLink, { lang, id, link }),
    seat.steps.length
      ? h(
          'ul',
          { class: 'seat-steps small' },
          seat.steps.map((s) =>
            h(
              'li',
              { 'data-step': s },
              s === 'claimed' && seat.registered
                ? newWords('stepClaimedRegistered', lang, {
                    name: seat.registered.names.ru,
                    latin: seat.registered.names.latin,
                  })
                : newWords(STEP_LABELS[s], lang, { name: seat.player ?? '' }),
            ),
          ),
        )
      : null,
    seat.failed
      ? h(
          'p',
          { class: 'field-problem', role: 'alert', 'data-failed': seat.failed.step },
          newWords(STEP_FAILED[seat.failed.step], lang),
          ' ',
          seat.failed.detail,
        )
      : null,
  );
}

const STEP_LABELS = {
  claimed: 'stepClaimed',
  started: 'stepStarted',
  deck: 'stepDeck',
} as const;
const STEP_FAILED = {
  claimed: 'stepClaimFailed',
  started: 'stepStartFailed',
  deck: 'stepDeckFailed',
} as const;

/** A link in a read-only field, selected on focus, with a button that copies it. */
export function CopyLink({
  lang,
  id,
  link,
}: {
  lang: Lang;
  id: string;
  link: string;
}): JSX.Element {
  const [copied, setCopied] = useState(false);
  return h(
    'div',
    { class: 'copy-link' },
    h('label', { for: id, class: 'sr-only' }, newWords('link', lang)),
    h('input', {
      id,
      readOnly: true,
      value: link,
      spellcheck: false,
      onFocus: (e: Event) => (e.target as HTMLInputElement).select(),
    }),
    h(
      'button',
      {
        type: 'button',
        class: 'button',
        onClick: () =>
          void navigator.clipboard?.writeText(link).then(
            () => setCopied(true),
            () => setCopied(false),
          ),
      },
      copied ? newWords('copied', lang) : newWords('copy', lang),
    ),
  );
}
