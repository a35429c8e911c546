import { nameInCase, type RussianCase } from '../../naming/russian-name-cases';
import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import { seatName } from '../kit/seat-name';
import type { AvailabilityContext } from '../ruleset';
import { FACTIONS, SHIP_TYPES } from './gl-factions';
import { GALAXY_LEAGUE_OPTIONS, type GalaxyLeagueOptions } from './gl-options';
import { territoryOf } from './gl-map';
import type { GalaxyLeagueState } from './gl-state';

/**
 * Players, planets and ships as the league's pages name them, for refusals and choices
 * (issue 39: never an id on a Russian page): «Маша», «Бореалис», «Атакующий звездолёт 2».
 */

type Ctx = Pick<AvailabilityContext<GalaxyLeagueState>, 'rs' | 'table' | 'seats'>;

/**
 * The player's name, in a Russian case when one is asked (Маши, Маше); a seat nobody claimed
 * yet is named by its faction (Империя), never by its id.
 */
export function playerName(
  ctx: Pick<Ctx, 'seats'>,
  seat: string,
  grammaticalCase?: RussianCase,
): LocalizedText {
  const spec = ctx.seats.find((s) => s.seat === seat);
  const faction = FACTIONS.find((f) => f.id === spec?.faction);
  const name = spec?.player?.name || !faction ? seatName(ctx, seat) : faction.name;
  return grammaticalCase ? { en: name.en, ru: nameInCase(name.ru, grammaticalCase) } : name;
}

/** The territory's name on the map (its id only when the map has no such territory). */
export function planetName(ctx: Pick<Ctx, 'rs'>, planet: string): LocalizedText {
  const territory = ctx.rs.map ? territoryOf(ctx.rs.map, planet) : undefined;
  return territory?.name ?? { en: planet, ru: planet };
}

/** A ship by its kind and number within its owner's fleet: «Атакующий звездолёт 2». */
export function shipName(ctx: Pick<Ctx, 'table'>, ship: string): LocalizedText {
  const piece = own(ctx.table.pieces, ship);
  const n = ship.split(':').pop() ?? ship;
  if (piece?.type === SHIP_TYPES.attacking)
    return { en: `Attacking starship ${n}`, ru: `Атакующий звездолёт ${n}` };
  if (piece?.type === SHIP_TYPES.defensive)
    return { en: `Defensive starship ${n}`, ru: `Защитный звездолёт ${n}` };
  return { en: `Starship ${n}`, ru: `Звездолёт ${n}` };
}

/** Light years with their Russian plural: «1 световой год», «2 световых года», «5 световых лет». */
export function lightYears(n: number): LocalizedText {
  const m10 = n % 10;
  const m100 = n % 100;
  const ru =
    m10 === 1 && m100 !== 11
      ? 'световой год'
      : m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)
        ? 'световых года'
        : 'световых лет';
  return { en: `${n} LY`, ru: `${n} ${ru}` };
}

/** Names joined as a list reads: «Бореалис, Эмбер». */
export function joined(names: readonly LocalizedText[]): LocalizedText {
  return {
    en: names.map((n) => n.en).join(', '),
    ru: names.map((n) => n.ru).join(', '),
  };
}

/** The league's option as the new-match page titles it: option “Beyond 3 LY”, настройка «Дальше 3 СГ». */
export function optionNamed(id: keyof GalaxyLeagueOptions): LocalizedText {
  const title = GALAXY_LEAGUE_OPTIONS.find((o) => o.id === id)?.title ?? { en: id, ru: id };
  return { en: `option “${title.en}”`, ru: `настройка «${title.ru}»` };
}
