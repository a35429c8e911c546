import { own } from '../../../shared/id-record';
import type { LocalizedText } from '../../../shared/localized-text';
import type { Piece } from '../../../table/table';
import { both, type ChoicesOf, type ChoiceValue, type FieldChoices } from '../../decision-choices';
import { NATION_NAME } from '../cc-cards';
import { EFFECT_KIND_NAMES, OUTCOME_ABOUT_NAMES, type EffectKind } from '../cc-choice-names';
import {
  hexValues,
  isUnit,
  pieceName,
  pieceOnMap,
  piecesOf,
  values,
  type Ctx,
} from '../cc-choice-values';
import type { DecisionSpec } from '../../ruleset';
import {
  ccDecision,
  GAME_ENDED,
  opponentOf,
  sideOf,
  pieceNames,
  UNIT_KINDS,
  type CcDraft,
} from '../cc-draft';
import type { CcEffect } from '../cc-events';
import { hexesOf, hexOfZone, normalizeHex, onMap } from '../cc-map';
import { CC_OPTIONS, OUTCOME_ABOUTS, OUTCOME_OPTION, type OutcomeAbout } from '../cc-options';
import { CC_CHOICES, RULES } from '../cc-rules-text';
import type { CcState, PendingOutcome } from '../cc-state';
import { CcOutcomeIdParams, CcStateOutcomeParams, type CcEffectParams } from './outcomes.params';
import { CcNoParams } from './turn.params';

/**
 * What the excerpt lacks (fire and melee resolution, movement costs and LOS, Recover and
 * Rout, the Event texts, repair, victory points, Sudden Death, the end): a player states the
 * outcome under the option that names the missing rule, and the other player confirms it
 * (or a judge records the confirmation) — never an invented rule. The break ladder, Cover,
 * compass directions and Objective control that the text does state are applied by the
 * ruleset when the outcome is.
 */

export function lackingRule(about: OutcomeAbout): string {
  return CC_OPTIONS.find((o) => o.id === OUTCOME_OPTION[about])?.ruleRef ?? RULES.victory;
}

/**
 * No such claim waits (it was confirmed, rejected or never stated): matchlog's statements, not
 * a rule of the text, so no rule is cited.
 */
const NO_OUTCOME = {
  en: 'No such stated outcome awaits an answer',
  ru: 'Такого заявленного результата, ждущего ответа, нет',
};

const PIECE_KINDS = new Set(['break', 'eliminate', 'recover', 'repair', 'move', 'exit']);

