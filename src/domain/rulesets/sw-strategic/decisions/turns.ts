import { own } from '../../../shared/id-record';
import { fixed, type RoleRule, withRoleSeats } from '../sw-roles';
import { ruCount, type LocalizedText, upperFirst } from '../../../shared/localized-text';
import type { AvailabilityContext, DecisionSpec } from '../../ruleset';
import { SHIPS } from '../sw-catalog';
import { swDecision, type SwDraft } from '../sw-draft';
import type { MapId } from '../sw-events';
import { distance } from '../sw-hex';
import { RULES } from '../sw-rules-text';
import { ON_MAP, pieceName } from '../sw-names';
import { finishMissionIfDone } from '../sw-mission-end';
import { spaceScore } from '../sw-scoring';
import { swOptions } from '../sw-options';
import { playing, waitingReaction, works, type Ship, type SwState } from '../sw-state';
import { groundTurnStarted, groundTurnEnding } from '../sw-ground-turn';
import { completeTasks } from './specialists-and-orbit';
import { mapOver, notYourTurn, PAUSED_FOR_BOMBARDMENT, requireNoReaction } from '../sw-draft';
import { closeWaitingReactions } from './ground';
import { SwLineOfFireParams, SwMapParams, SwNoParams, SwTurnsLeftParams } from './turns.params';
import { type ChoicesOf } from '../../decision-choices';

/** The order of a round: the ground order rotates each round (G1.4); space only by option. */
export function roundOrder(
  rs: Readonly<SwState>,
  map: MapId,
  round: number,
  rotates: boolean,
): string[] {
  const order = rs[map].turn.order;
  if (!rotates || order.length === 0) return order;
  const k = (round - 1) % order.length;
  return [...order.slice(k), ...order.slice(0, k)];
}

const rotates = (d: SwDraft, map: MapId): boolean =>
  map === 'ground' || d.options.spaceOrderRotates;

/** Rolls one die per legion, highest first; ties as option orderTies says. */
function rollOrder(d: SwDraft, map: MapId, sides: number): void {
  const rolls: Record<string, number>[] = [];
  const rank = (seats: string[]): string[] => {
    if (seats.length <= 1) return seats;
    const faces = d.roll(
      `order:${map}`,
      seats.map(() => sides),
    );
    rolls.push(Object.fromEntries(seats.map((s, i) => [s, faces[i]])));
    const values = [...new Set(faces)].sort((a, b) => b - a);
    return values.flatMap((v) => {
      const tied = seats.filter((_, i) => faces[i] === v);
      // Ties are not covered by the text (option orderTies): the tied legions roll again
      // (up to a bound, then they keep the mission's order), or keep the mission's order.
      return tied.length > 1 && d.options.orderTies === 'reroll' && rolls.length < 20
        ? rank(tied)
        : tied;
    });
  };
  const order = rank(d.rs.legions.map((l) => l.seat));
  d.own('TurnOrderRolled', { map, order, rolls });
}

function startTurn(d: SwDraft, map: MapId, legion: string, round: number): void {
  d.own('FactionTurnStarted', { map, legion, round });
  if (map === 'space') spaceTurnStarted(d, legion);
  else groundTurnStarted(d, legion);
}

/** The start of a faction's space turn: the build queue, income, shields (S2.2.4a, S3.6). */
function spaceTurnStarted(d: SwDraft, legion: string): void {
  completeTasks(d, legion);
  // Whose turns count the build time is not said (option buildTimeCounts).
  const counts = (s: Ship) => d.options.buildTimeCounts === 'every-turn' || s.legion === legion;
  for (const ship of Object.values(d.rs.space.ships).filter(
    (s) => counts(s) && s.status === 'queued',
  ))
    d.own('BuildAdvanced', { legion: ship.legion, id: ship.id, turnsLeft: ship.turnsLeft - 1 });
  const stations = Object.values(d.rs.space.stations).filter((s) => s.owner === legion).length;
  if (stations > 0) {
    const faces = d.roll(
      'income',
      Array.from({ length: stations }, () => 4),
    );
    const total = faces.reduce((a, b) => a + b, 0);
    const credits = (d.rs.legions.find((l) => l.seat === legion)?.credits ?? 0) + total;
    d.own('IncomeCollected', { legion, dice: stations, total, credits });
  }
  for (const ship of Object.values(d.rs.space.ships)) {
    if (ship.legion !== legion || ship.status !== 'map' || ship.class === 'transport') continue;
    const max = SHIPS[ship.class].shields;
    const decks = ship.decks.length;
    const need = d.options.shieldRegenTurns === 'decks' ? decks : Math.max(1, decks - 1);
    if (ship.shields < max && ship.turnsWithoutHit >= need && works(ship, 'shields'))
      d.own('ShieldsRegenerated', { ship: ship.id, shields: max });
  }
}

