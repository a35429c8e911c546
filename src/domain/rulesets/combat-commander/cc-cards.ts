import { own } from '../../shared/id-record';
import { ruCount, type LocalizedText } from '../../shared/localized-text';
import { violation, type RuleViolation } from '../rule-violation';
import { HEX_ID, normalizeHex } from './cc-map';
import { RULES } from './cc-rules-text';

/**
 * Fate cards as data. A card carries an Order (top), an Action (under the photo), an Event
 * (under the Action), a Random Hex (lower left), a pair of dice (lower right) and, around the
 * dice, perhaps a trigger [1.9.1]. The two faces are kept apart: a Targeting roll multiplies
 * them [O20.2.3].
 */

export const NATIONALITIES = ['germany', 'america', 'ussr'] as const;
export type Nationality = (typeof NATIONALITIES)[number];

/** A nationality as a person reads it. */
export const NATION_NAME: Record<Nationality, LocalizedText> = {
  germany: { en: 'Germany', ru: 'Германия' },
  america: { en: 'America', ru: 'Америка' },
  ussr: { en: 'USSR', ru: 'СССР' },
};

export const POSTURES = ['attack', 'recon', 'defense'] as const;
export type Posture = (typeof POSTURES)[number];

/** Hand size by posture: Attack 6, Recon 5, Defense 4 [1.1]. */
export const HAND_SIZE: Record<Posture, number> = { attack: 6, recon: 5, defense: 4 };

export const TRIGGERS = ['event', 'jammed', 'sniper', 'time'] as const;
export type Trigger = (typeof TRIGGERS)[number];

/** The word printed in the trigger's red frame. */
export const TRIGGER_WORD: Record<Trigger, string> = {
  event: 'Event!',
  jammed: 'Jammed!',
  sniper: 'Sniper!',
  time: 'Time!',
};

/**
 * The trigger as a person reads it: in Russian the text's own translation of the printed word
 * («1.9.1.3 Триггер Sniper! („Снайпер“)»), with the printed word's exclamation mark.
 */
export const TRIGGER_NAME: Record<Trigger, LocalizedText> = {
  event: { en: 'Event!', ru: 'Событие!' },
  jammed: { en: 'Jammed!', ru: 'Заело!' },
  sniper: { en: 'Sniper!', ru: 'Снайпер!' },
  time: { en: 'Time!', ru: 'Время!' },
};

/**
 * What a person reads for the Orders and Actions of the illustrative decks. «Огонь» and «Движение»
 * are the text's words; the rest are matchlog's Russian for the rulebook's English names (the
 * excerpt names no other Order). A registered deck's own words stand as the organizer wrote them.
 */
const CARD_WORDS: Record<string, { en: string; ru: string }> = {
  fire: { en: 'Fire', ru: 'Огонь' },
  move: { en: 'Move', ru: 'Движение' },
  advance: { en: 'Advance', ru: 'Наступление' },
  recover: { en: 'Recover', ru: 'Восстановление' },
  rout: { en: 'Rout', ru: 'Бегство' },
  'artillery-request': { en: 'Artillery Request', ru: 'Запрос артиллерии' },
  'artillery-denied': { en: 'Artillery Denied', ru: 'Отказ в артиллерии' },
  'command-confusion': { en: 'Command Confusion', ru: 'Неразбериха в командовании' },
};

/**
 * Whether a card's Order word is the Order `id` (an illustrative deck's id, or a registered
 * list's word for it in English or Russian, in any case).
 */
export function isOrder(word: string | undefined, id: keyof typeof CARD_WORDS): boolean {
  if (word === undefined) return false;
  const said = word.trim().toLowerCase();
  const names = own(CARD_WORDS, id);
  return said === id || said === names?.en.toLowerCase() || said === names?.ru.toLowerCase();
}

/**
 * An Order's or Action's name as a person reads it: the list's own title for it, else the
 * illustrative decks' word, else the word as the list gives it.
 */
