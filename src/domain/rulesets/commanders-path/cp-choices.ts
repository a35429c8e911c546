import { own } from '../../shared/id-record';
import { capital, type LocalizedText } from '../../shared/localized-text';
import type { Piece } from '../../table/table';
import {
  both,
  byName,
  type ChoicesOf,
  type ChoiceValue,
  type FieldChoices,
} from '../decision-choices';
import type { AvailabilityContext } from '../ruleset';
import { ARCHETYPE_NAMES, CARD_KIND_NAMES, WEAPON_NAMES, type CardDef } from './cp-cards';
import { SAMPLE_CATALOG, type CatalogEntry } from './cp-catalog';
import { HAND_SIZE, SETUP_RESOURCES } from './cp-setup';
import type { CpState } from './cp-state';
import {
  blockadedBy,
  cardDef,
  controllerOf,
  handOf,
  isDestroyed,
  kindOf,
  objectsInPlay,
  shipsAt,
  statsOf,
  T,
  trackValue,
  Z,
} from './cp-table';

/**
 * The field choices of Commanders Path's setup (issue 39): a deck registered from the
 * catalogue with counts, the 25 setup resources spent on the hand's ships and objects, the
 * deployment of what was built. Every value is named as the cards print it.
 */
type Ctx = AvailabilityContext<CpState>;

/** Copies of one name a deck may hold, and its size (rules: 40–100 cards, at most 4 alike). */
const MAX_COPIES = 4;
const DECK_MIN = 40;
const DECK_MAX = 100;

/** What a card is and costs: «крейсер, стоимость 5», «космический объект, стоимость 4». */
function cardHint(def: Pick<CardDef, 'kind' | 'cost' | 'shipClass'>): LocalizedText {
  const named = own(CARD_KIND_NAMES, def.kind);
  // Inside a hint the kind reads in lower case: «корабль, стоимость 5».
  const kind = named ? { en: named.en.toLowerCase(), ru: named.ru.toLowerCase() } : both(def.kind);
  const what = def.kind === 'ship' && def.shipClass ? both(def.shipClass) : kind;
  if (!def.cost) return what;
  return { en: `${what.en}, cost ${def.cost}`, ru: `${what.ru}, стоимость ${def.cost}` };
}

const catalogName = (entry: CatalogEntry): LocalizedText => ({
  en: entry.card.nameEn ?? entry.card.name,
  ru: entry.card.name,
});

/**
 * The seat's cards as values, each named as printed; copies of one name are told apart by
 * their number («Экзорцист №2»), in the order of the pieces.
 */
function cardValues(ctx: Ctx, pieces: readonly Piece[], hint = true): ChoiceValue[] {
  const seen = new Map<string, number>();
  const total = new Map<string, number>();
  const defs = pieces.map((p) => cardDef(ctx.rs, p));
  for (const def of defs) if (def) total.set(def.name, (total.get(def.name) ?? 0) + 1);
  return pieces
    .map((p, i) => {
      const def = defs[i];
      // A card put on the table by hand has no catalogue entry: it reads by the name it was given.
      if (!def) return { value: p.id, name: statsOf(p).title };
      const n = (seen.get(def.name) ?? 0) + 1;
      seen.set(def.name, n);
      const suffix = (total.get(def.name) ?? 0) > 1 ? ` №${n}` : '';
      const name = { en: `${def.nameEn ?? def.name}${suffix}`, ru: `${def.name}${suffix}` };
      return { value: p.id, name, ...(hint ? { hint: cardHint(def) } : {}) };
    })
    .sort(byName());
}

const isHostKind = (def: CardDef | undefined): boolean =>
  def?.kind === 'ship' || def?.kind === 'object';

