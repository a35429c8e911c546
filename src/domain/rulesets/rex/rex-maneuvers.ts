import { own } from '../../shared/id-record';
import {
  bombardedLocations,
  influenceOf,
  isBombarded,
  locationOf,
  troopsAt,
  ZONES,
} from './rex-board';
import { rexDecision, viewOf, type RexDraft, type RexView } from './rex-draft';
import { deployCost, MECHANIZED, TROOP } from './rex-factions';
import { endManeuverTurn } from './rex-flow';
import { shortestPath } from './rex-map';
import { RULES, RULESET_CHOICES } from './rex-rules-text';
import { alliesOf, factionOf, seatOf } from './rex-state';
import { RexDeployParams, RexMoveParams, RexNoParams } from './rex.params';

/**
 * Maneuvers: in turn order each player may deploy troops from the Reserve into one location
 * and then move one group; the turn ends with the move (or `end-turn`).
 */

export const NORMAL_RANGE = 2;
export const BONUS_RANGE = 4;

/** The range of a group: 2, or 4 with the Fleet Base or Spaceport held at the start of Maneuvers. */
export function moveRange(
  d: Pick<RexView, 'rs' | 'opts'>,
  seat: string,
  from: string,
): { range: number; ruleRef: string } {
  const held = own(d.rs.maneuvers?.bonus, seat) ?? [];
  if (held.length === 0) return { range: NORMAL_RANGE, ruleRef: RULES.moveRange };
  if (d.opts.spaceportBonusGroup === 'not-from-bonus-location' && held.includes(from))
    return { range: NORMAL_RANGE, ruleRef: RULES.moveBonusGroup };
  return { range: BONUS_RANGE, ruleRef: RULES.moveBonus };
}

function pickTroops(
  d: Pick<RexView, 'table' | 'rs' | 'seat'>,
  zone: string,
  troops: number,
  mechanized: number,
): { pieces: string[] } | { missing: string } {
  const own = troopsAt(d.table, zone, d.seat);
  const regular = own.filter((p) => p.type === TROOP);
  const mech = own.filter((p) => p.type === MECHANIZED);
  const wantRegular = troops - mechanized;
  if (wantRegular < 0) return { missing: 'mechanized cannot exceed troops' };
  if (mechanized > 0 && factionOf(d.rs, d.seat) !== 'lazax')
    return { missing: 'only Lazax has Mechanized troops' };
  if (wantRegular > regular.length || mechanized > mech.length)
    return {
      missing: `${d.seat} has ${regular.length} troops and ${mech.length} Mechanized in ${zone}, not ${wantRegular} and ${mechanized}`,
    };
  return {
    pieces: [...regular.slice(0, wantRegular), ...mech.slice(0, mechanized)].map((p) => p.id),
  };
}

function allyThere(
  d: Pick<RexView, 'table' | 'rs' | 'seat'>,
  location: string,
): string | undefined {
  const allies = alliesOf(d.rs, d.seat);
  return troopsAt(d.table, location).find((p) => allies.includes(p.owner ?? ''))?.owner;
}

function checkTurn(d: RexDraft): void {
  if (!d.rs.maneuvers || d.rs.maneuvers.turn !== d.seat)
    return d.refuse(
      'not_your_turn',
      `It is ${d.rs.maneuvers?.turn ?? 'nobody'}'s Maneuvers turn`,
      RULESET_CHOICES.phaseOrder,
    );
}

const inTurn = (v: Pick<RexView, 'rs' | 'seat'>): boolean => v.rs.maneuvers?.turn === v.seat;

