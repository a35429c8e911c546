import { enCount, ruCount, type LocalizedText } from '../shared/localized-text';
import type { LinksChecked } from './linked-exports';
import {
  NOT_LOGGED_TEXT,
  type ExportProblem,
  type ExportProblemCode,
  type ExportVerified,
} from './verify-export';

/**
 * What `matchlog verify` and the match-file page say of a verdict, in both languages: the
 * name of each kind of problem, the line that says where it failed, and the summary of what a
 * verified export proves. The CLI prints one language (`--lang`), the page its own.
 */

export type VerdictLang = keyof LocalizedText;

/** The name of each kind of problem, as a heading reads it. */
export const PROBLEM_KINDS: Readonly<Record<ExportProblemCode, LocalizedText>> = {
  malformed_line: { en: 'a line that cannot be read', ru: 'нечитаемая строка' },
  header_missing: { en: 'no export header', ru: 'нет заголовка экспорта' },
  unsupported_format: { en: 'an unknown export format', ru: 'неизвестный формат экспорта' },
  malformed_header: { en: 'a malformed header', ru: 'заголовок не по форме' },
  malformed_event: { en: 'a malformed event', ru: 'событие не по форме' },
  malformed_trailer: { en: 'a malformed trailer', ru: 'трейлер не по форме' },
  header_mismatch: {
    en: 'a header that contradicts the log',
    ru: 'заголовок противоречит журналу',
  },
  seq_out_of_order: {
    en: 'an event missing or out of order',
    ru: 'событие пропущено или не на своём месте',
  },
  match_id_mismatch: { en: 'an event of another match', ru: 'событие другого матча' },
  prev_hash_mismatch: { en: 'a broken hash chain', ru: 'цепочка хешей разорвана' },
  hash_mismatch: { en: 'an altered event', ru: 'событие изменено' },
  secret_mismatch: {
    en: 'a secret that does not open its commitment',
    ru: 'секрет не открывает своё обязательство',
  },
  events_missing: { en: 'no events', ru: 'нет событий' },
  invalid_seed: { en: 'an invalid seed', ru: 'неверное зерно' },
  commitment_mismatch: {
    en: 'a seed that is not the committed one',
    ru: 'зерно не то, что было обещано',
  },
  seed_mismatch: { en: 'two different seeds', ru: 'два разных зерна' },
  shuffle_input: {
    en: 'a shuffle of the wrong deck order',
    ru: 'перемешан не тот порядок колоды',
  },
  draw_mismatch: { en: 'cards drawn from the wrong place', ru: 'карты взяты не оттуда' },
  decision_mismatch: {
    en: 'a decision that yields other events',
    ru: 'решение даёт другие события',
  },
  void_not_refused: {
    en: 'a legal choice recorded void',
    ru: 'законный выбор записан недействительным',
  },
  void_mismatch: {
    en: 'a void choice recorded as another',
    ru: 'недействительный выбор записан иначе',
  },
  reshuffle_mismatch: {
    en: 'a rewind without the shuffles it owes',
    ru: 'откат без положенных перемешиваний',
  },
  dice_mode: { en: 'dice of the wrong mode', ru: 'кубики не того режима' },
  invalid_roll: { en: 'an invalid roll', ru: 'неверный бросок' },
  missing_counter: { en: 'a draw without its counter', ru: 'бросок без счётчика' },
  missing_secret: { en: 'a shuffle without its secret', ru: 'перемешивание без секрета' },
  entropy_mismatch: { en: 'forged entropy', ru: 'подделанная энтропия' },
  seal_mismatch: {
    en: 'a sealed decision that does not open',
    ru: 'тайное решение не открывается',
  },
  forged_roll: { en: 'a forged roll', ru: 'подделанный бросок' },
  forged_shuffle: { en: 'a forged shuffle', ru: 'подделанное перемешивание' },
  draw_sequence: { en: 'counters out of order', ru: 'счётчики не по порядку' },
  invalid_draw: { en: 'a draw that cannot be derived', ru: 'бросок, который не вывести' },
  trailer_missing: { en: 'a file cut short', ru: 'файл обрезан' },
  event_count_mismatch: { en: 'events missing', ru: 'не хватает событий' },
  head_hash_mismatch: { en: 'a head hash that is not the last', ru: 'хеш вершины не последний' },
  unsupported_signature: { en: 'an unknown signature', ru: 'неизвестная подпись' },
  malformed_signature: { en: 'a malformed signature', ru: 'подпись не по форме' },
  key_id_mismatch: { en: 'a signature naming another key', ru: 'подпись называет другой ключ' },
  untrusted_key: { en: 'an untrusted key', ru: 'ключ не из доверенных' },
  bad_signature: { en: 'a bad signature', ru: 'подпись неверна' },
  malformed_receipt: { en: 'a malformed receipt', ru: 'квитанция не по форме' },
  receipt_other_match: { en: 'a receipt of another match', ru: 'квитанция другого матча' },
  receipt_unknown_key: { en: 'a receipt by an unknown key', ru: 'квитанция неизвестного ключа' },
  bad_receipt_signature: {
    en: 'a receipt not signed by the server',
    ru: 'квитанция не подписана сервером',
  },
  receipt_not_in_export: {
    en: 'an acknowledged write missing from the log',
    ru: 'подтверждённой записи нет в журнале',
  },
  linked_export_invalid: {
    en: 'a linked match that does not verify',
    ru: 'связанный матч не проходит проверку',
  },
  linked_hash_mismatch: {
    en: 'a linked match changed after the link',
    ru: 'связанный матч изменён после связывания',
  },
  linked_result_mismatch: {
    en: 'a link that took other winners',
    ru: 'связь взяла других победителей',
  },
  log_proof: {
    en: 'a transparency log proof that fails',
    ru: 'доказательство из открытого журнала не сходится',
  },
};

