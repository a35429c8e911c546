import { own } from '../../shared/id-record';
import { tableEvent } from '../../table/table-events';
import { DISTANCES, type Distance } from './cp-cards';
import { manoeuvresOpen, startBattle, type Manoeuvre } from './cp-battle-flow';
import { RULES } from './cp-rules-text';
import { refuse, ruCount, type LocalizedText } from '../kit';
import { capital, cardNamed, placeNamed, roundOf, SHIP_LISTED_TWICE } from './cp-words';
import { isDestroyed, kindOf, onSurface, other, shipsAt, statsOf, type CpDraft } from './cp-table';
import {
  CpAllowWithdrawalParams,
  CpCivilParams,
  CpEchelonParams,
  CpEndRoundParams,
  CpGroundAssaultParams,
  CpLandParams,
  CpStartBattleParams,
  CpWithdrawParams,
  MANOEUVRE_NAMES,
} from './decisions/battle.params';
import { currentBattle } from './cp-battle-checks';
import { removeCard } from './cp-battle-damage';

/** The battle around the attacks: order of battles, echelons, withdrawals, manoeuvres, ground assault, landing, civil buildings. */

// ---------------------------------------------------------------------------------------
// Battle structure: order, echelon, withdrawals, manoeuvres, ground, landing, civil
// ---------------------------------------------------------------------------------------

/** «Экзорцист: это не ваш корабль в этом сражении». */
function notYourShipHere(d: CpDraft, id: string): LocalizedText {
  const name = capital(cardNamed(d, id));
  return {
    en: `${name.en} is not your ship in this battle`,
    ru: `${name.ru}: это не ваш корабль в этом сражении`,
  };
}

export function chooseBattle(d: CpDraft, { location }: CpStartBattleParams): void {
  const phase = d.rs.battlePhase;
  if (!phase || phase.battle)
    refuse(
      'battle_running',
      { en: 'A battle is being fought already', ru: 'Сражение уже идёт' },
      RULES.battleOrder,
    );
  if (d.seat !== d.rs.priority)
    refuse(
      'not_priority',
      {
        en: 'The Priority holder decides the order of battles',
        ru: 'Порядок сражений определяет игрок с Приоритетом',
      },
      RULES.battleOrder,
    );
  if (!phase.queue.some((q) => q.location === location)) {
    const place = capital(placeNamed(d, location));
    refuse(
      'no_battle_there',
      {
        en: `No battle waits at ${place.en}`,
        ru: `${place.ru}: здесь сражение не ожидается`,
      },
      RULES.battleTrigger,
    );
  }
  startBattle(d, location);
}

export function designateEchelon(d: CpDraft, { second = [], autoPass }: CpEchelonParams): void {
  const b = currentBattle(d);
  if (b.step !== 'echelon' || b.echelonDone.includes(d.seat))
    refuse(
      'echelon_closed',
      {
        en: 'Second echelons are designated once, before the first round',
        ru: 'Второй эшелон назначают один раз, до первого раунда',
      },
      RULES.echelon,
    );
  const ships = shipsAt(d.table, b.location, d.seat);
  const max = Math.floor(ships.length / 2);
  if (second.length > max)
    refuse(
      'echelon_size',
      {
        en: `At most ${max} of ${ships.length} ships may form the second echelon`,
        ru: `Во втором эшелоне может быть не больше половины флота: ${max} из ${ruCount(ships.length, 'корабля', 'кораблей', 'кораблей')}`,
      },
      RULES.echelon,
    );
  for (const id of second)
    if (!ships.some((s) => s.id === id))
      refuse('not_your_ship', notYourShipHere(d, id), RULES.echelon);
  if (new Set(second).size !== second.length)
    refuse('duplicate_ship', SHIP_LISTED_TWICE, RULES.echelon);
  d.own('EchelonDesignated', {
    battle: b.id,
    seat: d.seat,
    second,
    autoPass: autoPass === true,
    ruleRef: RULES.echelon,
  });
}

