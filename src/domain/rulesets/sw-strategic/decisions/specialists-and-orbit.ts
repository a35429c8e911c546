import { own } from '../../../shared/id-record';
import {
  byPerson,
  byShip,
  ROLE_SEATS,
  SHIP_ROLES,
  type RoleRule,
  withRoleSeats,
} from '../sw-roles';
import type { DecisionSpec } from '../../ruleset';
import { GENERATOR_SHOTS, SHIPS, SUPPORT_HITS, UNITS } from '../sw-catalog';
import { mayAct, swDecision, type SwDraft } from '../sw-draft';
import { distance, neighbours, parseCell, type Hex } from '../sw-hex';
import { hexKey } from '../sw-mission';
import { pieceName } from '../sw-names';
import { RULES } from '../sw-rules-text';
import { swOptions } from '../sw-options';
import { adjacentToShip, spaceKind } from '../sw-space-map';
import { awaitMedic, downFighterNearCentre, groundTaken, isTerritoryOf } from '../sw-ground-turn';
import { generatorDestroyed } from '../sw-mission-end';
import { lostDecks, works, type Ship, type SwState, type Unit } from '../sw-state';
import {
  SwBombardmentDamageParams,
  SwFighterToGroundParams,
  SwPersuadeParams,
  SwRepairParams,
} from './specialists-and-orbit.params';
import { SwCellParams } from './space.params';

const idle = (ship: Readonly<Ship>): boolean =>
  ship.moved === 0 &&
  ship.volleys === 0 &&
  ship.minesLaid === 0 &&
  !ship.bombarded &&
  !ship.entered;

const person = (d: SwDraft, name: string) =>
  d.legion.roster.find((p) => p.name === name && p.map === 'space');

/** S6.1 Mechanic: a full turn on one ship (own, or one next to the Mechanic's ship); neither acts. */
function repair(d: SwDraft, p: SwRepairParams): void {
  d.requireTurn('space');
  const ship = d.shipInPlay(p.ship);
  const mechanic = person(d, p.mechanic);
  if (mechanic?.specialty !== 'mechanic' || d.legion.deadCaptains.includes(p.mechanic))
    d.refuse(
      'not_a_mechanic',
      {
        en: `${d.person(p.mechanic).en} is no living Mechanic of your legion`,
        ru: `${d.person(p.mechanic).ru} — не живой Механик вашего легиона`,
      },
      RULES.mechanic,
    );
  const own = ship.captain === p.mechanic;
  const from = Object.values(d.rs.space.ships).find(
    (s) => s.legion === d.seat && s.status === 'map' && s.captain === p.mechanic,
  );
  if (!own && !(from && from.decks.some((deck) => adjacentToShip(ship, deck.cell))))
    d.refuse(
      'not_adjacent',
      {
        en: 'The Mechanic captains the ship or stands next to it',
        ru: 'Механик должен быть капитаном этого корабля или стоять рядом с ним',
      },
      RULES.mechanic,
    );
  if (!idle(ship) || (from && !idle(from)))
    d.refuse(
      'not_idle',
      {
        en: 'A repair takes the whole turn: neither ship may have acted',
        ru: 'Ремонт занимает весь ход: ни один из двух кораблей не должен был действовать',
      },
      RULES.repair,
    );
  // «ремонт одной палубы выбранного корабля»: the player names the deck; with none lost, the
  // repair restores the shields alone («допускается восстановление щитов на неповреждённом
  // корабле»). With a deck lost and none named the repair is refused rather than guessed.
  const lost = lostDecks(ship);
  if (p.deck !== undefined && !lost.includes(p.deck))
    d.refuse(
      'not_a_lost_deck',
      {
        en: `Deck ${p.deck} of ${pieceName(ship.id).en} is not a lost deck: ${lost.length ? `lost are ${lost.join(', ')}` : 'none is lost'}`,
        ru: `${pieceName(ship.id).ru}: палуба ${p.deck} не разрушена (${lost.length ? `разрушены: ${lost.join(', ')}` : 'разрушенных палуб нет'})`,
      },
      RULES.repairDeck,
    );
  if (p.deck === undefined && lost.length > 0)
    d.refuse(
      'deck_required',
      {
        en: `Name the lost deck of ${pieceName(ship.id).en} to repair: ${lost.join(', ')}`,
        ru: `${pieceName(ship.id).ru}: укажите разрушенную палубу для ремонта (${lost.join(', ')})`,
      },
      RULES.repairDeck,
    );
  d.own('RepairStarted', {
    ship: ship.id,
    mechanic: p.mechanic,
    ...(p.deck !== undefined ? { deck: p.deck } : {}),
  });
}

