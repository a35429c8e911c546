import { own } from '../../../shared/id-record';
import { byShip, fixed, SHIP_ROLES, type RoleRule, withRoleSeats } from '../sw-roles';
import { ruCount, type LocalizedText } from '../../../shared/localized-text';
import type { DecisionSpec } from '../../ruleset';
import {
  BOMBER_TRANSPORT_TABLE_3,
  CARGO_COST,
  HIT_MATRIX,
  SHIPS,
  STATION,
  STATION_DAMAGE,
  TRANSPORT_CAPACITY,
  TRANSPORT_MATRIX,
  type ShipClass,
  type Vessel,
} from '../sw-catalog';
import { mayAct, swDecision, type SwDraft } from '../sw-draft';
import { type SwOptions, swOptions } from '../sw-options';
import { distance, neighbours, parseCell, type Hex } from '../sw-hex';
import { hexKey, shipCells } from '../sw-mission';
import { pieceName, STEP_NAMES } from '../sw-names';
import { RULES } from '../sw-rules-text';
import {
  adjacentToShip,
  cannotEnter,
  isTunnelOf,
  lineOfFire,
  nearTunnel,
  spaceKind,
  spaceOccupancy,
  stepShip,
} from '../sw-space-map';
import { isShipClass, works, type Ship, type SwState, legionOf } from '../sw-state';
import {
  SwBuyCargoParams,
  SwBuyShipsParams,
  SwCellParams,
  SwEnterParams,
  SwFireParams,
  SwMoveParams,
  SwShipParams,
} from './space.params';
import {
  byName,
  type ChoicesOf,
  type ChoiceValue,
  type FieldChoices,
} from '../../decision-choices';
import { STEPS } from '../decisions/space.params';

const alive = (s: Readonly<Ship>): boolean => s.status !== 'destroyed';
const single = (cls: Vessel): boolean => cls === 'fighter' || cls === 'bomber';

/** Buying: credits, class maxima, squadrons of three (S3.7.2, Table 1, Table 7). */
function buyShips(d: SwDraft, classes: Vessel[]): void {
  d.requireTurn('space');
  d.requireSupplyOfficer();
  const legion = d.legion;
  const mine = Object.values(d.rs.space.ships).filter((s) => s.legion === legion.seat);
  const singles = classes.filter(single);
  if (singles.length > 0 && singles.length !== classes.length)
    d.refuse(
      'mixed_purchase',
      {
        en: 'Buy fighters and bombers apart from other classes',
        ru: 'Истребители и бомбардировщики покупают отдельно от кораблей других классов',
      },
      RULES.squadrons,
    );
  if (singles.length === 0 && classes.length > 1)
    d.refuse(
      'one_at_a_time',
      {
        en: 'Buy one ship of a class at a time (squadrons excepted)',
        ru: 'Корабли класса покупают по одному (кроме эскадрилий)',
      },
      RULES.purchase,
    );
  if (singles.length > 0) {
    const have = mine.filter((s) => single(s.class) && alive(s)).length;
    const gap = have % 3 === 0 ? 0 : 3 - (have % 3);
    if (have + singles.length > SHIPS.fighter.max)
      d.refuse(
        'class_maximum',
        {
          en: `At most two squadrons of three: you have ${have} fighters and bombers`,
          ru: `Не больше двух эскадрилий по три корабля, а у вас истребителей и бомбардировщиков уже ${have}`,
        },
        RULES.shipTable,
      );
    if (gap === 0 && singles.length !== 3)
      d.refuse(
        'squadron_of_three',
        {
          en: 'A new squadron is bought as three fighters and bombers',
          ru: 'Новую эскадрилью покупают целиком: три истребителя и бомбардировщика',
        },
        RULES.squadrons,
      );
    if (gap > 0 && singles.length > gap)
      d.refuse(
        'squadron_of_three',
        {
          en: `Your squadron lacks ${gap}: buy at most that many`,
          ru: `В вашей эскадрилье не хватает ${ruCount(gap, 'корабля', 'кораблей', 'кораблей')}: купите не больше`,
        },
        RULES.squadrons,
      );
  } else {
    const cls = classes[0];
    const counted = mine.filter(
      (s) =>
        s.class === cls && (alive(s) || (d.options.capitalRebuy === 'never' && !SHIPS[cls].rebuy)),
    ).length;
    if (counted >= SHIPS[cls].max)
      d.refuse(
        'class_maximum',
        {
          en: `At most ${SHIPS[cls].max} ${cls}s at once; you have ${counted}`,
          ru: `${pieceName(cls).ru}: одновременно не больше ${SHIPS[cls].max}, а у вас уже ${counted}`,
        },
        cls === 'transport' ? RULES.transportTable : RULES.shipTable,
      );
  }
  let credits = legion.credits;
  let serial = Object.keys(d.rs.space.ships).length;
  for (const cls of classes) {
    const cost = SHIPS[cls].cost;
    if (credits < cost)
      d.refuse(
        'not_enough_credits',
        {
          en: `A ${cls} costs ${cost} credits; you have ${credits}`,
          ru: `${pieceName(cls).ru}: цена ${ruCount(cost, 'кредит', 'кредита', 'кредитов')}, а у вас ${credits}`,
        },
        RULES.purchase,
      );
    credits -= cost;
    serial += 1;
    d.own('ItemPurchased', {
      legion: legion.seat,
      item: cls,
      id: `${cls}-${serial}`,
      cost,
      credits,
      turns: SHIPS[cls].build,
    });
  }
}

function buyCargo(d: SwDraft, transportId: string, cargo: 'reinforcements' | 'station'): void {
  d.requireTurn('space');
  d.requireSupplyOfficer();
  const transport = d.shipInPlay(transportId);
  if (transport.class !== 'transport')
    d.refuse(
      'not_a_transport',
      {
        en: `${pieceName(transportId).en} is not a transport`,
        ru: `${pieceName(transportId).ru} — не транспортный корабль`,
      },
      RULES.cargoLoad,
    );
  if (!transport.decks.some((deck) => nearTunnel(d.rs, d.seat, deck.cell)))
    d.refuse(
      'not_at_tunnel',
      {
        en: 'Cargo is loaded only at or next to your hyperspace tunnel',
        ru: 'Груз загружают только в своём гиперпространственном тоннеле или рядом с ним',
      },
      RULES.reinforcementsLoad,
    );
  if (transport.cargo.length >= TRANSPORT_CAPACITY)
    d.refuse(
      'transport_full',
      {
        en: `A transport holds ${TRANSPORT_CAPACITY} cargo`,
        ru: `Транспорт вмещает не больше ${ruCount(TRANSPORT_CAPACITY, 'единицы', 'единиц', 'единиц')} груза`,
      },
      RULES.cargoLoad,
    );
  const credits = d.spend(
    CARGO_COST[cargo],
    cargo === 'station'
      ? { en: 'A mining station', ru: 'Добывающая станция' }
      : { en: 'Reinforcements', ru: 'Подкрепление' },
    RULES.cargoLoad,
  );
  const id = `${cargo}-${transport.id}-${transport.cargo.length + 1}`;
  d.own('ItemPurchased', {
    legion: d.seat,
    item: cargo,
    id,
    cost: CARGO_COST[cargo],
    credits,
    transport: transport.id,
  });
}