export function withdraw(d: CpDraft, { ships = [], to = 'new' }: CpWithdrawParams): void {
  const b = currentBattle(d);
  if (b.step !== 'withdrawals' || b.withdrawDone.includes(d.seat))
    refuse(
      'withdrawal_closed',
      {
        en: 'Withdrawals are declared at the start of a round, once per side',
        ru: 'Выход из боя заявляют в начале раунда, один раз за сторону',
      },
      RULES.withdraw,
    );
  const enemy = other(d.seats, d.seat);
  const enemySpeed = Math.max(
    0,
    ...shipsAt(d.table, b.location, enemy).map((p) => statsOf(p).speed),
  );
  if (
    to !== 'new' &&
    (!own(d.table.zones, to) || !to.startsWith('sector:') || shipsAt(d.table, to, enemy).length > 0)
  )
    refuse(
      'withdraw_to',
      {
        en: `${placeNamed(d, to).en} is not a sector free of enemy ships`,
        ru: `${capital(placeNamed(d, to)).ru}: это не сектор без кораблей противника`,
      },
      RULES.withdraw,
    );
  const free: string[] = [];
  const asked: { ship: string; to: string }[] = [];
  for (const id of ships) {
    const ship = d.piece(id);
    if (
      ship.owner !== d.seat ||
      ship.zone !== b.location ||
      kindOf(ship) !== 'ship' ||
      isDestroyed(ship)
    )
      refuse('not_your_ship', notYourShipHere(d, id), RULES.withdraw);
    if (statsOf(ship).speed >= enemySpeed) free.push(id);
    else asked.push({ ship: id, to });
  }
  if (free.length > 0) {
    const target = to === 'new' ? d.newSector() : to;
    d.moveShips(d.seat, free, target);
    d.own('ShipsWithdrew', {
      battle: b.id,
      seat: d.seat,
      ships: free,
      to: target,
      ruleRef: RULES.withdraw,
    });
  }
  d.own('WithdrawalsDeclared', {
    battle: b.id,
    seat: d.seat,
    withdrawn: free,
    pending: asked,
    ruleRef: asked.length > 0 ? RULES.withdrawConsent : RULES.withdraw,
  });
}

export function allowWithdrawal(d: CpDraft, { allow }: CpAllowWithdrawalParams): void {
  const b = currentBattle(d);
  const pending = b.pendingWithdrawals.filter((p) => p.seat !== d.seat);
  if (pending.length === 0)
    refuse(
      'no_withdrawal',
      {
        en: 'No slower enemy ship asks to withdraw',
        ru: 'Ни один более медленный корабль противника не просит разрешения выйти из боя',
      },
      RULES.withdrawConsent,
    );
  const seat = pending[0].seat;
  const ships = pending.map((p) => p.ship);
  if (!allow) {
    d.own('WithdrawalRefused', {
      battle: b.id,
      seat,
      ships,
      refusedBy: d.seat,
      ruleRef: RULES.withdrawConsent,
    });
    return;
  }
  const to = pending[0].to === 'new' ? d.newSector() : pending[0].to;
  d.moveShips(seat, ships, to);
  d.own('ShipsWithdrew', {
    battle: b.id,
    seat,
    ships,
    to,
    consentedBy: d.seat,
    ruleRef: RULES.withdrawConsent,
  });
}

export function endRoundDecision(d: CpDraft, { manoeuvre, distance }: CpEndRoundParams): void {
  const b = currentBattle(d);
  if (b.step !== 'round-end' || !b.awaitingManoeuvre.includes(d.seat))
    refuse(
      'no_manoeuvre_window',
      {
        en: 'You have no distance manoeuvre to declare now',
        ru: 'Сейчас вам нечего заявлять о дистанции боя',
      },
      RULES.stopClosing,
    );
  const stopDeclared = b.manoeuvres.some((m) => m.kind === 'stop');
  const open = manoeuvresOpen(d, b, d.seat, stopDeclared);
  const kind = manoeuvre as Manoeuvre | undefined;
  const refs: Record<Manoeuvre, string> = {
    stop: RULES.stopClosing,
    resume: RULES.resumeClosing,
    increase: RULES.increaseDistance,
    echelon: RULES.echelonOrbit,
  };
  if (kind && !open.includes(kind)) {
    const names = open.map((m) => MANOEUVRE_NAMES[m]);
    refuse(
      'manoeuvre_not_allowed',
      {
        en: `${kind} is not open to you now (open: ${open.join(', ') || 'none'})`,
        ru: `Сейчас вам недоступно: ${MANOEUVRE_NAMES[kind].ru}${names.length > 0 ? ` (можно: ${names.map((n) => n.ru).join(', ')})` : ''}`,
      },
      b.object && kind !== 'resume' && kind !== 'echelon' ? RULES.orbitDistance : refs[kind],
    );
  }
  if (kind === 'increase') {
    if (!distance || DISTANCES.indexOf(distance as Distance) >= DISTANCES.indexOf(b.distance))
      refuse(
        'increase_distance',
        {
          en: `Name a distance longer than ${b.distance}`,
          ru: `Укажите дистанцию больше нынешней: сейчас ${roundOf(b.distance).ru}`,
        },
        RULES.increaseDistance,
      );
  } else if (distance) {
    refuse(
      'increase_distance',
      {
        en: 'A distance is chosen only when increasing it',
        ru: 'Дистанцию указывают, только когда её увеличивают',
      },
      RULES.increaseDistance,
    );
  }
  const enemy = other(d.seats, d.seat);
  const nowAwaiting =
    kind === 'stop' &&
    !b.autoPass.includes(enemy) &&
    manoeuvresOpen(d, b, enemy, true).includes('resume')
      ? [enemy]
      : [];
  d.own('ManoeuvreDeclared', {
    battle: b.id,
    seat: d.seat,
    kind: kind ?? 'none',
    ...(kind === 'increase' ? { distance } : {}),
    nowAwaiting,
    ...(kind ? { ruleRef: refs[kind] } : {}),
  });
}

