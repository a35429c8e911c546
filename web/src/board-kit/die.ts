import { h, type JSX } from 'preact';

const PIPS: Record<number, [number, number][]> = {
  1: [[2, 2]],
  2: [
    [1, 1],
    [3, 3],
  ],
  3: [
    [1, 1],
    [2, 2],
    [3, 3],
  ],
  4: [
    [1, 1],
    [3, 1],
    [1, 3],
    [3, 3],
  ],
  5: [
    [1, 1],
    [3, 1],
    [2, 2],
    [1, 3],
    [3, 3],
  ],
  6: [
    [1, 1],
    [3, 1],
    [1, 2],
    [3, 2],
    [1, 3],
    [3, 3],
  ],
};

/** A die face: pips for a d6, the number on a polygon otherwise. */
export function Die({ face, sides }: { face: number; sides: number }): JSX.Element {
  const pips = sides === 6 ? PIPS[face] : undefined;
  return h(
    'svg',
    { class: 'die', viewBox: '0 0 40 40', role: 'img', 'aria-label': `d${sides}: ${face}` },
    h('rect', { x: 2, y: 2, width: 36, height: 36, rx: 7, class: 'die-body' }),
    pips
      ? pips.map(([x, y]) => h('circle', { cx: x * 10, cy: y * 10, r: 3.6, class: 'die-pip' }))
      : [
          h('text', { x: 20, y: 24, 'text-anchor': 'middle', class: 'die-number' }, face),
          h('text', { x: 20, y: 35, 'text-anchor': 'middle', class: 'die-sides' }, `d${sides}`),
        ],
  );
}
