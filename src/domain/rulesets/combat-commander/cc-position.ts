import type { NewEvent } from '../../events/recorded-event';
import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import { ruCount } from '../../shared/localized-text';
import type { Table } from '../../table/table';
import {
  catalogPieceName,
  positionDraftContext,
  positionProblem as problem,
} from '../kit/position-problem';
import { statusName } from '../../naming/event-phrases';
import { seatName } from '../kit/seat-name';
import { zoneName } from '../kit/table-names';
import type { PositionInput, PositionProblem, RulesetPosition } from '../ruleset';
import { CcDraft, cardsIn, INITIATIVE_CARD, sideOf, Z } from './cc-draft';
import { RULES } from './cc-rules-text';
import { CC_CATALOG } from './cc-setup';
import type { CcState } from './cc-state';

/**
 * A Combat Commander position (issue 45): the start of a player's Turn [5], laid over the
 * scenario's setup. The table part places units, Weapons and Radios on hexes (broken, or
 * eliminated in their owner's losses), cards in hands and discards, the Initiative card with
 * its holder, the Time and VP tracks, and Fate decks laid out by the organizer; `turn.active`
 * (or `turn.priority`) is the player whose Turn it is and `turn.round` the Turn's number. The
 * decks not laid out are shuffled by the provable RNG before the next decision, as `begin`
 * shuffles them.
 */

/** The statuses of the break ladder [3.2]: unbroken, broken, eliminated. */
const LADDER = new Set(['active', 'broken', 'destroyed']);

/** The seat whose Turn the position starts. */
function turnSeat(input: PositionInput<CcState>): string {
  const turn = input.position.turn;
  return turn?.active?.[0] ?? turn?.priority ?? input.rs.first;
}

function validate(input: PositionInput<CcState>): PositionProblem[] {
  const { rs, table, setupTable, position } = input;
  const problems: PositionProblem[] = [];
  const who = (seat: string): LocalizedText => seatName({ seats: input.seats }, seat);
  const named = (id: string) => catalogPieceName(CC_CATALOG, setupTable, id);
  const seat = turnSeat(input);
  if (!sideOf(rs, seat))
    problems.push(
      problem('turn.active', {
        en: `The Turn belongs to a player of the battle, not to ${seat}`,
        ru: `Ход принадлежит одному из игроков боя, а не «${seat}»`,
      }),
    );
  if ((position.turn?.active?.length ?? 0) > 1)
    problems.push(
      problem(
        'turn.active',
        {
          en: 'One player takes a Turn at a time',
          ru: 'Ход делает один игрок',
        },
        RULES.turn,
      ),
    );
  if (position.turn?.phase !== undefined && position.turn.phase !== 'turn')
    problems.push(
      problem('turn.phase', {
        en: `A Combat Commander position starts a player's Turn, not ${position.turn.phase}`,
        ru: `Позиция Combat Commander начинается с Хода игрока, а не с «${position.turn.phase}»`,
      }),
    );
  for (const [index, given] of (position.pieces ?? []).entries()) {
    const before = own(setupTable.pieces, given.id);
    if (!before) continue;
    const name = named(given.id);
    if (given.status !== undefined && !LADDER.has(given.status))
      problems.push(
        problem(
          `pieces.${index}.status`,
          {
            en: `${name.en} (${given.id}) is unbroken, broken or eliminated, not ${statusName(given.status, 'en')}`,
            ru: `Фишка «${name.ru}» (${given.id}) может быть только несломленной, сломленной или уничтоженной, а указано: «${statusName(given.status, 'ru', 'f')}»`,
          },
          RULES.breakLadder,
        ),
      );
    // The Initiative card changes hands [9]; nothing else does.
    const holder = before.type === 'initiative' ? (given.owner ?? before.owner) : before.owner;
    if (given.owner !== undefined && given.owner !== holder)
      problems.push(
        problem(`pieces.${index}.owner`, {
          en: `${name.en} (${given.id}) stays with its side`,
          ru: `${name.ru} (${given.id}) остаётся у своей стороны`,
        }),
      );
    if (given.status !== 'destroyed' && !allowedZone(before.type, holder, given.zone, setupTable)) {
      const zone = zoneName(setupTable, given.zone);
      problems.push(
        problem(`pieces.${index}.zone`, {
          en: `${name.en} (${given.id}) cannot lie in ${zone.en}`,
          ru: `${name.ru} (${given.id}) не может лежать в зоне «${zone.ru}»`,
        }),
      );
    }
  }
  // A Fate deck laid out holds its own side's cards only.
  for (const [index, deck] of (position.decks ?? []).entries())
    for (const [at, id] of deck.order.entries()) {
      const card = own(setupTable.pieces, id);
      if (!card || allowedZone(card.type, card.owner, deck.deck, setupTable)) continue;
      const [name, zone] = [named(id), zoneName(setupTable, deck.deck)];
      problems.push(
        problem(`decks.${index}.order.${at}`, {
          en: `${name.en} (${id}) is no card of ${zone.en}`,
          ru: `${name.ru} (${id}) — не карта колоды «${zone.ru}»`,
        }),
      );
    }
  for (const side of rs.sides) {
    const held = cardsIn(table, Z.hand(side.seat)).filter((p) => p.type === 'fate-card').length;
    if (held > side.handSize)
      problems.push(
        problem(
          'pieces',
          {
            en: `${who(side.seat).en} holds ${held} cards: the hand size is ${side.handSize}`,
            ru: `${who(side.seat).ru}: на руке ${ruCount(held, 'карта', 'карты', 'карт')}, а размер руки — ${side.handSize}`,
          },
          RULES.handSize,
        ),
      );
  }
  const time = own(table.tracks, 'time')?.value ?? 0;
  if (time < 0)
    problems.push(
      problem(
        'tracks',
        { en: 'The Time marker stands at 0 or later', ru: 'Маркер Времени стоит на 0 или дальше' },
        RULES.time,
      ),
    );
  return problems;
}