/** Register a deck: a Commander of the catalogue, and its cards with their copies. */
const registerDeck: ChoicesOf<CpState> = () => {
  const commanders = SAMPLE_CATALOG.filter((e) => e.card.kind === 'commander');
  const cards = SAMPLE_CATALOG.filter((e) => e.card.kind !== 'commander');
  return [
    {
      path: 'commander.catalog',
      pick: 'one',
      values: commanders
        .map((e) => {
          const archetype = e.card.archetype ? own(ARCHETYPE_NAMES, e.card.archetype) : undefined;
          const initiative = e.card.initiative ?? 0;
          return {
            value: e.id,
            name: catalogName(e),
            hint: {
              en: `initiative ${initiative}${archetype ? `, ${archetype.en}` : ''}`,
              ru: `инициатива ${initiative}${archetype ? `, ${archetype.ru}` : ''}`,
            },
          };
        })
        .sort(byName()),
    },
    {
      path: 'cards',
      pick: 'counts',
      item: 'catalog',
      count: 'copies',
      values: cards
        .map((e) => ({
          value: e.id,
          name: catalogName(e),
          hint: cardHint({
            kind: e.card.kind as CardDef['kind'],
            shipClass: e.card.shipClass,
            cost: e.card.cost ?? 0,
          }),
          min: 1,
          max: MAX_COPIES,
        }))
        .sort(byName()),
      total: { min: DECK_MIN, max: DECK_MAX, unit: { en: 'cards', ru: 'карт' } },
    },
  ];
};

/** Spend the setup resources: the ships and objects in hand, each paid in part or in full. */
const setupSpend: ChoicesOf<CpState> = (ctx) => {
  const hand = handOf(ctx.table, ctx.seat).filter((p) => isHostKind(cardDef(ctx.rs, p)));
  const values = cardValues(ctx, hand).map((v) => {
    const cost = cardDef(ctx.rs, ctx.table.pieces[v.value as string])?.cost ?? 1;
    return { ...v, min: 1, max: Math.max(1, Math.min(cost, SETUP_RESOURCES)) };
  });
  return [
    {
      path: 'builds',
      pick: 'counts',
      item: 'card',
      count: 'pay',
      values,
      total: { max: SETUP_RESOURCES, unit: { en: 'resources', ru: 'ресурсов' } },
    },
  ];
};

/** The setup builds tried by `legal-decisions`: each ship or object in hand built in full. */
export function setupBuilds(ctx: Ctx): object[] {
  const counts = setupSpend(ctx, {})[0];
  if (counts.pick !== 'counts') return [];
  return counts.values
    .filter((v) => {
      const def = cardDef(ctx.rs, ctx.table.pieces[v.value as string]);
      return def !== undefined && def.cost <= SETUP_RESOURCES;
    })
    .map((v) => ({ builds: [{ card: v.value, pay: v.max }] }));
}

/** Deploy: each ship built to a new sector (or an own object's orbit), the Commander's host, the hand kept. */
const deploy: ChoicesOf<CpState> = (ctx) => {
  const built = Object.values(ctx.table.pieces).filter(
    (p) => p.zone === Z.production(ctx.seat) && p.attrs.built === true,
  );
  const kind = (p: Piece) => cardDef(ctx.rs, p)?.kind;
  const ships = built.filter((p) => kind(p) === 'ship');
  const objects = built.filter((p) => kind(p) === 'object');
  const fields: FieldChoices[] = [];
  if (ships.length > 0) {
    const sectors = ships.map((_, i) => ({
      value: i === 0 ? 'new' : `new:${i + 1}`,
      name: { en: `New sector ${i + 1}`, ru: `Новый сектор ${i + 1}` },
    }));
    const orbits = cardValues(ctx, objects, false).map((o) => ({
      value: Z.orbit(o.value as string),
      name: { en: `Orbit of ${o.name.en}`, ru: `Орбита: ${o.name.ru}` },
    }));
    fields.push({
      path: 'ships',
      pick: 'places',
      item: 'card',
      place: 'to',
      values: cardValues(ctx, ships),
      places: [...sectors, ...orbits],
    });
  }
  fields.push({ path: 'commander', pick: 'one', values: cardValues(ctx, [...ships, ...objects]) });
  const hand = handOf(ctx.table, ctx.seat);
  if (hand.length > HAND_SIZE)
    fields.push({
      path: 'keep',
      pick: 'many',
      min: HAND_SIZE,
      max: HAND_SIZE,
      values: cardValues(ctx, hand),
    });
  return fields;
};

