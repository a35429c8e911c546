import { own } from '../../shared/id-record';
import { lossZoneId, type Piece, type Table } from '../../table/table';
import { tableEvent, type ZoneSpec } from '../../table/table-events';
import { decisionsOn, Draft } from '../kit';
import type { DecisionContext, OptionValue } from '../ruleset';
import {
  PIRATE_COUNTED,
  type CardDef,
  type CardKind,
  type Crew,
  type Shield,
  type ShipSize,
  type Weapon,
  type Yield,
} from './cp-cards';
import type { CpEvents } from './cp-events';
import { cpOptions, type CpOptions } from './cp-options';
import { applyCpEvent, type CpState } from './cp-state';
import { RULES } from './cp-rules-text';
import { optionChosen, shownName } from './cp-words';
import { enCount, ruCount, type LocalizedText } from '../../shared/localized-text';

/** Zone and track ids of Commanders Path. */
export const Z = {
  hand: (seat: string) => `hand:${seat}`,
  deck: (seat: string) => `deck:${seat}`,
  production: (seat: string) => `production:${seat}`,
  objects: (seat: string) => `objects:${seat}`,
  situation: (seat: string) => `situation:${seat}`,
  attached: (seat: string) => `attached:${seat}`,
  losses: (seat: string) => lossZoneId(seat),
  orbit: (object: string) => `orbit:${object}`,
  surface: (object: string) => `surface:${object}`,
  sector: (n: number) => `sector:${n}`,
};

export const T = {
  resources: (seat: string) => `resources:${seat}`,
  tokens: (seat: string) => `tokens:${seat}`,
  runs: (seat: string) => `runs:${seat}`,
};

/** The type of a card whose identity is hidden from the viewer (a card back). */
export const HIDDEN_CARD = 'card';

export type Ctx = DecisionContext<CpState>;

/** The phases of the Commanders Path turn (and of setup). */
export type Phase =
  'setup' | 'initiative' | 'deploy' | 'resources' | 'production' | 'movement' | 'battle';

export function seatZones(seat: string): ZoneSpec[] {
  const zone = (
    id: string,
    kind: string,
    en: string,
    ru: string,
    visibility: ZoneSpec['visibility'] = 'public',
  ): ZoneSpec => ({ id, kind, owner: seat, name: { en, ru }, visibility });
  return [
    zone(Z.hand(seat), 'hand', `${seat}'s hand`, `Рука ${seat}`, 'owner'),
    zone(Z.deck(seat), 'deck', `${seat}'s deck`, `Колода ${seat}`, 'nobody'),
    zone(
      Z.production(seat),
      'production',
      `${seat}'s production zone`,
      `Зона производства ${seat}`,
    ),
    zone(Z.objects(seat), 'objects', `${seat}'s space objects`, `Космические объекты ${seat}`),
    zone(
      Z.situation(seat),
      'situation',
      `${seat}'s situation zone`,
      `Зона карт обстановки ${seat}`,
    ),
    zone(Z.attached(seat), 'upgrades', `${seat}'s upgrades`, `Улучшения ${seat}`),
    zone(Z.losses(seat), 'losses', `${seat}'s losses`, `Потери ${seat}`),
  ];
}

// ---------------------------------------------------------------------------------------
// Piece stats: read from the attributes set when a card is revealed, so that manual
// adjustments (card texts) change what the engine computes with.
// ---------------------------------------------------------------------------------------

export interface Stats {
  kind: CardKind | 'unknown';
  name: string;
  /** The name in both languages, as refusals give it. */
  title: LocalizedText;
  size?: ShipSize;
  durability: number;
  critical?: number;
  speed: number;
  shield?: Shield;
  armor: number;
  crew: Crew;
  weapons: Weapon[];
  boarding: number;
  landing: number;
  strength: number;
  objectType?: string;
  evasive: boolean;
  escort: boolean;
  smuggling: boolean;
  commercialRun?: Yield;
  income?: Yield;
  cost: number;
  damage: number;
  builtIn: boolean;
}

const n = (value: unknown, fallback = 0): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

