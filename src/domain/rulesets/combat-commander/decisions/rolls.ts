import { own } from '../../../shared/id-record';
import { ruCount, type LocalizedText } from '../../../shared/localized-text';
import type { Piece } from '../../../table/table';
import type { ChoicesOf, FieldChoices } from '../../decision-choices';
import { hexValues, isUnit, pieceOnMap, piecesOf, values } from '../cc-choice-values';
import type { DecisionSpec } from '../../ruleset';
import {
  ccDecision,
  moraleOf,
  opponentOf,
  pieceLabel,
  pieceNames,
  UNIT_KINDS,
  unitsIn,
  type CcDraft,
} from '../cc-draft';
import { isOrder } from '../cc-cards';
import { hexDistance, hexOfZone, normalizeHex } from '../cc-map';
import { RULES } from '../cc-rules-text';
import type { CcState } from '../cc-state';
import {
  CcRandomHexParams,
  CcRollParams,
  CcSniperParams,
  ROLL_PURPOSES,
  type RollPurpose,
} from './rolls.params';

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
const rollChoices: ChoicesOf<CcState> = (ctx, chosen) => {
  const fields: FieldChoices[] = [
    {
      path: 'purpose',
      pick: 'one',
      // Only the rolls a card played from the hand allows now.
      values: ROLL_PURPOSES.filter((p) => rollAllowed(ctx.rs, ctx.seat, p)).map((p) => ({
        value: p,
        name: ROLL_NAMES[p],
      })),
    },
  ];
  const purpose = chosen.purpose;
  if (typeof purpose !== 'string') return fields;
  const units = piecesOf(ctx, (p) => p.owner === ctx.seat && isUnit(p) && pieceOnMap(p));
  if (purpose !== 'other' && units.length > 0)
    fields.push({ path: 'unit', pick: 'one', values: values(units) });
  if (purpose === 'fire' || purpose === 'targeting') {
    const group = Array.isArray(chosen.group)
      ? units.filter((u) => (chosen.group as unknown[]).includes(u.id))
      : [];
    const reach = (u: Readonly<Piece>, at: string) =>
      hexDistance(hexOfZone(u.zone)!, at) <= rangeOf(u);
    const enemies = piecesOf(
      ctx,
      (p) => p.owner !== ctx.seat && isUnit(p) && pieceOnMap(p) && hexOfZone(p.zone) !== undefined,
    );
    // A group and a target only when some unit of the seat has an enemy in Range; the targets
    // are those in Range of every unit chosen.
    const reachable = enemies.filter((e) => units.some((u) => reach(u, hexOfZone(e.zone)!)));
    if (reachable.length > 0) {
      fields.push({
        path: 'group',
        pick: 'many',
        min: 0,
        max: Math.min(10, units.length),
        values: values(units),
      });
      const targets = reachable.filter((e) => group.every((u) => reach(u, hexOfZone(e.zone)!)));
      if (targets.length > 0)
        fields.push({ path: 'target', pick: 'one', tried: true, values: values(targets) });
    }
  }
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

/** Sniper!: a unit in the hex or adjacent (either side's), or none to decline. */
const sniperChoices: ChoicesOf<CcState> = (ctx) => {
  const hex = ctx.rs.pending?.hex;
  if (!hex) return [];
  const units = piecesOf(ctx, (p) => {
    const at = hexOfZone(p.zone);
    return isUnit(p) && pieceOnMap(p) && at !== undefined && hexDistance(at, hex) <= 1;
  });
  return units.length > 0 ? [{ path: 'unit', pick: 'one', values: values(units) }] : [];
};

/** A Random Hex: for an Event, or to repair one of the seat's broken Weapons. */
const randomHexChoices: ChoicesOf<CcState> = (ctx, chosen) => {
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

/**
 * Rolls [1.9]: never from the hand, always the top card of a Fate deck. The trigger on it
 * is resolved before the result is applied; Event! and Sniper! wait for the reader's
 * statement and choice, Jammed! and Time! resolve at once.
 */
export const rollDecisions: Record<string, DecisionSpec<CcState, never>> = {
  roll: ccDecision<CcRollParams>({
    summary: {
      en: 'Roll: reveal the top Fate card and read its dice',
      ru: 'Бросок: открыть верхнюю карту Судьбы и прочесть кубики',
    },
    params: CcRollParams,
    examples: () => [{ purpose: 'other' }],
    example: { purpose: 'rout', unit: 'su-squad-2' },
    choices: rollChoices,
    turn: 'any',
    available: (ctx) => ctx.rs.begun && !ctx.rs.ended,
    decide(d, { purpose, unit, weapons, hex, group, target }) {
      d.requireBegun();
      requireRollCard(d, purpose);
      // A Fire that names a firing group or a target is checked (Range, the Weapons' carriers).
      if (
        (purpose === 'fire' || purpose === 'targeting') &&
        (group !== undefined || target !== undefined)
      )
        requireFireGroup(d, group, target, weapons);
      let morale;
      if (unit !== undefined) {
        const piece = own(d.table.pieces, unit);
        if (!piece || !UNIT_KINDS.has(piece.type) || !hexOfZone(piece.zone))
          return d.refuse(
            'unknown_unit',
            {
              en: `${pieceNames(piece, unit).en} is no unit on the map`,
              ru: `«${pieceNames(piece, unit).ru}» — не подразделение на карте`,
            },
            RULES.morale,
          );
        morale = moraleOf(d.table, piece);
      }
      if (weapons && weapons.length > 0) {
        if (purpose !== 'fire')
          d.refuse(
            'not_fire',
            {
              en: 'Weapons fire with a Fire roll',
              ru: 'Вооружение стреляет только при Броске на Стрельбу',
            },
            RULES.jammed,
          );
        for (const id of weapons) {
          const weapon = own(d.table.pieces, id);
          if (
            !weapon ||
            weapon.type !== 'weapon' ||
            weapon.owner !== d.seat ||
            weapon.status === 'destroyed'
          )
            return d.refuse(
              'not_your_weapon',
              {
                en: `${pieceNames(weapon, id).en} is none of your Weapons`,
                ru: `«${pieceNames(weapon, id).ru}» — не ваше Вооружение`,
              },
              RULES.jammed,
            );
          if (weapon.status === 'broken')
            d.refuse(
              'broken',
              {
                en: `${pieceLabel(weapon, id)} is broken and cannot fire`,
                ru: `Вооружение «${pieceNames(weapon, id).ru}» сломано и не может стрелять`,
              },
              RULES.brokenUnusable,
            );
        }
      }
      let meleeHex: string | undefined;
      if (hex !== undefined) {
        if (purpose !== 'melee')
          d.refuse(
            'not_melee',
            {
              en: 'A hex is given with a melee roll',
              ru: 'Гекс указывается только для броска в Рукопашной',
            },
            RULES.boxedMelee,
          );
        meleeHex = normalizeHex(hex);
        if (!d.onMap(meleeHex))
          d.refuse(
            'off_map',
            { en: `${hex} is not on the map`, ru: `Гекса ${hex} нет на карте` },
            RULES.hexId,
          );
        // Both players roll for the melee: the inactive player first.
        const active = d.rs.turn?.seat;
        const inactive = active ? opponentOf(d.rs, active) : undefined;
        const enemyThere = unitsIn(d.table, meleeHex).some((u) => u.owner === inactive);
        const inactiveRolled = d.rs.turn?.meleeRolls.some(
          (r) => r.seat === inactive && r.hex === meleeHex,
        );
        if (d.seat === active && enemyThere && !inactiveRolled)
          d.refuse(
            'inactive_first',
            {
              en: 'Both players roll for this melee: the inactive player rolls first',
              ru: 'В этой Рукопашной бросают оба игрока: первым бросает неактивный игрок',
            },
            RULES.inactiveFirst,
          );
      }
      d.fateRoll(d.seat, purpose, {
        ...(group && group.length > 0 ? { group: [...group] } : {}),
        ...(target ? { target } : {}),
        ...(unit ? { unit } : {}),
        ...(morale ? { morale } : {}),
        ...(weapons && weapons.length > 0 ? { weapons: [...weapons] } : {}),
        ...(meleeHex ? { meleeHex } : {}),
      });
    },
  }),

  sniper: ccDecision<CcSniperParams>({
    summary: {
      en: 'Sniper!: break one unit in the hex or adjacent, or decline',
      ru: 'Снайпер!: сломить подразделение в гексе или рядом, или отказаться',
    },
    params: CcSniperParams,
    examples: () => [{}],
    example: { unit: 'su-team' },
    choices: sniperChoices,
    turn: 'any',
    available: (ctx) =>
      ctx.rs.pending?.trigger === 'sniper' &&
      ctx.rs.pending.seat === ctx.seat &&
      ctx.rs.pending.hex !== undefined,
    decide(d, { unit }) {
      const pending = d.rs.pending;
      if (!pending || pending.trigger !== 'sniper' || pending.hex === undefined)
        return d.refuse(
          'no_sniper',
          {
            en: 'No Sniper! trigger is being resolved',
            ru: 'Сейчас не разыгрывается триггер «Снайпер!»',
          },
          RULES.sniper,
        );
      if (pending.seat !== d.seat)
        d.refuse(
          'not_the_roller',
          {
            en: 'The player who rolled Sniper! chooses',
            ru: 'Выбирает игрок, у которого выпал «Снайпер!»',
          },
          RULES.sniper,
        );
      if (unit !== undefined) {
        const piece = own(d.table.pieces, unit);
        const at = piece ? hexOfZone(piece.zone) : undefined;
        if (!piece || !UNIT_KINDS.has(piece.type) || !at || piece.status === 'destroyed')
          return d.refuse(
            'unknown_unit',
            {
              en: `${pieceNames(piece, unit).en} is no unit on the map`,
              ru: `«${pieceNames(piece, unit).ru}» — не подразделение на карте`,
            },
            RULES.sniper,
          );
        if (!d.adjacentOrSame(pending.hex, at))
          d.refuse(
            'out_of_reach',
            {
              en: `${pieceLabel(piece, unit)} is in ${at}, neither in ${pending.hex} nor adjacent`,
              ru: `«${pieceNames(piece, unit).ru}» стоит в гексе ${at}: это не ${pending.hex} и не соседний с ним гекс`,
            },
            RULES.sniper,
          );
      }
      d.own('SniperResolved', {
        roll: pending.roll,
        seat: d.seat,
        hex: pending.hex,
        ...(unit ? { unit } : {}),
      });
      if (unit) d.breakPiece(unit, 'sniper');
      d.updateControl();
      d.resolveTrigger();
    },
  }),

  'random-hex': ccDecision<CcRandomHexParams>({
    summary: {
      en: 'Reveal a Random Hex (for an Event or a Weapon repair)',
      ru: 'Открыть Случайный Гекс (для События или починки Вооружения)',
    },
    params: CcRandomHexParams,
    examples: () => [{ purpose: 'event' }],
    example: { purpose: 'repair', weapon: 'de-mg' },
    choices: randomHexChoices,
    turn: 'any',
    available: (ctx) => ctx.rs.begun && !ctx.rs.ended,
    decide(d, { purpose, weapon }) {
      d.requireBegun();
      if (purpose === 'repair') {
        const piece = weapon === undefined ? undefined : own(d.table.pieces, weapon);
        if (
          !piece ||
          piece.type !== 'weapon' ||
          piece.owner !== d.seat ||
          piece.status !== 'broken'
        )
          d.refuse(
            'not_broken_weapon',
            {
              en: `${weapon === undefined ? 'No Weapon named' : pieceNames(piece, weapon).en}: a repair is tried on one of your broken Weapons`,
              ru: `${weapon === undefined ? 'Вооружение не выбрано' : `«${pieceNames(piece, weapon).ru}»`}: починить можно только своё сломанное Вооружение`,
            },
            RULES.repair,
          );
      } else if (weapon !== undefined)
        d.refuse(
          'not_repair',
          {
            en: 'A Weapon is named for a repair',
            ru: 'Вооружение указывается только для починки',
          },
          RULES.repair,
        );
      const deckSeat = d.deckSeat(d.seat);
      const { id, card } = d.revealFrom(deckSeat);
      d.own('RandomHexDrawn', {
        card: id,
        hex: card.hex,
        number: Number(card.hex.slice(1)),
        purpose,
        ...(weapon ? { weapon } : {}),
      });
      d.afterDeckDraw(deckSeat);
    },
  }),
};

/** The rolls a card must allow: every purpose but "other" (an Event's roll, its text absent). */
type CardRoll = Exclude<RollPurpose, 'other'>;

/**
 * Whether a card played from the hand allows the seat this roll now [Карты судьбы]: in its own
 * Turn, the Order being carried out (Fire for Fire and Targeting, Recover for Recover); in the
 * opponent's Turn, a Fire Action (Op Fire) it played since the opponent's last Order. Defence
 * answers the other player's Fire (his Fire Order, or his Op Fire in one's own Turn); Rout and
 * Melee rolls belong to the Rout and Advance Orders being carried out, and the text does not
 * say which player makes them, so either may. A Targeting roll is Ordnance's, which never Op
 * Fires, so only a Fire Order allows it. While an Event! is being resolved, its text may call
 * for any roll but Fire («Бросок Рукопашной во время рукопашной, возникшей в результате события
 * „Проникновение“»); the texts [E43–E77] are absent, so each is allowed then. "Other" is the
 * roll such a text calls for, allowed at any time.
 */
export function rollAllowed(
  rs: Pick<CcState, 'turn' | 'pending'>,
  seat: string,
  purpose: RollPurpose,
): boolean {
  const turn = rs.turn;
  if (purpose === 'other') return true;
  if (rs.pending?.trigger === 'event' && purpose !== 'fire' && purpose !== 'targeting') return true;
  if (!turn) return false;
  const ownTurn = turn.seat === seat;
  const order = turn.lastOrder;
  switch (purpose) {
    case 'fire':
      return ownTurn ? isOrder(order, 'fire') : (turn.opFire ?? []).includes(seat);
    case 'targeting':
      return ownTurn && isOrder(order, 'fire');
    case 'recover':
      return ownTurn && isOrder(order, 'recover');
    case 'defence':
      return ownTurn ? (turn.opFire ?? []).some((s) => s !== seat) : isOrder(order, 'fire');
    case 'rout':
      return isOrder(order, 'rout');
    case 'melee':
      return isOrder(order, 'advance');
    case 'sudden-death':
      // Made only inside a Time! advance, never as a decision.
      return false;
  }
}

/** What allows each card roll, as the refusal names it. */
const ALLOWED_BY: Record<Exclude<CardRoll, 'fire' | 'targeting'>, LocalizedText> = {
  defence: {
    en: 'A Defence roll answers the other player’s Fire: his Fire Order being carried out, or his Fire Action (Op Fire) in your Turn, and there is none',
    ru: 'Бросок Защиты отвечает на Огонь другого игрока: его выполняемый Приказ «Огонь» или его Действие «Огонь» (Огонь по Обстоятельствам) в ваш Ход, а такого сейчас нет',
  },
  recover: {
    en: 'A Recover roll comes from a Recover Order played from the hand in your own Turn: no Recover Order is being carried out',
    ru: 'Бросок Восстановления делается по Приказу «Восстановление», сыгранному с руки в свой Ход, а сейчас такой Приказ не выполняется',
  },
  rout: {
    en: 'A Rout roll comes from a Rout Order played from the hand: no Rout Order is being carried out',
    ru: 'Бросок Бегства делается по Приказу «Бегство», сыгранному с руки, а сейчас такой Приказ не выполняется',
  },
  melee: {
    en: 'A Melee roll comes from an Advance Order played from the hand: no Advance Order is being carried out',
    ru: 'Бросок Рукопашной делается по Приказу «Наступление», сыгранному с руки, а сейчас такой Приказ не выполняется',
  },
  'sudden-death': {
    en: 'The Sudden Death roll is made inside a Time! advance, never on its own',
    ru: 'Бросок Внезапной Смерти делается только во время Продвижения Игрового Времени, а не сам по себе',
  },
};

/** Refuses a roll no card played from the hand allows; refused, it reveals no card (no Jammed!). */
function requireRollCard(d: CcDraft, purpose: RollPurpose): void {
  if (rollAllowed(d.rs, d.seat, purpose)) return;
  if (purpose !== 'fire' && purpose !== 'targeting' && purpose !== 'other')
    d.refuse('no_card', ALLOWED_BY[purpose], RULES.noCard);
  if (d.rs.turn?.seat === d.seat)
    d.refuse(
      'no_card',
      {
        en: 'A Fire roll comes from a Fire Order played from the hand: no Fire Order is being carried out',
        ru: 'Бросок на Стрельбу делается по Приказу «Огонь», сыгранному с руки, а сейчас Приказ «Огонь» не выполняется',
      },
      RULES.noCard,
    );
  if (purpose === 'targeting')
    d.refuse(
      'no_card',
      {
        en: 'Ordnance never Op Fires: a Targeting roll comes only from one’s own Fire Order',
        ru: 'Тяжёлое Вооружение не ведёт Огонь по Обстоятельствам: Бросок на Прицеливание делается только по своему Приказу «Огонь»',
      },
      RULES.ordnance,
    );
  d.refuse(
    'no_card',
    {
      en: 'In the opponent’s Turn a Fire roll comes from a Fire Action (Op Fire) played from the hand: you have played none since the opponent’s last Order',
      ru: 'В Ход противника Бросок на Стрельбу делается по Действию «Огонь» (Огонь по Обстоятельствам), сыгранному с руки, а вы его после последнего Приказа противника не играли',
    },
    RULES.noCard,
  );
}

/** A unit's or Weapon's Range, as its counter prints it (0 when none is given). */
function rangeOf(piece: Readonly<Piece>): number {
  return typeof piece.attrs.range === 'number' ? piece.attrs.range : 0;
}

/**
 * A Fire (or Targeting) that names its firing group or its target names both: the seat's units
 * on the map, and an enemy unit on the map; each unit of the group and each Weapon that fires must have the
 * target's hex within its Range [3.1.2] («максимальное число гексов, на которое подразделение
 * может Стрелять»), and a Weapon fires with the unit that carries it. Line of fire [10] needs
 * the map's obstacles, which a match's grid does not give, so it is not checked.
 */
function requireFireGroup(
  d: CcDraft,
  group: readonly string[] | undefined,
  target: string | undefined,
  weapons: readonly string[] | undefined,
): void {
  if (!group || group.length === 0)
    d.refuse(
      'no_firing_group',
      {
        en: 'A Fire at a target names its firing group: the units that fire',
        ru: 'Стрельба по цели называет Огневую группу — стреляющие подразделения',
      },
      RULES.range,
    );
  const target_ = target === undefined ? undefined : own(d.table.pieces, target);
  const targetHex = target_ ? hexOfZone(target_.zone) : undefined;
  if (
    target === undefined ||
    !target_ ||
    !UNIT_KINDS.has(target_.type) ||
    target_.owner === d.seat ||
    target_.status === 'destroyed' ||
    !targetHex
  )
    return d.refuse(
      'no_target',
      target === undefined
        ? {
            en: 'A Fire names its target: an enemy unit on the map',
            ru: 'При Стрельбе называется цель — вражеское подразделение на карте',
          }
        : {
            en: `${pieceNames(target_, target).en} is no enemy unit on the map`,
            ru: `«${pieceNames(target_, target).ru}» — не вражеское подразделение на карте`,
          },
      RULES.range,
    );
  const inRange = (piece: Readonly<Piece>, id: string, at: string) => {
    const distance = hexDistance(at, targetHex);
    const range = rangeOf(piece);
    if (distance > range)
      d.refuse(
        'out_of_range',
        {
          en: `${pieceNames(piece, id).en} in ${at} has Range ${range}; the target ${pieceNames(target_, target).en} in ${targetHex} is ${distance} hexes away`,
          ru: `У «${pieceNames(piece, id).ru}» в гексе ${at} Дальность ${range}, а цель «${pieceNames(target_, target).ru}» в гексе ${targetHex} — в ${ruCount(distance, 'гексе', 'гексах', 'гексах')} от него`,
        },
        RULES.range,
      );
  };
  for (const id of group ?? []) {
    const piece = own(d.table.pieces, id);
    const at = piece ? hexOfZone(piece.zone) : undefined;
    if (
      !piece ||
      !UNIT_KINDS.has(piece.type) ||
      piece.owner !== d.seat ||
      !at ||
      piece.status === 'destroyed'
    )
      return d.refuse(
        'not_your_unit',
        {
          en: `${pieceNames(piece, id).en} is none of your units on the map`,
          ru: `«${pieceNames(piece, id).ru}» — не ваше подразделение на карте`,
        },
        RULES.range,
      );
    inRange(piece, id, at);
  }
  for (const id of weapons ?? []) {
    const weapon = own(d.table.pieces, id);
    const carrier = weapon?.attrs.unit;
    if (!weapon || typeof carrier !== 'string') continue;
    if (!(group ?? []).includes(carrier))
      d.refuse(
        'weapon_without_carrier',
        {
          en: `${pieceLabel(weapon, id)} fires with the unit that carries it, ${pieceNames(own(d.table.pieces, carrier), carrier).en}, which is not in the firing group`,
          ru: `Вооружение «${pieceNames(weapon, id).ru}» стреляет вместе с несущим его подразделением «${pieceNames(own(d.table.pieces, carrier), carrier).ru}», а его нет в Огневой группе`,
        },
        RULES.range,
      );
    const at = hexOfZone(weapon.zone);
    if (at) inRange(weapon, id, at);
  }
}
