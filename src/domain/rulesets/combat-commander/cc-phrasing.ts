import type { RecordedEvent } from '../../events/recorded-event';
import { ruCount, type LocalizedText } from '../../shared/localized-text';
import { formatMessage, type Gender, type PhraseNames } from '../kit/phrasing';
import type { Lang } from '../ruleset';
import {
  cardWord,
  NATION_NAME,
  TRIGGER_NAME,
  TRIGGER_WORD,
  TRIGGERS,
  type Nationality,
  type Trigger,
} from './cc-cards';
import type { CcEffect, CcEvents } from './cc-events';

/**
 * Sentences for Combat Commander's own events, in English and Russian, for the replay log. A
 * trigger's resolution reads nested under its roll: "↳" marks what happens inside it.
 */

type Words = {
  who(seat: string): string;
  piece(id: string): string;
  /** A word that agrees with the piece's name: «Лейтенант Орлов сломлен», «отделение сломлено». */
  agreeing(word: keyof typeof AGREEING, piece: string): string;
  lang: Lang;
};

/**
 * The gender of a piece's Russian name by its type, where the scenario gives the piece none:
 * the noun the rules name the type by («Командир», «Команда», «Отделение»; a Weapon is
 * named by its gun, «Пулемёт», and the Radio «Рация»).
 */
export const CC_GENDERS: Record<string, Gender> = {
  leader: 'm',
  team: 'f',
  squad: 'n',
  weapon: 'm',
  radio: 'f',
  'fate-card': 'f',
  initiative: 'f',
};

/** Past participles that agree with a piece's name (ICU select on its gender). */
const AGREEING = {
  broken: '{gender, select, m {сломлен} f {сломлена} pl {сломлены} other {сломлено}}',
  eliminated: '{gender, select, m {уничтожен} f {уничтожена} pl {уничтожены} other {уничтожено}}',
  repaired: '{gender, select, m {починен} f {починена} pl {починены} other {починено}}',
} as const;

/** The sides the setup gives seats, by their nationality («Германия», «СССР»), as its zones read. */
export function ccSeatSides(
  events: readonly Pick<RecordedEvent, 'type' | 'data'>[],
): [string, LocalizedText][] {
  const setUp = events.find((e) => e.type === 'BattleSetUp')?.data as
    Partial<CcEvents['BattleSetUp']> | undefined;
  const sides = Array.isArray(setUp?.sides) ? setUp.sides : [];
  return sides.flatMap((s) =>
    typeof s?.seat === 'string' && Object.hasOwn(NATION_NAME, s.nationality)
      ? [[s.seat, NATION_NAME[s.nationality]] as [string, LocalizedText]]
      : [],
  );
}

const PURPOSE: Record<string, { en: string; ru: string }> = {
  fire: { en: 'Fire roll', ru: 'Бросок на Стрельбу' },
  targeting: { en: 'Targeting roll', ru: 'Бросок на Прицеливание' },
  defence: { en: 'defence roll', ru: 'Бросок защиты' },
  melee: { en: 'Melee roll', ru: 'Бросок Рукопашной' },
  recover: { en: 'Recover roll', ru: 'Бросок Восстановления' },
  rout: { en: 'Rout roll', ru: 'Бросок Бегства' },
  other: { en: 'roll', ru: 'Бросок' },
  'sudden-death': { en: 'Sudden Death roll', ru: 'Бросок Внезапной Смерти' },
};

const ABOUT: Record<string, { en: string; ru: string }> = {
  fire: { en: 'fire', ru: 'стрельбы' },
  melee: { en: 'melee', ru: 'рукопашной' },
  move: { en: 'movement', ru: 'движения' },
  morale: { en: 'Recover/Rout', ru: 'восстановления/бегства' },
  event: { en: 'the Event', ru: 'События' },
  repair: { en: 'the repair', ru: 'починки' },
  victory: { en: 'victory', ru: 'победы' },
  initiative: { en: 'the Initiative card', ru: 'Карты Инициативы' },
  'sudden-death': { en: 'the Sudden Death roll', ru: 'Броска Внезапной Смерти' },
};

function cards(count: number, lang: Lang): string {
  if (lang === 'en') return `${count} card${count === 1 ? '' : 's'}`;
  const m10 = count % 10;
  const m100 = count % 100;
  // Nominative: the count stands after a colon or as the subject ("рука 4 карты", "добор: 1 карта").
  const form =
    m10 === 1 && m100 !== 11
      ? 'карта'
      : m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)
        ? 'карты'
        : 'карт';
  return `${count} ${form}`;
}

