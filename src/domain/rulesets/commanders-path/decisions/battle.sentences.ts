import { DISTANCE_NAMES, WEAPON_NAMES } from '../cp-cards';
import { own } from '../../../shared/id-record';
import { has, when, type DecisionSentence } from '../../../naming/decision-sentences';

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

/** What a seat did, in a battle (decisions/battle.ts). */
export const battleSentences: Record<string, DecisionSentence> = {
  'start-battle': when(['location'], {
    en: 'starts a battle at {location}',
    ru: 'начинает бой: {location}',
  }),
  'designate-echelon': (p) =>
    has(p, 'second')
      ? { en: 'holds {second} in the second echelon', ru: 'выделяет во второй эшелон: {second}' }
      : { en: 'holds no second echelon', ru: 'не выделяет второй эшелон' },
  withdraw: when(['ships'], { en: 'withdraws {ships}', ru: 'отводит из боя: {ships}' }),
  'allow-withdrawal': (p) =>
    typeof p.allow === 'boolean'
      ? p.allow
        ? { en: 'lets the slower ship withdraw', ru: 'разрешает выход из боя' }
        : { en: 'refuses the slower ship’s withdrawal', ru: 'запрещает выход из боя' }
      : undefined,
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
  'pass-attack': () => ({ en: 'holds fire', ru: 'не атакует' }),
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
  land: when(['ships'], { en: 'lands {ships}', ru: 'высаживает: {ships}' }),
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
};