/** The end of a faction's space turn: neutral stations next to its ships are captured (S5.7). */
function spaceTurnEnding(d: SwDraft, legion: string): void {
  for (const station of Object.values(d.rs.space.stations)) {
    if (station.owner !== '') continue;
    const near = Object.values(d.rs.space.ships).some(
      (s) =>
        s.legion === legion &&
        s.status === 'map' &&
        s.decks.some((deck) => distance(deck.cell, station.cell) === 1),
    );
    if (near) d.own('StationCaptured', { station: station.id, legion, how: 'neutral' });
  }
}

/** Ends the playing faction's turn on a map and starts the next one (or ends the map). */
export function endTurn(d: SwDraft, map: MapId): void {
  const turn = d.rs[map].turn;
  const legion = playing(d.rs, map);
  if (!legion) return d.refuse('map_finished', nobodyPlaying(map), RULES.turns);
  if (map === 'ground') requireNoReaction(d);
  if (map === 'space') spaceTurnEnding(d, legion);
  else groundTurnEnding(d, legion);
  if (d.finished) return;
  d.own('FactionTurnEnded', { map, legion, round: turn.round });
  // More than half the orbit wins the Space Battle outright (S1.7.1): checked at the end of
  // each faction's turn, or only when the battle ends (option orbitWinCheck).
  if (map === 'space' && d.options.orbitWinCheck === 'turn-end' && spaceScore(d.rs).outright) {
    d.own('MapFinished', { map, reason: 'outright' });
    return finishMissionIfDone(d);
  }
  const order = roundOrder(d.rs, map, turn.round, rotates(d, map));
  if (turn.position + 1 < order.length)
    return startTurn(d, map, order[turn.position + 1], turn.round);
  if (turn.round >= d.rs.plannedTurns) {
    d.own('MapFinished', { map, reason: 'turns' });
    return finishMissionIfDone(d);
  }
  const next = roundOrder(d.rs, map, turn.round + 1, rotates(d, map));
  startTurn(d, map, next[0], turn.round + 1);
}

const nobodyPlaying = (map: MapId): LocalizedText => ({
  en: `Nobody is playing the ${map} map`,
  ru: `${upperFirst(ON_MAP[map].ru)} никто не играет`,
});

function gmMap(d: SwDraft, map: MapId): string {
  d.requireGm();
  const legion = playing(d.rs, map);
  if (!legion) return d.refuse('map_finished', nobodyPlaying(map), RULES.turns);
  return legion;
}

type Ctx = AvailabilityContext<SwState>;

/** A piece a ship may fire at: a ship on the map, a station or a mine. */
const firedAt = (rs: Readonly<SwState>, id: string): boolean =>
  own(rs.space.ships, id)?.status === 'map' ||
  own(rs.space.stations, id) !== undefined ||
  own(rs.space.mines, id) !== undefined;

/**
 * The lines of fire the Game Master may rule on, ships of the legion playing first: from a
 * ship on the map to an enemy ship, a station or a mine.
 */
function linesOfFire(rs: Readonly<SwState>): { ship: string; target: string; clear: boolean }[] {
  const now = playing(rs, 'space');
  const ships = Object.values(rs.space.ships).filter((s) => s.status === 'map');
  const shooters = [
    ...ships.filter((s) => s.legion === now),
    ...ships.filter((s) => s.legion !== now),
  ];
  return shooters.flatMap((s) =>
    [
      ...ships.filter((t) => t.legion !== s.legion).map((t) => t.id),
      ...Object.keys(rs.space.stations),
      ...Object.keys(rs.space.mines),
    ].map((target) => ({ ship: s.id, target, clear: true })),
  );
}
const BOTH_MAPS: MapId[] = ['space', 'ground'];