function effectText(e: CcEffect, w: Words): string {
  const ru = w.lang === 'ru';
  const p = e.piece ? w.piece(e.piece) : '';
  switch (e.kind) {
    // «сломить» would put the name in the accusative («сломить Лейтенанта Орлова»), which a
    // name the project cannot decline would get wrong: the participle agrees with it instead.
    case 'break':
      return ru ? `${p} ${w.agreeing('broken', e.piece ?? '')}` : `break ${p}`;
    case 'eliminate':
      return ru ? `${p} ${w.agreeing('eliminated', e.piece ?? '')}` : `eliminate ${p}`;
    case 'recover':
      return ru ? `${p} восстанавливается` : `${p} recovers`;
    case 'repair':
      return ru ? `${p} ${w.agreeing('repaired', e.piece ?? '')}` : `${p} is repaired`;
    case 'move': {
      const where =
        e.to ??
        (ru
          ? `направление ${e.direction} × ${e.distance ?? 1}`
          : `direction ${e.direction} × ${e.distance ?? 1}`);
      return ru ? `${p} → ${where}` : `${p} → ${where}`;
    }
    case 'exit':
      return ru ? `${p} прорывается за край поля` : `${p} exits the map`;
    case 'return':
      return ru ? `${p} возвращается в ${e.to}` : `${p} returns to ${e.to}`;
    case 'vp':
      return ru
        ? `${e.amount} ПО: ${w.who(e.seat ?? '')}`
        : `${e.amount} VP to ${w.who(e.seat ?? '')}`;
    case 'end':
      return e.seat
        ? ru
          ? `игра окончена, победа: ${w.who(e.seat)}`
          : `the game ends, won by ${w.who(e.seat)}`
        : ru
          ? 'игра окончена вничью'
          : 'the game ends in a draw';
    case 'initiative':
      return ru
        ? `Карта Инициативы переходит: ${w.who(e.seat ?? '')}`
        : `the Initiative card passes to ${w.who(e.seat ?? '')}`;
    case 'reroll':
      return ru ? `переброс броска ${e.roll}` : `roll ${e.roll} made again`;
    case 'show-hand':
      return ru
        ? `рука открыта читающему: ${w.who(e.seat ?? '')}`
        : `${w.who(e.seat ?? '')}’s hand shown to the reader`;
  }
}

/** The ruleset's words for the viewer: roll purposes, phases, zone kinds, causes. */
export const CC_TERMS: Record<string, { en: string; ru: string }> = {
  ...PURPOSE,
  setup: { en: 'Setup', ru: 'Подготовка' },
  turn: { en: 'Turn', ru: 'Ход' },
  hex: { en: 'Hex', ru: 'Гекс' },
  box: { en: 'Artillery Box', ru: 'Ячейка Артиллерии' },
  offmap: { en: 'Exited', ru: 'Прорвавшиеся' },
  jammed: TRIGGER_NAME.jammed,
  sniper: TRIGGER_NAME.sniper,
  event: { en: 'Event', ru: 'Событие' },
  morale: { en: 'Recover/Rout', ru: 'Восстановление/бегство' },
  move: { en: 'movement', ru: 'движение' },
  victory: { en: 'victory', ru: 'победа' },
  repair: { en: 'repair', ru: 'починка' },
  cover: { en: 'Cover', ru: 'Укрытие' },
  fp: { en: 'FP', ru: 'ОМ' },
  range: { en: 'Range', ru: 'Дальность' },
  movement: { en: 'Movement', ru: 'Движение' },
  command: { en: 'Command', ru: 'Командование' },
  brokenMorale: { en: 'broken Morale', ru: 'Мораль сломленного' },
  boxedFp: { en: 'boxed FP', ru: 'ОМ в рамке' },
  initiative: { en: 'Initiative card', ru: 'Карта Инициативы' },
  // A roll's trigger as the table records it: the word printed in its frame.
  ...Object.fromEntries(TRIGGERS.map((t) => [TRIGGER_WORD[t], TRIGGER_NAME[t]])),
};

export function ccTerm(term: string, lang: Lang): string | undefined {
  return Object.hasOwn(CC_TERMS, term) ? CC_TERMS[term][lang] : undefined;
}

type Phrases = { [K in keyof CcEvents]: (data: CcEvents[K], w: Words) => string };

