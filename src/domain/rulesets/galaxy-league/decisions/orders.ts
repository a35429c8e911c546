import { own } from '../../../shared/id-record';
import { byName, type ChoicesOf, type ChoiceValue } from '../../decision-choices';
import { credits, planetValue, shipValue, type Ctx as ChoiceCtx } from '../gl-choice-values';
import { refuse } from '../../kit/refuse';
import type { AvailabilityContext, DecisionContext } from '../../ruleset';
import { galaxyLeagueDecision as decision, type GalaxyLeagueDraft } from '../gl-draft';
import { factionRank, SHIP_TYPES } from '../gl-factions';
import { adjacent, distanceTo, lanesFrom, territoryOf, type Crossing } from '../gl-map';
import { joined, lightYears, optionNamed, planetName, playerName, shipName } from '../gl-names';
import { RULES } from '../gl-rules-text';
import { ruCount, type LocalizedText } from '../../../shared/localized-text';
import type { GalaxyLeagueEvents } from '../gl-events';
import { galaxyLeagueOptions, type GalaxyLeagueOptions } from '../gl-options';
import {
  actsInStage,
  allied,
  mayReturnNow,
  type GalaxyLeagueState,
  type LeagueBattle,
} from '../gl-state';
import {
  GalaxyLeagueDeclareAttacksParams,
  GalaxyLeagueDeclareJoinsParams,
  GalaxyLeagueDefendParams,
  GalaxyLeagueMercenariesParams,
  GalaxyLeagueShipParams,
} from './orders.params';

/** The farthest an attack or colonisation reaches, but for the Eternals and Wormholes. */
export const MAX_LY = 3;

/**
 * «1 СГ – штраф -10, 2 СГ – штраф -25, 3 СГ – штраф -40»; beyond 3 (the Eternals, Wormholes)
 * as 3, or under option beyondThreeLy «extended» the last step (-15) again for each LY more.
 */
export function attackPenalty(ly: number, extended = false): number {
  if (ly > MAX_LY && extended) return -40 - 15 * (ly - MAX_LY);
  return ly <= 1 ? -10 : ly === 2 ? -25 : -40;
}
/**
 * «1 СГ – 1 звездолёт и 50 …, 2 СГ – 1 звездолёт и 75 …, 3 СГ – 2 звездолёта и 100»; beyond 3
 * as 3, or under option beyondThreeLy «extended» 25 IC more for each LY more.
 */
export function colonisationCost(ly: number, extended = false): { ships: number; credits: number } {
  if (ly > MAX_LY && extended) return { ships: 2, credits: 100 + 25 * (ly - MAX_LY) };
  return ly <= 1
    ? { ships: 1, credits: 50 }
    : ly === 2
      ? { ships: 1, credits: 75 }
      : { ships: 2, credits: 100 };
}
/** «Стоимость услуг наемников – 100 … за первый звездолет, 150 за второй и по 200 за каждый последующий». */
export function mercenaryPrice(nth: number): number {
  return nth <= 1 ? 100 : nth === 2 ? 150 : 200;
}
/** Defending an ally: «с боевым штрафом равным штрафу за атаку на расстояние 1 СГ». */
export const ALLY_DEFENCE_PENALTY = attackPenalty(1);

export const battleId = (round: number, planet: string): string => `battle-${round}-${planet}`;

const DECLARED_ALREADY = {
  en: 'You declared this round already',
  ru: 'Вы уже сделали заявку в этом раунде',
};

/** A declaration naming one planet twice. */
const twice = (d: GalaxyLeagueDraft, planet: string): LocalizedText => {
  const name = planetName(d, planet);
  return {
    en: `You declare on ${name.en} twice`,
    ru: `Планета ${name.ru} заявлена дважды`,
  };
};

type Ctx = Pick<DecisionContext<GalaxyLeagueState>, 'rs' | 'table'>;

/** How `seat`'s ships cross a territory this round. */
function crossingFor(ctx: Ctx, seat: string): (territory: string) => Crossing {
  return (territory) => {
    const owner = own(ctx.rs.owner, territory);
    if (owner === undefined) return 'other';
    if (owner === seat) return 'own';
    if (allied(ctx.rs, seat, owner)) return 'ally';
    if (own(ctx.rs.players, owner)?.pausedRound === ctx.rs.round) return 'paused';
    return 'other';
  };
}

function hasWormholes(ctx: Ctx, seat: string): boolean {
  return (own(ctx.rs.players, seat)?.technologies ?? []).some(
    (id) => ctx.rs.technologies.find((t) => t.id === id)?.wormholes === true,
  );
}

/**
 * Light years to `planet` and whether the seat may reach past 3 LY (Eternals, Wormholes).
 * The map's wormholes are crossed with the technology, or by everyone under option
 * wormholeAccess «everyone».
 */
export function reach(
  ctx: Ctx,
  seat: string,
  planet: string,
  options: Pick<GalaxyLeagueOptions, 'wormholeAccess' | 'allyCrossing'>,
): { ly: number; beyond: boolean } {
  const technology = hasWormholes(ctx, seat);
  const crossesWormholes = technology || options.wormholeAccess === 'everyone';
  const ly = distanceTo(
    ctx.rs.map!,
    planet,
    crossingFor(ctx, seat),
    crossesWormholes,
    options.allyCrossing === 'whole-run',
  );
  return { ly, beyond: technology || own(ctx.rs.players, seat)?.faction === 'eternals' };
}

/**
 * What each of the seat's ships may do this round, by its type and the seat's morale: a
 * demoralised player has «на 1 защитный звездолёт меньше» (its last defensive ship stands
 * down), and «Один защитный звездолёт воодушевленного игрока становится атакующим» (its
 * first). With no defensive ship, morale changes nothing.
 */
