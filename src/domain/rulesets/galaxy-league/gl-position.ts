import { ArrayMaxSize, IsArray, IsInt, Max, Min } from 'class-validator';
import type { NewEvent } from '../../events/recorded-event';
import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import { IsNestedObjects } from '../../shared/nested-dto';
import { IsOptional } from '../../shared/optional-member';
import { IsId } from '../../shared/safe-text';
import { Field } from '../kit/field-doc';
import { positionDraftContext, positionProblem as problem } from '../kit/position-problem';
import type { PositionInput, PositionProblem, RulesetPosition } from '../ruleset';
import { GalaxyLeagueDraft } from './gl-draft';
import { planetName, playerName, shipName } from './gl-names';
import { hostile } from './decisions/preparation';
import { RULES } from './gl-rules-text';
import type { GalaxyLeagueState } from './gl-state';
import { creditsTrack, winsTrack } from './gl-tracks';

/**
 * A league position (issue 45): the start of a round's Preparation stage, where every round
 * begins (its income received), laid over the setup. The table part places ships and sets
 * the tracks (credits, wins, other points); `turn.round` is the round; `rules` holds who
 * controls which territory, the capitals, the alliances in force with their term, and the
 * technologies researched. A league joins a season in round 5 this way.
 */

export class GlPositionOwnerParams {
  @Field('The territory', 'Территория')
  @IsId()
  territory!: string;
  @Field('The seat that controls it (left out: neutral)', 'Владелец')
  @IsOptional()
  @IsId()
  seat?: string;
}

export class GlPositionCapitalParams {
  @Field('The player', 'Игрок')
  @IsId()
  seat!: string;
  @Field('Its capital', 'Столица')
  @IsId()
  territory!: string;
}

export class GlPositionAllianceParams {
  @Field('The seats of the alliance', 'Участники')
  @IsArray()
  @ArrayMaxSize(16)
  @IsId({ each: true })
  members!: string[];
  @Field('The round it was formed in', 'Создан в раунде')
  @IsInt()
  @Min(1)
  @Max(100)
  formedRound!: number;
}

export class GlPositionTechnologyParams {
  @Field('The player', 'Игрок')
  @IsId()
  seat!: string;
  @Field('The technology researched', 'Технология')
  @IsId()
  technology!: string;
}

export class GlPositionRulesParams {
  @Field('Who controls each territory named (others: as the setup has them)', 'Владельцы')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsNestedObjects(() => GlPositionOwnerParams)
  owners?: GlPositionOwnerParams[];
  @Field('Capitals moved since the start', 'Столицы')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(16)
  @IsNestedObjects(() => GlPositionCapitalParams)
  capitals?: GlPositionCapitalParams[];
  @Field('The alliances in force', 'Альянсы')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(16)
  @IsNestedObjects(() => GlPositionAllianceParams)
  alliances?: GlPositionAllianceParams[];
  @Field('The technologies researched', 'Технологии')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsNestedObjects(() => GlPositionTechnologyParams)
  technologies?: GlPositionTechnologyParams[];
}

const rulesOf = (input: PositionInput<GalaxyLeagueState>) => input.rules as GlPositionRulesParams;

/** The league's slice with the position's territories and capitals (what the checks read). */
function ownersAfter(input: PositionInput<GalaxyLeagueState>): Record<string, string> {
  const owner = { ...input.rs.owner };
  for (const { territory, seat } of rulesOf(input).owners ?? []) {
    if (seat === undefined) delete owner[territory];
    else owner[territory] = seat;
  }
  return owner;
}

