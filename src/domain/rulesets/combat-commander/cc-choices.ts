import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import type { Piece } from '../../table/table';
import {
  both,
  byName,
  type ChoicesOf,
  type ChoiceValue,
  type FieldChoices,
} from '../decision-choices';
import type { AvailabilityContext } from '../ruleset';
import { cardWord, NATION_NAME } from './cc-cards';
import { EFFECT_KIND_NAMES, OUTCOME_ABOUT_NAMES } from './cc-choice-names';
import { cardOf, cardsIn, sideOf, UNIT_KINDS, Z } from './cc-draft';
import { hexDistance, hexesOf, hexOfZone } from './cc-map';
import { OUTCOME_ABOUTS, type OutcomeAbout } from './cc-options';
import type { CcState, PendingOutcome } from './cc-state';
import { playableActions } from './cc-turn';
import { fireRollAllowed } from './cc-rolls';
import { ROLL_PURPOSES } from './cc.params';
import type { EffectKind } from './cc-choice-names';

/**
 * The field choices of Combat Commander (issue 39): a seat plays only the cards of its hand,
 * activates only its own units not yet activated this Turn (more than one through a Leader's
 * Command, as option orderActivation says), fires its own Weapons, and states or confirms
 * outcomes naming pieces as the counters print them; hexes are read A1, A2 … A10, B1 … .
 * Values the decider may still refuse (a Leader's reach, Op Fire's Ordnance, what a claim
 * may state under a rule) are `tried`: the match keeps those some completion makes legal.
 */
type Ctx = AvailabilityContext<CcState>;

/** A counter's name as printed, in both languages (a setup may give one name for both). */
function pieceName(piece: Readonly<Piece>): LocalizedText {
  const name = piece.attrs.name;
  if (typeof name === 'string') return both(name);
  const t = name as Partial<LocalizedText> | undefined;
  if (typeof t?.en === 'string' && typeof t.ru === 'string') return { en: t.en, ru: t.ru };
  return both(piece.id);
}

const where = (hex: string | undefined): LocalizedText | undefined =>
  hex ? { en: `in ${hex}`, ru: `в гексе ${hex}` } : undefined;

function pieceValue(piece: Readonly<Piece>, extra?: LocalizedText): ChoiceValue {
  const at = where(hexOfZone(piece.zone));
  const parts = [at, extra].filter((p): p is LocalizedText => p !== undefined);
  return {
    value: piece.id,
    name: pieceName(piece),
    ...(parts.length
      ? {
          hint: {
            en: parts.map((p) => p.en).join(', '),
            ru: parts.map((p) => p.ru).join(', '),
          },
        }
      : {}),
  };
}

const values = (
  pieces: readonly Readonly<Piece>[],
  extra?: (p: Readonly<Piece>) => LocalizedText,
) => pieces.map((p) => pieceValue(p, extra?.(p))).sort(byName());

const onMap = (p: Readonly<Piece>) => p.status !== 'destroyed' && hexOfZone(p.zone) !== undefined;
const isUnit = (p: Readonly<Piece>) => UNIT_KINDS.has(p.type);
const piecesOf = (ctx: Ctx, keep: (p: Readonly<Piece>) => boolean) =>
  Object.values(ctx.table.pieces).filter(keep);

/** The seat's units on the map not yet activated for an Order this Turn [3.3.1]. */
const activatable = (ctx: Ctx) =>
  piecesOf(
    ctx,
    (p) =>
      p.owner === ctx.seat &&
      isUnit(p) &&
      onMap(p) &&
      !(ctx.rs.turn?.activated ?? []).includes(p.id),
  );

const command = (p: Readonly<Piece>) => Number(p.attrs.command ?? 0);

/**
 * The Leaders that may activate `units` through their Command [3.3.1.1]: the seat's, on the
 * map, with a Command, not yet activated, reaching every unit under option commandReach.
 */
