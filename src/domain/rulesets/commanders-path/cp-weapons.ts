import { own } from '../../shared/id-record';
import type { Distance, ShieldType, Weapon } from './cp-cards';
import { canFireAt } from './cp-cards';
import { RULES } from './cp-rules-text';
import type { Formula, TargetKind } from './cp-events';
import type { Stats } from './cp-table';
import type { LocalizedText } from '../../shared/localized-text';
import { capital, optionChosen } from './cp-words';

/**
 * The damage formulas of the rules, as pure functions of the printed stats. Each returns
 * the formula, its inputs and its result, which the battle records in AttackResolved so a
 * judge can see why a ship died.
 */

export interface TargetInfo {
  kind: TargetKind;
  stats: Stats;
  /** A building on a planet takes 2 less from everything but bombs. */
  onPlanet: boolean;
  /** On a station (bombs cannot be used there). */
  onStation: boolean;
  /** Shield and maser lost to a Nova hit this battle phase. */
  shieldDisabled: boolean;
}

export type TargetCheck =
  { ok: true } | { ok: false; code: string; message: LocalizedText; ruleRef: string };

const MASER_FORBIDDEN: Record<ShieldType, ShieldType> = { A: 'B', B: 'C', C: 'A' };

export const ATMOSPHERE = 2;
export const POINT_DEFENCE_NEED = 5;
export const NOVA_NEED = 4;
export const RAM_EVADE_NEED = 5;
export const MANOEUVRE_COUNTER_MARGIN = 4;

/** Missile and torpedo hit thresholds by the round being fought (not by the missile class). */
export function hitThreshold(weapon: Weapon, distance: Distance): number {
  if (weapon.kind === 'missiles') return { long: 5, medium: 4, short: 2 }[distance];
  if (weapon.kind === 'torpedoes') return distance === 'short' ? 3 : 4;
  return 0;
}

/** Lasers shoot down missiles at Long and Medium, torpedoes at any range. */
export function pointDefenceApplies(weapon: Weapon, distance: Distance, target: Stats): boolean {
  const hasLasers = target.weapons.some((w) => w.kind === 'lasers');
  if (!hasLasers) return false;
  if (weapon.kind === 'missiles') return distance !== 'short';
  return weapon.kind === 'torpedoes';
}

export function novaTargetCount(face: number): number {
  return face >= 6 ? 3 : face >= 5 ? 2 : 1;
}

export function crewDefence(stats: Stats): { crew: number; bonus: number } {
  const bonus = stats.crew.quality === 'Э' ? 2 : stats.crew.quality === 'Н' ? -2 : 0;
  return { crew: stats.crew.count, bonus };
}

export function isLight(stats: Stats): boolean {
  return stats.size === 'light';
}

