import type { LocalizedText } from '../../shared/localized-text';
import { RULES } from './rex-rules-text';

/**
 * The six Great Races and the abilities the excerpt gives them. Race Sheets are missing
 * from the text: only what it states is enforced; each ability cites its sentence.
 */

export type FactionId = 'sol' | 'hacan' | 'letnev' | 'jolnar' | 'xxcha' | 'lazax';
export const FACTION_IDS: readonly FactionId[] = [
  'sol',
  'hacan',
  'letnev',
  'jolnar',
  'xxcha',
  'lazax',
];

export interface FactionSpec {
  id: FactionId;
  name: LocalizedText;
  /** The abilities this ruleset enforces, with the sentence each rests on. */
  abilities: { text: LocalizedText; ruleRef: string }[];
}

export const FACTIONS: Record<FactionId, FactionSpec> = {
  sol: {
    id: 'sol',
    name: { en: 'Sol Federation', ru: 'Сол' },
    abilities: [
      {
        text: {
          en: 'Looks at the top Bombardment card (once per round, secret to Sol).',
          ru: 'Смотрит верхнюю карту колоды Бомбардировки (раз в раунд, тайно).',
        },
        ruleRef: RULES.solLook,
      },
      {
        text: {
          en: 'Sol and its allies are immune to the Sol Offensive.',
          ru: 'Сол и его союзники невосприимчивы к «Наступлению Сол».',
        },
        ruleRef: RULES.solImmune,
      },
      {
        text: {
          en: 'Special victory after round 8: only Sol controls the Imperial Palace and Mecatol South Power Station.',
          ru: 'Особая победа после 8-го раунда: только Сол контролирует Императорский Дворец и Южную Энергостанцию.',
        },
        ruleRef: RULES.solVictory,
      },
    ],
  },
  hacan: {
    id: 'hacan',
    name: { en: 'Emirates of Hacan', ru: 'Хакан' },
    abilities: [
      {
        text: {
          en: 'Deploys at half cost, rounded up.',
          ru: 'Разворачивает Войска за половину стоимости, с округлением вверх.',
        },
        ruleRef: RULES.hacanRounding,
      },
      {
        text: {
          en: 'Receives the other players’ deployment payments (option deploymentPayee).',
          ru: 'Получает плату других игроков за Развертывание (параметр deploymentPayee).',
        },
        ruleRef: RULES.hacanPayments,
      },
      {
        text: {
          en: 'Special victory after round 8 when nobody won by Strongholds and Sol did not win.',
          ru: 'Особая победа после 8-го раунда, если никто не победил по Крепостям и не победил Сол.',
        },
        ruleRef: RULES.hacanVictory,
      },
    ],
  },
  letnev: {
    id: 'letnev',
    name: { en: 'Barony of Letnev', ru: 'Летнев' },
    abilities: [
      {
        text: {
          en: 'Starts with 4 Traitor cards and 2 Strategy cards.',
          ru: 'Начинает с 4 Картами Предателей и 2 Картами Стратегий.',
        },
        ruleRef: RULES.letnevCards,
      },
      {
        text: { en: 'Hand limit of 8 Strategy cards.', ru: 'До восьми Карт Стратегий на руке.' },
        ruleRef: RULES.letnevHand,
      },
    ],
  },
  jolnar: {
    id: 'jolnar',
    name: { en: 'Universities of Jol-Nar', ru: 'Жол-Нар' },
    abilities: [
      {
        text: {
          en: 'Looks at each face-down Strategy card as it comes up for auction.',
          ru: 'Смотрит каждую закрытую Карту Стратегии, выставленную на торги.',
        },
        ruleRef: RULES.jolnarLook,
      },
    ],
  },
  xxcha: {
    id: 'xxcha',
    name: { en: 'Xxcha Kingdom', ru: 'Кззча' },
    abilities: [
      {
        text: {
          en: 'Seals a prediction of a player and a round at the start; if that player wins in that round, Xxcha wins alone.',
          ru: 'В начале игры тайно предсказывает игрока и раунд; если тот побеждает в этом раунде, побеждает Кззча, один.',
        },
        ruleRef: RULES.xxchaVictory,
      },
    ],
  },
  lazax: {
    id: 'lazax',
    name: { en: 'Lazax Empire', ru: 'Лазакс' },
    abilities: [
      {
        text: {
          en: 'Mechanized troops count 2 on the wheel and in losses; the dial is capped at 20.',
          ru: 'Механизированные Войска считаются за два на Колесе и в потерях; на Колесе не больше 20.',
        },
        ruleRef: RULES.lazaxDialCap,
      },
      {
        text: {
          en: 'Receives the payments for Strategy cards won at auction (option auctionPayee).',
          ru: 'Получает плату за Карты Стратегий, купленные на торгах (параметр auctionPayee).',
        },
        ruleRef: RULES.lazaxPayments,
      },
      {
        text: {
          en: 'May give an ally Influence during Bidding, before that ally bids.',
          ru: 'Может дать союзнику Влияние во время Фазы Торгов, прежде чем тот сделает ставку.',
        },
        ruleRef: RULES.lazaxGift,
      },
    ],
  },
};

