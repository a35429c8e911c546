import { own, setOwn } from '../../shared/id-record';
import { type RuleViolation, violation } from '../rule-violation';
import type { LocalizedText } from '../../shared/localized-text';
import { ruCount } from '../../shared/localized-text';
import {
  CARD_KIND_NAMES,
  cardViolation,
  deckPathLabel,
  WEAPON_NAMES,
  MODIFIABLE_STATS,
  normalizeSize,
  parseCrew,
  parseDurability,
  parseShield,
  parseWeapon,
  type Archetype,
  type CardDef,
  type ModifiableStat,
  type Weapon,
  type Yield,
} from './cp-cards';
import type { CpCardParams } from './cp-cards.params';
import type { CpRegisterDeckParams } from './decisions/setup.params';
import { catalogCard } from './cp-catalog';
import { RULES } from './cp-rules-text';

/** The checked content of a deck registration. */
export interface CheckedDeck {
  commander: CardDef;
  /** Every card definition of the deck, by key. */
  defs: Record<string, CardDef>;
  /** One key per physical card, in the order registered (preselected abilities excluded). */
  cards: string[];
  /** Preselected abilities: the key and the declared variant. */
  abilities: { key: string; variant: number }[];
}

export const DECK_MIN = 40;
export const DECK_MAX = 100;
export const MAX_COPIES = 4;
export const MAX_ABILITIES = 3;

const COMBATANT: ReadonlySet<string> = new Set(['ship', 'military-building']);