const trig = (t: Trigger, lang: Lang) => TRIGGER_NAME[t]?.[lang] ?? t;
/** «применено» agrees with the trigger's name: «Событие!» and «Время!» are neuter. */
const TRIGGER_RESOLVED_RU: Partial<Record<Trigger, string>> = {
  event: 'применено',
  time: 'применено',
  jammed: 'применено',
  sniper: 'применён',
};
const nations = (list: Nationality[], lang: Lang) =>
  list.map((n) => NATION_NAME[n]?.[lang] ?? n).join(', ');

/** A Fire's firers with their own FP, Range and distance, its target and the line of fire. */
function fired(d: CcEvents['FateRolled'], w: Words): string {
  const fire = d.fire;
  if (!fire || !d.target) return '';
  const ru = w.lang === 'ru';
  const firers = fire.firers
    .map((f) =>
      ru
        ? `${w.piece(f.piece)} (ОМ ${f.fp}, Дальность ${f.range}, до цели ${ruCount(f.distance, 'гекс', 'гекса', 'гексов')})`
        : `${w.piece(f.piece)} (FP ${f.fp}, Range ${f.range}, ${f.distance} ${f.distance === 1 ? 'hex' : 'hexes'} away)`,
    )
    .join(', ');
  const hindrances = fire.hindrances.length
    ? ru
      ? `; Помехи на линии огня: ${fire.hindrances.join(', ')}`
      : `; Hindrances on the line of fire: ${fire.hindrances.join(', ')}`
    : '';
  const unchecked =
    fire.lineOfFire === 'not-checked'
      ? ru
        ? '; линия огня не проверялась'
        : '; the line of fire was not checked'
      : '';
  return ru
    ? `; стреляют ${firers} по цели ${w.piece(d.target)} в гексе ${fire.hex}${hindrances}${unchecked}`
    : `; ${firers} fire at ${w.piece(d.target)} in ${fire.hex}${hindrances}${unchecked}`;
}