export function shipRoles(ctx: Ctx, seat: string): Map<string, 'attacking' | 'defensive'> {
  const ships = Object.values(ctx.table.pieces)
    .filter((p) => p.owner === seat && p.status !== 'destroyed')
    .sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
  const roles = new Map<string, 'attacking' | 'defensive'>(
    ships.map((p) => [p.id, p.type === SHIP_TYPES.attacking ? 'attacking' : 'defensive']),
  );
  const morale = own(ctx.rs.players, seat)?.morale;
  if (morale?.round !== ctx.rs.round) return roles;
  const defensive = ships.filter((p) => p.type !== SHIP_TYPES.attacking).map((p) => p.id);
  if (morale.status === 'demoralised' && defensive.length > 0)
    roles.delete(defensive[defensive.length - 1]);
  if (morale.status === 'inspired' && defensive.length > 0) roles.set(defensive[0], 'attacking');
  return roles;
}

/** The seat's ships not committed this round, and which of them attack. */
export function freeShips(ctx: Ctx, seat: string): { id: string; attacking: boolean }[] {
  return [...shipRoles(ctx, seat)]
    .filter(([id]) => own(ctx.rs.committed, id) === undefined)
    .map(([id, role]) => ({ id, attacking: role === 'attacking' }));
}

function requireShip(
  d: GalaxyLeagueDraft,
  ship: string,
  attacking: boolean,
  rule: string,
  used: Set<string>,
): void {
  const piece = own(d.table.pieces, ship);
  const name = shipName(d, ship);
  if (!piece || piece.owner !== d.seat)
    refuse(
      'not_your_ship',
      { en: `${name.en} is not one of your ships`, ru: `${name.ru} — не ваш звездолёт` },
      rule,
    );
  if (own(d.rs.committed, ship) !== undefined || used.has(ship))
    refuse(
      'ship_committed',
      {
        en: `${name.en} is already sent this round`,
        ru: `${name.ru} уже отправлен в этом раунде`,
      },
      rule,
    );
  const role = shipRoles(d, d.seat).get(ship);
  if (role === undefined)
    refuse(
      'ship_stood_down',
      {
        en: `${name.en} stands down this round: a demoralised player has one defensive ship fewer`,
        ru: `${name.ru} в этом раунде не летает: у деморализованного игрока на 1 защитный звездолёт меньше`,
      },
      RULES.demoralisedShips,
    );
  if (attacking && role !== 'attacking')
    refuse(
      'not_attacking_ship',
      {
        en: `${name.en} is a defensive ship: only attacking ships do this`,
        ru: `${name.ru} — защитный: атакуют только атакующие звездолёты`,
      },
      RULES.attackingShips,
    );
  used.add(ship);
}

function requirePlanet(d: GalaxyLeagueDraft, planet: string, rule: string): void {
  if (!d.rs.map || !territoryOf(d.rs.map, planet))
    refuse(
      'unknown_planet',
      { en: `The map has no territory ${planet}`, ru: `На карте нет планеты «${planet}»` },
      rule,
    );
}

function requireReach(d: GalaxyLeagueDraft, planet: string): number {
  const { ly, beyond } = reach(d, d.seat, planet, d.options);
  const name = planetName(d, planet);
  if (!Number.isFinite(ly))
    refuse(
      'unreachable',
      { en: `${name.en} cannot be reached`, ru: `До планеты ${name.ru} не долететь` },
      RULES.maxDistance,
    );
  if (ly > MAX_LY && !beyond)
    refuse(
      'too_far',
      {
        en: `${name.en} is ${ly} LY away: beyond 3 LY only the Eternals or the Wormholes technology`,
        ru: `До планеты ${name.ru} ${lightYears(ly).ru}: дальше 3 световых лет летают только Вечные или с технологией «Червоточины»`,
      },
      RULES.maxDistance,
    );
  return ly;
}

/** The priority of the round: points at its start, then faction order, then a provable lot. */
function priorityOrder(d: GalaxyLeagueDraft): { order: string[]; lot?: string[] } {
  // A seat kept for a new player has no place in it until the player enters.
  const seats = d.rs.order.filter((s) => own(d.rs.players, s)?.status !== 'entrant');
  const points = (s: string) => own(d.rs.roundPoints, s) ?? 0;
  const faction = (s: string) => own(d.rs.players, s)?.faction ?? '';
  seats.sort((a, b) => points(b) - points(a) || factionRank(faction(a)) - factionRank(faction(b)));
  const order: string[] = [];
  let lot: string[] | undefined;
  for (let i = 0; i < seats.length;) {
    let j = i + 1;
    while (
      j < seats.length &&
      points(seats[j]) === points(seats[i]) &&
      faction(seats[j]) === faction(seats[i])
    )
      j += 1;
    const group = seats.slice(i, j);
    if (group.length > 1) lot = [...(lot ?? []), ...group];
    // «при ничье по очкам между одинаковыми фракциями … определяется жребием»: server dice.
    while (group.length > 1) {
      const [face] = d.roll('priority-lot', [group.length]);
      order.push(group.splice(face - 1, 1)[0]);
    }
    order.push(group[0]);
    i = j;
  }
  return lot ? { order, lot } : { order };
}

/**
 * Every player's Attack declarations are revealed: the round's priority is set, declarations
 * on a planet another declared first in priority lapse (they may join), and each contested
 * planet opens its battle.
 */