/** Who commands a ship entering: a living captain of its class with room (S3.2, Pilot S6.1). */
export function captainFor(
  rs: Readonly<SwState>,
  legionSeat: string,
  cls: Vessel,
  except?: string,
): string | undefined {
  const legion = rs.legions.find((l) => l.seat === legionSeat);
  if (!legion) return undefined;
  const commanded = (name: string) =>
    Object.values(rs.space.ships).filter(
      (s) => s.captain === name && s.status === 'map' && s.id !== except,
    ).length;
  const people = legion.roster.filter(
    (p) => p.map === 'space' && !legion.deadCaptains.includes(p.name),
  );
  if (cls === 'transport') return people.find((p) => p.role === 'supply')?.name;
  if (single(cls)) return people.find((p) => p.role === 'squadron' && commanded(p.name) < 3)?.name;
  return people.find(
    (p) =>
      p.role === 'captain' &&
      p.class === cls &&
      commanded(p.name) < 1 + (p.specialty === 'pilot' ? (p.level ?? 1) : 0),
  )?.name;
}

function enterShip(d: SwDraft, p: SwEnterParams): void {
  d.requireTurn('space');
  const ship = d.ship(p.ship, d.seat);
  if (ship.status !== 'ready')
    d.refuse(
      'not_ready',
      ship.status === 'queued'
        ? {
            en: `${pieceName(ship.id).en} is still being built (${ship.turnsLeft} turns left)`,
            ru: `${pieceName(ship.id).ru} ещё строится: осталось ${ruCount(ship.turnsLeft, 'ход', 'хода', 'ходов')}`,
          }
        : ship.status === 'recalled'
          ? {
              en: `${pieceName(ship.id).en} is back at the tunnel until your next turn`,
              ru: `${pieceName(ship.id).ru} вернулся к тоннелю до вашего следующего хода`,
            }
          : {
              en: `${pieceName(ship.id).en} is already in play`,
              ru: `${pieceName(ship.id).ru} уже в игре`,
            },
      ship.status === 'recalled' ? RULES.unload : RULES.buildTime,
    );
  const bow = d.cell(p.bow, 'space');
  const cells = shipCells(bow, p.heading, ship.decks.length);
  const occupancy = spaceOccupancy(d.rs);
  for (const cell of cells) {
    const why = cannotEnter(d.rs, occupancy, ship.class, d.seat, cell, d.options);
    if (why)
      d.refuse(
        'cell_blocked',
        {
          en: `${pieceName(ship.id).en} cannot appear there: ${why.en}`,
          ru: `${pieceName(ship.id).ru} не может появиться там: ${why.ru}`,
        },
        RULES.occupied,
      );
  }
  let via: 'tunnel' | 'dock' = 'tunnel';
  if (p.dock) {
    const cruiser = d.shipInPlay(p.dock);
    if (cruiser.class !== 'cruiser' || !works(cruiser, 'dock'))
      d.refuse(
        'no_dock',
        {
          en: `${pieceName(p.dock).en} is no cruiser with a working Dock`,
          ru: `${pieceName(p.dock).ru} — не крейсер с неповреждённым Доком`,
        },
        RULES.dockEntry,
      );
    const allowed =
      d.options.dockClasses === 'named'
        ? ['fighter', 'bomber', 'destroyer'].includes(ship.class)
        : ship.decks.length <= 3;
    if (!allowed)
      d.refuse(
        'dock_class',
        {
          en: `A Dock does not launch a ${ship.class} (option dockClasses)`,
          ru: `${pieceName(ship.class).ru} не выходит из Дока (по настройкам матча)`,
        },
        d.options.dockClasses === 'named' ? RULES.cruiserDock : RULES.dockCompartment,
      );
    if (!cells.some((c) => adjacentToShip(cruiser, c)))
      d.refuse(
        'not_beside_dock',
        {
          en: 'At least one deck must appear next to the cruiser',
          ru: 'Хотя бы одна палуба должна появиться рядом с крейсером',
        },
        RULES.dockEntry,
      );
    via = 'dock';
  } else if (!cells.some((c) => isTunnelOf(d.rs, d.seat, c)))
    d.refuse(
      'not_at_tunnel',
      {
        en: 'A ship enters with at least one deck on your tunnel',
        ru: 'Корабль входит в игру хотя бы одной палубой на вашем тоннеле',
      },
      RULES.entry,
    );
  const captain = captainFor(d.rs, d.seat, ship.class);
  d.own('ShipEntered', {
    ship: ship.id,
    legion: d.seat,
    class: ship.class,
    cells,
    heading: p.heading,
    via,
    ...(captain ? { captain } : {}),
  });
  for (const [i, cell] of cells.entries()) triggerMine(d, ship.id, i + 1, cell);
}

/** A deck that enters a mined cell is lost, shields or not (S3.3.3, S3.11). */
function triggerMine(d: SwDraft, shipId: string, deck: number, cell: Hex): void {
  const mine = spaceOccupancy(d.rs).get(hexKey(cell))?.mine;
  const ship = own(d.rs.space.ships, shipId);
  if (!mine || !ship || ship.status !== 'map') return;
  // A mine that stays takes one deck of a ship under option mineDeck 'once-per-ship'.
  if (d.options.mineDeck === 'once-per-ship' && own(d.rs.space.mines, mine)?.hit?.includes(shipId))
    return;
  d.own('MineTriggered', {
    mine,
    ship: shipId,
    deck,
    removed: d.options.minePersistence === 'removed',
  });
  if (ship.class === 'transport' && d.options.transportMine === 'one-point') {
    // Option transportMine: the mine takes one of the transport's two points.
    const hp = Math.max(0, ship.decks[0].hp - 1);
    d.own('ShipDamaged', {
      ship: ship.id,
      shields: 0,
      decksLost: hp === 0 ? [1] : [],
      hp,
      cause: 'mine',
    });
    if (hp === 0) destroyShip(d, own(d.rs.space.ships, ship.id) as Ship, undefined);
    return;
  }
  loseDecks(d, ship, [deck], 'mine', undefined);
}

export function loseDecks(
  d: SwDraft,
  ship: Ship,
  decks: number[],
  cause: 'laser' | 'mine' | 'cannon',
  by: string | undefined,
  shields = ship.shields,
): void {
  const lost = decks.filter((n) => (ship.decks[n - 1]?.hp ?? 0) > 0);
  if (ship.class === 'transport') {
    // A transport's single deck holds 2 points; a mine takes the deck whole.
    d.own('ShipDamaged', { ship: ship.id, shields: 0, decksLost: lost, hp: 0, cause });
  } else d.own('ShipDamaged', { ship: ship.id, shields, decksLost: lost, cause });
  const after = own(d.rs.space.ships, ship.id);
  if (after && after.decks.every((deck) => deck.hp <= 0)) destroyShip(d, after, by);
}

