import { own } from '@domain/shared/id-record';
import type { BoardLayout, Lang } from '@domain/rulesets/ruleset';
import type { Piece, Table } from '@domain/table/table';
import type { LocalizedText } from '@domain/shared/localized-text';
import type { Phraser } from '@domain/naming/phraser';
import { localized } from '@domain/naming/name-index';
import { attrLocalized } from '../replay/timeline';
import { playLabel } from './play-labels';

/**
 * What an id-valued field of a decision may name, as the table shows it: pieces by type, own
 * name, owner and place ("Крейсер «Страж» — Анна, Север"), zones, seats, fleets and tracks by
 * their names, never by ids. The field's name says which things it takes (a ruleset may say
 * otherwise for one of its kinds), and a ruleset adds the values special to it ("a new sector").
 */

/** `cards`: pieces, the seat's hidden hands first (what it plays is there). */
export type Target = 'pieces' | 'cards' | 'zones' | 'decks' | 'seats' | 'fleets' | 'tracks';

/** A value a ruleset gives a field beyond what is on the table (Commanders Path's `to: "new"`). */
export interface SpecialValue {
  value: string;
  label: LocalizedText;
}

export interface Choice {
  value: string;
  text: string;
}

export interface ChoiceGroup {
  label: string;
  choices: Choice[];
}

const BY_NAME: Record<string, Target[]> = {
  piece: ['pieces'],
  pieces: ['pieces'],
  add: ['pieces'],
  remove: ['pieces'],
  card: ['cards'],
  cards: ['cards'],
  leader: ['pieces'],
  attack: ['cards'],
  defense: ['cards'],
  traitor: ['cards'],
  discard: ['cards'],
  keep: ['cards'],
  replace: ['cards'],
  discardAbility: ['cards'],
  ship: ['pieces'],
  ships: ['pieces'],
  escorts: ['pieces'],
  target: ['pieces'],
  targets: ['pieces'],
  upgrade: ['pieces'],
  commander: ['pieces'],
  object: ['pieces'],
  sacrifice: ['pieces'],
  second: ['pieces'],
  zone: ['zones'],
  location: ['zones'],
  from: ['zones'],
  to: ['zones'],
  path: ['zones'],
  adjacency: ['zones'],
  deck: ['decks'],
  seat: ['seats'],
  opponent: ['seats'],
  owner: ['seats'],
  by: ['seats'],
  winners: ['seats'],
  active: ['seats'],
  priority: ['seats'],
  fleet: ['fleets'],
  track: ['tracks'],
};

/** What the field takes: the ruleset's word for this kind's field first, then its name. */
export function targetsOf(field: string, override: Target[] | undefined): Target[] {
  return override ?? own(BY_NAME, field) ?? ['pieces', 'zones', 'seats'];
}

export interface PickerContext {
  table: Table;
  phraser: Phraser;
  lang: Lang;
  /** The seat deciding: its own things come first. */
  seat: string | undefined;
  /** Zones the board draws on its map: offered first, apart from hands, piles and banks. */
  onMap: ReadonlySet<string>;
}

/** The choices of an id field, grouped: the ruleset's special values, then the table's things. */
export function choicesFor(
  targets: readonly Target[],
  specials: readonly SpecialValue[],
  ctx: PickerContext,
  { oneOfAlike = false } = {},
): ChoiceGroup[] {
  const groups: ChoiceGroup[] = [];
  if (specials.length > 0)
    groups.push({
      label: playLabel('pickSpecial', ctx.lang),
      choices: specials.map((s) => ({
        value: s.value,
        text: localized(s.label, ctx.lang) ?? s.value,
      })),
    });
  for (const target of targets) groups.push(...groupsOf(target, ctx));
  return groups
    .map((g) => (oneOfAlike ? { ...g, choices: oneOfEach(g.choices) } : g))
    .filter((g) => g.choices.length > 0);
}

/**
 * Alike pieces (fifteen troops in one Reserve) read alike: for a choice of one, one of them
 * stands for all (a player could not tell which one was meant anyway).
 */
function oneOfEach(choices: readonly Choice[]): Choice[] {
  const seen = new Set<string>();
  return choices.filter((c) => !seen.has(c.text) && seen.add(c.text));
}

