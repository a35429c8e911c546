import { h, type JSX } from 'preact';

/** Inline SVG icons: they draw the same everywhere, where emoji fonts may be missing. */
const PATHS = {
  first: ['M6 5v14', 'M19 5 9 12l10 7z'],
  prevDecision: ['M12 5 3 12l9 7z', 'M21 5l-9 7 9 7z'],
  prev: ['M17 5 7 12l10 7z'],
  next: ['M7 5l10 7-10 7z'],
  nextDecision: ['M3 5l9 7-9 7z', 'M12 5l9 7-9 7z'],
  last: ['M5 5l10 7-10 7z', 'M18 5v14'],
  die: ['M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z'],
  flag: ['M6 21V4', 'M6 4h11l-2.5 4L17 12H6'],
  link: [
    'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1.2 1.2',
    'M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1.2-1.2',
  ],
  key: ['M8 15a4 4 0 1 1 0-.01', 'M11 12l9-9', 'M17 6l2 2', 'M15 8l2 2'],
  eye: ['M2 12s4-7 10-7 10 7 10 7-4 7-10 7S2 12 2 12z', 'M12 9a3 3 0 1 1 0 6 3 3 0 0 1 0-6z'],
  deck: ['M7 3h10v16H7z', 'M4 6v14h10'],
  discard: ['M4 7h16', 'M9 7V4h6v3', 'M6 7l1 13h10l1-13'],
  check: ['M4 12l5 5L20 6'],
  cross: ['M5 5l14 14', 'M19 5 5 19'],
  anchor: [
    'M12 8v13',
    'M5 14a7 7 0 0 0 14 0',
    'M12 3a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z',
    'M8 11h8',
  ],
  shield: ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z'],
  stronghold: ['M4 21V8h3v3h3V8h4v3h3V8h3v13z', 'M10 21v-5h4v5'],
  battle: ['M4 4l11 11', 'M20 4 9 15', 'M13 17l4 4', 'M11 17l-4 4', 'M15 13l5 5', 'M9 13l-5 5'],
  fleet: ['M3 15h18l-3 5H6z', 'M12 3v12', 'M12 4l6 8h-6'],
  influence: ['M12 3l7 9-7 9-7-9z'],
} as const;

export type IconName = keyof typeof PATHS;

const FILLED = new Set<IconName>(['first', 'prevDecision', 'prev', 'next', 'nextDecision', 'last']);

export function icon(name: IconName, className = ''): JSX.Element {
  const filled = FILLED.has(name);
  return h(
    'svg',
    {
      class: `icon icon-${name} ${className}`.trim(),
      viewBox: '0 0 24 24',
      'aria-hidden': 'true',
      focusable: 'false',
      fill: filled ? 'currentColor' : 'none',
      stroke: 'currentColor',
      'stroke-width': filled ? 1 : 2,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    },
    PATHS[name].map((d) => h('path', { d })),
    name === 'die'
      ? [
          [9, 9],
          [15, 15],
          [12, 12],
        ].map(([cx, cy]) => h('circle', { cx, cy, r: 1.4, fill: 'currentColor', stroke: 'none' }))
      : null,
  );
}