export function destroyShip(d: SwDraft, ship: Ship, by: string | undefined): void {
  const cargoLost = ship.cargo.length;
  const points = by && by !== ship.legion ? SHIPS[ship.class].killPoints : 0;
  d.own('ShipDestroyed', {
    ship: ship.id,
    legion: ship.legion,
    class: ship.class,
    ...(by ? { by } : {}),
    points,
    cargoLost,
  });
  if (!isShipClass(ship.class)) return;
  const cls: ShipClass = ship.class;
  // S3.7.3: every ship of the class gone: its captains die, unless a Medic lives (S6.1).
  const left = Object.values(d.rs.space.ships).some(
    (s) => s.legion === ship.legion && s.class === cls && s.status === 'map',
  );
  if (left) return;
  const legion = d.rs.legions.find((l) => l.seat === ship.legion);
  if (!legion) return;
  const captains = legion.roster.filter(
    (p) =>
      p.map === 'space' &&
      !legion.deadCaptains.includes(p.name) &&
      ((p.role === 'captain' && p.class === cls) ||
        (single(cls) && p.role === 'squadron' && p.name === ship.captain)),
  );
  const medic = legion.roster.find(
    (p) => p.map === 'space' && p.specialty === 'medic' && !legion.deadCaptains.includes(p.name),
  );
  for (const captain of captains) {
    if (medic && medic.name !== captain.name)
      d.own('CaptainSaved', {
        legion: legion.seat,
        name: captain.name,
        class: cls,
        medic: medic.name,
      });
    else d.own('CaptainKilled', { legion: legion.seat, name: captain.name, class: cls });
  }
}

function moveShip(d: SwDraft, p: SwMoveParams): void {
  d.requireTurn('space');
  let ship = d.shipInPlay(p.ship);
  if (!works(ship, 'engine'))
    d.refuse(
      'engine_lost',
      {
        en: `${pieceName(ship.id).en}'s Engine is destroyed`,
        ru: `${pieceName(ship.id).ru}: Двигатель разрушен`,
      },
      RULES.engine,
    );
  if (ship.bombarded)
    d.refuse(
      'bombarded',
      {
        en: 'A ship that bombarded does nothing else this turn',
        ru: 'Корабль, который провёл бомбардировку, в этом ходу больше ничего не делает',
      },
      RULES.bombardmentOnce,
    );
  const speed = SHIPS[ship.class].speed;
  for (const [index, step] of p.steps.entries()) {
    const result = stepShip(ship, step, p.pivotDeck, d.options);
    if (!result.ok)
      d.refuse(
        result.why === 'backwards' ? 'no_backwards' : 'no_pivot',
        result.message,
        result.why === 'backwards' ? RULES.heading : RULES.pivot,
      );
    if (ship.moved + result.cost > speed)
      d.refuse(
        'beyond_speed',
        {
          en: `A ${ship.class} moves ${speed} cells a turn; this step would be ${ship.moved + result.cost}`,
          ru: `${pieceName(ship.class).ru} проходит за ход ${ruCount(speed, 'клетку', 'клетки', 'клеток')}, а с этим шагом было бы ${ship.moved + result.cost}`,
        },
        RULES.speed,
      );
    const occupancy = spaceOccupancy(d.rs);
    for (const cell of result.cells) {
      const why = cannotEnter(d.rs, occupancy, ship.class, d.seat, cell, d.options, ship.id);
      if (why)
        d.refuse(
          'cell_blocked',
          {
            en: `${pieceName(ship.id).en} cannot move there: ${why.en}`,
            ru: `${pieceName(ship.id).ru} не может туда переместиться: ${why.ru}`,
          },
          blockRule(d.rs, cell),
        );
    }
    const before = ship.decks.map((deck) => hexKey(deck.cell));
    d.own('ShipMoved', {
      ship: ship.id,
      cells: result.cells,
      heading: result.heading,
      used: result.cost,
    });
    for (const [i, cell] of result.cells.entries())
      if (before[i] !== hexKey(cell)) triggerMine(d, ship.id, i + 1, cell);
    ship = own(d.rs.space.ships, ship.id) as Ship;
    const last = index === p.steps.length - 1;
    if (!last && (ship.status !== 'map' || !works(ship, 'engine')))
      d.refuse(
        'engine_lost',
        {
          en: `${pieceName(ship.id).en} lost its Engine on a mine: end the move there`,
          ru: `${pieceName(ship.id).ru} потерял Двигатель на мине: перемещение на этом заканчивается`,
        },
        RULES.mineTrigger,
      );
  }
}

function blockRule(rs: Readonly<SwState>, cell: Hex): string {
  const kind = spaceKind(rs, cell);
  if (kind === 'asteroid') return RULES.asteroidZone;
  if (kind === 'tunnel') return RULES.tunnel;
  if (kind === 'planet') return RULES.planetZone;
  return RULES.occupied;
}

/**
 * The damage one d8 does (Tables 2-6, 10): 0 for a miss, 1 for a hit, 2 for a doubled hit or
 * a transport's critical hit.
 */
export function dieDamage(
  options: Pick<SwOptions, 'bomberVsTransport' | 'frigateFive' | 'bomberDouble'>,
  shooter: ShipClass,
  target: { class: Vessel; decks: number } | 'mine',
  face: number,
): number {
  if (target !== 'mine' && target.class === 'transport') {
    const row =
      shooter === 'bomber' && options.bomberVsTransport === 'table-3'
        ? BOMBER_TRANSPORT_TABLE_3
        : TRANSPORT_MATRIX[shooter];
    return face >= row.crit ? 2 : face >= row.hit ? 1 : 0;
  }
  const cell = HIT_MATRIX[shooter][target === 'mine' ? 'mine' : (target.class as ShipClass)];
  const hit =
    face >= cell.from ||
    (cell.fiveUndefined === true && face === 5 && options.frigateFive === 'hit');
  if (!hit) return 0;
  const double =
    cell.double ||
    (shooter === 'bomber' &&
      options.bomberDouble === 'multi-deck' &&
      target !== 'mine' &&
      target.decks > 1);
  return double ? 2 : 1;
}

