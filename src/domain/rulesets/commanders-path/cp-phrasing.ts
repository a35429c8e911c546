import { own } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import { TABLE_DECISIONS, type PhraseNames } from '../kit';
import type { LocalizedText } from '../../shared/localized-text';
import type { Lang } from '../ruleset';
import type { RussianCase } from '../../naming/russian-name-cases';
import { DISTANCE_NAMES, WEAPON_NAMES } from './cp-cards';
import { PRODUCTION_STEP_NAMES } from './cp-words';

/** Readable sentences, in English and Russian, for the ruleset's own events. */

type Data = Record<string, unknown>;
/** A sentence, or undefined where the generic one says it better. */
type Phrase = (data: Data, lang: Lang, w: Words) => string | undefined;

/** Names of the match's seats, cards and zones, from the caller (ids when none is given). */
interface Words {
  who(seat: unknown): string;
  /** A seat's name in a Russian case («поправку Егора»). */
  whoIn(seat: unknown, grammaticalCase: RussianCase): string;
  piece(id: unknown): string;
  /** Piece ids as names, joined; the caller's array is left as it is. */
  pieces(ids: unknown): string[];
  zone(id: unknown): string;
}

function wordsOf(lang: Lang, names: PhraseNames = {}): Words {
  const piece = (id: unknown): string =>
    typeof id === 'string' ? (names.piece?.(id, lang) ?? id) : name(id);
  return {
    who: (seat) => (typeof seat === 'string' ? (names.seat?.(seat, lang) ?? seat) : s(seat)),
    whoIn: (seat, grammaticalCase) =>
      typeof seat === 'string'
        ? (names.seatIn?.(seat, lang, grammaticalCase) ?? names.seat?.(seat, lang) ?? seat)
        : s(seat),
    piece,
    pieces: (ids) => (Array.isArray(ids) ? ids.map(piece) : []),
    zone: (id) => (typeof id === 'string' ? (names.zone?.(id, lang) ?? id) : s(id)),
  };
}

const s = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
/** A manual adjustment as players count them: its id `m3` is the third one, «№3». */
const adjustmentNo = (id: unknown): string => {
  const n = /^m(\d+)$/.exec(s(id))?.[1];
  return n === undefined ? '' : `№${n}`;
};
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(s) : []);
const t = (lang: Lang, en: string, ru: string): string => (lang === 'ru' ? ru : en);
const RU_PLURAL = new Intl.PluralRules('ru');
/** "1 карту", "3 карты", "5 карт": a count and its noun in the form Russian gives that count. */
const ruCount = (n: unknown, one: string, few: string, many: string): string => {
  const count = Number(n);
  if (!Number.isFinite(count)) return `${s(n)} ${many}`;
  const form = RU_PLURAL.select(count);
  return `${count} ${form === 'one' ? one : form === 'few' || form === 'other' ? few : many}`;
};
/** A manual adjustment by the table decision it makes («переместить фигуры или флот»). */
const manual = (kind: unknown, lang: Lang): string =>
  own(TABLE_DECISIONS, s(kind))?.summary[lang].toLowerCase() ?? s(kind);
/** How control of an object passed: a word of the terms below. */
const via = (v: unknown, lang: Lang): string => own(CP_TERMS, s(v))?.[lang] ?? s(v);
const dist = (v: unknown, lang: Lang): string => own(DISTANCE_NAMES, s(v))?.[lang] ?? s(v);
const weapon = (v: unknown, lang: Lang): string => own(WEAPON_NAMES, s(v))?.[lang] ?? s(v);
const name = (v: unknown): string => {
  const o = v as { name?: string; piece?: string } | undefined;
  return o?.name ?? o?.piece ?? s(v);
};

/** "P − S = 10 − 3 = 7" from a recorded formula. */
export function renderFormula(target: Data): string {
  const formula = s(target.formula);
  const inputs = (target.inputs ?? {}) as Record<string, unknown>;
  // Annotations such as "(atmosphere)" are words, not arithmetic: leave them out of the numbers.
  let numeric = formula.replace(/\s*\([a-z][a-z -]+\)/g, '');
  for (const [key, value] of Object.entries(inputs))
    numeric = numeric.replace(new RegExp(`\\b${key}\\b`, 'g'), s(value));
  const applied = s(target.applied);
  return numeric.trim() === formula.trim()
    ? `${formula} = ${applied}`
    : `${formula} = ${numeric.trim()} → ${applied}`;
}

