import { ArrayMaxSize, IsArray, IsString, Length } from 'class-validator';
import type { NewEvent } from '../../events/recorded-event';
import { own } from '../../shared/id-record';
import { ruCount } from '../../shared/localized-text';
import { IsNestedObject, IsNestedObjects } from '../../shared/nested-dto';
import { IsOptional } from '../../shared/optional-member';
import { IsId, IsPlainText } from '../../shared/safe-text';
import { tableEvent, type ZoneSpec } from '../../table/table-events';
import type { Position, PositionPiece } from '../../table/table-position';
import { Field } from '../kit/field-doc';
import { positionDraftContext, positionProblem as problem } from '../kit/position-problem';
import { seatName } from '../kit/seat-name';
import { zoneName } from '../kit/table-names';
import { isRejection } from '../rule-violation';
import type { PositionInput, PositionProblem, RulesetPosition } from '../ruleset';
import type { CardDef } from './cp-cards';
import { catalogCard } from './cp-catalog';
import { checkDeck, type CheckedDeck } from './cp-deck';
import { RULES } from './cp-rules-text';
import type { CpState } from './cp-state';
import { CpDraft, cardAttrs, HIDDEN_CARD, kindOf, T, Z } from './cp-table';
import { cardTitle } from './cp-words';
import { CpRegisterDeckParams } from './decisions/setup.params';
import { initiativeOf } from './decisions/victory';

/**
 * A Commanders Path position (issue 45): the start of a turn's resource phase, after the
 * draw, the untap and the income (the tracks are as given), laid over the setup's zones.
 * `rules.decks` holds each player's registered deck, checked as a registration is; the
 * table part places the cards (face up with `attrs.card`, their key; face down as `card`,
 * their key in `rules.hidden`). Registration, the deal and the deployment are skipped:
 * every registered card the position places nowhere lies in its owner's deck, shuffled by
 * the provable RNG before the next decision unless the deck is laid out. The deck lists and
 * the face-down cards' keys are each player's secret (`DeckRegistered`), never public.
 */

export class CpPositionDeckParams {
  @Field('The player', 'Игрок')
  @IsId()
  seat!: string;
  @Field('The deck registered, as register-deck takes it', 'Колода')
  @IsNestedObject(() => CpRegisterDeckParams)
  deck!: CpRegisterDeckParams;
}

export class CpPositionHiddenParams {
  @Field('A face-down card of the position (type card)', 'Карта')
  @IsId()
  piece!: string;
  @Field("Which card of its owner's deck it is (the card's key)", 'Какая карта')
  @IsString()
  @Length(1, 120)
  @IsPlainText()
  card!: string;
}

export class CpPositionRulesParams {
  @Field("Each player's registered deck", 'Колоды')
  @IsArray()
  @ArrayMaxSize(2)
  @IsNestedObjects(() => CpPositionDeckParams)
  decks!: CpPositionDeckParams[];
  @Field('Which card each face-down card is (hands, decks, production)', 'Закрытые карты')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(400)
  @IsNestedObjects(() => CpPositionHiddenParams)
  hidden?: CpPositionHiddenParams[];
}

const PHASE = 'resources';
const OBJECT_CAP = 7;
const SECTOR = /^sector:\d+$/;

const rulesOf = (input: PositionInput<CpState>) => input.rules as Partial<CpPositionRulesParams>;

/** Sectors the pieces stand in, and the orbit and surface of every object in play. */
function zones(position: { pieces?: PositionPiece[] }): ZoneSpec[] {
  const out: ZoneSpec[] = [];
  const seen = new Set<string>();
  const add = (zone: ZoneSpec) => {
    if (seen.has(zone.id)) return;
    seen.add(zone.id);
    out.push(zone);
  };
  for (const piece of position.pieces ?? []) {
    if (SECTOR.test(piece.zone)) {
      const n = piece.zone.slice('sector:'.length);
      add({
        id: piece.zone,
        kind: 'sector',
        name: { en: `Sector ${n}`, ru: `Сектор ${n}` },
        visibility: 'public',
      });
    }
    if (piece.zone.startsWith('objects:') && piece.status !== 'destroyed') {
      // Named as the game names them when an object comes into play (cp-flow.ts placeObject).
      const name = typeof piece.attrs?.name === 'string' ? piece.attrs.name : piece.type;
      add({
        id: Z.orbit(piece.id),
        kind: 'orbit',
        name: { en: `Orbit of ${name}`, ru: `Орбита: ${name}` },
        attrs: { object: piece.id },
      });
      add({
        id: Z.surface(piece.id),
        kind: 'surface',
        name: { en: `On ${name}`, ru: `На объекте: ${name}` },
        attrs: { object: piece.id },
      });
    }
  }
  return out;
}

