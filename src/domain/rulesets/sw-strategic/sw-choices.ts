import { ruCount, type LocalizedText } from '../../shared/localized-text';
import { byName, type ChoicesOf, type ChoiceValue, type FieldChoices } from '../decision-choices';
import { PRODUCTION_ITEMS, SHIPS, UNITS, type ProductionItem, type Vessel } from './sw-catalog';
import { swOptions } from './sw-options';
import { add, dir, distance, type Hex } from './sw-hex';
import { pieceName, STEP_NAMES } from './sw-names';
import { legionOf, playing, type SwState } from './sw-state';
import { STEPS } from './sw.params';

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

/** Move a ship: the seat's ships on the map (speed and cells moved), then its next steps. */
const moveShip: ChoicesOf<SwState> = (ctx, chosen) => {
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

const at = (h: Hex): string => `(${h.q}, ${h.r})`;

/** Move a ground unit: the seat's units, then the hex each next step leads to. */
const moveUnit: ChoicesOf<SwState> = (ctx, chosen) => {
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
const fire: ChoicesOf<SwState> = (ctx, chosen) => {
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

const MAP_NAMES: Record<'space' | 'ground', LocalizedText> = {
  space: { en: 'Space', ru: 'Космос' },
  ground: { en: 'Ground', ru: 'Земля' },
};

/** End a turn: the maps on which the seat's legion is playing now. */
const endTurn: ChoicesOf<SwState> = (ctx) => [
  {
    path: 'map',
    pick: 'one',
    tried: true,
    values: (['space', 'ground'] as const)
      .filter((map) => playing(ctx.rs, map) === ctx.seat)
      .map((map) => ({ value: map, name: MAP_NAMES[map] })),
  },
];

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
const queueProduction: ChoicesOf<SwState> = (ctx, chosen) => {
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
const attack: ChoicesOf<SwState> = (ctx, chosen) => {
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
const buyShips: ChoicesOf<SwState> = (ctx, chosen) => {
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

export const SW_CHOICES: Record<string, ChoicesOf<SwState>> = {
  'buy-ships': buyShips,
  'end-turn': endTurn,
  'move-ship': moveShip,
  'move-unit': moveUnit,
  fire,
  'queue-production': queueProduction,
  attack,
};
