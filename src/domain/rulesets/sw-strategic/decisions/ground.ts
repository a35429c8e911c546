import { own } from '../../../shared/id-record';
import { byReaction, fixed, ROLE_SEATS, type RoleRule, withRoleSeats } from '../sw-roles';
import { ruCount, type LocalizedText } from '../../../shared/localized-text';
import type { DecisionSpec } from '../../ruleset';
import {
  ORBITAL_CANNON_AP,
  SUPPORT_KINDS,
  UNITS,
  type ProductionItem,
  type SupportKind,
  PRODUCTION_ITEMS,
} from '../sw-catalog';
import { mayAct, swDecision, type SwDraft } from '../sw-draft';
import { add, dir, distance, type Hex } from '../sw-hex';
import { hexKey } from '../sw-mission';
import { cellName, pieceName } from '../sw-names';
import { RULES } from '../sw-rules-text';
import {
  awaitMedic,
  centralLost,
  downFighterNearCentre,
  generatorsLost,
  groundTaken,
  isTerritoryOf,
  productionTime,
  specialistFor,
  squadRoom,
} from '../sw-ground-turn';
import { applyHits } from './specialists-and-orbit';
import { spaceKind, spaceOccupancy } from '../sw-space-map';
import { loseDecks } from './space';
import { waitingReaction, type SwState, type Unit } from '../sw-state';
import {
  SwAttackParams,
  SwCannonParams,
  SwQueueParams,
  SwShootTrenchParams,
  SwTrenchParams,
  SwUnitMoveParams,
} from './ground.params';
import { SwNoParams } from './turns.params';
import {
  byName,
  type ChoicesOf,
  type ChoiceValue,
  type FieldChoices,
} from '../../decision-choices';

/** Spends action points on `action` (recorded in English, as the log has always had it). */
function spendAp(d: SwDraft, amount: number, action: LocalizedText, ruleRef: string): void {
  const left = d.legion.actionPoints - amount;
  if (left < 0)
    d.refuse(
      'not_enough_ap',
      {
        en: `${action.en} costs ${amount} action points; ${d.legion.actionPoints} are left this turn`,
        ru: `${action.ru}: цена ${ruCount(amount, 'очко действия', 'очка действия', 'очков действия')}, а в этом ходу осталось ${d.legion.actionPoints}`,
      },
      ruleRef,
    );
  d.own('ActionPointsSpent', { legion: d.seat, amount, left, action: action.en });
}

function unitOf(d: SwDraft, id: string): Unit {
  const unit = own(d.rs.ground.units, id);
  if (!unit || unit.legion !== d.seat)
    return d.refuse(
      'unknown_unit',
      {
        en: `You have no unit ${pieceName(id).en} on the ground map`,
        ru: `У вас нет юнита «${pieceName(id).ru}» на карте «Наземное сражение»`,
      },
      RULES.oneUnitPerHex,
    );
  return unit;
}

function queue(d: SwDraft, p: SwQueueParams): void {
  d.requireTurn('ground');
  if (centralLost(d.rs, d.seat))
    d.refuse(
      'production_stopped',
      {
        en: 'Your Central generator is destroyed: production stops',
        ru: 'Ваш Центральный генератор уничтожен: производство остановлено',
      },
      RULES.productionStops,
    );
  const item = p.item as ProductionItem;
  const support = (SUPPORT_KINDS as readonly string[]).includes(item);
  let hex: Hex | undefined;
  if (p.hex) hex = d.cell(p.hex, 'ground');
  if (support) {
    if (!hex)
      return d.refuse(
        'hex_needed',
        {
          en: 'A support means is placed where the legionnaires say: give its hex',
          ru: 'Средство поддержки появляется там, где укажут легионеры: укажите его гекс',
        },
        RULES.supportAppear,
      );
    const cell = own(d.rs.ground.cells, hexKey(hex));
    if (cell?.kind === 'territory' && !isTerritoryOf(d.rs, d.seat, hex))
      d.refuse(
        'foreign_territory',
        {
          en: "Support means are set up only in your own territory, not another legion's",
          ru: 'Средства поддержки ставят только на своей территории, а не на территории другого легиона',
        },
        RULES.territory,
      );
    const reach = d.options.supportPlacementRange === 'adjacent' ? 1 : 2;
    const anchors = [
      ...Object.values(d.rs.ground.generators)
        .filter((g) => g.legion === d.seat && !g.destroyed)
        .flatMap((g) => g.hexes),
      ...Object.values(d.rs.ground.support)
        .filter((s) => s.legion === d.seat)
        .map((s) => s.hex),
    ];
    const target = hex;
    if (!anchors.some((a) => distance(a, target) <= reach))
      d.refuse(
        'no_anchor',
        {
          en: `A support means appears within ${reach} hex(es) of your generator or support means (option supportPlacementRange)`,
          ru: `Средство поддержки появляется не дальше ${ruCount(reach, 'гекса', 'гексов', 'гексов')} от вашего генератора или средства поддержки (по настройкам матча)`,
        },
        RULES.supportAppear,
      );
    if (groundTaken(d.rs).has(hexKey(hex)))
      d.refuse(
        'hex_taken',
        { en: 'That hex is taken', ru: 'Этот гекс занят' },
        RULES.oneUnitPerHex,
      );
  } else {
    if (hex && !isTerritoryOf(d.rs, d.seat, hex))
      d.refuse(
        'outside_territory',
        {
          en: 'New units appear only in your territory',
          ru: 'Новые юниты появляются только на вашей территории',
        },
        RULES.unitsAppear,
      );
    if (!p.squad)
      return d.refuse(
        'squad_needed',
        {
          en: 'Name the legionnaire whose squad the unit joins',
          ru: 'Укажите легионера, в чей отряд входит юнит',
        },
        RULES.squads,
      );
    if (squadRoom(d.rs, d.seat, p.squad, item as 'infantry' | 'walker') <= 0)
      d.refuse(
        'squad_full',
        {
          en: `${d.person(p.squad).en}'s squad has no room for another ${item}`,
          ru: `В отряде легионера «${d.person(p.squad).ru}» нет места ещё для одного юнита «${pieceName(item).ru}»`,
        },
        RULES.squads,
      );
  }
  const turns = productionTime(item, generatorsLost(d.rs, d.seat));
  const id = `${item}-${d.ctx.nextSeq}`;
  d.own('ProductionQueued', {
    legion: d.seat,
    id,
    item,
    ...(hex ? { hex } : {}),
    ...(p.squad ? { squad: p.squad } : {}),
    turns,
  });
}