function groupsOf(target: Target, ctx: PickerContext): ChoiceGroup[] {
  const { table, phraser, lang } = ctx;
  const byText = (a: Choice, b: Choice): number => a.text.localeCompare(b.text, lang);
  switch (target) {
    case 'pieces':
    case 'cards': {
      const pieces = Object.values(table.pieces).filter((p) => p.status !== 'destroyed');
      const inHand = (p: Piece): boolean => {
        const zone = own(table.zones, p.zone);
        return zone?.visibility === 'owner' && zone.owner === ctx.seat;
      };
      const hand =
        target === 'cards' ? pieces.filter((p) => ctx.seat !== undefined && inHand(p)) : [];
      const mine = pieces.filter(
        (p) => ctx.seat !== undefined && p.owner === ctx.seat && !hand.includes(p),
      );
      const others = pieces.filter((p) => !hand.includes(p) && !mine.includes(p));
      const choice = (p: Piece): Choice => ({ value: p.id, text: pieceText(p, ctx) });
      return [
        { label: playLabel('pickInHand', lang), choices: hand.map(choice).sort(byText) },
        { label: playLabel('pickYours', lang), choices: mine.map(choice).sort(byText) },
        { label: playLabel('pickOthers', lang), choices: others.map(choice).sort(byText) },
      ];
    }
    case 'zones':
    case 'decks': {
      const zones = Object.values(table.zones).filter((z) =>
        target === 'decks' ? own(table.decks, z.id) !== undefined || z.kind === 'deck' : true,
      );
      const choice = (id: string): Choice => ({ value: id, text: zoneText(id, ctx) });
      if (target === 'decks')
        return [
          {
            label: playLabel('pickDecks', lang),
            choices: zones.map((z) => choice(z.id)).sort(byText),
          },
        ];
      const mapped = zones.filter((z) => ctx.onMap.has(z.id));
      const rest = zones.filter((z) => !ctx.onMap.has(z.id));
      return [
        {
          label: playLabel('pickOnMap', lang),
          choices: mapped.map((z) => choice(z.id)).sort(byText),
        },
        {
          label: playLabel(mapped.length > 0 ? 'pickOffMap' : 'pickZones', lang),
          choices: rest.map((z) => choice(z.id)).sort(byText),
        },
      ];
    }
    case 'seats':
      return [
        {
          label: playLabel('pickSeats', lang),
          choices: phraser.seats.seats.map((seat) => ({
            value: seat,
            text: phraser.seats.full(seat, lang),
          })),
        },
      ];
    case 'fleets':
      return [
        {
          label: playLabel('pickFleets', lang),
          choices: Object.values(table.fleets)
            .map((f) => ({
              value: f.id,
              text: `${f.name ?? phraser.fleetName(f.id, lang)}${f.owner ? ` — ${phraser.seats.seat(f.owner, lang)}` : ''}`,
            }))
            .sort(byText),
        },
      ];
    case 'tracks':
      return [
        {
          label: playLabel('pickTracks', lang),
          choices: Object.values(table.tracks)
            .map((t) => ({
              value: t.id,
              text:
                phraser.trackName(t.id, lang) ??
                phraser.seats.withSeatNames(localized(t.name, lang) ?? t.id, t.owner, lang),
            }))
            .sort(byText),
        },
      ];
  }
}

/** "Крейсер «Страж» — Анна, Север": the type, its own name, its owner and where it is. */
export function pieceText(piece: Piece, ctx: PickerContext): string {
  const { phraser, lang } = ctx;
  const where = [
    piece.owner ? phraser.seats.seat(piece.owner, lang) : undefined,
    zoneText(piece.zone, ctx),
  ].filter(Boolean);
  return `${pieceName(piece, ctx)} — ${where.join(', ')}`;
}

/** "Крейсер «Страж»": the piece's type, and its own name where it has one. */
function pieceName(piece: Piece, ctx: PickerContext): string {
  const { phraser, lang } = ctx;
  const type = phraser.pieceType(piece.type, lang) ?? piece.type;
  const ownName =
    localized(attrLocalized(piece), lang) ??
    localized(phraser.names.pieceNames.get(piece.id), lang);
  if (!ownName) return type;
  // "Лидер Летнев 4" says it is a leader: «Лидер «Лидер Летнев 4»» would say it twice.
  return ownName.toLocaleLowerCase(lang).includes(type.toLocaleLowerCase(lang))
    ? ownName
    : `${type} «${ownName}»`;
}

function zoneText(zone: string, ctx: PickerContext): string {
  const recorded = localized(own(ctx.table.zones, zone)?.name, ctx.lang);
  const owner = own(ctx.table.zones, zone)?.owner;
  return recorded
    ? ctx.phraser.seats.withSeatNames(recorded, owner, ctx.lang)
    : ctx.phraser.zoneName(zone, ctx.lang);
}

const ID_TOKEN = /[\p{L}\p{N}](?:[\p{L}\p{N}_\-.:@+#]*[\p{L}\p{N}])?/gu;

/**
 * A server's sentence with the table's ids in it ("costs 12 Influence; letnev has 10") as the
 * table names them ("… Глеб (Летнев) has 10"). Words that are no id stay as they are.
 */
export function withNames(text: string, ctx: PickerContext): string {
  const { table, phraser, lang } = ctx;
  return text.replace(ID_TOKEN, (token) => {
    if (phraser.seats.has(token)) return phraser.seats.full(token, lang);
    if (own(table.zones, token)) return zoneText(token, ctx);
    const piece = own(table.pieces, token);
    if (piece) return pieceName(piece, ctx);
    if (own(table.fleets, token)) return phraser.fleetName(token, lang);
    return token;
  });
}

/** The zones a layout puts on the map (positions, hex cells, a ring and its centre). */
export function zonesOnMap(layout: BoardLayout): Set<string> {
  switch (layout.kind) {
    case 'positions':
      return new Set(Object.keys(layout.positions));
    case 'hex':
      return new Set(Object.keys(layout.cells));
    case 'ring':
      return new Set([...layout.zones, ...(layout.center ? [layout.center] : [])]);
    default:
      return new Set();
  }
}