/** Converts one card's params into a definition, or the first thing wrong with it. */
export function checkCard(params: CpCardParams, path: string): CardDef | RuleViolation {
  const kind = params.kind;
  const def: CardDef = {
    key: params.key ?? params.name,
    kind,
    name: params.name,
    cost: params.cost ?? 0,
  };
  if (params.nameEn) def.nameEn = params.nameEn;
  if (params.text) def.text = params.text;
  if (params.test) def.test = true;
  if (params.actionCost !== undefined) def.actionCost = params.actionCost;
  if (params.rollCost !== undefined) def.rollCost = params.rollCost;

  const isStation = kind === 'object' && params.objectType === 'station';
  const fights = COMBATANT.has(kind) || isStation;

  if (params.size !== undefined) {
    const size = normalizeSize(params.size);
    if (!size)
      return cardViolation(
        path,
        {
          en: `size "${params.size}" must be light (ЛК), medium (СК) or heavy (ТК)`,
          ru: `размер «${params.size}» не распознан: нужен ЛК (лёгкий), СК (средний) или ТК (тяжёлый)`,
        },
        RULES.shipCard,
      );
    def.size = size;
  }
  if (params.shipClass) def.shipClass = params.shipClass;
  if (params.durability !== undefined) {
    const parsed = parseDurability(params.durability);
    if (!parsed.ok) return cardViolation(path, parsed.error, RULES.shipCard);
    def.durability = parsed.value.durability;
    if (parsed.value.critical !== undefined) def.critical = parsed.value.critical;
  }
  if (params.speed !== undefined) def.speed = params.speed;
  if (params.shield !== undefined) {
    const parsed = parseShield(params.shield);
    if (!parsed.ok) return cardViolation(path, parsed.error, RULES.shipCard);
    def.shield = parsed.value;
  }
  if (params.armor !== undefined) def.armor = params.armor;
  if (params.crew !== undefined) {
    const parsed = parseCrew(params.crew);
    if (!parsed.ok) return cardViolation(path, parsed.error, RULES.shipCard);
    def.crew = parsed.value;
  }
  if (params.weapons !== undefined) {
    if (!fights && kind !== 'object')
      return cardViolation(
        path,
        {
          en: `a ${kind} card carries no weapons (only ships, military buildings and objects do)`,
          ru: `у карты вида «${kindRu(kind)}» нет вооружения (оно бывает у кораблей, военных построек и объектов)`,
        },
        RULES.weapons,
      );
    const weapons: Weapon[] = [];
    for (const [i, raw] of params.weapons.entries()) {
      const parsed = parseWeapon(raw, def.shield?.type);
      if (!parsed.ok) return cardViolation(`${path}.weapons.${i}`, parsed.error, RULES.weapons);
      if (weapons.some((w) => w.kind === parsed.value.kind))
        return cardViolation(
          `${path}.weapons.${i}`,
          {
            en: `a second ${parsed.value.kind} entry: write each weapon type once`,
            ru: `оружие указано второй раз (${WEAPON_NAMES[parsed.value.kind].ru}): каждый вид оружия пишут один раз`,
          },
          RULES.oneWeapon,
        );
      weapons.push(parsed.value);
    }
    def.weapons = weapons;
  }
  if (params.boarding !== undefined) def.boarding = params.boarding;
  if (params.landing !== undefined) def.landing = params.landing;
  if (params.commercialRun) def.commercialRun = yieldOf(params.commercialRun);
  if (params.escort) def.escort = true;
  if (params.smuggling) def.smuggling = true;
  if (params.evasive) def.evasive = true;
  if (params.objectType) def.objectType = params.objectType.toLowerCase();
  if (params.income) def.income = yieldOf(params.income);
  if (params.placeOn) def.placeOn = params.placeOn.map((t) => t.toLowerCase());
  if (params.strength !== undefined) def.strength = params.strength;
  if (params.upgradeFor) def.upgradeFor = params.upgradeFor;
  if (params.modifiers) {
    const modifiers: Partial<Record<ModifiableStat, number>> = {};
    for (const stat of MODIFIABLE_STATS) {
      const value = params.modifiers[stat];
      if (value !== undefined) setOwn(modifiers, stat, value);
    }
    def.modifiers = modifiers;
  }
  if (params.variants)
    def.variants = params.variants.map((v) => ({
      text: v.text,
      ...(v.initiative !== undefined ? { initiative: v.initiative } : {}),
      ...(v.archetype ? { archetype: v.archetype as Archetype } : {}),
    }));
  if (params.special) def.special = true;
  if (params.initiative !== undefined) def.initiative = params.initiative;
  if (params.archetype) def.archetype = params.archetype as Archetype;

  const missing = (what: LocalizedText, ruleRef: string = RULES.shipCard): RuleViolation =>
    cardViolation(
      path,
      {
        en: `a ${kind} card needs ${what.en}`,
        ru: `для карты вида «${kindRu(kind)}» нужно указать ${what.ru}`,
      },
      ruleRef,
    );
  const PLACE_ON = {
    en: 'the object types it can stand on (placeOn)',
    ru: 'типы объектов, на которых она размещается',
  };

  switch (kind) {
    case 'ship':
      if (!def.size)
        return missing({
          en: 'a size: light (ЛК), medium (СК) or heavy (ТК)',
          ru: 'размер: ЛК (лёгкий), СК (средний) или ТК (тяжёлый)',
        });
      if (def.durability === undefined || def.critical === undefined)
        return missing({
          en: 'durability with critical damage, like 8(5)',
          ru: 'прочность с критическими повреждениями, например 8(5)',
        });
      if (def.speed === undefined) return missing({ en: 'a speed', ru: 'скорость' });
      if (!def.crew)
        return missing({ en: 'a crew, like В5 (or 0)', ru: 'экипаж, например В5 (или 0)' });
      break;
    case 'object':
      if (!def.objectType)
        return missing(
          { en: 'an object type (planet, asteroid, station, ...)', ru: 'тип объекта' },
          RULES.objectCap,
        );
      if (isStation && def.durability === undefined)
        return missing(
          {
            en: 'durability, like a ship (a station fights as one)',
            ru: 'прочность, как у корабля (станция сражается как корабль)',
          },
          RULES.station,
        );
      if (params.builtIn) {
        const builtIn: CardDef[] = [];
        for (const [i, inner] of (params.builtIn ?? []).entries()) {
          if (inner.kind !== 'military-building' && inner.kind !== 'ground-unit')
            return cardViolation(
              `${path}.builtIn.${i}`,
              {
                en: 'a built-in property is a military building or a ground unit',
                ru: 'встроенное свойство — это военная постройка или наземный отряд',
              },
              RULES.builtInDestroyed,
            );
          const checked = checkCard(
            { ...inner, placeOn: inner.placeOn ?? [def.objectType] },
            `${path}.builtIn.${i}`,
          );
          if (isViolation(checked)) return checked;
          builtIn.push(checked);
        }
        def.builtIn = builtIn;
      }
      break;
    case 'ground-unit':
      if (def.strength === undefined)
        return missing({ en: 'a strength', ru: 'силу' }, RULES.groundDestroyed);
      if (!def.placeOn?.length) return missing(PLACE_ON, RULES.groundPlacement);
      break;
    case 'military-building':
      if (def.durability === undefined)
        return missing({ en: 'durability', ru: 'прочность' }, RULES.buildings);
      if (!def.weapons?.length)
        return missing({ en: 'weapons', ru: 'вооружение' }, RULES.buildings);
      if (!def.placeOn?.length) return missing(PLACE_ON, RULES.groundPlacement);
      break;
    case 'civil-building':
      if (!def.placeOn?.length) return missing(PLACE_ON, RULES.groundPlacement);
      break;
    case 'tactical':
      if (def.actionCost === undefined && def.rollCost === undefined)
        return missing(
          {
            en: 'a cost in action tokens and/or a D6 roll',
            ru: 'стоимость в фишках действия и/или бросок D6',
          },
          RULES.tactical,
        );
      break;
    case 'situation':
      if (!params.cost && def.actionCost === undefined && def.rollCost === undefined)
        return missing(
          {
            en: 'a cost in resources, action tokens or a D6 roll',
            ru: 'стоимость в ресурсах, фишках действия или бросок D6',
          },
          RULES.situation,
        );
      break;
    case 'upgrade':
      if (!def.upgradeFor)
        return missing(
          {
            en: 'the kind of card it goes under (upgradeFor)',
            ru: 'вид карты, под которую кладут улучшение',
          },
          RULES.upgradeTarget,
        );
      break;
    case 'ability':
      if (def.variants?.length !== 2)
        return missing(
          { en: 'exactly two variants', ru: 'ровно два варианта свойств' },
          RULES.abilityVariant,
        );
      break;
    case 'commander':
      if (def.initiative === undefined)
        return missing({ en: 'an initiative', ru: 'инициативу' }, RULES.initiative);
      break;
  }
  return def;
}

