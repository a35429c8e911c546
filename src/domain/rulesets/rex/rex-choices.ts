import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import type { Piece } from '../../table/table';
import { byName, type ChoicesOf, type ChoiceValue, type FieldChoices } from '../decision-choices';
import { seatName } from '../kit/seat-name';
import { availableLeaders } from './rex-battle';
import {
  battlesOf,
  handOf,
  hasParts,
  influenceOf,
  leaderStrength,
  locationOf,
  mapOf,
  troopsAt,
  ZONES,
  type TroopSectors,
} from './rex-board';
import { ABILITY_NAMES } from './rex-phrasing';
import { CANCELLABLE_ABILITIES, SLOTS, type Slot } from './rex-events';
import { dialCap, FACTIONS, lazaxLossChoices, MECHANIZED, TROOP } from './rex-factions';
import type { RexLocation } from './rex-map';
import { factionOf, turnOrder, type RexState } from './rex-state';

/**
 * The field choices of the Rex decisions a club records (issue 39): a seat picks only its own
 * troops, leaders and cards, and places on the board (never decks, hands, loss banks or the
 * box), named as the board names them and sorted as a person reads them. Lists the rules may
 * narrow further (where a group may go, what a deployment can be paid for) are `tried`: the
 * match keeps the values some completion of which the decider accepts.
 */

type Choices = ChoicesOf<RexState>;
type Ctx = Parameters<Choices>[0];

const num = (n: number): ChoiceValue => ({ value: n, name: { en: String(n), ru: String(n) } });
const range = (from: number, to: number): ChoiceValue[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => num(from + i));

const troopWord = (n: number): LocalizedText => {
  const m10 = n % 10;
  const m100 = n % 100;
  const ru =
    m10 === 1 && m100 !== 11
      ? 'Войско'
      : m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)
        ? 'Войска'
        : 'Войск';
  return { en: `${n} troop${n === 1 ? '' : 's'}`, ru: `${n} ${ru}` };
};

const sectorsHint = (l: RexLocation): LocalizedText | undefined =>
  l.sectors.length === 0
    ? undefined
    : l.sectors.length === 1
      ? { en: `sector ${l.sectors[0]}`, ru: `сектор ${l.sectors[0]}` }
      : { en: `sectors ${l.sectors.join(', ')}`, ru: `секторы ${l.sectors.join(', ')}` };

/** The board's locations (never a deck, a hand, a loss bank or the box), sorted by name. */
function places(ctx: Ctx, keep: (l: RexLocation) => boolean = () => true): ChoiceValue[] {
  return mapOf(ctx.table)
    .locations.filter(keep)
    .map((l) => {
      const hint = sectorsHint(l);
      return { value: l.id, name: { ...l.name }, ...(hint ? { hint } : {}) };
    })
    .sort(byName());
}

/** A seat named by its player, with its race. */
function seatValue(ctx: Ctx, seat: string): ChoiceValue {
  const faction = factionOf(ctx.rs, seat);
  return {
    value: seat,
    name: seatName(ctx, seat),
    ...(faction ? { hint: { ...FACTIONS[faction].name } } : {}),
  };
}

const otherSeats = (ctx: Ctx): ChoiceValue[] =>
  turnOrder(ctx.rs)
    .filter((s) => s !== ctx.seat && !(ctx.rs.conceded ?? []).includes(s))
    .map((s) => seatValue(ctx, s));

const reading = (ctx: Ctx): TroopSectors =>
  ctx.options.troopSectors === 'one-sector' ? 'one-sector' : 'whole-location';

/** The sector a group stands in, when the location spans several and the option asks for one. */
function sectorField(ctx: Ctx, location: unknown): FieldChoices[] {
  const where = typeof location === 'string' ? locationOf(ctx.table, location) : undefined;
  if (!where || !hasParts(where, reading(ctx))) return [];
  const sectors = [...where.sectors]
    .sort((a, b) => a - b)
    .map((s) => ({ value: s, name: { en: `Sector ${s}`, ru: `Сектор ${s}` } }));
  return [{ path: 'sector', pick: 'one', tried: true, values: sectors }];
}

