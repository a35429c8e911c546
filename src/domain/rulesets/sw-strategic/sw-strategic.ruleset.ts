import { undoUnlessRevealed } from '../kit/undo';
import type { BoardLayout, Derived, Ruleset } from '../ruleset';
import type { Table } from '../../table/table';
import { SHIPS, UNITS } from './sw-catalog';
import { missionOf, swSetup } from './sw-setup';
import { SW_OPTIONS } from './sw-options';
import { spaceDecisions } from './decisions/space';
import { specialistsAndOrbitDecisions } from './decisions/specialists-and-orbit';
import { groundDecisions } from './decisions/ground';
import { evolveSw, initialSwState, type SwState } from './sw-state';
import { turnDecisions } from './decisions/turns';
import { spaceScore } from './sw-scoring';
import { SwSetupParams } from './sw.params';
import { RULES } from './sw-rules-text';
import { swTable } from './sw-table';
import { SW_STRATEGIC_POSITION } from './sw-position';
import { ROLE_SEATS } from './sw-roles';

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
  // A seat per legion, or a seat per role of each legion (sw-roles.ts): 3 legions x 7 roles.
  seats: { min: 3, max: 3 * ROLE_SEATS.length },
  setupParams: SwSetupParams,
  initialState: initialSwState,
  setup: swSetup,
  // Each phase's decisions as role seats take them (sw-roles.ts).
  decisions: {
    ...turnDecisions,
    ...spaceDecisions,
    ...specialistsAndOrbitDecisions,
    ...groundDecisions,
  },
  evolve: evolveSw,
  derive: deriveSw,
  projectTable: swTable,
  undo: undoUnlessRevealed(new Set(['DiceRolled'])),
  layout: (_table, setup) => swLayout(setup),
  position: SW_STRATEGIC_POSITION,
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
