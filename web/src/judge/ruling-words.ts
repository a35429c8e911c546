import { pageWords } from '../i18n';

/**
 * Words of the desk's private notes, its timers and the printable ruling (English and Russian,
 * ICU MessageFormat); they load with the judge's pages.
 */
export const rulingWords = pageWords({
  notesTitle: { en: 'Private judge notes', ru: 'Заметки судей' },
  notesPrivate: {
    en: 'Only the judges of this match read these notes: never the players, spectators or the export.',
    ru: 'Эти заметки видят только судьи матча: ни игроки, ни зрители, ни экспорт их не получают.',
  },
  noNotes: { en: 'No notes yet.', ru: 'Заметок пока нет.' },
  noteLabel: { en: 'New note', ru: 'Новая заметка' },
  addNote: { en: 'Save the note', ru: 'Сохранить заметку' },
  noteBy: { en: '{judge}, {when}', ru: '{judge}, {when}' },
  timersTitle: { en: 'Timers', ru: 'Время' },
  sinceOpened: { en: 'Dispute open for {time}', ru: 'Спор открыт уже {time}' },
  openUntilRuling: {
    en: 'The dispute was open for {time} until the ruling',
    ru: 'До решения спор был открыт {time}',
  },
  sincePaused: { en: 'Match paused for {time}', ru: 'Матч на паузе уже {time}' },
  pauseRunning: { en: 'paused for {time}', ru: 'пауза идёт {time}' },
  notPaused: { en: 'The match is not paused', ru: 'Матч не на паузе' },
  duration: {
    en: '{h, plural, =0 {} one {# h } other {# h }}{m} min {s} s',
    ru: '{h, plural, =0 {} other {# ч }}{m} мин {s} с',
  },
  printable: { en: 'Printable ruling', ru: 'Решение для печати' },
  printTitle: { en: 'Ruling on a dispute', ru: 'Решение по спору' },
  printMatch: { en: 'Match', ru: 'Матч' },
  printTournament: { en: 'Tournament', ru: 'Турнир' },
  printClaim: { en: 'Claim', ru: 'Жалоба' },
  printClaimBy: {
    en: '{name}, about event {seq}, {when}',
    ru: '{name}, о событии {seq}, {when}',
  },
  printVerdict: { en: 'Verdict', ru: 'Вердикт' },
  printRule: { en: 'Rule', ru: 'Правило' },
  printRationale: { en: 'Rationale', ru: 'Обоснование' },
  printRemedy: { en: 'Remedy', ru: 'Исправление' },
  printJudge: { en: 'Judge', ru: 'Судья' },
  printIssued: { en: 'Issued', ru: 'Вынесено' },
  printEvent: { en: 'Event {seq} of the match log', ru: 'Событие {seq} журнала матча' },
  printBoard: {
    en: 'The table at the disputed event ({seq})',
    ru: 'Поле в момент спорного события ({seq})',
  },
  printButton: { en: 'Print', ru: 'Печать' },
  printLink: { en: 'Link to this ruling', ru: 'Ссылка на это решение' },
  printMissing: {
    en: 'There is no ruling at this event of the match.',
    ru: 'В этом событии матча нет решения по спору.',
  },
  printAppealUpheld: {
    en: 'Appealed; the head judge kept the ruling: {rationale}',
    ru: 'Обжаловано; главный судья оставил решение в силе: {rationale}',
  },
  printAppealOverturned: {
    en: 'Appealed; the head judge overturned the ruling: {rationale}',
    ru: 'Обжаловано; главный судья отменил решение: {rationale}',
  },
  printReplaces: {
    en: 'This ruling replaces the one of event {seq}, overturned on appeal.',
    ru: 'Это решение заменяет решение события {seq}, отменённое по апелляции.',
  },
  remedyNone: { en: 'None', ru: 'Без исправления' },
  remedyRewind: { en: 'Back to event {seq}', ru: 'Возврат к событию {seq}' },
  remedyCorrective: {
    en: '{n, plural, one {# corrective decision} other {# corrective decisions}}',
    ru: '{n, plural, one {# исправляющее решение} few {# исправляющих решения} other {# исправляющих решений}}',
  },
});

/** A time to the second in the page's language: «7 дек. 2026 г., 04:31:05». */
export function formatSecond(iso: string | undefined, lang: 'en' | 'ru'): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(lang === 'ru' ? 'ru-RU' : 'en-GB', {
        dateStyle: 'medium',
        timeStyle: 'medium',
      });
}

/** A duration in the page's language, to the second: «1 ч 4 мин 9 с». */
export function formatDuration(ms: number, lang: 'en' | 'ru'): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  return rulingWords('duration', lang, {
    h: Math.floor(total / 3600),
    m: Math.floor((total % 3600) / 60),
    s: total % 60,
  });
}