function resolveAttacks(d: GalaxyLeagueDraft): void {
  const { order, lot } = priorityOrder(d);
  d.own('PriorityOrderSet', { round: d.rs.round, order, ...(lot ? { lot } : {}) });
  const rank = (seat: string) =>
    d.options.declarationConflicts === 'first-declared'
      ? (own(d.rs.declared, seat)?.seq ?? 0)
      : order.indexOf(seat);
  const claims = new Map<
    string,
    {
      seat: string;
      ships: string[];
      ly: number;
      penalty: number;
      cost?: number;
      kind: 'capture' | 'colonisation';
    }[]
  >();
  for (const declared of Object.values(d.rs.declared)) {
    for (const a of declared.attacks)
      claims.set(a.planet, [
        ...(claims.get(a.planet) ?? []),
        { seat: declared.seat, ships: [a.ship], ly: a.ly, penalty: a.penalty, kind: 'capture' },
      ]);
    for (const c of declared.colonisations)
      claims.set(c.planet, [
        ...(claims.get(c.planet) ?? []),
        {
          seat: declared.seat,
          ships: c.ships,
          ly: c.ly,
          penalty: 0,
          cost: c.cost,
          kind: 'colonisation',
        },
      ]);
  }
  const planets = (d.rs.map?.territories ?? []).map((t) => t.id).filter((p) => claims.has(p));
  for (const planet of planets) {
    const [first, ...later] = claims.get(planet)!.sort((a, b) => rank(a.seat) - rank(b.seat));
    for (const lapsed of later)
      d.own('DeclarationLapsed', {
        seat: lapsed.seat,
        planet,
        ships: lapsed.ships,
        before: first.seat,
      });
    const owner = own(d.rs.owner, planet);
    const { kind, ...attacker } = first;
    d.own('BattleOpened', {
      battle: battleId(d.rs.round, planet),
      planet,
      kind,
      ...(owner !== undefined ? { owner } : {}),
      capital: owner !== undefined && own(d.rs.players, owner)?.capital === planet,
      attackers: [attacker],
    });
  }
}

/** A seat's Attack declarations recorded; the last of them settles the stage. */
export function declareAttacks(
  d: GalaxyLeagueDraft,
  attacks: GalaxyLeagueEvents['AttacksDeclared']['attacks'],
  colonisations: GalaxyLeagueEvents['AttacksDeclared']['colonisations'],
  kind?: 'returning' | 'entry',
): void {
  d.own('AttacksDeclared', {
    seat: d.seat,
    attacks,
    colonisations,
    ...(kind ? { [kind]: true } : {}),
  });
  d.own('StageDone', { seat: d.seat, round: d.rs.round, stage: 'attack' });
  if (d.actingSeats().every((s) => d.rs.done.includes(s))) {
    resolveAttacks(d);
    d.advanceStage();
  }
}

/** A seat's joins recorded; the last of them closes the stage. */
export function declareJoins(
  d: GalaxyLeagueDraft,
  joins: GalaxyLeagueEvents['JoinsDeclared']['joins'],
): void {
  d.own('JoinsDeclared', { seat: d.seat, joins });
  d.markDone(d.seat);
}

const acting = (ctx: AvailabilityContext<GalaxyLeagueState>) => !ctx.rs.done.includes(ctx.seat);

/** The planet is another player's, who may be attacked now (not an ally, not paused). */
function requireEnemyPlanet(d: GalaxyLeagueDraft, planet: string, rule: string): string {
  const owner = own(d.rs.owner, planet);
  const name = planetName(d, planet);
  if (owner === undefined)
    refuse(
      'neutral_planet',
      {
        en: `${name.en} is neutral: colonise it, attacks are on players’ territories`,
        ru: `${name.ru} — ничейная планета: её колонизируют, атакуют планеты игроков`,
      },
      rule,
    );
  if (owner === d.seat)
    refuse('own_planet', { en: `${name.en} is yours`, ru: `${name.ru} — ваша планета` }, rule);
  if (allied(d.rs, d.seat, owner))
    refuse(
      'ally_planet',
      {
        en: `${name.en} is an ally’s`,
        ru: `${name.ru} — планета союзника (${playerName(d.ctx, owner).ru})`,
      },
      RULES.noAllyAttack,
    );
  if (own(d.rs.players, owner)?.pausedRound === d.rs.round && d.options.pausedAttackable === 'no') {
    const [who, option] = [playerName(d.ctx, owner), optionNamed('pausedAttackable')];
    refuse(
      'paused_planet',
      {
        en: `${who.en} has paused this round (${option.en})`,
        ru: `${who.ru} в этом раунде на паузе (${option.ru})`,
      },
      RULES.pauseTruncated,
    );
  }
  return owner;
}

/** Whether the territories lie next to one another (one group joined by lanes among them). */
function nextToOneAnother(d: GalaxyLeagueDraft, planets: string[]): boolean {
  const reached = new Set(planets.slice(0, 1));
  for (let grown = true; grown;) {
    grown = false;
    for (const p of planets)
      if (!reached.has(p) && [...reached].some((q) => adjacent(d.rs.map!, p, q))) {
        reached.add(p);
        grown = true;
      }
  }
  return reached.size === planets.length;
}

/**
 * An eliminated player's declaration: nothing (it does not try this round), or a return
 * («игрок выбирает две расположенные рядом территории и объявляет на них атаки»; a new player
 * entering as a returning one has 3). Its ships fly from no territory of its own: the penalty
 * is a neighbour's (1 LY) or none (option returnAttackPenalty).
 */