/** Whether a trench lies on the edge between `from` and its neighbour in direction `d`. */
function trenchOnEdge(rs: Readonly<SwState>, from: Hex, d: number): boolean {
  const to = add(from, dir(d));
  const a = own(rs.ground.trenches, hexKey(from)) ?? [];
  const b = own(rs.ground.trenches, hexKey(to)) ?? [];
  return a.includes(((d % 6) + 6) % 6) || b.includes((d + 3) % 6);
}

function moveUnit(d: SwDraft, p: SwUnitMoveParams): void {
  d.requireTurn('ground');
  const unit = unitOf(d, p.unit);
  if (unit.dug)
    d.refuse(
      'dug_in',
      {
        en: 'A unit that dug a trench does not move until the end of the turn',
        ru: 'Юнит, который вырыл окоп, не двигается до конца хода',
      },
      RULES.trench,
    );
  spendAp(
    d,
    p.steps.length,
    {
      en: `Moving ${p.steps.length} hex(es)`,
      ru: `Перемещение на ${ruCount(p.steps.length, 'гекс', 'гекса', 'гексов')}`,
    },
    RULES.groundMove,
  );
  let hexes = unit.hexes;
  const taken = groundTaken(d.rs);
  for (const step of p.steps) {
    if (
      unit.kind !== 'fighter' &&
      hexes.some(
        (h) =>
          trenchOnEdge(d.rs, h, step) &&
          !hexes.some((o) => hexKey(o) === hexKey(add(h, dir(step)))),
      )
    )
      d.refuse(
        'trench',
        {
          en: 'No unit but a fighter passes a trench',
          ru: 'Через окоп проходит только истребитель',
        },
        RULES.trenchBlocks,
      );
    hexes = hexes.map((h) => add(h, dir(step)));
    for (const h of hexes) {
      if (!Object.hasOwn(d.rs.ground.cells, hexKey(h)))
        d.refuse(
          'off_map',
          {
            en: 'That step leaves the ground map',
            ru: 'Этот шаг уводит с карты «Наземное сражение»',
          },
          RULES.groundZones,
        );
      const by = taken.get(hexKey(h));
      if (by && by !== unit.id)
        d.refuse(
          'hex_taken',
          { en: `Hex ${cellName(h)} is taken`, ru: `Гекс ${cellName(h)} занят` },
          RULES.oneUnitPerHex,
        );
    }
  }
  d.own('UnitMoved', { unit: unit.id, hexes });
  if (unit.kind === 'fighter') downFighterNearCentre(d, { id: unit.id, legion: d.seat, hexes });
}

interface Shooter {
  id: string;
  legion: string;
  kind: Unit['kind'] | 'turret';
  hexes: Hex[];
}

function shooterOf(d: SwDraft, id: string): Shooter {
  const unit = own(d.rs.ground.units, id);
  if (unit && unit.legion === d.seat) {
    const limit = UNITS[unit.kind].shots;
    if (unit.shots >= limit)
      d.refuse(
        'no_shots_left',
        {
          en: `A ${unit.kind} shoots ${limit} times a turn`,
          ru: `${pieceName(unit.kind).ru}: не больше ${ruCount(limit, 'выстрела', 'выстрелов', 'выстрелов')} за ход`,
        },
        RULES.shotsPerUnit,
      );
    return { id, legion: unit.legion, kind: unit.kind, hexes: unit.hexes };
  }
  const turret = own(d.rs.ground.support, id);
  if (turret && turret.legion === d.seat && turret.kind === 'turret')
    return { id, legion: turret.legion, kind: 'turret', hexes: [turret.hex] };
  return d.refuse(
    'unknown_unit',
    {
      en: `You have no unit or turret ${pieceName(id).en}`,
      ru: `У вас нет юнита или турели «${pieceName(id).ru}»`,
    },
    RULES.shotsPerUnit,
  );
}

