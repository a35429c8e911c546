import type { RecordedEvent } from '../../events/recorded-event';
import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import { formatMessage, type Catalogue, type PhraseNames } from '../kit/phrasing';
import type { Lang } from '../ruleset';
import type { GalaxyLeagueEvents } from './gl-events';
import { FACTIONS } from './gl-factions';

/**
 * Sentences for the league's own events, in English and Russian (ICU patterns: Russian number
 * and case come from plural forms). Players, planets and stages are named, never given by id.
 */

export const STAGE_NAMES: Record<string, LocalizedText> = {
  preparation: { en: 'Preparation', ru: 'Подготовка' },
  attack: { en: 'Attack', ru: 'Нападение' },
  return: { en: 'Return', ru: 'Возврат' },
  joining: { en: 'Joining', ru: 'Присоединение' },
  defence: { en: 'Defence', ru: 'Защита' },
  battles: { en: 'Battles', ru: 'Проведение боёв' },
};

type Key =
  | 'setUp'
  | 'stageOpened'
  | 'stageDone'
  | 'income'
  | 'incomeBonus'
  | 'captured'
  | 'neutral'
  | 'claimed'
  | 'capitalSet'
  | 'capitalMoved';

const MESSAGES: Catalogue<Key> = {
  en: {
    setUp:
      'The league is set up on {map}{illustrative, select, yes { (made up: the rules give no map)} other {}}: {players}; {rounds} rounds',
    stageOpened: 'Round {round}: the {stage} stage opens',
    stageDone: '{seat} is done with the {stage} stage',
    income:
      '{seat} receives {total} IC income from {n, plural, one {# planet} other {# planets}}{unlinked, plural, =0 {} one {, # without a direct path to the capital} other {, # without a direct path to the capital}}',
    incomeBonus: '{base}; technologies bring {bonus} IC more',
    captured: '{planet} passes from {from} to {to}',
    neutral: '{planet} is lost by {from} and becomes neutral',
    claimed: '{to} takes control of {planet}',
    capitalSet: '{seat} makes {planet} the capital',
    capitalMoved: '{seat} moves the capital to {planet} for {cost} IC',
  },
  ru: {
    setUp:
      'Лига подготовлена, карта: {map}{illustrative, select, yes { (придумана: в правилах карты нет)} other {}}; {players}; раундов: {rounds}',
    stageOpened: 'Раунд {round}: начинается этап «{stage}»',
    stageDone: '{seat} завершает этап «{stage}»',
    income:
      '{seat} получает доход {total} ИК с {n, plural, one {# планеты} other {# планет}}{unlinked, plural, =0 {} one {, из них # без прямого пути к столице} few {, из них # без прямого пути к столице} other {, из них # без прямого пути к столице}}',
    incomeBonus: '{base}; технологии дают ещё {bonus} ИК',
    captured: 'Планета {planet} переходит от игрока {from} к игроку {to}',
    neutral: 'Игрок {from} теряет планету {planet}, она становится нейтральной',
    claimed: 'Игрок {to} берёт под контроль планету {planet}',
    capitalSet: '{seat}: столица — {planet}',
    capitalMoved: '{seat} переносит столицу: {planet}, за {cost} ИК',
  },
};

interface Words {
  say(key: Key, values?: Record<string, string | number>): string;
  seat(id: string | undefined): string;
  planet(id: string): string;
  faction(id: string): string;
  stage(id: string): string;
}

function wordsOf(lang: Lang, names: PhraseNames = {}): Words {
  return {
    say: (key, values = {}) => formatMessage(lang, MESSAGES[lang][key], values),
    seat: (id) => (id === undefined ? '?' : (names.seat?.(id, lang) ?? id)),
    planet: (id) => names.zone?.(id, lang) ?? id,
    faction: (id) => FACTIONS.find((f) => f.id === id)?.name[lang] ?? id,
    stage: (id) => own(STAGE_NAMES, id)?.[lang] ?? id,
  };
}

type Phrases = {
  [K in keyof GalaxyLeagueEvents]: (d: GalaxyLeagueEvents[K], w: Words, lang: Lang) => string;
};

const PHRASES: Phrases = {
  LeagueSetUp: (d, w, lang) =>
    w.say('setUp', {
      map: d.map.title[lang],
      illustrative: d.map.illustrative ? 'yes' : 'no',
      players: d.players.map((p) => `${w.seat(p.seat)} (${w.faction(p.faction)})`).join(', '),
      rounds: d.rounds,
    }),
  StageOpened: (d, w) => w.say('stageOpened', { round: d.round, stage: w.stage(d.stage) }),
  StageDone: (d, w) => w.say('stageDone', { seat: w.seat(d.seat), stage: w.stage(d.stage) }),
  IncomeReceived: (d, w) => {
    const base = w.say('income', {
      seat: w.seat(d.seat),
      total: d.total,
      n: d.lines.length,
      unlinked: d.lines.filter((l) => !l.connected).length,
    });
    return d.bonus > 0 ? w.say('incomeBonus', { base, bonus: d.bonus }) : base;
  },
  ControlChanged: (d, w) =>
    d.to === undefined
      ? w.say('neutral', { planet: w.planet(d.territory), from: w.seat(d.from) })
      : d.from === undefined
        ? w.say('claimed', { planet: w.planet(d.territory), to: w.seat(d.to) })
        : w.say('captured', {
            planet: w.planet(d.territory),
            from: w.seat(d.from),
            to: w.seat(d.to),
          }),
  CapitalSet: (d, w) =>
    d.cost
      ? w.say('capitalMoved', { seat: w.seat(d.seat), planet: w.planet(d.territory), cost: d.cost })
      : w.say('capitalSet', { seat: w.seat(d.seat), planet: w.planet(d.territory) }),
};

export function describeGalaxyLeagueEvent(
  event: Pick<RecordedEvent, 'type' | 'data'>,
  lang: Lang,
  names?: PhraseNames,
): string | undefined {
  if (!Object.hasOwn(PHRASES, event.type)) return undefined;
  if (event.data === null || typeof event.data !== 'object') return undefined;
  const phrase = PHRASES[event.type as keyof GalaxyLeagueEvents] as (
    d: unknown,
    w: Words,
    lang: Lang,
  ) => string;
  return phrase(event.data, wordsOf(lang, names), lang);
}
