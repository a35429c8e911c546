import type { RecordedEvent } from '../../events/recorded-event';
import type { PhraseNames } from '../kit';
import type { Lang } from '../ruleset';

/**
 * Freeform's own events as the log says them (decisions/declarations.ts records them): seats named
 * by their players. The pages load it with freeform's words (freeform-naming.ts),
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
    // The decision's own line says who declared, confirmed or disputed: these say what follows.
    case 'ResultDeclared': {
      const d = event.data as ResultDeclaredData;
      const winners = listOf(d.winners, name);
      const awaiting = listOf(d.awaiting, name);
      if (lang === 'ru')
        return `Итог ждёт подтверждения: ${awaiting} (${
          d.winners.length === 0 ? 'ничья' : `победа — ${winners}`
        }; ${d.condition})`;
      return `The result awaits confirmation by ${awaiting} (${
        d.winners.length === 0 ? 'a draw' : `${winners} won`
      }; ${d.condition})`;
    }
    case 'ResultConfirmed': {
      const { seat } = event.data as ResultAnsweredData;
      return lang === 'ru'
        ? `Итог подтвердил(а): ${name(seat)}`
        : `Result confirmed by ${name(seat)}`;
    }
    case 'ResultDisputed': {
      const { seat } = event.data as ResultAnsweredData;
      return lang === 'ru'
        ? `Итог оспорен (${name(seat)}): матч продолжается`
        : `Result disputed by ${name(seat)}: the match goes on`;
    }
    default:
      return undefined;
  }
}
