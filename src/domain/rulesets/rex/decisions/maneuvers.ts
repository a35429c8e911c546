import { own } from '../../../shared/id-record';
import type { LocalizedText } from '../../../shared/localized-text';
import { ruCount } from '../../../shared/localized-text';
import { zoneName } from '../../kit';
import {
  bombardedLocations,
  hasParts,
  inBombardedPart,
  isBlocked,
  influenceOf,
  isBombarded,
  locationOf,
  troopsAt,
  ZONES,
} from '../rex-board';
import { rexDecision, viewOf, type RexDraft, type RexView } from '../rex-draft';
import { deployCost, MECHANIZED, TROOP, type DeployCost, type FactionId } from '../rex-factions';
import { endManeuverTurn } from '../rex-flow';
import { shortestPath, type RexLocation } from '../rex-map';
import type { Piece } from '../../../table/table';
import { RULES, RULESET_CHOICES } from '../rex-rules-text';
import { alliesOf, cardEffectsOf, factionOf, seatOf } from '../rex-state';
import type { CancellableAbility } from '../rex-events';
import { RexDeployParams, RexMoveParams } from './maneuvers.params';
import { RexNoParams } from './shared.params';
import {
  troopWord,
  places,
  sectorField,
  troopFields,
  ownTroops,
  locationsOf,
  occupied,
  oneTroop,
  type RexChoices,
} from '../rex-choice-values';
import { type FieldChoices } from '../../decision-choices';

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

export function pickTroops(
  d: Pick<RexView, 'table' | 'rs' | 'seat'>,
  zone: string,
  troops: number,
  mechanized: number,
  usable: (piece: Piece) => boolean = () => true,
): { pieces: string[] } | { missing: LocalizedText } {
  const own = troopsAt(d.table, zone, d.seat).filter(usable);
  const regular = own.filter((p) => p.type === TROOP);
  const mech = own.filter((p) => p.type === MECHANIZED);
  const wantRegular = troops - mechanized;
  if (wantRegular < 0)
    return {
      missing: {
        en: 'mechanized cannot exceed troops',
        ru: 'Механизированных Войск не может быть больше, чем Войск всего',
      },
    };
  if (mechanized > 0 && factionOf(d.rs, d.seat) !== 'lazax')
    return {
      missing: {
        en: 'only Lazax has Mechanized troops',
        ru: 'Механизированные Войска есть только у Лазакс',
      },
    };
  if (wantRegular > regular.length || mechanized > mech.length)
    return {
      missing: {
        en: `${d.seat} has ${regular.length} troops and ${mech.length} Mechanized in ${zone}, not ${wantRegular} and ${mechanized}`,
        ru: `У вас там ${ruCount(regular.length, 'Войско', 'Войска', 'Войск')} и ${ruCount(mech.length, 'Механизированное', 'Механизированных', 'Механизированных')}, а нужно ${wantRegular} и ${mechanized} (${zoneName(d.table, zone).ru})`,
      },
    };
  return {
    pieces: [...regular.slice(0, wantRegular), ...mech.slice(0, mechanized)].map((p) => p.id),
  };
}

export function allyThere(
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
      {
        en: `It is ${d.rs.maneuvers?.turn ?? 'nobody'}'s Maneuvers turn`,
        ru: d.rs.maneuvers?.turn
          ? `Сейчас ход Маневров не ваш: ходит ${d.who(d.rs.maneuvers.turn).ru}`
          : 'Сейчас не идёт ход Маневров',
      },
      RULESET_CHOICES.phaseOrder,
    );
}

const inTurn = (v: Pick<RexView, 'rs' | 'seat'>): boolean => v.rs.maneuvers?.turn === v.seat;

/**
 * One troop (a Mechanized for Lazax) can be deployed somewhere the seat can pay for: in its
 * turn's deployment, or in the additional one of Informant–Deployment.
 */
export function canDeploy(v: RexView, by: 'turn' | 'informant'): boolean {
  const faction = factionOf(v.rs, v.seat);
  if (!faction || !inTurn(v) || (by === 'turn' && v.rs.maneuvers?.deployed)) return false;
  const held = influenceOf(v.table, v.seat);
  const one = [
    pickTroops(v, ZONES.reserve(v.seat), 1, 0),
    pickTroops(v, ZONES.reserve(v.seat), 1, 1),
  ];
  if (!one.some((picked) => 'pieces' in picked)) return false;
  const done = v.rs.maneuvers?.deployedTo ?? [];
  return v.map.locations.some(
    (l) =>
      !done.includes(l.id) &&
      !isBlocked(v.rs, l, v.opts.troopSectors) &&
      !allyThere(v, l.id) &&
      deploymentCost(
        v,
        faction,
        1,
        troopsAt(v.table, l.id).some((p) => p.owner !== v.seat),
        by,
      ).cost <= held,
  );
}