export function isFaction(value: unknown): value is FactionId {
  return typeof value === 'string' && (FACTION_IDS as readonly string[]).includes(value);
}

/** Piece types of the catalog. */
export const TROOP = 'troop';
export const MECHANIZED = 'mechanized-troop';
export const LEADER = 'leader';

/** A troop's strength on the wheel and in losses: Lazax Mechanized troops count 2. */
export function troopStrength(type: string): number {
  return type === MECHANIZED ? 2 : 1;
}

export const LAZAX_DIAL_CAP = 20;

/** The highest dial a side may set: the troops present (Lazax: their strength, at most 20). */
export function dialCap(faction: FactionId, troopTypes: readonly string[]): number {
  if (faction !== 'lazax') return troopTypes.length;
  const strength = troopTypes.reduce((sum, type) => sum + troopStrength(type), 0);
  return Math.min(strength, LAZAX_DIAL_CAP);
}

export interface DeployCost {
  /** 1 per troop into a location without enemies, 2 per troop where enemies are. */
  base: number;
  cost: number;
  ruleRef: string;
}

export function deployCost(faction: FactionId, count: number, enemiesPresent: boolean): DeployCost {
  const base = count * (enemiesPresent ? 2 : 1);
  if (faction === 'hacan') return { base, cost: Math.ceil(base / 2), ruleRef: RULES.hacanRounding };
  return { base, cost: base, ruleRef: RULES.deployCost };
}

export function handLimit(faction: FactionId, normal: number): number {
  return faction === 'letnev' ? 8 : normal;
}

/** Letnev's starting cards are fixed by the text; the others' come from the setup. */
export function startingCards(
  faction: FactionId,
  others: { traitors: number; strategy: number },
): { traitors: number; strategy: number } {
  return faction === 'letnev' ? { traitors: 4, strategy: 2 } : { ...others };
}

/**
 * The ways a Lazax winner may take `dial` losses from `regular` and `mechanized` troops:
 * at least the dial in strength, and no troop more than needed (dropping any chosen troop
 * would fall short of the dial).
 */
export function lazaxLossChoices(
  regular: number,
  mechanized: number,
  dial: number,
): { regular: number; mechanized: number }[] {
  const choices: { regular: number; mechanized: number }[] = [];
  for (let m = 0; m <= mechanized; m += 1) {
    for (let r = 0; r <= regular; r += 1) {
      const strength = r + 2 * m;
      if (strength < dial) continue;
      const smallest = r > 0 ? 1 : m > 0 ? 2 : 0;
      if (strength > 0 && strength - smallest >= dial) continue;
      choices.push({ regular: r, mechanized: m });
    }
  }
  return choices;
}