/** A card of the position: its piece, where it is listed, its key and where the key is given. */
interface PlacedCard {
  piece: PositionPiece;
  index: number;
  key: string;
  keyPath: string;
  faceDown: boolean;
}

interface Read {
  decks: Map<string, CheckedDeck>;
  cards: PlacedCard[];
  problems: PositionProblem[];
}

/** The decks, each checked as a registration, and each card of the position with its key. */
function read(input: PositionInput<CpState>): Read {
  const { seats, position } = input;
  const rules = rulesOf(input);
  const problems: PositionProblem[] = [];
  const seatIds = seats.map((s) => s.seat);
  const who = (seat: string) => seatName({ seats }, seat);
  const decks = new Map<string, CheckedDeck>();
  const given = new Set<string>();
  for (const [index, entry] of (rules.decks ?? []).entries()) {
    const path = `rules.decks.${index}`;
    if (!seatIds.includes(entry.seat)) {
      problems.push(
        problem(`${path}.seat`, {
          en: `There is no seat ${entry.seat} in this match`,
          ru: `Места «${entry.seat}» в этом матче нет`,
        }),
      );
      continue;
    }
    if (given.has(entry.seat)) {
      problems.push(
        problem(
          `${path}.seat`,
          {
            en: `${who(entry.seat).en}'s deck is given twice: a player registers one deck`,
            ru: `Колода игрока ${who(entry.seat).ru} указана дважды, а регистрируют одну`,
          },
          RULES.deckSize,
        ),
      );
      continue;
    }
    given.add(entry.seat);
    const checked = checkDeck(entry.deck);
    if (isRejection(checked)) {
      problems.push(
        problem(
          `${path}.deck`,
          checked.localized ?? { en: checked.message, ru: checked.message },
          checked.ruleRef,
        ),
      );
      continue;
    }
    decks.set(entry.seat, checked);
  }
  for (const seat of seatIds)
    if (!given.has(seat))
      problems.push(
        problem(
          'rules.decks',
          {
            en: `${who(seat).en}'s registered deck is missing: every card comes from it`,
            ru: `${who(seat).ru}: нет зарегистрированной колоды, а все карты берутся из неё`,
          },
          RULES.hiddenDeck,
        ),
      );
  // The keys of the face-down cards, each piece once.
  const pieces = new Map((position.pieces ?? []).map((p, i) => [p.id, { piece: p, index: i }]));
  const hidden = new Map<string, { card: string; path: string }>();
  for (const [index, entry] of (rules.hidden ?? []).entries()) {
    const path = `rules.hidden.${index}`;
    const placed = pieces.get(entry.piece);
    if (!placed)
      problems.push(
        problem(`${path}.piece`, {
          en: `The position places no card ${entry.piece}`,
          ru: `Карты «${entry.piece}» в позиции нет`,
        }),
      );
    else if (hidden.has(entry.piece))
      problems.push(
        problem(`${path}.piece`, {
          en: `The card ${entry.piece} is named twice (${hidden.get(entry.piece)?.path} and ${path})`,
          ru: `Карта «${entry.piece}» указана дважды (${hidden.get(entry.piece)?.path} и ${path})`,
        }),
      );
    else if (placed.piece.type !== HIDDEN_CARD)
      problems.push(
        problem(`${path}.piece`, {
          en: `The card ${entry.piece} is face up: its key is its attrs.card`,
          ru: `Карта «${entry.piece}» открыта: какая это карта, говорит её attrs.card`,
        }),
      );
    else hidden.set(entry.piece, { card: entry.card, path: `${path}.card` });
  }
  const cards: PlacedCard[] = [];
  const seen = new Set<string>();
  for (const [index, piece] of (position.pieces ?? []).entries()) {
    const path = `pieces.${index}`;
    // A piece listed twice is the engine's problem to name, once.
    if (seen.has(piece.id)) continue;
    seen.add(piece.id);
    if (piece.attrs?.builtIn === true) continue;
    if (piece.owner === undefined) {
      problems.push(
        problem(`${path}.owner`, {
          en: `Every card belongs to a player: give the owner of ${piece.id}`,
          ru: `Каждая карта принадлежит игроку: укажите владельца карты «${piece.id}»`,
        }),
      );
      continue;
    }
    const faceDown = piece.type === HIDDEN_CARD;
    const shown = typeof piece.attrs?.card === 'string' ? piece.attrs.card : undefined;
    if (faceDown && shown !== undefined) {
      problems.push(
        problem(`${path}.attrs.card`, {
          en: `${piece.id} is face down: which card it is goes in rules.hidden, seen by its owner only`,
          ru: `Карта «${piece.id}» лежит рубашкой вверх: какая это карта, указывают в rules.hidden, её видит только владелец`,
        }),
      );
      continue;
    }
    const key = faceDown ? hidden.get(piece.id)?.card : shown;
    if (key === undefined) {
      problems.push(
        problem(
          faceDown ? path : `${path}.attrs.card`,
          faceDown
            ? {
                en: `Which card is ${piece.id}? Name it in rules.hidden`,
                ru: `Какая это карта — «${piece.id}»? Укажите её в rules.hidden`,
              }
            : {
                en: `Which card is ${piece.id}? A face-up card gives its key (attrs.card)`,
                ru: `Какая это карта — «${piece.id}»? У открытой карты указывают её ключ (attrs.card)`,
              },
        ),
      );
      continue;
    }
    cards.push({
      piece,
      index,
      key,
      keyPath: faceDown ? (hidden.get(piece.id)?.path ?? path) : `${path}.attrs.card`,
      faceDown,
    });
  }
  return { decks, cards, problems };
}