function declareReturn(
  d: GalaxyLeagueDraft,
  attacks: { ship: string; planet: string }[],
  colonisations: unknown[],
  returning: boolean,
): void {
  const player = own(d.rs.players, d.seat);
  const name = playerName(d.ctx, d.seat);
  if (player?.status !== 'eliminated')
    refuse(
      'not_eliminated',
      {
        en: `${name.en} is not out of the league: only an eliminated player declares a return`,
        ru: `${name.ru} остаётся в игре: возврат объявляет только выбывший игрок`,
      },
      RULES.returning,
    );
  if (!mayReturnNow(d.rs, d.seat)) {
    const option = optionNamed('returnRounds');
    refuse(
      'not_return_round',
      d.rs.round < (player.mayReturnFrom ?? Infinity)
        ? {
            en: `${name.en} may try to return from round ${player.mayReturnFrom} (this is round ${d.rs.round})`,
            ru: `${name.ru} может пытаться вернуться в игру с ${player.mayReturnFrom}-го раунда, а сейчас идёт ${d.rs.round}-й`,
          }
        : {
            en: `Returns are made only in rounds 4 and 8 (${option.en}; this is round ${d.rs.round})`,
            ru: `Вернуться в игру можно только в 4-м и 8-м раундах (${option.ru}), а сейчас идёт ${d.rs.round}-й`,
          },
      RULES.returnAfterRound,
    );
  }
  if (d.rs.done.includes(d.seat)) refuse('stage_done', DECLARED_ALREADY, RULES.attackPhase);
  if (colonisations.length > 0)
    refuse(
      'return_colonises',
      {
        en: 'A returning player declares attacks, no colonisation',
        ru: 'Возвращающийся игрок объявляет только атаки, без колонизаций',
      },
      RULES.returning,
    );
  if (!returning && attacks.length > 0)
    refuse(
      'declare_return',
      {
        en: 'You are out of the league: your attacks are a return (tick “Return”)',
        ru: 'Вы выбыли из игры: ваши атаки — это возврат в игру (отметьте «Возврат в игру»)',
      },
      RULES.returning,
    );
  if (attacks.length === 0) {
    declareAttacks(d, [], []);
    return;
  }
  const asEntry = player.entered?.round === d.rs.round && player.entered.attacks === 'as-return';
  const count = asEntry ? 3 : 2;
  if (attacks.length !== count)
    refuse(
      'return_targets',
      {
        en: `A return attacks ${count} territories next to one another, not ${attacks.length}`,
        ru: `При возврате атакуют ${ruCount(count, 'территорию', 'расположенные рядом территории', 'расположенных рядом территорий')}, а не ${attacks.length}`,
      },
      asEntry ? RULES.entryAsReturn : RULES.returning,
    );
  const used = new Set<string>();
  const planets = attacks.map((a) => a.planet);
  if (new Set(planets).size !== planets.length)
    refuse(
      'planet_twice',
      {
        en: 'A return attacks different territories',
        ru: 'При возврате атакуют разные территории',
      },
      RULES.returning,
    );
  for (const { ship, planet } of attacks) {
    requireShip(
      d,
      ship,
      !asEntry || d.options.entryAttackShips === 'attacking-only',
      RULES.returning,
      used,
    );
    requirePlanet(d, planet, RULES.returning);
    requireEnemyPlanet(d, planet, RULES.returning);
  }
  if (!nextToOneAnother(d, planets)) {
    const names = joined(planets.map((p) => planetName(d, p)));
    refuse(
      'not_next_to_each_other',
      {
        en: `${names.en} do not lie next to one another`,
        ru: `Территории ${names.ru} не расположены рядом друг с другом`,
      },
      RULES.returning,
    );
  }
  const penalty = d.options.returnAttackPenalty === 'one-ly' ? attackPenalty(1) : 0;
  declareAttacks(
    d,
    attacks.map(({ ship, planet }) => ({ ship, planet, ly: 1, penalty })),
    [],
    'returning',
  );
}

/**
 * A new entrant with no neutral neighbours: «3 атаки на прилегающие к столице территории
 * других игроков (но не на другие столицы, а также не на территории в 1 СГ от других
 * столиц). Эти атаки считаются действиями игрока в этом раунде» — its only declarations.
 */
function declareEntryAttacks(
  d: GalaxyLeagueDraft,
  attacks: { ship: string; planet: string }[],
  colonisations: unknown[],
): void {
  if (colonisations.length > 0 || attacks.length > 3)
    refuse(
      'entry_attacks_only',
      {
        en: 'In the round it enters, the new player makes at most 3 attacks next to its capital and nothing else',
        ru: 'В раунде входа в игру новый игрок совершает не больше 3 атак на прилегающие к столице территории и ничего больше',
      },
      RULES.entryAttacksAreActions,
    );
  const capital = own(d.rs.players, d.seat)?.capital ?? '';
  const capitals = Object.values(d.rs.players)
    .filter((p) => p.seat !== d.seat && p.capital !== undefined)
    .map((p) => p.capital!);
  const used = new Set<string>();
  const targets = new Set<string>();
  const declared = attacks.map(({ ship, planet }) => {
    requireShip(d, ship, d.options.entryAttackShips === 'attacking-only', RULES.entryAttacks, used);
    requirePlanet(d, planet, RULES.entryAttacks);
    if (targets.has(planet)) refuse('planet_twice', twice(d, planet), RULES.attackPhase);
    targets.add(planet);
    const name = planetName(d, planet);
    if (!adjacent(d.rs.map!, capital, planet))
      refuse(
        'not_next_to_capital',
        {
          en: `${name.en} does not lie next to your capital`,
          ru: `${name.ru} не прилегает к вашей столице`,
        },
        RULES.entryAttacks,
      );
    const owner = requireEnemyPlanet(d, planet, RULES.entryAttacks);
    if (capitals.includes(planet)) {
      const whose = playerName(d.ctx, owner, 'gen');
      refuse(
        'entry_on_capital',
        {
          en: `${name.en} is ${whose.en}’s capital`,
          ru: `${name.ru} — столица ${whose.ru}`,
        },
        RULES.entryAttacks,
      );
    }
    const near = lanesFrom(d.rs.map!, planet).find((l) => l.ly <= 1 && capitals.includes(l.to));
    if (near) {
      const nearName = planetName(d, near.to);
      refuse(
        'entry_near_capital',
        {
          en: `${name.en} lies 1 LY from another player’s capital, ${nearName.en}`,
          ru: `${name.ru} находится в 1 СГ от чужой столицы — планеты ${nearName.ru}`,
        },
        RULES.entryAttacks,
      );
    }
    const ly = requireReach(d, planet);
    return { ship, planet, ly, penalty: attackPenalty(ly) };
  });
  declareAttacks(d, declared, [], 'entry');
}

/** Option voidedDeclaration: a declaration refused at its reveal declares nothing, or waits for a judge. */
function voidedAsNothing<P>(ctx: DecisionContext<GalaxyLeagueState>, nothing: P) {
  return galaxyLeagueOptions(ctx.options).voidedDeclaration === 'nothing'
    ? { params: nothing }
    : undefined;
}