/** The recorded formulas' words in Russian (the numbers and the rules' letters P, A, S stay). */
const FORMULA_RU: [RegExp, string][] = [
  [/remaining durability of the target/g, 'остаток прочности цели'],
  [/durability of the rammer/g, 'прочность тарана'],
  [/durability of the target/g, 'прочность цели'],
  [/of the rammer/g, 'тарана'],
  [/of the target/g, 'цели'],
  [/\(atmosphere\)/g, '(атмосфера)'],
  [/evasive manoeuvre/g, 'манёвр уклонения'],
  [/light-ship manoeuvre lost/g, 'манёвр лёгкого корабля проигран'],
  [/\bhits\b/g, 'попадания'],
  [/\bmax\(/g, 'макс('],
];

/** A recorded formula with its numbers, in the page's language ("P − S = 10 − 3 = 7"). */
export function formulaText(target: Data, lang: Lang): string {
  const text = renderFormula(target);
  return lang === 'ru' ? FORMULA_RU.reduce((t, [from, to]) => t.replace(from, to), text) : text;
}

function targetLine(target: Data, lang: Lang): string {
  const dmg = `${s(target.damageAfter)}/${s(target.limit)}`;
  const parts: string[] = [];
  // Point defence first: the hits it leaves are the formula's.
  if (target.pointDefence) {
    const pd = target.pointDefence as Data;
    parts.push(
      t(
        lang,
        `point defence ${list(pd.faces).join(',')} shot down ${s(pd.intercepted)}`,
        `ПРО ${list(pd.faces).join(',')} сбила ${s(pd.intercepted)}`,
      ),
    );
  }
  parts.push(formulaText(target, lang));
  if (target.evaded) parts.push(t(lang, 'evaded', 'уклонился'));
  if (target.manoeuvre) {
    const m = target.manoeuvre as Data;
    parts.push(
      t(
        lang,
        `manoeuvre ${s(m.attackerTotal)} vs ${s(m.defenderTotal)}`,
        `маневр ${s(m.attackerTotal)} против ${s(m.defenderTotal)}`,
      ),
    );
  }
  parts.push(t(lang, `damage ${dmg}`, `повреждения ${dmg}`));
  if (target.destroyed) parts.push(t(lang, 'destroyed', 'уничтожен'));
  return `${s(target.name)}: ${parts.join(', ')}`;
}

/** Why a hand is drawn (`HandDrawn.reason`), as the sentence ends: «берёт 15 карт в начальную руку». */
const DRAW_REASONS: Record<string, LocalizedText> = {
  setup: { en: 'for the opening hand', ru: 'в начальную руку' },
  redeal: { en: 'in a redeal', ru: 'при пересдаче' },
  refill: { en: 'to bring the hand to 7', ru: 'до 7 карт в руке' },
};

/**
 * What a change of a card's figures means at the table, one clause per attribute the rules
 * set («Планета «Эдем»: построена рубашкой вверх»); an attribute of a card text, as recorded.
 */
function cardChanges(d: Data, l: Lang, w: Words): string[] {
  const a = (d.attrs ?? {}) as Data;
  const out: string[] = [];
  const say = (en: string, ru: string) => out.push(t(l, en, ru));
  if (a.built === true) say('built face down', 'постройка завершена, карта рубашкой вверх');
  else if (a.faceDown === true && typeof a.tokens === 'number')
    say(
      `in production, ${a.tokens} production tokens`,
      `в производстве, жетонов производства: ${a.tokens}`,
    );
  else if (a.faceDown === true) say('face down', 'карта рубашкой вверх');
  else if (a.faceDown === null && 'tokens' in a)
    say('built and turned face up', 'постройка завершена, карта открыта');
  else if (a.faceDown === null) say('turned face up', 'карта открыта');
  for (const [key, value] of Object.entries(a)) {
    if (key === 'built' || key === 'faceDown' || key === 'tokens') continue;
    if (key === 'builtTurn') continue;
    if (key === 'host')
      say(`carries the Commander: ${w.piece(value)}`, `Командор на карте ${w.piece(value)}`);
    else if (key === 'controller') say(`held by ${w.who(value)}`, `под контролем: ${w.who(value)}`);
    else if (key === 'blockadedBy')
      say(
        value === null ? 'blockade lifted' : `blockaded by ${w.who(value)}`,
        value === null ? 'блокада снята' : `блокада: ${w.who(value)}`,
      );
    else if (key === 'attachedTo')
      say(`attached to ${w.piece(value)}`, `лежит под картой ${w.piece(value)}`);
    else if (key === 'damage' || key === 'bombDamage')
      say(
        value ? `damage ${s(value)}` : 'damage removed',
        value ? `повреждения: ${s(value)}` : 'повреждения сняты',
      );
    else if (key === 'variant') say(`variant ${Number(value) + 1}`, `вариант ${Number(value) + 1}`);
    else say(`${key} = ${JSON.stringify(value)}`, `${via(key, l)} = ${JSON.stringify(value)}`);
  }
  return out;
}

const phrases: Record<string, Phrase> = {
  PieceChanged: (d, l, w) => {
    const a = (d.attrs ?? {}) as Data;
    // A card turned face up gets its printed figures (cardAttrs): its name says it.
    if (typeof a.card === 'string' && typeof a.name === 'string') {
      const printed = t(l, s(a.nameEn ?? a.name), s(a.name));
      return t(l, `Card turned face up: ${printed}`, `Карта открыта: ${printed}`);
    }
    const changes = cardChanges(d, l, w);
    // A change of status, owner or type is the generic sentence's.
    if (d.status !== undefined || d.owner !== undefined || d.type !== undefined || !changes.length)
      return undefined;
    return `${w.piece(d.piece)}: ${changes.join('; ')}`;
  },
  DeckRegistered: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} registered a deck of ${s(d.count)} cards`,
      `${w.who(d.seat)} регистрирует колоду: ${ruCount(d.count, 'карта', 'карты', 'карт')}`,
    ),
  DeckBound: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)}'s cards were bound to hidden ids`,
      `Карты ${w.who(d.seat)} привязаны к скрытым номерам`,
    ),
  HandDrawn: (d, l, w) => {
    const why = own(DRAW_REASONS, s(d.reason));
    return t(
      l,
      `${w.who(d.seat)} drew ${s(d.count)} cards${why ? ` ${why.en}` : ''}`,
      `${w.who(d.seat)} берёт ${ruCount(d.count, 'карту', 'карты', 'карт')}${why ? ` ${why.ru}` : ''}`,
    );
  },
  HandDealt: (d, l, w) =>
    Number(d.deal) === 0
      ? t(
          l,
          `${w.who(d.seat)} took the opening hand of ${s(d.size)}`,
          `${w.who(d.seat)} берёт на руку ${ruCount(d.size, 'карту', 'карты', 'карт')}`,
        )
      : t(
          l,
          `${w.who(d.seat)} redealt (${s(d.deal)}): ${s(d.size)} cards`,
          `${w.who(d.seat)} пересдаёт (${s(d.deal)}-й раз): ${ruCount(d.size, 'карта', 'карты', 'карт')}`,
        ),
  SetupSpent: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} spent ${s(d.spent)} setup resources; ${s(d.leftover)} became action tokens`,
      `${w.who(d.seat)} тратит ${ruCount(d.spent, 'ресурс', 'ресурса', 'ресурсов')}; ${s(d.leftover)} — в фишки действия`,
    ),
  CommandersRevealed: (_d, l) =>
    t(l, 'Commanders and abilities revealed', 'Командоры и способности открыты'),
  InitiativeTied: (_d, l) =>
    t(l, 'Initiatives are equal: D6 decides', 'Инициатива равна: решает D6'),
  InitiativeRolled: (d, l) =>
    t(
      l,
      `Initiative dice tied (${JSON.stringify(d.faces)}): roll again`,
      `Равные кубики инициативы (${JSON.stringify(d.faces)}): перебросить`,
    ),
  InitiativeDetermined: (d, l, w) =>
    t(
      l,
      `Priority: ${w.who(d.priority)} (${own(CP_TERMS, s(d.method))?.en ?? s(d.method)})`,
      `Приоритет: ${w.who(d.priority)} (${own(CP_TERMS, s(d.method))?.ru ?? s(d.method)})`,
    ),
  CommanderPlaced: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)}'s Commander is placed on ${w.piece(d.host)}`,
      `Командор ${w.who(d.seat)} размещен на ${w.piece(d.host)}`,
    ),
  Deployed: (d, l, w) => t(l, `${w.who(d.seat)} deployed`, `${w.who(d.seat)} проводит расстановку`),
  CardsRevealed: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} revealed ${list((d.cards as Data[] | undefined)?.map((c) => c.name)).join(', ')}`,
      `${w.who(d.seat)} открывает: ${list((d.cards as Data[] | undefined)?.map((c) => c.name)).join(', ')}`,
    ),
  PositionSet: (d, l, w) =>
    t(
      l,
      `The match starts from the organizer's position: turn ${s(d.turn)}, Priority: ${w.who(d.priority)}`,
      `Матч начинается с позиции, заданной организатором: ход ${s(d.turn)}, Приоритет — ${w.who(d.priority)}`,
    ),
  TurnBegan: (d, l) => t(l, `Turn ${s(d.turn)} begins`, `Начинается ход ${s(d.turn)}`),
  IncomeReceived: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} receives ${s(d.resources)} resources and ${s(d.actionTokens)} action tokens`,
      `${w.who(d.seat)} получает ${ruCount(d.resources, 'ресурс', 'ресурса', 'ресурсов')} и ${ruCount(d.actionTokens, 'фишку действия', 'фишки действия', 'фишек действия')}`,
    ),
  ResourcesDone: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} finished the resource phase`,
      `${w.who(d.seat)} завершает получение ресурсов`,
    ),
  CommercialRunCompleted: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)}: commercial run of ${w.piece(d.ship)} to ${w.zone(d.to)} (+${s(d.resources)} resources); run tokens: ${s(d.runTokens)}`,
      `${w.who(d.seat)}: коммерческий рейс ${w.piece(d.ship)} → ${w.zone(d.to)} (ресурсы: +${s(d.resources)}); фишек рейса: ${s(d.runTokens)}`,
    ),
  SmugglingRunResolved: (d, l, w) =>
    d.success
      ? t(
          l,
          `${w.who(d.seat)}: smuggling run of ${w.piece(d.ship)} succeeded (D6 ${s(d.face)} ≥ 4)`,
          `${w.who(d.seat)}: контрабандный рейс ${w.piece(d.ship)} удался (D6 ${s(d.face)} ≥ 4)`,
        )
      : t(
          l,
          `${w.who(d.seat)}: smuggler ${w.piece(d.ship)} intercepted (D6 ${s(d.face)} < 4) and destroyed`,
          `${w.who(d.seat)}: контрабандист ${w.piece(d.ship)} перехвачен (D6 ${s(d.face)} < 4) и уничтожен`,
        ),
  ProductionBegan: (d, l, w) =>
    t(l, `${w.who(d.seat)}'s production`, `Производство ${w.who(d.seat)}`),
  ProductionStepReached: (d, l, w) => {
    const what = own(PRODUCTION_STEP_NAMES, s(d.step));
    return t(
      l,
      `${w.who(d.seat)} reaches production step ${s(d.step)}${what ? `: ${what.en}` : ''}`,
      `${w.who(d.seat)}: шаг производства ${s(d.step)}${what ? ` — ${what.ru}` : ''}`,
    );
  },
  ActionTokensSpent: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} spent ${s(d.count)} action tokens on ${s(d.for)}`,
      `${w.who(d.seat)} тратит ${ruCount(d.count, 'фишку действия', 'фишки действия', 'фишек действия')}: ${s(d.for)}`,
    ),
  ProductionProgressed: (d, l, w) =>
    d.complete
      ? t(
          l,
          `${w.who(d.seat)} built ${s(d.name)} (${s(d.cost)})`,
          `${w.who(d.seat)} строит ${s(d.name)} (${s(d.cost)})`,
        )
      : t(
          l,
          `${w.who(d.seat)} put ${s(d.paid)} into ${w.piece(d.piece)} (${s(d.tokens)} tokens)`,
          `${w.who(d.seat)} вкладывает ${s(d.paid)} → ${w.piece(d.piece)} (фишек: ${s(d.tokens)})`,
        ),
  GroundCardLost: (d, l, w) =>
    t(
      l,
      `${w.piece(d.piece)} has no suitable object and goes to Losses`,
      `Для ${w.piece(d.piece)} нет подходящего объекта: карта в потерях`,
    ),
  AbilityPlayed: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} played the ability ${s(d.name)} (variant ${Number(d.variant) + 1})`,
      `${w.who(d.seat)} разыгрывает способность ${s(d.name)} (вариант ${Number(d.variant) + 1})`,
    ),
  UpgradeAttached: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} put ${s(d.name)} under ${w.piece(d.target)}`,
      `${w.who(d.seat)} ставит улучшение ${s(d.name)} → ${w.piece(d.target)}`,
    ),
  UpgradeMoved: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} moved ${w.piece(d.piece)} from ${w.zone(d.from)} to ${w.zone(d.to)}`,
      `${w.who(d.seat)} перемещает ${w.piece(d.piece)}: ${w.zone(d.from)} → ${w.zone(d.to)}`,
    ),
  SituationPlayed: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} played the situation ${s(d.name)}`,
      `${w.who(d.seat)} разыгрывает карту обстановки ${s(d.name)}`,
    ),
  SituationFailed: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)}'s situation card failed its roll (D6 ${s(d.need)}+)`,
      `Карта обстановки ${w.who(d.seat)} не прошла бросок (D6 ${s(d.need)}+)`,
    ),
  SituationDiscarded: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} put ${w.piece(d.piece)} into Losses`,
      `${w.who(d.seat)} отправляет ${w.piece(d.piece)} в потери`,
    ),
  CommanderMoved: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)}'s Commander moved from ${w.zone(d.from)} to ${w.zone(d.to)}`,
      `${w.who(d.seat)}: Командор переходит: ${w.zone(d.from)} → ${w.zone(d.to)}`,
    ),
  ActionTokensBought: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} bought ${s(d.count)} action tokens`,
      `${w.who(d.seat)} покупает ${ruCount(d.count, 'фишку действия', 'фишки действия', 'фишек действия')}`,
    ),
  ProductionEnded: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} ended production; ${s(d.burned)} resources burned`,
      `${w.who(d.seat)} завершает производство; сгорело ресурсов: ${s(d.burned)}`,
    ),
  MovementBegan: (d, l, w) => t(l, `${w.who(d.seat)}'s movement`, `Перемещение ${w.who(d.seat)}`),
  ShipsMoved: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} moved ${w.pieces(d.ships).join(', ')} to ${w.zone(d.to)}`,
      `${w.who(d.seat)} перемещает ${w.pieces(d.ships).join(', ')} → ${w.zone(d.to)}`,
    ),
  GroundCardMoved: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} moved ${w.piece(d.piece)} to ${w.zone(d.to)}`,
      `${w.who(d.seat)} перемещает ${w.piece(d.piece)} → ${w.zone(d.to)}`,
    ),
  MovementEnded: (d, l, w) =>
    t(l, `${w.who(d.seat)} ended movement`, `${w.who(d.seat)} завершает перемещение`),
  TacticalCardPlayed: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} played the tactical card ${s(d.name)}`,
      `${w.who(d.seat)} разыгрывает тактическую карту ${s(d.name)}`,
    ),
  TacticalCardFailed: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)}'s tactical card failed its roll (D6 ${s(d.need)}+)`,
      `Тактическая карта ${w.who(d.seat)} не прошла бросок (D6 ${s(d.need)}+)`,
    ),
  BattlePhaseBegan: (d, l, w) =>
    t(
      l,
      `Battle phase of ${w.who(d.mover)}: ${(d.battles as unknown[] | undefined)?.length ?? 0} battle(s)`,
      `Фаза сражения ${w.who(d.mover)}: сражений — ${(d.battles as unknown[] | undefined)?.length ?? 0}`,
    ),
  BattleStarted: (d, l, w) =>
    t(
      l,
      `Battle at ${w.zone(d.location)}: ${w.who(d.attacker)} attacks ${w.who(d.defender)}`,
      `Сражение: ${w.zone(d.location)}; нападает ${w.who(d.attacker)}, обороняется ${w.who(d.defender)}`,
    ),
  EchelonDesignated: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)}'s second echelon: ${w.pieces(d.second).join(', ') || 'none'}`,
      // A name is not declined: it stands in brackets after the noun («Второй эшелон (Борис)»).
      `Второй эшелон (${w.who(d.seat)}): ${w.pieces(d.second).join(', ') || 'нет'}`,
    ),
  BattleRoundBegan: (d, l) =>
    t(
      l,
      `Round ${s(d.round)}: ${dist(d.distance, l)} distance; ships untap`,
      `Раунд ${s(d.round)}: ${dist(d.distance, l)} дистанция; корабли разворачиваются`,
    ),
  SecondEchelonEntered: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)}'s second echelon enters: ${w.pieces(d.ships).join(', ')}`,
      `Второй эшелон ${w.who(d.seat)} вступает в бой: ${w.pieces(d.ships).join(', ')}`,
    ),
  TacticalSuperiorityApplied: (d, l, w) =>
    t(
      l,
      `Tactical superiority: ${w.who(d.loser)}'s ships are destroyed (${w.pieces(d.ships).join(', ')})`,
      `Тактическое превосходство: корабли ${w.who(d.loser)} уничтожены (${w.pieces(d.ships).join(', ')})`,
    ),
  WithdrawalsDeclared: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} withdraws ${w.pieces(d.withdrawn).join(', ') || 'nothing'}${list((d.pending as Data[] | undefined)?.map((p) => p.ship)).length ? `; asks to withdraw ${list((d.pending as Data[]).map((p) => p.ship)).join(', ')}` : ''}`,
      `${w.who(d.seat)} выводит из боя: ${w.pieces(d.withdrawn).join(', ') || 'никого'}${list((d.pending as Data[] | undefined)?.map((p) => p.ship)).length ? `; просит разрешения вывести: ${list((d.pending as Data[]).map((p) => p.ship)).join(', ')}` : ''}`,
    ),
  ShipsWithdrew: (d, l, w) =>
    t(
      l,
      `${w.pieces(d.ships).join(', ')} left the battle for ${w.zone(d.to)}${d.consentedBy ? ` (allowed by ${w.who(d.consentedBy)})` : ''}`,
      `Выход из боя: ${w.pieces(d.ships).join(', ')} → ${w.zone(d.to)}${d.consentedBy ? ` (с согласия: ${w.who(d.consentedBy)})` : ''}`,
    ),
  WithdrawalRefused: (d, l, w) =>
    t(
      l,
      `${w.who(d.refusedBy)} refused the withdrawal of ${w.pieces(d.ships).join(', ')}`,
      `${w.who(d.refusedBy)} не разрешает выход из боя: ${w.pieces(d.ships).join(', ')}`,
    ),
  AttacksBegan: (_d, l) => t(l, 'Attacks begin', 'Начинаются атаки'),
  AttackPending: (d, l, w) =>
    t(
      l,
      `${w.who(d.awaiting)} must choose: ${s(d.kind)}`,
      `${w.who(d.awaiting)} должен выбрать: ${s(d.kind)}`,
    ),
  AttackResolved: (d, l) => {
    if (d.declined)
      return t(
        l,
        `${name(d.attacker)} does not fire back`,
        `${name(d.attacker)} не открывает ответный огонь`,
      );
    const gun = d.weapon as Data | undefined;
    const head = t(
      l,
      `${name(d.attacker)} ${d.counter ? 'fires back' : 'attacks'} with ${weapon(gun?.kind, l)} (${s(gun?.text)})`,
      `${name(d.attacker)} ${d.counter ? 'отвечает' : 'атакует'}: ${weapon(gun?.kind, l)} (${s(gun?.text)})`,
    );
    const dice = d.hitDice as Data | undefined;
    const diceText = dice
      ? t(
          l,
          `; dice ${list(dice.faces).join(',')}, ${s(dice.need)}+ → ${s(dice.hits)} hit(s)`,
          `; кубики ${list(dice.faces).join(',')}, ${s(dice.need)}+ → попаданий: ${s(dice.hits)}`,
        )
      : '';
    const nova = d.nova as Data | undefined;
    const novaText = nova
      ? nova.fired
        ? t(
            l,
            `; Nova fires (D6 ${s(nova.activation)}), ${s(nova.count)} target(s) (D6 ${s(nova.countFace)})`,
            `; “Нова” срабатывает (D6 ${s(nova.activation)}), целей: ${s(nova.count)} (D6 ${s(nova.countFace)})`,
          )
        : t(
            l,
            `; Nova fails (D6 ${s(nova.activation)} < 4)`,
            `; “Нова” не сработала (D6 ${s(nova.activation)} < 4)`,
          )
      : '';
    const targets = ((d.targets as Data[] | undefined) ?? [])
      .map((x) => targetLine(x, l))
      .join('; ');
    return `${head}${diceText}${novaText}${targets ? `: ${targets}` : ''}`;
  },
  EvasionDecided: (d, l, w) =>
    d.evade
      ? t(l, `${w.piece(d.ship)} turns to evade`, `${w.piece(d.ship)} поворачивается и уклоняется`)
      : t(l, `${w.piece(d.ship)} does not evade`, `${w.piece(d.ship)} не уклоняется`),
  NovaTargetsChosen: (d, l, w) =>
    t(
      l,
      `Nova targets: ${w.pieces(d.targets).join(', ')}`,
      `Цели “Новы”: ${w.pieces(d.targets).join(', ')}`,
    ),
  NovaShieldsDecided: (d, l, w) =>
    t(
      l,
      `Shields given up against the Nova: ${w.pieces(d.sacrifice).join(', ') || 'none'}`,
      `Щиты против “Новы”: ${w.pieces(d.sacrifice).join(', ') || 'нет'}`,
    ),
  RamResolved: (d, l) => {
    if (d.evaded)
      return t(
        l,
        `${name(d.rammer)} rams ${name(d.target)}, which evades`,
        `${name(d.rammer)} таранит ${name(d.target)}, но тот уклоняется`,
      );
    const a = d.toTarget as Data | undefined;
    const b = d.toRammer as Data | undefined;
    return t(
      l,
      `${name(d.rammer)} rams ${name(d.target)}: target ${a ? renderFormula(a) : '0'}, rammer ${b ? renderFormula(b) : '0'}`,
      `${name(d.rammer)} таранит ${name(d.target)}: цели ${a ? formulaText(a, 'ru') : '0'}, тарану ${b ? formulaText(b, 'ru') : '0'}`,
    );
  },
  BoardingResolved: (d, l, w) => {
    const last = ((d.rolls as Data[] | undefined) ?? []).slice(-1)[0] ?? {};
    const totals = `${s(last.boarderDie)}+${s(d.boarding)}=${s(last.boarderTotal)} vs ${s(last.defenderDie)}+${s(d.crew)}${Number(d.crewBonus) ? `${Number(d.crewBonus) > 0 ? '+' : ''}${s(d.crewBonus)}` : ''}=${s(last.defenderTotal)}`;
    return d.success
      ? t(
          l,
          `${w.piece(d.ship)} boards ${w.piece(d.target)}: ${totals}, taken`,
          `${w.piece(d.ship)} берет на абордаж ${w.piece(d.target)}: ${totals}, успех`,
        )
      : t(
          l,
          `${w.piece(d.ship)} fails to board ${w.piece(d.target)}: ${totals}`,
          `Абордаж ${w.piece(d.ship)} против ${w.piece(d.target)} провален: ${totals}`,
        );
  },
  BoardingRewardOwed: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} will receive ${s(d.amount)} resources in the next resource phase`,
      `${w.who(d.seat)} получит ${ruCount(d.amount, 'ресурс', 'ресурса', 'ресурсов')} в следующую фазу получения ресурсов`,
    ),
  BombingResolved: (d, l, w) =>
    t(
      l,
      `${w.pieces(d.ships).join(', ')} bomb ${w.piece(d.target)} for ${s(d.total)} (${s(d.damageAfter)}/${s(d.limit)})${d.destroyed ? ', destroyed' : ''}`,
      `${w.pieces(d.ships).join(', ')} бомбят ${w.piece(d.target)}: ${s(d.total)} (${s(d.damageAfter)}/${s(d.limit)})${d.destroyed ? ', уничтожен' : ''}`,
    ),
  AttackPassed: (d, l, w) => t(l, `${w.who(d.seat)} passes`, `${w.who(d.seat)} пасует`),
  BattleRoundEnded: (d, l) =>
    t(
      l,
      `Round ${s(d.round)} (${dist(d.distance, l)}) ends`,
      `Раунд ${s(d.round)} (${dist(d.distance, l)}) окончен`,
    ),
  ManoeuvreDeclared: (d, l, w) =>
    d.kind === 'none'
      ? t(l, `${w.who(d.seat)} declares no manoeuvre`, `${w.who(d.seat)} не маневрирует`)
      : t(
          l,
          `${w.who(d.seat)}: ${s(d.kind)}${d.distance ? ` → ${dist(d.distance, l)}` : ''}`,
          `${w.who(d.seat)}: ${s(d.kind)}${d.distance ? ` → ${dist(d.distance, l)}` : ''}`,
        ),
  GroundAssaultOffered: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} may go on against the ground units`,
      `${w.who(d.seat)} может продолжить бой с наземными отрядами`,
    ),
  GroundAssaultChosen: (d, l, w) =>
    d.continue
      ? t(
          l,
          `${w.who(d.seat)} goes on against the ground units`,
          `${w.who(d.seat)} продолжает бой с наземными отрядами`,
        )
      : t(l, `${w.who(d.seat)} ends the battle`, `${w.who(d.seat)} завершает сражение`),
  FleetRetreated: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)}'s fleet retreats to ${w.zone(d.to)} (${via(d.why, l)})`,
      `${w.who(d.seat)}: флот отступает → ${w.zone(d.to)} (${via(d.why, l)})`,
    ),
  ForcedRetreat: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} has nothing to fight with on the orbit and must retreat`,
      `${w.who(d.seat)} нечем сражаться на орбите — вынужден отступить`,
    ),
  BattleStalemate: (d, l) =>
    t(
      l,
      `Stalemate (${via(d.why, l)}): the battle stops`,
      `Тупик (${via(d.why, l)}): бой прекращается`,
    ),
  BattleEnded: (d, l, w) =>
    t(
      l,
      `The battle at ${w.zone(d.location)} ends${d.holder ? `; ${w.who(d.holder)} holds the field` : ''}`,
      `Сражение (${w.zone(d.location)}) завершено${d.holder ? `; поле за ${w.who(d.holder)}` : ''}`,
    ),
  LandingResolved: (d, l, w) =>
    d.declined
      ? t(l, `${w.who(d.seat)} does not land`, `${w.who(d.seat)} не высаживает десант`)
      : t(
          l,
          `${w.who(d.seat)} lands ${w.piece(d.landing)} against ${w.piece(d.ground)}: units destroyed`,
          `${w.who(d.seat)} высаживает десант ${w.piece(d.landing)} против ${w.piece(d.ground)}: отряды уничтожены`,
        ),
  CriticalDamageApplied: (d, l, w) =>
    t(
      l,
      `After the battle: ${((d.destroyed as Data[] | undefined) ?? []).map((x) => `${w.piece(x.piece)} (${s(x.damage)} ≥ ${s(x.critical)})`).join(', ') || 'no ship'} lost to critical damage; other damage cleared`,
      `После сражения: критические повреждения — ${((d.destroyed as Data[] | undefined) ?? []).map((x) => `${w.piece(x.piece)} (${s(x.damage)} ≥ ${s(x.critical)})`).join(', ') || 'нет'}; остальные повреждения сняты`,
    ),
  StationBoardingResolved: (d, l, w) =>
    t(
      l,
      `Boarded station ${w.piece(d.station)}: ${s(d.outcome)}`,
      `Станция ${w.piece(d.station)} после абордажа: ${s(d.outcome)}`,
    ),
  StationDestroyed: (d, l, w) =>
    t(
      l,
      `Station ${w.piece(d.station)} destroyed with its military buildings`,
      `Станция ${w.piece(d.station)} уничтожена вместе с военными постройками`,
    ),
  ShipsCastAdrift: (d, l, w) =>
    t(
      l,
      `${w.pieces(d.ships).join(', ')} are now in open space (${w.zone(d.to)})`,
      `${w.pieces(d.ships).join(', ')} теперь в открытом космосе (${w.zone(d.to)})`,
    ),
  BuiltInDestroyed: (d, l, w) =>
    t(
      l,
      `Built-in ${w.piece(d.piece)} destroyed (special damage token)`,
      `Встроенное свойство ${w.piece(d.piece)} уничтожено (особая фишка повреждений)`,
    ),
  BattleClosed: (_d, l) => t(l, 'Battle closed', 'Сражение закрыто'),
  ObjectControlChanged: (d, l, w) =>
    t(
      l,
      `${w.piece(d.object)}: control passes from ${w.who(d.from)} to ${w.who(d.to)} (${via(d.via, l)})`,
      `${w.piece(d.object)}: контроль переходит: ${w.who(d.from)} → ${w.who(d.to)} (${via(d.via, l)})`,
    ),
  ObjectCaptured: (d, l, w) =>
    t(
      l,
      `${w.who(d.by)} captures ${w.piece(d.object)}`,
      `${w.who(d.by)} захватывает ${w.piece(d.object)}`,
    ),
  BlockadeChanged: (d, l, w) =>
    d.by
      ? t(
          l,
          `${w.who(d.by)} blockades ${w.piece(d.object)}`,
          `${w.who(d.by)} блокирует ${w.piece(d.object)}`,
        )
      : t(
          l,
          `The blockade of ${w.piece(d.object)} is lifted`,
          `Блокада ${w.piece(d.object)} снята`,
        ),
  CivilBuildingsPending: (d, l, w) =>
    t(
      l,
      `${w.who(d.captor)} decides the civil buildings of ${w.piece(d.object)}`,
      `${w.who(d.captor)} решает судьбу гражданских построек ${w.piece(d.object)}`,
    ),
  CivilBuildingsResolved: (d, l, w) =>
    t(
      l,
      `${w.who(d.captor)} chose to ${s(d.choice)} the civil buildings of ${w.piece(d.object)}`,
      `${w.who(d.captor)}: гражданские постройки ${w.piece(d.object)} — ${d.choice === 'destroy' ? 'уничтожены' : 'захвачены'}`,
    ),
  AutoPassSet: (d, l, w) =>
    d.on
      ? t(
          l,
          `${w.who(d.seat)} will not be asked about echelons, withdrawals and manoeuvres`,
          `${w.who(d.seat)}: не спрашивать об эшелоне, выходе из боя и маневрах`,
        )
      : t(l, `${w.who(d.seat)} will be asked again`, `${w.who(d.seat)}: снова спрашивать`),
  ControlChecked: (_d, l) => t(l, 'Capture and blockade checked', 'Захват и блокада проверены'),
  BattlePhaseEnded: (d, l, w) =>
    t(
      l,
      `${w.who(d.mover)}'s battle phase ends`,
      `Фаза сражения ${w.whoIn(d.mover, 'gen')} окончена`,
    ),
  ManualAdjustmentProposed: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} proposes manual adjustment ${adjustmentNo(d.id)}: ${manual(d.kind, l)}`,
      `${w.who(d.seat)} предлагает ручную поправку ${adjustmentNo(d.id)}: ${manual(d.kind, l)}`,
    ),
  ManualAdjustmentApplied: (d, l, w) =>
    t(
      l,
      `${w.who(d.seat)} applies a manual adjustment: ${manual(d.kind, l)}`,
      `${w.who(d.seat)} применяет ручную поправку: ${manual(d.kind, l)}`,
    ),
  ManualAdjustmentApproved: (d, l, w) =>
    t(
      l,
      `${w.who(d.approvedBy)} approves ${w.who(d.seat)}'s manual adjustment ${adjustmentNo(d.id)}: ${manual(d.kind, l)}`,
      `${w.who(d.approvedBy)} одобряет ручную поправку ${adjustmentNo(d.id)} ${w.whoIn(d.seat, 'gen')}: ${manual(d.kind, l)}`,
    ),
  ManualAdjustmentRejected: (d, l, w) =>
    t(
      l,
      `${w.who(d.by)} rejects manual adjustment ${adjustmentNo(d.id)}`,
      `${w.who(d.by)} отклоняет ручную поправку ${adjustmentNo(d.id)}`,
    ),
};