/** Every registered card but the Commander, by key: the deck and the preselected abilities. */
function registered(deck: CheckedDeck): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of [...deck.cards, ...deck.abilities.map((a) => a.key)])
    counts.set(key, (counts.get(key) ?? 0) + 1);
  return counts;
}

function defOf(deck: CheckedDeck, key: string): CardDef | undefined {
  return key === deck.commander.key ? deck.commander : own(deck.defs, key);
}

/** The zones a face-up card of a kind lies in, in play (a destroyed one: its owner's losses). */
function fitsZone(kind: string, owner: string, zone: string): boolean {
  switch (kind) {
    case 'ship':
      return SECTOR.test(zone) || zone.startsWith('orbit:');
    case 'object':
      return zone === Z.objects(owner);
    case 'ground-unit':
    case 'military-building':
    case 'civil-building':
      return zone.startsWith('surface:');
    case 'upgrade':
      return zone === Z.attached(owner);
    case 'commander':
    case 'ability':
    case 'situation':
      return zone === Z.situation(owner);
    default:
      return false;
  }
}

function validate(input: PositionInput<CpState>): PositionProblem[] {
  const { seats, table, position } = input;
  const { decks, cards, problems } = read(input);
  const who = (seat: string) => seatName({ seats }, seat);
  const seatIds = seats.map((s) => s.seat);
  const placedKeys = new Map<string, Map<string, number>>();
  const commanders = new Map<string, PlacedCard[]>();
  for (const card of cards) {
    const { piece, index, key } = card;
    const path = `pieces.${index}`;
    const owner = piece.owner ?? '';
    const deck = decks.get(owner);
    if (!deck) continue;
    const def = defOf(deck, key);
    if (!def) {
      const known =
        catalogCard(key) !== undefined || [...decks.values()].some((d) => defOf(d, key));
      problems.push(
        known
          ? problem(
              card.keyPath,
              {
                en: `${piece.id}: “${key}” is not a card of ${who(owner).en}'s registered deck`,
                ru: `${piece.id}: карты «${key}» в зарегистрированной колоде ${who(owner).ru} нет`,
              },
              RULES.hiddenDeck,
            )
          : problem(card.keyPath, {
              en: `${piece.id}: there is no card “${key}” (neither in the catalog nor in a registered deck)`,
              ru: `${piece.id}: карты «${key}» нет ни в каталоге, ни в зарегистрированных колодах`,
            }),
      );
      continue;
    }
    const name = cardTitle(def);
    if (key === deck.commander.key) commanders.set(owner, [...(commanders.get(owner) ?? []), card]);
    else {
      const counts = placedKeys.get(owner) ?? new Map<string, number>();
      placedKeys.set(owner, counts);
      const placed = (counts.get(key) ?? 0) + 1;
      counts.set(key, placed);
      const copies = registered(deck).get(key) ?? 0;
      if (placed === copies + 1)
        problems.push(
          problem(
            card.keyPath,
            {
              en: `${name.en}: ${who(owner).en}'s registered deck holds ${copies} of it, the position places more`,
              ru: `${name.ru}: в зарегистрированной колоде ${who(owner).ru} ${ruCount(copies, 'такая карта', 'такие карты', 'таких карт')}, а в позиции их больше`,
            },
            RULES.hiddenDeck,
          ),
        );
    }
    const zone = own(table.zones, piece.zone);
    if (piece.status !== undefined && piece.status !== 'active' && piece.status !== 'destroyed')
      problems.push(
        problem(
          `${path}.status`,
          {
            en: `${name.en} (${piece.id}): at the start of a turn every card is untapped, in play or in the losses`,
            ru: `${name.ru} (${piece.id}): в начале хода все карты развёрнуты — в игре или в потерях`,
          },
          RULES.untap,
        ),
      );
    if (piece.status === 'destroyed' || !zone) continue;
    if (zone.owner !== undefined && zone.owner !== owner) {
      problems.push(
        problem(`${path}.zone`, {
          en: `${name.en} (${piece.id}) belongs to ${who(owner).en}: it cannot lie in ${zoneName(table, piece.zone).en}`,
          ru: `${name.ru} (${piece.id}): карта игрока ${who(owner).ru} не может лежать в зоне «${zoneName(table, piece.zone).ru}»`,
        }),
      );
      continue;
    }
    const hiddenZone = [Z.hand(owner), Z.deck(owner), Z.production(owner)].includes(piece.zone);
    if (card.faceDown !== hiddenZone) {
      problems.push(
        problem(
          `${path}.type`,
          card.faceDown
            ? {
                en: `${name.en} (${piece.id}) is face down only in a hand, a deck or production`,
                ru: `${name.ru} (${piece.id}): рубашкой вверх карта лежит только в руке, в колоде или в производстве`,
              }
            : {
                en: `${name.en} (${piece.id}) lies face down in ${zoneName(table, piece.zone).en}: its type is card, its key in rules.hidden`,
                ru: `${name.ru} (${piece.id}) лежит в зоне «${zoneName(table, piece.zone).ru}» рубашкой вверх: её тип — card, а ключ указывают в rules.hidden`,
              },
        ),
      );
      continue;
    }
    if (!card.faceDown && !fitsZone(def.kind, owner, piece.zone))
      problems.push(
        problem(`${path}.zone`, {
          en: `${name.en} (${piece.id}) cannot lie in ${zoneName(table, piece.zone).en}`,
          ru: `${name.ru} (${piece.id}) не может лежать в зоне «${zoneName(table, piece.zone).ru}»`,
        }),
      );
    const damage = Number(piece.attrs?.damage ?? 0);
    if ((def.kind === 'ship' || def.kind === 'military-building') && damage > 0)
      problems.push(
        problem(
          `${path}.attrs.damage`,
          {
            en: `${name.en} (${piece.id}) carries no damage at the start of a turn: it is removed after each battle`,
            ru: `${name.ru} (${piece.id}): в начале хода повреждений нет — их снимают после каждого сражения`,
          },
          RULES.critical,
        ),
      );
    else if (def.durability !== undefined && damage >= def.durability)
      problems.push(
        problem(
          `${path}.attrs.damage`,
          {
            en: `${name.en} (${piece.id}) with ${damage} damage and durability ${def.durability} is in the losses`,
            ru: `${name.ru} (${piece.id}): повреждений ${damage} при прочности ${def.durability} — карта в потерях`,
          },
          RULES.destroyedAtOnce,
        ),
      );
  }
  for (const seat of seatIds) {
    const deck = decks.get(seat);
    if (!deck) continue;
    const placed = commanders.get(seat) ?? [];
    const name = cardTitle(deck.commander);
    if (placed.length !== 1) {
      problems.push(
        problem(
          placed.length === 0 ? 'pieces' : `pieces.${placed[1].index}`,
          placed.length === 0
            ? {
                en: `${who(seat).en}'s Commander ${name.en} is on the table: place it, with the ship or object it is on (attrs.host)`,
                ru: `${who(seat).ru}: Командор «${name.ru}» на столе — укажите его карту и корабль или объект, на котором он находится (attrs.host)`,
              }
            : {
                en: `${who(seat).en} has one Commander, ${name.en}`,
                ru: `${who(seat).ru}: Командор один — «${name.ru}»`,
              },
          RULES.commanderPlacement,
        ),
      );
      continue;
    }
    const [commander] = placed;
    const host = commander.piece.attrs?.host;
    const carrier = cards.find((c) => c.piece.id === host);
    const carrierKind = carrier && !carrier.faceDown ? defOf(deck, carrier.key)?.kind : undefined;
    if (
      !carrier ||
      carrier.piece.owner !== seat ||
      carrier.piece.status === 'destroyed' ||
      (carrierKind !== 'ship' && carrierKind !== 'object')
    )
      problems.push(
        problem(
          `pieces.${commander.index}.attrs.host`,
          {
            en: `${who(seat).en}'s Commander is on one of their ships or space objects in play (attrs.host)`,
            ru: `${who(seat).ru}: Командор находится на своём корабле или космическом объекте в игре (attrs.host)`,
          },
          RULES.commanderPlacement,
        ),
      );
    const objects = cards.filter(
      (c) =>
        c.piece.owner === seat &&
        !c.faceDown &&
        c.piece.status !== 'destroyed' &&
        c.piece.zone === Z.objects(seat),
    ).length;
    if (objects > OBJECT_CAP)
      problems.push(
        problem(
          'pieces',
          {
            en: `${who(seat).en} has ${objects} space objects in play: at most ${OBJECT_CAP}`,
            ru: `${who(seat).ru}: в игре ${ruCount(objects, 'космический объект', 'космических объекта', 'космических объектов')}, а можно не больше ${OBJECT_CAP}`,
          },
          RULES.objectCap,
        ),
      );
  }
  // A laid-out deck lists every card left in it: none of the registration may be nowhere.
  for (const [index, laid] of (position.decks ?? []).entries()) {
    const seat = seatIds.find((s) => Z.deck(s) === laid.deck);
    const deck = seat === undefined ? undefined : decks.get(seat);
    if (seat === undefined || !deck) continue;
    const left = unplaced(deck, placedKeys.get(seat));
    if (left.length === 0) continue;
    const names = left.map((key) => cardTitle(defOf(deck, key) ?? { name: key }));
    problems.push(
      problem(
        `decks.${index}.order`,
        {
          en: `${who(seat).en}'s registered deck also holds ${names.map((n) => n.en).join(', ')}, which the position places nowhere: a laid-out deck lists every card left in it`,
          ru: `${who(seat).ru}: в зарегистрированной колоде есть ещё ${names.map((n) => `«${n.ru}»`).join(', ')}, а в позиции ${left.length === 1 ? 'этой карты' : 'этих карт'} нет нигде: в выложенной колоде перечисляют все оставшиеся карты`,
        },
        RULES.hiddenDeck,
      ),
    );
  }
  // Initiative is read off the Commanders: only once the cards stand as the rules allow.
  const cardsStand = problems.length === 0;
  problems.push(...trackProblems(input), ...turnProblems(input, cardsStand ? decks : undefined));
  return problems;
}