function fire(d: SwDraft, p: SwFireParams): void {
  d.requireTurn('space');
  const ship = d.shipInPlay(p.ship);
  if (!isShipClass(ship.class))
    return d.refuse(
      'cannot_fire',
      { en: 'Transports do not fire', ru: 'Транспортные корабли не стреляют' },
      RULES.transportLost,
    );
  const shooter: ShipClass = ship.class;
  if (ship.bombarded)
    d.refuse(
      'bombarded',
      {
        en: 'A ship that bombarded does nothing else this turn',
        ru: 'Корабль, который провёл бомбардировку, в этом ходу больше ничего не делает',
      },
      RULES.bombardmentOnce,
    );
  if (!works(ship, 'bridge'))
    d.refuse(
      'bridge_lost',
      {
        en: `${pieceName(ship.id).en}'s Bridge is destroyed: it cannot fire`,
        ru: `${pieceName(ship.id).ru}: Капитанская рубка разрушена, стрелять нельзя`,
      },
      RULES.bridge,
    );
  const decks = [...new Set(p.decks)];
  if (decks.length !== p.decks.length)
    d.refuse(
      'deck_twice',
      { en: 'A deck fires once in a volley', ru: 'Палуба стреляет в залпе один раз' },
      RULES.shotsPerTurn,
    );
  for (const n of decks) {
    if (n > ship.decks.length || ship.decks[n - 1].hp <= 0)
      d.refuse(
        'no_such_deck',
        {
          en: `${pieceName(ship.id).en} has no working deck ${n}`,
          ru: `${pieceName(ship.id).ru}: нет целой палубы ${n}`,
        },
        RULES.decks,
      );
    if (ship.firedDecks.includes(n))
      d.refuse(
        'deck_fired',
        { en: `Deck ${n} has fired this turn`, ru: `Палуба ${n} уже стреляла в этом ходу` },
        RULES.shotsPerTurn,
      );
  }
  if (d.options.shotsPerTurn === 'two-volleys' && ship.volleys >= 2)
    d.refuse(
      'third_volley',
      {
        en: 'At most two volleys a turn, at two different targets',
        ru: 'Не больше двух залпов за ход, по двум разным целям',
      },
      RULES.cruiserVolleys,
    );
  if (d.options.shotsPerTurn === 'two-decks' && ship.firedDecks.length + decks.length > 2)
    d.refuse(
      'third_volley',
      {
        en: 'At most two shots a turn (option shotsPerTurn: two decks)',
        ru: 'Не больше двух выстрелов за ход (по настройкам матча: две палубы)',
      },
      RULES.shotsPerTurn,
    );
  if (ship.targets.includes(p.target))
    d.refuse(
      'same_target',
      {
        en: `${pieceName(ship.id).en} has fired at ${pieceName(p.target).en} this turn: a second volley needs another target`,
        ru: `${pieceName(ship.id).ru} уже стрелял в этом ходу по цели «${pieceName(p.target).ru}»: второму залпу нужна другая цель`,
      },
      ship.movedSinceFire ? RULES.noRefire : RULES.cruiserVolleys,
    );
  // The target, and the cell the line of fire ends in.
  const targetShip = own(d.rs.space.ships, p.target);
  const station = own(d.rs.space.stations, p.target);
  const mine = own(d.rs.space.mines, p.target);
  let aim: Hex;
  let adjacentOnly = false;
  if (targetShip && targetShip.status === 'map') {
    if (targetShip.legion === d.seat)
      d.refuse(
        'own_ship',
        { en: 'You fire at enemy ships only', ru: 'Стрелять можно только по кораблям противника' },
        RULES.bridge,
      );
    if (targetShip.decks.length > 1 && p.targetDeck === undefined)
      d.refuse(
        'target_deck',
        {
          en: 'Choose the target deck of a multi-deck ship before the roll',
          ru: 'У многопалубного корабля палубу-цель выбирают до броска',
        },
        RULES.targetDeck,
      );
    const n = targetShip.decks.length > 1 ? (p.targetDeck as number) : 1;
    if (n > targetShip.decks.length || targetShip.decks[n - 1].hp <= 0)
      d.refuse(
        'target_deck',
        {
          en: `${pieceName(p.target).en} has no intact deck ${n}`,
          ru: `${pieceName(p.target).ru}: нет целой палубы ${n}`,
        },
        RULES.targetDeck,
      );
    aim = targetShip.decks[n - 1].cell;
    adjacentOnly = targetShip.class === 'transport';
  } else if (station) {
    if (station.owner === d.seat)
      d.refuse(
        'own_station',
        { en: 'That station is yours', ru: 'Это ваша станция' },
        RULES.stationDamage,
      );
    aim = station.cell;
    adjacentOnly = true;
  } else if (mine) aim = mine.cell;
  else
    return d.refuse(
      'unknown_target',
      {
        en: `There is no ship, station or mine ${pieceName(p.target).en} in play`,
        ru: `Корабля, станции или мины «${pieceName(p.target).ru}» в игре нет`,
      },
      RULES.targetDeck,
    );
  const range = SHIPS[shooter].range;
  const occupancy = spaceOccupancy(d.rs);
  for (const n of decks) {
    const from = ship.decks[n - 1].cell;
    const far = distance(from, aim);
    if (adjacentOnly && far !== 1)
      d.refuse(
        'not_adjacent',
        {
          en: `Deck ${n} must be next to the target to fire at a transport or a station`,
          ru: `Чтобы стрелять по транспорту или станции, палуба ${n} должна стоять рядом с целью`,
        },
        RULES.adjacentTargets,
      );
    if (far > range)
      d.refuse(
        'out_of_range',
        {
          en: `Deck ${n} is ${far} cells from the target; range ${range}`,
          ru: `Палуба ${n} в ${ruCount(far, 'клетке', 'клетках', 'клетках')} от цели, а дальность ${range}`,
        },
        RULES.range,
      );
    const line = lineOfFire(d.rs, occupancy, ship, from, aim);
    if (line === 'blocked')
      d.refuse(
        'no_line_of_fire',
        {
          en: `Deck ${n} has no line of fire to the target`,
          ru: `У палубы ${n} нет линии огня до цели`,
        },
        RULES.lineOfFire,
      );
    if (line === 'disputed') {
      const ruling = d.rs.space.lineOfFireRulings
        .filter((r) => r.ship === ship.id && r.target === p.target)
        .pop();
      const edge = d.options.lineOfFireOnEdge;
      const clear = edge === 'gm' ? ruling?.clear : edge === 'clear-if-either';
      if (clear === undefined)
        d.refuse(
          'line_of_fire_disputed',
          {
            en: `Deck ${n}'s line of fire runs along an edge: the Game Master decides (gm-line-of-fire)`,
            ru: `Линия огня палубы ${n} идёт по грани клеток: решает Мастер игры`,
          },
          RULES.lineOfFireDispute,
        );
      if (!clear)
        d.refuse(
          'no_line_of_fire',
          {
            en: `Deck ${n} has no line of fire to the target (ruled blocked)`,
            ru: `У палубы ${n} нет линии огня до цели (Мастер игры признал её закрытой)`,
          },
          RULES.lineOfFire,
        );
    }
  }
  if (station) {
    // No hit table for stations: each shot does its class's damage (S5.5); whether it needs
    // a roll first is option stationHits (the mine column: a fixed target on a cell).
    const faces =
      d.options.stationHits === 'roll'
        ? d.roll(
            'turbolaser',
            decks.map(() => 8),
          )
        : [];
    const hits =
      d.options.stationHits === 'roll'
        ? faces.filter((face) => face >= HIT_MATRIX[shooter].mine.from).length
        : decks.length;
    const damage = hits * STATION_DAMAGE[shooter];
    d.own('VolleyFired', {
      ship: ship.id,
      decks,
      target: p.target,
      faces,
      hits,
      damage,
    });
    if (damage === 0) return;
    const hp = Math.max(0, station.hp - damage);
    d.own('StationDamaged', { station: station.id, hp, by: d.seat });
    if (hp === 0) d.own('StationDestroyed', { station: station.id, by: d.seat });
    return;
  }
  const target: Ship | 'mine' = targetShip && targetShip.status === 'map' ? targetShip : 'mine';
  const faces = d.roll(
    'turbolaser',
    decks.map(() => 8),
  );
  const perDie = faces.map((face) =>
    dieDamage(
      d.options,
      shooter,
      target === 'mine' ? 'mine' : { class: target.class, decks: target.decks.length },
      face,
    ),
  );
  const damage = perDie.reduce((a, b) => a + b, 0);
  const hits = perDie.filter((x) => x > 0).length;
  d.own('VolleyFired', {
    ship: ship.id,
    decks,
    target: p.target,
    ...(target !== 'mine' && target.decks.length > 1 ? { targetDeck: p.targetDeck } : {}),
    faces,
    hits,
    damage,
  });
  if (damage === 0) return;
  if (target === 'mine') {
    d.own('MineDestroyed', { mine: p.target, by: d.seat });
    return;
  }
  if (target.class === 'transport') {
    const hp = Math.max(0, target.decks[0].hp - damage);
    d.own('ShipDamaged', {
      ship: target.id,
      shields: 0,
      decksLost: hp === 0 ? [1] : [],
      hp,
      cause: 'laser',
    });
    if (hp === 0) destroyShip(d, own(d.rs.space.ships, target.id) as Ship, d.seat);
    return;
  }
  // Shields first, while the shield generator works; the rest destroys the target deck.
  const working = works(target, 'shields');
  const intact = target.decks.flatMap((deck, i) => (deck.hp > 0 ? [i + 1] : []));
  const n = target.decks.length > 1 ? (p.targetDeck as number) : 1;
  const effect = volleyEffect(d.options, perDie, working ? target.shields : 0, intact, n);
  const shieldsAfter = working ? effect.shields : target.shields;
  if (effect.decksLost.length > 0)
    loseDecks(d, target, effect.decksLost, 'laser', d.seat, shieldsAfter);
  else
    d.own('ShipDamaged', {
      ship: target.id,
      shields: shieldsAfter,
      decksLost: [],
      cause: 'laser',
    });
}

