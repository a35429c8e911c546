import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';
import type { NewEvent } from '../../events/recorded-event';
import { own } from '../../shared/id-record';
import { ruCount } from '../../shared/localized-text';
import { IsNestedObjects } from '../../shared/nested-dto';
import { IsOptional } from '../../shared/optional-member';
import { IsId } from '../../shared/safe-text';
import type { Piece, Table } from '../../table/table';
import { Field } from '../kit/field-doc';
import { positionProblem as problem } from '../kit/position-problem';
import { zoneName } from '../kit/table-names';
import { catalogPieceName } from '../kit/position-problem';
import type { PositionInput, PositionProblem, RulesetPosition } from '../ruleset';
import { MAX_ALLIANCE } from './decisions/alliances';
import { FLEET_PIECE, handOf, ZONES } from './rex-board';
import { rexWho } from './rex-draft';
import type { RexEventMap } from './rex-events';
import { handLimit } from './rex-factions';
import { LAST_ROUND } from './rex-flow';
import { rexOptions } from './rex-options';
import { RULES } from './rex-rules-text';
import { CARD_TYPES, REX_CATALOG } from './rex-setup';
import { factionOf, turnOrder, type RexState } from './rex-state';

/**
 * A Rex position (issue 45): the table at the start of a round's Influence phase, the
 * moment every round begins with («Фаза Влияния»), laid over the setup: troops, leaders and
 * Influence where they stand, cards in hands, Traitor piles and discards, losses, the
 * Dreadnought Fleet's sector, the round and the First Player marker (`turn.round`,
 * `turn.priority`), and the alliances in force (`rules.alliances`). Decks not laid out are
 * shuffled by the provable RNG before the first decision, as `begin` shuffles them.
 */

export class RexPositionAllianceParams {
  @Field('The seats of the alliance', 'Участники')
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(8)
  @IsId({ each: true })
  members!: string[];
}

export class RexPositionRulesParams {
  @Field('The alliances in force', 'Альянсы')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(8)
  @IsNestedObjects(() => RexPositionAllianceParams)
  alliances?: RexPositionAllianceParams[];
}

const DECKS = [
  ZONES.influenceDeck,
  ZONES.bombardmentDeck,
  ZONES.strategyDeck,
  ZONES.traitorDeck,
] as const;

/** Where each kind of piece may lie: cards in their piles, units on the map or with their owner. */
function allowedZone(piece: Piece, zone: string, table: Readonly<Table>): boolean {
  const kind = own(table.zones, zone)?.kind;
  const owner = own(table.zones, zone)?.owner;
  switch (piece.type) {
    case CARD_TYPES.strategy:
      return (
        kind === 'hand' ||
        [ZONES.strategyDeck, ZONES.strategyDiscard, ZONES.box].includes(zone as never)
      );
    case CARD_TYPES.traitor:
      return kind === 'traitors' || zone === ZONES.traitorDeck || zone === ZONES.box;
    case CARD_TYPES.influence:
      return [
        ZONES.influenceDeck,
        ZONES.influenceDiscard,
        ZONES.influenceAside,
        ZONES.box,
      ].includes(zone as never);
    case CARD_TYPES.bombardment:
      return zone === ZONES.bombardmentDeck || zone === ZONES.bombardmentRevealed;
    case FLEET_PIECE:
      return kind === 'sector';
    default:
      // Troops and leaders: on a Location, or in their own race's Reserve or Loss Bank.
      return (
        kind === 'location' ||
        ((kind === 'reserve' || kind === 'loss-bank') &&
          owner !== undefined &&
          owner === piece.owner)
      );
  }
}

const catalogName = (table: Readonly<Table>, id: string) =>
  catalogPieceName(REX_CATALOG, table, id);