function yieldOf(params: { resources?: number; actionTokens?: number }): Yield {
  return { resources: params.resources ?? 0, actionTokens: params.actionTokens ?? 0 };
}

/** A card kind as the deck form names it, lower case («военная постройка»). */
function kindRu(kind: string): string {
  return (own(CARD_KIND_NAMES, kind)?.ru ?? kind).toLowerCase();
}

function isViolation(value: unknown): value is RuleViolation {
  return (value as RuleViolation).kind === 'rule_violation';
}

/** Checks a whole deck registration: every card, the size, the copies, the abilities. */
export function checkDeck(params: CpRegisterDeckParams): CheckedDeck | RuleViolation {
  const commanderParams = resolveEntry(params.commander, 'commander');
  if (isViolation(commanderParams)) return commanderParams;
  const commander = checkCard(commanderParams, 'commander');
  if (isViolation(commander)) return commander;
  if (commander.kind !== 'commander')
    return cardViolation(
      'commander',
      { en: 'must be a commander card', ru: 'здесь нужна карта Командора' },
      RULES.commanderPlacement,
    );

  const defs: Record<string, CardDef> = {};
  const copiesByName = new Map<string, number>();
  const cards: string[] = [];
  for (const [i, entry] of params.cards.entries()) {
    const path = `cards.${i}`;
    const resolved = resolveEntry(entry, path);
    if (isViolation(resolved)) return resolved;
    const def = checkCard(resolved, `${path}.card`);
    if (isViolation(def)) return def;
    if (def.kind === 'commander')
      return violation(
        'commander_in_deck',
        {
          en: `${path}: a Commander card is not part of the deck`,
          ru: `${deckPathLabel(path)}: карта Командора не входит в колоду`,
        },
        RULES.hiddenDeck,
      );
    if (own(defs, def.key))
      return violation(
        'duplicate_card',
        {
          en: `${path}: the deck already has a card "${def.key}"; register copies with "copies"`,
          ru: `${deckPathLabel(path)}: карта «${def.key}» в колоде уже есть; число копий указывают в поле «Копий»`,
        },
        RULES.deckCopies,
      );
    setOwn(defs, def.key, def);
    const copies = (copiesByName.get(def.name) ?? 0) + entry.copies;
    if (copies > MAX_COPIES)
      return violation(
        'too_many_copies',
        {
          en: `The deck has ${copies} copies of "${def.name}"; at most ${MAX_COPIES} cards may share a name`,
          ru: `В колоде ${ruCount(copies, 'копия', 'копии', 'копий')} карты «${def.name}», а карт с одним названием может быть не больше ${MAX_COPIES}`,
        },
        RULES.deckCopies,
      );
    copiesByName.set(def.name, copies);
    for (let c = 0; c < entry.copies; c += 1) cards.push(def.key);
  }
  if (cards.length < DECK_MIN || cards.length > DECK_MAX)
    return violation(
      'deck_size',
      {
        en: `The deck has ${cards.length} cards; it must have ${DECK_MIN} to ${DECK_MAX}`,
        ru: `В колоде ${ruCount(cards.length, 'карта', 'карты', 'карт')}, а должно быть от ${DECK_MIN} до ${DECK_MAX}`,
      },
      RULES.deckSize,
    );

  const abilities: { key: string; variant: number }[] = [];
  for (const [i, pick] of (params.abilities ?? []).entries()) {
    const def = own(defs, pick.card);
    if (!def || def.kind !== 'ability')
      return violation(
        'not_an_ability',
        {
          en: `abilities.${i}: "${pick.card}" is not an ability card of this deck`,
          ru: `${deckPathLabel(`abilities.${i}`)}: «${pick.card}» — не карта способностей этой колоды`,
        },
        RULES.abilityPreselect,
      );
    if (def.special)
      return violation(
        'special_ability',
        {
          en: `abilities.${i}: "${def.name}" is a special ability card, played only during the game`,
          ru: `${deckPathLabel(`abilities.${i}`)}: «${def.name}» — особая карта способностей, её разыгрывают только во время игры`,
        },
        RULES.abilitySpecial,
      );
    const index = cards.indexOf(pick.card);
    if (index < 0)
      return violation(
        'not_enough_copies',
        {
          en: `abilities.${i}: no copy of "${def.name}" is left in the deck to take out`,
          ru: `${deckPathLabel(`abilities.${i}`)}: в колоде не осталось копии «${def.name}», чтобы вынуть её`,
        },
        RULES.abilityPreselect,
      );
    cards.splice(index, 1);
    abilities.push({ key: pick.card, variant: pick.variant });
  }
  if (abilities.length > MAX_ABILITIES)
    return violation(
      'too_many_abilities',
      {
        en: `${abilities.length} abilities chosen; a Commander carries at most ${MAX_ABILITIES}`,
        ru: `Выбрано ${ruCount(abilities.length, 'карта способностей', 'карты способностей', 'карт способностей')}, а у Командора их может быть не больше ${MAX_ABILITIES}`,
      },
      RULES.abilitiesMax,
    );
  return { commander, defs, cards, abilities };
}

function resolveEntry(
  entry: { catalog?: string; card?: CpCardParams },
  path: string,
): CpCardParams | RuleViolation {
  if ((entry.catalog === undefined) === (entry.card === undefined))
    return violation(
      'card_source',
      {
        en: `${path}: give either a catalog id or a card definition`,
        ru: `${deckPathLabel(path)}: укажите либо карту из каталога, либо определение карты`,
      },
      RULES.cardText,
    );
  if (entry.card) return entry.card;
  const card = catalogCard(entry.catalog ?? '');
  if (!card)
    return violation(
      'unknown_catalog_card',
      {
        en: `${path}: the sample catalog has no card "${entry.catalog}"`,
        ru: `${deckPathLabel(path)}: в каталоге нет карты «${entry.catalog}»`,
      },
      RULES.cardText,
    );
  return card;
}

export type { Weapon };