const reachOf = (s: Shooter): number => (s.kind === 'turret' ? 2 : 1);
const nearest = (a: Hex[], b: Hex[]): { from: Hex; to: Hex; far: number } => {
  let best = { from: a[0], to: b[0], far: Number.POSITIVE_INFINITY };
  for (const x of a)
    for (const y of b)
      if (distance(x, y) < best.far) best = { from: x, to: y, far: distance(x, y) };
  return best;
};

/** A target on the ground: a unit, a support means or a generator of another legion. */
function targetOf(
  d: SwDraft,
  id: string,
): { id: string; legion: string; kind: string; hexes: Hex[]; isUnit: boolean } {
  const unit = own(d.rs.ground.units, id);
  if (unit && unit.legion !== d.seat)
    return { id, legion: unit.legion, kind: unit.kind, hexes: unit.hexes, isUnit: true };
  const support = own(d.rs.ground.support, id);
  if (support && support.legion !== d.seat)
    return { id, legion: support.legion, kind: support.kind, hexes: [support.hex], isUnit: false };
  const generator = own(d.rs.ground.generators, id);
  if (generator && generator.legion !== d.seat && !generator.destroyed)
    return {
      id,
      legion: generator.legion,
      kind: 'generator',
      hexes: generator.hexes,
      isUnit: false,
    };
  return d.refuse(
    'unknown_target',
    {
      en: `There is no enemy unit, support means or generator ${pieceName(id).en}`,
      ru: `Вражеского юнита, средства поддержки или генератора «${pieceName(id).ru}» нет`,
    },
    RULES.anyUnitDestroys,
  );
}

const shieldedFrom = (
  rs: Readonly<SwState>,
  target: Hex[],
  from: Hex[],
  targetId: string,
): boolean =>
  Object.values(rs.ground.support).some(
    (f) =>
      f.kind === 'shield-field' &&
      f.id !== targetId &&
      target.some((t) => distance(t, f.hex) <= 1) &&
      !from.some((h) => distance(h, f.hex) <= 1),
  );

function attack(d: SwDraft, p: SwAttackParams): void {
  d.requireTurn('ground');
  const shooters = [shooterOf(d, p.unit), ...(p.join ?? []).map((id) => shooterOf(d, id))];
  if (new Set(shooters.map((s) => s.id)).size !== shooters.length)
    d.refuse(
      'joined_twice',
      { en: 'A unit joins an attack once', ru: 'Юнит участвует в атаке один раз' },
      RULES.jointAttack,
    );
  const target = targetOf(d, p.target);
  if (target.kind === 'fighter' && shooters.some((s) => s.kind !== 'turret'))
    d.refuse(
      'fighter_only_turret',
      { en: 'Only a turret shoots a fighter', ru: 'По истребителю стреляет только турель' },
      RULES.fighterOnlyTurret,
    );
  if (
    target.kind === 'generator' &&
    d.options.generatorShooters === 'walker-fighter-turret' &&
    shooters.some((s) => s.kind === 'infantry')
  )
    d.refuse(
      'cannot_hit_generator',
      {
        en: 'Only walkers, fighters and turrets destroy generators (option generatorShooters)',
        ru: 'Генераторы уничтожают только шагоходы, истребители и турели (по настройкам матча)',
      },
      RULES.generatorShooters,
    );
  const trench: boolean[] = [];
  for (const s of shooters) {
    const { from, to, far } = nearest(s.hexes, target.hexes);
    if (far > reachOf(s))
      d.refuse(
        'out_of_reach',
        {
          en: `${pieceName(s.id).en} is not next to the target`,
          ru: `${pieceName(s.id).ru}: цель вне досягаемости`,
        },
        s.kind === 'turret' ? RULES.turretRange : RULES.adjacentShot,
      );
    if (shieldedFrom(d.rs, target.hexes, s.hexes, target.id))
      d.refuse(
        'shielded',
        {
          en: 'A shield field covers the target from outside it',
          ru: 'Цель закрыта защитным полем от выстрелов снаружи',
        },
        RULES.shieldField,
      );
    const step = [0, 1, 2, 3, 4, 5].find((k) => hexKey(add(from, dir(k))) === hexKey(to));
    trench.push(step !== undefined && trenchOnEdge(d.rs, from, step));
  }
  spendAp(
    d,
    shooters.length,
    shooters.length > 1
      ? { en: 'A joint attack', ru: 'Совместная атака' }
      : { en: 'A shot', ru: 'Выстрел' },
    shooters.length > 1 ? RULES.jointAttack : RULES.adjacentShot,
  );
  const die = d.options.groundDie;
  const attackRolls = shooters.map((s) =>
    d.roll(
      'ground:attack',
      Array.from({ length: s.kind === 'walker' ? 2 : 1 }, () => die),
    ),
  );
  const attackValue =
    attackRolls.reduce((sum, faces, i) => {
      const one =
        faces.length > 1 && d.options.walkerDice === 'best'
          ? Math.max(...faces)
          : faces.reduce((a, b) => a + b, 0);
      const perAttacker = d.options.trenchPenalty === 'per-attacker';
      return sum + one - (perAttacker && trench[i] ? 2 : 0);
    }, 0) - (d.options.trenchPenalty === 'per-attack' && trench.some(Boolean) ? 2 : 0);
  const defenceDice = target.kind === 'fighter' ? 2 : 1;
  const defenceRoll = d.roll(
    'ground:defence',
    Array.from({ length: defenceDice }, () => die),
  );
  const defence =
    defenceRoll.length > 1 && d.options.walkerDice === 'best'
      ? Math.max(...defenceRoll)
      : defenceRoll.reduce((a, b) => a + b, 0);
  // A joint attack hits unless the defender rolls at least the sum (G3.12); whether a
  // defender beating it counter-hits the unit that opened it is option jointCounterHit.
  const counters = shooters.length === 1 || d.options.jointCounterHit === 'leader';
  const outcome: 'hit' | 'counter-hit' | 'draw' =
    attackValue > defence
      ? 'hit'
      : defence > attackValue && target.isUnit && counters
        ? 'counter-hit'
        : 'draw';
  d.own('GroundAttack', {
    attackers: shooters.map((s) => s.id),
    target: target.id,
    attackRolls,
    defenceRoll,
    trench: trench.some(Boolean),
    attack: attackValue,
    defence,
    outcome,
  });
  if (outcome === 'hit') shotHits(d, target.id, d.seat);
  if (outcome === 'counter-hit') shotHits(d, shooters[0].id, target.legion);
}