/** The keys of the registered cards the position places nowhere, in registration order. */
function unplaced(deck: CheckedDeck, placed: ReadonlyMap<string, number> = new Map()): string[] {
  const taken = new Map(placed);
  const left: string[] = [];
  for (const key of [...deck.cards, ...deck.abilities.map((a) => a.key)]) {
    const n = taken.get(key) ?? 0;
    if (n > 0) taken.set(key, n - 1);
    else left.push(key);
  }
  return left;
}

const TRACKS = [
  { id: T.resources, name: { en: 'Resources', ru: 'Ресурсы' } },
  { id: T.tokens, name: { en: 'Action tokens', ru: 'Фишки действия' } },
  { id: T.runs, name: { en: 'Commercial-run tokens', ru: 'Фишки коммерческого рейса' } },
];

/** The track a position's track id is: a seat's resources, action tokens or run tokens. */
function trackOf(id: string, seats: readonly string[]) {
  for (const seat of seats)
    for (const track of TRACKS) if (track.id(seat) === id) return { seat, name: track.name };
  return undefined;
}

function trackProblems(input: PositionInput<CpState>): PositionProblem[] {
  const seats = input.seats.map((s) => s.seat);
  const problems: PositionProblem[] = [];
  for (const [index, track] of (input.position.tracks ?? []).entries()) {
    const known = trackOf(track.id, seats);
    if (!known)
      problems.push(
        problem(`tracks.${index}.id`, {
          en: `There is no track ${track.id}: a player has resources:<seat>, tokens:<seat> and runs:<seat>`,
          ru: `Трека «${track.id}» нет: у игрока есть resources:<место>, tokens:<место> и runs:<место>`,
        }),
      );
    else if (track.value < 0)
      problems.push(
        problem(`tracks.${index}.value`, {
          en: `${known.name.en} of ${seatName(input, known.seat).en} cannot be ${track.value}: never below 0`,
          ru: `${known.name.ru} игрока ${seatName(input, known.seat).ru}: ${track.value}, а меньше 0 не бывает`,
        }),
      );
  }
  return problems;
}