/** S6.1 Commando: a full turn next to an enemy station, doing nothing else. */
function capture(d: SwDraft, p: SwCellParams): void {
  d.requireTurn('space');
  const ship = d.shipInPlay(p.ship);
  const commando = ship.captain ? person(d, ship.captain) : undefined;
  if (commando?.specialty !== 'commando')
    d.refuse(
      'not_a_commando',
      {
        en: `${pieceName(ship.id).en}'s captain is no Commando`,
        ru: `${pieceName(ship.id).ru}: капитан корабля — не Коммандо`,
      },
      RULES.commando,
    );
  const station = own(d.rs.space.stations, p.cell);
  if (!station || station.owner === d.seat || station.owner === '')
    d.refuse(
      'unknown_station',
      {
        en: `There is no enemy station ${pieceName(p.cell).en}`,
        ru: `Вражеской станции «${pieceName(p.cell).ru}» нет`,
      },
      RULES.commando,
    );
  if (!adjacentToShip(ship, station.cell))
    d.refuse(
      'not_adjacent',
      {
        en: 'The ship must stand next to the station',
        ru: 'Корабль должен стоять рядом со станцией',
      },
      RULES.commando,
    );
  if (!idle(ship))
    d.refuse(
      'not_idle',
      {
        en: 'A capture takes the whole turn: the ship may not have acted',
        ru: 'Захват занимает весь ход: корабль не должен был действовать',
      },
      RULES.commando,
    );
  d.own('CaptureStarted', { ship: ship.id, station: station.id, commando: commando?.name ?? '' });
}

function persuade(d: SwDraft, p: SwPersuadeParams): void {
  d.requireTurn('space');
  const master = person(d, p.specialist);
  if (master?.specialty !== 'sword-master')
    d.refuse(
      'not_a_sword_master',
      {
        en: `${d.person(p.specialist).en} is no Sword Master of your legion`,
        ru: `${d.person(p.specialist).ru} — не Мастер меча вашего легиона`,
      },
      RULES.persuasion,
    );
  if (d.legion.persuaded)
    d.refuse(
      'used',
      {
        en: 'Persuasion is used once a game',
        ru: 'Способность «Убеждение» применяют один раз за игру',
      },
      RULES.persuasion,
    );
  const target = d.rs.legions.find((l) => l.seat === p.legion);
  if (
    !target ||
    target.seat === d.seat ||
    !target.roster.some((x) => x.name === p.target && x.map === 'space')
  )
    d.refuse(
      'unknown_legionnaire',
      {
        en: `No opponent's space legionnaire ${d.person(p.target).en}`,
        ru: `У противника нет легионера «${d.person(p.target).ru}» на карте «Космическое сражение»`,
      },
      RULES.persuasion,
    );
  d.own('PersuasionUsed', {
    legion: d.seat,
    master: p.specialist,
    target: p.target,
    targetLegion: p.legion,
  });
}

/** The ground hexes a bombardment at `center` explodes (S3.10, option bombardmentArea). */
export function blast(
  rs: Readonly<SwState>,
  center: Hex,
  area: SwDraft['options']['bombardmentArea'],
): Hex[] {
  const hexes = area === 'hex-only' ? [center] : [center, ...neighbours(center)];
  return hexes.filter((h) => Object.hasOwn(rs.ground.cells, hexKey(h)));
}

/** Under a working shield field (radius 1, G4.6). */
const shielded = (rs: Readonly<SwState>, h: Hex): boolean =>
  Object.values(rs.ground.support).some(
    (s) => s.kind === 'shield-field' && distance(s.hex, h) <= 1,
  );

