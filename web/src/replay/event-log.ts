import { h, type JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { formatDate, label, type LabelKey } from '../i18n';
import { ownerColour } from '../session';
import type { Phraser } from '@domain/naming/phraser';
import type { ViewEvent } from './replay-engine';
import type { EventCategory, Note, TimelineIndex, Voiding } from './timeline';

const CATEGORY_ICON: Record<EventCategory, string> = {
  lifecycle: '◆',
  decision: '▸',
  roll: '⚄',
  effect: '·',
  dispute: '⚑',
  ruling: '⚖',
  annotation: '✎',
  undo: '↶',
  other: '·',
};

/** Events shown around the current one: enough to read the context, few enough to stay fast. */
const WINDOW = 40;

export interface EventLogProps {
  lang: Lang;
  seq: number;
  events: readonly ViewEvent[];
  index: TimelineIndex;
  /** Notes on events (annotations), by the seq they are about. */
  notes: ReadonlyMap<number, Note[]>;
  phraser: Phraser;
  onSelect(seq: number): void;
}

/**
 * The log beside the board: decisions, rolls and effects as sentences, the current one
 * marked, rounds and phases as section headers, each line credited to the seat it is about.
 */
export function EventLog({
  lang,
  seq,
  events,
  index,
  notes,
  phraser,
  onSelect,
}: EventLogProps): JSX.Element {
  const list = useRef<HTMLOListElement>(null);
  const from = Math.max(0, seq - WINDOW);
  const to = Math.min(events.length - 1, seq + WINDOW);
  useLayoutEffect(() => {
    const box = list.current?.parentElement;
    const current = list.current?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!box || !current) return;
    // The scroll box is the entries' offset parent (position: relative).
    const top = current.offsetTop;
    if (top < box.scrollTop || top + current.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
  });
  const rows: JSX.Element[] = [];
  let decision: string | undefined;
  for (let s = from; s <= to; s += 1) {
    const event = events[s];
    const category = index.categories[s];
    const section = index.sections.get(s);
    if (section)
      rows.push(
        h(
          'li',
          { key: `h${s}`, class: `log-section log-${section.kind}`, 'data-section-seq': s },
          h('span', { class: 'log-section-text' }, phraser.phrase(event, lang)),
        ),
      );
    if (event.type === 'DecisionMade') decision = event.meta.decisionId;
    const inDecision =
      category !== 'decision' && decision !== undefined && event.meta.decisionId === decision;
    if (!inDecision && category !== 'decision') decision = undefined;
    if (section) continue;
    rows.push(
      h(LogEntry, {
        key: s,
        event,
        category,
        current: s === seq,
        nested: inDecision,
        lang,
        subject: phraser.subjectOf(event),
        voided: index.voided.get(s),
        notes: notes.get(s),
        phraser,
        onSelect,
      }),
    );
  }
  return h(
    'section',
    { class: 'log', 'aria-labelledby': 'log-title' },
    h('h2', { id: 'log-title' }, label('log', lang)),
    h(
      'div',
      { class: 'log-scroll', tabIndex: 0, role: 'region', 'aria-labelledby': 'log-title' },
      from > 0
        ? h('p', { class: 'log-more muted' }, `↑ ${label('earlier', lang, { n: from })}`)
        : null,
      h('ol', { class: 'log-list', ref: list, start: from }, rows),
      to < events.length - 1
        ? h('p', { class: 'log-more muted' }, `↓ ${events.length - 1 - to} ${label('later', lang)}`)
        : null,
    ),
  );
}

/** Who recorded an event, as a reader names them: a player, "judge", "system". */
export function recorderOf(event: ViewEvent, phraser: Phraser, lang: Lang): string {
  const actor = event.meta.actor;
  if (actor.kind === 'seat') return phraser.seats.seat(actor.seat ?? actor.id, lang);
  const kind =
    phraser.seats.person(actor.id) ??
    label((actor.kind === 'admin' ? 'system' : actor.kind) as LabelKey, lang);
  return actor.seat ? `${kind} → ${phraser.seats.seat(actor.seat, lang)}` : kind;
}

function LogEntry({
  event,
  category,
  current,
  nested,
  lang,
  subject,
  voided,
  notes,
  phraser,
  onSelect,
}: {
  event: ViewEvent;
  category: EventCategory;
  current: boolean;
  nested: boolean;
  lang: Lang;
  subject: string | undefined;
  voided?: Voiding;
  notes?: Note[];
  phraser: Phraser;
  onSelect(seq: number): void;
}): JSX.Element {
  const actor = event.meta.actor;
  const seats = phraser.seats;
  // A consequence stands under the seat it affects; the judge's and the system's own events
  // under them; a follow-up that affects no one seat under nobody (it is indented).
  const who = subject
    ? seats.seat(subject, lang)
    : nested
      ? ''
      : actor.kind === 'seat'
        ? seats.seat(actor.seat ?? actor.id, lang)
        : recorderOf(event, phraser, lang);
  const colourSeat = subject ?? (actor.kind === 'seat' ? (actor.seat ?? actor.id) : undefined);
  // A decision's seat stands in the who column: the text says what it did.
  const row = phraser.logRow(event, lang, who);
  const said = row.text;
  const classes = ['log-entry', `cat-${category}`];
  if (current) classes.push('current');
  if (nested) classes.push('nested');
  if (voided) classes.push('voided');
  const recorded = `${label('recordedBy', lang)}: ${recorderOf(event, phraser, lang)}, ${formatDate(event.meta.recordedAt, lang)}`;
  return h(
    'li',
    {
      class: classes.join(' '),
      'data-seq': event.seq,
      'data-subject': subject ?? '',
      'aria-current': current ? 'step' : undefined,
    },
    h(
      'button',
      { type: 'button', class: 'log-button', title: recorded, onClick: () => onSelect(event.seq) },
      h('span', { class: 'log-seq' }, `#${event.seq}`),
      h('span', { class: 'log-icon', 'aria-hidden': 'true' }, CATEGORY_ICON[category]),
      h(
        'span',
        {
          class: 'log-actor',
          style: { color: colourSeat ? ownerColour(colourSeat, seats.seats) : undefined },
        },
        who,
        // A sentence that does not read on from the name stands after a colon.
        row.colon ? ':' : null,
      ),
      h(
        'span',
        { class: 'log-text' },
        voided ? h('s', null, said) : said,
        event.redacted && event.type !== 'TimelineRewound'
          ? h('span', { class: 'muted small' }, ` (${label('hiddenEvent', lang)})`)
          : null,
        voided
          ? h(
              'span',
              { class: 'voided-by' },
              ` — ${label(voided.cause === 'ruling' ? 'voidedByRuling' : voided.cause === 'undo' ? 'voidedByUndo' : 'voidedBy', lang)} #${voided.by}`,
            )
          : null,
      ),
    ),
    notes?.length
      ? h(
          'ul',
          { class: 'log-notes' },
          notes.map((note) =>
            h(
              'li',
              { class: 'log-note', 'data-note-seq': note.seq },
              h('span', { 'aria-hidden': 'true' }, '✎ '),
              h('span', { class: 'sr-only' }, `${label('note', lang)}: `),
              note.tags.map((tag) =>
                h('span', { class: 'note-tag', 'data-tag': tag }, tagLabel(tag, lang)),
              ),
              note.text,
              h('span', { class: 'muted small note-author' }, ` — ${note.author(lang)}`),
            ),
          ),
        )
      : null,
  );
}

/** Annotation tags: the chess marks as they are, the words translated. */
function tagLabel(tag: string, lang: Lang): string {
  if (tag === 'blunder') return label('tagBlunder', lang);
  if (tag === 'rules-question') return label('tagRulesQuestion', lang);
  return tag;
}