/**
 * The maps on which the Game Master may end the playing faction's turn: a faction plays it,
 * and on the ground no reaction waits, unless his end of the turn closes it (option
 * unansweredReaction).
 */
const gmMayEnd = (ctx: Ctx): MapId[] =>
  BOTH_MAPS.filter(
    (map) =>
      playing(ctx.rs, map) !== undefined &&
      (map === 'space' ||
        !waitingReaction(ctx.rs) ||
        swOptions(ctx.options).unansweredReaction === 'gm-end-turn'),
  );
/** The maps on which the Game Master may still call time: a faction plays, time not called. */
const gmMayCall = (ctx: Ctx): MapId[] =>
  BOTH_MAPS.filter((map) => playing(ctx.rs, map) !== undefined && !ctx.rs[map].turn.timeCalled);
/** The maps a faction is playing: the Game Master announces the turns left on them. */
const inPlay = (ctx: Ctx): MapId[] => BOTH_MAPS.filter((map) => playing(ctx.rs, map) !== undefined);

const MAP_NAMES: Record<'space' | 'ground', LocalizedText> = {
  space: { en: 'Space', ru: 'Космос' },
  ground: { en: 'Ground', ru: 'Земля' },
};

/** End a turn: the maps on which the seat's legion is playing now. */
const endTurnChoices: ChoicesOf<SwState> = (ctx) => [
  {
    path: 'map',
    pick: 'one',
    tried: true,
    values: (['space', 'ground'] as const)
      .filter((map) => playing(ctx.rs, map) === ctx.seat)
      .map((map) => ({ value: map, name: MAP_NAMES[map] })),
  },
];

/** Who takes each decision of the turns ([2.2]); the Game Master's are a judge's. */
export const TURN_ROLES: Record<string, RoleRule> = {
  // «Командеры звеньев легионов бросают кубик d8» ([2.2] 1.d); the ground order likewise (II 1.4).
  begin: { roles: ['commander', 'ground'], who: fixed('commander', 'ground') },
  // The Battle Commander «раздаёт команды капитанам» ([2.2] 2): his link's turn ends with him;
  // the ground squad ends its own.
  'end-turn': {
    roles: ['commander', 'ground'],
    who: (_rs, _legion, p) => [p.map === 'ground' ? 'ground' : 'commander'],
  },
};

