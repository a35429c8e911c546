import { own, setOwn } from '../../shared/id-record';
import { refuse } from '../kit/refuse';
import { galaxyLeagueDecision as decision, type GalaxyLeagueDraft } from './gl-draft';
import { territoriesOf } from './gl-economy';
import { adjacent } from './gl-map';
import { battleId } from './gl-orders';
import { RULES } from './gl-rules-text';
import type { LeagueBattle } from './gl-state';
import {
  GalaxyLeagueAnnexParams,
  GalaxyLeagueBattlePlanetParams,
  GalaxyLeagueLinkBattleParams,
  GalaxyLeagueNoShowParams,
  GalaxyLeagueReportBattleParams,
} from './galaxy-league-battles.params';
import { GalaxyLeaguePlanetParams } from './galaxy-league-prep.params';

const BATTLES = ['battles'];

/** The open battle for `planet` this round, which the seat fights in. */
function battleOf(d: GalaxyLeagueDraft, planet: string): { id: string; battle: LeagueBattle } {
  const id = battleId(d.rs.round, planet);
  const battle = own(d.rs.battles, id);
  if (!battle)
    refuse('no_battle', `No battle for ${planet} is open this round`, RULES.battlesPhase);
  if (!d.participants(battle).some((p) => p.seat === d.seat))
    refuse('not_a_participant', `You do not fight for ${planet}`, RULES.battlesPhase);
  return { id, battle };
}

/**
 * Participants who did not show up by the round's end drop out of the battle. An owner whose
 * defenders are all absent, facing one attacker, loses the planet («или не явился на бой до
 * конца раунда – планета автоматически переходит под контроль атакующего»); with no attacker
 * left the owner keeps it (option attackerNoShow, which may leave an attacker's no-show to a
 * judge); a colonisation left with one coloniser is its; the rest still fight.
 */
function recordNoShow(d: GalaxyLeagueDraft, planet: string, absent: string[]): void {
  const { id, battle } = battleOf(d, planet);
  const people = d.participants(battle).map((p) => p.seat);
  if (new Set(absent).size !== absent.length || absent.some((s) => !people.includes(s)))
    refuse(
      'absent_not_participant',
      `Name participants of the battle for ${planet} once`,
      RULES.noDefender,
    );
  if (d.ctx.byJudge !== true && absent.includes(d.seat))
    refuse('absent_reporter', 'You came: name the participants who did not', RULES.noDefender);
  if (absent.length === people.length)
    refuse('nobody_came', 'Somebody came: name only those who did not', RULES.noDefender);
  if (battle.report)
    refuse('already_reported', `The battle for ${planet} is reported already`, RULES.battlesPhase);
  const absentAttacker = battle.attackers.some((a) => absent.includes(a.seat));
  if (absentAttacker && d.options.attackerNoShow === 'judge' && d.ctx.byJudge !== true)
    refuse(
      'judge_decides',
      'An attacker’s no-show is recorded by a judge of the league (option attackerNoShow)',
      RULES.noDefender,
    );
  d.own('NoShowRecorded', { battle: id, planet, absent: [...absent], by: d.seat });
  const left = own(d.rs.battles, id)!;
  if (left.attackers.length === 0) d.settle(id, 'no-show', undefined, undefined);
  else if (left.kind === 'colonisation' && left.attackers.length === 1)
    d.settle(id, 'no-show', left.attackers[0].seat, undefined);
  else if (
    left.kind === 'capture' &&
    left.defenders.length === 0 &&
    left.mercenaries.length === 0 &&
    left.attackers.length === 1
  )
    d.settle(id, 'no-show', left.attackers[0].seat, undefined);
}

