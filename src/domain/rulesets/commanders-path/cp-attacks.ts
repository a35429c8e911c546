import { own } from '../../shared/id-record';
import type { Piece } from '../../table/table';
import { type Weapon, type WeaponKind } from './cp-cards';
import { enemyTargets, fighters, targetInfo } from './cp-battle-flow';
import type { ManoeuvreResult, TargetRecord } from './cp-events';
import { advanceBattlePhase } from './cp-flow';
import { RULES } from './cp-rules-text';
import { enCount, refuse, ruCount } from '../kit';
import { WEAPON_NAMES } from './cp-cards';
import {
  capital,
  cardNamed,
  isTapped,
  NOVA_GEN,
  PENDING_NAMES,
  shownName,
  upperFirst,
} from './cp-words';
import type { BattleState, PendingKind } from './cp-state';
import { isDestroyed, kindOf, other, statsOf, type CpDraft } from './cp-table';
import {
  checkWeaponTarget,
  damageOf,
  hitThreshold,
  NOVA_NEED,
  novaTargetCount,
  POINT_DEFENCE_NEED,
  pointDefenceApplies,
  weaponUsable,
} from './cp-weapons';
import {
  CpAttackParams,
  CpCounterFireParams,
  CpEvadeParams,
  CpNovaShieldsParams,
  CpNovaTargetsParams,
} from './decisions/battle.params';
import {
  currentBattle,
  requireAttackTurn,
  requireEnemyTarget,
  requireFighter,
  requireRange,
  weaponOf,
} from './cp-battle-checks';
import { applyDamage } from './cp-battle-damage';
import { bombWith } from './cp-ram-board-bomb';
import { manoeuvreApplies, nextAttackId, rollManoeuvre } from './cp-manoeuvre';

/** Weapon attacks («Стандартные системы вооружения»): declared, rolled, answered, resolved. */

// ---------------------------------------------------------------------------------------
// Weapon attacks
// ---------------------------------------------------------------------------------------

export interface AttackSpec {
  attackId: string;
  seat: string;
  attacker: string;
  weapon: WeaponKind;
  targets: string[];
  counter?: boolean;
  newAttack: boolean;
  hits?: { faces: number[]; need: number; hits: number };
  defence?: { faces: number[]; need: number; intercepted: number };
  manoeuvre?: Record<string, ManoeuvreResult>;
  nova?: { activation: number; countFace?: number; count?: number; fired: boolean };
  evaded?: string[];
  evasiveTarget?: string;
  novaShield?: string[];
}

export function validateTargets(
  d: CpDraft,
  b: BattleState,
  attacker: Piece,
  weapon: Weapon,
  targets: string[],
): Piece[] {
  if (weapon.kind === 'nova') {
    if (targets.length > 3)
      refuse(
        'nova_targets',
        {
          en: 'A Nova hits at most 3 ships',
          ru: `${WEAPON_NAMES.nova.ru} поражает не больше 3 кораблей`,
        },
        RULES.nova,
      );
  } else if (weapon.kind === 'lasers') {
    if (targets.length < 1 || targets.length > weapon.targets)
      refuse(
        'laser_targets',
        {
          en: `Lasers ${weapon.text} hit 1 to ${weapon.targets} different targets`,
          ru: `${upperFirst(weapon.text)}: лазеры поражают от 1 до ${ruCount(weapon.targets, 'разной цели', 'разных целей', 'разных целей')}`,
        },
        RULES.lasers,
      );
  } else if (targets.length !== 1) {
    refuse(
      'one_target',
      {
        en: `${weapon.text} attacks exactly one target`,
        ru: `${upperFirst(weapon.text)}: это оружие атакует ровно одну цель`,
      },
      RULES.oneWeapon,
    );
  }
  if (new Set(targets).size !== targets.length)
    refuse(
      'same_target_twice',
      {
        en: 'Each target is attacked once (lasers never fire twice at one ship)',
        ru: 'Каждую цель атакуют один раз (лазеры не стреляют дважды по одному кораблю)',
      },
      RULES.lasers,
    );
  const maserUnshielded = d.options.maserUnshielded;
  const disabled = d.rs.battlePhase?.novaDamaged.includes(attacker.id) ?? false;
  return targets.map((id) => {
    const target = requireEnemyTarget(d, b, id);
    const check = checkWeaponTarget(
      weapon,
      statsOf(attacker),
      disabled,
      targetInfo(d, target),
      maserUnshielded,
    );
    if (!check.ok) refuse(check.code, check.message, check.ruleRef);
    return target;
  });
}