function bombard(d: SwDraft, p: SwCellParams): void {
  d.requireTurn('space');
  const ship = d.shipInPlay(p.ship);
  if (!SHIPS[ship.class].bombard)
    d.refuse(
      'cannot_bombard',
      {
        en: 'Only frigates and cruisers bombard',
        ru: 'Бомбардировку проводят только фрегаты и крейсеры',
      },
      RULES.bombardment,
    );
  if (
    !ship.decks.some((deck) => neighbours(deck.cell).some((n) => spaceKind(d.rs, n) === 'planet'))
  )
    d.refuse(
      'not_adjacent',
      {
        en: 'The ship must stand next to the planet surface',
        ru: 'Корабль должен стоять рядом с поверхностью планеты',
      },
      RULES.bombardment,
    );
  if (!idle(ship))
    d.refuse(
      'not_idle',
      {
        en: 'A ship that bombards does nothing else this turn',
        ru: 'Корабль, который проводит бомбардировку, в этом ходу больше ничего не делает',
      },
      RULES.bombardmentOnce,
    );
  if (!works(ship, 'bridge'))
    d.refuse(
      'bridge_lost',
      { en: 'The Bridge is destroyed', ru: 'Капитанская рубка разрушена' },
      RULES.bridge,
    );
  const center = d.cell(p.cell, 'ground');
  const hexes = blast(d.rs, center, d.options.bombardmentArea);
  d.own('OrbitalBombardment', { ship: ship.id, center, hexes });
  const pieces = piecesOn(d.rs, hexes, d.options.bombardmentShields);
  if (d.options.bombardmentDamage === 'one-hit')
    applyBombardment(
      d,
      pieces.map((piece) => ({ piece, hits: 1 })),
      ship.legion,
    );
  if (d.options.bombardmentDamage === 'destroyed')
    applyBombardment(
      d,
      pieces.map((piece) => ({ piece, hits: hitsToDestroy(d, piece) })),
      ship.legion,
    );
}

/** The hits that destroy a piece from where it stands (option bombardmentDamage 'destroyed'). */
function hitsToDestroy(d: SwDraft, piece: string): number {
  const unit = own(d.rs.ground.units, piece);
  if (unit) return UNITS[unit.kind].hits - unit.hits;
  const support = own(d.rs.ground.support, piece);
  if (support)
    return (
      (support.kind === 'comm-centre' ? d.options.commCentreHits : SUPPORT_HITS[support.kind]) -
      support.hits
    );
  const generator = own(d.rs.ground.generators, piece);
  if (!generator) return 0;
  return (
    (generator.central ? GENERATOR_SHOTS.central : GENERATOR_SHOTS.additional) - generator.hits
  );
}

/**
 * The units, support means and generators standing on the hexes, unshielded: a shielded hex
 * is spared, or any shielded hex spares the whole blast (option bombardmentShields).
 */
function piecesOn(
  rs: Readonly<SwState>,
  hexes: Hex[],
  shields: SwDraft['options']['bombardmentShields'],
): string[] {
  if (shields === 'whole-blast' && hexes.some((h) => shielded(rs, h))) return [];
  const open = hexes.filter((h) => !shielded(rs, h)).map(hexKey);
  const on = (cells: Hex[]) => cells.some((c) => open.includes(hexKey(c)));
  return [
    ...Object.values(rs.ground.units)
      .filter((u) => on(u.hexes))
      .map((u) => u.id),
    ...Object.values(rs.ground.support)
      .filter((s) => on([s.hex]))
      .map((s) => s.id),
    ...Object.values(rs.ground.generators)
      .filter((g) => !g.destroyed && on(g.hexes))
      .map((g) => g.id),
  ];
}