function checkEffect(
  d: CcDraft,
  about: OutcomeAbout,
  effect: CcEffectParams,
  index: number,
): CcEffect {
  const rule = lackingRule(about);
  // Where in the claim: «Последствие 2», as the form numbers the effects.
  const at = { en: `Effect ${index + 1}`, ru: `Последствие ${index + 1}` };
  const named = (id: string | undefined) => {
    const names = pieceNames(id === undefined ? undefined : own(d.table.pieces, id), id ?? '');
    return { en: names.en, ru: `«${names.ru}»` };
  };
  const seatIs = (seat: string) => d.seatName(seat);
  const out: CcEffect = { kind: effect.kind };
  if (effect.kind === 'return') {
    // "Choose one eliminated unit" means any side's unit [Example A].
    const piece = effect.piece === undefined ? undefined : own(d.table.pieces, effect.piece);
    const to = effect.to === undefined ? undefined : normalizeHex(effect.to);
    if (!piece || !UNIT_KINDS.has(piece.type) || piece.status !== 'destroyed')
      return d.refuse(
        'not_eliminated',
        effect.piece === undefined
          ? {
              en: `${at.en}: choose an eliminated unit`,
              ru: `${at.ru}: выберите уничтоженное подразделение`,
            }
          : {
              en: `${at.en}: ${named(effect.piece).en} is no eliminated unit`,
              ru: `${at.ru}: ${named(effect.piece).ru} — не уничтоженное подразделение`,
            },
        rule,
      );
    if (!to || !onMap(to, d.rs.grid))
      return d.refuse(
        'off_map',
        {
          en: `${at.en}: a returned unit is placed in a hex of the map`,
          ru: `${at.ru}: возвращённое подразделение ставится в гекс карты`,
        },
        RULES.hexId,
      );
    return { kind: 'return', piece: piece.id, to };
  }
  if (PIECE_KINDS.has(effect.kind)) {
    const piece = effect.piece === undefined ? undefined : own(d.table.pieces, effect.piece);
    if (!piece || piece.type === 'fate-card' || piece.status === 'destroyed')
      d.refuse(
        'unknown_piece',
        effect.piece === undefined
          ? { en: `${at.en}: choose a piece`, ru: `${at.ru}: выберите фишку` }
          : {
              en: `${at.en}: ${named(effect.piece).en} is no piece in play`,
              ru: `${at.ru}: ${named(effect.piece).ru} — не фишка в игре`,
            },
        rule,
      );
    out.piece = piece.id;
    if (effect.kind === 'recover' && (!UNIT_KINDS.has(piece.type) || piece.status !== 'broken'))
      d.refuse(
        'not_broken',
        {
          en: `${at.en}: only a broken unit recovers`,
          ru: `${at.ru}: восстанавливается только сломленное подразделение`,
        },
        RULES.breakLadder,
      );
    if (effect.kind === 'repair' && (piece.type !== 'weapon' || piece.status !== 'broken'))
      d.refuse(
        'not_broken',
        {
          en: `${at.en}: only a broken Weapon is repaired`,
          ru: `${at.ru}: чинится только сломанное Вооружение`,
        },
        RULES.repair,
      );
    if (
      (effect.kind === 'move' || effect.kind === 'exit') &&
      !(UNIT_KINDS.has(piece.type) && hexOfZone(piece.zone))
    )
      d.refuse(
        'not_on_map',
        {
          en: `${at.en}: ${named(piece.id).en} is no unit on the map`,
          ru: `${at.ru}: ${named(piece.id).ru} — не подразделение на карте`,
        },
        rule,
      );
    if (effect.kind === 'move') {
      if (effect.to !== undefined) out.to = normalizeHex(effect.to);
      if (effect.direction !== undefined) out.direction = effect.direction;
      if (effect.distance !== undefined) out.distance = effect.distance;
      const to = d.targetHex(out, hexOfZone(piece.zone));
      if (!to || !onMap(to, d.rs.grid))
        d.refuse(
          'off_map',
          {
            en: `${at.en}: the move ends off the map`,
            ru: `${at.ru}: перемещение заканчивается за краем карты`,
          },
          effect.direction ? RULES.compass : RULES.hexId,
        );
    }
  }
  if (effect.kind === 'vp' || effect.kind === 'end') {
    if (about !== 'victory' && about !== 'sudden-death')
      d.refuse(
        'wrong_rule',
        {
          en: `${at.en}: victory points and the end are stated under the rule Victory (or Sudden Death)`,
          ru: `${at.ru}: победные очки и конец игры заявляются по правилу «Победа» (или «Внезапная Смерть»)`,
        },
        RULES.victory,
      );
    if (effect.seat !== undefined && !d.rs.sides.some((s) => s.seat === effect.seat))
      d.refuse(
        'unknown_seat',
        {
          en: `${at.en}: that player plays no side here`,
          ru: `${at.ru}: этот игрок не играет ни за одну сторону`,
        },
        RULES.victory,
      );
    if (effect.kind === 'vp' && (effect.seat === undefined || effect.amount === undefined))
      d.refuse(
        'incomplete',
        {
          en: `${at.en}: victory points name the player and how many`,
          ru: `${at.ru}: для победных очков укажите игрока и их число`,
        },
        RULES.victory,
      );
    if (effect.seat !== undefined) out.seat = effect.seat;
    if (effect.amount !== undefined) out.amount = effect.amount;
  } else if (about === 'sudden-death')
    d.refuse(
      'wrong_rule',
      {
        en: `${at.en}: a Sudden Death outcome is the end of the game (and its victory points) or nothing (the game goes on)`,
        ru: `${at.ru}: результат Внезапной Смерти — конец игры (и победные очки) или ничего (игра продолжается)`,
      },
      rule,
    );
  if (effect.kind === 'initiative' || effect.kind === 'reroll') {
    if (about !== 'initiative')
      d.refuse(
        'wrong_rule',
        {
          en: `${at.en}: the Initiative card's use is stated under the rule The Initiative card`,
          ru: `${at.ru}: применение Карты Инициативы заявляется по правилу «Карта Инициативы»`,
        },
        RULES.initiativeCard,
      );
  } else if (about === 'initiative')
    d.refuse(
      'wrong_rule',
      {
        en: `${at.en}: the Initiative card's use passes the card or makes a roll again`,
        ru: `${at.ru}: Карта Инициативы либо передаётся, либо даёт перебросить бросок`,
      },
      rule,
    );
  if (effect.kind === 'initiative') {
    // One card: it can only pass to the player who does not hold it.
    if (effect.seat === undefined || !d.rs.sides.some((s) => s.seat === effect.seat))
      d.refuse(
        'unknown_seat',
        {
          en: `${at.en}: name the player who takes the Initiative card`,
          ru: `${at.ru}: укажите игрока, который получает Карту Инициативы`,
        },
        rule,
      );
    if (effect.seat === d.rs.initiative)
      d.refuse(
        'holds_initiative',
        {
          en: `${at.en}: ${seatIs(effect.seat).en} already holds the Initiative card`,
          ru: `${at.ru}: Карта Инициативы уже у игрока ${seatIs(effect.seat).ru}`,
        },
        RULES.initiativeCard,
      );
    out.seat = effect.seat;
  }
  if (effect.kind === 'reroll') {
    const made = effect.roll === undefined ? undefined : own(d.rs.rollsMade, effect.roll);
    if (!made || effect.roll === undefined)
      return d.refuse(
        'unknown_roll',
        {
          en: `${at.en}: choose a roll that was made`,
          ru: `${at.ru}: выберите сделанный бросок`,
        },
        rule,
      );
    if (made.purpose === 'sudden-death')
      d.refuse(
        'inside_trigger',
        {
          en: `${at.en}: the Sudden Death roll is made inside the Time! trigger and decides its outcome`,
          ru: `${at.ru}: бросок Внезапной Смерти делается внутри триггера «Время!» и решает его исход`,
        },
        RULES.insideTrigger,
      );
    out.roll = effect.roll;
  }
  if (effect.kind === 'show-hand') {
    // Hands are hidden from the opponent [1.2]; only a card's Event overrides it (the Golden rule).
    if (about !== 'event')
      d.refuse(
        'hands_hidden',
        {
          en: `${at.en}: a hand is shown only by an Event (the card wins over the rule); hands are hidden`,
          ru: `${at.ru}: руку показывают только по Событию (карта важнее правила), иначе руки закрыты`,
        },
        RULES.knowledge,
      );
    if (effect.seat === undefined || !d.rs.sides.some((s) => s.seat === effect.seat))
      d.refuse(
        'unknown_seat',
        {
          en: `${at.en}: name the player whose hand is shown`,
          ru: `${at.ru}: укажите игрока, чья рука показывается`,
        },
        RULES.goldenExample,
      );
    if (effect.seat === d.seat)
      d.refuse(
        'own_hand',
        {
          en: `${at.en}: the reader knows their own hand`,
          ru: `${at.ru}: свою руку читающий и так знает`,
        },
        RULES.knowledge,
      );
    out.seat = effect.seat;
  }
  return out;
}

