import { DISTANCE_NAMES, WEAPON_NAMES } from './cp-cards';
import { own } from '../../shared/id-record';
import { has, TABLE_SENTENCES, when, type DecisionSentence } from '../../naming/decision-sentences';

const TOKENS_RU =
  '{count, plural, one {# фишку действия} few {# фишки действия} many {# фишек действия} other {# фишки действия}}';
const TOKENS_EN = '{count, plural, one {# action token} other {# action tokens}}';

/** A weapon by its name in the rules (the param is its kind: `lasers`). */
const weaponOf = (p: Record<string, unknown>) =>
  typeof p.weapon === 'string' ? own(WEAPON_NAMES, p.weapon) : undefined;

/** How the other seat's distance manoeuvre reads, by the manoeuvre and the distance chosen. */
function manoeuvre(p: Record<string, unknown>): { en: string; ru: string } {
  const distance = typeof p.distance === 'string' ? own(DISTANCE_NAMES, p.distance) : undefined;
  const to = distance
    ? { en: ` to ${distance.en.toLowerCase()} range`, ru: ` (дистанция: ${distance.ru})` }
    : { en: '', ru: '' };
  switch (p.manoeuvre) {
    case 'stop':
      return { en: `stops closing in${to.en}`, ru: `прекращает сближение${to.ru}` };
    case 'resume':
      return { en: `resumes closing in${to.en}`, ru: `возобновляет сближение${to.ru}` };
    case 'increase':
      return { en: `increases the distance${to.en}`, ru: `разрывает дистанцию${to.ru}` };
    case 'echelon':
      return { en: 'brings in the second echelon', ru: 'вводит второй эшелон' };
    default:
      return { en: 'makes no distance manoeuvre', ru: 'не маневрирует дистанцией' };
  }
}

/**
 * A manual adjustment reads as the table decision it makes, done by hand («вручную
 * перемещает …»): `manual-<kind>` for every table decision (cp-manual.ts).
 */
const MANUAL_SENTENCES: Record<string, DecisionSentence> = Object.fromEntries(
  Object.entries(TABLE_SENTENCES).map(([kind, sentence]) => [
    `manual-${kind}`,
    (params: Record<string, unknown>) => {
      const inner = sentence(params);
      return inner && { en: `manually ${inner.en}`, ru: `вручную ${inner.ru}` };
    },
  ]),
);