/** Planets the seat may attack now, each with its distance and penalty. */
function attackPlaces(ctx: ChoiceCtx): ChoiceValue[] {
  const options = galaxyLeagueOptions(ctx.options);
  const extended = options.beyondThreeLy === 'extended';
  return Object.entries(ctx.rs.owner)
    .filter(
      ([, owner]) =>
        owner !== ctx.seat &&
        !allied(ctx.rs, ctx.seat, owner) &&
        !(
          own(ctx.rs.players, owner)?.pausedRound === ctx.rs.round &&
          options.pausedAttackable === 'no'
        ),
    )
    .flatMap(([planet, owner]) => {
      const { ly, beyond } = reach(ctx, ctx.seat, planet, options);
      if (!Number.isFinite(ly) || (ly > MAX_LY && !beyond)) return [];
      const penalty = attackPenalty(ly, extended);
      const whose = playerName(ctx, owner, 'gen');
      return [
        planetValue(ctx, planet, {
          en: `${whose.en}’s, ${ly} LY, penalty ${penalty}`,
          ru: `планета ${whose.ru}, ${lightYears(ly).ru}, штраф ${penalty}`,
        }),
      ];
    })
    .sort(byName());
}

/** Neutral planets the seat may colonise now, each with its distance and cost. */
function colonisationPlaces(ctx: ChoiceCtx, shipsFree: number): ChoiceValue[] {
  const options = galaxyLeagueOptions(ctx.options);
  const extended = options.beyondThreeLy === 'extended';
  return (ctx.rs.map?.territories ?? [])
    .filter((t) => own(ctx.rs.owner, t.id) === undefined)
    .flatMap((t) => {
      const { ly, beyond } = reach(ctx, ctx.seat, t.id, options);
      if (!Number.isFinite(ly) || (ly > MAX_LY && !beyond)) return [];
      const cost = colonisationCost(ly, extended);
      // Option colonisationFunds «at-declaration»: one the player cannot pay is refused.
      if (options.colonisationFunds === 'at-declaration' && cost.credits > credits(ctx, ctx.seat))
        return [];
      if (cost.ships > shipsFree) return [];
      const ships = cost.ships === 1 ? '1 звездолёт' : `${cost.ships} звездолёта`;
      return [
        planetValue(ctx, t.id, {
          en: `${ly} LY: ${cost.ships} ship${cost.ships > 1 ? 's' : ''} and ${cost.credits} IC`,
          ru: `${lightYears(ly).ru}: ${ships} и ${cost.credits} ИК`,
        }),
      ];
    })
    .sort(byName());
}

const sentIn = (chosen: Readonly<Record<string, unknown>>, path: string): Set<unknown> => {
  const entries = chosen[path];
  return new Set(
    (Array.isArray(entries) ? entries : []).flatMap((e: Record<string, unknown>) =>
      Array.isArray(e?.ships) ? (e.ships as unknown[]) : [e?.ship],
    ),
  );
};

/**
 * The sealed declaration: attacking ships to enemy planets in reach, and ships (two at 3 LY)
 * to neutral planets in reach; a ship sent in one list is not offered in the other.
 */
const declareAttacksChoices: ChoicesOf<GalaxyLeagueState> = (ctx, chosen) => {
  const free = freeShips(ctx, ctx.seat);
  const inColonisations = sentIn(chosen, 'colonisations');
  const inAttacks = sentIn(chosen, 'attacks');
  return [
    {
      path: 'attacks',
      pick: 'places',
      item: 'ship',
      place: 'planet',
      optional: true,
      values: free
        .filter((s) => s.attacking && !inColonisations.has(s.id))
        .map((s) => shipValue(ctx, s.id)),
      places: attackPlaces(ctx),
    },
    {
      path: 'colonisations',
      pick: 'places',
      item: 'ships',
      place: 'planet',
      optional: true,
      grouped: true,
      values: free.filter((s) => !inAttacks.has(s.id)).map((s) => shipValue(ctx, s.id)),
      places: colonisationPlaces(ctx, free.filter((s) => !inAttacks.has(s.id)).length),
    },
  ];
};

/** Planets of the seat or an ally under attack this round. */
function defendedPlanets(ctx: ChoiceCtx, own_only: boolean): string[] {
  return Object.values(ctx.rs.battles)
    .filter(
      (b) =>
        b.round === ctx.rs.round &&
        b.kind === 'capture' &&
        b.owner !== undefined &&
        (b.owner === ctx.seat || (!own_only && allied(ctx.rs, ctx.seat, b.owner))),
    )
    .map((b) => b.planet);
}

const assignDefender: ChoicesOf<GalaxyLeagueState> = (ctx) => [
  {
    path: 'ship',
    pick: 'one',
    tried: true,
    values: freeShips(ctx, ctx.seat).map((s) => shipValue(ctx, s.id)),
  },
  {
    path: 'planet',
    pick: 'one',
    tried: true,
    values: defendedPlanets(ctx, false)
      .map((p) => planetValue(ctx, p))
      .sort(byName()),
  },
];

const hireMercenaries: ChoicesOf<GalaxyLeagueState> = (ctx) => [
  {
    path: 'planet',
    pick: 'one',
    tried: true,
    values: defendedPlanets(ctx, true)
      .filter((p) => own(ctx.rs.players, ctx.seat)?.capital !== p)
      .map((p) => planetValue(ctx, p))
      .sort(byName()),
  },
];

/** The seat's ships sent this round, to be recalled. */
const recallShip: ChoicesOf<GalaxyLeagueState> = (ctx) => [
  {
    path: 'ship',
    pick: 'one',
    tried: true,
    values: Object.keys(ctx.rs.committed)
      .filter((ship) => own(ctx.table.pieces, ship)?.owner === ctx.seat)
      .map((ship) => {
        const battle = own(ctx.rs.battles, own(ctx.rs.committed, ship)!);
        return {
          ...shipValue(ctx, ship),
          ...(battle && {
            hint: {
              en: `to ${planetName(ctx, battle.planet).en}`,
              ru: `к планете ${planetName(ctx, battle.planet).ru}`,
            },
          }),
        };
      }),
  },
];

