import { own } from '../../../shared/id-record';
import { ruCount, type LocalizedText } from '../../../shared/localized-text';
import { refuse } from '../../kit/refuse';
import type { AvailabilityContext } from '../../ruleset';
import { galaxyLeagueDecision as decision, type GalaxyLeagueDraft } from '../gl-draft';
import { incomeOf } from '../gl-economy';
import type { GalaxyLeagueEvents } from '../gl-events';
import { fleetOf, SHIP_TYPES, shipId } from '../gl-factions';
import { adjacent, territoryOf } from '../gl-map';
import type { GalaxyLeagueOptions } from '../gl-options';
import { joined, optionNamed, planetName, playerName } from '../gl-names';
import { noTechnology } from './preparation';
import { RULES } from '../gl-rules-text';
import { ENTRY_ROUNDS, type GalaxyLeagueState } from '../gl-state';
import { trackValue, winsTrack } from '../gl-tracks';
import { GalaxyLeagueEnterParams } from './entry.params';

/** «300 ИК» for a new player. */
export const ENTRY_CREDITS = 300;
/** «Х-3 очков в графу «победы»». */
export const ENTRY_WINS_BELOW_BEST = 3;

/** «2/4 бесплатные технологии»: by the round entered (2 in round 4, 4 in round 8), or as the option fixes. */
export function freeTechnologies(
  round: number,
  option: GalaxyLeagueOptions['entryFreeTechnologies'],
): number {
  return option === 'two' ? 2 : option === 'four' ? 4 : round >= 8 ? 4 : 2;
}

type Ctx = Pick<AvailabilityContext<GalaxyLeagueState>, 'rs'>;

const neutralPlanets = (ctx: Ctx): string[] =>
  (ctx.rs.map?.territories ?? [])
    .map((t) => t.id)
    .filter((id) => own(ctx.rs.owner, id) === undefined);

/** The neutral planets next to `capital`, which a new player takes with it. */
const freeNeighbours = (ctx: Ctx, capital: string): string[] =>
  neutralPlanets(ctx).filter((id) => id !== capital && adjacent(ctx.rs.map!, capital, id));

/**
 * How many neighbours the entrant takes: «еще 3» when there are, the 1–2 there are under option
 * entryPartialNeighbours «take-available», or none (its round's actions are then the 3 attacks).
 */
function neighboursTaken(
  free: number,
  option: GalaxyLeagueOptions['entryPartialNeighbours'],
): number {
  return free >= 3 ? 3 : option === 'take-available' ? free : 0;
}

/** Which neutral neighbours of its capital the entrant takes, when it named others. */
function entryPlanetsText(
  d: GalaxyLeagueDraft,
  capital: LocalizedText,
  free: string[],
  take: number,
): LocalizedText {
  if (take > 0) {
    const names = joined(free.map((p) => planetName(d, p)));
    return {
      en: `Take ${take} of the neutral planets next to ${capital.en} (${names.en})`,
      ru: `Займите ${ruCount(take, 'нейтральную планету', 'нейтральные планеты', 'нейтральных планет')} рядом с планетой ${capital.ru} (${names.ru})`,
    };
  }
  if (free.length > 0) {
    const option = optionNamed('entryPartialNeighbours');
    return {
      en: `Only ${free.length} neutral planet${free.length > 1 ? 's lie' : ' lies'} next to ${capital.en}: take none and attack instead (${option.en})`,
      ru: `Рядом с планетой ${capital.ru} нейтральных планет только ${free.length}: не занимайте ни одной, а атакуйте (${option.ru})`,
    };
  }
  return {
    en: `No neutral planet lies next to ${capital.en}: take none, your round’s actions are 3 attacks`,
    ru: `Рядом с планетой ${capital.ru} нет нейтральных планет: не занимайте ни одной, ваши действия в этом раунде — 3 атаки`,
  };
}

