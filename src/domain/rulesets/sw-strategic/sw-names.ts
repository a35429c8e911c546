import { ruCount, type LocalizedText } from '../../shared/localized-text';
import type { MapId } from './sw-events';
import type { Hex } from './sw-hex';
import { named } from './sw-catalog';
import type { SwState } from './sw-state';
import type { Step } from './decisions/space.params';

/**
 * Names a refusal or a choice reads, in both languages, as the board names things: pieces by
 * class and number («Эсминец 3»), legionnaires by the mission's titles, maps by the rulebook.
 */

/** A ship, unit or piece by class and number, never by id. */
export const pieceName = (id: string): LocalizedText => ({
  en: named(id, 'en'),
  ru: named(id, 'ru'),
});

/** A legionnaire by the title the mission gives him, else by his one name. */
export function personName(rs: Readonly<SwState>, name: string): LocalizedText {
  for (const legion of rs.legions) {
    const title = legion.roster.find((p) => p.name === name)?.title;
    if (title) return { en: title.en, ru: title.ru };
  }
  return { en: name, ru: name };
}

/** A legion by the mission's name for it, else by its seat. */
export function legionName(rs: Readonly<SwState>, seat: string): LocalizedText {
  const legion = rs.legions.find((l) => l.seat === seat);
  if (legion?.title) return { en: legion.title.en, ru: legion.title.ru };
  const name = legion?.name ?? seat;
  return { en: name, ru: name };
}

/** «on the space map»: the rulebook calls the maps by their games (I, II). */
export const ON_MAP: Record<MapId, LocalizedText> = {
  space: { en: 'on the space map', ru: 'на карте «Космическое сражение»' },
  ground: { en: 'on the ground map', ru: 'на карте «Наземное сражение»' },
};

/** The steps as the log names them (sw-naming.ts). */
export const STEP_NAMES: Record<Step, LocalizedText> = {
  forward: { en: 'forward', ru: 'вперёд' },
  'forward-left': { en: 'forward left', ru: 'вперёд-влево' },
  'forward-right': { en: 'forward right', ru: 'вперёд-вправо' },
  back: { en: 'back', ru: 'назад' },
  'back-left': { en: 'back left', ru: 'назад-влево' },
  'back-right': { en: 'back right', ru: 'назад-вправо' },
  'turn-left': { en: 'turn left', ru: 'разворот влево' },
  'turn-right': { en: 'turn right', ru: 'разворот вправо' },
};

/** A name that starts a sentence. */

/** A cell as the log shows it: «(2, -1)». */
export const cellName = (h: Hex): string => `(${h.q}, ${h.r})`;

export const credits = (n: number): LocalizedText => ({
  en: `${n} credit${n === 1 ? '' : 's'}`,
  ru: ruCount(n, 'кредит', 'кредита', 'кредитов'),
});