export function attack(d: CpDraft, p: CpAttackParams): void {
  const b = currentBattle(d);
  requireAttackTurn(d, b);
  const attacker = requireFighter(d, b, p.ship);
  const weapon = weaponOf(attacker, p.weapon);
  requireRange(attacker, weapon, b.distance);
  if (weapon.kind === 'bombs') {
    bombWith(d, b, [p.ship], p.targets[0] ?? '');
    return;
  }
  const targets = validateTargets(d, b, attacker, weapon, p.targets);
  d.tap(attacker.id);
  const spec: AttackSpec = {
    attackId: nextAttackId(b),
    seat: d.seat,
    attacker: attacker.id,
    weapon: weapon.kind,
    targets: targets.map((t) => t.id),
    newAttack: true,
  };
  runAttack(d, b, spec, attacker, weapon, targets, p);
}

/** Rolls what the weapon needs, then resolves the attack or waits for the defender's choice. */
export function runAttack(
  d: CpDraft,
  b: BattleState,
  spec: AttackSpec,
  attacker: Piece,
  weapon: Weapon,
  targets: Piece[],
  dice: {
    hitFaces?: number[];
    defenceFaces?: number[];
    manoeuvreFaces?: number[];
    novaFaces?: number[];
    targets?: string[];
  },
): void {
  if (weapon.kind === 'nova') {
    novaAttack(d, b, spec, weapon, dice.novaFaces, dice.targets ?? []);
    return;
  }
  if (!spec.counter) {
    const light = targets.filter((t) => manoeuvreApplies(attacker, t, weapon.kind, b.distance));
    if (light.length > 0) {
      if (dice.manoeuvreFaces && dice.manoeuvreFaces.length !== light.length * 2)
        refuse(
          'reported_dice_count',
          {
            en: `The manoeuvre rolls 2 dice per light target: ${light.length * 2} faces`,
            ru: `При маневрировании бросают по 2 кубика на каждую лёгкую цель: нужно ${ruCount(light.length * 2, 'значение', 'значения', 'значений')}`,
          },
          RULES.manoeuvre,
        );
      spec.manoeuvre = {};
      light.forEach((t, i) => {
        spec.manoeuvre![t.id] = rollManoeuvre(
          d,
          attacker,
          t,
          dice.manoeuvreFaces?.slice(i * 2, i * 2 + 2),
        );
      });
    }
  }
  if (weapon.kind === 'missiles' || weapon.kind === 'torpedoes') {
    const need = hitThreshold(weapon, b.distance);
    const faces = d.rollD6(`cp:${weapon.kind}`, weapon.count, dice.hitFaces, {
      en: `${weapon.text} hit dice`,
      ru: `Кубики попадания (${weapon.text})`,
    });
    const hits = faces.filter((f) => f >= need).length;
    spec.hits = { faces, need, hits };
    const target = targets[0];
    if (hits > 0 && pointDefenceApplies(weapon, b.distance, statsOf(target))) {
      const defender = shownName(target);
      const pd = d.rollD6('cp:point-defence', hits, dice.defenceFaces, {
        en: `Point defence of ${defender.en}`,
        ru: `ПРО (${defender.ru})`,
      });
      spec.defence = {
        faces: pd,
        need: POINT_DEFENCE_NEED,
        intercepted: pd.filter((f) => f >= POINT_DEFENCE_NEED).length,
      };
    } else if (dice.defenceFaces && dice.defenceFaces.length > 0) {
      refuse(
        'no_point_defence',
        {
          en: 'No point defence is rolled for this attack: leave defenceFaces out',
          ru: 'ПРО в этой атаке не бросают: не указывайте кубики ПРО',
        },
        RULES.pointDefence,
      );
    }
  } else if (dice.hitFaces?.length || dice.defenceFaces?.length) {
    refuse(
      'no_hit_dice',
      {
        en: `${weapon.text} rolls no hit dice`,
        ru: `${upperFirst(weapon.text)}: для этого оружия кубики попадания не бросают`,
      },
      RULES.oneWeapon,
    );
  }
  const evasive = evasionChoice(d, b, spec, weapon, targets);
  if (evasive) {
    d.own('AttackPending', {
      battle: b.id,
      attackId: spec.attackId,
      kind: 'evasive',
      awaiting: evasive.owner,
      target: evasive.id,
      newAttack: spec.newAttack,
      attack: { ...spec, evasiveTarget: evasive.id } as unknown as Record<string, unknown>,
      ruleRef: RULES.evasive,
    });
    return;
  }
  finishAttack(d, b, spec);
}