const usesLeft = (rs: Readonly<SwState>, legion: string, name: string): number => {
  const l = rs.legions.find((x) => x.seat === legion);
  const person = l?.roster.find((p) => p.name === name);
  return l && person ? (person.level ?? 1) - (own(l.usesSpent, name) ?? 0) : 0;
};

/**
 * A shot hits (G3.8): the unit's Sword Master may first try to deflect it (G3.11.2, option
 * deflectUnits), else the hit lands.
 */
function shotHits(d: SwDraft, piece: string, shooter: string): void {
  const unit = own(d.rs.ground.units, piece);
  const master =
    unit && (d.options.deflectUnits === 'squad' || unit.kind === 'infantry')
      ? specialistFor(d.rs, unit, 'sword-master', true)
      : undefined;
  if (unit && master) {
    d.own('ReactionAwaited', {
      kind: 'deflect',
      legion: unit.legion,
      by: master.name,
      unit: unit.id,
      unitKind: unit.kind,
      hexes: unit.hexes,
      squad: unit.squad,
      shooter,
    });
    return;
  }
  landHit(d, piece, shooter, false);
}

/**
 * The hit lands; an infantry unit it destroys waits for its Medic (G3.11.1); `first` when a
 * Sword Master's answer let it land, so the Medic answers before the rest of the queue.
 */
function landHit(d: SwDraft, piece: string, shooter: string, first: boolean): void {
  const found = own(d.rs.ground.units, piece);
  const unit = found ? structuredClone(found) : undefined;
  applyHits(d, [{ piece, hits: 1 }], shooter);
  if (!unit || unit.kind !== 'infantry' || own(d.rs.ground.units, piece) || d.finished) return;
  awaitMedic(d, unit, shooter, first);
}

/** The reaction answered now is declined: a hit a Sword Master did not deflect lands. */
function declineReaction(d: SwDraft, byGm: boolean): void {
  const r = waitingReaction(d.rs);
  if (!r) return;
  d.own('ReactionDeclined', {
    kind: r.kind,
    legion: r.legion,
    unit: r.unit,
    ...(byGm ? { byGm: true as const } : {}),
  });
  if (r.kind === 'deflect') landHit(d, r.unit, r.shooter, true);
}

/**
 * The Game Master closes the reaction answered now as declined: the text has the legion turn
 * to him «сразу» (G3.11), so a reaction not claimed is not claimed. A declined deflection can
 * leave a Medic's reaction on the same unit first in the queue, which closes with it; the
 * reactions queued after it wait for their own answer.
 */
export function closeWaitingReaction(d: SwDraft): void {
  const unit = waitingReaction(d.rs)?.unit;
  for (let closed = 0; closed < 2 && waitingReaction(d.rs)?.unit === unit && !d.finished; closed++)
    declineReaction(d, true);
}

/** The Game Master's end of the ground turn closes every reaction waiting (option unansweredReaction). */
export function closeWaitingReactions(d: SwDraft): void {
  // Each reaction closes with at most one follow-on (a deflection's Medic): a bounded loop.
  const most = d.rs.ground.reactions.length * 2;
  for (let closed = 0; closed < most && waitingReaction(d.rs) && !d.finished; closed++)
    declineReaction(d, true);
}