/** Commanders Path («Путь Командора»). */
export const CP_SENTENCES: Record<string, DecisionSentence> = {
  deal: () => ({ en: 'deals the starting hands', ru: 'раздаёт стартовые руки' }),
  'roll-initiative': () => ({ en: 'rolls for initiative', ru: 'бросает на инициативу' }),
  deploy: when(['ships'], { en: 'deploys {ships}', ru: 'выставляет: {ships}' }),
  'commercial-run': when(['ship', 'to'], {
    en: 'sends {ship} on a commercial run to {to}',
    ru: 'отправляет {ship} в торговый рейс → {to}',
  }),
  produce: (p) =>
    has(p, 'card', 'to')
      ? { en: 'builds {card} at {to}', ru: 'строит {card} → {to}' }
      : has(p, 'card')
        ? { en: 'builds {card}', ru: 'строит {card}' }
        : undefined,
  'play-upgrade': when(['card', 'target'], {
    en: 'fits {card} to {target}',
    ru: 'ставит улучшение {card} → {target}',
  }),
  'play-ability': when(['card'], { en: 'plays {card}', ru: 'разыгрывает {card}' }),
  'play-situation': when(['card'], {
    en: 'plays the situation {card}',
    ru: 'разыгрывает ситуацию {card}',
  }),
  'play-tactical': when(['card'], {
    en: 'plays the tactic {card}',
    ru: 'разыгрывает тактику {card}',
  }),
  'move-ships': when(['ships', 'to'], {
    en: 'moves {ships} to {to}',
    ru: 'перемещает {ships} → {to}',
  }),
  'move-ground': when(['card', 'to'], {
    en: 'moves {card} to {to}',
    ru: 'перемещает {card} → {to}',
  }),
  'move-commander': when(['to'], {
    en: 'moves the Commander to {to}',
    ru: 'переводит Командора → {to}',
  }),
  'start-battle': when(['location'], {
    en: 'starts a battle at {location}',
    ru: 'начинает бой: {location}',
  }),
  attack: (p) => {
    if (!has(p, 'ship', 'targets')) return undefined;
    const weapon = weaponOf(p);
    return weapon
      ? {
          en: `{ship} fires ${weapon.en} at {targets}`,
          ru: `{ship} стреляет (${weapon.ru}) по цели: {targets}`,
        }
      : { en: '{ship} attacks {targets}', ru: '{ship} атакует цель: {targets}' };
  },
  ram: when(['ship', 'target'], {
    en: 'rams {target} with {ship}',
    ru: 'таранит: {ship} → {target}',
  }),
  board: when(['ship', 'target'], {
    en: 'boards {target} from {ship}',
    ru: 'берёт на абордаж: {ship} → {target}',
  }),
  bomb: when(['ships', 'target'], {
    en: 'bombs {target} with {ships}',
    ru: 'бомбит: {ships} → {target}',
  }),
  withdraw: when(['ships'], { en: 'withdraws {ships}', ru: 'отводит из боя: {ships}' }),
  land: when(['ships'], { en: 'lands {ships}', ru: 'высаживает: {ships}' }),
  'pass-attack': () => ({ en: 'holds fire', ru: 'не атакует' }),
  'end-resources': () => ({ en: 'ends the resources step', ru: 'заканчивает шаг ресурсов' }),
  'end-production': () => ({ en: 'ends production', ru: 'заканчивает производство' }),
  'end-movement': () => ({ en: 'ends movement', ru: 'заканчивает движение' }),
  concede: () => ({ en: 'concedes', ru: 'сдаётся' }),
  'register-deck': () => ({ en: 'registers the deck', ru: 'регистрирует колоду' }),
  redeal: () => ({ en: 'redeals the hand', ru: 'пересдаёт карты' }),
  'setup-spend': (p) =>
    has(p, 'builds')
      ? {
          en: 'spends the setup resources: {builds}',
          ru: 'тратит стартовые ресурсы: {builds}',
        }
      : {
          en: 'keeps the setup resources as action tokens',
          ru: 'оставляет стартовые ресурсы фишками действия',
        },
  'smuggling-run': when(['ship', 'target'], {
    en: 'sends {ship} on a smuggling run to {target}',
    ru: 'отправляет {ship} в контрабандный рейс → {target}',
  }),
  'move-upgrade': when(['upgrade', 'to'], {
    en: 'moves the upgrade {upgrade} to {to}',
    ru: 'переносит улучшение {upgrade} → {to}',
  }),
  'discard-situation': when(['card'], {
    en: 'puts the situation {card} into Losses',
    ru: 'отправляет в потери ситуацию {card}',
  }),
  'buy-action-tokens': (p) =>
    typeof p.count === 'number'
      ? { en: `buys ${TOKENS_EN}`, ru: `покупает ${TOKENS_RU}` }
      : undefined,
  'designate-echelon': (p) =>
    has(p, 'second')
      ? { en: 'holds {second} in the second echelon', ru: 'выделяет во второй эшелон: {second}' }
      : { en: 'holds no second echelon', ru: 'не выделяет второй эшелон' },
  'allow-withdrawal': (p) =>
    typeof p.allow === 'boolean'
      ? p.allow
        ? { en: 'lets the slower ship withdraw', ru: 'разрешает выход из боя' }
        : { en: 'refuses the slower ship’s withdrawal', ru: 'запрещает выход из боя' }
      : undefined,
  evade: (p) =>
    typeof p.evade === 'boolean'
      ? p.evade
        ? { en: 'makes an evasive manoeuvre', ru: 'уклоняется: корабль поворачивается' }
        : { en: 'does not evade', ru: 'не уклоняется' }
      : undefined,
  'nova-targets': when(['targets'], {
    en: 'aims the Nova at {targets}',
    ru: 'выбирает цели «Новы»: {targets}',
  }),
  'nova-shields': (p) =>
    has(p, 'sacrifice')
      ? {
          en: 'holds the Nova off with the shields of {sacrifice}',
          ru: 'гасит «Нову» щитами: {sacrifice}',
        }
      : { en: 'sets no shield against the Nova', ru: 'не гасит «Нову» щитами' },
  'counter-fire': (p) => {
    const weapon = weaponOf(p);
    return weapon
      ? { en: `fires back with ${weapon.en}`, ru: `ведёт ответный огонь (${weapon.ru})` }
      : { en: 'does not fire back', ru: 'отказывается от ответного огня' };
  },
  'end-round': (p) => manoeuvre(p),
  'ground-assault': (p) =>
    typeof p.continue === 'boolean'
      ? p.continue
        ? { en: 'goes on against the ground units', ru: 'продолжает бой с наземными отрядами' }
        : { en: 'ends the battle', ru: 'завершает сражение' }
      : undefined,
  'civil-buildings': (p) =>
    has(p, 'object') && (p.choice === 'destroy' || p.choice === 'capture')
      ? p.choice === 'destroy'
        ? {
            en: 'destroys the civil buildings of {object}',
            ru: 'уничтожает гражданские постройки: {object}',
          }
        : {
            en: 'takes the civil buildings of {object}',
            ru: 'захватывает гражданские постройки: {object}',
          }
      : undefined,
  'set-auto-pass': (p) =>
    p.on === true
      ? {
          en: 'gives a standing order: no questions in battle',
          ru: 'отдаёт постоянный приказ: не спрашивать в бою',
        }
      : { en: 'withdraws the standing order', ru: 'отменяет постоянный приказ' },
  'approve-manual': () => ({
    en: 'approves the other player’s manual adjustment',
    ru: 'одобряет ручную поправку соперника',
  }),
  'reject-manual': () => ({
    en: 'rejects a manual adjustment',
    ru: 'отклоняет ручную поправку',
  }),
  ...MANUAL_SENTENCES,
};