function turnProblems(
  input: PositionInput<CpState>,
  /** The registered decks, once the cards stand; undefined: initiative is not read. */
  decks: ReadonlyMap<string, CheckedDeck> | undefined,
): PositionProblem[] {
  const turn = input.position.turn;
  const seats = input.seats.map((s) => s.seat);
  const problems: PositionProblem[] = [];
  if (turn?.phase !== undefined && turn.phase !== PHASE)
    problems.push(
      problem('turn.phase', {
        en: `A Commanders Path position starts a turn's resource phase (${PHASE}), not ${turn.phase}`,
        ru: `Позиция «Пути Командора» начинается с фазы получения ресурсов (${PHASE}), а не с «${turn.phase}»`,
      }),
    );
  if (turn !== undefined && turn.round < 1)
    problems.push(
      problem('turn.round', {
        en: 'Turns are numbered from 1',
        ru: 'Ходы нумеруются с 1-го',
      }),
    );
  const active = turn?.active;
  if (
    active !== undefined &&
    (active.length !== seats.length || seats.some((s) => !active.includes(s)))
  )
    problems.push(
      problem(
        'turn.active',
        {
          en: 'Both players act in the resource phase',
          ru: 'В фазе получения ресурсов действуют оба игрока',
        },
        RULES.income,
      ),
    );
  if (turn?.priority === undefined && decks?.size === seats.length) {
    const values = initiatives(input, decks);
    if (values && new Set(Object.values(values)).size === 1)
      problems.push(
        problem(
          'turn.priority',
          {
            en: "The Commanders' initiative is equal: name the Priority holder (turn.priority)",
            ru: 'Инициатива Командоров равна: укажите, у кого Приоритет (turn.priority)',
          },
          RULES.initiative,
        ),
      );
  }
  return problems;
}