export const CP_EVENT_TYPES: readonly string[] = Object.keys(phrases);

export function describeCpEvent(
  event: RecordedEvent,
  lang: Lang,
  names?: PhraseNames,
): string | undefined {
  const phrase = own(phrases, event.type);
  if (!phrase || event.data === null || typeof event.data !== 'object') return undefined;
  try {
    return phrase(event.data as Data, lang, wordsOf(lang, names));
  } catch {
    return undefined;
  }
}

/**
 * Commanders Path's words for the generic sentences and the viewer: phases, zone kinds, dice
 * purposes, causes, attributes and how priority was settled, as the Russian rules name them.
 */
export const CP_TERMS: Record<string, LocalizedText> = {
  // The type of a card the reader may not see (the opponent's Commander before the reveal).
  card: { en: 'Face-down card', ru: 'Закрытая карта' },
  // Where ships go: a sector opened by the move (`new`, or `new:2` for a second one).
  new: { en: 'a new sector', ru: 'новый сектор' },
  setup: { en: 'Setup', ru: 'Подготовка' },
  initiative: { en: 'Initiative', ru: 'Инициатива' },
  deploy: { en: 'Deployment', ru: 'Расстановка' },
  resources: { en: 'Resources', ru: 'Получение ресурсов' },
  production: { en: 'Production', ru: 'Производство' },
  movement: { en: 'Movement', ru: 'Перемещение' },
  battle: { en: 'Battle', ru: 'Сражение' },
  ended: { en: 'Game over', ru: 'Игра окончена' },
  objects: { en: 'space objects', ru: 'космические объекты' },
  situation: { en: 'situation cards', ru: 'карты обстановки' },
  upgrades: { en: 'upgrades', ru: 'улучшения' },
  surface: { en: 'surface', ru: 'поверхность' },
  orbit: { en: 'orbit', ru: 'орбита' },
  compare: { en: 'higher initiative', ru: 'по инициативе' },
  retained: { en: 'kept', ru: 'сохранён' },
  roll: { en: 'D6 roll', ru: 'бросок D6' },
  damage: { en: 'damage', ru: 'повреждения' },
  controller: { en: 'controller', ru: 'контроль' },
  blockadedBy: { en: 'blockade', ru: 'блокада' },
  capture: { en: 'capture', ru: 'захват' },
  stalemate: { en: 'stalemate', ru: 'никто не может нанести урон' },
  deadlock: { en: 'deadlock', ru: 'бой зашёл в тупик' },
  'orbit: no weapon to fight at this distance': {
    en: 'orbit: no weapon to fight at this distance',
    ru: 'орбита: нет оружия для боя на этой дистанции',
  },
  'station boarding': { en: 'station boarding', ru: 'абордаж станции' },
  'cp:boarding': { en: 'boarding', ru: 'абордаж' },
  'cp:card-cost': { en: 'card cost', ru: 'стоимость карты' },
  'cp:initiative': { en: 'initiative', ru: 'инициатива' },
  'cp:manoeuvre': { en: 'manoeuvre', ru: 'маневр' },
  'cp:point-defence': { en: 'point defence', ru: 'ПРО' },
  'cp:ram-evade': { en: 'evading a ram', ru: 'уклонение от тарана' },
  'cp:smuggling': { en: 'smuggling', ru: 'контрабанда' },
  'cp:nova': { en: 'Nova', ru: '“Нова”' },
  ...Object.fromEntries(Object.entries(WEAPON_NAMES).map(([kind, name]) => [`cp:${kind}`, name])),
  'tactical superiority': { en: 'tactical superiority', ru: 'тактическое превосходство' },
  'critical damage': { en: 'critical damage', ru: 'критические повреждения' },
  'smuggling: intercepted': { en: 'smuggling: intercepted', ru: 'перехвачен при контрабанде' },
  'boarded station destroyed': { en: 'boarded station destroyed', ru: 'станция взята абордажем' },
  'no suitable object': { en: 'no suitable object', ru: 'нет подходящего объекта' },
  'ability replaced': { en: 'ability replaced', ru: 'способность заменена' },
  'situation roll failed': { en: 'situation roll failed', ru: 'бросок карты обстановки не прошёл' },
  'situation discarded': { en: 'situation discarded', ru: 'карта обстановки сброшена' },
  'ability discarded for an action token': {
    en: 'ability discarded for an action token',
    ru: 'способность сброшена за фишку действия',
  },
  'tactical card played': { en: 'tactical card played', ru: 'тактическая карта сыграна' },
  'tactical card roll failed': {
    en: 'tactical card roll failed',
    ru: 'бросок тактической карты не прошёл',
  },
};