/** Whether the weapon may be aimed at the target at all (range is checked apart). */
export function checkWeaponTarget(
  weapon: Weapon,
  attacker: Stats,
  attackerShieldDisabled: boolean,
  target: TargetInfo,
  maserUnshielded: string,
): TargetCheck {
  const name = capital(target.stats.title);
  if (weapon.kind === 'bombs') {
    if (target.kind === 'ship' || target.kind === 'station')
      return {
        ok: false,
        code: 'bomb_target',
        message: {
          en: `Bombs attack only ground units and buildings, not ${name.en}`,
          ru: `${name.ru}: бомбы атакуют только наземные отряды и постройки`,
        },
        ruleRef: RULES.bombs,
      };
    if (target.onStation)
      return {
        ok: false,
        code: 'bomb_target',
        message: {
          en: `${name.en} stands on a station: bombs are not used there`,
          ru: `${name.ru}: карта стоит на станции, а там бомбы не применяют`,
        },
        ruleRef: RULES.bombs,
      };
    return { ok: true };
  }
  if (target.kind === 'ground-unit')
    return {
      ok: false,
      code: 'weapon_target',
      message: {
        en: `${name.en} is a ground unit: only bombs and landing reach it`,
        ru: `${name.ru}: это наземный отряд, его поражают только бомбы и десант`,
      },
      ruleRef: RULES.bombs,
    };
  if (weapon.kind === 'nova' && target.kind !== 'ship' && target.kind !== 'station')
    return {
      ok: false,
      code: 'weapon_target',
      message: {
        en: `The Nova hits enemy ships, not ${name.en}`,
        ru: `${name.ru}: “Нова” поражает только корабли противника`,
      },
      ruleRef: RULES.nova,
    };
  if ((weapon.kind === 'turbolaser' || weapon.kind === 'torpedoes') && isLight(target.stats))
    return {
      ok: false,
      code: 'light_target',
      message: {
        en: `${weapon.kind === 'turbolaser' ? 'A turbo-laser' : 'Torpedoes'} cannot attack the light ship ${name.en}`,
        ru: `${name.ru}: ${weapon.kind === 'turbolaser' ? 'турбо-лазер не может атаковать' : 'торпеды не могут атаковать'} лёгкий корабль`,
      },
      ruleRef: weapon.kind === 'turbolaser' ? RULES.turbolaser : RULES.torpedoes,
    };
  if (weapon.kind === 'maser') {
    if (attackerShieldDisabled) {
      const shooter = capital(attacker.title);
      return {
        ok: false,
        code: 'maser_disabled',
        message: {
          en: `${shooter.en} lost its shield and maser to a Nova this battle phase`,
          ru: `${shooter.ru}: в эту фазу сражения корабль потерял щит и мазер от “Новы”`,
        },
        ruleRef: RULES.novaShield,
      };
    }
    const shield = target.shieldDisabled ? undefined : target.stats.shield;
    if (!shield) {
      if (maserUnshielded === 'forbidden') {
        const option = optionChosen('maserUnshielded', maserUnshielded);
        return {
          ok: false,
          code: 'maser_unshielded',
          message: {
            en: `${name.en} has no working shield: under option ${option.en} a maser cannot target it`,
            ru: `${name.ru}: у цели нет действующего щита, а по опции ${option.ru} мазер такую цель не атакует`,
          },
          ruleRef: RULES.maser,
        };
      }
      return { ok: true };
    }
    if (own(MASER_FORBIDDEN, weapon.type) === shield.type)
      return {
        ok: false,
        code: 'maser_type',
        message: {
          en: `A type ${weapon.type} maser cannot attack a type ${shield.type} shield (${name.en})`,
          ru: `${name.ru}: мазер типа “${weapon.type}” не может атаковать корабль со щитом “${shield.type}”`,
        },
        ruleRef: RULES.maser,
      };
  }
  return { ok: true };
}

function atmosphereOf(target: TargetInfo, weapon: Weapon['kind'] | 'ram'): number {
  return target.kind === 'military-building' && target.onPlanet && weapon !== 'bombs'
    ? ATMOSPHERE
    : 0;
}

function finish(
  formula: string,
  inputs: Formula['inputs'],
  raw: number,
  target: TargetInfo,
  weapon: Weapon['kind'],
  ruleRef: string,
): Formula {
  const atmosphere = atmosphereOf(target, weapon);
  const applied = Math.max(0, raw - atmosphere);
  return {
    formula: atmosphere ? `${formula} − 2 (atmosphere)` : formula,
    inputs,
    raw,
    atmosphere,
    applied,
    ruleRef,
  };
}

/**
 * Damage of one attack on one target. Missiles and torpedoes need the number of hits that
 * got through (after point defence); the Nova whether the defender subtracted the shield.
 */