/** Each Commander's initiative with its abilities, as the laid table gives it. */
function initiatives(
  input: PositionInput<CpState>,
  decks: ReadonlyMap<string, CheckedDeck>,
): Record<string, number> | undefined {
  const d = registeredDraft(input, decks);
  return d
    ? Object.fromEntries(d.seats.map((s) => [s, initiativeOf(d.table, d.rs, s)]))
    : undefined;
}

/**
 * The draft over the laid table with the decks registered: the unplaced cards created in
 * their decks and each seat's `DeckRegistered`, every card bound (face-up ones shown in full).
 */
function registeredDraft(
  input: PositionInput<CpState>,
  decks: ReadonlyMap<string, CheckedDeck>,
): CpDraft | undefined {
  const { cards } = read(input);
  const d = new CpDraft(positionDraftContext(input));
  const used = new Set(Object.keys(d.table.pieces));
  for (const seat of d.seats) {
    const deck = decks.get(seat);
    if (!deck) return undefined;
    const mine = cards.filter((c) => c.piece.owner === seat);
    const counts = new Map<string, number>();
    for (const c of mine)
      if (c.key !== deck.commander.key) counts.set(c.key, (counts.get(c.key) ?? 0) + 1);
    const left = unplaced(deck, counts);
    const created: { id: string; key: string }[] = [];
    let serial = 0;
    for (const key of left) {
      let id: string;
      do {
        serial += 1;
        id = `${seat}-c${serial}`;
      } while (used.has(id));
      used.add(id);
      created.push({ id, key });
    }
    if (created.length > 0)
      d.emit(
        tableEvent('PiecesCreated', {
          pieces: created.map((c) => ({
            id: c.id,
            type: HIDDEN_CARD,
            owner: seat,
            zone: Z.deck(seat),
          })),
        }),
      );
    const commander = mine.find((c) => c.key === deck.commander.key);
    const bound = [
      ...mine.map((c) => [c.piece.id, c.key] as const),
      ...created.map((c) => [c.id, c.key] as const),
    ]
      // Sorted by id: the binding says nothing of where a card lies.
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const abilities = mine
      .filter((c) => c.piece.attrs?.preselected === true)
      .map((c) => ({
        piece: c.piece.id,
        key: c.key,
        variant: Number(c.piece.attrs?.variant ?? 0),
      }));
    d.own(
      'DeckRegistered',
      {
        seat,
        count: deck.cards.length + deck.abilities.length,
        commanderPiece: commander?.piece.id ?? '',
        ruleRef: RULES.hiddenDeck,
        secret: {
          commander: deck.commander,
          defs: deck.defs,
          cards: deck.cards,
          abilities,
          bound: Object.fromEntries(bound),
        },
      },
      `seat:${seat}`,
    );
  }
  return d;
}