/**
 * What a deployment costs: 1 per troop, 2 where enemies are, Hacan half (unless Informant–
 * Cancellation cancelled the discount), Sol 1 per troop anywhere with Informant–Deployment.
 */
function deploymentCost(
  v: Pick<RexView, 'rs' | 'seat'>,
  faction: FactionId,
  troops: number,
  enemiesPresent: boolean,
  by: 'turn' | 'informant',
): DeployCost & { discountCancelled: boolean } {
  if (by === 'informant' && faction === 'sol')
    return {
      base: troops,
      cost: troops,
      ruleRef: RULES.informantDeploymentSol,
      discountCancelled: false,
    };
  const standard = deployCost(faction, troops, enemiesPresent);
  if (standard.cost < standard.base && cancelled(v, v.seat, 'hacan-discount'))
    return {
      base: standard.base,
      cost: standard.base,
      ruleRef: RULES.hacanDiscountCancelled,
      discountCancelled: true,
    };
  return { ...standard, discountCancelled: false };
}

type RangeOf = (v: RexView, from: string) => { range: number; ruleRef: string };

/** A group's range in its turn's move. */
export const turnRange: RangeOf = (v, from) => moveRange(v, v.seat, from);

/** Some troop of the seat can leave its location for another within its range. */
export function canMove(v: RexView, rangeOf: RangeOf): boolean {
  const reading = v.opts.troopSectors;
  const blocked = bombardedLocations(v.table, v.rs, reading);
  return v.map.locations.some((from) => {
    const movable = troopsAt(v.table, from.id, v.seat).filter(
      (p) => !inBombardedPart(v.rs, p, from, reading),
    );
    if (isBlocked(v.rs, from, reading) || movable.length === 0) return false;
    const { range } = rangeOf(v, from.id);
    return v.map.locations.some((to) => {
      if (to.id === from.id || allyThere(v, to.id)) return false;
      const path = shortestPath(v.map, from.id, to.id, blocked);
      return path !== undefined && path.length - 1 <= range;
    });
  });
}

/** Deploy from the own Reserve: where (the places the seat may pay for), then how many. */
const deployChoices: RexChoices = (ctx, chosen) => [
  { path: 'location', pick: 'one', tried: true, values: places(ctx) },
  ...sectorField(ctx, chosen.location),
  ...troopFields(ctx, ownTroops(ctx, ZONES.reserve(ctx.seat)), true),
];

/** Move: a location holding own troops, then where the group may go, then how many. */
const moveChoices: RexChoices = (ctx, chosen) => {
  const from = places(ctx, (l) => ownTroops(ctx, l.id).length > 0).map((v) => ({
    ...v,
    hint: troopWord(ownTroops(ctx, v.value as string).length),
  }));
  const fields: FieldChoices[] = [{ path: 'from', pick: 'one', tried: true, values: from }];
  if (typeof chosen.from !== 'string' || !from.some((v) => v.value === chosen.from)) return fields;
  return [
    ...fields,
    {
      path: 'to',
      pick: 'one',
      tried: true,
      values: places(ctx, (l) => l.id !== chosen.from),
    },
    ...sectorField(ctx, chosen.to),
    ...troopFields(ctx, ownTroops(ctx, chosen.from), false),
  ];
};