const PHRASES: Phrases = {
  BattleSetUp: (d, w) =>
    w.lang === 'ru'
      ? `Бой подготовлен: ${d.sides.map((s) => `${w.who(s.seat)} — рука ${cards(s.handSize, 'ru')}, способность отдавать Приказы ${s.orderCapability}`).join('; ')}${d.illustrative.length ? ` (иллюстративные колоды: ${nations(d.illustrative, 'ru')})` : ''}`
      : `Battle set up: ${d.sides.map((s) => `${w.who(s.seat)} — hand of ${cards(s.handSize, 'en')}, order capability ${s.orderCapability}`).join('; ')}${d.illustrative.length ? ` (illustrative decks: ${nations(d.illustrative, 'en')})` : ''}`,
  BattleBegun: (d, w) =>
    w.lang === 'ru'
      ? `Колоды перемешаны, руки розданы; первым ходит ${w.who(d.first)}`
      : `Decks shuffled, hands dealt; ${w.who(d.first)} moves first`,
  TurnBegan: (d, w) =>
    w.lang === 'ru' ? `Ход ${d.number}: ${w.who(d.seat)}` : `Turn ${d.number}: ${w.who(d.seat)}`,
  OrderGiven: (d, w) =>
    w.lang === 'ru'
      ? `Приказ ${d.number} «${cardWord(d.order, 'ru', d.title)}»${d.leader ? ` через Командование ${d.command ?? ''}: ${w.piece(d.leader)}` : ''}${d.units.length ? `${d.leader ? ' →' : ':'} ${d.units.map(w.piece).join(', ')}` : ''}`
      : `Order ${d.number} "${cardWord(d.order, 'en', d.title)}"${d.leader ? ` through the Command ${d.command ?? ''} of ${w.piece(d.leader)}` : ''}${d.units.length ? `${d.leader ? ' →' : ':'} ${d.units.map(w.piece).join(', ')}` : ''}`,
  ActionPlayed: (d, w) =>
    w.lang === 'ru'
      ? // «на Ходу игрока Ганс»: a player's name is never declined (it may be a nickname).
        `Действие «${cardWord(d.action, 'ru', d.title)}»${d.opFire ? ' (Огонь по Обстоятельствам)' : ''} на Ходу игрока ${w.who(d.duringTurnOf)}`
      : `Action "${cardWord(d.action, 'en', d.title)}"${d.opFire ? ' (Op Fire)' : ''} in ${w.who(d.duringTurnOf)}’s Turn`,
  CardsDiscardedForTurn: (d, w) =>
    w.lang === 'ru'
      ? `Ход без Приказов; сброс: ${cards(d.cards.length, 'ru')}`
      : `A Turn of discards: ${cards(d.cards.length, 'en')} discarded`,
  TurnEnded: (d, w) =>
    w.lang === 'ru'
      ? `Ход окончен; добор: ${cards(d.drew, 'ru')}`
      : `Turn ended; drew ${cards(d.drew, 'en')}`,
  FateRolled: (d, w) => {
    const ru = w.lang === 'ru';
    const what = (PURPOSE[d.purpose] ?? PURPOSE.other)[w.lang];
    const dice = `⚀ ${d.dice[0]} ${d.combine === 'product' ? '×' : '+'} ${d.dice[1]} = ${d.value}`;
    const t = d.trigger
      ? d.ignored
        ? ru
          ? ` (${trig(d.trigger, 'ru')} не срабатывает: ${d.ignored === 'inside-trigger' ? 'бросок во время триггера' : 'не Бросок на Стрельбу'})`
          : ` (${trig(d.trigger, 'en')} ignored: ${d.ignored === 'inside-trigger' ? 'a roll inside a trigger' : 'not a Fire roll'})`
        : ` — ${trig(d.trigger, w.lang)}`
      : '';
    const morale = d.morale
      ? ru
        ? `; Мораль ${d.morale.base} + Укрытие ${d.morale.cover} = ${d.morale.total}`
        : `; Morale ${d.morale.base} + Cover ${d.morale.cover} = ${d.morale.total}`
      : '';
    const melee = d.melee
      ? ru
        ? `; сила ${d.melee.fp} + ${d.melee.boxed} + ${d.value} = ${d.melee.strength}`
        : `; strength ${d.melee.fp} + ${d.melee.boxed} + ${d.value} = ${d.melee.strength}`
      : '';
    const again = d.reroll ? (ru ? ` (переброс ${d.reroll})` : ` (roll ${d.reroll} again)`) : '';
    return `${what}${again}${d.unit ? ` (${w.piece(d.unit)})` : ''}: ${dice}${t}${morale}${melee}${fired(d, w)}${d.lastCard ? (ru ? '; последняя карта колоды' : '; the last card of the deck') : ''}`;
  },
  TriggerFired: (d, w) =>
    w.lang === 'ru'
      ? `↳ ${trig(d.trigger, 'ru')}: результат ${d.value} запомнен до применения триггера${d.afterTimeAdvance ? ' (после Продвижения Времени)' : ''}`
      : `↳ ${trig(d.trigger, 'en')}: the result ${d.value} is held until the trigger is resolved${d.afterTimeAdvance ? ' (after the Time advance)' : ''}`,
  EventRevealed: (d, w) =>
    w.lang === 'ru'
      ? `↳ Событие: «${d.title?.ru ?? d.event}» (зачитывает ${w.who(d.reader)})`
      : `↳ Event: "${d.title?.en ?? d.event}" (read by ${w.who(d.reader)})`,
  SniperHexRevealed: (d, w) =>
    w.lang === 'ru' ? `↳ Снайпер в гексе ${d.hex}` : `↳ Sniper in hex ${d.hex}`,
  SniperResolved: (d, w) =>
    d.unit
      ? w.lang === 'ru'
        ? `↳ Снайпер ломит ${w.piece(d.unit)}`
        : `↳ The Sniper breaks ${w.piece(d.unit)}`
      : w.lang === 'ru'
        ? '↳ Снайпер: никто не выбран'
        : '↳ Sniper: no unit chosen',
  TriggerResolved: (d, w) =>
    w.lang === 'ru'
      ? `↳ ${trig(d.trigger, 'ru')} ${TRIGGER_RESOLVED_RU[d.trigger] ?? 'применён'}`
      : `↳ ${trig(d.trigger, 'en')} resolved`,
  RollApplied: (d, w) =>
    w.lang === 'ru'
      ? `Результат броска ${d.value} применяется`
      : `The roll’s result ${d.value} applies`,
  TimeAdvanced: (d, w) =>
    w.lang === 'ru'
      ? `Время продвигается до ${d.time} (${d.cause === 'last-card' ? 'последняя карта колоды' : `триггер «${TRIGGER_NAME.time.ru}»`}); колода перемешана со сбросом`
      : `Time advances to ${d.time} (${d.cause === 'last-card' ? 'the last card of the deck' : 'Time! trigger'}); the deck reshuffled with its discard`,
  RandomHexDrawn: (d, w) =>
    w.lang === 'ru'
      ? `Случайный Гекс ${d.hex}${d.weapon ? ` (починка: ${w.piece(d.weapon)}, число ${d.number})` : ''}`
      : `Random Hex ${d.hex}${d.weapon ? ` (repair of ${w.piece(d.weapon)}, number ${d.number})` : ''}`,
  PieceBroken: (d, w) =>
    d.eliminated
      ? w.lang === 'ru'
        ? `${w.piece(d.piece)} ${w.agreeing('eliminated', d.piece)}`
        : `${w.piece(d.piece)} is eliminated`
      : w.lang === 'ru'
        ? `${w.piece(d.piece)} ${w.agreeing('broken', d.piece)}`
        : `${w.piece(d.piece)} breaks`,
  OutcomeStated: (d, w) =>
    w.lang === 'ru'
      ? `Заявлен результат ${(ABOUT[d.about] ?? ABOUT.victory).ru}: ${d.effects.map((e) => effectText(e, w)).join('; ') || 'без последствий'}${d.applied ? '' : ' — ждёт подтверждения'}`
      : `Stated outcome of ${(ABOUT[d.about] ?? ABOUT.victory).en}: ${d.effects.map((e) => effectText(e, w)).join('; ') || 'no effect'}${d.applied ? '' : ' — awaiting confirmation'}`,
  OutcomeConfirmed: (d, w) =>
    w.lang === 'ru'
      ? `Результат подтверждён: ${w.who(d.by)}${d.judge ? ' (записал судья)' : ''}`
      : `Outcome confirmed by ${w.who(d.by)}${d.judge ? ' (recorded by a judge)' : ''}`,
  OutcomeRejected: (d, w) =>
    w.lang === 'ru' ? `Результат отклонён: ${w.who(d.by)}` : `Outcome rejected by ${w.who(d.by)}`,
  ObjectiveControlled: (d, w) =>
    w.lang === 'ru'
      ? `Цель ${d.number} под контролем: ${w.who(d.seat)}`
      : `Objective ${d.number} controlled by ${w.who(d.seat)}`,
  SuddenDeathRolled: (d, w) =>
    w.lang === 'ru'
      ? `↳ Время ${d.time} на делении Внезапной Смерти (${d.space}): Бросок Внезапной Смерти ${d.value}; заканчивается ли игра — заявляет игрок, подтверждает соперник`
      : `↳ Time ${d.time} at the Sudden Death space (${d.space}): Sudden Death roll ${d.value}; whether the game ends is stated and confirmed`,
  InitiativePassed: (d, w) =>
    w.lang === 'ru'
      ? `Карта Инициативы переходит: ${w.who(d.from)} → ${w.who(d.seat)}`
      : `The Initiative card passes from ${w.who(d.from)} to ${w.who(d.seat)}`,
  HandShown: (d, w) =>
    w.lang === 'ru'
      ? `Рука открыта по Событию (Золотое правило): ${w.who(d.seat)} → ${w.who(d.to)} (карт: ${d.count})`
      : `${w.who(d.seat)}’s hand (${cards(d.count, 'en')}) shown to ${w.who(d.to)} by the Event (the Golden rule)`,
  UnitExited: (d, w) =>
    w.lang === 'ru'
      ? `${w.piece(d.unit)} прорывается за край поля`
      : `${w.piece(d.unit)} exits off the map`,
};

export function describeCcEvent(
  event: Pick<RecordedEvent, 'type' | 'data'>,
  lang: Lang,
  names: PhraseNames = {},
): string | undefined {
  if (!Object.hasOwn(PHRASES, event.type)) return undefined;
  if (event.data === null || typeof event.data !== 'object') return undefined;
  if (event.type === 'FateRolled' && !Array.isArray((event.data as { dice?: unknown }).dice))
    return undefined;
  const words: Words = {
    lang,
    who: (seat) => names.seat?.(seat, lang) ?? seat,
    piece: (id) => names.piece?.(id, lang) ?? id,
    agreeing: (word, piece) =>
      formatMessage('ru', AGREEING[word], { gender: names.gender?.(piece) ?? 'other' }),
  };
  try {
    const phrase = PHRASES[event.type as keyof CcEvents] as (d: unknown, w: Words) => string;
    return phrase(event.data, words);
  } catch {
    return undefined;
  }
}
