import type { Lang } from '@domain/rulesets/ruleset';
import { enCount, ruCount } from '@domain/shared/localized-text';

/**
 * «открыт 5 минут назад»: how long a dispute has waited, in whole minutes, hours or days
 * (the accusative after «назад»: 1 минуту, 2 минуты, 5 минут).
 */
export function disputeAge(openedAt: string, now: number, lang: Lang): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(openedAt)) / 60_000));
  if (minutes < 1) return lang === 'ru' ? 'открыт только что' : 'opened just now';
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (lang === 'ru') {
    const span =
      days > 0
        ? ruCount(days, 'день', 'дня', 'дней')
        : hours > 0
          ? ruCount(hours, 'час', 'часа', 'часов')
          : ruCount(minutes, 'минуту', 'минуты', 'минут');
    return `открыт ${span} назад`;
  }
  const span =
    days > 0
      ? enCount(days, 'day', 'days')
      : hours > 0
        ? enCount(hours, 'hour', 'hours')
        : enCount(minutes, 'minute', 'minutes');
  return `opened ${span} ago`;
}

/**
 * The queue's order: oldest first (disputes are heard in the order they were raised), or by
 * table (the match's title, then oldest first), so a desk can walk the room.
 */
export function sortDisputes<D extends { matchId: string; openedAt: string }>(
  disputes: readonly D[],
  order: 'age' | 'table',
  tableOf: (matchId: string) => string,
  lang: Lang,
): D[] {
  const table = (d: D): string => tableOf(d.matchId).toLocaleLowerCase();
  return [...disputes].sort((a, b) =>
    order === 'table'
      ? table(a).localeCompare(table(b), lang, { numeric: true }) ||
        a.openedAt.localeCompare(b.openedAt)
      : a.openedAt.localeCompare(b.openedAt),
  );
}