function leadersFor(ctx: Ctx, units: readonly string[]): Readonly<Piece>[] {
  return activatable(ctx).filter((leader) => {
    if (leader.type !== 'leader' || !(command(leader) > 0)) return false;
    if (ctx.options.commandReach !== 'within-command') return true;
    const at = hexOfZone(leader.zone)!;
    return units.every((id) => {
      const there = own(ctx.table.pieces, id)?.zone;
      const hex = there ? hexOfZone(there) : undefined;
      return id === leader.id || !hex || hexDistance(at, hex) <= command(leader);
    });
  });
}

const commandHint = (p: Readonly<Piece>): LocalizedText => ({
  en: `Command ${command(p)}`,
  ru: `Командование ${command(p)}`,
});

/** The hand's cards, each named by the part played: «Движение», with the card's other words. */
function handValues(ctx: Ctx, cards: readonly string[], part: 'order' | 'action'): ChoiceValue[] {
  const counted = new Map<string, number>();
  const named = cards.map((id) => {
    const c = cardOf(ctx.table, id)!;
    const name =
      part === 'order'
        ? { en: cardWord(c.order, 'en', c.orderTitle), ru: cardWord(c.order, 'ru', c.orderTitle) }
        : {
            en: cardWord(c.action, 'en', c.actionTitle),
            ru: cardWord(c.action, 'ru', c.actionTitle),
          };
    counted.set(name.ru, (counted.get(name.ru) ?? 0) + 1);
    return { id, c, name };
  });
  const seen = new Map<string, number>();
  return named
    .map(({ id, c, name }) => {
      // Cards alike are told apart by their number: «Движение №2».
      const n = (seen.get(name.ru) ?? 0) + 1;
      seen.set(name.ru, n);
      const suffix = (counted.get(name.ru) ?? 0) > 1 ? ` №${n}` : '';
      const other =
        part === 'order'
          ? {
              en: `Action ${cardWord(c.action, 'en', c.actionTitle)}`,
              ru: `Действие «${cardWord(c.action, 'ru', c.actionTitle)}»`,
            }
          : {
              en: `Order ${cardWord(c.order, 'en', c.orderTitle)}`,
              ru: `Приказ «${cardWord(c.order, 'ru', c.orderTitle)}»`,
            };
      return { value: id, name: { en: name.en + suffix, ru: name.ru + suffix }, hint: other };
    })
    .sort(byName());
}

const handOf = (ctx: Ctx) =>
  cardsIn(ctx.table, Z.hand(ctx.seat))
    .filter((p) => cardOf(ctx.table, p.id))
    .map((p) => p.id)
    .sort();

const listed = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** An Order: a card of the hand, the units it activates, the Leader through whose Command. */
const order: ChoicesOf<CcState> = (ctx, chosen) => {
  const fields: FieldChoices[] = [
    { path: 'card', pick: 'one', values: handValues(ctx, handOf(ctx), 'order') },
  ];
  const units = activatable(ctx);
  fields.push({
    path: 'units',
    pick: 'many',
    // A player may be activated without a unit («Подразделение или игрока можно активировать»).
    min: 0,
    max: units.length,
    tried: true,
    values: values(units),
  });
  const leaders = leadersFor(ctx, listed(chosen.units));
  if (leaders.length > 0)
    fields.push({ path: 'leader', pick: 'one', tried: true, values: values(leaders, commandHint) });
  return fields;
};

/** An Action: a card playable now, the seat's pieces it uses, a Leader for Op Fire. */
const action: ChoicesOf<CcState> = (ctx, chosen) => {
  const fields: FieldChoices[] = [
    {
      path: 'card',
      pick: 'one',
      tried: true,
      values: handValues(ctx, playableActions(ctx), 'action'),
    },
  ];
  const card = typeof chosen.card === 'string' ? cardOf(ctx.table, chosen.card) : undefined;
  if (!card) return fields;
  const pieces = piecesOf(
    ctx,
    (p) =>
      p.owner === ctx.seat &&
      p.type !== 'fate-card' &&
      p.status !== 'destroyed' &&
      (isUnit(p) || p.status !== 'broken') &&
      (hexOfZone(p.zone) !== undefined || !isUnit(p)),
  );
  fields.push({
    path: 'pieces',
    pick: 'many',
    min: 0,
    max: Math.min(20, pieces.length),
    tried: true,
    values: values(pieces),
  });
  if (card.action.toLowerCase() === 'fire') {
    const leaders = leadersFor(ctx, listed(chosen.pieces));
    if (leaders.length > 0)
      fields.push({
        path: 'leader',
        pick: 'one',
        tried: true,
        values: values(leaders, commandHint),
      });
  }
  return fields;
};

