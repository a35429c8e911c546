import { INFLUENCE_RU } from './rex-phrasing';
import { has, when, type DecisionSentence } from '../../naming/decision-sentences';

const TROOPS_RU = '{troops, plural, one {# войско} few {# войска} many {# войск} other {# войска}}';
const TROOPS_EN = '{troops, plural, one {# troop} other {# troops}}';
// «ставит 1 Влияние», «2 Влияния»: the forms the event sentences count Influence with.
const [one, few, many] = INFLUENCE_RU;
const INFLUENCE_RU_ICU = `{amount, plural, one {# ${one}} few {# ${few}} many {# ${many}} other {# ${few}}}`;

/** Rex: Final Days of an Empire. */
export const REX_SENTENCES: Record<string, DecisionSentence> = {
  recruit: when(['troops'], { en: `recruits ${TROOPS_EN}`, ru: `набирает ${TROOPS_RU}` }),
  deploy: when(['location', 'troops'], {
    en: `deploys ${TROOPS_EN} to {location}`,
    ru: `высаживает ${TROOPS_RU} → {location}`,
  }),
  move: when(['from', 'to', 'troops'], {
    en: `moves ${TROOPS_EN} from {from} to {to}`,
    ru: `перемещает ${TROOPS_RU}: {from} → {to}`,
  }),
  'sol-offensive-move': when(['from', 'to', 'troops'], {
    en: `moves ${TROOPS_EN} from {from} to {to} (Sol Offensive)`,
    ru: `перемещает ${TROOPS_RU}: {from} → {to} (наступление Сол)`,
  }),
  bid: when(['amount'], { en: 'bids {amount} Influence', ru: `ставит ${INFLUENCE_RU_ICU}` }),
  'pass-bid': () => ({ en: 'passes in the auction', ru: 'пасует на торгах' }),
  'offer-alliance': when(['to'], { en: 'offers {to} an alliance', ru: 'предлагает союз: {to}' }),
  'leave-alliance': () => ({ en: 'leaves the alliance', ru: 'выходит из союза' }),
  'transfer-influence': when(['to', 'amount'], {
    en: 'gives {to} {amount} Influence',
    ru: `передаёт ${INFLUENCE_RU_ICU} → {to}`,
  }),
  'start-battle': (p) =>
    has(p, 'location', 'opponent')
      ? {
          en: 'starts a battle at {location} against {opponent}',
          ru: 'начинает бой: {location}, противник — {opponent}',
        }
      : has(p, 'location')
        ? { en: 'starts a battle at {location}', ru: 'начинает бой: {location}' }
        : undefined,
  'battle-plan': (p) =>
    typeof p.dial === 'number'
      ? has(p, 'leader')
        ? {
            en: 'sets the battle wheel: dial {dial}, leader {leader}',
            ru: 'выставляет Колесо Битвы: число {dial}, лидер — {leader}',
          }
        : {
            en: 'sets the battle wheel: dial {dial}, no leader',
            ru: 'выставляет Колесо Битвы: число {dial}, без лидера',
          }
      : undefined,
  'battle-cards': (p) =>
    has(p, 'attack') || has(p, 'defense')
      ? { en: 'plays battle cards: {cards}', ru: 'выбирает карты боя: {cards}' }
      : { en: 'plays no battle card', ru: 'не выбирает карт боя' },
  'call-traitor': (p) =>
    has(p, 'traitor')
      ? { en: 'calls the traitor: {traitor}', ru: 'объявляет Предателя: {traitor}' }
      : { en: 'calls no traitor', ru: 'не объявляет Предателя' },
  'take-losses': (p) =>
    typeof p.troops === 'number'
      ? { en: `loses ${TROOPS_EN}`, ru: `теряет ${TROOPS_RU}` }
      : undefined,
  'keep-cards': (p) =>
    has(p, 'discard')
      ? { en: 'keeps its cards but {discard}', ru: 'оставляет карты, кроме: {discard}' }
      : { en: 'keeps its cards', ru: 'оставляет свои карты' },
  'draw-bombardment': () => ({
    en: 'draws a Bombardment card',
    ru: 'тянет карту Бомбардировки',
  }),
  'peek-bombardment': () => ({
    en: 'looks at the next Bombardment card',
    ru: 'смотрит следующую карту Бомбардировки',
  }),
  'play-strategy': (p) =>
    has(p, 'card', 'location')
      ? { en: 'plays {card} at {location}', ru: 'разыгрывает {card} → {location}' }
      : has(p, 'card')
        ? { en: 'plays {card}', ru: 'разыгрывает {card}' }
        : undefined,
  'flip-troops': when(['location'], {
    en: 'flips its troops at {location}',
    ru: 'переворачивает войска: {location}',
  }),
  'end-turn': () => ({ en: 'ends the turn', ru: 'заканчивает ход' }),
  predict: when(['seat', 'round'], {
    en: 'predicts that {seat} wins in round {round}',
    ru: 'предсказывает: победит {seat}, раунд {round}',
  }),
  concede: () => ({ en: 'concedes', ru: 'сдаётся' }),
  begin: () => ({
    en: 'begins the game: shuffles the decks and deals the starting cards',
    ru: 'начинает игру: тасует колоды и раздаёт стартовые карты',
  }),
  'reveal-influence': () => ({
    en: 'reveals the top Influence card',
    ru: 'открывает верхнюю Карту Влияния',
  }),
  'end-ceasefire': () => ({
    en: 'is done with alliances and deals',
    ru: 'заканчивает с союзами и сделками',
  }),
  'deal-auction': () => ({
    en: 'deals the remaining auction lots',
    ru: 'раздаёт оставшиеся лоты торгов',
  }),
};