function events(input: PositionInput<CpState>): NewEvent[] {
  const { decks } = read(input);
  const d = registeredDraft(input, decks);
  if (!d) return [];
  const { position } = input;
  for (const track of position.tracks ?? []) {
    const known = trackOf(track.id, d.seats);
    if (known)
      d.emit(
        tableEvent('TrackChanged', {
          track: track.id,
          owner: known.seat,
          name: known.name,
          value: track.value,
          delta: 0,
        }),
      );
  }
  for (const seat of d.seats) {
    const places = new Set(
      Object.values(d.table.pieces)
        .filter((p) => p.owner === seat && kindOf(p) === 'ship' && p.status !== 'destroyed')
        .map((p) => p.zone),
    );
    for (const zone of places) d.syncFleet(seat, zone);
  }
  const initiative = Object.fromEntries(d.seats.map((s) => [s, initiativeOf(d.table, d.rs, s)]));
  const [a, b] = d.seats;
  const priority =
    position.turn?.priority ?? ((initiative[a] ?? 0) >= (initiative[b] ?? 0) ? a : b);
  const laidOut = new Set((position.decks ?? []).map((deck) => deck.deck));
  const owedShuffles =
    d.options.deckShuffle === 'none'
      ? []
      : d.seats
          .map((s) => Z.deck(s))
          .filter(
            (deck) => !laidOut.has(deck) && (own(d.table.decks, deck)?.order.length ?? 0) > 1,
          );
  d.own('PositionSet', {
    turn: Math.max(1, position.turn?.round ?? 1),
    priority,
    initiative,
    ...(owedShuffles.length > 0 ? { owedShuffles } : {}),
  });
  // The engine starts the round of a position's `turn`; the phase is the game's own.
  if (!position.turn) d.emit(tableEvent('RoundStarted', { round: 1 }));
  d.enterPhase(PHASE, [...d.seats]);
  return [...d.events];
}