function validate(input: PositionInput<RexState>): PositionProblem[] {
  const { table, setupTable, rs, position, rules } = input;
  const problems: PositionProblem[] = [];
  const who = (seat: string) => rexWho({ seats: input.seats, rs }, seat);
  for (const [index, given] of (position.pieces ?? []).entries()) {
    const before = own(setupTable.pieces, given.id);
    const piece = own(table.pieces, given.id);
    if (!before || !piece) continue;
    const name = catalogName(setupTable, given.id);
    if (given.owner !== undefined && given.owner !== before.owner)
      problems.push(
        problem(`pieces.${index}.owner`, {
          en: `${name.en} (${given.id}) belongs to its race: it cannot change hands`,
          ru: `${name.ru} (${given.id}) принадлежит своей расе и не может перейти к другой`,
        }),
      );
    if (given.status !== 'destroyed' && !allowedZone(before, given.zone, setupTable)) {
      const zone = zoneName(setupTable, given.zone);
      problems.push(
        problem(`pieces.${index}.zone`, {
          en: `${name.en} (${given.id}) cannot lie in ${zone.en}`,
          ru: `${name.ru} (${given.id}) не может лежать в зоне «${zone.ru}»`,
        }),
      );
    }
  }
  const turn = position.turn;
  const round = turn?.round ?? rs.startRound;
  if (round < 1 || round > LAST_ROUND)
    problems.push(
      problem(
        'turn.round',
        {
          en: `Rex is played in rounds 1 to ${LAST_ROUND}, not ${round}`,
          ru: `В Rex играют раунды с 1-го по ${LAST_ROUND}-й, а не ${round}-й`,
        },
        RULES.roundEight,
      ),
    );
  if (turn?.phase !== undefined && turn.phase !== 'influence')
    problems.push(
      problem('turn.phase', {
        en: `A Rex position starts at the Influence phase of its round, where every round begins, not at ${turn.phase}`,
        ru: `Позиция Rex начинается с Фазы Влияния своего раунда — с неё начинается каждый раунд, — а не с фазы «${turn.phase}»`,
      }),
    );
  const first = turn?.priority ?? rs.firstPlayer;
  if (turn?.active && (turn.active.length !== 1 || turn.active[0] !== first))
    problems.push(
      problem('turn.active', {
        en: `The Influence phase is opened by the First Player, ${who(first).en}, alone`,
        ru: `Фазу Влияния открывает только Первый игрок — ${who(first).ru}`,
      }),
    );
  const limit = rexOptions(input.options).handLimit;
  for (const { seat } of rs.seats) {
    const faction = factionOf(rs, seat);
    if (!faction) continue;
    const held = handOf(table, seat).length;
    const most = handLimit(faction, limit);
    if (held > most)
      problems.push(
        problem(
          'pieces',
          {
            en: `${who(seat).en} holds ${held} Strategy cards: at most ${most}`,
            ru: `У игрока ${who(seat).ru} на руке ${ruCount(held, 'Карта Стратегии', 'Карты Стратегий', 'Карт Стратегий')}, а можно не больше ${most}`,
          },
          RULES.letnevHand,
        ),
      );
  }
  const alliances = (rules as RexPositionRulesParams).alliances ?? [];
  const seen = new Map<string, number>();
  for (const [index, alliance] of alliances.entries()) {
    const path = `rules.alliances.${index}.members`;
    const members = alliance.members;
    for (const seat of members)
      if (!rs.seats.some((s) => s.seat === seat))
        problems.push(
          problem(path, {
            en: `There is no seat ${seat} in this match`,
            ru: `Места «${seat}» в этом матче нет`,
          }),
        );
    if (members.length < 2 || members.length > MAX_ALLIANCE)
      problems.push(
        problem(
          path,
          {
            en: `An alliance has 2 to ${MAX_ALLIANCE} players, not ${members.length}`,
            ru: `В Альянсе от 2 до ${MAX_ALLIANCE} игроков, а не ${members.length}`,
          },
          RULES.allianceSize,
        ),
      );
    for (const seat of members) {
      const earlier = seen.get(seat);
      if (earlier !== undefined && rs.seats.some((s) => s.seat === seat))
        problems.push(
          problem(
            path,
            {
              en: `${who(seat).en} is already in alliance ${earlier + 1}: one alliance per player`,
              ru: `${who(seat).ru} уже в Альянсе ${earlier + 1}: игрок состоит не больше чем в одном Альянсе`,
            },
            RULES.oneAlliance,
          ),
        );
      seen.set(seat, earlier ?? index);
    }
  }
  return problems;
}

function rexEvent<K extends keyof RexEventMap>(type: K, data: RexEventMap[K]): NewEvent {
  return { type, data };
}

function events(input: PositionInput<RexState>): NewEvent[] {
  const { rs, position, table, rules } = input;
  const out: NewEvent[] = [];
  const first = position.turn?.priority ?? rs.firstPlayer;
  const round = position.turn?.round ?? rs.startRound;
  if (first !== rs.firstPlayer)
    out.push(
      rexEvent('FirstPlayerMarkerPassed', {
        from: rs.firstPlayer,
        to: first,
        ruleRef: RULES.firstPlayerPasses,
      }),
    );
  const sector = Number(own(table.pieces, FLEET_PIECE)?.zone.replace(/^sector:/, ''));
  if (Number.isInteger(sector) && sector !== rs.fleetSector)
    out.push(rexEvent('DreadnoughtFleetStopped', { sector, ruleRef: RULES.bombardedSector }));
  for (const [index, alliance] of ((rules as RexPositionRulesParams).alliances ?? []).entries())
    out.push(
      rexEvent('AllianceFormed', {
        alliance: `alliance-${index + 1}`,
        members: [...alliance.members],
        ruleRef: RULES.allianceSize,
      }),
    );
  // The Influence discard is read by Sol Offensives (its top card): cards put there join it.
  for (const given of position.pieces ?? [])
    if (
      given.zone === ZONES.influenceDiscard &&
      own(input.setupTable.pieces, given.id)?.zone !== ZONES.influenceDiscard
    ) {
      const places = own(table.pieces, given.id)?.attrs.places;
      out.push(
        rexEvent('InfluenceCardResolved', {
          card: given.id,
          places: Array.isArray(places) ? structuredClone(places) : [],
        }),
      );
    }
  // Decks the organizer did not lay out are shuffled provably before the first decision.
  const laidOut = new Set((position.decks ?? []).map((deck) => deck.deck));
  if (rexOptions(input.options).deckOrder !== 'as-listed')
    for (const deck of DECKS)
      if (!laidOut.has(deck))
        out.push(rexEvent('DeckShuffleDeferred', { deck, reason: 'position' }));
  const order = turnOrder({ seats: rs.seats, firstPlayer: first, conceded: [] });
  out.push(rexEvent('GameBegan', { round, order }));
  if (!position.turn)
    out.push({ type: 'RoundStarted', data: { round, active: [first], priority: first } });
  out.push({
    type: 'PhaseStarted',
    data: { phase: 'influence', active: [first], priority: first },
  });
  return out;
}

export const REX_POSITION: RulesetPosition<RexState> = {
  rules: RexPositionRulesParams,
  example: {
    pieces: [
      { id: 'troop:sol:1', zone: 'civilian-spaceport' },
      { id: 'troop:sol:2', zone: 'losses:sol', status: 'destroyed' },
    ],
    tracks: [{ id: 'influence:sol', value: 14 }],
    turn: { round: 3, phase: 'influence', active: ['letnev'], priority: 'letnev' },
    rules: { alliances: [{ members: ['sol', 'letnev'] }] },
  },
  validate,
  events,
};
