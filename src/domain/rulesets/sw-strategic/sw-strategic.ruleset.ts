import { withExamples } from '../kit';
import { withChoices } from '../decision-choices';
import { SW_CHOICES } from './sw-choices';
import { undoUnlessRevealed } from '../kit/undo';
import type { BoardLayout, Derived, Ruleset } from '../ruleset';
import type { Table } from '../../table/table';
import { SHIPS, UNITS } from './sw-catalog';
import { missionOf, swSetup } from './sw-setup';
import { SW_OPTIONS } from './sw-options';
import { spaceDecisions } from './sw-space';
import { spaceMoreDecisions } from './sw-space-more';
import { groundDecisions } from './sw-ground';
import { evolveSw, initialSwState, type SwState } from './sw-state';
import { turnDecisions } from './sw-turns';
import { spaceScore } from './sw-scoring';
import { SwSetupParams } from './sw.params';
import { RULES } from './sw-rules-text';
import { swTable } from './sw-table';

/** How a player (or the Game Master) sends each kind: ids as the illustrative mission names them. */
const SW_EXAMPLES: Record<string, object> = {
  begin: {},
  'end-turn': { map: 'space' },
  'gm-call-time': { map: 'space' },
  'gm-end-turn': { map: 'ground' },
  'gm-announce-turns': { map: 'space', turns: 2 },
  'gm-line-of-fire': { ship: 'destroyer-1', target: 'destroyer-8', clear: true },
  'buy-ships': { classes: ['frigate'] },
  'buy-cargo': { transport: 'transport-2', cargo: 'reinforcements' },
  'enter-ship': { ship: 'frigate-22', bow: 's:4:0', heading: 3 },
  'move-ship': { ship: 'destroyer-1', steps: ['forward', 'forward-left'] },
  fire: { ship: 'destroyer-1', decks: [1, 2], target: 'destroyer-8', targetDeck: 1 },
  'lay-mine': { ship: 'destroyer-1', cell: 's:3:1' },
  unload: { ship: 'transport-2' },
  'deploy-station': { ship: 'transport-2', cell: 's:4:-2' },
  'queue-production': { item: 'infantry', squad: 'Legion I ground commander' },
  'move-unit': { unit: 'infantry-3', steps: [3, 3] },
  attack: { unit: 'walker-7', target: 'infantry-12', join: ['infantry-3'] },
  'dig-trench': { unit: 'infantry-3', sides: [2, 3] },
  'shoot-trench': { unit: 'walker-7', hex: 'g:1:-2' },
  'fire-cannon': { cell: 's:0:-2' },
  react: {},
  'decline-reaction': {},
  'gm-decline-reaction': {},
  repair: { ship: 'destroyer-1', mechanic: 'Legion I mechanic', deck: 2 },
  'commando-capture': { ship: 'destroyer-1', cell: 'station-40' },
  persuade: {
    specialist: 'Legion I sword master',
    legion: 'blue',
    target: 'Legion II supply officer',
  },
  bombard: { ship: 'frigate-22', cell: 'g:0:0' },
  'gm-bombardment-damage': { hits: [{ piece: 'infantry-9', hits: 1 }] },
  'fighter-to-ground': {
    ship: 'fighter-30',
    hexes: ['g:4:0', 'g:4:-1'],
    squad: 'Legion I ground commander',
  },
};

export const swStrategicRuleset: Ruleset<SwState> = {
  id: 'sw-strategic',
  version: '0.2.0',
  title: {
    en: 'Star Wars Stories: Strategic Missions',
    ru: 'Звёздные войны. Истории: стратегические миссии',
  },
  rules: RULES,
  summary: {
    en: 'Three legions fight for a planet on two linked maps: space (ships, the d8 turbolaser matrix, shields, mines, transports, stations, orbit control) and ground (units, generators, production, control points), run by a Game Master.',
    ru: 'Три легиона сражаются за планету на двух связанных картах: космос (корабли, матрица попаданий d8, щиты, мины, транспорты, станции, контроль орбиты) и земля (юниты, генераторы, производство, контрольные точки) под руководством Мастера игры.',
  },
  options: SW_OPTIONS,
  diceModes: () => ({ default: 'server' }),
  catalog: [
    ...Object.entries(SHIPS).map(([id, stats]) => ({
      id,
      kind: 'ship',
      name: { en: id, ru: id },
      stats: { ...stats },
    })),
    ...Object.entries(UNITS).map(([id, stats]) => ({
      id: `unit-${id}`,
      kind: 'unit',
      name: { en: id, ru: id },
      stats: { ...stats, shots: Number.isFinite(stats.shots) ? stats.shots : 'unlimited' },
    })),
  ],
  // The legions' counters on the table (sw-table.ts); the score is the mission's percent.
  resourceTracks: ['credits:', 'reinforcements:', 'kill-points:', 'action-points:'],
  seats: { min: 3, max: 3 },
  setupParams: SwSetupParams,
  initialState: initialSwState,
  setup: swSetup,
  decisions: withChoices(
    withExamples(
      { ...turnDecisions, ...spaceDecisions, ...spaceMoreDecisions, ...groundDecisions },
      SW_EXAMPLES,
    ),
    SW_CHOICES,
  ),
  evolve: evolveSw,
  derive: deriveSw,
  projectTable: swTable,
  undo: undoUnlessRevealed(new Set(['DiceRolled'])),
  layout: (_table, setup) => swLayout(setup),
};

function deriveSw(_table: Readonly<Table>, rs: Readonly<SwState>): Derived {
  const space = spaceScore(rs);
  return {
    scores: rs.scored?.combined ?? space.percent,
    orbit: space.orbit,
    credits: Object.fromEntries(rs.legions.map((l) => [l.seat, l.credits])),
    // The reactions the ground map waits for, in the order they are answered (G3.11).
    reactions: rs.ground.reactions.map(({ kind, legion, by, unit, hexes }) => ({
      kind,
      legion,
      by,
      unit,
      hexes,
    })),
    ...(rs.scored ? { mission: rs.scored } : {}),
  };
}

/** Both maps as one hex layout: the space map's cells, and the ground map's beside it. */
function swLayout(setup: Readonly<Record<string, unknown>>): BoardLayout {
  const mission = missionOf(setup);
  const cells: Record<string, { q: number; r: number }> = {};
  for (const c of mission.space.cells) cells[`s:${c.q}:${c.r}`] = { q: c.q, r: c.r };
  for (const c of mission.ground.cells) cells[`g:${c.q}:${c.r}`] = { q: c.q + 16, r: c.r };
  return { kind: 'hex', orientation: 'pointy', cells };
}
