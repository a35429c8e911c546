import { own } from '../../shared/id-record';
import { enCount, ruCount, type LocalizedText } from '../../shared/localized-text';
import type { Piece, Table } from '../../table/table';
import type { CardDef } from './cp-cards';
import { DISTANCE_NAMES, WEAPON_NAMES, type Distance } from './cp-cards';
import type { DecisionContext, OptionSpec } from '../ruleset';
import { zoneText } from '../kit/table-choices';
import { CP_OPTIONS } from './cp-options';
import type { BattleState, CpState, PendingKind } from './cp-state';

/**
 * Names the refusals of Commanders Path give things, as the board and the rules name them:
 * cards by their printed names (a face-down card by its back), places as the board labels
 * them, options by their titles. A printed name cannot be declined reliably, so a refusal
 * opens with it in the nominative and says the rest after a colon, agreeing with a noun of
 * its own («Химера: у корабля нет свойства «эскорт»»).
 */

/** A card as it is printed: its English name, where the catalogue has one, and its Russian. */
export function cardTitle(def: Pick<CardDef, 'name' | 'nameEn'>): LocalizedText {
  return { en: def.nameEn ?? def.name, ru: def.name };
}

const FACE_DOWN: LocalizedText = { en: 'a face-down card', ru: 'закрытая карта' };

/** A piece on the table by the name it shows: a revealed card's, else a face-down card. */
export function shownName(piece: Piece): LocalizedText {
  const { name, nameEn } = piece.attrs;
  if (typeof name === 'string' && name)
    return { en: typeof nameEn === 'string' && nameEn ? nameEn : name, ru: name };
  return FACE_DOWN;
}

/**
 * A piece a decision names, for its seat: a card it holds face down by its own name (the
 * seat knows its cards), another's face-down card by its back, a piece not on the table as
 * it was sent.
 */
export function cardNamed(
  d: { table: Readonly<Table>; rs: Readonly<CpState>; seat: string },
  id: string,
): LocalizedText {
  const piece = own(d.table.pieces, id);
  if (!piece) return { en: `“${id}”`, ru: `«${id}»` };
  if (typeof piece.attrs.name === 'string' && piece.attrs.name) return shownName(piece);
  const key = piece.owner === d.seat ? own(d.rs.cardOf, id) : undefined;
  const def = key === undefined ? undefined : own(own(d.rs.decks, d.seat)?.defs, key);
  return def ? cardTitle(def) : FACE_DOWN;
}

/** Several pieces by name, joined. */
export function cardsNamed(
  d: { table: Readonly<Table>; rs: Readonly<CpState>; seat: string },
  ids: readonly string[],
): LocalizedText {
  const names = ids.map((id) => cardNamed(d, id));
  return { en: names.map((n) => n.en).join(', '), ru: names.map((n) => n.ru).join(', ') };
}

/**
 * A place a decision names: a sector by its number, an orbit or surface by its object, a
 * seat's zone by its player («Потери (Анна)»); one not on the table as it was sent.
 */
export function placeNamed(
  d: { table: Readonly<Table>; ctx: Pick<DecisionContext<unknown>, 'seats'> },
  zone: string,
): LocalizedText {
  const { table } = d;
  const match = /^(orbit|surface):(.+)$/.exec(zone);
  if (match) {
    const object = own(table.pieces, match[2]);
    if (object) {
      const name = shownName(object);
      return match[1] === 'orbit'
        ? { en: `the orbit of ${name.en}`, ru: `орбита объекта ${name.ru}` }
        : { en: `the surface of ${name.en}`, ru: `поверхность объекта ${name.ru}` };
    }
  }
  const known = own(table.zones, zone);
  if (known?.name) return zoneText(d.ctx, known);
  const sector = /^sector:(\d+)$/.exec(zone)?.[1];
  if (sector) return { en: `Sector ${sector}`, ru: `Сектор ${sector}` };
  if (zone === 'new' || zone.startsWith('new:')) return { en: 'a new sector', ru: 'новый сектор' };
  return { en: `“${zone}”`, ru: `«${zone}»` };
}

/** The weapon kind by its name («мазер»), for a kind a decision named. */
export function weaponKindName(kind: string): LocalizedText {
  return own(WEAPON_NAMES, kind) ?? { en: `“${kind}”`, ru: `«${kind}»` };
}