export const maneuverDecisions = {
  deploy: rexDecision<RexDeployParams>({
    summary: {
      en: 'Deploy troops from the Reserve (1 Influence per troop, 2 where enemies are)',
      ru: 'Развернуть Войска из Резерва (1 Влияние за Войско, 2 — где есть враги)',
    },
    params: RexDeployParams,
    example: { location: 'archive-hall', troops: 2 },
    examples: (ctx) => locationsOf(ctx).flatMap((location) => oneTroop({ location })),
    choices: deployChoices,
    turn: 'active',
    phases: ['maneuvers'],
    available: (ctx) => canDeploy(viewOf(ctx), 'turn'),
    decide(d, params) {
      deployTroops(d, params, 'turn');
    },
  }),

  move: rexDecision<RexMoveParams>({
    summary: {
      en: 'Move one group of troops (range 2, or 4 with the Fleet Base or Spaceport); ends the turn',
      ru: 'Переместить одну группу Войск (на 2, или на 4 с Базой Флота или Космопортом); ход окончен',
    },
    params: RexMoveParams,
    example: { from: 'archive-hall', to: 'tarragus-slums', troops: 2 },
    examples: (ctx) =>
      occupied(ctx).flatMap((from) => locationsOf(ctx).flatMap((to) => oneTroop({ from, to }))),
    choices: moveChoices,
    turn: 'active',
    phases: ['maneuvers'],
    available: (ctx) => inTurn(ctx) && canMove(viewOf(ctx), turnRange),
    decide(d, params) {
      checkTurn(d);
      moveTroops(d, params, moveRange(d, d.seat, params.from));
      endManeuverTurn(d, d.seat);
    },
  }),

  'end-turn': rexDecision<RexNoParams>({
    summary: { en: 'End your Maneuvers turn', ru: 'Закончить ход Маневров' },
    params: RexNoParams,
    example: {},
    turn: 'active',
    phases: ['maneuvers'],
    available: inTurn,
    decide(d) {
      checkTurn(d);
      endManeuverTurn(d, d.seat);
    },
  }),
};

/**
 * Deploys troops from the seat's Reserve into one location: its turn's deployment, or the
 * additional one of Informant–Deployment (into another location; Hacan is not paid for it;
 * Sol pays 1 per troop anywhere).
 */
export function deployTroops(
  d: RexDraft,
  { location, troops, mechanized = 0, sector }: RexDeployParams,
  by: 'turn' | 'informant',
): void {
  checkTurn(d);
  if (by === 'turn' && d.rs.maneuvers?.deployed)
    return d.refuse(
      'already_deployed',
      {
        en: `${d.seat} has already deployed this turn`,
        ru: 'Вы уже разворачивали Войска в этот ход',
      },
      RULES.deployCost,
    );
  if (d.rs.maneuvers?.deployedTo?.includes(location))
    return d.refuse(
      'same_location',
      {
        en: `${d.seat} has deployed into ${location} this turn: Informant–Deployment deploys into a second location`,
        ru: `В локацию «${d.place(location).ru}» вы уже разворачивали в этот ход: «Информатор – Развёртывание» разворачивает во вторую локацию`,
      },
      RULES.informantDeployment,
    );
  const where = locationOf(d.table, location);
  if (!where) return d.refuse('unknown_location', noLocation(location), RULES.deployCost);
  if (isBlocked(d.rs, where, d.opts.troopSectors))
    return d.refuse(
      'bombarded_sector',
      {
        en: `${location} is in sector ${d.rs.bombarded}, under bombardment: no deploying into it`,
        ru: `Локация «${d.place(location).ru}» в секторе ${d.rs.bombarded} под Бомбардировкой: туда не разворачивают`,
      },
      RULES.bombardedSector,
    );
  const part = partFor(d, where, sector);
  const ally = allyThere(d, location);
  if (ally) return d.refuse('ally_location', allyIn(d, ally, location), RULES.allyLocations);
  const picked = pickTroops(d, ZONES.reserve(d.seat), troops, mechanized);
  if ('missing' in picked) return d.refuse('not_in_reserve', picked.missing, RULES.destruction);
  const faction = factionOf(d.rs, d.seat);
  if (!faction)
    return d.refuse(
      'unknown_seat',
      { en: `${d.seat} has no race`, ru: 'У вашего места нет фракции' },
      RULES.deployCost,
    );
  const enemiesPresent = troopsAt(d.table, location).some((p) => p.owner !== d.seat);
  const { base, cost, discountCancelled, ...priced } = deploymentCost(
    d,
    faction,
    troops,
    enemiesPresent,
    by,
  );
  let ruleRef = priced.ruleRef;
  if (discountCancelled) d.own('CancellationUsed', { seat: d.seat, ability: 'hacan-discount' });
  const held = influenceOf(d.table, d.seat);
  if (cost > held)
    return d.refuse(
      'cannot_pay',
      {
        en: `Deploying ${troops} troops into ${location}${enemiesPresent ? ', where enemies are,' : ''} costs ${cost} Influence; ${d.seat} has ${held}`,
        ru: `Развернуть ${ruCount(troops, 'Войско', 'Войска', 'Войск')} в локации «${d.place(location).ru}»${enemiesPresent ? ', где есть враги,' : ''} стоит ${ruCount(cost, 'единицу Влияния', 'единицы Влияния', 'единиц Влияния')}, а у вас ${held}`,
      },
      ruleRef,
    );
  const hacan = seatOf(d.rs, 'hacan');
  let payee = d.opts.deploymentPayee === 'hacan' && hacan && hacan !== d.seat ? hacan : 'bank';
  if (payee === hacan && by === 'informant') {
    payee = 'bank';
    ruleRef = RULES.informantDeploymentHacan;
  } else if (payee === hacan && cancelled(d, hacan, 'hacan-payment')) {
    d.own('CancellationUsed', { seat: hacan, ability: 'hacan-payment' });
    payee = 'bank';
    ruleRef = RULES.hacanPayments;
  }
  // Troops come out of the Reserve face up, whatever they were when they last left the board.
  for (const id of picked.pieces)
    if (own(d.table.pieces, id)?.attrs.faceDown === true)
      d.on('PieceChanged', { piece: id, attrs: { faceDown: null, faceDownCountsFor: null } });
  d.on('PiecesMoved', { pieces: picked.pieces, to: location });
  standIn(d, picked.pieces, part);
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
    ...(by === 'informant' ? { informant: true } : {}),
  });
  flipFaceUpWhereShared(d, location);
}