/** Hits from orbit: units and support means take hits; generators count them as shots. */
export function applyHits(d: SwDraft, hits: { piece: string; hits: number }[], by: string): void {
  for (const { piece, hits: n } of hits) {
    if (n <= 0 || d.finished) continue;
    const unit = own(d.rs.ground.units, piece);
    const support = own(d.rs.ground.support, piece);
    const generator = own(d.rs.ground.generators, piece);
    if (unit) {
      const total = unit.hits + n;
      d.own('PieceHit', { piece, hits: total, destroyed: total >= UNITS[unit.kind].hits });
    } else if (support) {
      const max =
        support.kind === 'comm-centre' ? d.options.commCentreHits : SUPPORT_HITS[support.kind];
      const total = support.hits + n;
      d.own('PieceHit', { piece, hits: total, destroyed: total >= max });
    } else if (generator && !generator.destroyed) {
      const total = generator.hits + n;
      const need = generator.central ? GENERATOR_SHOTS.central : GENERATOR_SHOTS.additional;
      d.own('GeneratorHit', { generator: piece, hits: total, destroyed: total >= need, by });
      if (total >= need) generatorDestroyed(d, generator);
    }
  }
}

/**
 * The bombardment's damage lands. Under option medicAfterBombardment each infantry unit it
 * destroys then waits for its Medic, in the order of the hits: the ground map waits until
 * every reaction is answered.
 */
function applyBombardment(d: SwDraft, hits: { piece: string; hits: number }[], by: string): void {
  const infantry = [...new Set(hits.map((hit) => hit.piece))]
    .map((piece) => own(d.rs.ground.units, piece))
    .filter((u) => u?.kind === 'infantry')
    .map((u) => structuredClone(u as Unit));
  d.own('BombardmentDamage', { hits });
  applyHits(d, hits, by);
  if (d.options.medicAfterBombardment !== 'after-bombardment') return;
  for (const unit of infantry)
    if (!own(d.rs.ground.units, unit.id) && !d.finished) awaitMedic(d, unit, by, false);
}

function gmBombardmentDamage(d: SwDraft, p: SwBombardmentDamageParams): void {
  d.requireGm();
  const paused = d.rs.space.pausedForBombardment;
  if (!paused)
    return d.refuse(
      'no_bombardment',
      {
        en: 'No orbital bombardment waits for the Game Master',
        ru: 'Мастера игры не ждёт ни одна орбитальная бомбардировка',
      },
      RULES.bombardmentEffect,
    );
  const allowed = new Set(piecesOn(d.rs, paused.hexes, d.options.bombardmentShields));
  for (const hit of p.hits)
    if (!allowed.has(hit.piece))
      d.refuse(
        'not_in_blast',
        {
          en: `${pieceName(hit.piece).en} is not an unshielded piece on the bombarded hexes`,
          ru: `${pieceName(hit.piece).ru} — не фигура без защиты на гексах под бомбардировкой`,
        },
        RULES.bombardmentEffect,
      );
  const by = own(d.rs.space.ships, paused.ship)?.legion ?? '';
  applyBombardment(d, p.hits, by);
}

function fighterToGround(d: SwDraft, p: SwFighterToGroundParams): void {
  d.requireTurn('space');
  const ship = d.shipInPlay(p.ship);
  if (ship.class !== 'fighter')
    d.refuse(
      'not_a_fighter',
      {
        en: 'Only a fighter goes to the ground map',
        ru: 'На карту «Наземное сражение» уходит только истребитель',
      },
      RULES.groundFighter,
    );
  const cell = ship.decks[0].cell;
  const ok =
    d.options.fighterToGround === 'enter-planet'
      ? spaceKind(d.rs, cell) === 'planet'
      : neighbours(cell).some((n) => spaceKind(d.rs, n) === 'planet') ||
        spaceKind(d.rs, cell) === 'planet';
  if (!ok)
    d.refuse(
      'not_at_planet',
      {
        en: 'The fighter must reach the planet surface zone',
        ru: 'Истребитель должен добраться до зоны поверхности планеты',
      },
      RULES.groundFighter,
    );
  const hexes = p.hexes.map((h) => d.cell(h, 'ground'));
  const taken = groundTaken(d.rs);
  if (distance(hexes[0], hexes[1]) !== 1)
    d.refuse(
      'unit_shape',
      {
        en: 'A ground fighter fills two adjacent hexes',
        ru: 'Истребитель на земле занимает два соседних гекса',
      },
      RULES.oneUnitPerHex,
    );
  for (const h of hexes) {
    if (!isTerritoryOf(d.rs, d.seat, h))
      d.refuse(
        'outside_territory',
        { en: 'It lands in your territory', ru: 'Истребитель садится только на вашей территории' },
        RULES.unitsAppear,
      );
    if (taken.has(hexKey(h)))
      d.refuse(
        'hex_taken',
        { en: 'A hex holds one unit', ru: 'На гексе помещается один юнит' },
        RULES.oneUnitPerHex,
      );
  }
  if (!d.legion.roster.some((x) => x.map === 'ground' && x.name === p.squad))
    d.refuse(
      'unknown_squad',
      {
        en: `${d.person(p.squad).en} plays no ground role in your legion`,
        ru: `${d.person(p.squad).ru} не играет в вашем легионе на карте «Наземное сражение»`,
      },
      RULES.groundFighter,
    );
  d.own('FighterToGround', { ship: ship.id, unit: ship.id, legion: d.seat, hexes, squad: p.squad });
  if (d.options.commCentreReach === 'any-arrival')
    downFighterNearCentre(d, { id: ship.id, legion: d.seat, hexes });
}

