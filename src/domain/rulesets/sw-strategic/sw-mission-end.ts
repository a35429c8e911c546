import type { SwDraft } from './sw-draft';
import { generatorsLost, productionTime } from './sw-ground-turn';
import { RULES } from './sw-rules-text';
import { leaders, missionScore } from './sw-scoring';
import type { Generator } from './sw-state';

/** Both maps over: the mission is scored and the planet goes to the best combined legion. */
export function finishMissionIfDone(d: SwDraft, force = false): void {
  if (!force && !(d.rs.space.turn.finished && d.rs.ground.turn.finished)) return;
  const scored = missionScore(d.rs, d.options);
  d.own('MissionScored', scored);
  d.finish(leaders(scored.combined), 'most points on both maps', RULES.combined);
}

/**
 * A generator destroyed (G2.6, G1.6.2): its legion's production under way slows to the
 * table's new time, and both enemy Centrals down may end the mission.
 */
export function generatorDestroyed(d: SwDraft, generator: Readonly<Generator>): void {
  slowProduction(d, generator.legion);
  if (generator.central) bothCentralsDown(d);
}

/** The items under way take the slower time (option productionSlowdown). */
function slowProduction(d: SwDraft, legion: string): void {
  const l = d.rs.legions.find((x) => x.seat === legion);
  if (!l) return;
  const lost = generatorsLost(d.rs, legion);
  for (const item of l.production) {
    if (item.turnsLeft <= 0) continue;
    const before = item.turns ?? productionTime(item.item, lost - 1);
    const turns = productionTime(item.item, lost);
    if (turns <= before) continue;
    const spent = before - item.turnsLeft;
    const turnsLeft =
      d.options.productionSlowdown === 'elapsed'
        ? Math.max(1, turns - spent)
        : Math.max(1, Math.ceil((item.turnsLeft * turns) / before));
    d.own('ProductionSlowed', { legion, id: item.id, turns, turnsLeft, generatorsLost: lost });
  }
}

/** The legion for whom both enemy Centrals are down (option centralsBy), if any. */
export function centralsWinner(d: Pick<SwDraft, 'rs' | 'options'>): string | undefined {
  const centrals = Object.values(d.rs.ground.generators).filter((g) => g.central);
  return d.rs.legions.find((l) => {
    const enemy = centrals.filter((g) => g.legion !== l.seat);
    if (enemy.length === 0) return false;
    if (d.options.centralsBy === 'the-legion')
      return enemy.every((g) => g.destroyed && g.by === l.seat);
    return (
      enemy.every((g) => g.destroyed) && centrals.some((g) => g.legion === l.seat && !g.destroyed)
    );
  })?.seat;
}

/**
 * G1.6.2: both enemy Centrals destroyed win the mission early (option bothCentralsEnd: the
 * whole mission, scored now with that legion the winner, or the ground game only).
 */
function bothCentralsDown(d: SwDraft): void {
  const winner = centralsWinner(d);
  if (!winner || d.rs.ground.turn.finished) return;
  d.own('MapFinished', { map: 'ground', reason: 'centrals' });
  if (d.options.bothCentralsEnd === 'ground') return finishMissionIfDone(d);
  if (!d.rs.space.turn.finished) d.own('MapFinished', { map: 'space', reason: 'centrals' });
  d.own('MissionScored', missionScore(d.rs, d.options));
  d.finish([winner], 'both enemy Central generators destroyed', RULES.bothCentrals);
}