function enter(
  d: GalaxyLeagueDraft,
  capital: string | undefined,
  planets: string[],
  technologies: string[],
): void {
  const player = own(d.rs.players, d.seat);
  if (player?.status !== 'entrant') {
    const name = playerName(d.ctx, d.seat);
    refuse(
      'not_an_entrant',
      {
        en: `${name.en} is not a seat kept for a new player, or has entered already`,
        ru: `${name.ru}: это место не для нового игрока, или с него в игру уже вошли`,
      },
      RULES.newEntrant,
    );
  }
  if (!ENTRY_ROUNDS.includes(d.rs.round))
    refuse(
      'not_entry_round',
      {
        en: `New players enter at the start of rounds 4 and 8 (this is round ${d.rs.round})`,
        ru: `Новые игроки входят в игру в начале 4-го и 8-го раундов, а сейчас идёт ${d.rs.round}-й`,
      },
      RULES.newEntrant,
    );
  if (d.rs.done.includes(d.seat))
    refuse(
      'stage_done',
      { en: 'You are done with this stage', ru: 'Вы уже завершили этот этап' },
      RULES.newEntrant,
    );
  let attacks: GalaxyLeagueEvents['PlayerEntered']['attacks'];
  if (neutralPlanets(d).length === 0) {
    if (capital !== undefined || planets.length > 0)
      refuse(
        'no_neutral_planet',
        {
          en: 'No neutral planet is left: the new player enters as a returning one, with 3 attacks (name no capital and no planets)',
          ru: 'Нейтральных планет нет: новый игрок входит в игру как возвращающийся, с 3 атаками (не выбирайте ни столицу, ни планеты)',
        },
        RULES.entryAsReturn,
      );
    attacks = 'as-return';
  } else {
    if (capital === undefined)
      refuse(
        'capital_needed',
        {
          en: 'Name a neutral planet as your capital',
          ru: 'Выберите нейтральную планету своей столицей',
        },
        RULES.entryCapital,
      );
    if (!territoryOf(d.rs.map!, capital))
      refuse(
        'unknown_planet',
        { en: `The map has no territory ${capital}`, ru: `На карте нет планеты «${capital}»` },
        RULES.entryCapital,
      );
    const capitalName = planetName(d, capital);
    if (own(d.rs.owner, capital) !== undefined)
      refuse(
        'capital_not_neutral',
        {
          en: `${capitalName.en} is not neutral`,
          ru: `${capitalName.ru} — не нейтральная планета`,
        },
        RULES.entryCapital,
      );
    const free = freeNeighbours(d, capital);
    const take = neighboursTaken(free.length, d.options.entryPartialNeighbours);
    if (new Set(planets).size !== planets.length || planets.length !== take)
      refuse('entry_planets', entryPlanetsText(d, capitalName, free, take), RULES.entryNeighbours);
    for (const planet of planets)
      if (!free.includes(planet)) {
        const name = planetName(d, planet);
        refuse(
          'not_free_neighbour',
          {
            en: `${name.en} is not a neutral planet next to ${capitalName.en}`,
            ru: `${name.ru} — не нейтральная планета рядом с планетой ${capitalName.ru}`,
          },
          RULES.entryNeighbours,
        );
      }
    attacks = take === 0 ? 'next-to-capital' : 'none';
  }
  const due = Math.min(
    freeTechnologies(d.rs.round, d.options.entryFreeTechnologies),
    d.rs.technologies.length,
  );
  if (new Set(technologies).size !== technologies.length || technologies.length !== due) {
    const option = optionNamed('entryFreeTechnologies');
    refuse(
      'free_technologies',
      {
        en: `Choose ${due} different technologies of the league’s catalogue (${option.en})`,
        ru: `Выберите в каталоге Лиги ${ruCount(due, 'технологию', 'разные технологии', 'разных технологий')} (${option.ru})`,
      },
      RULES.entryGifts,
    );
  }
  const gifts = technologies.map((id) => {
    const tech = d.rs.technologies.find((t) => t.id === id);
    if (!tech) refuse('unknown_technology', noTechnology(id), RULES.entryGifts);
    return tech;
  });
  // «Х – наибольшее количество очков за победы среди игроков на данный момент».
  const best = Math.max(
    0,
    ...d.rs.order.filter((s) => s !== d.seat).map((s) => trackValue(d.table, winsTrack(s))),
  );
  const wins = Math.max(0, best - ENTRY_WINS_BELOW_BEST);
  d.own('PlayerEntered', {
    seat: d.seat,
    round: d.rs.round,
    ...(capital !== undefined ? { capital } : {}),
    planets: [...planets],
    attacks,
    credits: ENTRY_CREDITS,
    wins,
    technologies: [...technologies],
  });
  const home = capital ?? `reserve:${d.seat}`;
  if (capital !== undefined) {
    for (const territory of [capital, ...planets])
      d.own('ControlChanged', { territory, to: d.seat, cause: 'entered' });
    d.own('CapitalSet', { seat: d.seat, territory: capital, cause: 'entered' });
  } else
    // A returning entrant holds no territory: its ships wait off the map.
    d.on('ZonesCreated', {
      zones: [{ id: home, kind: 'reserve', owner: d.seat, name: { en: 'Reserve', ru: 'Резерв' } }],
    });
  const fleet = fleetOf(player.faction);
  d.on('PiecesCreated', {
    pieces: Array.from({ length: fleet.ships }, (_, n) => ({
      id: shipId(d.seat, n + 1),
      type: n < fleet.attacking ? SHIP_TYPES.attacking : SHIP_TYPES.defensive,
      owner: d.seat,
      zone: home,
    })),
  });
  for (const tech of gifts) {
    d.own('TechnologyResearched', {
      seat: d.seat,
      technology: tech.id,
      cost: 0,
      points: tech.points,
      free: true,
    });
    d.changeOther(d.seat, tech.points);
  }
  d.changeCredits(d.seat, ENTRY_CREDITS);
  if (wins > 0) d.changeWins(d.seat, wins);
  // Option entrantIncome «on-entry»: it enters «В начале 4го и 8го раундов», when «все игроки
  // имеющие контроль хотя бы над одной планетой будут получать доход», so it has this round's.
  if (d.options.entrantIncome === 'on-entry' && capital !== undefined) {
    const income = incomeOf(d.rs, d.seat);
    if (income.lines.length > 0) {
      d.own('IncomeReceived', { seat: d.seat, round: d.rs.round, ...income });
      d.changeCredits(d.seat, income.total);
    }
  }
}