function validate(input: PositionInput<GalaxyLeagueState>): PositionProblem[] {
  const { rs, table, position } = input;
  const rules = rulesOf(input);
  const problems: PositionProblem[] = [];
  const who = (seat: string): LocalizedText => playerName({ seats: input.seats }, seat);
  const isSeat = (seat: string) => own(rs.players, seat) !== undefined;
  const territories = new Set((rs.map?.territories ?? []).map((t) => t.id));
  const territoryName = (id: string): LocalizedText => planetName({ rs }, id);
  const unknownSeat = (path: string, seat: string) =>
    problems.push(
      problem(path, {
        en: `There is no seat ${seat} in this league`,
        ru: `Места «${seat}» в этой Лиге нет`,
      }),
    );
  const round = position.turn?.round ?? rs.round;
  if (round < 1 || round > rs.rounds)
    problems.push(
      problem(
        'turn.round',
        {
          en: `The league lasts ${rs.rounds} rounds: there is no round ${round}`,
          ru: `Лига длится ${rs.rounds} раундов: раунда ${round} в ней нет`,
        },
        RULES.rounds,
      ),
    );
  if (position.turn?.phase !== undefined && position.turn.phase !== 'preparation')
    problems.push(
      problem('turn.phase', {
        en: `A league position starts at the Preparation stage of its round, where every round begins, not at ${position.turn.phase}`,
        ru: `Позиция Лиги начинается с этапа подготовки своего раунда — с него начинается каждый раунд, — а не с этапа «${position.turn.phase}»`,
      }),
    );
  for (const seat of rs.order)
    for (const [track, what] of [
      [creditsTrack(seat), { en: 'credits', ru: 'кредитов' }],
      [winsTrack(seat), { en: 'wins', ru: 'побед' }],
    ] as const)
      if ((own(table.tracks, track)?.value ?? 0) < 0)
        problems.push(
          problem('tracks', {
            en: `${who(seat).en} cannot have fewer than 0 ${what.en}`,
            ru: `${who(seat).ru}: ${what.ru} не может быть меньше 0`,
          }),
        );
  for (const [index, { territory, seat }] of (rules.owners ?? []).entries()) {
    if (!territories.has(territory))
      problems.push(
        problem(`rules.owners.${index}.territory`, {
          en: `There is no territory ${territory} on the league's map`,
          ru: `Территории «${territory}» на карте Лиги нет`,
        }),
      );
    if (seat !== undefined && !isSeat(seat)) unknownSeat(`rules.owners.${index}.seat`, seat);
  }
  const owner = ownersAfter(input);
  for (const [index, { seat, territory }] of (rules.capitals ?? []).entries()) {
    if (!isSeat(seat)) unknownSeat(`rules.capitals.${index}.seat`, seat);
    else if (own(owner, territory) !== seat)
      problems.push(
        problem(`rules.capitals.${index}.territory`, {
          en: `${who(seat).en}'s capital must be a territory it controls, and ${territoryName(territory).en} is not`,
          ru: `${who(seat).ru}: столицей может быть только подконтрольная территория, а «${territoryName(territory).ru}» не подконтрольна`,
        }),
      );
  }
  for (const ship of Object.values(table.pieces))
    if (ship.owner !== undefined && ship.status !== 'destroyed' && !territories.has(ship.zone))
      problems.push(
        problem('pieces', {
          en: `${shipName({ table }, ship.id).en} of ${who(ship.owner).en} stands at ${ship.zone}, which is no territory of the map`,
          ru: `${who(ship.owner).ru}: ${shipName({ table }, ship.id).ru} стоит в «${ship.zone}», а такой территории на карте нет`,
        }),
      );
  const allied = new Map<string, number>();
  for (const [index, alliance] of (rules.alliances ?? []).entries()) {
    const path = `rules.alliances.${index}`;
    for (const seat of alliance.members) if (!isSeat(seat)) unknownSeat(`${path}.members`, seat);
    if (alliance.members.length < 2)
      problems.push(
        problem(`${path}.members`, {
          en: 'An alliance has at least 2 players',
          ru: 'В Альянсе не меньше 2 игроков',
        }),
      );
    if (alliance.formedRound > round)
      problems.push(
        problem(`${path}.formedRound`, {
          en: `An alliance in force in round ${round} was formed by then, not in round ${alliance.formedRound}`,
          ru: `Альянс, действующий в раунде ${round}, создан не позже него, а не в раунде ${alliance.formedRound}`,
        }),
      );
    for (const [i, a] of alliance.members.entries())
      for (const b of alliance.members.slice(i + 1))
        if (isSeat(a) && isSeat(b) && hostile(rs, a, b))
          problems.push(
            problem(
              `${path}.members`,
              {
                en: `${who(a).en} and ${who(b).en} play hostile factions`,
                ru: `${who(a).ru} и ${who(b).ru} играют враждебными фракциями`,
              },
              RULES.allianceHostility,
            ),
          );
    for (const seat of alliance.members) {
      const earlier = allied.get(seat);
      if (earlier !== undefined)
        problems.push(
          problem(`${path}.members`, {
            en: `${who(seat).en} is already in alliance ${earlier + 1}: a player is in one alliance`,
            ru: `${who(seat).ru} уже в Альянсе ${earlier + 1}: игрок состоит только в одном Альянсе`,
          }),
        );
      allied.set(seat, earlier ?? index);
    }
  }
  const researched = new Set<string>();
  for (const [index, { seat, technology }] of (rules.technologies ?? []).entries()) {
    const path = `rules.technologies.${index}`;
    if (!isSeat(seat)) unknownSeat(`${path}.seat`, seat);
    const known = rs.technologies.find((t) => t.id === technology);
    if (!known)
      problems.push(
        problem(
          `${path}.technology`,
          {
            en: `There is no technology ${technology} in this league (the setup lists them)`,
            ru: `Технологии «${technology}» в этой Лиге нет (их перечисляют при создании)`,
          },
          RULES.research,
        ),
      );
    if (researched.has(`${seat}/${technology}`))
      problems.push(
        problem(`${path}.technology`, {
          en: `${who(seat).en} researched ${known?.name.en ?? technology} once`,
          ru: `${who(seat).ru} исследует «${known?.name.ru ?? technology}» только один раз`,
        }),
      );
    researched.add(`${seat}/${technology}`);
  }
  return problems;
}