export function cardWord(word: string, lang: 'en' | 'ru', title?: LocalizedText): string {
  return title?.[lang] ?? own(CARD_WORDS, word)?.[lang] ?? word;
}

export const DECK_SIZE = 72;

export interface FateCard {
  order: string;
  action: string;
  event: string;
  /** The Order's, the Action's and the Event's names in both languages, when the list gives them. */
  orderTitle?: LocalizedText;
  actionTitle?: LocalizedText;
  eventTitle?: LocalizedText;
  /** The Random Hex, letter and number («C7»). */
  hex: string;
  dice: [number, number];
  trigger?: Trigger;
}

/** Fate card attributes as a piece carries them. */
export interface FateCardAttrs extends FateCard {
  nationality: Nationality;
}

/** What a deck list holds before it is checked (the setup params' shape). */
export interface FateCardInput {
  order?: unknown;
  action?: unknown;
  event?: unknown;
  hex?: unknown;
  dice?: unknown;
  trigger?: unknown;
  orderTitle?: unknown;
  actionTitle?: unknown;
  eventTitle?: unknown;
}

/** A name in both languages (the setup params' LocalizedTextParams checked it as plain text). */
export const isLocalized = (value: unknown): value is LocalizedText =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as LocalizedText).en === 'string' &&
  typeof (value as LocalizedText).ru === 'string';

/** The names of a card's Order, Action and Event in both languages, those the card gives. */
function cardTitles(
  card: FateCardInput,
): Pick<FateCard, 'orderTitle' | 'actionTitle' | 'eventTitle'> {
  const titles: Pick<FateCard, 'orderTitle' | 'actionTitle' | 'eventTitle'> = {};
  for (const key of ['orderTitle', 'actionTitle', 'eventTitle'] as const) {
    const title = card[key];
    if (isLocalized(title)) titles[key] = { en: title.en, ru: title.ru };
  }
  return titles;
}

const text = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= 60;

/** Checks one registered deck list: 72 cards, faces 1–6, known triggers, a hex id each. */
export function checkDeck(
  nationality: string,
  cards: readonly FateCardInput[],
  index: number,
): FateCard[] | RuleViolation {
  const path = `decks.${index}`;
  const nation = Object.hasOwn(NATION_NAME, nationality)
    ? NATION_NAME[nationality as Nationality].ru
    : nationality;
  const deck = `Колода ${index + 1} (${nation})`;
  if (cards.length !== DECK_SIZE)
    return violation(
      'deck_size',
      {
        en: `${path}: the ${nationality} deck lists ${cards.length} cards; a Fate deck is ${DECK_SIZE}`,
        ru: `${deck}: в списке ${ruCount(cards.length, 'карта', 'карты', 'карт')}, а в колоде Судьбы их ${DECK_SIZE}`,
      },
      RULES.deck72,
    );
  const checked: FateCard[] = [];
  for (const [i, card] of cards.entries()) {
    const at = `${path}.cards.${i}`;
    const atRu = `${deck}, карта ${i + 1}`;
    if (!text(card.order) || !text(card.action) || !text(card.event))
      return violation(
        'invalid_card',
        {
          en: `${at}: a Fate card names its Order, its Action and its Event`,
          ru: `${atRu}: у карты Судьбы есть Приказ, Действие и Событие — назовите все три`,
        },
        RULES.fromHand,
      );
    const dice = card.dice;
    if (
      !Array.isArray(dice) ||
      dice.length !== 2 ||
      !dice.every((f) => Number.isInteger(f) && (f as number) >= 1 && (f as number) <= 6)
    )
      return violation(
        'invalid_dice',
        {
          en: `${at}: the dice are a pair of faces 1 to 6, not ${JSON.stringify(dice)}`,
          ru: `${atRu}: кубики — это пара значений от 1 до 6, а не ${JSON.stringify(dice)}`,
        },
        RULES.dicePair,
      );
    if (card.trigger !== undefined && !(TRIGGERS as readonly unknown[]).includes(card.trigger))
      return violation(
        'unknown_trigger',
        {
          en: `${at}: trigger ${JSON.stringify(card.trigger)} is not one of ${TRIGGERS.join(', ')}`,
          ru: `${atRu}: триггер ${JSON.stringify(card.trigger)} не из списка: ${TRIGGERS.map((t) => TRIGGER_NAME[t].ru).join(', ')}`,
        },
        RULES.triggerWords,
      );
    const hex = typeof card.hex === 'string' ? normalizeHex(card.hex) : '';
    if (!HEX_ID.test(hex))
      return violation(
        'invalid_hex',
        {
          en: `${at}: the Random Hex is a letter and a number («C7»), not ${JSON.stringify(card.hex)}`,
          ru: `${atRu}: Случайный гекс — это буква и число («C7»), а не ${JSON.stringify(card.hex)}`,
        },
        RULES.hexId,
      );
    checked.push({
      order: (card.order as string).trim(),
      action: (card.action as string).trim(),
      event: (card.event as string).trim(),
      hex,
      dice: [dice[0] as number, dice[1] as number],
      ...(card.trigger === undefined ? {} : { trigger: card.trigger as Trigger }),
      ...cardTitles(card),
    });
  }
  return checked;
}