/** A sector or an orbit as the table names it: «Сектор 2», «Орбита: Астероид «Рудник»». */
function placeName(ctx: Ctx, zone: string): LocalizedText {
  if (zone.startsWith('sector:')) {
    const n = zone.slice('sector:'.length);
    return { en: `Sector ${n}`, ru: `Сектор ${n}` };
  }
  const id = zone.slice('orbit:'.length);
  const piece = ctx.table.pieces[id];
  const def = piece ? cardDef(ctx.rs, piece) : undefined;
  const object = def ? { en: def.nameEn ?? def.name, ru: def.name } : both(id);
  return { en: `Orbit of ${object.en}`, ru: `Орбита: ${object.ru}` };
}

/** The seat's pieces and the other side's in the battle waiting (none without one). */
export function battleSides(ctx: Ctx): { mine: Piece[]; theirs: Piece[] } {
  const b = ctx.rs.battlePhase?.battle;
  if (!b) return { mine: [], theirs: [] };
  const here = Object.values(ctx.table.pieces).filter(
    (p) => p.status !== 'destroyed' && (p.zone === b.location || p.zone === `surface:${b.object}`),
  );
  return {
    mine: here.filter((p) => p.owner === ctx.seat),
    theirs: here.filter((p) => p.owner !== ctx.seat),
  };
}

/** In a battle a ship is chosen by its hull and the damage it has taken, not its cost. */
function fighting(ctx: Ctx, pieces: readonly Piece[]): ChoiceValue[] {
  return cardValues(ctx, pieces, false).map((v) => {
    const a = ctx.table.pieces[v.value as string].attrs;
    const hull = typeof a.shipClass === 'string' ? a.shipClass : undefined;
    const damage =
      typeof a.durability === 'number'
        ? {
            en: `damage ${Number(a.damage ?? 0)} of ${a.durability}`,
            ru: `урон ${Number(a.damage ?? 0)} из ${a.durability}`,
          }
        : undefined;
    const parts = [hull ? both(hull) : undefined, damage].filter(
      (p): p is LocalizedText => p !== undefined,
    );
    return parts.length
      ? {
          ...v,
          hint: { en: parts.map((p) => p.en).join(', '), ru: parts.map((p) => p.ru).join(', ') },
        }
      : v;
  });
}

type Weapon = { kind: string; text?: string; targets?: number };
const weaponsOf = (piece: Piece | undefined): Weapon[] =>
  (piece?.attrs.weapons as Weapon[] | undefined) ?? [];

/** Kinds a card of which is produced (the others are played). */
const PRODUCED = new Set(['ship', 'object', 'ground-unit', 'military-building', 'civil-building']);

/**
 * Produce: a ship, object, unit or building from hand or begun in production; what may be
 * paid on it now (what is left of its cost, at most the resources held); where it goes
 * when this completes it (a ship: a new sector or an own free orbit; a ground card: an own
 * object). The decider keeps the places it accepts.
 */
