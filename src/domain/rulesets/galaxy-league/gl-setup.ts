import type { NewEvent } from '../../events/recorded-event';
import { ruCount } from '../../shared/localized-text';
import { emptyTable } from '../../table/table';
import { refuse } from '../kit/refuse';
import type { DecisionContext, SetupInput } from '../ruleset';
import { GalaxyLeagueDraft } from './gl-draft';
import type { LeagueTechnology } from './gl-events';
import { FACTIONS, fleetOf, isFaction, SHIP_TYPES, shipId } from './gl-factions';
import { ILLUSTRATIVE_MAP, localizedMapProblems, type LeagueMap } from './gl-map';
import { optionNamed } from './gl-names';
import { galaxyLeagueOptions } from './gl-options';
import { RULES } from './gl-rules-text';
import { initialGalaxyLeagueState, type GalaxyLeagueState } from './gl-state';
import { otherTrack, TRACK_NAMES, winsTrack, creditsTrack } from './gl-tracks';
import type {
  GalaxyLeagueMapParams,
  GalaxyLeagueSetupParams,
  GalaxyLeagueTechnologyParams,
} from './galaxy-league.params';

/** The league's factions for a refusal: ids to type in English, names in Russian. */
const factionList = (lang: 'en' | 'ru'): string =>
  FACTIONS.map((f) => (lang === 'en' ? `${f.id} (${f.name.en})` : f.name.ru)).join(', ');

/**
 * Lays out the league: the organizer's map (or the illustrative one), each seat's faction and
 * start position (in seat order), its ships at its capital, its tracks, and round 1 opened
 * with its income («В начале каждого раунда … будут получать доход»).
 */
export function galaxyLeagueSetup({ seats, options, params }: SetupInput): NewEvent[] {
  const setup = params as GalaxyLeagueSetupParams;
  const map = setup.map ? mapOf(setup.map) : ILLUSTRATIVE_MAP;
  const problems = localizedMapProblems(map);
  if (problems.length > 0)
    refuse(
      'invalid_map',
      {
        en: `The map cannot be played: ${problems.map((p) => p.en).join('; ')}`,
        ru: `По этой карте играть нельзя: ${problems.map((p) => p.ru).join('; ')}`,
      },
      RULES.distance,
    );
  const entrantIds = setup.entrants ?? [];
  for (const id of entrantIds)
    if (!seats.some((s) => s.seat === id))
      refuse(
        'unknown_entrant',
        {
          en: `Entrant ${id} is not a seat of the league`,
          ru: `Места «${id}» для нового игрока в Лиге нет`,
        },
        RULES.newEntrant,
      );
  if (new Set(entrantIds).size !== entrantIds.length)
    refuse(
      'entrant_twice',
      {
        en: 'Each entrant seat is named once',
        ru: 'Каждое место для нового игрока указывают один раз',
      },
      RULES.newEntrant,
    );
  // Seats kept for new players («новый, не заявленный ранее игрок») start off the map.
  const starters = seats.filter((s) => !entrantIds.includes(s.seat));
  const entrants = seats.filter((s) => entrantIds.includes(s.seat));
  if (starters.length === 0)
    refuse(
      'no_starting_player',
      {
        en: 'At least one player starts the league',
        ru: 'Хотя бы один игрок должен начинать Лигу с первого раунда',
      },
      RULES.newEntrant,
    );
  if (starters.length > map.starts.length)
    refuse(
      'too_many_players',
      {
        en: `The map has ${map.starts.length} start positions for ${starters.length} players`,
        ru: `На карте ${ruCount(map.starts.length, 'стартовая позиция', 'стартовые позиции', 'стартовых позиций')}, а игроков ${starters.length}`,
      },
      RULES.distance,
    );
  for (const seat of seats)
    if (!isFaction(seat.faction))
      refuse(
        'unknown_faction',
        {
          en: `Seat ${seat.seat} needs one of the league's factions (${factionList('en')}), not ${seat.faction ?? 'none'}`,
          ru: `Место «${seat.seat}»: нужна одна из фракций лиги (${factionList('ru')}), а не ${seat.faction === undefined ? 'пустое значение' : `«${seat.faction}»`}`,
        },
        RULES.priorityFactions,
      );
  if (galaxyLeagueOptions(options).hostility === 'list-required' && !setup.hostile?.length)
    refuse(
      'hostility_table_missing',
      {
        en: `List the hostile factions: ${optionNamed('hostility').en} requires the organizer’s table`,
        ru: `Перечислите враждебные фракции: ${optionNamed('hostility').ru} требует таблицы организатора`,
      },
      RULES.allianceHostility,
    );
  const technologies = (setup.technologies ?? []).map(technologyOf);
  const repeated = technologies.find((t, i) => technologies.findIndex((u) => u.id === t.id) < i);
  if (repeated)
    refuse(
      'duplicate_technology',
      {
        en: `Technology ids must be unique: “${repeated.id}” is given twice`,
        ru: `Идентификаторы технологий не должны повторяться: у технологии «${repeated.name.ru}» тот же идентификатор «${repeated.id}», что и у другой`,
      },
      RULES.research,
    );

  const draft = setupDraft(options);
  draft.own('LeagueSetUp', {
    map,
    technologies,
    hostile: (setup.hostile ?? []).map(({ a, b }) => [a, b]),
    rounds: galaxyLeagueOptions(options).rounds,
    ...(galaxyLeagueOptions(options).returnRounds === 'entry-rounds'
      ? { returnInEntryRounds: true }
      : {}),
    ...(entrants.length > 0
      ? { entrants: entrants.map((s) => ({ seat: s.seat, faction: s.faction as string })) }
      : {}),
    players: starters.map((seat, i) => ({
      seat: seat.seat,
      faction: seat.faction as string,
      capital: map.starts[i].capital,
      planets: [...map.starts[i].planets],
    })),
  });
  draft.on('ZonesCreated', {
    zones: map.territories.map((t) => ({
      id: t.id,
      kind: 'planet',
      name: t.name,
      adjacency: map.lanes.flatMap((l) =>
        l.from === t.id ? [l.to] : l.to === t.id ? [l.from] : [],
      ),
      attrs: { colour: t.colour },
    })),
  });
  draft.on('PiecesCreated', {
    pieces: starters.flatMap((seat, i) => {
      const fleet = fleetOf(seat.faction as string);
      return Array.from({ length: fleet.ships }, (_, n) => ({
        id: shipId(seat.seat, n + 1),
        type: n < fleet.attacking ? SHIP_TYPES.attacking : SHIP_TYPES.defensive,
        owner: seat.seat,
        zone: map.starts[i].capital,
      }));
    }),
  });
  for (const { seat } of seats)
    for (const [track, name] of [
      [creditsTrack(seat), TRACK_NAMES.credits],
      [winsTrack(seat), TRACK_NAMES.wins],
      [otherTrack(seat), TRACK_NAMES.other],
    ] as const)
      draft.on('TrackChanged', { track, owner: seat, name, value: 0, delta: 0 });
  draft.openStage(1, 'preparation');
  draft.grantIncome(1);
  // Option startingCredits: what the league gives each starting player besides its income.
  const starting = galaxyLeagueOptions(options).startingCredits;
  if (starting > 0) for (const seat of starters) draft.changeCredits(seat.seat, starting);
  return [...draft.events];
}