export function damageOf(
  weapon: Weapon,
  target: TargetInfo,
  extra: { hits?: number; novaShield?: boolean; maserUnshielded?: string } = {},
): Formula {
  const armor = target.stats.armor;
  const shield = target.shieldDisabled ? undefined : target.stats.shield;
  const S = shield?.power ?? 0;
  switch (weapon.kind) {
    case 'plasma':
      return finish(
        'P − S',
        { P: weapon.power, S },
        weapon.power - S,
        target,
        'plasma',
        RULES.plasma,
      );
    case 'turbolaser':
      return finish(
        'P − A',
        { P: weapon.power, A: armor },
        weapon.power - armor,
        target,
        'turbolaser',
        RULES.turbolaser,
      );
    case 'lasers':
      return finish(
        'P − A',
        { P: weapon.power, A: armor },
        weapon.power - armor,
        target,
        'lasers',
        RULES.lasers,
      );
    case 'maser': {
      const same = shield?.type === weapon.type;
      const half = same || (!shield && extra.maserUnshielded === 'half');
      const raw = half ? Math.floor(weapon.power / 2) : weapon.power;
      return finish(
        half ? '⌊P / 2⌋' : 'P',
        { P: weapon.power, maserType: weapon.type, shieldType: shield?.type ?? 'none' },
        raw,
        target,
        'maser',
        half ? RULES.maserHalf : RULES.maser,
      );
    }
    case 'missiles':
    case 'torpedoes': {
      const hits = extra.hits ?? 0;
      const each = Math.max(0, weapon.power - armor);
      return finish(
        'hits × max(0, P − A)',
        { hits, P: weapon.power, A: armor },
        hits * each,
        target,
        weapon.kind,
        weapon.kind === 'missiles' ? RULES.missiles : RULES.torpedoes,
      );
    }
    case 'nova':
      return extra.novaShield
        ? finish(
            'P − S (shield given up)',
            { P: weapon.power, S },
            weapon.power - S,
            target,
            'nova',
            RULES.novaShield,
          )
        : finish('P', { P: weapon.power }, weapon.power, target, 'nova', RULES.novaTargets);
    case 'bombs':
      return finish('P', { P: weapon.power }, weapon.power, target, 'bombs', RULES.bombs);
  }
}

/** The most an attack could do (for "able to attack and deal damage"): dice assumed to hit. */
export function mayDamage(weapon: Weapon, target: TargetInfo, maserUnshielded: string): boolean {
  if (weapon.kind === 'missiles' || weapon.kind === 'torpedoes')
    return damageOf(weapon, target, { hits: weapon.count }).applied > 0;
  return damageOf(weapon, target, { maserUnshielded }).applied > 0;
}

export function weaponUsable(weapon: Weapon, distance: Distance): boolean {
  return canFireAt(weapon, distance);
}

/** Ram damage to each ship: the other's durability (printed or remaining). */
export function ramDamage(
  rammer: TargetInfo,
  target: TargetInfo,
  mode: string,
  lightArmor: string,
): { toTarget: Formula; toRammer: Formula } {
  const durability = (t: TargetInfo): number =>
    mode === 'remaining' ? Math.max(0, t.stats.durability - t.stats.damage) : t.stats.durability;
  const rammerD = durability(rammer);
  const targetD = durability(target);
  const armorApplies =
    isLight(rammer.stats) &&
    (target.stats.size === 'heavy' ||
      (lightArmor === 'medium-and-heavy' && target.stats.size === 'medium'));
  const key = mode === 'remaining' ? 'remaining durability' : 'durability';
  const toTarget: Formula = armorApplies
    ? {
        formula: `${key} of the rammer − A`,
        inputs: { D: rammerD, A: target.stats.armor },
        raw: rammerD - target.stats.armor,
        atmosphere: 0,
        applied: Math.max(0, rammerD - target.stats.armor),
        ruleRef: RULES.ramDamage,
      }
    : {
        formula: `${key} of the rammer`,
        inputs: { D: rammerD },
        raw: rammerD,
        atmosphere: 0,
        applied: rammerD,
        ruleRef: RULES.ramDamage,
      };
  const toRammer: Formula = {
    formula: `${key} of the target`,
    inputs: { D: targetD },
    raw: targetD,
    atmosphere: 0,
    applied: targetD,
    ruleRef: RULES.ramDamage,
  };
  return { toTarget, toRammer };
}
