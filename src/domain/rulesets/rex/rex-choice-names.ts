import type { LocalizedText } from '../../shared/localized-text';
import type { StrategyEffect } from './rex-events';
import type { LocationRole } from './rex-map';

/**
 * Rex's values as the forms offer them (x-choice-names): a setup or a decision never shows
 * an id on the page. The special Strategy cards' names are the cards' own.
 */
export const STRATEGY_EFFECT_NAMES: Record<StrategyEffect, LocalizedText> = {
  retreat: { en: 'Tactical Retreat', ru: 'Тактическое Отступление' },
  recruits: { en: 'Recruits', ru: 'Новобранцы' },
  'informant-deployment': { en: 'Informant – Deployment', ru: 'Информатор – Развертывания' },
  'informant-cancellation': { en: 'Informant – Cancellation', ru: 'Информатор – Аннулирования' },
  'accelerated-mobilization': { en: 'Accelerated Mobilization', ru: 'Ускоренная Мобилизация' },
  'diplomatic-intervention': {
    en: 'Diplomatic Intervention',
    ru: 'Дипломатическое Вмешательство',
  },
  'graviton-inverter': { en: 'Graviton Inverter', ru: 'Инвертор Гравитона' },
  'radar-tracking': { en: 'Radar Tracking', ru: 'Отслеживание Радаром' },
};

export const STRATEGY_CATEGORY_NAMES: Record<'attack' | 'defense' | 'special', LocalizedText> = {
  attack: { en: 'Attack', ru: 'Атака' },
  defense: { en: 'Defense', ru: 'Защита' },
  special: { en: 'Special', ru: 'Особая' },
};

export const INFLUENCE_CARD_KIND_NAMES: Record<
  'standard' | 'sol-offensive' | 'ceasefire',
  LocalizedText
> = {
  standard: { en: 'Standard', ru: 'Обычная' },
  'sol-offensive': { en: 'Sol Offensive', ru: 'Наступление Сол' },
  ceasefire: { en: 'Temporary Ceasefire', ru: 'Временное прекращение огня' },
};

export const LOCATION_ROLE_NAMES: Record<LocationRole, LocalizedText> = {
  'movement-bonus': { en: 'Movement bonus (range 4)', ru: 'Перемещение на 4' },
  'no-battle': { en: 'No battles', ru: 'Без боёв' },
  'sol-victory': { en: 'A Sol victory location', ru: 'Цель победы Сол' },
};