/** The hit legion's specialist answers the reaction first in the queue: reacts (5 or 6 succeeds) or declines (G3.11). */
function react(d: SwDraft, accept: boolean): void {
  const r = waitingReaction(d.rs);
  if (!r || r.legion !== d.seat)
    return d.refuse(
      'no_reaction',
      {
        en: 'No shot waits for a Sword Master or Medic of your legion',
        ru: 'Реакции Мастера меча или Медика вашего легиона не ждёт ни один выстрел',
      },
      RULES.deflectWhen,
    );
  if (!accept) return declineReaction(d, false);
  const left = usesLeft(d.rs, r.legion, r.by) - 1;
  if (r.kind === 'deflect') {
    const [face] = d.roll('ground:deflect', [d.options.groundDie]);
    const deflected = face === 5 || face === 6;
    d.own('Deflect', { unit: r.unit, master: r.by, face, deflected, usesLeft: left });
    if (!deflected) landHit(d, r.unit, r.shooter, true);
    return;
  }
  const hexes = healedHexes(d, r.hexes);
  if (!hexes)
    d.refuse(
      'hex_taken',
      d.options.medicHeal === 'nearest-free'
        ? {
            en: 'No ground hex is free for the healed infantry',
            ru: 'Для вылеченной пехоты нет свободного гекса',
          }
        : {
            en: "The infantry's hex is taken: it cannot return there (option medicHeal)",
            ru: 'Гекс пехоты занят: вернуться туда она не может (по настройкам матча)',
          },
      RULES.medicHeal,
    );
  const [face] = d.roll('ground:medic', [d.options.groundDie]);
  const healed = face === 5 || face === 6;
  d.own('MedicHeal', { unit: r.unit, medic: r.by, face, healed, usesLeft: left });
  if (healed)
    d.own('UnitPlaced', {
      unit: r.unit,
      legion: r.legion,
      kind: r.unitKind,
      hexes,
      squad: r.squad,
    });
}

/**
 * Where a healed infantry unit returns: its place (G3.11.1); that hex taken, nowhere (option
 * medicHeal refused) or the free ground hex nearest to it (nearest-free; ties in map order).
 */
function healedHexes(d: SwDraft, place: Hex[]): Hex[] | undefined {
  const taken = groundTaken(d.rs);
  if (!place.some((h) => taken.has(hexKey(h)))) return place;
  if (d.options.medicHeal !== 'nearest-free' || place.length !== 1) return undefined;
  let best: Hex | undefined;
  for (const c of Object.values(d.rs.ground.cells))
    if (!taken.has(hexKey(c)) && (!best || distance(c, place[0]) < distance(best, place[0])))
      best = c;
  return best ? [{ q: best.q, r: best.r }] : undefined;
}

function digTrench(d: SwDraft, p: SwTrenchParams): void {
  d.requireTurn('ground');
  const unit = unitOf(d, p.unit);
  if (unit.kind !== 'infantry')
    d.refuse(
      'not_infantry',
      { en: 'Only infantry digs trenches', ru: 'Окопы роет только пехота' },
      RULES.trench,
    );
  if (p.sides[0] === p.sides[1])
    d.refuse(
      'two_sides',
      { en: 'A trench covers two sides of the hex', ru: 'Окоп закрывает две разные стороны гекса' },
      RULES.trench,
    );
  spendAp(d, 1, { en: 'A trench', ru: 'Окоп' }, RULES.trench);
  d.own('TrenchDug', { unit: unit.id, hex: unit.hexes[0], sides: p.sides });
}

function shootTrench(d: SwDraft, p: SwShootTrenchParams): void {
  d.requireTurn('ground');
  const s = shooterOf(d, p.unit);
  if (s.kind === 'infantry')
    d.refuse(
      'cannot_hit_trench',
      {
        en: 'Only walkers, fighters and turrets destroy trenches',
        ru: 'Окопы уничтожают только шагоходы, истребители и турели',
      },
      RULES.trenchDestroy,
    );
  const hex = d.cell(p.hex, 'ground');
  if (!own(d.rs.ground.trenches, hexKey(hex)))
    d.refuse(
      'no_trench',
      { en: 'There is no trench there', ru: 'Там нет окопа' },
      RULES.trenchDestroy,
    );
  if (nearest(s.hexes, [hex]).far > reachOf(s))
    d.refuse(
      'out_of_reach',
      { en: 'The trench is out of reach', ru: 'Окоп вне досягаемости' },
      RULES.adjacentShot,
    );
  spendAp(d, 1, { en: 'A shot', ru: 'Выстрел' }, RULES.adjacentShot);
  const [face] = d.roll('ground:trench', [d.options.groundDie]);
  if (face >= 4) d.own('TrenchDestroyed', { hex, face, by: s.id });
  else d.own('TrenchShotMissed', { hex, face, by: s.id });
}

function fireCannon(d: SwDraft, p: SwCannonParams): void {
  d.requireTurn('ground');
  const centres = Object.values(d.rs.ground.support).filter(
    (s) => s.legion === d.seat && s.kind === ('comm-centre' as SupportKind),
  );
  if (centres.length < 2)
    d.refuse(
      'two_centres',
      {
        en: 'The orbital cannon needs two working communications centres',
        ru: 'Орбитальной пушке нужны два работающих центра связи',
      },
      RULES.orbitalCannonCentres,
    );
  const cell = d.cell(p.cell, 'space');
  const kind = spaceKind(d.rs, cell);
  if (kind !== 'orbit' && kind !== 'orbit-light')
    d.refuse(
      'not_orbit',
      {
        en: 'The cannon fires at a cell of the orbit zone',
        ru: 'Пушка стреляет по клетке зоны орбиты',
      },
      RULES.orbitalCannonHit,
    );
  spendAp(
    d,
    ORBITAL_CANNON_AP,
    { en: 'The orbital cannon', ru: 'Орбитальная пушка' },
    RULES.orbitalCannon,
  );
  const on = spaceOccupancy(d.rs).get(hexKey(cell))?.ship;
  d.own('OrbitalCannonFired', {
    legion: d.seat,
    cell,
    ...(on ? { ship: on.id, deck: on.deck } : {}),
  });
  if (!on) return;
  const ship = own(d.rs.space.ships, on.id);
  if (!ship) return;
  if (d.options.cannonShields === 'shields-first' && ship.shields > 0)
    d.own('ShipDamaged', {
      ship: ship.id,
      shields: ship.shields - 1,
      decksLost: [],
      cause: 'cannon',
    });
  else {
    // Whether the cannon's kill scores for the legion that fired it (option cannonKill).
    const by = d.options.cannonKill === 'the-legion' ? d.seat : undefined;
    loseDecks(d, ship, ship.decks.length === 1 ? [1] : [on.deck], 'cannon', by);
  }
}