export function statsOf(piece: Piece): Stats {
  const a = piece.attrs;
  const shield = a.shield as Shield | null | undefined;
  return {
    kind: (typeof a.kind === 'string' ? a.kind : 'unknown') as CardKind,
    name: typeof a.name === 'string' ? a.name : piece.type,
    title: shownName(piece),
    size: a.size as ShipSize | undefined,
    durability: n(a.durability, 1),
    critical: typeof a.critical === 'number' ? a.critical : undefined,
    speed: n(a.speed),
    shield: shield && typeof shield === 'object' ? shield : undefined,
    armor: n(a.armor),
    crew: (a.crew as Crew | undefined) ?? { quality: 'В', count: 0 },
    weapons: Array.isArray(a.weapons) ? (a.weapons as Weapon[]) : [],
    boarding: n(a.boarding),
    landing: n(a.landing),
    strength: n(a.strength),
    objectType: typeof a.objectType === 'string' ? a.objectType : undefined,
    evasive: a.evasive === true,
    escort: a.escort === true,
    smuggling: a.smuggling === true,
    commercialRun: a.commercialRun as Yield | undefined,
    income: a.income as Yield | undefined,
    cost: n(a.cost, n(a.price)),
    damage: n(a.damage),
    builtIn: a.builtIn === true,
  };
}

/** The attributes a revealed card shows on the table. */
export function cardAttrs(def: CardDef): Record<string, unknown> {
  const attrs: Record<string, unknown> = { card: def.key, kind: def.kind, name: def.name };
  // `cost` feeds the loss-pile sum: only the kinds the Pirate condition counts carry it.
  if (PIRATE_COUNTED.has(def.kind)) attrs.cost = def.cost;
  else attrs.price = def.cost;
  const copy: (keyof CardDef)[] = [
    'nameEn',
    'text',
    'actionCost',
    'rollCost',
    'size',
    'shipClass',
    'durability',
    'critical',
    'speed',
    'shield',
    'armor',
    'crew',
    'weapons',
    'boarding',
    'landing',
    'commercialRun',
    'escort',
    'smuggling',
    'evasive',
    'objectType',
    'income',
    'placeOn',
    'strength',
    'upgradeFor',
    'modifiers',
    'variants',
    'special',
    'initiative',
    'archetype',
    'test',
  ];
  for (const key of copy) if (def[key] !== undefined) attrs[key] = def[key];
  if (def.kind === 'ship' || def.kind === 'military-building' || def.objectType === 'station')
    attrs.damage = 0;
  if (def.kind === 'civil-building' && def.durability === undefined) attrs.durability = 1;
  return attrs;
}

// ---------------------------------------------------------------------------------------
// Table queries
// ---------------------------------------------------------------------------------------

export function isDestroyed(piece: Piece | undefined): boolean {
  return !piece || piece.status === 'destroyed';
}

export function kindOf(piece: Piece): string {
  return typeof piece.attrs.kind === 'string' ? piece.attrs.kind : 'unknown';
}

/** Ships of a seat at a location (sector or orbit), in play. */
export function shipsAt(table: Readonly<Table>, location: string, seat?: string): Piece[] {
  return Object.values(table.pieces).filter(
    (p) =>
      p.zone === location &&
      !isDestroyed(p) &&
      kindOf(p) === 'ship' &&
      (seat === undefined || p.owner === seat),
  );
}

/** The seat holding a piece in play: the controller of objects, the owner of other cards. */
export function controllerOf(piece: Piece): string | undefined {
  return typeof piece.attrs.controller === 'string' ? piece.attrs.controller : piece.owner;
}

export function objectsInPlay(table: Readonly<Table>): Piece[] {
  return Object.values(table.pieces).filter(
    (p) => kindOf(p) === 'object' && !isDestroyed(p) && p.zone.startsWith('objects:'),
  );
}

export function isStation(piece: Piece): boolean {
  return piece.attrs.objectType === 'station';
}

/** Cards on an object's surface (ground units, buildings), in play. */
export function onSurface(table: Readonly<Table>, object: string): Piece[] {
  return Object.values(table.pieces).filter(
    (p) => p.zone === Z.surface(object) && !isDestroyed(p) && p.attrs.specialDamage !== true,
  );
}

export function blockadedBy(object: Piece): string | undefined {
  return typeof object.attrs.blockadedBy === 'string' ? object.attrs.blockadedBy : undefined;
}

export function objectOfOrbit(table: Readonly<Table>, zone: string): Piece | undefined {
  return zone.startsWith('orbit:') ? own(table.pieces, zone.slice('orbit:'.length)) : undefined;
}

export function other(seats: readonly string[], seat: string): string {
  return seats.find((s) => s !== seat) ?? seat;
}

export function trackValue(table: Readonly<Table>, track: string): number {
  return own(table.tracks, track)?.value ?? 0;
}