export function evasionChoice(
  d: CpDraft,
  b: BattleState,
  spec: AttackSpec,
  weapon: Weapon,
  targets: Piece[],
): Piece | undefined {
  if (weapon.kind !== 'plasma' && weapon.kind !== 'maser') return undefined;
  if (b.distance === 'short') return undefined;
  const whenTapped = d.options.evasiveWhenTapped;
  return targets.find(
    (t) =>
      kindOf(t) === 'ship' &&
      statsOf(t).evasive &&
      (whenTapped || t.status !== 'tapped') &&
      !(spec.evaded ?? []).includes(t.id),
  );
}

export function finishAttack(d: CpDraft, b: BattleState, spec: AttackSpec): void {
  const attacker = own(d.table.pieces, spec.attacker)!;
  const weapon = statsOf(attacker).weapons.find((w) => w.kind === spec.weapon) as Weapon;
  const maserUnshielded = d.options.maserUnshielded;
  const records: TargetRecord[] = [];
  for (const id of spec.targets) {
    const target = own(d.table.pieces, id);
    if (!target || isDestroyed(target)) continue;
    const info = targetInfo(d, target);
    const hits = spec.hits ? spec.hits.hits - (spec.defence?.intercepted ?? 0) : undefined;
    let formula = damageOf(weapon, info, {
      hits,
      maserUnshielded,
      novaShield: spec.novaShield?.includes(id),
    });
    const evaded = spec.evaded?.includes(id) ?? false;
    const manoeuvre = spec.manoeuvre?.[id];
    if (evaded || manoeuvre?.outcome === 'no-damage')
      formula = {
        ...formula,
        applied: 0,
        formula: `${formula.formula} → 0 (${evaded ? 'evasive manoeuvre' : 'light-ship manoeuvre lost'})`,
        ruleRef: evaded ? RULES.evasive : RULES.manoeuvre,
      };
    const result = applyDamage(
      d,
      b,
      target,
      formula.applied,
      `damage: ${spec.weapon} of ${attacker.id}`,
    );
    records.push({
      piece: id,
      name: info.stats.name,
      ...formula,
      ...result,
      ...(evaded ? { evaded: true } : {}),
      ...(manoeuvre ? { manoeuvre } : {}),
      ...(spec.defence ? { pointDefence: spec.defence } : {}),
      ...(spec.novaShield?.includes(id) ? { shieldSacrificed: true } : {}),
    });
  }
  d.own('AttackResolved', {
    battle: b.id,
    attackId: spec.attackId,
    seat: spec.seat,
    round: b.round,
    distance: b.distance,
    attacker: { piece: spec.attacker, name: statsOf(attacker).name },
    weapon: { kind: weapon.kind, text: weapon.text },
    ...(spec.hits ? { hitDice: spec.hits } : {}),
    ...(spec.nova ? { nova: spec.nova } : {}),
    ...(spec.counter ? { counter: true } : {}),
    newAttack: spec.newAttack,
    targets: records,
    ruleRef: records[0]?.ruleRef ?? RULES.oneWeapon,
  });
  // A light target that out-manoeuvred the attacker by 4 may fire back.
  for (const [id, m] of Object.entries(spec.manoeuvre ?? {})) {
    if (!m.counter) continue;
    const target = own(d.table.pieces, id);
    if (!target || isDestroyed(target) || isDestroyed(attacker)) continue;
    const free = d.options.counterFire === 'free';
    const weapons = statsOf(target).weapons.filter(
      (w) => weaponUsable(w, 'short') && w.kind !== 'bombs',
    );
    if (weapons.length === 0 || (!free && target.status === 'tapped')) continue;
    d.own('AttackPending', {
      battle: b.id,
      attackId: `${spec.attackId}-counter`,
      kind: 'counter-fire',
      awaiting: target.owner,
      newAttack: false,
      attack: { from: id, at: spec.attacker },
      ruleRef: RULES.manoeuvreCounter,
    });
    return;
  }
}

