import { own } from '../../shared/id-record';
import { type LocalizedText } from '../../shared/localized-text';
import type { Piece } from '../../table/table';
import { both, byName, type ChoiceValue } from '../decision-choices';
import type { AvailabilityContext } from '../ruleset';
import { CARD_KIND_NAMES, type CardDef } from './cp-cards';
import type { CpState } from './cp-state';
import { cardDef, statsOf } from './cp-table';

/**
 * The values Commanders Path's decisions offer, shared by its phases (issue 39): each kind's
 * field choices (`DecisionSpec.choices`) and params to try (`DecisionSpec.examples`) sit with
 * its spec in decisions/<phase>.ts and are built from these. Every value is named as the cards
 * print it. The published examples name cards as a match names them (`red-c18`: red's 18th
 * card; `red-commander`) and places as `sector:<n>`, `orbit:<object>` or `new`; the
 * manual-<kind> adjustments take the table decisions' examples.
 */
export type CpOfferContext = AvailabilityContext<CpState>;
type Ctx = CpOfferContext;

/** What a card is and costs: «крейсер, стоимость 5», «космический объект, стоимость 4». */
export function cardHint(def: Pick<CardDef, 'kind' | 'cost' | 'shipClass'>): LocalizedText {
  const named = own(CARD_KIND_NAMES, def.kind);
  // Inside a hint the kind reads in lower case: «корабль, стоимость 5».
  const kind = named ? { en: named.en.toLowerCase(), ru: named.ru.toLowerCase() } : both(def.kind);
  const what = def.kind === 'ship' && def.shipClass ? both(def.shipClass) : kind;
  if (!def.cost) return what;
  return { en: `${what.en}, cost ${def.cost}`, ru: `${what.ru}, стоимость ${def.cost}` };
}

/**
 * The seat's cards as values, each named as printed; copies of one name are told apart by
 * their number («Экзорцист №2»), in the order of the pieces.
 */
export function cardValues(ctx: Ctx, pieces: readonly Piece[], hint = true): ChoiceValue[] {
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

/** A sector or an orbit as the table names it: «Сектор 2», «Орбита: Астероид «Рудник»». */
export function placeName(ctx: Ctx, zone: string): LocalizedText {
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

/** The params to try of a kind without params: `{}`, the only params it takes. */
export const nothing = () => [{}];