/** The start of a legion's space turn: last turn's repairs and captures complete. */
export function completeTasks(d: SwDraft, legion: string): void {
  for (const ship of Object.values(d.rs.space.ships)) {
    if (ship.legion !== legion || !ship.task) continue;
    if (ship.task.kind === 'repair') {
      const deck = ship.task.deck;
      d.own('RepairCompleted', {
        ship: ship.id,
        ...(deck !== undefined && lostDecks(ship).includes(deck) ? { deck } : {}),
        shields: SHIPS[ship.class].shields,
      });
    } else {
      const station = ship.task.station ? own(d.rs.space.stations, ship.task.station) : undefined;
      if (station && adjacentToShip(ship, station.cell))
        d.own('StationCaptured', { station: station.id, legion, how: 'commando' });
    }
  }
}

const ownShips = (ctx: { rs: Readonly<SwState>; seat: string }) =>
  Object.values(ctx.rs.space.ships).filter((s) => s.legion === ctx.seat && s.status === 'map');

/**
 * Who takes each specialist's task and what comes down from orbit: the specialist from his
 * own role's seat; a ship's task by the role that commands it («капитан корабля показывает
 * клетку» for a bombardment, 3.10).
 */
export const SPECIALIST_ROLES: Record<string, RoleRule> = {
  repair: { roles: ROLE_SEATS, who: byPerson('mechanic'), path: 'mechanic' },
  persuade: { roles: ROLE_SEATS, who: byPerson('specialist'), path: 'specialist' },
  'commando-capture': { roles: SHIP_ROLES, who: byShip('ship'), path: 'ship' },
  bombard: { roles: ['frigate', 'cruiser', 'commander'], who: byShip('ship'), path: 'ship' },
  'fighter-to-ground': { roles: ['squadron'], who: byShip('ship'), path: 'ship' },
};

export const specialistsAndOrbitDecisions: Record<
  string,
  DecisionSpec<SwState, never>