/** Moves one group along a legal route within `range`; the caller ends the turn or not. */
export function moveTroops(
  d: RexDraft,
  { from, to, troops, mechanized = 0, path, sector }: RexMoveParams,
  { range, ruleRef }: { range: number; ruleRef: string },
): void {
  const origin = locationOf(d.table, from);
  const target = locationOf(d.table, to);
  if (!origin) return d.refuse('unknown_location', noLocation(from), RULES.moveRange);
  if (!target) return d.refuse('unknown_location', noLocation(to), RULES.moveRange);
  if (from === to)
    return d.refuse(
      'same_location',
      { en: 'A move goes somewhere else', ru: 'Перемещают в другую локацию' },
      RULES.moveRange,
    );
  const reading = d.opts.troopSectors;
  const picked = pickTroops(
    d,
    from,
    troops,
    mechanized,
    (p) =>
      // Troops in the bombarded part of a location with parts may not leave it.
      !inBombardedPart(d.rs, p, origin, reading),
  );
  if ('missing' in picked)
    return d.refuse(
      'not_there',
      {
        en: `${picked.missing.en}${hasParts(origin, reading) && isBombarded(d.rs, origin) ? ` (troops in sector ${d.rs.bombarded}, under bombardment, may not leave)` : ''}`,
        ru: `${picked.missing.ru}${hasParts(origin, reading) && isBombarded(d.rs, origin) ? `; Войска в секторе ${d.rs.bombarded} под Бомбардировкой уйти не могут` : ''}`,
      },
      hasParts(origin, reading) ? RULES.bombardedSector : RULES.moveRange,
    );
  if (isBlocked(d.rs, origin, reading))
    return d.refuse(
      'bombarded_sector',
      {
        en: `${from} is in sector ${d.rs.bombarded}, under bombardment: troops cannot leave it`,
        ru: `Локация «${d.place(from).ru}» в секторе ${d.rs.bombarded} под Бомбардировкой: Войска не могут её покинуть`,
      },
      RULES.bombardedSector,
    );
  const ally = allyThere(d, to);
  if (ally) return d.refuse('ally_location', allyIn(d, ally, to), RULES.allyLocations);
  const blocked = bombardedLocations(d.table, d.rs, reading);
  const part = partFor(d, target, sector);
  let route: string[];
  if (path) {
    if (path[0] !== from || path[path.length - 1] !== to)
      return d.refuse(
        'bad_path',
        {
          en: `The path must run from ${from} to ${to}`,
          ru: `Путь должен вести из локации «${d.place(from).ru}» в локацию «${d.place(to).ru}»`,
        },
        RULES.moveRange,
      );
    for (let i = 1; i < path.length; i += 1) {
      const step = locationOf(d.table, path[i]);
      if (!step || !locationOf(d.table, path[i - 1])?.adjacent.includes(path[i]))
        return d.refuse(
          'bad_path',
          {
            en: `${path[i - 1]} and ${path[i]} are not adjacent`,
            ru: `Локации «${d.place(path[i - 1]).ru}» и «${d.place(path[i]).ru}» не соседние`,
          },
          RULES.moveRange,
        );
      if (blocked.has(path[i]))
        return d.refuse(
          'bombarded_sector',
          {
            en: `The path enters ${path[i]}, in sector ${d.rs.bombarded} under bombardment`,
            ru: `Путь проходит через локацию «${d.place(path[i]).ru}» в секторе ${d.rs.bombarded} под Бомбардировкой`,
          },
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
          {
            en: `Every way from ${from} to ${to} within ${range} steps crosses sector ${d.rs.bombarded}, under bombardment`,
            ru: `Каждый путь длиной до ${range} из локации «${d.place(from).ru}» в «${d.place(to).ru}» проходит через сектор ${d.rs.bombarded} под Бомбардировкой`,
          },
          RULES.bombardedNoCrossing,
        );
      return d.refuse(
        'too_far',
        {
          en: `${to} is ${any ? any.length - 1 : 'not'} steps from ${from}; this group moves at most ${range}`,
          ru: any
            ? `До локации «${d.place(to).ru}» ${ruCount(any.length - 1, 'шаг', 'шага', 'шагов')}, а эта группа ходит не дальше чем на ${range}`
            : `До локации «${d.place(to).ru}» пути нет`,
        },
        ruleRef,
      );
    }
    route = open;
  }
  if (route.length - 1 > range)
    return d.refuse(
      'too_far',
      {
        en: `The path has ${route.length - 1} steps; this group moves at most ${range}`,
        ru: `В пути ${ruCount(route.length - 1, 'шаг', 'шага', 'шагов')}, а эта группа ходит не дальше чем на ${range}`,
      },
      ruleRef,
    );
  d.on('PiecesMoved', { pieces: picked.pieces, to });
  standIn(d, picked.pieces, part);
  d.own('TroopsMoved', { seat: d.seat, from, to, troops: picked.pieces, path: route, range });
  flipFaceUpWhereShared(d, to);
}