/** The battles of this round, each once, in the order of their planets' names. */
export const roundBattles = (ctx: ChoiceCtx): LeagueBattle[] =>
  Object.values(ctx.rs.battles).filter(
    (b) => own(ctx.rs.battles, battleId(ctx.rs.round, b.planet)) === b,
  );

/**
 * The sealed joins: the seat's free attacking ships to the battles and colonisations others
 * declared that it may join (none of its own, no ally's planet, no ally's colonisation), each
 * with its distance (over 3 LY counted as 3) and its penalty or cost.
 */
const declareJoinsChoices: ChoicesOf<GalaxyLeagueState> = (ctx) => {
  const options = galaxyLeagueOptions(ctx.options);
  const places = roundBattles(ctx)
    .filter(
      (b) =>
        b.owner !== ctx.seat &&
        !b.attackers.some((a) => a.seat === ctx.seat) &&
        !(b.kind === 'capture' && b.owner !== undefined && allied(ctx.rs, ctx.seat, b.owner)) &&
        !(b.kind === 'colonisation' && b.attackers.some((a) => allied(ctx.rs, ctx.seat, a.seat))),
    )
    .flatMap((b) => {
      const ly = Math.min(MAX_LY, reach(ctx, ctx.seat, b.planet, options).ly);
      if (!Number.isFinite(ly)) return [];
      const distance = lightYears(ly);
      if (b.kind === 'colonisation') {
        const cost = colonisationCost(ly).credits;
        return [
          planetValue(ctx, b.planet, {
            en: `colonisation, ${distance.en}, ${cost} IC if won`,
            ru: `колонизация, ${distance.ru}, ${cost} ИК при победе`,
          }),
        ];
      }
      const whose = playerName(ctx, b.owner!, 'gen');
      const penalty = attackPenalty(ly);
      return [
        planetValue(ctx, b.planet, {
          en: `${whose.en}’s, ${distance.en}, penalty ${penalty}`,
          ru: `планета ${whose.ru}, ${distance.ru}, штраф ${penalty}`,
        }),
      ];
    })
    .sort(byName());
  return [
    {
      path: 'joins',
      pick: 'places',
      item: 'ship',
      place: 'planet',
      optional: true,
      values: freeShips(ctx, ctx.seat)
        .filter((s) => s.attacking)
        .map((s) => shipValue(ctx, s.id)),
      places,
    },
  ];
};