/** A discard: any cards of the hand, none at all too. */
const discard: ChoicesOf<CcState> = (ctx) => {
  const hand = handOf(ctx);
  return [
    {
      path: 'cards',
      pick: 'many',
      min: 0,
      max: hand.length,
      values: handValues(ctx, hand, 'order'),
    },
  ];
};

const ROLL_NAMES: Record<(typeof ROLL_PURPOSES)[number], LocalizedText> = {
  fire: { en: 'Fire', ru: 'Огонь' },
  targeting: { en: 'Targeting (dice multiplied)', ru: 'Наведение (кубики перемножаются)' },
  defence: { en: 'Defence', ru: 'Защита' },
  melee: { en: 'Melee', ru: 'Рукопашная' },
  recover: { en: 'Recover', ru: 'Восстановление' },
  rout: { en: 'Rout', ru: 'Бегство' },
  other: { en: 'Other', ru: 'Другое' },
};

/**
 * A roll from the Fate deck: what for; the seat's unit it is made for (its Morale recorded);
 * for Fire, the seat's Weapons that fire (Jammed! breaks them); for melee, the hex.
 */
const roll: ChoicesOf<CcState> = (ctx, chosen) => {
  const fields: FieldChoices[] = [
    {
      path: 'purpose',
      pick: 'one',
      // Fire and Targeting only when a card played allows them.
      values: ROLL_PURPOSES.filter(
        (p) => (p !== 'fire' && p !== 'targeting') || fireRollAllowed(ctx.rs, ctx.seat, p),
      ).map((p) => ({ value: p, name: ROLL_NAMES[p] })),
    },
  ];
  const purpose = chosen.purpose;
  if (typeof purpose !== 'string') return fields;
  const units = piecesOf(ctx, (p) => p.owner === ctx.seat && isUnit(p) && onMap(p));
  if (purpose !== 'other' && units.length > 0)
    fields.push({ path: 'unit', pick: 'one', values: values(units) });
  if (purpose === 'fire') {
    const weapons = piecesOf(
      ctx,
      (p) =>
        p.owner === ctx.seat &&
        p.type === 'weapon' &&
        p.status !== 'destroyed' &&
        p.status !== 'broken',
    );
    if (weapons.length > 0)
      fields.push({
        path: 'weapons',
        pick: 'many',
        min: 0,
        max: Math.min(10, weapons.length),
        values: values(weapons),
      });
  }
  if (purpose === 'melee') {
    const hexes = [...new Set(units.map((u) => hexOfZone(u.zone)!))];
    fields.push({ path: 'hex', pick: 'one', tried: true, values: hexValues(hexes) });
  }
  return fields;
};

/** Hexes named as the map prints them, read A1, A2 … A10, B1 … */
function hexValues(hexes: readonly string[]): ChoiceValue[] {
  return hexes.map((hex) => ({ value: hex, name: both(hex) })).sort(byName());
}

/** Sniper!: a unit in the hex or adjacent (either side's), or none to decline. */
const sniper: ChoicesOf<CcState> = (ctx) => {
  const hex = ctx.rs.pending?.hex;
  if (!hex) return [];
  const units = piecesOf(ctx, (p) => {
    const at = hexOfZone(p.zone);
    return isUnit(p) && onMap(p) && at !== undefined && hexDistance(at, hex) <= 1;
  });
  return units.length > 0 ? [{ path: 'unit', pick: 'one', values: values(units) }] : [];
};