/** A draft over the empty table, for setup (which has no dice and no decision). */
function setupDraft(options: SetupInput['options']): GalaxyLeagueDraft {
  const noChance = () =>
    refuse('no_chance_at_setup', {
      en: 'The league’s setup draws nothing',
      ru: 'При подготовке Лиги ничего не разыгрывается',
    });
  const ctx: DecisionContext<GalaxyLeagueState> = {
    matchId: '',
    seat: '',
    table: emptyTable(),
    rs: initialGalaxyLeagueState(),
    options,
    seats: [],
    nextSeq: 0,
    roll: noChance,
    shuffle: noChance,
    newPieceId: noChance,
    cited: () => undefined,
  };
  return new GalaxyLeagueDraft(ctx);
}

function mapOf(params: GalaxyLeagueMapParams): LeagueMap {
  return {
    id: params.id,
    title: { en: params.title.en, ru: params.title.ru },
    illustrative: params.illustrative ?? false,
    territories: params.territories.map((t) => ({
      id: t.id,
      name: { en: t.name.en, ru: t.name.ru },
      colour: t.colour,
      ...(t.position ? { position: { x: t.position.x, y: t.position.y } } : {}),
    })),
    lanes: params.lanes.map((l) => ({ from: l.from, to: l.to, ly: l.ly ?? 1 })),
    wormholes: (params.wormholes ?? []).map((h) => ({ from: h.from, to: h.to })),
    starts: params.starts.map((s) => ({ capital: s.capital, planets: [...s.planets] })),
  };
}

function technologyOf(params: GalaxyLeagueTechnologyParams): LeagueTechnology {
  return {
    id: params.id,
    name: { en: params.name.en, ru: params.name.ru },
    cost: params.cost,
    points: params.points ?? 0,
    income: params.income ?? 0,
    wormholes: params.wormholes ?? false,
    structure: params.structure ?? false,
  };
}
