import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import type { Piece } from '../../table/table';
import {
  both,
  byName,
  type ChoicesOf,
  type ChoiceValue,
  type FieldChoices,
} from '../decision-choices';
import type { AvailabilityContext } from '../ruleset';
import { ARCHETYPE_NAMES, CARD_KIND_NAMES, type CardDef } from './cp-cards';
import { SAMPLE_CATALOG, type CatalogEntry } from './cp-catalog';
import { HAND_SIZE, SETUP_RESOURCES } from './cp-setup';
import type { CpState } from './cp-state';
import { cardDef, handOf, isDestroyed, kindOf, objectsInPlay, Z } from './cp-table';

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
      if (!def) return { value: p.id, name: both(p.id) };
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
  const objectName = (id: string): LocalizedText => {
    const piece = table.pieces[id];
    const def = piece ? cardDef(ctx.rs, piece) : undefined;
    return def ? { en: def.nameEn ?? def.name, ru: def.name } : both(id);
  };
  const placeName = (zone: string): LocalizedText => {
    if (zone.startsWith('sector:')) {
      const n = zone.slice('sector:'.length);
      return { en: `Sector ${n}`, ru: `Сектор ${n}` };
    }
    const object = objectName(zone.slice('orbit:'.length));
    return { en: `Orbit of ${object.en}`, ru: `Орбита: ${object.ru}` };
  };
  const shipValues = cardValues(ctx, ships, false).map((v) => ({
    ...v,
    hint: placeName(table.pieces[v.value as string].zone),
  }));
  const sectors = Object.keys(table.zones)
    .filter((z) => z.startsWith('sector:'))
    .map((z) => ({ value: z, name: placeName(z) }))
    .sort(byName());
  const orbits = objects
    .map((o) => ({ value: Z.orbit(o.id), name: placeName(Z.orbit(o.id)) }))
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

export const CP_CHOICES: Record<string, ChoicesOf<CpState>> = {
  'register-deck': registerDeck,
  'setup-spend': setupSpend,
  deploy,
  'move-ships': moveShips,
};