/**
 * What a volley's dice (the damage of each, `dieDamage`) do to a ship: shields first, then
 * the target deck. Whether a doubled hit takes two shields (option doubleAgainstShields) and
 * whether damage beyond the target deck goes on to the nearest intact decks (option
 * deckOverflow) are the options' to say.
 */
export function volleyEffect(
  options: Pick<SwOptions, 'doubleAgainstShields' | 'deckOverflow'>,
  perDie: number[],
  shields: number,
  intactDecks: number[],
  targetDeck: number,
): { shields: number; decksLost: number[] } {
  let left = shields;
  let through = 0;
  for (const damage of perDie) {
    if (damage === 0) continue;
    const absorbed = Math.min(left, options.doubleAgainstShields === 'decks-only' ? 1 : damage);
    left -= absorbed;
    if (absorbed === 0 || options.doubleAgainstShields === 'doubled') through += damage - absorbed;
  }
  if (through === 0) return { shields: left, decksLost: [] };
  const nearest = [...intactDecks].sort(
    (a, b) => Math.abs(a - targetDeck) - Math.abs(b - targetDeck) || a - b,
  );
  return {
    shields: left,
    decksLost: nearest.slice(0, options.deckOverflow === 'next-deck' ? through : 1),
  };
}

function layMine(d: SwDraft, p: SwCellParams): void {
  d.requireTurn('space');
  const ship = d.shipInPlay(p.ship);
  const stats = SHIPS[ship.class];
  if (stats.mines === 'none')
    d.refuse(
      'no_mines',
      { en: `A ${ship.class} lays no mines`, ru: `${pieceName(ship.class).ru} не ставит мины` },
      RULES.mines,
    );
  if (stats.mines === 'per-turn' && ship.minesLaid >= stats.mineCount)
    d.refuse(
      'mine_limit',
      {
        en: `A destroyer lays at most ${stats.mineCount} mines a turn`,
        ru: `Эсминец ставит за ход не больше ${ruCount(stats.mineCount, 'мины', 'мин', 'мин')}`,
      },
      RULES.mines,
    );
  if (stats.mines === 'total' && ship.minesLeft <= 0)
    d.refuse(
      'mine_limit',
      {
        en: 'This bomber has laid its two mines; they are never replenished',
        ru: 'Этот бомбардировщик уже поставил свои две мины, а новых не бывает',
      },
      RULES.mines,
    );
  const cell = d.cell(p.cell, 'space');
  if (!adjacentToShip(ship, cell))
    d.refuse(
      'not_adjacent',
      {
        en: 'A mine goes on a cell next to the ship',
        ru: 'Мину ставят на клетку рядом с кораблём',
      },
      RULES.minePlace,
    );
  const at = spaceOccupancy(d.rs).get(hexKey(cell));
  const kind = spaceKind(d.rs, cell);
  if (
    at?.ship ||
    at?.station ||
    at?.mine ||
    kind === 'asteroid' ||
    kind === 'planet' ||
    kind === 'tunnel'
  )
    d.refuse(
      'cell_blocked',
      {
        en: 'A mine goes on a free cell of space or orbit',
        ru: 'Мину ставят на свободную клетку космоса или орбиты',
      },
      RULES.minePlace,
    );
  const id = `mine-${Object.keys(d.rs.space.mines).length + d.events.length + d.ctx.nextSeq}`;
  d.own('MineLaid', { mine: id, legion: d.seat, ship: ship.id, cell });
}