/** One troop (a Mechanized for Lazax) can be deployed somewhere the seat can pay for. */
function canDeploy(v: RexView): boolean {
  const faction = factionOf(v.rs, v.seat);
  if (!faction || v.rs.maneuvers?.deployed) return false;
  const held = influenceOf(v.table, v.seat);
  const one = [
    pickTroops(v, ZONES.reserve(v.seat), 1, 0),
    pickTroops(v, ZONES.reserve(v.seat), 1, 1),
  ];
  if (!one.some((picked) => 'pieces' in picked)) return false;
  return v.map.locations.some(
    (l) =>
      !isBombarded(v.rs, l) &&
      !allyThere(v, l.id) &&
      deployCost(
        faction,
        1,
        troopsAt(v.table, l.id).some((p) => p.owner !== v.seat),
      ).cost <= held,
  );
}

/** Some troop of the seat can leave its location for another within its range. */
function canMove(v: RexView): boolean {
  const blocked = bombardedLocations(v.table, v.rs);
  return v.map.locations.some((from) => {
    if (isBombarded(v.rs, from) || troopsAt(v.table, from.id, v.seat).length === 0) return false;
    const { range } = moveRange(v, v.seat, from.id);
    return v.map.locations.some((to) => {
      if (to.id === from.id || allyThere(v, to.id)) return false;
      const path = shortestPath(v.map, from.id, to.id, blocked);
      return path !== undefined && path.length - 1 <= range;
    });
  });
}