/** The decks as registered, for a seat whose registration is valid. */
function checkedDecks(rules: Partial<CpPositionRulesParams>): Map<string, CheckedDeck> {
  const decks = new Map<string, CheckedDeck>();
  for (const entry of Array.isArray(rules.decks) ? rules.decks : []) {
    try {
      const checked = checkDeck(entry.deck);
      if (!isRejection(checked) && !decks.has(entry.seat)) decks.set(entry.seat, checked);
    } catch {
      // A malformed registration is refused by the rules part's schema, not here.
    }
  }
  return decks;
}

/** A face-up card shows what is printed on it (its registered definition); what is given stands. */
function complete(position: Readonly<Position>): Position {
  const decks = checkedDecks((position.rules ?? {}) as Partial<CpPositionRulesParams>);
  // A player's track belongs to the seat its id names (resources:<seat>).
  const tracks = position.tracks?.map((track) => {
    const seat = /^(resources|tokens|runs):(.+)$/.exec(track.id)?.[2];
    return track.owner === undefined && seat !== undefined ? { ...track, owner: seat } : track;
  });
  return {
    ...position,
    ...(tracks ? { tracks } : {}),
    pieces: position.pieces?.map((piece) => {
      const key = piece.attrs?.card;
      const deck = piece.owner === undefined ? undefined : decks.get(piece.owner);
      const def = typeof key === 'string' && deck ? defOf(deck, key) : undefined;
      if (!def || piece.type === HIDDEN_CARD) return piece;
      const controller = def.kind === 'object' ? { controller: piece.owner } : {};
      return { ...piece, attrs: { ...cardAttrs(def), ...controller, ...piece.attrs } };
    }),
  };
}

/** Each player's deck list and which card each face-down card is stay that player's secret. */
function publicRules(rules: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { decks: _decks, hidden: _hidden, ...rest } = rules;
  return rest;
}

/** A 40-card deck of the sample catalog, its Commander first. */
const exampleDeck = (commander: string, first: string, firstCopies: number) => ({
  commander: { catalog: commander },
  cards: [
    { catalog: first, copies: firstCopies },
    ...[
      'test-ambush',
      'test-union',
      'test-armor',
      'test-spaceport',
      'test-regiment',
      'test-battery',
      'test-osa',
      'test-guard',
      'test-skat',
    ].map((catalog) => ({ catalog, copies: 4 })),
    { catalog: 'test-hammer', copies: 4 - firstCopies },
  ],
});

export const COMMANDERS_PATH_POSITION: RulesetPosition<CpState> = {
  rules: CpPositionRulesParams,
  newPieces: true,
  newTracks: true,
  complete,
  zones,
  publicRules,
  example: {
    pieces: [
      {
        id: 'red-ship-1',
        type: 'Экзорцист',
        owner: 'red',
        zone: 'sector:1',
        attrs: { card: 'exorcist' },
      },
      {
        id: 'red-commander',
        type: 'Командор Рейн (тест)',
        owner: 'red',
        zone: 'situation:red',
        attrs: { card: 'test-rein', host: 'red-ship-1' },
      },
      { id: 'red-hand-1', type: HIDDEN_CARD, owner: 'red', zone: 'hand:red' },
      {
        id: 'blue-ship-1',
        type: 'Экзорцист',
        owner: 'blue',
        zone: 'sector:2',
        attrs: { card: 'exorcist' },
      },
      {
        id: 'blue-ship-2',
        type: 'Экзорцист',
        owner: 'blue',
        zone: 'losses:blue',
        status: 'destroyed',
        attrs: { card: 'exorcist' },
      },
      {
        id: 'blue-commander',
        type: 'Командор Ирма (тест)',
        owner: 'blue',
        zone: 'situation:blue',
        attrs: { card: 'test-irma', host: 'blue-ship-1' },
      },
    ],
    tracks: [
      { id: 'resources:red', value: 7 },
      { id: 'tokens:blue', value: 3 },
    ],
    turn: { round: 3, phase: PHASE, priority: 'red' },
    rules: {
      decks: [
        { seat: 'red', deck: exampleDeck('test-rein', 'exorcist', 2) },
        { seat: 'blue', deck: exampleDeck('test-irma', 'exorcist', 2) },
      ],
      hidden: [{ piece: 'red-hand-1', card: 'test-ambush' }],
    },
  },
  validate,
  events,
};
