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
import type { CcEvents } from '../cc-events';
import {
  carrierOf,
  fireActivated,
  fireRecord,
  firerProblem,
  firers,
  fireTargets,
  isOrdnance,
  opFireTargets,
} from '../cc-fire';
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

const listed = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

const ROLL_NAMES: Record<(typeof ROLL_PURPOSES)[number], LocalizedText> = {
  fire: { en: 'Fire', ru: 'Огонь' },
  targeting: { en: 'Targeting (dice multiplied)', ru: 'Прицеливание (кубики перемножаются)' },
  defence: { en: 'Defence', ru: 'Защита' },
  melee: { en: 'Melee', ru: 'Рукопашная' },
  recover: { en: 'Recover', ru: 'Восстановление' },
  rout: { en: 'Rout', ru: 'Бегство' },
  other: { en: 'Other', ru: 'Другое' },
};

/**
 * A roll from the Fate deck: what for; the seat's unit it is made for (its Morale recorded);
 * for Fire and Targeting, the firers the card activated and the target they reach (cc-fire.ts);
 * for melee, the hex.
 */
const rollChoices: ChoicesOf<CcState> = (ctx, chosen) => {
  const fields: FieldChoices[] = [
    {
      path: 'purpose',
      pick: 'one',
      // Only the rolls a card played from the hand allows now.
      values: ROLL_PURPOSES.filter(
        (p) =>
          rollAllowed(ctx.rs, ctx.seat, p) &&
          // A Fire (or Targeting) needs a firer the card activated and a target it reaches.
          ((p !== 'fire' && p !== 'targeting') || firers(ctx, p).length > 0),
      ).map((p) => ({ value: p, name: ROLL_NAMES[p] })),
    },
  ];
  const purpose = chosen.purpose;
  if (typeof purpose !== 'string') return fields;
  const units = piecesOf(ctx, (p) => p.owner === ctx.seat && isUnit(p) && pieceOnMap(p));
  if (purpose !== 'other' && purpose !== 'fire' && purpose !== 'targeting' && units.length > 0)
    fields.push({ path: 'unit', pick: 'one', values: values(units) });
  if (purpose === 'fire' || purpose === 'targeting') {
    // The firers the card activated that reach some target, then the targets every firer
    // chosen reaches (Range, line of fire, Op Fire's moving units, Ordnance's Targeting).
    const able = firers(ctx, purpose);
    const chosenIds = [...listed(chosen.group), ...listed(chosen.weapons)];
    const groupUnits = able.filter((f) => isUnit(f.piece)).map((f) => f.piece);
    const weapons = able.filter((f) => !isUnit(f.piece)).map((f) => f.piece);
    if (groupUnits.length > 0)
      fields.push({
        path: 'group',
        pick: 'many',
        min: 0,
        max: Math.min(10, groupUnits.length),
        values: values(groupUnits),
      });
    if (weapons.length > 0)
      fields.push({
        path: 'weapons',
        pick: 'many',
        min: purpose === 'targeting' ? 1 : 0,
        max: purpose === 'targeting' ? 1 : Math.min(10, weapons.length),
        values: values(weapons),
      });
    const chosenFirers = able.filter((f) => chosenIds.includes(f.piece.id));
    const targets = fireTargets(ctx).filter((t) =>
      chosenFirers.length > 0
        ? chosenFirers.every((f) => f.targets.includes(t))
        : able.some((f) => f.targets.includes(t)),
    );
    if (targets.length > 0)
      fields.push({ path: 'target', pick: 'one', tried: true, values: values(targets) });
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
        if (purpose !== 'fire' && purpose !== 'targeting')
          d.refuse(
            'not_fire',
            {
              en: 'Weapons fire with a Fire roll (Ordnance with a Targeting roll first)',
              ru: 'Вооружение стреляет только при Броске на Стрельбу (Тяжёлое — сначала при Броске на Прицеливание)',
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
      // A Fire names its firing group and its target, and they are checked (cc-fire.ts).
      const fire =
        purpose === 'fire' || purpose === 'targeting'
          ? requireFire(d, purpose, group ?? [], target, weapons ?? [])
          : undefined;
      d.fateRoll(d.seat, purpose, {
        ...(fire ? { fire } : {}),
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

/** «в 7 гексах», «в 1 гексе». */
const hexesAway = (n: number): string => `в ${ruCount(n, 'гексе', 'гексах', 'гексах')}`;

/**
 * A Fire (or Targeting) names what fires and at what (cc-fire.ts): the firing group (units the
 * card activated) and its Weapons, and an enemy unit on the map as the target; each firer has
 * the target's hex within its own Range [3.1.2, 11] and a line of fire to it [10.2] (option
 * lineOfFire); Ordnance fires alone, a Targeting roll first [O20.2]; Op Fire shoots at the
 * enemy units moving [A33]. Returns what the roll records of it.
 */
function requireFire(
  d: CcDraft,
  purpose: 'fire' | 'targeting',
  group: readonly string[],
  target: string | undefined,
  weapons: readonly string[],
): NonNullable<CcEvents['FateRolled']['fire']> {
  const view = { table: d.table, rs: d.rs, seat: d.seat, options: d.options };
  const ordnance = weapons.filter((id) => isOrdnance(own(d.table.pieces, id)));
  if (purpose === 'targeting' && (weapons.length !== 1 || ordnance.length !== 1))
    d.refuse(
      'not_ordnance',
      {
        en: 'A Targeting roll is Ordnance’s: name the one Ordnance that fires',
        ru: 'Бросок на Прицеливание делает Тяжёлое Вооружение: укажите одно стреляющее Тяжёлое Вооружение',
      },
      RULES.ordnance,
    );
  if (group.length + weapons.length === 0)
    d.refuse(
      'no_firing_group',
      {
        en: 'A Fire names its firing group: the units (and Weapons) that fire',
        ru: 'При Стрельбе называется Огневая группа — стреляющие подразделения (и Вооружение)',
      },
      RULES.range,
    );
  if (ordnance.length > 0 && group.length + weapons.length > 1)
    d.refuse(
      'ordnance_in_group',
      {
        en: `${pieceNames(own(d.table.pieces, ordnance[0]), ordnance[0]).en} is Ordnance: it cannot be part of a Fire Group and fires alone`,
        ru: `«${pieceNames(own(d.table.pieces, ordnance[0]), ordnance[0]).ru}» — Тяжёлое Вооружение: оно не может входить в Огневую группу и стреляет одно`,
      },
      RULES.ordnance,
    );
  const aimed = target === undefined ? undefined : own(d.table.pieces, target);
  const targetHex = aimed ? hexOfZone(aimed.zone) : undefined;
  if (
    target === undefined ||
    !aimed ||
    !UNIT_KINDS.has(aimed.type) ||
    aimed.owner === d.seat ||
    aimed.status === 'destroyed' ||
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
            en: `${pieceNames(aimed, target).en} is no enemy unit on the map`,
            ru: `«${pieceNames(aimed, target).ru}» — не вражеское подразделение на карте`,
          },
      RULES.range,
    );
  const targetName = pieceNames(aimed, target);
  const moving = opFireTargets(d.rs, d.seat);
  if (moving && !moving.includes(target))
    d.refuse(
      'not_moving',
      {
        en: `Op Fire shoots at the enemy forces moving: ${targetName.en} is not among the units the opponent’s Order activated`,
        ru: `Огонь по Обстоятельствам ведётся по движущимся силам противника, а «${targetName.ru}» не среди подразделений, активированных Приказом противника`,
      },
      RULES.opFire,
    );
  const activated = fireActivated(d.rs, d.seat);
  const reaches = (piece: Readonly<Piece>, id: string) => {
    const problem = firerProblem(view, piece, targetHex);
    if (problem?.kind === 'range')
      d.refuse(
        'out_of_range',
        {
          en: `${pieceNames(piece, id).en} in ${problem.at} has Range ${problem.range}; the target ${targetName.en} in ${targetHex} is ${problem.distance} hexes away`,
          ru: `У «${pieceNames(piece, id).ru}» в гексе ${problem.at} Дальность ${problem.range}, а цель «${targetName.ru}» в гексе ${targetHex} — ${hexesAway(problem.distance)} от него`,
        },
        isUnit(piece) ? RULES.range : RULES.weaponStats,
      );
    if (problem?.kind === 'obstacle')
      d.refuse(
        'no_line_of_fire',
        {
          en: `No line of fire from ${pieceNames(piece, id).en} in ${problem.at} to ${targetName.en} in ${targetHex}: the obstacle in ${problem.obstacle} lies between`,
          ru: `Нет линии огня от «${pieceNames(piece, id).ru}» в гексе ${problem.at} до «${targetName.ru}» в гексе ${targetHex}: между ними препятствие в гексе ${problem.obstacle}`,
        },
        RULES.obstacle,
      );
  };
  const notActivated = (piece: Readonly<Piece> | undefined, id: string) =>
    d.refuse(
      'not_activated',
      {
        en: `${pieceNames(piece, id).en} was not activated for this Fire: the units the Fire Order (or one’s Op Fire) activated fire`,
        ru: `«${pieceNames(piece, id).ru}» не активировано для этой Стрельбы: стреляют подразделения, активированные Приказом «Огонь» (или своим Огнём по Обстоятельствам)`,
      },
      RULES.activate,
    );
  for (const id of group) {
    const piece = own(d.table.pieces, id);
    if (!piece || !isUnit(piece) || piece.owner !== d.seat || !pieceOnMap(piece))
      return d.refuse(
        'not_your_unit',
        {
          en: `${pieceNames(piece, id).en} is none of your units on the map`,
          ru: `«${pieceNames(piece, id).ru}» — не ваше подразделение на карте`,
        },
        RULES.range,
      );
    if (!activated.includes(id)) notActivated(piece, id);
    reaches(piece, id);
  }
  for (const id of weapons) {
    const weapon = own(d.table.pieces, id);
    if (!weapon) continue;
    const carrier = carrierOf(weapon);
    const carrierName =
      carrier === undefined ? undefined : pieceNames(own(d.table.pieces, carrier), carrier);
    if (!activated.includes(id) && !(carrier !== undefined && activated.includes(carrier)))
      d.refuse(
        'weapon_without_carrier',
        {
          en: `${pieceLabel(weapon, id)} fires with the unit that carries it${carrierName ? `, ${carrierName.en},` : ''} which was not activated for this Fire`,
          ru: `Вооружение «${pieceNames(weapon, id).ru}» стреляет вместе с несущим его подразделением${carrierName ? ` «${carrierName.ru}»` : ''}, а оно не активировано для этой Стрельбы`,
        },
        RULES.activate,
      );
    if (
      d.options.weaponFire === 'with-carrier' &&
      !isOrdnance(weapon) &&
      carrier !== undefined &&
      !group.includes(carrier)
    )
      d.refuse(
        'weapon_without_carrier',
        {
          en: `${pieceLabel(weapon, id)} fires with the unit that carries it, ${carrierName?.en}, which is not in the firing group`,
          ru: `Вооружение «${pieceNames(weapon, id).ru}» стреляет вместе с несущим его подразделением «${carrierName?.ru}», а его нет в Огневой группе`,
        },
        RULES.weaponStats,
      );
    if (
      purpose === 'fire' &&
      isOrdnance(weapon) &&
      !(d.rs.turn?.targeted ?? []).some(
        (t) => t.seat === d.seat && t.weapon === id && t.target === target,
      )
    )
      d.refuse(
        'not_targeted',
        {
          en: `${pieceLabel(weapon, id)} is Ordnance: it must first hit ${targetName.en} with a Targeting roll, then try to affect it`,
          ru: `«${pieceNames(weapon, id).ru}» — Тяжёлое Вооружение: сначала Бросок на Прицеливание по цели «${targetName.ru}», и только после этого попытка её поразить`,
        },
        RULES.ordnance,
      );
    reaches(weapon, id);
  }
  return fireRecord(view, [...group, ...weapons], targetHex);
}