export const BATTLE_DECISIONS = {
  'record-no-show': decision({
    summary: {
      en: 'Record who did not show up for a battle by the round’s end',
      ru: 'Записать неявку на бой до конца раунда',
    },
    params: GalaxyLeagueNoShowParams,
    turn: 'any',
    by: 'seat-or-judge',
    phases: BATTLES,
    turnRuleRef: RULES.noDefender,
    decide(d, { planet, absent }) {
      recordNoShow(d, planet, absent);
    },
  }),
  'link-battle': decision({
    summary: {
      en: 'Link the finished match that was this battle',
      ru: 'Связать с боем сыгранную партию',
    },
    params: GalaxyLeagueLinkBattleParams,
    turn: 'any',
    phases: BATTLES,
    turnRuleRef: RULES.battlesPhase,
    cites: (params) => (typeof params.match === 'string' ? [params.match] : []),
    decide(d, { planet, match, headHash, seats }) {
      const { id, battle } = battleOf(d, planet);
      const cited = d.cite(match, headHash, RULES.battlesPhase);
      const playerOf: Record<string, string> = {};
      for (const { seat, player } of seats) {
        if (!cited.seats.some((s) => s.seat === seat))
          refuse('unknown_linked_seat', `Match ${match} has no seat ${seat}`, RULES.battlesPhase);
        if (own(playerOf, seat) !== undefined)
          refuse('seat_twice', `Seat ${seat} is named twice`, RULES.battlesPhase);
        setOwn(playerOf, seat, player);
      }
      const people = d.participants(battle).map((p) => p.seat);
      const mapped = Object.values(playerOf);
      if (people.some((p) => !mapped.includes(p)) || mapped.some((p) => !people.includes(p)))
        refuse(
          'participants_mismatch',
          `Name a seat of ${match} for each participant (${people.join(', ')}), and no one else`,
          RULES.battlesPhase,
        );
      const winners = cited.winners
        .map((seat) => own(playerOf, seat))
        .filter((p) => p !== undefined);
      if (winners.length > 1)
        refuse(
          'several_winners',
          `Match ${match} has ${winners.length} winners; a battle has one`,
          RULES.flights,
        );
      const points: Record<string, number> = {};
      for (const [seat, player] of Object.entries(playerOf))
        setOwn(points, player, own(cited.points, seat) ?? 0);
      d.settle(id, 'linked', winners[0], points, match);
    },
  }),
  'report-battle': decision({
    summary: { en: 'Report a battle’s result', ru: 'Сообщить итог боя' },
    params: GalaxyLeagueReportBattleParams,
    turn: 'any',
    phases: BATTLES,
    turnRuleRef: RULES.battlesPhase,
    decide(d, { planet, winner, points, destroyed }) {
      const { id, battle } = battleOf(d, planet);
      const people = d.participants(battle).map((p) => p.seat);
      const named = points.map((p) => p.seat);
      if (people.some((p) => !named.includes(p)) || named.length !== people.length)
        refuse(
          'points_for_everyone',
          `Give the points of each participant once (${people.join(', ')})`,
          RULES.battleMoney,
        );
      if (winner !== undefined && !people.includes(winner))
        refuse(
          'winner_not_participant',
          `${winner} did not fight for ${planet}`,
          RULES.battlesPhase,
        );
      if (destroyed.some((s) => !people.includes(s)))
        refuse(
          'destroyed_not_participant',
          'Only participants’ ships are destroyed',
          RULES.flights,
        );
      if (winner !== undefined && destroyed.length === people.length)
        refuse(
          'all_destroyed',
          'Every ship was destroyed: there is no winner',
          RULES.captureAllDestroyed,
        );
      d.own('BattleReported', {
        battle: id,
        by: d.seat,
        ...(winner !== undefined ? { winner } : {}),
        points: points.map((p) => ({ seat: p.seat, points: p.points })),
        destroyed: [...destroyed],
      });
    },
  }),
  'confirm-battle': decision({
    summary: { en: 'Confirm a reported battle result', ru: 'Подтвердить итог боя' },
    params: GalaxyLeagueBattlePlanetParams,
    turn: 'any',
    phases: BATTLES,
    turnRuleRef: RULES.battlesPhase,
    examples: (ctx) =>
      Object.values(ctx.rs.battles)
        .filter((b) => b.report && !b.confirmed?.includes(ctx.seat))
        .map((b) => ({ planet: b.planet })),
    decide(d, { planet }) {
      const { id, battle } = battleOf(d, planet);
      const report = battle.report;
      if (!report)
        refuse('not_reported', `Nobody reported the battle for ${planet} yet`, RULES.battlesPhase);
      if (battle.confirmed?.includes(d.seat))
        refuse(
          'already_confirmed',
          'You reported or confirmed this result already',
          RULES.battlesPhase,
        );
      d.own('BattleConfirmed', { battle: id, seat: d.seat });
      const people = d.participants(battle).map((p) => p.seat);
      const confirmed = own(d.rs.battles, id)?.confirmed ?? [];
      if (!people.every((p) => confirmed.includes(p))) return;
      d.settle(
        id,
        'reported',
        report.winner,
        Object.fromEntries(report.points.map((p) => [p.seat, p.points])),
      );
    },
  }),
  'choose-annexed': decision({
    summary: {
      en: 'Annex 2 territories next to the captured capital',
      ru: 'Присоединить 2 территории у захваченной столицы',
    },
    params: GalaxyLeagueAnnexParams,
    turn: 'any',
    turnRuleRef: RULES.annexation,
    available: (ctx) => own(ctx.rs.annexing, ctx.seat) !== undefined,
    decide(d, { territories }) {
      const annexing = own(d.rs.annexing, d.seat);
      if (!annexing) refuse('nothing_to_annex', 'You captured no capital', RULES.annexation);
      const eligible = territoriesOf(d.rs, annexing.from).filter((t) =>
        adjacent(d.rs.map!, annexing.capital, t),
      );
      const due = Math.min(2, eligible.length);
      if (new Set(territories).size !== due)
        refuse('annex_count', `Choose ${due} different territories`, RULES.annexation);
      for (const t of territories)
        if (!eligible.includes(t))
          refuse(
            'not_annexable',
            `${t} is not a territory of the loser next to the capital`,
            RULES.annexation,
          );
      d.own('TerritoriesAnnexed', {
        seat: d.seat,
        from: annexing.from,
        territories: [...territories],
      });
      for (const t of territories)
        d.own('ControlChanged', {
          territory: t,
          from: annexing.from,
          to: d.seat,
          cause: 'annexed',
        });
    },
  }),
  'designate-capital': decision({
    summary: { en: 'Name a new capital', ru: 'Назначить новую столицу' },
    params: GalaxyLeaguePlanetParams,
    turn: 'any',
    turnRuleRef: RULES.newCapital,
    available: (ctx) => {
      const player = own(ctx.rs.players, ctx.seat);
      return player?.capital === undefined && territoriesOf(ctx.rs, ctx.seat).length > 0;
    },
    examples: (ctx) => territoriesOf(ctx.rs, ctx.seat).map((planet) => ({ planet })),
    decide(d, { planet }) {
      const player = own(d.rs.players, d.seat);
      if (!player || player.capital !== undefined)
        refuse('has_capital', 'You have a capital', RULES.newCapital);
      if (own(d.rs.owner, planet) !== d.seat)
        refuse('not_your_planet', `${planet} is not one of your territories`, RULES.newCapital);
      d.own('CapitalSet', { seat: d.seat, territory: planet, cause: 'designated' });
    },
  }),
};
