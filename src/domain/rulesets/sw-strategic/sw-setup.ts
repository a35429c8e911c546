import type { NewEvent } from '../../events/recorded-event';
import { isRejection, type Rejection } from '../rule-violation';
import type { SeatSpec, SetupInput } from '../ruleset';
import type { LocalizedText } from '../../shared/localized-text';
import {
  legionsOfSeats,
  ROLE_SEATS,
  roleSeatTitle,
  rolesOfRoster,
  seatRole,
  seatsOfLegion,
} from './sw-roles';
import { violation } from '../rule-violation';
import { COMPARTMENTS, DEFAULT_PASSPORTS, SHIPS, type Vessel } from './sw-catalog';
import type { SwEvents } from './sw-events';
import { checkMission, ILLUSTRATIVE_MISSION, shipCells, type SwMission } from './sw-mission';
import { pieceName } from './sw-names';
import { swOptions } from './sw-options';
import { RULES } from './sw-rules-text';
import { captainFor } from './decisions/space';
import { evolveSw, initialSwState } from './sw-state';
import type { SwSetupParams } from './sw.params';

/** The mission of a match: the organizer's own (validated), or the illustrative one. */
export function missionOf(params: Readonly<Record<string, unknown>>): SwMission {
  const given = (params as SwSetupParams).mission;
  if (!given) return ILLUSTRATIVE_MISSION;
  return {
    ...(given as unknown as Omit<SwMission, 'illustrative' | 'passports'>),
    illustrative: false,
    passports:
      (given.passports as SwMission['passports'] | undefined) ??
      (structuredClone(DEFAULT_PASSPORTS) as SwMission['passports']),
  };
}

function checkPassports(m: SwMission): Rejection | undefined {
  for (const [cls, decks] of Object.entries(m.passports))
    for (const deck of decks)
      for (const c of deck)
        if (!(COMPARTMENTS as readonly string[]).includes(c))
          return violation(
            'unknown_compartment',
            {
              en: `A ${cls} passport names an unknown compartment ${c}`,
              ru: `В паспорте корабля «${pieceName(cls).ru}» неизвестный отсек «${c}»`,
            },
            RULES.compartments,
          );
  return undefined;
}

/**
 * A legion is seated whole (one seat) or by role ([1.4]: every role its roster holds has a
 * seat, «Обязательно распределить как минимум одного игрока на каждую роль»), never both.
 */
function checkRoleSeats(
  seats: readonly SeatSpec[],
  legions: readonly string[],
  m: SwMission,
): Rejection | undefined {
  const titleOf = (legion: string): LocalizedText => {
    const spec = m.legions[legions.indexOf(legion)];
    return spec?.title ?? { en: spec?.name ?? legion, ru: spec?.name ?? legion };
  };
  for (const [i, legion] of legions.entries()) {
    const own = seatsOfLegion(seats, legion);
    const roles = own.map((seat) => seatRole(seat).role);
    if (roles.every((role) => role === undefined)) continue;
    const name = titleOf(legion);
    if (roles.includes(undefined))
      return violation(
        'legion_and_role_seats',
        {
          en: `${name.en} has a seat of its own and role seats: seat it whole or by role`,
          ru: `У легиона «${name.ru}» есть и своё место, и места ролей: нужно одно из двух`,
        },
        RULES.roleSeats,
      );
    const roster = rolesOfRoster(m.legions[i]?.roster ?? []);
    const missing = roster.filter((role) => !roles.includes(role));
    const extra = ROLE_SEATS.filter((role) => roles.includes(role) && !roster.includes(role));
    const named = (list: readonly string[]) =>
      list.map((role) => roleSeatTitle(`${legion}:${role}`, titleOf));
    if (missing.length > 0)
      return violation(
        'role_without_seat',
        {
          en: `Every role needs a player: no seat for the ${named(missing)
            .map((t) => t.en)
            .join(', ')}`,
          ru: `На каждую роль нужен игрок: нет места для ролей ${named(missing)
            .map((t) => `«${t.ru}»`)
            .join(', ')}`,
        },
        RULES.roleSeats,
      );
    if (extra.length > 0)
      return violation(
        'role_not_on_roster',
        {
          en: `The mission's roster has no legionnaire for the ${named(extra)
            .map((t) => t.en)
            .join(', ')}`,
          ru: `В составе легиона по миссии нет легионера для ролей ${named(extra)
            .map((t) => `«${t.ru}»`)
            .join(', ')}`,
        },
        RULES.roleSeats,
      );
  }
  return undefined;
}

/** Lays out the mission: the maps and forces (MissionLaidOut), starting ships and units. */
export function swSetup({ seats, params, options }: SetupInput): NewEvent[] | Rejection {
  const legions = legionsOfSeats(seats);
  if (legions.length !== 3)
    return violation(
      'three_legions',
      {
        en: 'A strategic mission is played by three legions: a seat per legion, or a seat per role of each legion (<legion>:<role>)',
        ru: 'В стратегической миссии играют три легиона: нужно место на каждый легион или место на каждую роль легиона (<легион>:<роль>)',
      },
      RULES.turnOrder,
    );
  const mission = missionOf(params);
  const problem =
    checkMission(mission) ?? checkPassports(mission) ?? checkRoleSeats(seats, legions, mission);
  if (problem) return problem;
  const laidOut: SwEvents['MissionLaidOut'] = {
    legions,
    mission,
    actionPoints: swOptions(options).actionPoints,
    tiedTasks: swOptions(options).tiedTasks,
    destroyedDeck: swOptions(options).destroyedDeck,
  };
  const events: NewEvent[] = [{ type: 'MissionLaidOut', data: laidOut }];
  // A scratch state, so each starting ship gets its captain as entering ships do.
  let rs = initialSwState();
  const fold = (event: NewEvent) => {
    rs = evolveSw(rs, { type: event.type, data: event.data } as Parameters<typeof evolveSw>[1]);
    events.push(event);
  };
  rs = evolveSw(rs, { type: 'MissionLaidOut', data: laidOut } as Parameters<typeof evolveSw>[1]);
  let serial = 0;
  mission.legions.forEach((legion, i) => {
    for (const ship of legion.ships) {
      serial += 1;
      const cls = ship.class as Vessel;
      const id = `${cls}-${serial}`;
      const captain = captainFor(rs, legions[i], cls);
      const entered: SwEvents['ShipEntered'] = {
        ship: id,
        legion: legions[i],
        class: cls,
        cells: shipCells(ship.bow, ship.heading, SHIPS[cls].decks),
        heading: ship.heading,
        via: 'tunnel',
        ...(captain ? { captain } : {}),
      };
      fold({ type: 'ShipEntered', data: entered });
    }
    for (const unit of legion.units) {
      serial += 1;
      const placed: SwEvents['UnitPlaced'] = {
        unit: `${unit.kind}-${serial}`,
        legion: legions[i],
        kind: unit.kind,
        hexes: unit.hexes,
        squad: unit.squad,
      };
      fold({ type: 'UnitPlaced', data: placed });
    }
  });
  return events;
}

export { isRejection };