export const ENTRY_DECISIONS = {
  'enter-league': decision({
    summary: {
      en: 'Enter the league (a new player, at the start of round 4 or 8)',
      ru: 'Войти в Лигу (новый игрок, в начале 4-го или 8-го раунда)',
    },
    params: GalaxyLeagueEnterParams,
    example: { capital: 'orion', planets: ['nexus'], technologies: ['wormholes', 'shipyard'] },
    turn: 'any',
    phases: ['preparation'],
    turnRuleRef: RULES.newEntrant,
    available: (ctx) =>
      own(ctx.rs.players, ctx.seat)?.status === 'entrant' &&
      ENTRY_ROUNDS.includes(ctx.rs.round) &&
      !ctx.rs.done.includes(ctx.seat),
    examples: (ctx): GalaxyLeagueEnterParams[] => {
      const technologies = ctx.rs.technologies
        .slice(0, freeTechnologies(ctx.rs.round, 'by-round'))
        .map((t) => t.id);
      const neutral = neutralPlanets(ctx);
      if (neutral.length === 0) return [{ planets: [], technologies }];
      return neutral.map((capital) => ({
        capital,
        planets: freeNeighbours(ctx, capital).slice(0, 3),
        technologies,
      }));
    },
    decide(d, { capital, planets, technologies }) {
      enter(d, capital, planets, technologies);
    },
  }),
};