/**
 * Applies a stated outcome; an Event's statement also ends its trigger, and so does a Sudden
 * Death statement that does not end the game.
 */
function applyOutcome(
  d: CcDraft,
  outcome: Pick<PendingOutcome, 'about' | 'effects' | 'seat'>,
): void {
  d.applyEffects(outcome.effects, outcome.about, outcome.seat);
  if (outcome.about === 'event' && d.rs.pending?.trigger === 'event') d.resolveTrigger();
  if (outcome.about === 'sudden-death' && d.rs.pending?.suddenDeath && !d.finished)
    d.resolveTrigger();
}

/** «Ходячие раненые» [Е76] as a deck list may name it: by number, in Russian or in English. */
const WALKING_WOUNDED = /[EЕ]76|ходячие раненые|walking wounded/i;

/**
 * An Event that names a choice makes its reader choose when there is something to choose:
 * «Ходячие раненые» returns one eliminated unit, of either side, while any is eliminated.
 * The excerpt quotes no other Event's choice.
 */
function requireEventChoice(d: CcDraft, event: string, effects: readonly CcEffectParams[]): void {
  if (!WALKING_WOUNDED.test(event)) return;
  const eliminated = Object.values(d.table.pieces).some(
    (p) => UNIT_KINDS.has(p.type) && p.status === 'destroyed',
  );
  const returned = effects.filter((e) => e.kind === 'return');
  if (eliminated && returned.length !== 1)
    d.refuse(
      'event_choice',
      returned.length === 0
        ? {
            en: 'Walking Wounded: a unit is eliminated, so choose one eliminated unit (of either side) and return it to the battlefield',
            ru: '«Ходячие раненые»: уничтоженное подразделение есть, поэтому выберите одно уничтоженное подразделение (любой стороны) и верните его на поле боя',
          }
        : {
            en: `Walking Wounded returns one eliminated unit, not ${returned.length}`,
            ru: `«Ходячие раненые» возвращают одно уничтоженное подразделение, а не ${returned.length}`,
          },
      RULES.walkingWounded,
    );
}