function events(input: PositionInput<GalaxyLeagueState>): NewEvent[] {
  const { rs, position } = input;
  const rules = rulesOf(input);
  const draft = new GalaxyLeagueDraft(positionDraftContext(input));
  for (const { territory, seat } of rules.owners ?? []) {
    const from = own(draft.rs.owner, territory);
    if (from === seat) continue;
    draft.own('ControlChanged', {
      territory,
      ...(from !== undefined ? { from } : {}),
      ...(seat !== undefined ? { to: seat } : {}),
      cause: 'position',
    });
  }
  for (const { seat, territory } of rules.capitals ?? [])
    draft.own('CapitalSet', { seat, territory, cause: 'position' });
  for (const [index, alliance] of (rules.alliances ?? []).entries())
    draft.own('AllianceFormed', {
      alliance: `alliance-${index + 1}`,
      members: [...alliance.members],
      round: alliance.formedRound,
      // «минимум на 3 раунда (на текущий и 2 последующих)».
      lastBoundRound: alliance.formedRound + 2,
    });
  for (const { seat, technology } of rules.technologies ?? []) {
    const known = rs.technologies.find((t) => t.id === technology);
    draft.own('TechnologyResearched', {
      seat,
      technology,
      cost: 0,
      points: known?.points ?? 0,
      free: true,
    });
  }
  const round = position.turn?.round ?? rs.round;
  if (round !== rs.round) draft.openStage(round, 'preparation');
  return [...draft.events];
}

export const GALAXY_LEAGUE_POSITION: RulesetPosition<GalaxyLeagueState> = {
  rules: GlPositionRulesParams,
  example: {
    tracks: [
      { id: 'credits:anna', value: 140 },
      { id: 'wins:anna', value: 3 },
    ],
    turn: { round: 5, phase: 'preparation' },
    rules: {
      owners: [{ territory: 'dorado', seat: 'anna' }],
      alliances: [{ members: ['anna', 'vera'], formedRound: 4 }],
    },
  },
  validate,
  events,
};
