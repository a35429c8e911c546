import { ruleRef } from '../kit/rules-text';

/**
 * The rules of Coin Race, the template game. A real game's authoritative text is the Russian
 * file under shared/rules/source (copied to test/fixtures/rules); this one is short enough to
 * stand here. Every reference quotes it verbatim, and the spec checks that.
 */
export const COIN_RACE_SOURCE = `
ГОНКА МОНЕТ
Игроки по очереди бросают монету. Выпал орёл — фишка игрока продвигается на одно деление.
Выпала решка — ход переходит к следующему игроку.
УСКОРЕНИЯ
В начале игры колода ускорений перемешивается. Вместо броска игрок может взять верхнюю карту колоды ускорений, если у него на руке нет карт.
Сыгранное ускорение продвигает фишку на два деления и уходит в сброс.
ПОБЕДА
Побеждает игрок, первым достигший последнего деления дорожки.
`;

const SECTION = { race: 'ГОНКА МОНЕТ', boosts: 'УСКОРЕНИЯ', victory: 'ПОБЕДА' } as const;

export const RULES = {
  flip: ruleRef(SECTION.race, 'Выпал орёл — фишка игрока продвигается на одно деление.'),
  tails: ruleRef(SECTION.race, 'Выпала решка — ход переходит к следующему игроку.'),
  drawBoost: ruleRef(
    SECTION.boosts,
    'Вместо броска игрок может взять верхнюю карту колоды ускорений, если у него на руке нет карт.',
  ),
  playBoost: ruleRef(
    SECTION.boosts,
    'Сыгранное ускорение продвигает фишку на два деления и уходит в сброс.',
  ),
  victory: ruleRef(
    SECTION.victory,
    'Побеждает игрок, первым достигший последнего деления дорожки.',
  ),
} as const;