export function novaAttack(
  d: CpDraft,
  b: BattleState,
  spec: AttackSpec,
  weapon: Weapon,
  faces: number[] | undefined,
  preferred: string[],
): void {
  const [activation] = d.rollD6('cp:nova', 1, faces ? faces.slice(0, 1) : undefined, {
    en: 'Nova activation',
    ru: `Срабатывание ${NOVA_GEN}`,
  });
  if (activation < NOVA_NEED) {
    if (faces && faces.length > 1)
      refuse(
        'reported_dice_count',
        {
          en: 'The Nova did not fire: report only the activation die',
          ru: `${WEAPON_NAMES.nova.ru} не сработала: укажите только кубик срабатывания`,
        },
        RULES.nova,
      );
    spec.nova = { activation, fired: false };
    spec.targets = [];
    finishAttack(d, b, spec);
    return;
  }
  if (faces && faces.length !== 2)
    refuse(
      'reported_dice_count',
      {
        en: 'The Nova fired: report the target-count die too',
        ru: `${WEAPON_NAMES.nova.ru} сработала: укажите и кубик числа целей`,
      },
      RULES.nova,
    );
  const [countFace] = d.rollD6('cp:nova', 1, faces ? faces.slice(1, 2) : undefined, {
    en: 'Nova target count',
    ru: `Число целей ${NOVA_GEN}`,
  });
  const count = novaTargetCount(countFace);
  spec.nova = { activation, countFace, count, fired: true };
  const candidates = novaCandidates(d, b, spec.seat, weapon);
  if (candidates.length <= count) spec.targets = candidates.map((c) => c.id);
  else if (preferred.length >= count) spec.targets = preferred.slice(0, count);
  else {
    d.own('AttackPending', {
      battle: b.id,
      attackId: spec.attackId,
      kind: 'nova-targets',
      awaiting: spec.seat,
      newAttack: spec.newAttack,
      attack: spec as unknown as Record<string, unknown>,
      count,
      ruleRef: RULES.novaTargets,
    });
    return;
  }
  askNovaShields(d, b, { ...spec, newAttack: spec.newAttack });
}

export function novaCandidates(d: CpDraft, b: BattleState, seat: string, weapon: Weapon): Piece[] {
  const maserUnshielded = d.options.maserUnshielded;
  const attacker = fighters(d, b, seat)[0];
  return enemyTargets(d, b, seat).filter(
    (t) =>
      checkWeaponTarget(
        weapon,
        attacker ? statsOf(attacker) : statsOf(t),
        false,
        targetInfo(d, t),
        maserUnshielded,
      ).ok,
  );
}

export function askNovaShields(d: CpDraft, b: BattleState, spec: AttackSpec): void {
  const shielded = spec.targets.filter((id) => {
    const t = own(d.table.pieces, id);
    return t && statsOf(t).shield && !(d.rs.battlePhase?.novaDamaged.includes(id) ?? false);
  });
  if (shielded.length === 0) {
    finishAttack(d, b, spec);
    return;
  }
  d.own('AttackPending', {
    battle: b.id,
    attackId: spec.attackId,
    kind: 'nova-shields',
    awaiting: other(d.seats, spec.seat),
    newAttack: spec.newAttack,
    attack: spec as unknown as Record<string, unknown>,
    shielded,
    ruleRef: RULES.novaShield,
  });
}

export function pendingFor(d: CpDraft, kind: PendingKind): { b: BattleState; spec: AttackSpec } {
  const b = currentBattle(d);
  const pending = b.pending;
  const choice = PENDING_NAMES[kind];
  if (!pending || pending.kind !== kind)
    refuse(
      'no_pending_choice',
      {
        en: `No ${choice.en} choice is open`,
        ru: `Сейчас не время выбирать: ${choice.ru}`,
      },
      RULES.attackerFirst,
    );
  if (pending.seat !== d.seat) {
    const who = d.seatName(pending.seat);
    refuse(
      'not_your_choice',
      {
        en: `The ${choice.en} choice is ${who.en}'s`,
        ru: `Выбираете не вы, а ${who.ru}: ${choice.ru}`,
      },
      RULES.attackerFirst,
    );
  }
  return { b, spec: { ...(pending.attack as unknown as AttackSpec), newAttack: false } };
}

export function evade(d: CpDraft, { evade: yes }: CpEvadeParams): void {
  const { b, spec } = pendingFor(d, 'evasive');
  const candidate = spec.evasiveTarget ?? '';
  if (yes) {
    const piece = d.piece(candidate);
    if (piece.status === 'tapped' && !d.options.evasiveWhenTapped)
      refuse(
        'tapped',
        {
          en: `${shownName(piece).en} is tapped and cannot turn again to evade`,
          ru: `${capital(shownName(piece)).ru}: корабль уже повернут и не может повернуться ещё раз, чтобы уклониться`,
        },
        RULES.tap,
      );
    if (piece.status !== 'tapped') d.tap(candidate);
    spec.evaded = [...(spec.evaded ?? []), candidate];
  }
  d.own('EvasionDecided', {
    battle: b.id,
    attackId: spec.attackId,
    ship: candidate,
    evade: yes,
    ruleRef: RULES.evasive,
  });
  finishAttack(d, b, spec);
}