export function lossSum(table: Readonly<Table>, seat: string): number {
  return (own(table.losses, seat) ?? []).reduce((sum, entry) => sum + (entry.cost ?? 0), 0);
}

export function handOf(table: Readonly<Table>, seat: string): Piece[] {
  return Object.values(table.pieces).filter((p) => p.zone === Z.hand(seat));
}

export function cardDef(rs: Readonly<CpState>, piece: Piece): CardDef | undefined {
  const key = own(rs.cardOf, piece.id);
  const seat = piece.owner;
  return key !== undefined && seat ? own(own(rs.decks, seat)?.defs, key) : undefined;
}

// ---------------------------------------------------------------------------------------
// The draft: decides over a copy of table and slice that every emitted event updates, so
// that the automatic parts of the turn read the state their own events produced.
// ---------------------------------------------------------------------------------------

export class CpDraft extends Draft<CpState, CpEvents> {
  readonly options: CpOptions;

  constructor(ctx: Ctx) {
    super(ctx, {
      id: 'commanders-path',
      evolve: (rs, event) => {
        applyCpEvent(rs, event);
        return rs;
      },
      // The registered decks' card definitions are immutable and large: shared, not copied.
      copyState: ({ decks, ...rest }) => ({ ...structuredClone(rest), decks }),
    });
    this.options = cpOptions(ctx.options);
    // A match from a position: the decks it did not lay out are shuffled first.
    for (const deck of [...(this.rs.owedShuffles ?? [])]) this.shuffle(deck);
  }

  get seats(): string[] {
    return this.rs.seats.length > 0 ? this.rs.seats : this.ctx.seats.map((s) => s.seat);
  }

  piece(id: string): Piece {
    const piece = own(this.table.pieces, id);
    if (!piece)
      this.refuse('unknown_piece', {
        en: `There is no card “${id}” on the table`,
        ru: `Карты «${id}» на столе нет`,
      });
    return piece;
  }

  track(id: string): number {
    return trackValue(this.table, id);
  }

  setTrack(id: string, owner: string, value: number, en: string, ru: string): void {
    const previous = this.track(id);
    if (previous === value && own(this.table.tracks, id)) return;
    this.emit(
      tableEvent('TrackChanged', {
        track: id,
        owner,
        name: { en, ru },
        value,
        delta: value - previous,
      }),
    );
  }

  addResources(seat: string, delta: number): void {
    this.setTrack(
      T.resources(seat),
      seat,
      this.track(T.resources(seat)) + delta,
      'Resources',
      'Ресурсы',
    );
  }

  addTokens(seat: string, delta: number): void {
    this.setTrack(
      T.tokens(seat),
      seat,
      this.track(T.tokens(seat)) + delta,
      'Action tokens',
      'Фишки действия',
    );
  }

  addRuns(seat: string, delta: number): void {
    this.setTrack(
      T.runs(seat),
      seat,
      this.track(T.runs(seat)) + delta,
      'Commercial-run tokens',
      'Фишки коммерческого рейса',
    );
  }

  /** Starts a phase of the turn for the seats who act in it. */
  enterPhase(phase: Phase, active: string[]): void {
    this.on('PhaseStarted', {
      phase,
      active,
      ...(this.rs.priority ? { priority: this.rs.priority } : {}),
    });
  }

  tap(piece: string): void {
    this.emit(tableEvent('PieceChanged', { piece, status: 'tapped' }));
  }

  /**
   * Rolls d6s through the dice service: server dice, or the faces reported in the
   * decision params, as the dice-source option allows.
   */
  rollD6(
    purpose: string,
    count: number,
    reported: number[] | undefined,
    what: LocalizedText,
  ): number[] {
    if (count === 0) return [];
    const source = this.options.diceSource;
    const option = optionChosen('diceSource', source);
    if (reported !== undefined && source === 'server')
      this.refuse(
        'reported_dice_not_allowed',
        {
          en: `${what.en}: this match rolls server dice (${option.en}); leave the faces out`,
          ru: `${what.ru}: в этом матче кубики бросает сервер (${option.ru}), не указывайте выпавшее`,
        },
        RULES.d6,
      );
    if (reported === undefined && source === 'reported')
      this.refuse(
        'reported_dice_required',
        {
          en: `${what.en}: report the ${enCount(count, 'd6 face', 'd6 faces')} rolled at the table (${option.en})`,
          ru: `${what.ru}: укажите, что выпало на столе — ${ruCount(count, 'кубик D6', 'кубика D6', 'кубиков D6')} (${option.ru})`,
        },
        RULES.d6,
      );
    if (reported !== undefined && reported.length !== count)
      this.refuse(
        'reported_dice_count',
        {
          en: `${what.en}: ${enCount(count, 'd6 face is', 'd6 faces are')} rolled here, ${reported.length} reported`,
          ru: `${what.ru}: здесь бросают ${ruCount(count, 'кубик D6', 'кубика D6', 'кубиков D6')}, а указано граней: ${reported.length}`,
        },
        RULES.d6,
      );
    return this.roll(purpose, Array<number>(count).fill(6), reported);
  }

