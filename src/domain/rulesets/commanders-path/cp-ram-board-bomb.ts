import { own } from '../../shared/id-record';
import { mustAttack, targetInfo, targetKind } from './cp-battle-flow';
import type { ManoeuvreResult } from './cp-events';
import { RULES } from './cp-rules-text';
import { enCount, refuse, ruCount, type LocalizedText } from '../kit';
import { capital, optionChosen, roundOf, SHIP_LISTED_TWICE } from './cp-words';
import type { BattleState } from './cp-state';
import { statsOf, type CpDraft } from './cp-table';
import { checkWeaponTarget, crewDefence, RAM_EVADE_NEED, ramDamage } from './cp-weapons';
import { CpBoardParams, CpBombParams, CpRamParams } from './decisions/battle.params';
import {
  currentBattle,
  requireAttackTurn,
  requireEnemyTarget,
  requireFighter,
  weaponOf,
} from './cp-battle-checks';
import { applyDamage, destroyStationBuildings, removeCard } from './cp-battle-damage';
import { manoeuvreApplies, nextAttackId, rollManoeuvre } from './cp-manoeuvre';

/** Ramming, boarding and bombing (the Short round), and passing. */

// ---------------------------------------------------------------------------------------
// Ram, boarding, bombs, pass
// ---------------------------------------------------------------------------------------

export function ram(d: CpDraft, p: CpRamParams): void {
  const b = currentBattle(d);
  requireAttackTurn(d, b);
  if (b.distance !== 'short')
    refuse('out_of_range', shortOnly(b, { en: 'Ramming is done', ru: 'Таранят' }), RULES.ram);
  const rammer = requireFighter(d, b, p.ship, true);
  const target = requireEnemyTarget(d, b, p.target);
  const kind = targetKind(target);
  const rs = statsOf(rammer);
  const ts = statsOf(target);
  const targetName = capital(ts.title);
  if (kind !== 'ship' && kind !== 'station')
    refuse(
      'ram_target',
      {
        en: `${targetName.en} cannot be rammed (military buildings cannot)`,
        ru: `${targetName.ru}: таранить можно только корабли и станции, а не постройки`,
      },
      RULES.buildings,
    );
  if (ts.size === 'light' && rs.size !== 'light')
    refuse(
      'ram_light',
      {
        en: `${targetName.en} is a light ship: only a light ship may ram it`,
        ru: `${targetName.ru}: это лёгкий корабль, таранить его может только лёгкий корабль`,
      },
      RULES.ram,
    );
  d.tap(rammer.id);
  const attackId = nextAttackId(b);
  let manoeuvre: ManoeuvreResult | undefined;
  if (d.options.ramManoeuvre && manoeuvreApplies(rammer, target, 'ram', b.distance))
    manoeuvre = rollManoeuvre(d, rammer, target, p.manoeuvreFaces);
  else if (p.manoeuvreFaces?.length)
    refuse(
      'reported_dice_count',
      {
        en: 'No manoeuvre is rolled for this ram',
        ru: 'При этом таране маневрирование не бросают',
      },
      RULES.manoeuvre,
    );
  let evasion: { face: number; need: number; evaded: boolean } | undefined;
  if (ts.speed >= rs.speed) {
    const [face] = d.rollD6(
      'cp:ram-evade',
      1,
      p.evadeFace === undefined ? undefined : [p.evadeFace],
      { en: 'Ram evasion', ru: 'Уклонение от тарана' },
    );
    evasion = { face, need: RAM_EVADE_NEED, evaded: face >= RAM_EVADE_NEED };
  } else if (p.evadeFace !== undefined) {
    refuse(
      'reported_dice_count',
      {
        en: `${targetName.en} is slower than ${rs.title.en}: it cannot evade, no die is rolled`,
        ru: `${targetName.ru}: цель медленнее, чем ${rs.title.ru}, и уклониться не может — кубик не бросают`,
      },
      RULES.ramEvade,
    );
  }
  const missed = evasion?.evaded || manoeuvre?.outcome === 'no-damage';
  const formulas = ramDamage(
    targetInfo(d, rammer),
    targetInfo(d, target),
    d.options.ramDamage,
    d.options.lightRamArmor,
  );
  const toTarget = missed
    ? undefined
    : applyDamage(d, b, target, formulas.toTarget.applied, `ram by ${rammer.id}`);
  const toRammer = missed
    ? undefined
    : applyDamage(d, b, d.piece(rammer.id), formulas.toRammer.applied, `ram of ${target.id}`);
  d.own('RamResolved', {
    battle: b.id,
    attackId,
    seat: d.seat,
    newAttack: true,
    round: b.round,
    rammer: { piece: rammer.id, name: rs.name, speed: rs.speed },
    target: { piece: target.id, name: ts.name, speed: ts.speed },
    ...(evasion ? { evasion } : {}),
    ...(manoeuvre ? { manoeuvre } : {}),
    evaded: missed === true,
    ...(toTarget ? { toTarget: { ...formulas.toTarget, ...toTarget } } : {}),
    ...(toRammer ? { toRammer: { ...formulas.toRammer, ...toRammer } } : {}),
    ruleRef: RULES.ramDamage,
  });
}