/** The round of a battle by its distance: «раунд дальней дистанции». */
export function roundOf(distance: Distance): LocalizedText {
  return {
    en: `the ${DISTANCE_NAMES[distance].en} round`,
    ru: `раунд ${RANGE_RU[distance]} дистанции`,
  };
}

/** A distance as the adjective of «дистанция» in the genitive («малой»). */
export const RANGE_RU: Record<Distance, string> = {
  long: 'дальней',
  medium: 'средней',
  short: 'малой',
};

/** «1 ресурс», «3 ресурса», «5 ресурсов» and the English count. */
export function resourcesCount(n: number): LocalizedText {
  return {
    en: enCount(n, 'resource', 'resources'),
    ru: ruCount(n, 'ресурс', 'ресурса', 'ресурсов'),
  };
}

/** «1 фишка действия», «3 фишки действия», «5 фишек действия» and the English count. */
export function tokensCount(n: number): LocalizedText {
  return {
    en: enCount(n, 'action token', 'action tokens'),
    ru: ruCount(n, 'фишка действия', 'фишки действия', 'фишек действия'),
  };
}

/** An option of the match as the new-match page shows it: «Источник кубиков: Серверные кубики». */
export function optionChosen(id: string, value: string): LocalizedText {
  const spec: OptionSpec | undefined = CP_OPTIONS.find((o) => o.id === id);
  const choice = spec?.choices?.find((c) => c.value === value);
  const title = spec?.title ?? { en: id, ru: id };
  const chosen = choice?.title ?? { en: value, ru: value };
  return { en: `${title.en}: ${chosen.en}`, ru: `«${title.ru}: ${chosen.ru}»` };
}

export { capital, upperFirst } from '../../shared/localized-text';

/** «Экзорцист: корабль уже повернут». */
export function isTapped(name: LocalizedText): LocalizedText {
  return { en: `${name.en} is tapped`, ru: `${name.ru}: корабль уже повернут` };
}

/** The Nova in the genitive, as the log writes it («цели “Новы”»). */
export const NOVA_GEN = '“Новы”';

/**
 * The production steps in the rules' order («Производство осуществляется в следующем
 * порядке»), by their number: the log names the step a card is produced in, a refusal the
 * step production has already passed.
 */
export const PRODUCTION_STEP_NAMES: Record<number, LocalizedText> = {
  1: { en: 'abilities', ru: 'карты способностей' },
  2: { en: 'space objects', ru: 'космические объекты' },
  3: { en: 'ships', ru: 'корабли' },
  4: { en: 'ground units and buildings', ru: 'наземные отряды и постройки' },
  5: { en: 'upgrades', ru: 'улучшения' },
  6: { en: 'situation cards', ru: 'карты обстановки' },
  7: { en: 'the Commander move', ru: 'перемещение Командора' },
  8: { en: 'unfinished cards to production', ru: 'незавершённые карты в зону производства' },
  9: { en: 'buying action tokens', ru: 'покупка фишек действия' },
  10: { en: 'removing damage', ru: 'снятие повреждений' },
};

/** The steps of a battle, as a refusal says which one it is at. */
export const BATTLE_STEP_NAMES: Record<BattleState['step'], LocalizedText> = {
  echelon: { en: 'echelon', ru: 'назначение второго эшелона' },
  withdrawals: { en: 'withdrawals', ru: 'выход из боя' },
  attacks: { en: 'attacks', ru: 'атаки' },
  'round-end': { en: 'round-end', ru: 'конец раунда' },
  landing: { en: 'landing', ru: 'десант' },
  closed: { en: 'closed', ru: 'сражение окончено' },
};

/** The choices a battle waits for from one seat. */
export const PENDING_NAMES: Record<PendingKind, LocalizedText> = {
  evasive: { en: 'evasive', ru: 'маневр уклонения' },
  'nova-targets': { en: 'nova-targets', ru: 'цели “Новы”' },
  'nova-shields': { en: 'nova-shields', ru: 'щиты против “Новы”' },
  'counter-fire': { en: 'counter-fire', ru: 'ответный огонь' },
};

/** A decision that lists one ship twice. */
export const SHIP_LISTED_TWICE: LocalizedText = {
  en: 'A ship is listed twice',
  ru: 'Один корабль указан дважды',
};