/** The victory conditions Commanders Path records ("commander-captured: blue's Commander lost", …). */
const CONDITIONS: [RegExp, (m: RegExpExecArray, w: Words) => LocalizedText][] = [
  [
    /^commander-([a-z]+): (.+)'s Commander lost/,
    (m, w) => ({
      en: `${w.who(m[2])}'s Commander lost (${m[1]})`,
      ru: `Командор ${w.who(m[2])} потерян (${m[1] === 'captured' ? 'захвачен' : m[1] === 'destroyed' ? 'уничтожен' : m[1]})`,
    }),
  ],
  [
    /^commander-lost by both seats/,
    () => ({ en: 'both Commanders lost', ru: 'потеряны оба Командора' }),
  ],
  [
    /^trader: (\d+) commercial-run tokens/,
    (m) => ({
      en: `Trader: ${m[1]} commercial-run tokens`,
      ru: `Торговец: фишек коммерческого рейса — ${m[1]}`,
    }),
  ],
  [
    /^procurator: (\d+) unblockaded objects/,
    (m) => ({
      en: `Procurator: ${m[1]} unblockaded objects`,
      ru: `Прокуратор: неблокированных объектов — ${m[1]}`,
    }),
  ],
  [/^pirate:/, () => ({ en: 'Pirate: the opponent’s Losses', ru: 'Пират: потери противника' })],
  [
    /^deck-out: (\S+) cannot draw/,
    (m, w) => ({
      en: `${w.who(m[1])} cannot draw 2 cards`,
      ru: `${w.who(m[1])}: нельзя взять 2 карты`,
    }),
  ],
  [/^deck-out of both seats/, () => ({ en: 'both decks out', ru: 'обе колоды кончились' })],
];

