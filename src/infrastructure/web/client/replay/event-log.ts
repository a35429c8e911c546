import { h, type JSX } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { describeEvent, type PhraseNames } from '../../../../domain/match/event-phrases';
import type { Lang } from '../../../../domain/rulesets/ruleset';
import type { MatchSummary, Phrase, RulesetDetail } from '../api';
import { label, type LabelKey } from '../i18n';
import { ownerColour } from '../session';
import type { ViewEvent } from './replay-engine';
import {
  localized,
  type EventCategory,
  type NameIndex,
  type Note,
  type TimelineIndex,
  type Voiding,
} from './timeline';

/**
 * Sentences for the log: the ruleset's own phrasing (from the server) first, then the
 * generic phrasing of src/domain/match/event-phrases.ts, with the names of this match.
 */
export class Phraser {
  private readonly cache = new Map<string, string>();
  private readonly rulesetPhrases = new Map<number, Phrase>();
  private readonly nameOf: PhraseNames;
  private readonly catalog = new Map<string, { en: string; ru: string }>();

  constructor(
    readonly names: NameIndex,
    _match: MatchSummary,
    ruleset: RulesetDetail | undefined,
  ) {
    for (const spec of ruleset?.catalog ?? []) this.catalog.set(spec.id, spec.name);
    const decisions = new Map((ruleset?.decisions ?? []).map((d) => [d.kind, d.summary]));
    this.nameOf = {
      seat: (seat) => seat,
      zone: (zone, lang) => localized(names.zones.get(zone), lang) ?? lossZoneName(zone, lang),
      piece: (piece, lang) => {
        const type = names.pieceTypes.get(piece);
        return type === undefined ? piece : (this.pieceType(type, lang) ?? type);
      },
      pieceType: (type, lang) => this.pieceType(type, lang),
      fleet: (fleet) => names.fleets.get(fleet) ?? fleet,
      track: (track, lang) => localized(names.tracks.get(track), lang),
      decision: (kind, lang) => localized(decisions.get(kind), lang)?.toLowerCase(),
    };
  }

  pieceType(type: string, lang: Lang): string | undefined {
    return localized(this.catalog.get(type), lang);
  }

  zoneName(zone: string, lang: Lang): string {
    return this.nameOf.zone?.(zone, lang) ?? zone;
  }

  /** Returns true so it can sit in an expression chain. */
  addRulesetPhrases(phrases: Phrase[]): boolean {
    for (const phrase of phrases) this.rulesetPhrases.set(phrase.seq, phrase);
    this.cache.clear();
    return true;
  }

  /** In the log the actor stands beside the sentence: a decision reads as its kind alone. */
  logPhrase(event: ViewEvent, lang: Lang): string {
    if (event.type !== 'DecisionMade') return this.phrase(event, lang);
    const kind = (event.data as { kind?: unknown } | null)?.kind;
    const text = typeof kind === 'string' ? (this.nameOf.decision?.(kind, lang) ?? kind) : '';
    return text ? text.charAt(0).toUpperCase() + text.slice(1) : this.phrase(event, lang);
  }

  phrase(event: ViewEvent, lang: Lang): string {
    const key = `${lang}${event.seq}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const own = this.rulesetPhrases.get(event.seq)?.[lang];
    const text = own || describeEvent(event, lang, { names: this.nameOf });
    this.cache.set(key, text);
    return text;
  }
}

function lossZoneName(zone: string, lang: Lang): string | undefined {
  if (!zone.startsWith('losses:')) return undefined;
  return `${label('losses', lang)} ${zone.slice('losses:'.length)}`;
}

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
  seats: string[];
  onSelect(seq: number): void;
}

/** The log beside the board: decisions, rolls and effects as sentences, the current one marked. */
export function EventLog({
  lang,
  seq,
  events,
  index,
  notes,
  phraser,
  seats,
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
    if (event.type === 'DecisionMade') decision = event.meta.decisionId;
    const inDecision =
      category !== 'decision' && decision !== undefined && event.meta.decisionId === decision;
    if (!inDecision && category !== 'decision') decision = undefined;
    rows.push(
      h(LogEntry, {
        key: s,
        event,
        category,
        current: s === seq,
        nested: inDecision,
        lang,
        phrase: phraser.logPhrase(event, lang),
        voided: index.voided.get(s),
        notes: notes.get(s),
        seats,
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
      { class: 'log-scroll', tabIndex: -1 },
      from > 0 ? h('p', { class: 'log-more muted' }, `↑ ${from} ${label('earlier', lang)}`) : null,
      h('ol', { class: 'log-list', ref: list, start: from }, rows),
      to < events.length - 1
        ? h('p', { class: 'log-more muted' }, `↓ ${events.length - 1 - to} ${label('later', lang)}`)
        : null,
    ),
  );
}

function LogEntry({
  event,
  category,
  current,
  nested,
  lang,
  phrase,
  voided,
  notes,
  seats,
  onSelect,
}: {
  event: ViewEvent;
  category: EventCategory;
  current: boolean;
  nested: boolean;
  lang: Lang;
  phrase: string;
  voided?: Voiding;
  notes?: Note[];
  seats: string[];
  onSelect(seq: number): void;
}): JSX.Element {
  const actor = event.meta.actor;
  const who =
    actor.seat ??
    (actor.kind === 'seat'
      ? actor.id
      : label((actor.kind === 'admin' ? 'system' : actor.kind) as LabelKey, lang));
  const classes = ['log-entry', `cat-${category}`];
  if (current) classes.push('current');
  if (nested) classes.push('nested');
  if (voided) classes.push('voided');
  return h(
    'li',
    {
      class: classes.join(' '),
      'data-seq': event.seq,
      'aria-current': current ? 'step' : undefined,
    },
    h(
      'button',
      { type: 'button', class: 'log-button', onClick: () => onSelect(event.seq) },
      h('span', { class: 'log-seq' }, `#${event.seq}`),
      h('span', { class: 'log-icon', 'aria-hidden': 'true' }, CATEGORY_ICON[category]),
      h(
        'span',
        {
          class: 'log-actor',
          style: {
            color: actor.seat || actor.kind === 'seat' ? ownerColour(who, seats) : undefined,
          },
        },
        who,
      ),
      h(
        'span',
        { class: 'log-text' },
        voided ? h('s', null, phrase) : phrase,
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
              note.text,
              h('span', { class: 'muted small' }, ` — ${note.author}`),
            ),
          ),
        )
      : null,
  );
}