> = withRoleSeats(SPECIALIST_ROLES, {
  repair: swDecision<SwRepairParams>({
    summary: {
      en: 'Mechanic: repair a ship for a full turn',
      ru: 'Механик: ремонт корабля (полный ход)',
    },
    params: SwRepairParams,
    example: { ship: 'destroyer-1', mechanic: 'Legion I mechanic', deck: 2 },
    turn: 'any',
    available: (ctx) => mayAct(ctx, 'space'),
    examples: (ctx) => {
      const mechanics =
        ctx.rs.legions
          .find((l) => l.seat === ctx.seat)
          ?.roster.filter((x) => x.specialty === 'mechanic' && x.map === 'space') ?? [];
      // One example per lost deck the player may choose; a ship with none lost, its shields.
      return ownShips(ctx).flatMap((s) => {
        const decks = lostDecks(s).map((deck) => ({ deck }));
        return mechanics.flatMap((m) =>
          (decks.length ? decks : [{}]).map((deck) => ({ ship: s.id, mechanic: m.name, ...deck })),
        );
      });
    },
    decide: repair,
  }),
  'commando-capture': swDecision<SwCellParams>({
    summary: {
      en: 'Commando: capture an enemy station over a full turn',
      ru: 'Коммандо: захват станции (полный ход)',
    },
    params: SwCellParams,
    example: { ship: 'destroyer-1', cell: 'station-40' },
    turn: 'any',
    available: (ctx) => mayAct(ctx, 'space'),
    examples: (ctx) =>
      ownShips(ctx).flatMap((s) =>
        Object.values(ctx.rs.space.stations)
          .filter((st) => st.owner !== ctx.seat && st.owner !== '')
          .map((st) => ({ ship: s.id, cell: st.id })),
      ),
    decide: capture,
  }),
  persuade: swDecision<SwPersuadeParams>({
    summary: {
      en: "Sword Master: block an opponent's legionnaire for a turn",
      ru: 'Мастер меча: заблокировать легионера на ход',
    },
    params: SwPersuadeParams,
    example: {
      specialist: 'Legion I sword master',
      legion: 'blue',
      target: 'Legion II supply officer',
    },
    turn: 'any',
    available: (ctx) => mayAct(ctx, 'space'),
    examples: (ctx) => {
      const masters =
        ctx.rs.legions
          .find((l) => l.seat === ctx.seat)
          ?.roster.filter((x) => x.specialty === 'sword-master') ?? [];
      return masters.flatMap((m) =>
        ctx.rs.legions
          .filter((l) => l.seat !== ctx.seat)
          .flatMap((l) =>
            l.roster
              .filter((x) => x.map === 'space')
              .map((x) => ({ specialist: m.name, legion: l.seat, target: x.name })),
          ),
      );
    },
    decide: persuade,
  }),
  bombard: swDecision<SwCellParams>({
    summary: {
      en: 'Orbital bombardment of a ground hex',
      ru: 'Орбитальный обстрел наземной гексы',
    },
    params: SwCellParams,
    example: { ship: 'frigate-22', cell: 'g:0:0' },
    turn: 'any',
    available: (ctx) => mayAct(ctx, 'space') && ownShips(ctx).some((s) => SHIPS[s.class].bombard),
    examples: (ctx) =>
      ownShips(ctx)
        .filter((s) => SHIPS[s.class].bombard)
        .flatMap((s) =>
          Object.values(ctx.rs.ground.cells)
            .slice(0, 3)
            .map((c) => ({ ship: s.id, cell: `g:${c.q}:${c.r}` })),
        ),
    decide: bombard,
  }),
  'gm-bombardment-damage': swDecision<SwBombardmentDamageParams>({
    summary: {
      en: 'Game Master: the damage of an orbital bombardment',
      ru: 'Мастер игры: урон орбитального обстрела',
    },
    params: SwBombardmentDamageParams,
    example: { hits: [{ piece: 'infantry-9', hits: 1 }] },
    turn: 'any',
    by: 'judge',
    available: (ctx) => ctx.rs.space.pausedForBombardment !== undefined,
    // No damage, or a hit on every piece the blast reaches: the GM rules between.
    examples: (ctx) => {
      const paused = ctx.rs.space.pausedForBombardment;
      if (!paused) return [];
      const shields = swOptions(ctx.options).bombardmentShields;
      const every = piecesOn(ctx.rs, paused.hexes, shields).map((piece) => ({ piece, hits: 1 }));
      return [{ hits: [] }, ...(every.length ? [{ hits: every }] : [])];
    },
    decide: gmBombardmentDamage,
  }),
  'fighter-to-ground': swDecision<SwFighterToGroundParams>({
    summary: {
      en: 'Send a fighter to the ground map',
      ru: 'Перевести истребитель на наземную карту',
    },
    params: SwFighterToGroundParams,
    example: {
      ship: 'fighter-30',
      hexes: ['g:4:0', 'g:4:-1'],
      squad: 'Legion I ground commander',
    },
    turn: 'any',
    available: (ctx) => mayAct(ctx, 'space') && ownShips(ctx).some((s) => s.class === 'fighter'),
    decide: fighterToGround,
  }),
});

export { parseCell };