export const turnDecisions: Record<string, DecisionSpec<SwState, never>> = withRoleSeats(
  TURN_ROLES,
  {
    begin: swDecision<SwNoParams>({
      summary: { en: 'Roll the turn orders and begin', ru: 'Бросить порядок ходов и начать' },
      params: SwNoParams,
      example: {},
      turn: 'any',
      available: (ctx) => ctx.rs.space.turn.order.length === 0,
      decide(d) {
        if (d.rs.space.turn.order.length > 0)
          d.refuse(
            'already_begun',
            { en: 'The mission has begun', ru: 'Миссия уже началась' },
            RULES.turnOrder,
          );
        rollOrder(d, 'space', 8);
        rollOrder(d, 'ground', d.options.groundDie);
        startTurn(d, 'space', d.rs.space.turn.order[0], 1);
        startTurn(d, 'ground', d.rs.ground.turn.order[0], 1);
      },
    }),
    'end-turn': swDecision<SwMapParams>({
      summary: { en: "End your faction's turn on a map", ru: 'Закончить ход фракции на карте' },
      params: SwMapParams,
      example: { map: 'space' },
      choices: endTurnChoices,
      turn: 'any',
      available: (ctx) =>
        playing(ctx.rs, 'space') === ctx.seat || playing(ctx.rs, 'ground') === ctx.seat,
      examples: () => [{ map: 'space' as const }, { map: 'ground' as const }],
      decide(d, { map }) {
        if (d.rs[map].turn.finished) d.refuse('map_finished', mapOver(map), RULES.turns);
        if (d.rs.space.pausedForBombardment)
          d.refuse('paused_for_bombardment', PAUSED_FOR_BOMBARDMENT, RULES.gmPause);
        if (playing(d.rs, map) !== d.seat)
          d.refuse(
            'not_your_turn',
            notYourTurn(map),
            map === 'space' ? RULES.turns : RULES.groundOrder,
          );
        endTurn(d, map);
      },
    }),
    'gm-call-time': swDecision<SwMapParams>({
      summary: {
        en: 'Game Master: time is up for the faction playing',
        ru: 'Мастер игры: время хода вышло',
      },
      params: SwMapParams,
      example: { map: 'space' },
      turn: 'any',
      by: 'judge',
      available: (ctx) => gmMayCall(ctx).length > 0,
      examples: (ctx) => gmMayCall(ctx).map((map) => ({ map })),
      decide(d, { map }) {
        const legion = gmMap(d, map);
        if (d.rs[map].turn.timeCalled)
          d.refuse(
            'time_called',
            { en: 'Time is already called', ru: 'Мастер игры уже объявил, что время вышло' },
            RULES.turnEnd,
          );
        d.own('TimeCalled', { map, legion });
      },
    }),
    'gm-end-turn': swDecision<SwMapParams>({
      summary: {
        en: "Game Master: the faction's turn is over",
        ru: 'Мастер игры: ход фракции окончен',
      },
      params: SwMapParams,
      example: { map: 'ground' },
      turn: 'any',
      by: 'judge',
      available: (ctx) => gmMayEnd(ctx).length > 0,
      examples: (ctx) => gmMayEnd(ctx).map((map) => ({ map })),
      decide(d, { map }) {
        gmMap(d, map);
        if (map === 'ground' && d.options.unansweredReaction === 'gm-end-turn') {
          closeWaitingReactions(d);
          if (d.finished) return;
        }
        endTurn(d, map);
      },
    }),
    'gm-announce-turns': swDecision<SwTurnsLeftParams>({
      summary: {
        en: 'Game Master: announce the turns left',
        ru: 'Мастер игры: сколько ходов осталось',
      },
      params: SwTurnsLeftParams,
      example: { map: 'space', turns: 2 },
      turn: 'any',
      by: 'judge',
      available: (ctx) => inPlay(ctx).length > 0,
      examples: (ctx) =>
        inPlay(ctx).map((map) => ({
          map,
          turns: ctx.rs.plannedTurns - ctx.rs[map].turn.round + 1,
        })),
      decide(d, { map, turns }) {
        gmMap(d, map);
        const left = d.rs.plannedTurns - d.rs[map].turn.round + 1;
        if (turns !== left)
          d.refuse(
            'wrong_count',
            {
              en: `${left} turns are left on the ${map} map, counting this one`,
              ru: `${upperFirst(ON_MAP[map].ru)} осталось ${ruCount(left, 'ход', 'хода', 'ходов')}, считая этот`,
            },
            RULES.turnsLeft,
          );
        d.own('TurnsRemainingAnnounced', { map, turns });
      },
    }),
    'gm-line-of-fire': swDecision<SwLineOfFireParams>({
      summary: {
        en: 'Game Master: rule on a disputed line of fire',
        ru: 'Мастер игры: спорная линия огня',
      },
      params: SwLineOfFireParams,
      example: { ship: 'destroyer-1', target: 'destroyer-8', clear: true },
      turn: 'any',
      by: 'judge',
      // A ruling while space is played, on a line between two pieces of the space map.
      available: (ctx) => inPlay(ctx).includes('space') && linesOfFire(ctx.rs).length > 0,
      examples: (ctx) => (inPlay(ctx).includes('space') ? linesOfFire(ctx.rs) : []),
      decide(d, { ship, target, clear }) {
        gmMap(d, 'space');
        if (d.ship(ship).status !== 'map')
          d.refuse(
            'not_on_map',
            {
              en: `${pieceName(ship).en} is not on the map`,
              ru: `${pieceName(ship).ru} не на карте`,
            },
            RULES.lineOfFireDispute,
          );
        if (!firedAt(d.rs, target) || target === ship)
          d.refuse(
            'unknown_target',
            {
              en: `There is no other ship, station or mine ${pieceName(target).en} in play`,
              ru: `Другого корабля, станции или мины «${pieceName(target).ru}» в игре нет`,
            },
            RULES.lineOfFireDispute,
          );
        d.own('LineOfFireRuled', { ship, target, clear });
      },
    }),
  },
);