const myUnits = (ctx: { rs: Readonly<SwState>; seat: string }) =>
  Object.values(ctx.rs.ground.units).filter((u) => u.legion === ctx.seat);
const enemies = (ctx: { rs: Readonly<SwState>; seat: string }) => [
  ...Object.values(ctx.rs.ground.units)
    .filter((u) => u.legion !== ctx.seat)
    .map((u) => u.id),
  ...Object.values(ctx.rs.ground.support)
    .filter((u) => u.legion !== ctx.seat)
    .map((u) => u.id),
  ...Object.values(ctx.rs.ground.generators)
    .filter((g) => g.legion !== ctx.seat && !g.destroyed)
    .map((g) => g.id),
];

const reacting = (ctx: { rs: Readonly<SwState>; seat: string }): boolean =>
  waitingReaction(ctx.rs)?.legion === ctx.seat;

/**
 * The field choices of the Star Wars moves (issue 39): a seat moves only its own ships and
 * units, named as the board names them («Эсминец 8», «Пехота 3»), then builds the steps from
 * those the rules accept next (the match tries each with the decider: decisionChoices).
 */

const UNIT_NAMES: Record<string, LocalizedText> = {
  infantry: { en: 'Infantry', ru: 'Пехота' },
  walker: { en: 'Walker', ru: 'Шагоход' },
  fighter: { en: 'Fighter', ru: 'Истребитель' },
};

const at = (h: Hex): string => `(${h.q}, ${h.r})`;

/** Move a ground unit: the seat's units, then the hex each next step leads to. */
const moveUnitChoices: ChoicesOf<SwState> = (ctx, chosen) => {
  const units = Object.values(ctx.rs.ground.units).filter((u) => u.legion === ctx.seat);
  const nameOf = (id: string, kind: string): LocalizedText => {
    const name = pieceName(id);
    return name.ru === id ? (UNIT_NAMES[kind] ?? name) : name;
  };
  const values: ChoiceValue[] = units
    .map((u) => ({
      value: u.id,
      name: nameOf(u.id, u.kind),
      hint: {
        en: `at ${at(u.hexes[0])}, ${UNITS[u.kind].hexes} hex`,
        ru: `на гексе ${at(u.hexes[0])}`,
      },
    }))
    .sort(byName());
  const unit = units.find((u) => u.id === chosen.unit);
  if (!unit) return [{ path: 'unit', pick: 'one', values }];
  const steps = Array.isArray(chosen.steps) ? (chosen.steps as unknown[]) : [];
  let here = unit.hexes[0];
  for (const step of steps) if (typeof step === 'number') here = add(here, dir(step));
  return [
    { path: 'unit', pick: 'one', values },
    {
      path: 'steps',
      pick: 'sequence',
      max: 30,
      values: [0, 1, 2, 3, 4, 5].map((d) => {
        const to = add(here, dir(d));
        return { value: d, name: { en: `To hex ${at(to)}`, ru: `На гекс ${at(to)}` } };
      }),
    },
  ];
};

const ITEM_NAMES: Record<ProductionItem, LocalizedText> = {
  infantry: { en: 'Infantry', ru: 'Пехота' },
  walker: { en: 'Walker', ru: 'Шагоход' },
  turret: { en: 'Turret', ru: 'Турель' },
  'shield-field': { en: 'Shield field', ru: 'Защитное поле' },
  'comm-centre': { en: 'Communications centre', ru: 'Центр связи' },
};

/** A legionnaire of the seat's legion by the name the mission gives him. */
function legionnaires(ctx: Parameters<ChoicesOf<SwState>>[0], map: 'space' | 'ground') {
  return (ctx.rs.legions.find((l) => l.seat === ctx.seat)?.roster ?? [])
    .filter((p) => p.map === map)
    .map((p) => ({ value: p.name, name: p.title ?? { en: p.name, ru: p.name } }));
}

/**
 * Queue production: what is produced, then, for a unit, the squad it joins (the legion's
 * ground legionnaires, by name), for a support means the hex where it appears (the free hexes
 * of the ground map next to the legion's generators and support means).
 */