/** Both languages of a text made of the same parts. */
function both(make: (lang: VerdictLang) => string): LocalizedText {
  return { en: make('en'), ru: make('ru') };
}

/** `FAIL at seq 7: …`: where a problem is, and what it is. */
export function problemLine(problem: ExportProblem): LocalizedText {
  const { receiptLine, seq, line } = problem;
  const where: LocalizedText =
    receiptLine !== undefined
      ? {
          en: ` at receipt line ${receiptLine}${seq === undefined ? '' : ` (seq ${seq})`}`,
          ru: ` в строке ${receiptLine} квитанций${seq === undefined ? '' : ` (seq ${seq})`}`,
        }
      : seq !== undefined
        ? { en: ` at seq ${seq}`, ru: ` на seq ${seq}` }
        : line !== undefined
          ? { en: ` at line ${line}`, ru: ` в строке ${line}` }
          : { en: '', ru: '' };
  return {
    en: `FAIL${where.en}: ${problem.text.en}`,
    ru: `ОШИБКА${where.ru}: ${problem.text.ru}`,
  };
}

/**
 * Where a verified match is in the transparency log, as the viewer, the judge desk and the
 * verifiers say it: «в открытом журнале под номером N, контрольная точка от <время>».
 */
export function logPositionText(position: {
  index: number;
  treeSize: number;
  checkpointTime?: string;
}): LocalizedText {
  const time = position.checkpointTime;
  return {
    en: `in the public log at position ${position.index}, checkpoint ${time === undefined ? `of ${enCount(position.treeSize, 'leaf', 'leaves')}` : `of ${time}`}`,
    ru: `в открытом журнале под номером ${position.index}, контрольная точка ${time === undefined ? `на ${ruCount(position.treeSize, 'лист', 'листа', 'листов')}` : `от ${time}`}`,
  };
}