/** A Random Hex: for an Event, or to repair one of the seat's broken Weapons. */
const randomHex: ChoicesOf<CcState> = (ctx, chosen) => {
  const broken = piecesOf(
    ctx,
    (p) => p.owner === ctx.seat && p.type === 'weapon' && p.status === 'broken',
  );
  const fields: FieldChoices[] = [
    {
      path: 'purpose',
      pick: 'one',
      values: [
        { value: 'event', name: { en: 'An Event', ru: 'Событие' } },
        ...(broken.length > 0
          ? [{ value: 'repair', name: { en: 'Repairing a Weapon', ru: 'Починка Вооружения' } }]
          : []),
      ],
    },
  ];
  if (chosen.purpose === 'repair')
    fields.push({ path: 'weapon', pick: 'one', values: values(broken) });
  return fields;
};

/** The effects a claim may state under each rule (cc-outcomes checkEffect says the same). */
const PIECE_EFFECTS: EffectKind[] = [
  'break',
  'eliminate',
  'recover',
  'repair',
  'move',
  'exit',
  'return',
];
const EFFECTS_UNDER: Record<OutcomeAbout, EffectKind[]> = {
  fire: PIECE_EFFECTS,
  melee: PIECE_EFFECTS,
  move: PIECE_EFFECTS,
  morale: PIECE_EFFECTS,
  repair: PIECE_EFFECTS,
  event: [...PIECE_EFFECTS, 'show-hand'],
  victory: ['vp', 'end'],
  'sudden-death': ['end', 'vp'],
  initiative: ['initiative'],
};

/** A seat named by its player and side: «Аня (Германия)». */
function seatValue(ctx: Ctx, seat: string): ChoiceValue {
  const player = ctx.seats.find((s) => s.seat === seat)?.player?.name;
  const side = sideOf(ctx.rs, seat);
  const nation = side ? NATION_NAME[side.nationality] : undefined;
  const name = player ?? nation ?? both(seat);
  return {
    value: seat,
    name: typeof name === 'string' ? both(name) : name,
    ...(player && nation ? { hint: nation } : {}),
  };
}

const VP_AMOUNTS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, -2, -3, -4, -5];

/**
 * A claim [what the excerpt lacks]: the rule under which it is stated, then one effect (a
 * claim of several effects is several claims) with the pieces, hexes or seats it may apply to.
 */
const stateOutcome: ChoicesOf<CcState> = (ctx, chosen) => {
  const pending = ctx.rs.pending;
  const abouts = OUTCOME_ABOUTS.filter(
    (a) =>
      (a !== 'event' || (pending?.trigger === 'event' && pending.seat === ctx.seat)) &&
      (a !== 'sudden-death' || pending?.suddenDeath !== undefined),
  );
  const fields: FieldChoices[] = [
    {
      path: 'about',
      pick: 'one',
      tried: true,
      values: abouts.map((a) => ({ value: a, name: OUTCOME_ABOUT_NAMES[a] })),
    },
  ];
  const about = abouts.find((a) => a === chosen.about);
  if (!about) return fields;
  const at = 'effects.0';
  fields.push({
    path: `${at}.kind`,
    pick: 'one',
    tried: true,
    values: EFFECTS_UNDER[about].map((k) => ({ value: k, name: EFFECT_KIND_NAMES[k] })),
  });
  const effect = Array.isArray(chosen.effects)
    ? ((chosen.effects as unknown[])[0] as Record<string, unknown> | undefined)
    : undefined;
  const kind = effect?.kind as EffectKind | undefined;
  if (!kind || !EFFECTS_UNDER[about].includes(kind)) return fields;
  const inPlay = (p: Readonly<Piece>) =>
    p.type !== 'fate-card' &&
    p.status !== 'destroyed' &&
    (hexOfZone(p.zone) !== undefined || !isUnit(p));
  const pieceChoices: Partial<Record<EffectKind, (p: Readonly<Piece>) => boolean>> = {
    break: (p) => inPlay(p) && (isUnit(p) || p.type === 'weapon') && p.owner !== undefined,
    eliminate: (p) => inPlay(p) && p.owner !== undefined,
    recover: (p) => inPlay(p) && isUnit(p) && p.status === 'broken',
    repair: (p) => inPlay(p) && p.type === 'weapon' && p.status === 'broken',
    move: (p) => isUnit(p) && onMap(p),
    exit: (p) => isUnit(p) && onMap(p),
    return: (p) => isUnit(p) && p.status === 'destroyed',
  };
  const keep = pieceChoices[kind];
  if (keep)
    fields.push({
      path: `${at}.piece`,
      pick: 'one',
      values: values(piecesOf(ctx, (p) => p.type !== 'fate-card' && keep(p))),
    });
  if (kind === 'move' || kind === 'return')
    fields.push({ path: `${at}.to`, pick: 'one', values: hexValues(hexesOf(ctx.rs.grid)) });
  if (['vp', 'end', 'initiative', 'show-hand'].includes(kind)) {
    const seats = ctx.rs.sides
      .map((s) => s.seat)
      .filter((s) => kind !== 'initiative' || s !== ctx.rs.initiative)
      .filter((s) => kind !== 'show-hand' || s !== ctx.seat);
    fields.push({ path: `${at}.seat`, pick: 'one', values: seats.map((s) => seatValue(ctx, s)) });
  }
  if (kind === 'vp')
    fields.push({
      path: `${at}.amount`,
      pick: 'one',
      values: VP_AMOUNTS.map((n) => ({
        value: n,
        name: both(n > 0 ? `+${n}` : `−${-n}`),
      })),
    });
  return fields;
};