/** The outcomes stated and not yet answered, in the order of their ids. */
const pendingOutcomes = (ctx: Ctx) => Object.keys(ctx.rs.outcomes.pending).sort();

/** The effects a claim may state under each rule (checkEffect above says the same). */
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
const stateOutcomeChoices: ChoicesOf<CcState> = (ctx, chosen) => {
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
    move: (p) => isUnit(p) && pieceOnMap(p),
    exit: (p) => isUnit(p) && pieceOnMap(p),
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
const confirmOutcomeChoices: ChoicesOf<CcState> = (ctx) => [
  {
    path: 'id',
    pick: 'one',
    values: Object.values(ctx.rs.outcomes.pending)
      .filter((o) => o.seat !== ctx.seat)
      .map((o) => outcomeValue(ctx, o)),
  },
];

/** Rejecting (or withdrawing one's own): the pending claims. */
const rejectOutcomeChoices: ChoicesOf<CcState> = (ctx) => [
  {
    path: 'id',
    pick: 'one',
    values: Object.values(ctx.rs.outcomes.pending).map((o) => outcomeValue(ctx, o)),
  },
];

export const outcomeDecisions: Record<string, DecisionSpec<CcState, never>> = {
  'state-outcome': ccDecision<CcStateOutcomeParams>({
    summary: {
      en: 'State an outcome the rules excerpt lacks',
      ru: 'Заявить результат, которого нет в отрывке правил',
    },
    params: CcStateOutcomeParams,
    examples: () => [{ about: 'fire', effects: [] }],
    example: {
      about: 'morale',
      effects: [{ kind: 'move', piece: 'su-squad-2', to: 'F5' }],
      note: 'Rout roll 7 against Morale 6: the unit routs one hex',
    },
    choices: stateOutcomeChoices,
    turn: 'any',
    available: (ctx) => ctx.rs.begun && !ctx.rs.ended,
    decide(d, { about, effects, note }) {
      d.requireBegun();
      const pending = d.rs.pending;
      if (about === 'event') {
        if (pending?.trigger !== 'event' || pending.event === undefined)
          return d.refuse(
            'no_event',
            { en: 'No Event is being resolved', ru: 'Сейчас не разыгрывается Событие' },
            RULES.event,
          );
        if (pending.seat !== d.seat)
          d.refuse(
            'not_the_reader',
            {
              en: 'The player who reads the Event makes its choices',
              ru: 'Решения События принимает игрок, который его зачитывает',
            },
            RULES.eventChoices,
          );
        if (Object.values(d.rs.outcomes.pending).some((o) => o.about === 'event'))
          d.refuse(
            'event_stated',
            {
              en: 'The Event’s outcome is already stated: confirm or reject it first',
              ru: 'Результат События уже заявлен: сначала подтвердите или отклоните его',
            },
            RULES.event,
          );
        requireEventChoice(d, pending.event, effects);
      }
      if (about === 'sudden-death') {
        if (!pending?.suddenDeath)
          return d.refuse(
            'no_sudden_death',
            {
              en: 'No Sudden Death roll awaits its outcome',
              ru: 'Нет броска Внезапной Смерти, ждущего результата',
            },
            RULES.insideTrigger,
          );
        if (Object.values(d.rs.outcomes.pending).some((o) => o.about === 'sudden-death'))
          d.refuse(
            'sudden_death_stated',
            {
              en: 'The Sudden Death outcome is already stated: confirm or reject it first',
              ru: 'Результат Внезапной Смерти уже заявлен: сначала подтвердите или отклоните его',
            },
            RULES.insideTrigger,
          );
      }
      const checked = effects.map((e, i) => checkEffect(d, about, e, i));
      const id = `o${d.rs.outcomes.next}`;
      const asStated = d.options[OUTCOME_OPTION[about]] === 'as-stated';
      d.own('OutcomeStated', {
        id,
        seat: d.seat,
        about,
        effects: checked,
        ...(note ? { note } : {}),
        ...(about === 'event' && pending ? { roll: pending.roll } : {}),
        ...(about === 'sudden-death' && pending?.suddenDeath
          ? { roll: pending.suddenDeath.roll }
          : {}),
        ruleRef: about === 'event' ? `${lackingRule(about)} / ${RULES.golden}` : lackingRule(about),
        ...(asStated ? { applied: true } : {}),
      });
      if (asStated) applyOutcome(d, { about, effects: checked, seat: d.seat });
    },
  }),

  'confirm-outcome': ccDecision<CcOutcomeIdParams>({
    summary: {
      en: 'Confirm the other player’s stated outcome',
      ru: 'Подтвердить заявленный соперником результат',
    },
    params: CcOutcomeIdParams,
    examples: (ctx) =>
      Object.values(ctx.rs.outcomes.pending)
        .filter((o) => o.seat !== ctx.seat)
        .map((o) => ({ id: o.id }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    example: { id: 'o1' },
    choices: confirmOutcomeChoices,
    turn: 'any',
    // The other player confirms, or a judge of the match records it for them.
    by: 'seat-or-judge',
    available: (ctx) => Object.values(ctx.rs.outcomes.pending).some((o) => o.seat !== ctx.seat),
    decide(d, { id }) {
      const outcome = own(d.rs.outcomes.pending, id);
      if (!outcome) return d.refuse('no_outcome', NO_OUTCOME);
      if (outcome.seat === d.seat)
        d.refuse(
          'own_outcome',
          {
            en: 'A stated outcome is confirmed by the other player',
            ru: 'Заявленный результат подтверждает соперник',
          },
          lackingRule(outcome.about),
        );
      d.own('OutcomeConfirmed', { id, by: d.seat, ...(d.byJudge ? { judge: true } : {}) });
      applyOutcome(d, outcome);
    },
  }),

  concede: ccDecision({
    summary: {
      en: 'Concede: the match ends and the other side wins (the excerpt is silent on conceding; matchlog’s choice)',
      ru: 'Сдаться: матч заканчивается, побеждает соперник (отрывок правил о сдаче молчит; выбор сервиса)',
    },
    params: CcNoParams,
    examples: () => [{}],
    example: {},
    turn: 'any',
    // A seat concedes, or a judge of the match records the concession for it.
    by: 'seat-or-judge',
    available: (ctx) => !ctx.rs.ended,
    decide(d) {
      if (d.rs.ended) d.refuse('ended', GAME_ENDED, RULES.victory);
      d.finish(
        [opponentOf(d.rs, d.seat)],
        `concession by ${d.seat}${d.byJudge ? ' (recorded by a judge)' : ''}`,
        CC_CHOICES.concession,
      );
    },
  }),

  'reject-outcome': ccDecision<CcOutcomeIdParams>({
    summary: {
      en: 'Reject (or withdraw) a stated outcome',
      ru: 'Отклонить (или отозвать) заявленный результат',
    },
    params: CcOutcomeIdParams,
    examples: (ctx) => pendingOutcomes(ctx).map((id) => ({ id })),
    example: { id: 'o1' },
    choices: rejectOutcomeChoices,
    turn: 'any',
    available: (ctx) => Object.keys(ctx.rs.outcomes.pending).length > 0,
    decide(d, { id }) {
      if (!own(d.rs.outcomes.pending, id)) d.refuse('no_outcome', NO_OUTCOME);
      d.own('OutcomeRejected', { id, by: d.seat });
    },
  }),
};