/** The roll's value: the sum of the faces, their product for a Targeting roll [1.9]. */
export function rollValue(dice: readonly number[], targeting: boolean): number {
  const [a, b] = dice;
  return targeting ? a * b : a + b;
}

/**
 * ILLUSTRATIVE decks, one per nationality: the real 72-card lists are not in the rules text.
 * Same shape as a real list; the organizer registers the real ones at match creation.
 *
 * Only what the Russian excerpt names is printed on them, so no card shows a rule number
 * (A40, E72) for a name: the rulebook lists Actions A25–A41 and Events E43–E77 alphabetically
 * («зачитывает вслух название События и применяет его эффект [E43–E77]»), but the excerpt
 * names one Action, «Огонь» [A33] («как в случае с картой „Огонь“ [A33]»), and three Events,
 * «Допрос» [E61] (the Golden rule's example), «Ходячие раненые» [Е76] (Example A) and
 * «Санитар» (the Rout example). The illustrative decks' Action is therefore always «Огонь»
 * (played as Op Fire against an enemy Move), and their Events are those three, in turn.
 */
const ORDERS = [
  'fire',
  'move',
  'advance',
  'recover',
  'rout',
  'artillery-request',
  'artillery-denied',
  'command-confusion',
];
/** The Events the excerpt names, each with its rulebook number where the excerpt gives it. */
const NAMED_EVENTS: readonly LocalizedText[] = [
  { en: 'Interrogation', ru: 'Допрос' },
  { en: 'Walking Wounded', ru: 'Ходячие раненые' },
  { en: 'Medic', ru: 'Санитар' },
];

export function illustrativeDeck(nationality: Nationality): FateCard[] {
  const offset = NATIONALITIES.indexOf(nationality);
  return Array.from({ length: DECK_SIZE }, (_, i) => {
    const k = i + offset * 5;
    const trigger: Trigger | undefined =
      k % 9 === 0
        ? 'event'
        : k % 12 === 5
          ? 'sniper'
          : k % 12 === 2
            ? 'jammed'
            : k % 18 === 7
              ? 'time'
              : undefined;
    const event = NAMED_EVENTS[k % NAMED_EVENTS.length];
    return {
      order: ORDERS[k % ORDERS.length],
      action: 'fire',
      event: event.en,
      eventTitle: { ...event },
      hex: `${String.fromCharCode(65 + (k % 10))}${((k * 7) % 10) + 1}`,
      dice: [Math.floor((i % 36) / 6) + 1, (i % 6) + 1],
      ...(trigger ? { trigger } : {}),
    };
  });
}
