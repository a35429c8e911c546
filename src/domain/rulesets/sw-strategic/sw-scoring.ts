import { UNITS } from './sw-catalog';
import type { SwEvents } from './sw-events';
import { orbitPoints, orbitTotal } from './sw-space-map';
import type { SwOptions } from './sw-options';
import type { SwState } from './sw-state';
import { own } from '../../shared/id-record';

/** The weights of the space tasks (S1.7): orbit 30, reinforcements 30, kills 20, credits 20. */
export const SPACE_WEIGHTS = { orbit: 30, reinforcements: 30, kills: 20, credits: 20 } as const;

/**
 * A task's weight goes to the best legion; nobody scores a task nobody did (best 0). The
 * text does not say how ties go: option tiedTasks (shared, each whole, or nobody).
 */
function award(
  values: Record<string, number>,
  weight: number,
  ties: SwState['tiedTasks'],
): Record<string, number> {
  const best = Math.max(...Object.values(values));
  const winners = Object.keys(values).filter((seat) => values[seat] === best);
  const each =
    winners.length === 1 || ties === 'full'
      ? weight
      : ties === 'shared'
        ? weight / winners.length
        : 0;
  return Object.fromEntries(
    Object.keys(values).map((seat) => [seat, best > 0 && winners.includes(seat) ? each : 0]),
  );
}

export interface SpaceScore {
  orbit: Record<string, number>;
  percent: Record<string, number>;
  /** The legion that holds more than half of the orbit points, which wins space outright. */
  outright?: string;
}

export function spaceScore(rs: Readonly<SwState>): SpaceScore {
  const orbit = orbitPoints(rs);
  const half = orbitTotal(rs) / 2;
  const outright = Object.keys(orbit).find((seat) => orbit[seat] > half);
  const seats = rs.legions.map((l) => l.seat);
  if (outright)
    return {
      orbit,
      outright,
      percent: Object.fromEntries(seats.map((s) => [s, s === outright ? 100 : 0])),
    };
  const per = (f: (seat: string) => number) => Object.fromEntries(seats.map((s) => [s, f(s)]));
  const legion = (seat: string) => rs.legions.find((l) => l.seat === seat);
  const parts = [
    award(orbit, SPACE_WEIGHTS.orbit, rs.tiedTasks),
    award(
      per((s) => legion(s)?.reinforcements ?? 0),
      SPACE_WEIGHTS.reinforcements,
      rs.tiedTasks,
    ),
    award(
      per((s) => legion(s)?.killPoints ?? 0),
      SPACE_WEIGHTS.kills,
      rs.tiedTasks,
    ),
    award(
      per((s) => legion(s)?.credits ?? 0),
      SPACE_WEIGHTS.credits,
      rs.tiedTasks,
    ),
  ];
  return { orbit, percent: per((s) => parts.reduce((sum, p) => sum + (own(p, s) ?? 0), 0)) };
}

/** Ground points (II.1.6): control points held, enemy generators destroyed, most units left. */
export function groundScore(rs: Readonly<SwState>, options: SwOptions): Record<string, number> {
  const central = options.centralGeneratorScore === '40' ? 40 : 30;
  const units = Object.fromEntries(
    rs.legions.map((l) => [
      l.seat,
      Object.values(rs.ground.units).filter(
        (u) => u.legion === l.seat && Object.hasOwn(UNITS, u.kind),
      ).length,
    ]),
  );
  const survivors = award(units, 10, rs.tiedTasks);
  return Object.fromEntries(
    rs.legions.map((l) => {
      const control = l.controlPoints.reduce(
        (sum, k) => sum + (own(rs.ground.cells, k)?.value ?? 0),
        0,
      );
      const generators =
        l.generatorsDestroyed.additional * 10 + l.generatorsDestroyed.central * central;
      return [l.seat, control + generators + (own(survivors, l.seat) ?? 0)];
    }),
  );
}

/** Places 3/2/1 (legions tied share the better place). */
function places(values: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(values).map(([seat, v]) => [
      seat,
      3 - Object.values(values).filter((o) => o > v).length,
    ]),
  );
}

export function missionScore(rs: Readonly<SwState>, options: SwOptions): SwEvents['MissionScored'] {
  const space = spaceScore(rs);
  const ground = groundScore(rs, options);
  const sp = places(space.percent);
  const gp = places(ground);
  const combined = Object.fromEntries(
    rs.legions.map((l) => [
      l.seat,
      options.combinedScore === 'places'
        ? (own(sp, l.seat) ?? 0) + (own(gp, l.seat) ?? 0)
        : (own(space.percent, l.seat) ?? 0) + (own(ground, l.seat) ?? 0),
    ]),
  );
  return {
    space: space.percent,
    ground,
    combined,
    ...(space.outright ? { outright: space.outright } : {}),
  };
}

export function leaders(values: Record<string, number>): string[] {
  const best = Math.max(...Object.values(values));
  return Object.keys(values).filter((seat) => values[seat] === best);
}
