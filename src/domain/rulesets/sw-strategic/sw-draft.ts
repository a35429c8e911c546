import { hasOwn, own } from '../../shared/id-record';
import { ruCount, type LocalizedText } from '../../shared/localized-text';
import { decisionsOn, Draft } from '../kit';
import type { AvailabilityContext, DecisionContext } from '../ruleset';
import { SHIPS, type ShipClass } from './sw-catalog';
import type { MapId, SwEvents } from './sw-events';
import { parseCell, type Hex } from './sw-hex';
import { hexKey } from './sw-mission';
import { swOptions, type SwOptions } from './sw-options';
import { cellName, credits, legionName, ON_MAP, personName, pieceName } from './sw-names';
import { RULES } from './sw-rules-text';
import {
  evolveSw,
  isShipClass,
  legionOf,
  playing,
  type Legion,
  type Reaction,
  type Ship,
  type SwState,
  waitingReaction,
} from './sw-state';

/** The Star Wars draft: the kit's, with the game's options and what every decision asks. */
export class SwDraft extends Draft<SwState, SwEvents> {
  readonly options: SwOptions;
  /** Recorded by a judge of the match: the Game Master's own decisions. */
  readonly byJudge: boolean;

  constructor(ctx: DecisionContext<SwState>) {
    super(ctx, { id: 'sw-strategic', evolve: evolveSw });
    this.options = swOptions(ctx.options);
    this.byJudge = ctx.byJudge === true;
  }

  get legion(): Legion {
    return (
      legionOf(this.rs, this.seat) ??
      this.refuse(
        'not_a_legion',
        {
          en: `${this.seatName(this.seat).en} plays no legion`,
          ru: `${this.seatName(this.seat).ru} не играет ни за один легион`,
        },
        RULES.roles,
      )
    );
  }

  /** Refuses unless the seat's legion is playing `map` and the GM has not called time. */
  requireTurn(map: MapId): void {
    requireTurnOf(this.rs, this.seat, map, (code, message, ref) => this.refuse(code, message, ref));
  }

  /** The GM's decisions are recorded by a judge of the match, never by a seat. */
  requireGm(): void {
    if (!this.byJudge)
      this.refuse(
        'game_master_only',
        {
          en: 'Only the Game Master records this: a judge of the match, with a judge token',
          ru: 'Это записывает только Мастер игры: судья матча со ссылкой судьи',
        },
        RULES.gmPause,
      );
  }

  ship(id: string, legion?: string): Ship {
    const ship = own(this.rs.space.ships, id);
    if (!ship || ship.status === 'destroyed')
      return this.refuse(
        'unknown_ship',
        {
          en: `There is no ship ${pieceName(id).en} in play`,
          ru: `Корабля «${pieceName(id).ru}» в игре нет`,
        },
        RULES.decks,
      );
    if (legion !== undefined && ship.legion !== legion)
      return this.refuse(
        'not_your_ship',
        {
          en: `${pieceName(id).en} is not your legion's`,
          ru: `${pieceName(id).ru} — корабль не вашего легиона`,
        },
        RULES.roles,
      );
    return ship;
  }

  /** A ship of the seat's legion on the map, under a living captain. */
  shipInPlay(id: string): Ship {
    const ship = this.ship(id, this.seat);
    const name = pieceName(id);
    if (ship.status !== 'map')
      this.refuse(
        'not_on_map',
        { en: `${name.en} is not on the map`, ru: `${name.ru} не на карте` },
        RULES.entry,
      );
    if (isShipClass(ship.class) && !ship.captain)
      this.refuse(
        'no_captain',
        {
          en: `${name.en} has no living captain to command it`,
          ru: `${name.ru}: нет живого капитана, чтобы командовать кораблём`,
        },
        RULES.captainDeath,
      );
    if (ship.task)
      this.refuse(
        'busy',
        ship.task.kind === 'repair'
          ? {
              en: `${name.en} spends this full turn on a repair and does nothing else`,
              ru: `${name.ru} весь этот ход занят ремонтом и больше ничего не делает`,
            }
          : {
              en: `${name.en} spends this full turn on a capture and does nothing else`,
              ru: `${name.ru} весь этот ход занят захватом станции и больше ничего не делает`,
            },
        ship.task.kind === 'repair' ? RULES.repair : RULES.commando,
      );
    const repairing = Object.values(this.rs.space.ships).find(
      (s) => s.task?.kind === 'repair' && s.task.by === ship.captain && s.id !== ship.id,
    );
    if (repairing)
      this.refuse(
        'busy',
        {
          en: `${this.person(ship.captain ?? '').en} is repairing ${pieceName(repairing.id).en}: ${name.en} does nothing else`,
          ru: `${this.person(ship.captain ?? '').ru} ремонтирует корабль «${pieceName(repairing.id).ru}»: ${name.ru} больше ничего не делает`,
        },
        RULES.repair,
      );
    if (ship.captain) this.requireFree(ship.captain);
    return ship;
  }

  /** Refuses when the legionnaire is blocked by an enemy Sword Master this turn (S6.1). */
  requireFree(name: string): void {
    if (this.legion.blocked === name)
      this.refuse(
        'persuaded',
        {
          en: `${this.person(name).en} is blocked by an enemy Sword Master for this turn`,
          ru: `Вражеский Мастер меча заблокировал легионера «${this.person(name).ru}» на этот ход`,
        },
        RULES.persuasion,
      );
  }

