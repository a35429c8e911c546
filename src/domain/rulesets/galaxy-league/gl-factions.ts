import type { LocalizedText } from '../../shared/localized-text';
import type { GalaxyLeagueOptions } from './gl-options';

/**
 * The eight factions, in the text's priority order («Пожиратели-Империя-Амёбы-Механики-
 * Технопаты-Вечные-Пираты-Психокинетики»). Their bonuses appear only in passing; those the
 * text states exactly are kept: Devourers' fleet, Eternals' reach, Amoebas' capital change.
 */
export const FACTIONS = [
  { id: 'devourers', name: { en: 'Devourers', ru: 'Пожиратели' } },
  { id: 'empire', name: { en: 'Empire', ru: 'Империя' } },
  { id: 'amoebas', name: { en: 'Amoebas', ru: 'Амёбы' } },
  { id: 'mechanics', name: { en: 'Mechanics', ru: 'Механики' } },
  { id: 'technopaths', name: { en: 'Technopaths', ru: 'Технопаты' } },
  { id: 'eternals', name: { en: 'Eternals', ru: 'Вечные' } },
  { id: 'pirates', name: { en: 'Pirates', ru: 'Пираты' } },
  { id: 'psychokinetics', name: { en: 'Psychokinetics', ru: 'Психокинетики' } },
] as const satisfies readonly { id: string; name: LocalizedText }[];

export type FactionId = (typeof FACTIONS)[number]['id'];
export const FACTION_IDS: readonly FactionId[] = FACTIONS.map((f) => f.id);

export function isFaction(value: unknown): value is FactionId {
  return typeof value === 'string' && (FACTION_IDS as readonly string[]).includes(value);
}

/** Lower is earlier in priority among players on equal points. */
export function factionRank(faction: string): number {
  const rank = (FACTION_IDS as readonly string[]).indexOf(faction);
  return rank < 0 ? FACTION_IDS.length : rank;
}

/** «Каждый игрок имеет 4 звездолёта (5 у Пожирателей), 2 из которых являются атакующими (3 у Пожирателей).» */
export function fleetOf(faction: string): { ships: number; attacking: number } {
  return faction === 'devourers' ? { ships: 5, attacking: 3 } : { ships: 4, attacking: 2 };
}

/** The two kinds of starship a fleet is made of, as the table's piece types. */
export const SHIP_TYPES = { attacking: 'attacking-ship', defensive: 'defensive-ship' } as const;
/** A seat's starship number `n`, as the table keys it. */
export const shipId = (seat: string, n: number): string => `ship:${seat}:${n}`;

/**
 * «менять столицу нельзя (исключение – бонус фракции Амёбы)»: the Amoebas move their capital in
 * any round, unless option factionBonuses is «none».
 */
export function amoebasBonus(
  options: Pick<GalaxyLeagueOptions, 'factionBonuses'>,
  faction: string | undefined,
): boolean {
  return options.factionBonuses === 'as-named' && faction === 'amoebas';
}
