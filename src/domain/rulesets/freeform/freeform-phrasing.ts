import type { RecordedEvent } from '../../events/recorded-event';
import type { PhraseNames } from '../kit';
import type { Lang } from '../ruleset';

/**
 * Freeform's own events as the log says them (freeform-result.ts records them): seats named
 * by their players. The pages load it with freeform's words (naming/ruleset-words-freeform.ts),
 * so it imports nothing that needs the decisions' DTOs.
 */

export interface ResultDeclaredData {
  seat: string;
  winners: string[];
  condition: string;
  awaiting: string[];
}

export interface ResultAnsweredData {
  seat: string;
}

const listOf = (seats: readonly string[], name: (seat: string) => string): string =>
  seats.map(name).join(', ');

/** The log's sentences for freeform's own events, seats named by their players. */
export function describeResultEvent(
  event: RecordedEvent,
  lang: Lang,
  names?: PhraseNames,
): string | undefined {
  const name = (seat: string) => names?.seat?.(seat, lang) ?? seat;
  switch (event.type) {
    case 'ResultDeclared': {
      const d = event.data as ResultDeclaredData;
      const winners = listOf(d.winners, name);
      const awaiting = listOf(d.awaiting, name);
      if (lang === 'ru')
        return `${name(d.seat)} объявляет итог: ${
          d.winners.length === 0 ? 'ничья' : `победа — ${winners}`
        } (${d.condition}); ждёт подтверждения: ${awaiting}`;
      return `${name(d.seat)} declares the result: ${
        d.winners.length === 0 ? 'a draw' : `${winners} won`
      } (${d.condition}); awaiting confirmation by ${awaiting}`;
    }
    case 'ResultConfirmed': {
      const { seat } = event.data as ResultAnsweredData;
      return lang === 'ru'
        ? `${name(seat)} подтверждает объявленный итог`
        : `${name(seat)} confirms the declared result`;
    }
    case 'ResultDisputed': {
      const { seat } = event.data as ResultAnsweredData;
      return lang === 'ru'
        ? `${name(seat)} оспаривает объявленный итог: матч продолжается`
        : `${name(seat)} disputes the declared result: the match goes on`;
    }
    default:
      return undefined;
  }
}