function unload(d: SwDraft, p: SwShipParams): void {
  d.requireTurn('space');
  const t = d.shipInPlay(p.ship);
  if (t.class !== 'transport')
    d.refuse(
      'not_a_transport',
      {
        en: `${pieceName(t.id).en} is not a transport`,
        ru: `${pieceName(t.id).ru} — не транспортный корабль`,
      },
      RULES.reinforcements,
    );
  if (spaceKind(d.rs, t.decks[0].cell) !== 'planet')
    d.refuse(
      'not_on_planet',
      {
        en: 'Reinforcements are unloaded from a planet surface cell',
        ru: 'Подкрепления выгружают с клетки поверхности планеты',
      },
      RULES.reinforcements,
    );
  const count = t.cargo.filter((c) => c === 'reinforcements').length;
  if (count === 0)
    d.refuse(
      'no_reinforcements',
      {
        en: `${pieceName(t.id).en} carries no reinforcements`,
        ru: `${pieceName(t.id).ru} не везёт подкреплений`,
      },
      RULES.reinforcements,
    );
  const stations = t.cargo.length - count;
  d.own('ReinforcementsDelivered', {
    transport: t.id,
    legion: d.seat,
    count,
    total: d.legion.reinforcements + count,
    toGround: count,
    ...(d.options.cargoAfterUnload === 'lost' && stations > 0 ? { cargoLost: stations } : {}),
  });
}

function deployStation(d: SwDraft, p: SwCellParams): void {
  d.requireTurn('space');
  const t = d.shipInPlay(p.ship);
  if (t.class !== 'transport' || !t.cargo.includes('station'))
    d.refuse(
      'no_station_aboard',
      {
        en: `${pieceName(t.id).en} carries no station`,
        ru: `${pieceName(t.id).ru} не везёт станции`,
      },
      RULES.stationDeploy,
    );
  const cell = d.cell(p.cell, 'space');
  if (spaceKind(d.rs, cell) !== 'asteroid')
    d.refuse(
      'not_asteroid',
      { en: 'A station goes on an asteroid cell', ru: 'Станцию ставят на клетку астероида' },
      RULES.asteroidZone,
    );
  if (!adjacentToShip(t, cell))
    d.refuse(
      'not_adjacent',
      {
        en: 'The transport must stand next to the asteroid cell',
        ru: 'Транспорт должен стоять рядом с клеткой астероида',
      },
      RULES.stationDeploy,
    );
  if (spaceOccupancy(d.rs).get(hexKey(cell))?.station)
    d.refuse(
      'station_there',
      { en: 'That asteroid cell has its station', ru: 'На этой клетке астероида уже есть станция' },
      RULES.stationDeploy,
    );
  if (d.rs.space.barred.includes(hexKey(cell)))
    d.refuse(
      'station_barred',
      {
        en: 'A station was destroyed on that cell: no new one there',
        ru: 'На этой клетке уже уничтожили станцию: новую туда не ставят',
      },
      RULES.stationBarred,
    );
  const active = Object.values(d.rs.space.stations).filter(
    (s) => s.owner === d.seat && !s.captured,
  ).length;
  if (active >= STATION.max)
    d.refuse(
      'station_maximum',
      {
        en: `At most ${STATION.max} stations of your own at once`,
        ru: `Одновременно у вас не больше ${ruCount(STATION.max, 'своей станции', 'своих станций', 'своих станций')}`,
      },
      RULES.stationMax,
    );
  d.own('StationDeployed', {
    station: `station-${d.ctx.nextSeq}`,
    legion: d.seat,
    cell,
    transport: t.id,
  });
}

const ownShips = (ctx: { rs: Readonly<SwState>; seat: string }): Ship[] =>
  Object.values(ctx.rs.space.ships).filter((s) => s.legion === ctx.seat);

/**
 * The field choices of the Star Wars moves (issue 39): a seat moves only its own ships and
 * units, named as the board names them («Эсминец 8», «Пехота 3»), then builds the steps from
 * those the rules accept next (the match tries each with the decider: decisionChoices).
 */

/** Move a ship: the seat's ships on the map (speed and cells moved), then its next steps. */
const moveShipChoices: ChoicesOf<SwState> = (ctx, chosen) => {
  const ships = Object.values(ctx.rs.space.ships).filter(
    (s) => s.legion === ctx.seat && s.status === 'map',
  );
  const values: ChoiceValue[] = ships
    .map((s) => {
      const speed = SHIPS[s.class].speed;
      return {
        value: s.id,
        name: pieceName(s.id),
        hint: {
          en: `speed ${speed}, moved ${s.moved}`,
          ru: `скорость ${speed}, пройдено ${s.moved}`,
        },
      };
    })
    .sort(byName());
  const ship = ships.find((s) => s.id === chosen.ship);
  if (!ship) return [{ path: 'ship', pick: 'one', values }];
  return [
    { path: 'ship', pick: 'one', values },
    {
      path: 'steps',
      pick: 'sequence',
      max: 12,
      values: STEPS.map((step) => ({ value: step, name: STEP_NAMES[step] })),
    },
  ];
};

const deckName = (n: number): LocalizedText =>
  n === 1 ? { en: 'Deck 1 (bow)', ru: 'Палуба 1 (нос)' } : { en: `Deck ${n}`, ru: `Палуба ${n}` };

/** Cells apart: «3 клетки», «1 клетка», «5 клеток». */
function cellsApart(n: number): LocalizedText {
  const m10 = n % 10;
  const m100 = n % 100;
  const form =
    m10 === 1 && m100 !== 11
      ? 'клетка'
      : m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)
        ? 'клетки'
        : 'клеток';
  return {
    en: `${n} cell${n === 1 ? '' : 's'} away`,
    ru: `в ${n} ${form === 'клетка' ? 'клетке' : 'клетках'}`,
  };
}

/**
 * A turbolaser volley: the seat's armed ships, then the targets its decks reach (the match
 * keeps those some deck of the ship may fire on), the decks that fire, the target's deck.
 */
const fireChoices: ChoicesOf<SwState> = (ctx, chosen) => {
  const { space } = ctx.rs;
  const ships = Object.values(space.ships).filter(
    (s) => s.legion === ctx.seat && s.status === 'map' && s.class !== 'transport',
  );
  const shipValues: ChoiceValue[] = ships
    .map((s) => ({
      value: s.id,
      name: pieceName(s.id),
      hint: { en: `${s.decks.length} decks`, ru: `палуб: ${s.decks.length}` },
    }))
    .sort(byName());
  const fields: FieldChoices[] = [{ path: 'ship', pick: 'one', tried: true, values: shipValues }];
  const ship = ships.find((s) => s.id === chosen.ship);
  if (!ship) return fields;
  const from = (cells: readonly Hex[]) =>
    Math.min(...ship.decks.flatMap((d) => cells.map((c) => distance(d.cell, c))));
  const enemyShips = Object.values(space.ships).filter(
    (s) => s.status === 'map' && s.legion !== ctx.seat,
  );
  // Only what some deck reaches (range from every firing deck is the decider's to check).
  const range = SHIPS[ship.class].range;
  const inRange = (id: string, cells: readonly Hex[]): ChoiceValue[] => {
    const far = from(cells);
    return far <= range ? [{ value: id, name: pieceName(id), hint: cellsApart(far) }] : [];
  };
  const targets: ChoiceValue[] = [
    ...enemyShips.flatMap((s) =>
      inRange(
        s.id,
        s.decks.map((d) => d.cell),
      ),
    ),
    ...Object.values(space.mines).flatMap((m) => inRange(m.id, [m.cell])),
    ...Object.values(space.stations)
      .filter((s) => s.owner !== ctx.seat)
      .flatMap((s) => inRange(s.id, [s.cell])),
  ].sort(byName());
  fields.push({ path: 'target', pick: 'one', tried: true, values: targets });
  fields.push({
    path: 'decks',
    pick: 'many',
    min: 1,
    max: ship.decks.length,
    tried: true,
    values: ship.decks.map((_, i) => ({ value: i + 1, name: deckName(i + 1) })),
  });
  const target = enemyShips.find((s) => s.id === chosen.target);
  if (target && target.decks.length > 1)
    fields.push({
      path: 'targetDeck',
      pick: 'one',
      tried: true,
      // A multi-deck target's deck is chosen before the roll (S3.9.1).
      required: true,
      values: target.decks.map((_, i) => ({ value: i + 1, name: deckName(i + 1) })),
    });
  return fields;
};