const queueProductionChoices: ChoicesOf<SwState> = (ctx, chosen) => {
  const fields: FieldChoices[] = [
    {
      path: 'item',
      pick: 'one',
      tried: true,
      values: PRODUCTION_ITEMS.map((item) => ({ value: item, name: ITEM_NAMES[item] })),
    },
  ];
  const item = PRODUCTION_ITEMS.find((i) => i === chosen.item);
  if (!item) return fields;
  if (item === 'infantry' || item === 'walker') {
    fields.push({
      path: 'squad',
      pick: 'one',
      tried: true,
      required: true,
      values: legionnaires(ctx, 'ground'),
    });
    return fields;
  }
  const anchors = [
    ...Object.values(ctx.rs.ground.generators)
      .filter((g) => g.legion === ctx.seat && !g.destroyed)
      .flatMap((g) => g.hexes),
    ...Object.values(ctx.rs.ground.support)
      .filter((s) => s.legion === ctx.seat)
      .map((s) => s.hex),
  ];
  const hexes = Object.keys(ctx.rs.ground.cells)
    .map((key) => {
      const [q, r] = key.split(':').map(Number);
      return { q, r };
    })
    .filter((h) => anchors.some((a) => distance(a, h) <= 2))
    .sort((a, b) => a.q - b.q || a.r - b.r)
    .map((h) => ({
      value: `g:${h.q}:${h.r}`,
      name: { en: `Hex ${at(h)}`, ru: `Гекса ${at(h)}` },
    }));
  fields.push({ path: 'hex', pick: 'one', tried: true, required: true, values: hexes });
  return fields;
};

/** A ground shot: the pieces that may shoot, what they reach, who joins (G3.8-G3.12). */
const attackChoices: ChoicesOf<SwState> = (ctx, chosen) => {
  const { ground } = ctx.rs;
  const shooters = [
    ...Object.values(ground.units)
      .filter((u) => u.legion === ctx.seat && u.shots < UNITS[u.kind].shots)
      .map((u) => ({ id: u.id, kind: u.kind as string, hexes: u.hexes, reach: 1 })),
    ...Object.values(ground.support)
      .filter((s) => s.legion === ctx.seat && s.kind === 'turret')
      .map((s) => ({ id: s.id, kind: 'turret', hexes: [s.hex], reach: 2 })),
  ];
  const targets = [
    ...Object.values(ground.units)
      .filter((u) => u.legion !== ctx.seat)
      .map((u) => ({ id: u.id, kind: u.kind as string, hexes: u.hexes })),
    ...Object.values(ground.support)
      .filter((s) => s.legion !== ctx.seat)
      .map((s) => ({ id: s.id, kind: s.kind as string, hexes: [s.hex] })),
    ...Object.values(ground.generators)
      .filter((g) => g.legion !== ctx.seat && !g.destroyed)
      .map((g) => ({ id: g.id, kind: 'generator', hexes: g.hexes })),
  ];
  const apartOf = (a: readonly Hex[], b: readonly Hex[]) =>
    Math.min(...a.flatMap((x) => b.map((y) => distance(x, y))));
  type Piece = { id: string; kind: string; hexes: readonly Hex[] };
  const reaches = (s: (typeof shooters)[number], t: Piece) => apartOf(s.hexes, t.hexes) <= s.reach;
  const nameOf = (p: Piece): LocalizedText => {
    const name = pieceName(p.id);
    return name.ru === p.id
      ? (ITEM_NAMES[p.kind as ProductionItem] ?? UNIT_NAMES[p.kind] ?? name)
      : name;
  };
  const shooterValues = shooters
    .filter((s) => targets.some((t) => reaches(s, t)))
    .map((s) => ({
      value: s.id,
      name: nameOf(s),
      hint: { en: `at ${at(s.hexes[0])}`, ru: `на гексе ${at(s.hexes[0])}` },
    }))
    .sort(byName());
  const fields: FieldChoices[] = [
    { path: 'unit', pick: 'one', tried: true, values: shooterValues },
  ];
  const shooter = shooters.find((s) => s.id === chosen.unit);
  if (!shooter) return fields;
  fields.push({
    path: 'target',
    pick: 'one',
    tried: true,
    values: targets
      .filter((t) => reaches(shooter, t))
      .map((t) => ({
        value: t.id,
        name: nameOf(t),
        hint: { en: `at ${at(t.hexes[0])}`, ru: `на гексе ${at(t.hexes[0])}` },
      }))
      .sort(byName()),
  });
  const target = targets.find((t) => t.id === chosen.target);
  if (!target) return fields;
  fields.push({
    path: 'join',
    pick: 'many',
    min: 0,
    max: 5,
    tried: true,
    values: shooters
      .filter((s) => s.id !== shooter.id && reaches(s, target))
      .map((s) => ({ value: s.id, name: nameOf(s) }))
      .sort(byName()),
  });
  return fields;
};

/**
 * Who takes each decision of the ground: the legion's ground squad (II 1.1); a reaction by
 * the Sword Master or Medic it waits for, from his own role's seat (G3.11).
 */
export const GROUND_ROLES: Record<string, RoleRule> = {
  react: { roles: ROLE_SEATS, who: byReaction },
  'decline-reaction': { roles: ROLE_SEATS, who: byReaction },
  'queue-production': { roles: ['ground'], who: fixed('ground') },
  'move-unit': { roles: ['ground'], who: fixed('ground') },
  attack: { roles: ['ground'], who: fixed('ground') },
  'dig-trench': { roles: ['ground'], who: fixed('ground') },
  'shoot-trench': { roles: ['ground'], who: fixed('ground') },
  'fire-cannon': { roles: ['ground'], who: fixed('ground') },
};

