import { h, type JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { icon } from '../icons';
import { formatDate, label, type LabelKey } from '../i18n';
import type { ViewEvent } from './replay-engine';
import { jumpTarget, type Jump, type TimelineIndex } from './timeline';

export interface ReplayControlsProps {
  lang: Lang;
  seq: number;
  last: number;
  index: TimelineIndex;
  event: ViewEvent | undefined;
  phrase: string;
  onJump(to: Jump): void;
}

/** The timeline: a slider with the rolls, decisions and markers drawn above it, and step buttons. */
export function ReplayControls({
  lang,
  seq,
  last,
  index,
  event,
  phrase,
  onJump,
}: ReplayControlsProps): JSX.Element {
  const [copied, setCopied] = useState(false);
  const can = (to: Jump): boolean => jumpTarget(index, seq, last, to) !== undefined;
  const button = (to: Jump & string, glyph: JSX.Element | string, key: string): JSX.Element =>
    h(
      'button',
      {
        type: 'button',
        class: `step step-${to}`,
        disabled: !can(to),
        'aria-label': label(to as LabelKey, lang),
        title: `${label(to as LabelKey, lang)} (${key})`,
        onClick: () => onJump(to),
      },
      glyph,
    );
  const copyLink = (): void => {
    const url = `${location.origin}${location.pathname}#seq=${seq}`;
    void navigator.clipboard?.writeText(url).then(
      () => {
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      },
      () => undefined,
    );
  };
  return h(
    'section',
    { class: 'controls', 'aria-label': label('timeline', lang) },
    h(
      'div',
      { class: 'position' },
      h(
        'span',
        { class: 'seq-label', 'data-seq': seq },
        `${label('seq', lang)} `,
        h('strong', null, seq),
        ` ${label('of', lang)} ${last}`,
      ),
      event ? h('span', { class: 'muted small' }, formatDate(event.meta.recordedAt, lang)) : null,
      h('span', { class: 'current-phrase', 'aria-live': 'polite' }, phrase),
    ),
    h(TimelineStrip, { lang, index, last, onJump }),
    h('input', {
      type: 'range',
      class: 'slider',
      min: 0,
      max: last,
      step: 1,
      value: seq,
      'aria-label': label('timeline', lang),
      'aria-valuetext': `${label('seq', lang)} ${seq} ${label('of', lang)} ${last}: ${phrase}`,
      onInput: (e: Event) => onJump(Number((e.target as HTMLInputElement).value)),
    }),
    h(
      'div',
      { class: 'buttons' },
      button('first', icon('first'), 'Home'),
      button('prevDecision', icon('prevDecision'), 'Shift+←'),
      button('prev', icon('prev'), '←'),
      button('next', icon('next'), '→'),
      button('nextDecision', icon('nextDecision'), 'Shift+→'),
      button('last', icon('last'), 'End'),
      h('span', { class: 'sep', 'aria-hidden': 'true' }),
      button('prevRoll', h('span', { class: 'pair' }, '◂', icon('die')), 'Shift+R'),
      button('nextRoll', h('span', { class: 'pair' }, icon('die'), '▸'), 'R'),
      button('prevMarker', h('span', { class: 'pair' }, '◂', icon('flag')), 'Shift+D'),
      button('nextMarker', h('span', { class: 'pair' }, icon('flag'), '▸'), 'D'),
      h('span', { class: 'sep', 'aria-hidden': 'true' }),
      h(
        'button',
        { type: 'button', class: 'copy-link', onClick: copyLink },
        icon(copied ? 'check' : 'link'),
        ` ${label(copied ? 'linkCopied' : 'copyLink', lang)}`,
      ),
    ),
    h(
      'details',
      { class: 'keys' },
      h('summary', null, label('keys', lang)),
      h('p', null, label('keysHelp', lang)),
    ),
  );
}

/**
 * Rolls and decisions as ticks, phases as taller ticks, rounds as numbered marks, disputes,
 * rulings, notes and undos as flags, voided stretches hatched.
 */
function TimelineStrip({
  lang,
  index,
  last,
  onJump,
}: {
  lang: Lang;
  index: TimelineIndex;
  last: number;
  onJump(to: Jump): void;
}): JSX.Element {
  const width = Math.max(1, last);
  const paths = useMemo(() => {
    const ticks = (seqs: number[]): string => seqs.map((s) => `M${s} 0V10`).join('');
    const voided: [number, number][] = [];
    for (const s of [...index.voided.keys()].sort((a, b) => a - b)) {
      const lastRange = voided[voided.length - 1];
      if (lastRange && lastRange[1] === s - 1) lastRange[1] = s;
      else voided.push([s, s]);
    }
    const phases = [...index.sections].filter(([, section]) => section.kind === 'phase');
    const rounds = [...index.sections].filter(([, section]) => section.kind === 'round');
    return {
      decisions: ticks(index.decisions),
      rolls: ticks(index.rolls),
      phases: ticks(phases.map(([s]) => s)),
      rounds,
      voided,
    };
  }, [index]);
  return h(
    'div',
    { class: 'strip', 'aria-hidden': 'true' },
    h(
      'svg',
      { viewBox: `0 0 ${width} 10`, preserveAspectRatio: 'none', class: 'strip-svg' },
      paths.voided.map(([a, b]) =>
        h('rect', { x: a, y: 0, width: Math.max(1, b - a), height: 10, class: 'strip-voided' }),
      ),
      h('path', {
        d: paths.decisions,
        class: 'strip-decisions',
        'vector-effect': 'non-scaling-stroke',
      }),
      h('path', { d: paths.rolls, class: 'strip-rolls', 'vector-effect': 'non-scaling-stroke' }),
      h('path', {
        d: paths.phases,
        class: 'strip-phases',
        'data-phases': index.sections.size - paths.rounds.length,
        'vector-effect': 'non-scaling-stroke',
      }),
    ),
    paths.rounds.map(([s, section]) =>
      h(
        'span',
        {
          class: 'strip-round',
          'data-round-seq': s,
          style: { left: `${(s / width) * 100}%` },
          title: `${label('round', lang)} ${section.round ?? ''}`.trim(),
          onClick: () => onJump(s),
        },
        label('roundMark', lang, { n: section.round ?? '' }),
      ),
    ),
    index.markers.map((m) =>
      h(
        'span',
        {
          class: `strip-marker marker-${m.category}`,
          style: { left: `${(m.at / width) * 100}%` },
          title: `#${m.seq}`,
          onClick: () => onJump(m.at),
        },
        m.category === 'ruling'
          ? '⚖'
          : m.category === 'annotation'
            ? '✎'
            : m.category === 'undo'
              ? '↶'
              : '⚑',
      ),
    ),
  );
}