export function board(d: CpDraft, p: CpBoardParams): void {
  const b = currentBattle(d);
  requireAttackTurn(d, b);
  if (b.distance !== 'short')
    refuse(
      'out_of_range',
      shortOnly(b, { en: 'Boarding is done', ru: 'На абордаж берут' }),
      RULES.boarding,
    );
  const boarder = requireFighter(d, b, p.ship, true);
  const bs = statsOf(boarder);
  const boarderName = capital(bs.title);
  if (bs.boarding <= 0)
    refuse(
      'no_boarding_boats',
      {
        en: `${boarderName.en} has no boarding boats`,
        ru: `${boarderName.ru}: у корабля нет абордажных шлюпок`,
      },
      RULES.boarding,
    );
  if (d.rs.battlePhase?.boardingFailed.includes(boarder.id))
    refuse(
      'boarding_failed',
      {
        en: `${boarderName.en} failed a boarding this battle phase and may not board again`,
        ru: `${boarderName.ru}: в эту фазу сражения абордаж этого корабля уже провалился, повторить его нельзя`,
      },
      RULES.boardingFailed,
    );
  const target = requireEnemyTarget(d, b, p.target);
  const kind = targetKind(target);
  const ts = statsOf(target);
  const targetName = capital(ts.title);
  if (kind !== 'ship' && kind !== 'station')
    refuse(
      'board_target',
      {
        en: `${targetName.en} cannot be boarded (military buildings cannot)`,
        ru: `${targetName.ru}: на абордаж берут только корабли и станции, а не постройки`,
      },
      RULES.buildings,
    );
  if (ts.size === 'light')
    refuse(
      'board_light',
      {
        en: `${targetName.en} is a light ship: light ships cannot be boarded`,
        ru: `${targetName.ru}: это лёгкий корабль, а лёгкие корабли на абордаж не берут`,
      },
      RULES.boarding,
    );
  if (ts.crew.count <= 0)
    refuse(
      'board_crew',
      {
        en: `${targetName.en} has no crew (crew 0) and cannot be boarded`,
        ru: `${targetName.ru}: у корабля нет экипажа, взять его на абордаж нельзя`,
      },
      RULES.boardingCrew,
    );
  d.tap(boarder.id);
  const { crew, bonus } = crewDefence(ts);
  const tie = d.options.boardingTie;
  const rolls: {
    boarderDie: number;
    defenderDie: number;
    boarderTotal: number;
    defenderTotal: number;
  }[] = [];
  let success = false;
  for (let i = 0; ; i += 1) {
    const reported = p.faces ? p.faces.slice(i * 2, i * 2 + 2) : undefined;
    if (p.faces && reported && reported.length < 2)
      refuse(
        'reported_dice_count',
        {
          en: `The boarding tied: report another pair of dice (${optionChosen('boardingTie', 'reroll').en})`,
          ru: `При абордаже вышло равенство: укажите ещё пару кубиков (${optionChosen('boardingTie', 'reroll').ru})`,
        },
        RULES.boardingRoll,
      );
    const [a, t] = d.rollD6('cp:boarding', 2, reported, { en: 'Boarding', ru: 'Абордаж' });
    const roll = {
      boarderDie: a,
      defenderDie: t,
      boarderTotal: a + bs.boarding,
      defenderTotal: t + crew + bonus,
    };
    rolls.push(roll);
    if (roll.boarderTotal !== roll.defenderTotal) {
      success = roll.boarderTotal > roll.defenderTotal;
      break;
    }
    if (tie !== 'reroll') {
      success = tie === 'attacker';
      break;
    }
    if (i > 20) break;
  }
  if (p.faces && p.faces.length !== rolls.length * 2)
    refuse(
      'reported_dice_count',
      {
        en: `${enCount(rolls.length * 2, 'boarding die was', 'boarding dice were')} used, ${p.faces.length} reported`,
        ru: `При абордаже брошено ${ruCount(rolls.length * 2, 'кубик', 'кубика', 'кубиков')}, а указано граней: ${p.faces.length}`,
      },
      RULES.boardingRoll,
    );
  const station = kind === 'station';
  d.own('BoardingResolved', {
    battle: b.id,
    attackId: nextAttackId(b),
    seat: d.seat,
    newAttack: true,
    round: b.round,
    ship: boarder.id,
    target: target.id,
    boarding: bs.boarding,
    crew,
    crewBonus: bonus,
    rolls,
    success,
    ...(station ? { station: true } : {}),
    ...(success && !station ? { reward: ts.cost } : {}),
    ruleRef: success ? RULES.boardingReward : RULES.boardingRoll,
  });
  if (!success) return;
  if (station) {
    destroyStationBuildings(d, target, 'station boarded');
    return;
  }
  removeCard(d, b, target, `boarded by ${boarder.id}`);
  d.own('BoardingRewardOwed', {
    seat: d.seat,
    amount: ts.cost,
    ship: target.id,
    ruleRef: RULES.boardingReward,
  });
}