export function groundAssault(d: CpDraft, p: CpGroundAssaultParams): void {
  const b = currentBattle(d);
  if (b.groundChoice !== d.seat)
    refuse(
      'no_ground_choice',
      {
        en: 'No ground assault choice is open to this seat',
        ru: 'Сейчас вам не нужно решать, продолжать ли бой с наземными отрядами',
      },
      RULES.groundContinue,
    );
  d.own('GroundAssaultChosen', {
    battle: b.id,
    seat: d.seat,
    continue: p.continue,
    ruleRef: RULES.groundContinue,
  });
}

export function land(d: CpDraft, { ships }: CpLandParams): void {
  const b = currentBattle(d);
  if (b.landingBy !== d.seat)
    refuse(
      'no_landing',
      { en: 'No landing is open to this seat', ru: 'Сейчас вам не высадить десант' },
      RULES.landing,
    );
  const object = d.piece(b.object ?? '');
  const enemy = other(d.seats, d.seat);
  const units = onSurface(d.table, object.id).filter(
    (p) => p.owner === enemy && kindOf(p) === 'ground-unit',
  );
  if (ships.length === 0) {
    d.own('LandingResolved', {
      battle: b.id,
      seat: d.seat,
      ships: [],
      declined: true,
      ruleRef: RULES.landing,
    });
    return;
  }
  let total = 0;
  for (const id of ships) {
    const ship = d.piece(id);
    if (ship.owner !== d.seat || ship.zone !== b.location || isDestroyed(ship))
      refuse(
        'not_your_ship',
        {
          en: `${cardNamed(d, id).en} is not your ship on this orbit`,
          ru: `${capital(cardNamed(d, id)).ru}: это не ваш корабль на этой орбите`,
        },
        RULES.landing,
      );
    if (statsOf(ship).landing <= 0)
      refuse(
        'no_landing',
        {
          en: `${statsOf(ship).title.en} has no landing`,
          ru: `${capital(statsOf(ship).title).ru}: у корабля нет десанта`,
        },
        RULES.landing,
      );
    total += statsOf(ship).landing;
  }
  const strength = units.reduce((sum, u) => sum + statsOf(u).strength, 0);
  if (total < strength)
    refuse(
      'landing_too_weak',
      {
        en: `Landing strength ${total} is below the units' total strength ${strength}`,
        ru: `Сила десанта ${total} меньше общей силы наземных отрядов: ${strength}`,
      },
      RULES.landingStrength,
    );
  for (const unit of units) removeCard(d, b, unit, `landing of ${ships.join(', ')}`);
  d.own('LandingResolved', {
    battle: b.id,
    seat: d.seat,
    ships,
    landing: total,
    ground: strength,
    destroyed: units.map((u) => u.id),
    ruleRef: RULES.landingStrength,
  });
}

export function civilBuildings(d: CpDraft, { object, choice }: CpCivilParams): void {
  const pending = d.rs.battlePhase?.pendingCivil.find((p) => p.object === object);
  if (!pending || pending.captor !== d.seat)
    refuse(
      'no_civil_choice',
      {
        en: `No civil buildings on ${cardNamed(d, object).en} wait for your choice`,
        ru: `${capital(cardNamed(d, object)).ru}: здесь нет гражданских построек, судьбу которых решаете вы`,
      },
      RULES.civil,
    );
  const buildings = pending.buildings.filter((id) => !isDestroyed(own(d.table.pieces, id)));
  if (choice === 'destroy') {
    for (const id of buildings)
      removeCard(d, undefined, d.piece(id), 'civil building destroyed by the captor');
  } else {
    for (const id of buildings)
      d.emit(
        tableEvent('PieceChanged', {
          piece: id,
          owner: d.seat,
          attrs: { worksFromTurn: d.rs.turn + 1 },
        }),
      );
  }
  d.own('CivilBuildingsResolved', {
    object,
    captor: d.seat,
    choice,
    buildings,
    ruleRef: RULES.civil,
  });
}