  /** The legion's Supply Officer, who buys and runs transports (S1.4). */
  requireSupplyOfficer(): void {
    const officer = this.legion.roster.find((p) => p.map === 'space' && p.role === 'supply');
    if (officer) this.requireFree(officer.name);
  }

  cell(id: string, map: MapId): Hex {
    const hex = parseCell(id);
    const known =
      hex &&
      id.startsWith(map === 'space' ? 's:' : 'g:') &&
      hasOwn(this.rs[map].cells, hexKey(hex));
    // A cell is named as the log names it, «(2, -1)»; what does not read as one, as sent.
    const shown = hex ? cellName(hex) : `«${id}»`;
    if (!hex || !known)
      return this.refuse(
        'unknown_cell',
        {
          en: `There is no cell ${shown} ${ON_MAP[map].en}`,
          ru: `Клетки ${shown} ${ON_MAP[map].ru} нет`,
        },
        RULES.zones,
      );
    return hex;
  }

  /** A legionnaire by the name the mission gives him in the reader's language. */
  person(name: string): LocalizedText {
    return personName(this.rs, name);
  }

  spend(cost: number, what: LocalizedText, ruleRef: string): number {
    const legion = this.legion;
    if (legion.credits < cost)
      this.refuse(
        'not_enough_credits',
        {
          en: `${what.en} costs ${credits(cost).en}; you have ${legion.credits}`,
          ru: `${what.ru}: цена ${credits(cost).ru}, а у вас ${legion.credits}`,
        },
        ruleRef,
      );
    return legion.credits - cost;
  }
}

export const PAUSED_FOR_BOMBARDMENT: LocalizedText = {
  en: 'The Game Master has paused the game for an orbital bombardment',
  ru: 'Мастер игры приостановил игру для орбитальной бомбардировки',
};

export const mapOver = (map: MapId): LocalizedText => ({
  en: `The game ${ON_MAP[map].en} is over`,
  ru: `Игра ${ON_MAP[map].ru} окончена`,
});

export const notYourTurn = (map: MapId): LocalizedText => ({
  en: `It is not your legion's turn ${ON_MAP[map].en}`,
  ru: `Сейчас ход не вашего легиона ${ON_MAP[map].ru}`,
});

export function requireTurnOf(
  rs: Readonly<SwState>,
  seat: string,
  map: MapId,
  refuse: (code: string, message: LocalizedText, ruleRef: string) => never,
): void {
  const turn = rs[map].turn;
  if (rs.space.pausedForBombardment)
    refuse('paused_for_bombardment', PAUSED_FOR_BOMBARDMENT, RULES.gmPause);
  if (turn.finished) refuse('map_finished', mapOver(map), RULES.turns);
  const reaction = waitingReaction(rs);
  if (map === 'ground' && reaction) refuseWhileReacting(rs, reaction, refuse);
  if (playing(rs, map) !== seat)
    refuse('not_your_turn', notYourTurn(map), map === 'space' ? RULES.turns : RULES.groundOrder);
  if (turn.timeCalled)
    refuse(
      'time_called',
      {
        en: 'The Game Master has called time: only the end of the turn is accepted',
        ru: 'Мастер игры объявил, что время вышло: принимается только конец хода',
      },
      RULES.turnEnd,
    );
}

function refuseWhileReacting(
  rs: Readonly<SwState>,
  reaction: Readonly<Reaction>,
  refuse: (code: string, message: LocalizedText, ruleRef: string) => never,
): never {
  const legion = legionName(rs, reaction.legion);
  const by = personName(rs, reaction.by);
  const more = rs.ground.reactions.length - 1;
  const queued: LocalizedText =
    more > 0
      ? {
          en: `; ${more} more reaction(s) wait after it`,
          ru: `; в очереди после неё ещё ${ruCount(more, 'реакция', 'реакции', 'реакций')}`,
        }
      : { en: '', ru: '' };
  return refuse(
    'reaction_pending',
    reaction.kind === 'deflect'
      ? {
          en: `The shot waits for ${legion.en}'s Sword Master ${by.en} (react or decline-reaction)${queued.en}`,
          ru: `Выстрел ждёт реакции Мастера меча (${by.ru}, ${legion.ru}): отразить или отказаться${queued.ru}`,
        }
      : {
          en: `The destroyed infantry waits for ${legion.en}'s Medic ${by.en} (react or decline-reaction)${queued.en}`,
          ru: `Уничтоженная пехота ждёт реакции Медика (${by.ru}, ${legion.ru}): вылечить или отказаться${queued.ru}`,
        },
    reaction.kind === 'deflect' ? RULES.deflectWhen : RULES.medicWhen,
  );
}

/** Refuses while a ground shot waits for a Sword Master's or Medic's reaction (G3.11). */
export function requireNoReaction(d: SwDraft): void {
  const reaction = waitingReaction(d.rs);
  if (reaction)
    refuseWhileReacting(d.rs, reaction, (code, message, ref) => d.refuse(code, message, ref));
}

/** Whether the seat may act on a map now (for `available`). */
export function mayAct(ctx: AvailabilityContext<SwState>, map: MapId): boolean {
  const turn = ctx.rs[map].turn;
  return (
    !turn.finished &&
    !turn.timeCalled &&
    !ctx.rs.space.pausedForBombardment &&
    !(map === 'ground' && waitingReaction(ctx.rs)) &&
    playing(ctx.rs, map) === ctx.seat
  );
}

export const shipClassOf = (cls: string): cls is ShipClass =>
  Object.hasOwn(SHIPS, cls) && cls !== 'transport';

export const swDecision = decisionsOn<SwState, SwDraft>((ctx) => new SwDraft(ctx));