export function bombWith(d: CpDraft, b: BattleState, ships: string[], targetId: string): void {
  if (b.distance !== 'short')
    refuse(
      'out_of_range',
      {
        en: `Bombs are a Short-range weapon (this is the ${b.distance} round)`,
        ru: `Бомбы — оружие малой дистанции, а сейчас ${roundOf(b.distance).ru}`,
      },
      RULES.bombs,
    );
  if (new Set(ships).size !== ships.length)
    refuse('duplicate_ship', SHIP_LISTED_TWICE, RULES.bombsOnce);
  const target = requireEnemyTarget(d, b, targetId);
  const kind = targetKind(target);
  const bombed = d.rs.battlePhase?.bombedUnits ?? {};
  const bombers = ships.map((id) => {
    const ship = requireFighter(d, b, id, true);
    const weapon = weaponOf(ship, 'bombs');
    const check = checkWeaponTarget(weapon, statsOf(ship), false, targetInfo(d, target), 'full');
    if (!check.ok) refuse(check.code, check.message, check.ruleRef);
    if (kind === 'ground-unit' && (own(bombed, id) ?? []).includes(target.id))
      refuse(
        'bombed_once',
        {
          en: `${statsOf(ship).title.en} has bombed ${statsOf(target).title.en} this battle phase already`,
          ru: `${capital(statsOf(ship).title).ru}: корабль уже бомбил эту цель в эту фазу сражения (${statsOf(target).title.ru})`,
        },
        RULES.bombsOnce,
      );
    return { ship, power: weapon.power };
  });
  for (const { ship } of bombers) d.tap(ship.id);
  const total = bombers.reduce((sum, x) => sum + x.power, 0);
  const result = applyDamage(d, b, target, total, `bombs of ${ships.join(', ')}`);
  d.own('BombingResolved', {
    battle: b.id,
    attackId: nextAttackId(b),
    seat: d.seat,
    newAttack: true,
    round: b.round,
    ships,
    powers: bombers.map((x) => ({ piece: x.ship.id, power: x.power })),
    target: target.id,
    targetKind: kind,
    formula: 'Σ P',
    total,
    ...result,
    ruleRef: RULES.bombsOnce,
  });
}

export function bomb(d: CpDraft, p: CpBombParams): void {
  const b = currentBattle(d);
  requireAttackTurn(d, b);
  bombWith(d, b, p.ships, p.target);
}

export function passAttack(d: CpDraft): void {
  const b = currentBattle(d);
  requireAttackTurn(d, b);
  if (mustAttack(d, b, d.seat))
    refuse(
      'attack_compulsory',
      {
        en: 'You have a ship able to attack and must attack with it',
        ru: 'У вас есть корабль, способный атаковать, и он должен атаковать',
      },
      RULES.compulsory,
    );
  d.own('AttackPassed', { battle: b.id, seat: d.seat, round: b.round });
}

/** An action of the Short round refused in another: «Таранят только в раунде малой дистанции». */
function shortOnly(b: BattleState, done: LocalizedText): LocalizedText {
  return {
    en: `${done.en} in the Short round (this is the ${b.distance} round)`,
    ru: `${done.ru} только в раунде малой дистанции, а сейчас ${roundOf(b.distance).ru}`,
  };
}