  newSector(): string {
    const id = Z.sector(this.rs.sectors + 1);
    this.emit(
      tableEvent('ZonesCreated', {
        zones: [
          {
            id,
            kind: 'sector',
            name: { en: `Sector ${this.rs.sectors + 1}`, ru: `Сектор ${this.rs.sectors + 1}` },
            visibility: 'public',
          },
        ],
      }),
    );
    return id;
  }

  /** Puts ships into the one fleet of their owner at their location, forming it if needed. */
  moveShips(seat: string, ships: string[], to: string): void {
    if (ships.length === 0) return;
    const from = new Set(ships.map((id) => this.piece(id).zone));
    this.emit(tableEvent('PiecesMoved', { pieces: ships, to }));
    this.syncFleet(seat, to);
    for (const zone of from) if (zone !== to) this.syncFleet(seat, zone);
  }

  syncFleet(seat: string, zone: string): void {
    const id = fleetId(seat, zone);
    const ships = shipsAt(this.table, zone, seat).map((p) => p.id);
    const fleet = own(this.table.fleets, id);
    if (ships.length === 0) {
      if (fleet) this.emit(tableEvent('FleetDisbanded', { fleet: id }));
      return;
    }
    if (!fleet) {
      this.emit(tableEvent('FleetFormed', { fleet: id, owner: seat, pieces: ships }));
      return;
    }
    const add = ships.filter((s) => !fleet.pieces.includes(s));
    if (add.length > 0) this.emit(tableEvent('FleetChanged', { fleet: id, add }));
  }

  /** Destroys pieces into their owners' loss piles; upgrades under them go too. */
  destroy(pieces: string[], cause: string): void {
    const live = pieces.filter((id) => !isDestroyed(own(this.table.pieces, id)));
    if (live.length === 0) return;
    const fleetsTouched = new Set<string>();
    for (const id of live) {
      const p = own(this.table.pieces, id)!;
      if (kindOf(p) === 'ship' && p.owner) fleetsTouched.add(`${p.owner}|${p.zone}`);
    }
    const upgrades = Object.values(this.table.pieces)
      .filter((p) => live.includes(String(p.attrs.attachedTo)) && !isDestroyed(p))
      .map((p) => p.id);
    this.emit(tableEvent('PiecesDestroyed', { pieces: [...live, ...upgrades], cause }));
    for (const key of fleetsTouched) {
      const [seat, zone] = key.split('|');
      const fleet = own(this.table.fleets, fleetId(seat, zone));
      if (fleet && fleet.pieces.length === 0)
        this.emit(tableEvent('FleetDisbanded', { fleet: fleet.id }));
    }
  }

  reveal(seat: string, pieces: Piece[], reason: string): void {
    const cards: { piece: string; key: string; name: string; kind: string }[] = [];
    for (const piece of pieces) {
      const def = cardDef(this.rs, piece);
      if (!def) continue;
      this.emit(
        tableEvent('PieceChanged', { piece: piece.id, type: def.name, attrs: cardAttrs(def) }),
      );
      cards.push({ piece: piece.id, key: def.key, name: def.name, kind: def.kind });
    }
    if (cards.length > 0) this.own('CardsRevealed', { seat, cards, reason });
  }
}

export function fleetId(seat: string, zone: string): string {
  return `fleet:${seat}@${zone}`;
}

/**
 * The match as it stands, seen through the draft's queries (no dice, nothing emitted): how
 * `derive` and `available` ask the battle engine who fights and who acts.
 */
export function viewOf(
  table: Readonly<Table>,
  rs: Readonly<CpState>,
  options: Readonly<Record<string, OptionValue>>,
): CpDraft {
  return { table, rs, seats: rs.seats, options: cpOptions(options) } as unknown as CpDraft;
}

/** Binds Commanders Path decisions to its draft (the kit's decision binder). */
export const cpDecision = decisionsOn<CpState, CpDraft>((ctx) => new CpDraft(ctx));