export const ORDER_DECISIONS = {
  'declare-attacks': decision({
    summary: {
      en: 'Declare attacks and colonisations (sealed; revealed together)',
      ru: 'Заявить атаки и колонизации (запечатано; раскрываются вместе)',
    },
    params: GalaxyLeagueDeclareAttacksParams,
    example: {
      attacks: [{ ship: 'ship:anna:1', planet: 'ember' }],
      colonisations: [{ ships: ['ship:anna:3'], planet: 'orion' }],
    },
    choices: declareAttacksChoices,
    turn: 'any',
    phases: ['attack'],
    turnRuleRef: RULES.attackPhase,
    sealing: 'required',
    sealRuleRef: RULES.conflicts,
    revealAfter: (ctx) =>
      ctx.rs.order.filter((s) => actsInStage(ctx.rs, s) && !ctx.rs.done.includes(s)),
    available: acting,
    voidAs: (ctx) => voidedAsNothing(ctx, { attacks: [], colonisations: [] }),
    examples: (): GalaxyLeagueDeclareAttacksParams[] => [{ attacks: [], colonisations: [] }],
    decide(d, { attacks = [], colonisations = [], returning }) {
      const player = own(d.rs.players, d.seat);
      if (returning === true || player?.status === 'eliminated') {
        declareReturn(d, attacks, colonisations, returning === true);
        return;
      }
      d.requireActing(d.seat, RULES.attackPhase);
      if (d.rs.done.includes(d.seat)) refuse('stage_done', DECLARED_ALREADY, RULES.attackPhase);
      if (player?.entered?.round === d.rs.round && player.entered.attacks === 'next-to-capital') {
        declareEntryAttacks(d, attacks, colonisations);
        return;
      }
      const used = new Set<string>();
      const planets = new Set<string>();
      const extended = d.options.beyondThreeLy === 'extended';
      const declaredAttacks = attacks.map(({ ship, planet }) => {
        requireShip(d, ship, true, RULES.attackingShips, used);
        requirePlanet(d, planet, RULES.attackPhase);
        if (planets.has(planet)) refuse('planet_twice', twice(d, planet), RULES.attackPhase);
        planets.add(planet);
        requireEnemyPlanet(d, planet, RULES.attackPhase);
        const ly = requireReach(d, planet);
        return { ship, planet, ly, penalty: attackPenalty(ly, extended) };
      });
      const declaredColonisations = colonisations.map(({ ships, planet }) => {
        for (const ship of ships) requireShip(d, ship, false, RULES.colonisationCost, used);
        requirePlanet(d, planet, RULES.attackPhase);
        if (planets.has(planet)) refuse('planet_twice', twice(d, planet), RULES.attackPhase);
        planets.add(planet);
        if (own(d.rs.owner, planet) !== undefined) {
          const name = planetName(d, planet);
          const owner = playerName(d.ctx, own(d.rs.owner, planet)!, 'dat');
          refuse(
            'not_neutral',
            {
              en: `${name.en} is not neutral: it is ${owner.en}’s`,
              ru: `${name.ru} — не ничейная планета: она принадлежит игроку ${owner.ru}`,
            },
            RULES.attackPhase,
          );
        }
        const ly = requireReach(d, planet);
        const cost = colonisationCost(ly, extended);
        if (ships.length !== cost.ships)
          refuse(
            'colonisation_ships',
            {
              en: `A colonisation at ${ly} LY takes ${cost.ships} ship${cost.ships > 1 ? 's' : ''}`,
              ru: `Колонизация планеты ${planetName(d, planet).ru} на расстоянии ${ly} СГ требует ${cost.ships === 1 ? '1 звездолёт' : `${cost.ships} звездолёта`}`,
            },
            RULES.colonisationCost,
          );
        return { ships: [...ships], planet, ly, cost: cost.credits };
      });
      const due = declaredColonisations.reduce((a, c) => a + c.cost, 0);
      if (d.options.colonisationFunds === 'at-declaration' && due > d.spendableCredits(d.seat)) {
        const funds = d.fundsText(d.seat);
        refuse(
          'not_enough_credits',
          {
            en: `Your colonisations may cost ${due} IC; ${funds.en}`,
            ru: `Колонизации могут стоить ${due} ИК, ${funds.ru}`,
          },
          RULES.colonisationCost,
        );
      }
      declareAttacks(d, declaredAttacks, declaredColonisations);
    },
  }),
  'recall-ship': decision({
    summary: {
      en: 'Recall a ship sent to attack or colonise',
      ru: 'Отозвать звездолёт с атаки или колонизации',
    },
    params: GalaxyLeagueShipParams,
    example: { ship: 'ship:anna:1' },
    choices: recallShip,
    turn: 'any',
    phases: ['return'],
    turnRuleRef: RULES.recall,
    available: (ctx) => !ctx.rs.recalled.includes(ctx.seat) && !ctx.rs.done.includes(ctx.seat),
    examples: (ctx) =>
      Object.entries(ctx.rs.committed)
        .filter(([ship]) => own(ctx.table.pieces, ship)?.owner === ctx.seat)
        .map(([ship]) => ({ ship })),
    decide(d, { ship }) {
      d.requireActing(d.seat, RULES.recall);
      if (d.rs.recalled.includes(d.seat))
        refuse(
          'recalled_already',
          {
            en: 'Each player recalls 1 ship a round',
            ru: 'За раунд каждый игрок отзывает только 1 звездолёт',
          },
          RULES.recall,
        );
      const battle = own(d.rs.committed, ship);
      const attacker = battle
        ? own(d.rs.battles, battle)?.attackers.find(
            (a) => a.seat === d.seat && a.ships.includes(ship),
          )
        : undefined;
      if (!battle || !attacker || attacker.joined) {
        const name = shipName(d, ship);
        refuse(
          'not_sent',
          {
            en: `${name.en} was not sent to attack or colonise`,
            ru: `${name.ru} не послан на атаку или колонизацию`,
          },
          RULES.recall,
        );
      }
      const pair = attacker.ships.length > 1;
      if (pair && d.options.recallFromPair === 'refused') {
        const option = optionNamed('recallFromPair');
        refuse(
          'pair_recall',
          {
            en: `One of the two ships of a 3 LY colonisation cannot be recalled (${option.en})`,
            ru: `Один из двух звездолётов колонизации на 3 СГ отозвать нельзя (${option.ru})`,
          },
          RULES.recall,
        );
      }
      d.own('ShipRecalled', {
        seat: d.seat,
        ship,
        battle,
        lapsed: pair || attacker.ships.length === 1,
      });
    },
  }),
  'declare-joins': decision({
    summary: {
      en: 'Join battles and colonisations (sealed; revealed together)',
      ru: 'Присоединиться к боям и колонизациям (запечатано)',
    },
    params: GalaxyLeagueDeclareJoinsParams,
    example: { joins: [{ ship: 'ship:boris:1', planet: 'orion' }] },
    choices: declareJoinsChoices,
    turn: 'any',
    phases: ['joining'],
    turnRuleRef: RULES.joining,
    sealing: 'required',
    sealRuleRef: RULES.joinersCompete,
    revealAfter: (ctx) =>
      ctx.rs.order.filter((s) => actsInStage(ctx.rs, s) && !ctx.rs.done.includes(s)),
    available: acting,
    voidAs: (ctx) => voidedAsNothing(ctx, { joins: [] }),
    examples: () => [{ joins: [] }],
    decide(d, { joins }) {
      d.requireActing(d.seat, RULES.joining);
      if (d.rs.done.includes(d.seat))
        refuse(
          'stage_done',
          {
            en: 'You joined this round already',
            ru: 'Вы уже объявили присоединение в этом раунде',
          },
          RULES.joining,
        );
      const used = new Set<string>();
      const declared = joins.map(({ ship, planet }) => {
        requireShip(d, ship, true, RULES.joining, used);
        const id = battleId(d.rs.round, planet);
        const battle = own(d.rs.battles, id);
        const name = planetName(d, planet);
        if (!battle)
          refuse(
            'no_battle',
            {
              en: `Nobody declared an attack or colonisation on ${name.en}`,
              ru: `На планету ${name.ru} никто не заявил атаку или колонизацию`,
            },
            RULES.joining,
          );
        if (battle.attackers.some((a) => a.seat === d.seat) || battle.owner === d.seat)
          refuse(
            'already_in_battle',
            {
              en: `You are already in the battle for ${name.en}`,
              ru: `Вы уже участвуете в бою за планету ${name.ru}`,
            },
            RULES.joining,
          );
        if (
          battle.kind === 'capture' &&
          battle.owner !== undefined &&
          allied(d.rs, d.seat, battle.owner)
        ) {
          const ally = playerName(d.ctx, battle.owner);
          refuse(
            'ally_planet',
            {
              en: `${name.en} is an ally’s (${ally.en}): defend it instead`,
              ru: `${name.ru} — планета союзника (${ally.ru}): её можно только защищать`,
            },
            RULES.noAllyAttack,
          );
        }
        const allyColonising = battle.attackers.find(
          (a) => battle.kind === 'colonisation' && allied(d.rs, d.seat, a.seat),
        );
        if (allyColonising) {
          const ally = playerName(d.ctx, allyColonising.seat);
          refuse(
            'ally_colonisation',
            {
              en: `Your ally ${ally.en} colonises ${name.en}`,
              ru: `Планету ${name.ru} колонизирует ваш союзник (${ally.ru})`,
            },
            RULES.noAllyColonisation,
          );
        }
        // «дальше, чем 3 СГ считается таковой, которая находится на расстоянии ровно в 3 СГ».
        const ly = Math.min(MAX_LY, reach(d, d.seat, planet, d.options).ly);
        return battle.kind === 'capture'
          ? { ship, battle: id, ly, penalty: attackPenalty(ly) }
          : { ship, battle: id, ly, penalty: 0, cost: colonisationCost(ly).credits };
      });
      // One ship a battle; a colonisation at 3 LY takes two under option joinerColonisationShips.
      for (const id of new Set(declared.map((j) => j.battle))) {
        const mine = declared.filter((j) => j.battle === id);
        const two =
          own(d.rs.battles, id)?.kind === 'colonisation' &&
          mine[0].ly === MAX_LY &&
          d.options.joinerColonisationShips === 'two';
        if (mine.length !== (two ? 2 : 1)) {
          const name = planetName(d, own(d.rs.battles, id)!.planet);
          const option = optionNamed('joinerColonisationShips');
          refuse(
            'join_ships',
            two
              ? {
                  en: `Joining the colonisation of ${name.en} at 3 LY takes 2 ships (${option.en})`,
                  ru: `Для присоединения к колонизации планеты ${name.ru} на 3 СГ нужны 2 звездолёта (${option.ru})`,
                }
              : {
                  en: `Join the battle for ${name.en} with one ship`,
                  ru: `К бою за планету ${name.ru} присоединяются одним звездолётом`,
                },
            two ? RULES.colonisationCost : RULES.joining,
          );
        }
      }
      declareJoins(d, declared);
    },
  }),
  'assign-defender': decision({
    summary: { en: 'Place a ship to defend a planet', ru: 'Выставить звездолёт на защиту планеты' },
    params: GalaxyLeagueDefendParams,
    example: { ship: 'ship:boris:4', planet: 'ember' },
    choices: assignDefender,
    turn: 'any',
    phases: ['defence'],
    turnRuleRef: RULES.defence,
    decide(d, { ship, planet }) {
      d.requireActing(d.seat, RULES.defence);
      requireShip(d, ship, false, RULES.defence, new Set());
      const id = battleId(d.rs.round, planet);
      const battle = own(d.rs.battles, id);
      const name = planetName(d, planet);
      if (!battle || battle.kind !== 'capture')
        refuse(
          'not_under_attack',
          { en: `${name.en} is not under attack`, ru: `На планету ${name.ru} атака не объявлена` },
          RULES.defence,
        );
      const owner = battle.owner!;
      const ally = owner !== d.seat;
      if (ally && !allied(d.rs, d.seat, owner))
        refuse(
          'not_defendable',
          {
            en: `${name.en} is neither yours nor an ally’s`,
            ru: `${name.ru} — не ваша планета и не планета союзника`,
          },
          RULES.noNeutralDefence,
        );
      const limit =
        d.options.defendersPerPlanet === 'one'
          ? battle.defenders.length > 0
          : battle.defenders.some((x) => x.seat === d.seat);
      if (limit)
        refuse(
          'defender_placed',
          {
            en: `A defender already stands on ${name.en}`,
            ru: `На защиту планеты ${name.ru} уже выставлен звездолёт`,
          },
          RULES.oneDefender,
        );
      d.own('DefenderAssigned', {
        seat: d.seat,
        ship,
        battle: id,
        penalty: ally ? ALLY_DEFENCE_PENALTY : 0,
        ally,
      });
    },
  }),
  'hire-mercenaries': decision({
    summary: { en: 'Hire mercenaries to defend a planet', ru: 'Нанять космических наёмников' },
    params: GalaxyLeagueMercenariesParams,
    example: { planet: 'ember', count: 1 },
    choices: hireMercenaries,
    turn: 'any',
    phases: ['defence'],
    turnRuleRef: RULES.mercenaries,
    decide(d, { planet, count }) {
      d.requireActing(d.seat, RULES.mercenaries);
      const id = battleId(d.rs.round, planet);
      const battle = own(d.rs.battles, id);
      const name = planetName(d, planet);
      if (!battle || battle.kind !== 'capture' || battle.owner !== d.seat)
        refuse(
          'not_under_attack',
          {
            en: `${name.en} is not your planet under attack`,
            ru: `${name.ru} — не ваша планета, на которую объявлена атака`,
          },
          RULES.mercenaries,
        );
      if (own(d.rs.players, d.seat)?.capital === planet)
        refuse(
          'mercenaries_on_capital',
          {
            en: 'Mercenaries never defend the capital',
            ru: 'Наёмники не могут защищать столицу',
          },
          RULES.mercenaries,
        );
      if (d.options.mercenariesBesideDefender === 'no' && battle.defenders.length > 0) {
        const option = optionNamed('mercenariesBesideDefender');
        refuse(
          'defender_placed',
          {
            en: `A defender stands on ${name.en} (${option.en})`,
            ru: `На защиту планеты ${name.ru} уже выставлен звездолёт (${option.ru})`,
          },
          RULES.mercenaries,
        );
      }
      const bought =
        own(
          d.options.mercenaryPrices === 'whole-league'
            ? d.rs.mercenariesInLeague
            : d.rs.mercenaries,
          d.seat,
        ) ?? 0;
      const prices = Array.from({ length: count }, (_, i) => mercenaryPrice(bought + i + 1));
      const total = prices.reduce((a, b) => a + b, 0);
      if (total > d.spendableCredits(d.seat)) {
        const funds = d.fundsText(d.seat);
        refuse(
          'not_enough_credits',
          {
            en: `${count} mercenaries cost ${total} IC; ${funds.en}`,
            ru: `За ${ruCount(count, 'наёмника', 'наёмников', 'наёмников')} нужно заплатить ${total} ИК, ${funds.ru}`,
          },
          RULES.mercenaryCost,
        );
      }
      d.own('MercenariesHired', { seat: d.seat, battle: id, count, prices, total });
      d.changeCredits(d.seat, -total);
    },
  }),
};
