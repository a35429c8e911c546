import { setOwn } from '../../shared/id-record';
import type { Table } from '../../table/table';
import type { Derived, Ruleset } from '../ruleset';
import { allianceDecisions } from './decisions/alliances';
import { battleDecisions } from './decisions/battle';
import { biddingDecisions } from './decisions/bidding';
import { controllerOf, handOf, influenceOf, mapOf, strongholdsOf } from './rex-board';
import { bombardmentDecisions } from './decisions/bombardment';
import { influenceDecisions } from './decisions/influence';
import { maneuverDecisions } from './decisions/maneuvers';
import { mapLayout } from './rex-map';
import { REX_OPTIONS } from './rex-options';
import { mapOfSetup, REX_CATALOG, rexSetup } from './rex-setup';
import { REX_POSITION } from './rex-position';
import { evolveRex, initialRexState, turnOrder, type RexState } from './rex-state';
import { REX_UNDO_BARRIERS, rexUndo } from './rex-undo';
import { concessionDecisions } from './decisions/concession';
import { raceDecisions } from './decisions/race-actions';
import { strategyDecisions } from './decisions/strategy';
import { victoryDecisions } from './decisions/victory';
import { RexSetupParams } from './rex-setup.params';
import { RULES } from './rex-rules-text';

/**
 * Rex: Final Days of an Empire, from the Russian rules excerpt (shared/rules/source/rex.ru.txt)
 * and its digest. What the excerpt is missing is a setup parameter or an option.
 */
export const rexRuleset: Ruleset<RexState> = {
  id: 'rex',
  version: '0.1.0',
  title: { en: 'Rex: Final Days of an Empire', ru: 'Rex: Последние дни Империи' },
  rules: RULES,
  summary: {
    en: 'Six races fight over Mecatol City: Influence, auctions, sealed battle wheels, bombardment, alliances in Ceasefires and Xxcha’s prediction.',
    ru: 'Шесть рас борются за город Mecatol: Влияние, торги, тайные Колёса Битвы, бомбардировка, союзы во время «Прекращения огня» и предсказание Кззча.',
  },
  options: REX_OPTIONS,
  // Rex has no dice; its shuffles are server dice like every shuffle.
  diceModes: () => ({ default: 'server' }),
  catalog: REX_CATALOG,
  seats: { min: 3, max: 6 },
  setupParams: RexSetupParams,
  initialState: initialRexState,
  setup: rexSetup,
  decisions: {
    ...influenceDecisions,
    ...allianceDecisions,
    ...biddingDecisions,
    ...maneuverDecisions,
    ...battleDecisions,
    ...bombardmentDecisions,
    ...strategyDecisions,
    ...raceDecisions,
    ...concessionDecisions,
    ...victoryDecisions,
  },

  evolve: evolveRex,
  derive: deriveRex,
  undo: rexUndo,
  undoBarriers: REX_UNDO_BARRIERS,
  layout: (_table, setup) => mapLayout(mapOfSetup(setup)),
  position: REX_POSITION,
};

/** What a viewer or a judge reads off the table and the slice; nothing secret. */
export function deriveRex(table: Readonly<Table>, rs: Readonly<RexState>): Derived {
  const seats = rs.seats.map((s) => s.seat);
  const control: Record<string, string> = {};
  for (const location of mapOf(table).locations) {
    const seat = controllerOf(table, location.id);
    if (seat) setOwn(control, location.id, seat);
  }
  const strongholds = Object.fromEntries(seats.map((seat) => [seat, strongholdsOf(table, seat)]));
  const battle = rs.battle;
  const auction = rs.auction;
  return {
    scores: Object.fromEntries(
      seats.map((seat) => [
        seat,
        (rs.conceded ?? []).includes(seat) ? 0 : strongholds[seat].length,
      ]),
    ),
    control,
    ...(rs.result ? { victory: { ...rs.result } } : {}),
    round: rs.round,
    phase: rs.phase,
    firstPlayer: rs.firstPlayer,
    turnOrder: turnOrder(rs),
    factions: Object.fromEntries(rs.seats.map((s) => [s.seat, s.faction])),
    strongholds,
    influence: Object.fromEntries(seats.map((seat) => [seat, influenceOf(table, seat)])),
    handSizes: Object.fromEntries(seats.map((seat) => [seat, handOf(table, seat).length])),
    fleetSector: rs.fleetSector,
    bombardedSector: rs.bombarded,
    alliances: rs.alliances.map((a) => ({ ...a, members: [...a.members] })),
    ...(battle
      ? {
          battle: {
            id: battle.id,
            location: battle.location,
            sides: [...battle.sides],
            step: battle.step,
            waitingFor: [...battle.due],
            plans: structuredClone(battle.plans),
          },
        }
      : {}),
    ...(auction
      ? {
          auction: {
            lot: auction.lot,
            lots: auction.cards.length,
            bidders: [...auction.bidders],
            high: auction.high,
            passed: [...auction.passed],
          },
        }
      : {}),
    ...(rs.pendingVictory ? { pendingVictory: { ...rs.pendingVictory } } : {}),
    ...(rs.prediction ? { predictionSealed: true } : {}),
    conceded: [...(rs.conceded ?? [])],
    standings: standingsOf(rs, strongholds),
  };
}

/**
 * The standings: the winners once there are any, then the races still playing by Strongholds
 * held (seating order between equals), then the races that conceded, the last to concede first.
 */
export function standingsOf(
  rs: Readonly<RexState>,
  strongholds: Record<string, string[]>,
): { seat: string; place: number; status: 'won' | 'playing' | 'lost' | 'conceded' }[] {
  const conceded = rs.conceded ?? [];
  const winners = rs.result?.winners ?? [];
  const playing = rs.seats
    .map((s) => s.seat)
    .filter((seat) => !conceded.includes(seat) && !winners.includes(seat));
  playing.sort((a, b) => (strongholds[b]?.length ?? 0) - (strongholds[a]?.length ?? 0));
  const rows = [
    ...winners.map((seat) => ({ seat, status: 'won' as const })),
    ...playing.map((seat) => ({
      seat,
      status: rs.result ? ('lost' as const) : ('playing' as const),
    })),
    ...[...conceded].reverse().map((seat) => ({ seat, status: 'conceded' as const })),
  ];
  return rows.map((row, i) => ({
    ...row,
    place: row.status === 'won' ? 1 : i + 1,
  }));
}