/** What the Supply Officer may buy, capital ships first, the squadrons' fighters and bombers last. */
const FOR_SALE: readonly Vessel[] = [
  'destroyer',
  'frigate',
  'cruiser',
  'transport',
  'fighter',
  'bomber',
];
const isForSale = (value: unknown): value is Vessel => FOR_SALE.includes(value as Vessel);
const inSquadrons = (cls: Vessel): boolean => cls === 'fighter' || cls === 'bomber';
const creditsRu = (n: number): string => ruCount(n, 'кредит', 'кредита', 'кредитов');

/**
 * Buy ships (S3.7.2, Table 1, Table 7): each class with its price; one the legion cannot buy
 * now (too few credits left, its class at its maximum) is shown with why, in `decide`'s words.
 * Fighters and bombers come in squadrons of three: the list is accepted once it is a whole
 * squadron (or fills the one begun), and the page says so beside them.
 */
const buyShipsChoices: ChoicesOf<SwState> = (ctx, chosen) => {
  const legion = legionOf(ctx.rs, ctx.seat);
  if (!legion) return [];
  const picked = (Array.isArray(chosen.classes) ? (chosen.classes as unknown[]) : []).filter(
    isForSale,
  );
  const mine = Object.values(ctx.rs.space.ships).filter((s) => s.legion === legion.seat);
  const alive = mine.filter((s) => s.status !== 'destroyed');
  const left = picked.reduce((credits, cls) => credits - SHIPS[cls].cost, legion.credits);
  const squadronBegun = picked.length > 0 && picked.every(inSquadrons);
  const flying = alive.filter((s) => inSquadrons(s.class)).length;
  const gap = flying % 3 === 0 ? 0 : 3 - (flying % 3);
  const rebuy = swOptions(ctx.options).capitalRebuy;
  const squadron: LocalizedText =
    gap === 0
      ? {
          en: 'a squadron is bought whole: three fighters and bombers',
          ru: 'эскадрилью покупают целиком: три истребителя и бомбардировщика',
        }
      : {
          en: `your squadron lacks ${gap}`,
          ru: `в вашей эскадрилье не хватает ${ruCount(gap, 'корабля', 'кораблей', 'кораблей')}`,
        };
  // After a capital ship nothing more (one at a time); after a fighter, the squadron's others.
  const offered =
    picked.length === 0 ? FOR_SALE : squadronBegun ? FOR_SALE.filter(inSquadrons) : [];
  const values: ChoiceValue[] = offered.map((cls) => {
    const { cost, max } = SHIPS[cls];
    const price: LocalizedText = { en: `${cost} credits`, ru: creditsRu(cost) };
    const hint: LocalizedText = inSquadrons(cls)
      ? { en: `${price.en}; ${squadron.en}`, ru: `${price.ru}; ${squadron.ru}` }
      : price;
    const counted = mine.filter(
      (s) =>
        s.class === cls && (s.status !== 'destroyed' || (rebuy === 'never' && !SHIPS[cls].rebuy)),
    ).length;
    const name = pieceName(cls);
    // A squadron's members still to buy, this one included, each at its price.
    const squadronLeft = (gap === 0 ? 3 : gap) - picked.length;
    const refused: LocalizedText | undefined = inSquadrons(cls)
      ? flying + picked.length >= SHIPS.fighter.max
        ? {
            en: `At most two squadrons of three: you have ${flying} fighters and bombers`,
            ru: `Не больше двух эскадрилий по три корабля, а у вас истребителей и бомбардировщиков уже ${flying}`,
          }
        : left < squadronLeft * cost
          ? {
              en: `${name.en}: the squadron costs ${squadronLeft * cost} credits; you have ${left}`,
              ru: `${name.ru}: эскадрилья обойдётся в ${creditsRu(squadronLeft * cost)}, а у вас ${left}`,
            }
          : undefined
      : counted >= max
        ? {
            en: `At most ${max} ${cls}s at once; you have ${counted}`,
            ru: `${name.ru}: одновременно не больше ${max}, а у вас уже ${counted}`,
          }
        : left < cost
          ? {
              en: `A ${cls} costs ${cost} credits; you have ${left}`,
              ru: `${name.ru}: цена ${creditsRu(cost)}, а у вас ${left}`,
            }
          : undefined;
    return { value: cls, name, hint, ...(refused && { refused }) };
  });
  return [{ path: 'classes', pick: 'sequence', max: 3, complete: true, values }];
};

/**
 * Who takes each decision of space ([1.4], [2.2] 4): the Supply Officer buys, sets bought
 * ships at the tunnel, unloads and deploys stations; a ship is moved and fired by the role
 * that commands its class.
 */
export const SPACE_ROLES: Record<string, RoleRule> = {
  'buy-ships': { roles: ['supply'], who: fixed('supply') },
  'buy-cargo': { roles: ['supply'], who: fixed('supply') },
  // «Выставляет приобретённые корабли в створ гиперпространственного тоннеля» ([2.2] 4.c).
  'enter-ship': { roles: ['supply'], who: fixed('supply') },
  unload: { roles: ['supply'], who: fixed('supply') },
  'deploy-station': { roles: ['supply'], who: fixed('supply') },
  'move-ship': { roles: SHIP_ROLES, who: byShip('ship'), path: 'ship' },
  fire: { roles: SHIP_ROLES, who: byShip('ship'), path: 'ship' },
  'lay-mine': { roles: SHIP_ROLES, who: byShip('ship'), path: 'ship' },
};