export const groundDecisions: Record<string, DecisionSpec<SwState, never>> = withRoleSeats(
  GROUND_ROLES,
  {
    react: swDecision<SwNoParams>({
      summary: {
        en: 'Sword Master deflects or Medic heals (5 or 6)',
        ru: 'Мастер меча отражает или медик лечит (5 или 6)',
      },
      params: SwNoParams,
      example: {},
      turn: 'any',
      available: reacting,
      decide: (d) => react(d, true),
    }),
    'decline-reaction': swDecision<SwNoParams>({
      summary: {
        en: 'Let the hit land, or leave the infantry dead',
        ru: 'Не отражать выстрел / не лечить',
      },
      params: SwNoParams,
      example: {},
      turn: 'any',
      available: reacting,
      decide: (d) => react(d, false),
    }),
    'gm-decline-reaction': swDecision<SwNoParams>({
      summary: {
        en: 'Game Master: the reaction was not claimed at once',
        ru: 'Мастер игры: реакция не заявлена сразу',
      },
      params: SwNoParams,
      example: {},
      turn: 'any',
      by: 'judge',
      available: (ctx) => waitingReaction(ctx.rs) !== undefined,
      decide(d) {
        d.requireGm();
        if (!waitingReaction(d.rs))
          d.refuse(
            'no_reaction',
            {
              en: 'No shot waits for a Sword Master or Medic',
              ru: 'Реакции Мастера меча или Медика не ждёт ни один выстрел',
            },
            RULES.reactionAtOnce,
          );
        closeWaitingReaction(d);
      },
    }),
    'queue-production': swDecision<SwQueueParams>({
      summary: { en: 'Queue a unit or support means', ru: 'Поставить в очередь производства' },
      params: SwQueueParams,
      example: { item: 'infantry', squad: 'Legion I ground commander' },
      choices: queueProductionChoices,
      turn: 'any',
      available: (ctx) => mayAct(ctx, 'ground'),
      examples: (ctx) => {
        const squad = ctx.rs.legions
          .find((l) => l.seat === ctx.seat)
          ?.roster.find((p) => p.map === 'ground')?.name;
        return squad ? [{ item: 'infantry', squad }] : [];
      },
      decide: queue,
    }),
    'move-unit': swDecision<SwUnitMoveParams>({
      summary: {
        en: 'Move a ground unit (1 action point a hex)',
        ru: 'Переместить юнит (1 очко за гексу)',
      },
      params: SwUnitMoveParams,
      example: { unit: 'infantry-3', steps: [3, 3] },
      choices: moveUnitChoices,
      turn: 'any',
      available: (ctx) => mayAct(ctx, 'ground'),
      examples: (ctx) =>
        myUnits(ctx).flatMap((u) => [0, 1, 2, 3, 4, 5].map((k) => ({ unit: u.id, steps: [k] }))),
      decide: moveUnit,
    }),
    attack: swDecision<SwAttackParams>({
      summary: {
        en: 'Shoot: an opposed roll (others may join)',
        ru: 'Выстрел: встречный бросок (можно вместе)',
      },
      params: SwAttackParams,
      example: { unit: 'walker-7', target: 'infantry-12', join: ['infantry-3'] },
      choices: attackChoices,
      turn: 'any',
      available: (ctx) => mayAct(ctx, 'ground'),
      examples: (ctx) =>
        myUnits(ctx).flatMap((u) => enemies(ctx).map((target) => ({ unit: u.id, target }))),
      decide: attack,
    }),
    'dig-trench': swDecision<SwTrenchParams>({
      summary: { en: 'Infantry digs a trench (1 action point)', ru: 'Пехота роет окоп (1 очко)' },
      params: SwTrenchParams,
      example: { unit: 'infantry-3', sides: [2, 3] },
      turn: 'any',
      available: (ctx) => mayAct(ctx, 'ground'),
      examples: (ctx) =>
        myUnits(ctx)
          .filter((u) => u.kind === 'infantry')
          .map((u) => ({ unit: u.id, sides: [0, 1] })),
      decide: digTrench,
    }),
    'shoot-trench': swDecision<SwShootTrenchParams>({
      summary: {
        en: 'Shoot at a trench (destroyed on 4-6)',
        ru: 'Выстрел по окопу (4-6 — уничтожен)',
      },
      params: SwShootTrenchParams,
      example: { unit: 'walker-7', hex: 'g:1:-2' },
      turn: 'any',
      available: (ctx) => mayAct(ctx, 'ground') && Object.keys(ctx.rs.ground.trenches).length > 0,
      examples: (ctx) =>
        myUnits(ctx).flatMap((u) =>
          Object.keys(ctx.rs.ground.trenches).map((k) => ({ unit: u.id, hex: `g:${k}` })),
        ),
      decide: shootTrench,
    }),
    'fire-cannon': swDecision<SwCannonParams>({
      summary: {
        en: 'Fire the orbital cannon at an orbit cell (4 action points)',
        ru: 'Выстрел орбитальной пушки (4 очка)',
      },
      params: SwCannonParams,
      example: { cell: 's:0:-2' },
      turn: 'any',
      available: (ctx) =>
        mayAct(ctx, 'ground') &&
        Object.values(ctx.rs.ground.support).filter(
          (s) => s.legion === ctx.seat && s.kind === 'comm-centre',
        ).length >= 2,
      decide: fireCannon,
    }),
  },
);