const produce: ChoicesOf<CpState> = (ctx, chosen) => {
  const { table, seat } = ctx;
  const defOf = (p: Piece) => cardDef(ctx.rs, p);
  const cards = [
    ...handOf(table, seat),
    ...Object.values(table.pieces).filter(
      (p) => p.zone === Z.production(seat) && p.attrs.built !== true,
    ),
  ].filter((p) => PRODUCED.has(defOf(p)?.kind ?? ''));
  const paid = (p: Piece) => (typeof p.attrs.tokens === 'number' ? p.attrs.tokens : 0);
  const resources = trackValue(table, T.resources(seat));
  const piece = typeof chosen.card === 'string' ? table.pieces[chosen.card] : undefined;
  const def = piece && cards.includes(piece) ? defOf(piece) : undefined;
  const left = (p: Piece) => (defOf(p)?.cost ?? 0) - paid(p);
  // Before a card is chosen, as much as the dearest card left to pay takes.
  const most = Math.min(resources, def ? left(piece!) : Math.max(0, ...cards.map(left)));
  const fields: FieldChoices[] = [
    {
      path: 'card',
      pick: 'one',
      tried: true,
      values: cardValues(ctx, cards).map((v) => {
        const begun = paid(table.pieces[v.value as string]);
        return begun && v.hint
          ? {
              ...v,
              hint: {
                en: `${v.hint.en}, ${begun} paid`,
                ru: `${v.hint.ru}, оплачено ${begun}`,
              },
            }
          : v;
      }),
    },
    {
      path: 'pay',
      pick: 'one',
      values: Array.from({ length: Math.max(0, most) }, (_, i) => ({
        value: i + 1,
        name: both(String(i + 1)),
        ...(def && i + 1 === def.cost - paid(piece!)
          ? { hint: { en: 'completes it', ru: 'достраивает' } }
          : {}),
      })),
    },
  ];
  const objects = objectsInPlay(table).filter((o) => controllerOf(o) === seat && !blockadedBy(o));
  if (def?.kind === 'ship')
    fields.push({
      path: 'to',
      pick: 'one',
      tried: true,
      values: [
        { value: 'new', name: { en: 'A new sector', ru: 'Новый сектор' } },
        ...objects
          .map((o) => ({ value: Z.orbit(o.id), name: placeName(ctx, Z.orbit(o.id)) }))
          .sort(byName()),
      ],
    });
  else if (def && def.kind !== 'object')
    fields.push({ path: 'to', pick: 'one', tried: true, values: cardValues(ctx, objects, false) });
  return fields;
};

/** Start a battle: the places where fleets must fight, as the Priority holder chooses. */
const startBattle: ChoicesOf<CpState> = (ctx) => [
  {
    path: 'location',
    pick: 'one',
    values: (ctx.rs.battlePhase?.queue ?? [])
      .map((q) => ({ value: q.location, name: placeName(ctx, q.location) }))
      .sort(byName()),
  },
];

/**
 * Attack: one of the seat's ships (or armed objects) in the battle, one of its weapons,
 * the enemy targets (lasers «N/P» up to N, a Nova up to 3); the decider keeps the ships,
 * weapons and targets it accepts in this round.
 */
const attack: ChoicesOf<CpState> = (ctx, chosen) => {
  const { mine, theirs } = battleSides(ctx);
  const armed = mine.filter((p) => weaponsOf(p).length > 0);
  const ship = armed.find((p) => p.id === chosen.ship);
  const weapons = ship ? weaponsOf(ship) : [...new Set(armed.flatMap(weaponsOf))];
  const weapon = weapons.find((w) => w.kind === chosen.weapon);
  const most = weapon?.kind === 'nova' ? 3 : weapon?.kind === 'lasers' ? (weapon.targets ?? 1) : 1;
  return [
    { path: 'ship', pick: 'one', tried: true, values: fighting(ctx, armed) },
    {
      path: 'weapon',
      pick: 'one',
      tried: true,
      values: [...new Map(weapons.map((w) => [w.kind, w])).values()].map((w) => ({
        value: w.kind,
        name: capital(own(WEAPON_NAMES, w.kind) ?? both(w.kind)),
        ...(w.text ? { hint: both(w.text) } : {}),
      })),
    },
    {
      path: 'targets',
      pick: 'many',
      min: 1,
      max: Math.max(1, Math.min(most, theirs.length)),
      tried: true,
      values: fighting(ctx, theirs),
    },
  ];
};

/**
 * Withdraw at the start of a round: the seat's ships in the battle (none chosen is a pass),
 * and where they go: a new sector or a sector with no enemy ships.
 */