export const spaceDecisions: Record<string, DecisionSpec<SwState, never>> = withRoleSeats(
  SPACE_ROLES,
  {
    'buy-ships': swDecision<SwBuyShipsParams>({
      summary: { en: 'Buy ships (Supply Officer)', ru: 'Купить корабли (офицер снабжения)' },
      params: SwBuyShipsParams,
      example: { classes: ['frigate'] },
      choices: buyShipsChoices,
      turn: 'any',
      available: (ctx) => mayAct(ctx, 'space'),
      examples: () => [
        { classes: ['destroyer'] },
        { classes: ['transport'] },
        { classes: ['fighter', 'fighter', 'bomber'] },
      ],
      decide: (d, p) => buyShips(d, p.classes as Vessel[]),
    }),
    'buy-cargo': swDecision<SwBuyCargoParams>({
      summary: { en: 'Buy cargo and load a transport', ru: 'Купить груз и загрузить транспорт' },
      params: SwBuyCargoParams,
      example: { transport: 'transport-2', cargo: 'reinforcements' },
      turn: 'any',
      available: (ctx) => mayAct(ctx, 'space'),
      examples: (ctx) =>
        ownShips(ctx)
          .filter((s) => s.class === 'transport' && s.status === 'map')
          .flatMap((s) => [
            { transport: s.id, cargo: 'reinforcements' as const },
            { transport: s.id, cargo: 'station' as const },
          ]),
      decide: (d, p) => buyCargo(d, p.transport, p.cargo),
    }),
    'enter-ship': swDecision<SwEnterParams>({
      summary: { en: 'Bring a built ship into play', ru: 'Ввести построенный корабль' },
      params: SwEnterParams,
      example: { ship: 'frigate-22', bow: 's:4:0', heading: 3 },
      turn: 'any',
      available: (ctx) => mayAct(ctx, 'space') && ownShips(ctx).some((s) => s.status === 'ready'),
      examples: (ctx) => entryCandidates(ctx.rs, ctx.seat),
      decide: enterShip,
    }),
    'move-ship': swDecision<SwMoveParams>({
      summary: { en: 'Move a ship', ru: 'Переместить корабль' },
      params: SwMoveParams,
      example: { ship: 'destroyer-1', steps: ['forward', 'forward-left'] },
      choices: moveShipChoices,
      turn: 'any',
      available: (ctx) => mayAct(ctx, 'space') && ownShips(ctx).some((s) => s.status === 'map'),
      examples: (ctx) =>
        ownShips(ctx)
          .filter((s) => s.status === 'map')
          .flatMap((s) => [
            { ship: s.id, steps: ['forward' as const] },
            { ship: s.id, steps: ['forward-left' as const] },
            { ship: s.id, steps: ['forward-right' as const] },
          ]),
      decide: moveShip,
    }),
    fire: swDecision<SwFireParams>({
      summary: { en: 'Fire a turbolaser volley', ru: 'Залп турболазеров' },
      params: SwFireParams,
      example: { ship: 'destroyer-1', decks: [1, 2], target: 'destroyer-8', targetDeck: 1 },
      choices: fireChoices,
      turn: 'any',
      available: (ctx) => mayAct(ctx, 'space'),
      examples: (ctx) => fireCandidates(ctx.rs, ctx.seat),
      decide: fire,
    }),
    'lay-mine': swDecision<SwCellParams>({
      summary: { en: 'Lay a mine next to the ship', ru: 'Поставить мину рядом с кораблём' },
      params: SwCellParams,
      example: { ship: 'destroyer-1', cell: 's:3:1' },
      turn: 'any',
      available: (ctx) =>
        mayAct(ctx, 'space') &&
        ownShips(ctx).some((s) => s.status === 'map' && SHIPS[s.class].mines !== 'none'),
      examples: (ctx) =>
        ownShips(ctx)
          .filter((s) => s.status === 'map' && SHIPS[s.class].mines !== 'none')
          .flatMap((s) =>
            neighbours(s.decks[0].cell).map((h) => ({ ship: s.id, cell: `s:${h.q}:${h.r}` })),
          ),
      decide: layMine,
    }),
    unload: swDecision<SwShipParams>({
      summary: {
        en: 'Unload reinforcements on the planet',
        ru: 'Выгрузить подкрепления на планету',
      },
      params: SwShipParams,
      example: { ship: 'transport-2' },
      turn: 'any',
      available: (ctx) => mayAct(ctx, 'space'),
      examples: (ctx) =>
        ownShips(ctx)
          .filter((s) => s.class === 'transport' && s.status === 'map')
          .map((s) => ({ ship: s.id })),
      decide: unload,
    }),
    'deploy-station': swDecision<SwCellParams>({
      summary: {
        en: 'Deploy a mining station on an asteroid',
        ru: 'Установить добывающую станцию',
      },
      params: SwCellParams,
      example: { ship: 'transport-2', cell: 's:4:-2' },
      turn: 'any',
      available: (ctx) => mayAct(ctx, 'space'),
      examples: (ctx) =>
        ownShips(ctx)
          .filter(
            (s) => s.class === 'transport' && s.status === 'map' && s.cargo.includes('station'),
          )
          .flatMap((s) =>
            neighbours(s.decks[0].cell).map((h) => ({ ship: s.id, cell: `s:${h.q}:${h.r}` })),
          ),
      decide: deployStation,
    }),
  },
);

/** Entry cells to try: each ready ship, bow on or beside its tunnel, every heading. */
function entryCandidates(rs: Readonly<SwState>, seat: string): SwEnterParams[] {
  const tunnels = Object.values(rs.space.cells).filter((c) => isTunnelOf(rs, seat, c));
  const out: SwEnterParams[] = [];
  for (const ship of Object.values(rs.space.ships).filter(
    (s) => s.legion === seat && s.status === 'ready',
  ))
    for (const t of tunnels)
      for (const h of [t, ...neighbours(t)])
        for (let heading = 0; heading < 6; heading += 1)
          out.push({ ship: ship.id, bow: `s:${h.q}:${h.r}`, heading });
  return out;
}

function fireCandidates(rs: Readonly<SwState>, seat: string): SwFireParams[] {
  const out: SwFireParams[] = [];
  const targets = [
    ...Object.values(rs.space.ships)
      .filter((s) => s.status === 'map' && s.legion !== seat)
      .flatMap((s) =>
        s.decks.map((_, i) => ({
          target: s.id,
          targetDeck: s.decks.length > 1 ? i + 1 : undefined,
        })),
      ),
    ...Object.values(rs.space.mines).map((m) => ({ target: m.id, targetDeck: undefined })),
    ...Object.values(rs.space.stations)
      .filter((s) => s.owner !== seat)
      .map((s) => ({ target: s.id, targetDeck: undefined })),
  ];
  for (const ship of Object.values(rs.space.ships).filter(
    (s) => s.legion === seat && s.status === 'map' && s.class !== 'transport',
  ))
    for (const t of targets)
      for (let n = 1; n <= ship.decks.length; n += 1)
        out.push({
          ship: ship.id,
          decks: [n],
          target: t.target,
          ...(t.targetDeck ? { targetDeck: t.targetDeck } : {}),
        });
  return out;
}

export { parseCell };