/** Why a card was destroyed by damage (cp-battle-damage's causes), its pieces by name. */
const CAUSES: [RegExp, (m: RegExpExecArray, w: Words) => LocalizedText][] = [
  [
    /^damage: ([a-z]+) of (\S+)$/,
    (m, w) => ({
      en: `damage: ${weapon(m[1], 'en')} of ${w.piece(m[2])}`,
      ru: `урон: ${weapon(m[1], 'ru')} (${w.piece(m[2])})`,
    }),
  ],
  [
    /^ram by (\S+)$/,
    (m, w) => ({ en: `rammed by ${w.piece(m[1])}`, ru: `таран: ${w.piece(m[1])}` }),
  ],
  [
    /^ram of (\S+)$/,
    (m, w) => ({ en: `ramming ${w.piece(m[1])}`, ru: `таран цели: ${w.piece(m[1])}` }),
  ],
  [
    /^bombs of (.+)$/,
    (m, w) => ({
      en: `bombs of ${m[1].split(', ').map(w.piece).join(', ')}`,
      ru: `бомбы: ${m[1].split(', ').map(w.piece).join(', ')}`,
    }),
  ],
];

/** A word of the ruleset (see CP_TERMS), a damage cause or a recorded victory condition. */
export function cpTerm(term: string, lang: Lang, names?: PhraseNames): string | undefined {
  const known = own(CP_TERMS, term)?.[lang];
  if (known) return known;
  const sector = /^new:(\d+)$/.exec(term)?.[1];
  if (sector) return t(lang, `new sector ${sector}`, `новый сектор ${sector}`);
  const w = wordsOf(lang, names);
  for (const [pattern, say] of CAUSES) {
    const m = pattern.exec(term);
    if (m) return say(m, w)[lang];
  }
  for (const [pattern, say] of CONDITIONS) {
    const m = pattern.exec(term);
    if (!m) continue;
    const simultaneous = term.includes('simultaneous')
      ? {
          en: '; simultaneous, won by the Priority holder',
          ru: '; одновременно, победа за Приоритетом',
        }
      : { en: '', ru: '' };
    return `${say(m, w)[lang]}${simultaneous[lang]}`;
  }
  return undefined;
}