const withdraw: ChoicesOf<CpState> = (ctx) => {
  const { mine } = battleSides(ctx);
  const ships = mine.filter((p) => kindOf(p) === 'ship');
  const enemyAt = (zone: string) =>
    Object.values(ctx.table.pieces).some(
      (p) => p.zone === zone && p.owner !== ctx.seat && kindOf(p) === 'ship' && !isDestroyed(p),
    );
  const sectors = Object.keys(ctx.table.zones)
    .filter((z) => z.startsWith('sector:') && !enemyAt(z))
    .map((z) => ({ value: z, name: placeName(ctx, z) }))
    .sort(byName());
  return [
    { path: 'ships', pick: 'many', min: 0, max: ships.length, values: cardValues(ctx, ships) },
    {
      path: 'to',
      pick: 'one',
      values: [{ value: 'new', name: { en: 'A new sector', ru: 'Новый сектор' } }, ...sectors],
    },
  ];
};

/**
 * Move ships: the seat's ships in play (where each stands), then where the fleet may go; the
 * match keeps the ships that may move together and the places the decider accepts.
 */
const moveShips: ChoicesOf<CpState> = (ctx) => {
  const { table } = ctx;
  const ships = Object.values(table.pieces).filter(
    (p) =>
      p.owner === ctx.seat &&
      kindOf(p) === 'ship' &&
      !isDestroyed(p) &&
      (p.zone.startsWith('sector:') || p.zone.startsWith('orbit:')),
  );
  const objects = objectsInPlay(table);
  const place = (zone: string) => placeName(ctx, zone);
  const shipValues = cardValues(ctx, ships, false).map((v) => ({
    ...v,
    hint: place(table.pieces[v.value as string].zone),
  }));
  const sectors = Object.keys(table.zones)
    .filter((z) => z.startsWith('sector:'))
    .map((z) => ({ value: z, name: place(z) }))
    .sort(byName());
  const orbits = objects
    .map((o) => ({ value: Z.orbit(o.id), name: place(Z.orbit(o.id)) }))
    .sort(byName());
  return [
    { path: 'ships', pick: 'many', min: 1, max: ships.length, tried: true, values: shipValues },
    {
      path: 'to',
      pick: 'one',
      tried: true,
      values: [
        { value: 'new', name: { en: 'A new sector', ru: 'Новый сектор' } },
        ...sectors,
        ...orbits,
      ],
    },
  ];
};

/**
 * Ram and board (the Short round): the seat's ships in the battle, then the enemy ship or
 * station; the match keeps those the decider accepts (a light ship rammed only by a light one,
 * no boarding boats, a crewless target). The evasion and boarding dice stay the dice fields.
 */
const shipAgainstShip: ChoicesOf<CpState> = (ctx) => {
  const { mine, theirs } = battleSides(ctx);
  const ships = mine.filter((p) => kindOf(p) === 'ship');
  return [
    { path: 'ship', pick: 'one', tried: true, values: fighting(ctx, ships) },
    { path: 'target', pick: 'one', tried: true, values: fighting(ctx, theirs) },
  ];
};

/** Bombs: the seat's ships that carry them (their powers add up), and what they bomb. */
const bomb: ChoicesOf<CpState> = (ctx) => {
  const { mine, theirs } = battleSides(ctx);
  const bombers = mine.filter((p) => weaponsOf(p).some((w) => w.kind === 'bombs'));
  return [
    {
      path: 'ships',
      pick: 'many',
      min: 1,
      max: Math.max(1, bombers.length),
      tried: true,
      values: fighting(ctx, bombers),
    },
    { path: 'target', pick: 'one', tried: true, values: fighting(ctx, theirs) },
  ];
};

/** The attack waiting on the seat's answer, when it is of `kind`. */
function pendingAttack(ctx: Ctx, kind: string): Record<string, unknown> | undefined {
  const pending = ctx.rs.battlePhase?.battle?.pending;
  return pending && pending.kind === kind && pending.seat === ctx.seat ? pending.attack : undefined;
}