export const maneuverDecisions = {
  deploy: rexDecision<RexDeployParams>({
    summary: {
      en: 'Deploy troops from the Reserve (1 Influence per troop, 2 where enemies are)',
      ru: 'Развернуть Войска из Резерва (1 Влияние за Войско, 2 — где есть враги)',
    },
    params: RexDeployParams,
    turn: 'active',
    phases: ['maneuvers'],
    available: (ctx) => inTurn(ctx) && canDeploy(viewOf(ctx)),
    decide(d, { location, troops, mechanized = 0 }) {
      checkTurn(d);
      if (d.rs.maneuvers?.deployed)
        return d.refuse(
          'already_deployed',
          `${d.seat} has already deployed this turn`,
          RULES.deployCost,
        );
      const where = locationOf(d.table, location);
      if (!where)
        return d.refuse('unknown_location', `There is no location ${location}`, RULES.deployCost);
      if (isBombarded(d.rs, where))
        return d.refuse(
          'bombarded_sector',
          `${location} is in sector ${d.rs.bombarded}, under bombardment: no deploying into it`,
          RULES.bombardedSector,
        );
      const ally = allyThere(d, location);
      if (ally)
        return d.refuse(
          'ally_location',
          `${ally}, an ally, has troops in ${location}`,
          RULES.allyLocations,
        );
      const picked = pickTroops(d, ZONES.reserve(d.seat), troops, mechanized);
      if ('missing' in picked) return d.refuse('not_in_reserve', picked.missing, RULES.destruction);
      const faction = factionOf(d.rs, d.seat);
      if (!faction) return d.refuse('unknown_seat', `${d.seat} has no race`, RULES.deployCost);
      const enemiesPresent = troopsAt(d.table, location).some((p) => p.owner !== d.seat);
      const { base, cost, ruleRef } = deployCost(faction, troops, enemiesPresent);
      const held = influenceOf(d.table, d.seat);
      if (cost > held)
        return d.refuse(
          'cannot_pay',
          `Deploying ${troops} troops into ${location}${enemiesPresent ? ', where enemies are,' : ''} costs ${cost} Influence; ${d.seat} has ${held}`,
          ruleRef,
        );
      const hacan = seatOf(d.rs, 'hacan');
      const payee =
        d.opts.deploymentPayee === 'hacan' && hacan && hacan !== d.seat ? hacan : 'bank';
      d.on('PiecesMoved', { pieces: picked.pieces, to: location });
      d.pay(d.seat, payee, cost);
      d.own('TroopsDeployed', {
        seat: d.seat,
        location,
        troops: picked.pieces,
        base,
        cost,
        payee,
        enemiesPresent,
        ruleRef,
      });
    },
  }),

  move: rexDecision<RexMoveParams>({
    summary: {
      en: 'Move one group of troops (range 2, or 4 with the Fleet Base or Spaceport); ends the turn',
      ru: 'Переместить одну группу Войск (на 2, или на 4 с Базой Флота или Космопортом); ход окончен',
    },
    params: RexMoveParams,
    turn: 'active',
    phases: ['maneuvers'],
    available: (ctx) => inTurn(ctx) && canMove(viewOf(ctx)),
    decide(d, { from, to, troops, mechanized = 0, path }) {
      checkTurn(d);
      const origin = locationOf(d.table, from);
      const target = locationOf(d.table, to);
      if (!origin)
        return d.refuse('unknown_location', `There is no location ${from}`, RULES.moveRange);
      if (!target)
        return d.refuse('unknown_location', `There is no location ${to}`, RULES.moveRange);
      if (from === to)
        return d.refuse('same_location', 'A move goes somewhere else', RULES.moveRange);
      const picked = pickTroops(d, from, troops, mechanized);
      if ('missing' in picked) return d.refuse('not_there', picked.missing, RULES.moveRange);
      if (isBombarded(d.rs, origin))
        return d.refuse(
          'bombarded_sector',
          `${from} is in sector ${d.rs.bombarded}, under bombardment: troops cannot leave it`,
          RULES.bombardedSector,
        );
      const ally = allyThere(d, to);
      if (ally)
        return d.refuse(
          'ally_location',
          `${ally}, an ally, has troops in ${to}`,
          RULES.allyLocations,
        );
      const { range, ruleRef } = moveRange(d, d.seat, from);
      const blocked = bombardedLocations(d.table, d.rs);
      let route: string[];
      if (path) {
        if (path[0] !== from || path[path.length - 1] !== to)
          return d.refuse('bad_path', `The path must run from ${from} to ${to}`, RULES.moveRange);
        for (let i = 1; i < path.length; i += 1) {
          const step = locationOf(d.table, path[i]);
          if (!step || !locationOf(d.table, path[i - 1])?.adjacent.includes(path[i]))
            return d.refuse(
              'bad_path',
              `${path[i - 1]} and ${path[i]} are not adjacent`,
              RULES.moveRange,
            );
          if (blocked.has(path[i]))
            return d.refuse(
              'bombarded_sector',
              `The path enters ${path[i]}, in sector ${d.rs.bombarded} under bombardment`,
              RULES.bombardedNoCrossing,
            );
        }
        route = path;
      } else {
        const open = shortestPath(d.map, from, to, blocked);
        const any = shortestPath(d.map, from, to);
        if (!open || open.length - 1 > range) {
          if (any && any.length - 1 <= range)
            return d.refuse(
              'bombarded_sector',
              `Every way from ${from} to ${to} within ${range} steps crosses sector ${d.rs.bombarded}, under bombardment`,
              RULES.bombardedNoCrossing,
            );
          return d.refuse(
            'too_far',
            `${to} is ${any ? any.length - 1 : 'not'} steps from ${from}; this group moves at most ${range}`,
            ruleRef,
          );
        }
        route = open;
      }
      if (route.length - 1 > range)
        return d.refuse(
          'too_far',
          `The path has ${route.length - 1} steps; this group moves at most ${range}`,
          ruleRef,
        );
      d.on('PiecesMoved', { pieces: picked.pieces, to });
      d.own('TroopsMoved', { seat: d.seat, from, to, troops: picked.pieces, path: route, range });
      endManeuverTurn(d, d.seat);
    },
  }),

  'end-turn': rexDecision<RexNoParams>({
    summary: { en: 'End your Maneuvers turn', ru: 'Закончить ход Маневров' },
    params: RexNoParams,
    turn: 'active',
    phases: ['maneuvers'],
    available: inTurn,
    decide(d) {
      checkTurn(d);
      endManeuverTurn(d, d.seat);
    },
  }),
};