function cancelled(v: Pick<RexView, 'rs'>, seat: string, ability: CancellableAbility): boolean {
  return cardEffectsOf(v.rs).cancelled.some((c) => c.seat === seat && c.ability === ability);
}

/** Face-down Xxcha troops turn face up automatically where face-up Xxcha troops share the location. */
export function flipFaceUpWhereShared(d: RexDraft, location: string): void {
  const xxcha = seatOf(d.rs, 'xxcha');
  if (!xxcha) return;
  const troops = troopsAt(d.table, location, xxcha);
  const faceDown = troops.filter((p) => p.attrs.faceDown === true);
  if (faceDown.length === 0 || faceDown.length === troops.length) return;
  for (const piece of faceDown)
    d.on('PieceChanged', { piece: piece.id, attrs: { faceDown: null, faceDownCountsFor: null } });
  d.own('TroopsFlipped', {
    seat: xxcha,
    location,
    troops: faceDown.map((p) => p.id),
    faceDown: false,
    automatic: true,
    ruleRef: RULES.xxchaFlipUp,
  });
}

/**
 * Option troopSectors = one-sector: the sector of a location with parts the troops arriving
 * stand in — the one named, which must be open, else the first open one. None otherwise.
 */
function partFor(
  d: RexDraft,
  location: Pick<RexLocation, 'id' | 'sectors'>,
  sector: number | undefined,
): number | undefined {
  if (!hasParts(location, d.opts.troopSectors)) return undefined;
  if (sector !== undefined && !location.sectors.includes(sector))
    return d.refuse(
      'not_in_location',
      {
        en: `${location.id} lies in sectors ${location.sectors.join(', ')}, not ${sector}`,
        ru: `Локация «${d.place(location.id).ru}» лежит в секторах ${location.sectors.join(', ')}, а не в ${sector}`,
      },
      RULES.fleetCoversSector,
    );
  if (sector !== undefined && sector === d.rs.bombarded)
    return d.refuse(
      'bombarded_sector',
      {
        en: `Sector ${sector} of ${location.id} is under bombardment: no troops enter it`,
        ru: `Сектор ${sector} локации «${d.place(location.id).ru}» под Бомбардировкой: туда Войска не входят`,
      },
      RULES.bombardedSector,
    );
  return sector ?? location.sectors.find((s) => s !== d.rs.bombarded);
}

function standIn(d: RexDraft, pieces: string[], sector: number | undefined): void {
  if (sector === undefined) return;
  for (const piece of pieces)
    if (own(d.table.pieces, piece)?.attrs.sector !== sector)
      d.on('PieceChanged', { piece, attrs: { sector } });
}

function noLocation(location: string): LocalizedText {
  return { en: `There is no location ${location}`, ru: `Локации «${location}» на поле нет` };
}

/** An ally's troops where the seat would go: allies never share a location. */
export function allyIn(d: RexDraft, ally: string, location: string): LocalizedText {
  return {
    en: `${ally}, an ally, has troops in ${location}`,
    ru: `В локации «${d.place(location).ru}» стоят Войска союзника — ${d.who(ally).ru}`,
  };
}