/** A Nova's targets: exactly as many enemy ships as its die gave, in order of choice. */
const novaTargets: ChoicesOf<CpState> = (ctx) => {
  const attack = pendingAttack(ctx, 'nova-targets');
  const nova = attack?.nova as { count?: number } | undefined;
  const count = nova?.count ?? 1;
  const ships = battleSides(ctx).theirs.filter((p) => kindOf(p) === 'ship');
  return [
    {
      path: 'targets',
      pick: 'many',
      min: count,
      max: count,
      tried: true,
      values: attack ? fighting(ctx, ships) : [],
    },
  ];
};

/** The seat's shielded ships the Nova hit: each may give up its shield for the battle phase. */
const novaShields: ChoicesOf<CpState> = (ctx) => {
  const attack = pendingAttack(ctx, 'nova-shields');
  const targets = Array.isArray(attack?.targets) ? (attack.targets as unknown[]) : [];
  const shielded = targets
    .map((id) => (typeof id === 'string' ? ctx.table.pieces[id] : undefined))
    .filter((p): p is Piece => p !== undefined && statsOf(p).shield !== undefined);
  return [
    {
      path: 'sacrifice',
      pick: 'many',
      min: 0,
      max: shielded.length,
      values: fighting(ctx, shielded),
    },
  ];
};

/**
 * Counter-fire: the attacked ship's weapons that fire at Short range (bombs do not); none
 * chosen declines it. The match keeps those the decider accepts against the attacker.
 */
const counterFire: ChoicesOf<CpState> = (ctx) => {
  const attack = pendingAttack(ctx, 'counter-fire');
  const from = typeof attack?.from === 'string' ? ctx.table.pieces[attack.from] : undefined;
  const weapons = [...new Map(weaponsOf(from).map((w) => [w.kind, w])).values()].filter(
    (w) => w.kind !== 'bombs',
  );
  return [
    {
      path: 'weapon',
      pick: 'one',
      tried: true,
      values: weapons.map((w) => ({
        value: w.kind,
        name: capital(own(WEAPON_NAMES, w.kind) ?? both(w.kind)),
        ...(w.text ? { hint: both(w.text) } : {}),
      })),
    },
  ];
};

/** The second echelon: at most half of the seat's fleet at the battle, held back. */
const designateEchelon: ChoicesOf<CpState> = (ctx) => {
  const b = ctx.rs.battlePhase?.battle;
  const ships = b ? shipsAt(ctx.table, b.location, ctx.seat) : [];
  return [
    {
      path: 'second',
      pick: 'many',
      min: 0,
      max: Math.floor(ships.length / 2),
      values: fighting(ctx, ships),
    },
  ];
};

/** A landing: the seat's ships on the orbit that carry a landing party (none declines it). */
const land: ChoicesOf<CpState> = (ctx) => {
  const b = ctx.rs.battlePhase?.battle;
  const ships =
    b && b.landingBy === ctx.seat
      ? shipsAt(ctx.table, b.location, ctx.seat).filter((p) => statsOf(p).landing > 0)
      : [];
  return [
    {
      path: 'ships',
      pick: 'many',
      min: 0,
      max: ships.length,
      values: cardValues(ctx, ships, false).map((v) => {
        const landing = statsOf(ctx.table.pieces[v.value as string]).landing;
        return { ...v, hint: { en: `landing ${landing}`, ru: `десант ${landing}` } };
      }),
    },
  ];
};

export const CP_CHOICES: Record<string, ChoicesOf<CpState>> = {
  'register-deck': registerDeck,
  'setup-spend': setupSpend,
  deploy,
  'move-ships': moveShips,
  produce,
  'start-battle': startBattle,
  attack,
  withdraw,
  ram: shipAgainstShip,
  board: shipAgainstShip,
  bomb,
  'nova-targets': novaTargets,
  'nova-shields': novaShields,
  'counter-fire': counterFire,
  'designate-echelon': designateEchelon,
  land,
};