export function novaTargets(d: CpDraft, { targets }: CpNovaTargetsParams): void {
  const { b, spec } = pendingFor(d, 'nova-targets');
  const count = spec.nova?.count ?? 1;
  if (targets.length !== count)
    refuse(
      'nova_targets',
      {
        en: `The Nova hits ${enCount(count, 'ship', 'ships')}: choose exactly ${count}`,
        ru: `${WEAPON_NAMES.nova.ru} поражает ${ruCount(count, 'корабль', 'корабля', 'кораблей')}: выберите ровно столько`,
      },
      RULES.novaTargets,
    );
  if (new Set(targets).size !== targets.length)
    refuse(
      'same_target_twice',
      { en: 'Choose different ships', ru: 'Выберите разные корабли' },
      RULES.novaTargets,
    );
  const attacker = d.piece(spec.attacker);
  const weapon = weaponOf(attacker, 'nova');
  const candidates = novaCandidates(d, b, spec.seat, weapon).map((c) => c.id);
  for (const t of targets)
    if (!candidates.includes(t))
      refuse(
        'not_in_battle',
        {
          en: `${cardNamed(d, t).en} is not an enemy ship in this battle`,
          ru: `${capital(cardNamed(d, t)).ru}: это не корабль противника в этом сражении`,
        },
        RULES.novaTargets,
      );
  d.own('NovaTargetsChosen', {
    battle: b.id,
    attackId: spec.attackId,
    targets,
    ruleRef: RULES.novaTargets,
  });
  askNovaShields(d, b, { ...spec, targets });
}

export function novaShields(d: CpDraft, { sacrifice }: CpNovaShieldsParams): void {
  const { b, spec } = pendingFor(d, 'nova-shields');
  for (const id of sacrifice)
    if (!spec.targets.includes(id) || !statsOf(d.piece(id)).shield)
      refuse(
        'nova_shield',
        {
          en: `${cardNamed(d, id).en} is not a shielded ship hit by this Nova`,
          ru: `${capital(cardNamed(d, id)).ru}: это не корабль со щитом среди целей этой ${NOVA_GEN}`,
        },
        RULES.novaShield,
      );
  d.own('NovaShieldsDecided', {
    battle: b.id,
    attackId: spec.attackId,
    sacrifice,
    ruleRef: RULES.novaShield,
  });
  finishAttack(d, b, { ...spec, novaShield: sacrifice });
}

export function counterFire(d: CpDraft, p: CpCounterFireParams): void {
  const b = currentBattle(d);
  const pending = b.pending;
  if (!pending || pending.kind !== 'counter-fire' || pending.seat !== d.seat)
    refuse(
      'no_pending_choice',
      {
        en: 'No counter-fire is open to this seat',
        ru: 'Сейчас ответный огонь от вас не ожидается',
      },
      RULES.manoeuvreCounter,
    );
  const from = d.piece(String(pending.attack.from));
  const at = d.piece(String(pending.attack.at));
  if (!p.weapon) {
    d.own('AttackResolved', {
      battle: b.id,
      attackId: pending.attackId,
      seat: d.seat,
      counter: true,
      declined: true,
      newAttack: false,
      attacker: { piece: from.id, name: statsOf(from).name },
      targets: [],
      ruleRef: RULES.manoeuvreCounter,
    });
    advanceBattlePhase(d);
    return;
  }
  const weapon = weaponOf(from, p.weapon);
  if (!weaponUsable(weapon, 'short') || weapon.kind === 'bombs')
    refuse(
      'out_of_range',
      {
        en: `${weapon.text} does not fire at Short range`,
        ru: `${upperFirst(weapon.text)}: это оружие не стреляет на малой дистанции`,
      },
      RULES.manoeuvreCounter,
    );
  const maserUnshielded = d.options.maserUnshielded;
  const check = checkWeaponTarget(
    weapon,
    statsOf(from),
    d.rs.battlePhase?.novaDamaged.includes(from.id) ?? false,
    targetInfo(d, at),
    maserUnshielded,
  );
  if (!check.ok) refuse(check.code, check.message, check.ruleRef);
  if (d.options.counterFire !== 'free') {
    if (from.status === 'tapped') refuse('tapped', isTapped(capital(shownName(from))), RULES.tap);
    d.tap(from.id);
  }
  const spec: AttackSpec = {
    attackId: pending.attackId,
    seat: d.seat,
    attacker: from.id,
    weapon: weapon.kind,
    targets: [at.id],
    counter: true,
    newAttack: false,
  };
  runAttack(d, b, spec, from, weapon, [at], p);
}