/** Cards stay with their side's deck, hand and discard; units, Weapons and Radios on hexes. */
function allowedZone(
  type: string,
  owner: string | undefined,
  zone: string,
  table: Readonly<Table>,
): boolean {
  const kind = own(table.zones, zone)?.kind;
  if (type === 'fate-card')
    return owner !== undefined && [Z.deck(owner), Z.discard(owner), Z.hand(owner)].includes(zone);
  if (type === 'initiative') return owner !== undefined && zone === Z.initiative(owner);
  return kind === 'hex' || (owner !== undefined && zone === Z.exited(owner));
}

function events(input: PositionInput<CcState>): NewEvent[] {
  const { rs, table, position } = input;
  const d = new CcDraft(positionDraftContext(input));
  const laidOut = new Set((position.decks ?? []).map((deck) => deck.deck));
  const owedShuffles = rs.sides.map((s) => Z.deck(s.seat)).filter((deck) => !laidOut.has(deck));
  d.own('BattleBegun', { first: rs.first, ...(owedShuffles.length ? { owedShuffles } : {}) });
  const holder = own(table.pieces, INITIATIVE_CARD)?.owner;
  if (holder !== undefined && rs.initiative !== undefined && holder !== rs.initiative)
    d.own('InitiativePassed', { seat: holder, from: rs.initiative });
  const seat = turnSeat(input);
  d.on('PhaseStarted', { phase: 'turn', active: [seat] });
  d.own('TurnBegan', { seat, number: Math.max(1, position.turn?.round ?? 1) });
  d.updateControl();
  return [...d.events];
}

export const COMBAT_COMMANDER_POSITION: RulesetPosition<CcState> = {
  example: {
    pieces: [
      { id: 'su-squad-2', zone: 'hex:F6', status: 'broken' },
      { id: 'su-team', zone: 'losses:allies', status: 'destroyed' },
    ],
    tracks: [{ id: 'time', value: 3 }],
    turn: { round: 4, phase: 'turn', active: ['allies'] },
  },
  validate,
  events,
};