/** What a verified export proves, one line a fact (what `matchlog verify` prints). */
export function verifiedLines(verdict: ExportVerified, links?: LinksChecked): LocalizedText[] {
  const { events, rolls, shuffles, sealsOpened, reportedRolls, draws, decisions, receipts } =
    verdict.counts;
  const lines: LocalizedText[] = [
    {
      en: `OK: ${enCount(events, 'event', 'events')} chained (${verdict.format}), signature by key ${verdict.signedBy.keyId} verified`,
      ru: `ВЕРНО: ${ruCount(events, 'событие', 'события', 'событий')} в цепочке (${verdict.format}), подпись ключа ${verdict.signedBy.keyId} верна`,
    },
    verdict.dice === 'verified'
      ? {
          en: `  dice: ${enCount(rolls, 'server roll', 'server rolls')} and ${enCount(shuffles, 'shuffle', 'shuffles')} re-derived from the revealed seed, counters checked`,
          ru: `  кубики: ${ruCount(rolls, 'бросок', 'броска', 'бросков')} сервера и ${ruCount(shuffles, 'перемешивание', 'перемешивания', 'перемешиваний')} выведены заново из раскрытого зерна, счётчики проверены`,
        }
      : {
          en: `  dice: not revealed yet (${enCount(rolls, 'server roll', 'server rolls')} and ${enCount(shuffles, 'shuffle', 'shuffles')} recorded)`,
          ru: `  кубики: зерно ещё не раскрыто (записано ${ruCount(rolls, 'бросок', 'броска', 'бросков')} сервера и ${ruCount(shuffles, 'перемешивание', 'перемешивания', 'перемешиваний')})`,
        },
    {
      en: `  decks: ${enCount(draws, 'card', 'cards')} drawn checked against their deck's verified order; ${enCount(decisions, 'decision', 'decisions')} decided again`,
      ru: `  колоды: ${ruCount(draws, 'взятая карта проверена', 'взятые карты проверены', 'взятых карт проверено')} по проверенному порядку колоды; ${ruCount(decisions, 'решение принято', 'решения приняты', 'решений принято')} заново`,
    },
    ...(verdict.laidOutDecks && verdict.laidOutDecks.length > 0
      ? [
          {
            en: `  laid out by the organizer, not shuffled: ${verdict.laidOutDecks.join(', ')} (set in the starting position; no shuffle proves ${verdict.laidOutDecks.length === 1 ? 'its' : 'their'} order)`,
            ru: `  выложены организатором, не перетасованы: ${verdict.laidOutDecks.join(', ')} (заданы в начальной позиции; порядок не доказан перемешиванием)`,
          },
        ]
      : []),
    {
      en: `  seals: ${enCount(sealsOpened, 'sealed decision', 'sealed decisions')} opened`,
      ru: `  печати: ${ruCount(sealsOpened, 'тайное решение открыто', 'тайных решения открыты', 'тайных решений открыто')}`,
    },
    {
      en: `  reported rolls: ${reportedRolls.total} (${reportedRolls.confirmed} confirmed, ${reportedRolls.unconfirmed} unconfirmed: nothing to re-derive)`,
      ru: `  броски живыми кубиками: ${reportedRolls.total} (подтверждено: ${reportedRolls.confirmed}, не подтверждено: ${reportedRolls.unconfirmed}; выводить заново нечего)`,
    },
    verdict.notProvenText.length > 0
      ? both((lang) =>
          lang === 'en'
            ? `  receipts: ${verdict.notProvenText.map((what) => what.en).join('; ')}`
            : `  квитанции: ${verdict.notProvenText.map((what) => what.ru).join('; ')}`,
        )
      : {
          en: `  receipts: ${enCount(receipts, 'receipt', 'receipts')} checked: the export holds every head they acknowledge`,
          ru: `  квитанции: ${ruCount(receipts, 'квитанция проверена', 'квитанции проверены', 'квитанций проверено')}: в экспорте есть каждая подтверждённая ими вершина`,
        },
    logLine(verdict),
    ...verdict.pendingText.map((what) => ({
      en: `  not checkable yet: ${what.en}`,
      ru: `  пока не проверить: ${what.ru}`,
    })),
  ];
  if (verdict.links) {
    const checked = links?.checked ?? 0;
    lines.push({
      en: `  links: ${enCount(checked, 'linked match', 'linked matches')} checked against ${checked === 1 ? 'its export' : 'their exports'} (head hash at the linked seq, winners)`,
      ru: `  связи: ${ruCount(checked, 'связанный матч проверен', 'связанных матча проверены', 'связанных матчей проверено')} по ${checked === 1 ? 'своему экспорту' : 'своим экспортам'} (хеш вершины на связанном seq, победители)`,
    });
    for (const matchId of links?.notGiven ?? [])
      lines.push({
        en: `  not proven: the link to match ${matchId} (its export was not given with --linked)`,
        ru: `  не доказано: связь с матчем ${matchId} (его экспорт не дан через --linked)`,
      });
    for (const file of links?.unused ?? [])
      lines.push({
        en: `  note: --linked ${file} is not linked by this match`,
        ru: `  заметка: с --linked ${file} этот матч не связан`,
      });
  }
  return lines;
}

function logLine(verdict: ExportVerified): LocalizedText {
  const log = verdict.log;
  if (log) {
    const position = logPositionText(log);
    const later = log.laterEvents;
    return {
      en: `  log: in the transparency log ${log.origin} at position ${log.index} (seq ${log.seq}), inclusion proven in the signed checkpoint of ${enCount(log.treeSize, 'leaf', 'leaves')}${log.checkpointTime ? ` (${log.checkpointTime})` : ''}${later > 0 ? `; ${enCount(later, 'later event', 'later events')} not in the log yet` : ''}`,
      ru: `  журнал: ${position.ru} (seq ${log.seq}, журнал ${log.origin}), включение доказано в подписанной контрольной точке на ${ruCount(log.treeSize, 'лист', 'листа', 'листов')}${later > 0 ? `; ${ruCount(later, 'более позднее событие ещё не в журнале', 'более поздних события ещё не в журнале', 'более поздних событий ещё не в журнале')}` : ''}`,
    };
  }
  return verdict.dice === 'verified'
    ? { en: `  log: ${NOT_LOGGED_TEXT.en}`, ru: `  журнал: ${NOT_LOGGED_TEXT.ru}` }
    : {
        en: '  log: not in the transparency log yet (a match enters it when it ends)',
        ru: '  журнал: матча ещё нет в открытом журнале (он попадает туда, когда кончается)',
      };
}

/** The whole verdict as `matchlog verify` prints it (without `--json`), in both languages. */
export function describeVerdict(
  verdict: ExportVerified | ExportProblem,
  links?: LinksChecked,
): LocalizedText {
  if (!verdict.ok) return problemLine(verdict);
  const lines = verifiedLines(verdict, links);
  return both((lang) => lines.map((line) => line[lang]).join('\n'));
}