/** A pending claim in words: «Огонь: Сломить подразделение — Гвардейское отделение 2». */
function outcomeValue(ctx: Ctx, o: PendingOutcome): ChoiceValue {
  const effect = (e: PendingOutcome['effects'][number]) => {
    const kind = EFFECT_KIND_NAMES[e.kind as EffectKind] ?? both(e.kind);
    const piece = e.piece ? own(ctx.table.pieces, e.piece) : undefined;
    const what: LocalizedText[] = [];
    if (piece) what.push(pieceName(piece));
    if (e.to) what.push({ en: `to ${e.to}`, ru: `в ${e.to}` });
    if (e.seat) what.push(seatValue(ctx, e.seat).name);
    if (e.amount !== undefined) what.push(both(e.amount > 0 ? `+${e.amount}` : `−${-e.amount}`));
    return {
      en: [kind.en, ...what.map((w) => w.en)].join(' '),
      ru: [kind.ru, ...what.map((w) => w.ru)].join(' '),
    };
  };
  const effects = o.effects.map(effect);
  const about = OUTCOME_ABOUT_NAMES[o.about];
  const by = seatValue(ctx, o.seat).name;
  const none = { en: 'nothing happens', ru: 'ничего не происходит' };
  const list = effects.length ? effects : [none];
  return {
    value: o.id,
    name: {
      en: `${about.en}: ${list.map((e) => e.en).join('; ')}`,
      ru: `${about.ru}: ${list.map((e) => e.ru).join('; ')}`,
    },
    hint: { en: `stated by ${by.en}`, ru: `заявил(а) ${by.ru}` },
  };
}

/** Confirming: only the other player's pending claims. */
const confirmOutcome: ChoicesOf<CcState> = (ctx) => [
  {
    path: 'id',
    pick: 'one',
    values: Object.values(ctx.rs.outcomes.pending)
      .filter((o) => o.seat !== ctx.seat)
      .map((o) => outcomeValue(ctx, o)),
  },
];

/** Rejecting (or withdrawing one's own): the pending claims. */
const rejectOutcome: ChoicesOf<CcState> = (ctx) => [
  {
    path: 'id',
    pick: 'one',
    values: Object.values(ctx.rs.outcomes.pending).map((o) => outcomeValue(ctx, o)),
  },
];

export const CC_FIELD_CHOICES: Record<string, ChoicesOf<CcState>> = {
  order,
  action,
  discard,
  roll,
  sniper,
  'random-hex': randomHex,
  'state-outcome': stateOutcome,
  'confirm-outcome': confirmOutcome,
  'reject-outcome': rejectOutcome,
};
