import { own } from '../../../shared/id-record';
import type { LocalizedText } from '../../../shared/localized-text';
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
import { hexDistance, hexOfZone, normalizeHex } from '../cc-map';
import { RULES } from '../cc-rules-text';
import type { CcState } from '../cc-state';
import { CcRandomHexParams, CcRollParams, CcSniperParams, ROLL_PURPOSES } from './rolls.params';

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
      // Fire and Targeting only when a card played allows them.
      values: ROLL_PURPOSES.filter(
        (p) => (p !== 'fire' && p !== 'targeting') || fireRollAllowed(ctx.rs, ctx.seat, p),
      ).map((p) => ({ value: p, name: ROLL_NAMES[p] })),
    },
  ];
  const purpose = chosen.purpose;
  if (typeof purpose !== 'string') return fields;
  const units = piecesOf(ctx, (p) => p.owner === ctx.seat && isUnit(p) && pieceOnMap(p));
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
    decide(d, { purpose, unit, weapons, hex }) {
      d.requireBegun();
      if (purpose === 'fire' || purpose === 'targeting') requireFireCard(d, purpose);
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

/**
 * Whether a card played from the hand allows the seat a Fire roll now (Fate cards): in its own Turn
 * the Order being carried out is Fire; in the opponent's Turn it played a Fire Action (Op
 * Fire) since the opponent's last Order. A Targeting roll is Ordnance's, which never Op
 * Fires, so only a Fire Order allows it.
 */
export function fireRollAllowed(
  rs: Pick<CcState, 'turn'>,
  seat: string,
  purpose: 'fire' | 'targeting',
): boolean {
  const turn = rs.turn;
  if (!turn) return false;
  if (turn.seat === seat) return turn.lastOrder?.toLowerCase() === 'fire';
  return purpose === 'fire' && (turn.opFire ?? []).includes(seat);
}

/** Refuses a Fire or Targeting roll no Fire card allows; refused, it reveals no card (no Jammed!). */
function requireFireCard(d: CcDraft, purpose: 'fire' | 'targeting'): void {
  if (fireRollAllowed(d.rs, d.seat, purpose)) return;
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