/** How many troops (and, for Lazax, how many of them Mechanized) of `pieces` may go. */
function troopFields(ctx: Ctx, pieces: readonly Piece[], tried: boolean): FieldChoices[] {
  const mech = pieces.filter((p) => p.type === MECHANIZED).length;
  const fields: FieldChoices[] = [
    {
      path: 'troops',
      pick: 'one',
      ...(tried ? { tried: true as const } : {}),
      values: range(1, pieces.length),
    },
  ];
  if (factionOf(ctx.rs, ctx.seat) === 'lazax' && mech > 0)
    fields.push({ path: 'mechanized', pick: 'one', tried: true, values: range(0, mech) });
  return fields;
}

const ownTroops = (ctx: Ctx, zone: string) => troopsAt(ctx.table, zone, ctx.seat);

/** Deploy from the own Reserve: where (the places the seat may pay for), then how many. */
const deploy: Choices = (ctx, chosen) => [
  { path: 'location', pick: 'one', tried: true, values: places(ctx) },
  ...sectorField(ctx, chosen.location),
  ...troopFields(ctx, ownTroops(ctx, ZONES.reserve(ctx.seat)), true),
];

/** Move: a location holding own troops, then where the group may go, then how many. */
const move: Choices = (ctx, chosen) => {
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

/** Start a battle: only where one can be fought, then with whom there. */
const startBattle: Choices = (ctx, chosen) => {
  const battles = battlesOf(ctx.table, ctx.rs, ctx.seat, turnOrder(ctx.rs));
  const where = new Set(battles.map((b) => b.location));
  const fields: FieldChoices[] = [
    { path: 'location', pick: 'one', values: places(ctx, (l) => where.has(l.id)) },
  ];
  const battle = battles.find((b) => b.location === chosen.location);
  if (battle)
    fields.push({
      path: 'opponent',
      pick: 'one',
      values: battle.opponents.map((s) => seatValue(ctx, s)),
    });
  return fields;
};

const SLOT_NAMES: Record<Slot, LocalizedText> = {
  none: { en: 'No cards', ru: 'Без карт' },
  attack: { en: 'Attack', ru: 'Атака' },
  defense: { en: 'Defense', ru: 'Защита' },
  'attack-defense': { en: 'Attack and defense', ru: 'Атака и защита' },
};

const strengthHint = (strength: number): LocalizedText => ({
  en: `strength ${strength}`,
  ru: `сила ${strength}`,
});

/** The battle wheel: the dial's range, the seat's own leaders free here (strength shown), the slot. */
const battlePlan: Choices = (ctx) => {
  const battle = ctx.rs.battle;
  const faction = factionOf(ctx.rs, ctx.seat);
  if (!battle || !faction) return [];
  const troops = ownTroops(ctx, battle.location);
  const cap = dialCap(
    faction,
    troops.map((p) => p.type),
  );
  const leaders = availableLeaders(ctx, ctx.seat, battle.location).map((p) => ({
    value: p.id,
    name: pieceName(p),
    hint: strengthHint(leaderStrength(p)),
  }));
  return [
    { path: 'dial', pick: 'one', values: range(0, cap) },
    // A leader that can fight must (the reveal of a wheel without it would be refused).
    ...(leaders.length > 0
      ? [{ path: 'leader', pick: 'one' as const, required: true as const, values: leaders }]
      : []),
    {
      path: 'slot',
      pick: 'one',
      // Without a leader no card is played (sealed kinds are never tried: the decider refuses
      // a reveal until the other side has sealed).
      values: (leaders.length > 0 ? SLOTS : (['none'] as const)).map((slot) => ({
        value: slot,
        name: SLOT_NAMES[slot],
      })),
    },
  ];
};

function pieceName(p: Piece): LocalizedText {
  const name = p.attrs.name as Partial<LocalizedText> | undefined;
  return typeof name?.en === 'string' && typeof name.ru === 'string'
    ? { en: name.en, ru: name.ru }
    : { en: p.id, ru: p.id };
}

const cardValue = (p: Piece): ChoiceValue => ({ value: p.id, name: pieceName(p) });

/** Battle cards: the seat's own attack or defense cards, for the slots its wheel opened. */
const battleCards: Choices = (ctx) => {
  const slot = own(ctx.rs.battle?.plans ?? {}, ctx.seat)?.slot ?? 'none';
  const hand = handOf(ctx.table, ctx.seat);
  const of = (category: string) =>
    hand
      .filter((p) => p.attrs.category === category)
      .map(cardValue)
      .sort(byName());
  const fields: FieldChoices[] = [];
  const attack = of('attack');
  const defense = of('defense');
  // A slot the wheel opened must take a card of its kind when the hand holds one.
  if ((slot === 'attack' || slot === 'attack-defense') && attack.length > 0)
    fields.push({ path: 'attack', pick: 'one', required: true, values: attack });
  if ((slot === 'defense' || slot === 'attack-defense') && defense.length > 0)
    fields.push({ path: 'defense', pick: 'one', required: true, values: defense });
  return fields;
};

/** A Traitor: only the seat's own Traitor cards naming the leader on the opponent's wheel. */
const callTraitor: Choices = (ctx) => {
  const battle = ctx.rs.battle;
  const opponent = battle?.sides.find((s) => s !== ctx.seat);
  const target = opponent ? own(battle?.plans ?? {}, opponent)?.leader : undefined;
  if (!target) return [];
  const cards = Object.values(ctx.table.pieces)
    .filter((p) => p.zone === ZONES.traitors(ctx.seat) && p.attrs.leader === target)
    .map((p) => ({
      ...cardValue(p),
      ...(typeof p.attrs.strength === 'number' ? { hint: strengthHint(p.attrs.strength) } : {}),
    }));
  return cards.length > 0 ? [{ path: 'traitor', pick: 'one', values: cards }] : [];
};

/** The winner's cards: only those played in this battle, in the order played. */
const keepCards: Choices = (ctx) => {
  const cards = (ctx.rs.battle?.keep?.cards ?? [])
    .map((id) => own(ctx.table.pieces, id))
    .filter((p): p is Piece => p !== undefined)
    .map(cardValue);
  return [{ path: 'discard', pick: 'many', min: 0, max: cards.length, values: cards }];
};

/** Lazax's losses: the ways the rules allow to lose the strength dialled. */
const takeLosses: Choices = (ctx, chosen) => {
  const battle = ctx.rs.battle;
  if (!battle?.losses) return [];
  const there = ownTroops(ctx, battle.location);
  const ways = lazaxLossChoices(
    there.filter((p) => p.type === TROOP).length,
    there.filter((p) => p.type === MECHANIZED).length,
    battle.losses.dial,
  );
  const regular = [...new Set(ways.map((w) => w.regular))].sort((a, b) => a - b);
  const mech = ways
    .filter((w) => chosen.troops === undefined || w.regular === chosen.troops)
    .map((w) => w.mechanized);
  return [
    { path: 'troops', pick: 'one', values: regular.map(num) },
    { path: 'mechanized', pick: 'one', values: [...new Set(mech)].sort((a, b) => a - b).map(num) },
  ];
};

/** A bid: above the highest so far, up to the Influence the seat holds. */
const bid: Choices = (ctx) => {
  const least = (ctx.rs.auction?.high?.amount ?? 0) + 1;
  return [
    {
      path: 'amount',
      pick: 'one',
      tried: true,
      values: range(least, influenceOf(ctx.table, ctx.seat)),
    },
  ];
};

/** Influence given to another race: whom, and 1 up to what the seat holds. */
const transferInfluence: Choices = (ctx) => [
  { path: 'to', pick: 'one', tried: true, values: otherSeats(ctx) },
  { path: 'amount', pick: 'one', values: range(1, influenceOf(ctx.table, ctx.seat)) },
];

/** The Alliance Benefit card offered to another race the rules let it ally with. */
const offerAlliance: Choices = (ctx) => [
  { path: 'to', pick: 'one', tried: true, values: otherSeats(ctx) },
];

/** A special Strategy card of the seat's own, then the targets its effect needs. */
const playStrategy: Choices = (ctx, chosen) => {
  const special = handOf(ctx.table, ctx.seat).filter((p) => p.attrs.category === 'special');
  const fields: FieldChoices[] = [
    { path: 'card', pick: 'one', tried: true, values: special.map(cardValue).sort(byName()) },
  ];
  const card = special.find((p) => p.id === chosen.card);
  if (!card) return fields;
  const anywhere = { path: 'location', pick: 'one' as const, tried: true as const };
  switch (card.attrs.effect) {
    case 'informant-deployment':
      return [
        ...fields,
        { ...anywhere, values: places(ctx) },
        ...sectorField(ctx, chosen.location),
        ...troopFields(ctx, ownTroops(ctx, ZONES.reserve(ctx.seat)), true),
      ];
    case 'accelerated-mobilization': {
      const from = places(ctx, (l) => ownTroops(ctx, l.id).length > 0);
      const group = typeof chosen.from === 'string' ? ownTroops(ctx, chosen.from) : [];
      return [
        ...fields,
        { path: 'from', pick: 'one', tried: true, values: from },
        ...(group.length > 0
          ? [
              { ...anywhere, values: places(ctx, (l) => l.id !== chosen.from) },
              ...sectorField(ctx, chosen.location),
              ...troopFields(ctx, group, false),
            ]
          : []),
      ];
    }
    case 'graviton-inverter':
      return [...fields, { ...anywhere, values: places(ctx) }];
    case 'diplomatic-intervention':
      return [...fields, { path: 'seat', pick: 'one', tried: true, values: otherSeats(ctx) }];
    case 'informant-cancellation':
      return [
        ...fields,
        { path: 'seat', pick: 'one', tried: true, values: otherSeats(ctx) },
        {
          path: 'ability',
          pick: 'one',
          tried: true,
          values: CANCELLABLE_ABILITIES.map((a) => ({ value: a, name: { ...ABILITY_NAMES[a] } })),
        },
      ];
    default:
      return fields;
  }
};

/** Recruit from the own Loss Bank: how many troops (none is a choice), and a dead leader of its own. */
const recruit: Choices = (ctx) => {
  const lost = Object.values(ctx.table.pieces).filter(
    (p) => p.zone === ZONES.losses(ctx.seat) && p.owner === ctx.seat,
  );
  const troops = lost.filter((p) => p.type === TROOP || p.type === MECHANIZED);
  const leaders = lost
    .filter((p) => p.type === 'leader')
    .map((p) => ({ value: p.id, name: pieceName(p), hint: strengthHint(leaderStrength(p)) }))
    .sort(byName());
  const mech = troops.filter((p) => p.type === MECHANIZED).length;
  return [
    { path: 'troops', pick: 'one', tried: true, values: range(0, troops.length) },
    ...(factionOf(ctx.rs, ctx.seat) === 'lazax' && mech > 0
      ? [{ path: 'mechanized', pick: 'one' as const, tried: true as const, values: range(0, mech) }]
      : []),
    ...(leaders.length > 0
      ? [{ path: 'leader', pick: 'one' as const, tried: true as const, values: leaders }]
      : []),
  ];
};

/** Xxcha turns face down its troops in one of the locations they stand in. */
const flipTroops: Choices = (ctx) => [
  {
    path: 'location',
    pick: 'one',
    tried: true,
    values: places(ctx, (l) => ownTroops(ctx, l.id).length > 0),
  },
];

/** The Sol Offensive: a struck location holding the seat's troops, then any place, how many. */
const solOffensiveMove: Choices = (ctx, chosen) => {
  const struck = new Set(ctx.rs.influencePhase.struck?.locations ?? []);
  const fields: FieldChoices[] = [
    {
      path: 'from',
      pick: 'one',
      tried: true,
      values: places(ctx, (l) => struck.has(l.id) && ownTroops(ctx, l.id).length > 0),
    },
  ];
  if (typeof chosen.from !== 'string' || !struck.has(chosen.from)) return fields;
  return [
    ...fields,
    { path: 'to', pick: 'one', tried: true, values: places(ctx, (l) => l.id !== chosen.from) },
    ...troopFields(ctx, ownTroops(ctx, chosen.from), false),
  ];
};

export const REX_CHOICES: Record<string, Choices> = {
  recruit,
  'flip-troops': flipTroops,
  'sol-offensive-move': solOffensiveMove,
  deploy,
  move,
  'start-battle': startBattle,
  'battle-plan': battlePlan,
  'battle-cards': battleCards,
  'call-traitor': callTraitor,
  'keep-cards': keepCards,
  'take-losses': takeLosses,
  bid,
  'transfer-influence': transferInfluence,
  'offer-alliance': offerAlliance,
  'play-strategy': playStrategy,
};
