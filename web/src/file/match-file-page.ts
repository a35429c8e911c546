// The rulesets' params classes carry class-validator decorators, which read this at load.
import 'reflect-metadata';
import { h, type JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import {
  NOT_LOGGED_TEXT,
  PROBLEM_KINDS,
  logPositionText,
  type ExportVerified,
} from '@domain/export';
import { upperFirst } from '@domain/shared/localized-text';
import { formatDate, label, pageWords } from '../i18n';
import { ReplayPage } from '../replay/replay-page';
import {
  fileSource,
  readMatchFile,
  receiptsRefusal,
  type MatchFile,
  type ReceiptsFile,
} from './match-file';

/**
 * `/replay/file`: a signed match export dropped or chosen here is checked in the browser by
 * the verifier `matchlog verify` runs (the chain, the Ed25519 signature, every roll, shuffle,
 * draw and seal), said in the same counts, then replayed by the viewer with no server data.
 */
export function MatchFilePage({
  lang,
  token,
  onToken,
  header,
}: {
  lang: Lang;
  token: string | undefined;
  onToken(token: string | undefined): void;
  header(badges?: JSX.Element): JSX.Element;
}): JSX.Element {
  const [file, setFile] = useState<MatchFile | undefined>();
  const [reading, setReading] = useState(false);
  const [unreadable, setUnreadable] = useState<string | undefined>();
  const [receipts, setReceipts] = useState<ReceiptsFile | undefined>();
  const [refusedReceipts, setRefusedReceipts] = useState<string | undefined>();
  const source = useMemo(
    () => (file?.header && file.events.length > 0 ? fileSource(file) : undefined),
    [file],
  );

  const open = (chosen: File | undefined): void => {
    if (!chosen) return;
    setReading(true);
    setUnreadable(undefined);
    setRefusedReceipts(undefined);
    chosen
      .text()
      .then((text) => {
        // A receipts file of another match, or not receipts at all, is refused and left out.
        const refusal = receipts && receiptsRefusal(receipts, text);
        if (refusal) setRefusedReceipts(lang === 'ru' ? refusal.ru : refusal.en);
        return readMatchFile(chosen.name, text, refusal ? undefined : receipts);
      })
      .then(setFile, (e: unknown) => setUnreadable(e instanceof Error ? e.message : String(e)))
      .finally(() => setReading(false));
  };
  const again = (): void => setFile(undefined);

  if (file && source)
    return h(ReplayPage, {
      key: source.id,
      source,
      banner: h(VerdictBanner, { lang, file, onAgain: again, refusedReceipts }),
      lang,
      token,
      onToken,
      header,
    });

  return h(
    'div',
    { class: 'page' },
    header(),
    h(
      'main',
      { id: 'main', class: 'file-page' },
      h('h1', null, label('matchFile', lang)),
      file ? h(VerdictBanner, { lang, file, onAgain: again, refusedReceipts }) : null,
      h(
        'label',
        {
          class: `drop-zone${reading ? ' busy' : ''}`,
          for: 'match-file-input',
          onDragOver: (e: DragEvent) => e.preventDefault(),
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            open(e.dataTransfer?.files[0]);
          },
        },
        h('strong', null, text('dropHere', lang)),
        h('span', { class: 'muted' }, text('dropHint', lang)),
        reading ? h('span', { role: 'status' }, text('checking', lang)) : null,
      ),
      h('input', {
        id: 'match-file-input',
        type: 'file',
        class: 'sr-only',
        accept: '.ndjson,.jsonl,.json,application/x-ndjson,text/plain',
        onChange: (e: Event) => open((e.target as HTMLInputElement).files?.[0]),
      }),
      h(
        'div',
        { class: 'field receipts-file' },
        h('label', { for: 'receipts-file-input' }, text('receiptsLabel', lang)),
        h('input', {
          id: 'receipts-file-input',
          type: 'file',
          accept: '.ndjson,.jsonl,.json,application/x-ndjson,text/plain',
          onChange: (e: Event) => {
            const chosen = (e.target as HTMLInputElement).files?.[0];
            if (!chosen) return setReceipts(undefined);
            void chosen.text().then((body) => setReceipts({ name: chosen.name, text: body }));
          },
        }),
        h(
          'p',
          { class: 'small muted', 'data-receipts-given': receipts ? 'yes' : 'no' },
          receipts
            ? text('receiptsChosen', lang, { name: receipts.name })
            : text('receiptsWhy', lang),
        ),
      ),
      unreadable ? h('p', { class: 'notice error', role: 'alert' }, unreadable) : null,
      h('p', { class: 'small muted' }, text('fileWhy', lang)),
    ),
  );
}

/** What the check proved, in the counts `matchlog verify` prints, or where it failed. */
function VerdictBanner({
  lang,
  file,
  onAgain,
  refusedReceipts,
}: {
  lang: Lang;
  file: MatchFile;
  onAgain(): void;
  refusedReceipts?: string;
}): JSX.Element {
  const { verdict } = file;
  // Said first, plainly: without receipts a green verdict cannot show that the end was cut off.
  const receiptsNote = refusedReceipts
    ? h('p', { class: 'notice error', role: 'alert', 'data-receipts': 'refused' }, refusedReceipts)
    : file.receipts === undefined
      ? h('p', { class: 'notice warn', 'data-receipts': 'none' }, text('noReceiptsTop', lang))
      : null;
  const time = text('checkedIn', lang, { ms: Math.round(file.millis), name: file.name });
  const another = h(
    'button',
    { type: 'button', class: 'link-button', onClick: onAgain },
    text('anotherFile', lang),
  );
  if (!verdict.ok)
    return h(
      'section',
      {
        class: 'notice error file-verdict',
        role: 'alert',
        'data-verdict': 'fail',
        'data-code': verdict.code,
        'data-millis': Math.round(file.millis),
        ...(verdict.seq === undefined ? {} : { 'data-seq': verdict.seq }),
      },
      receiptsNote,
      h(
        'strong',
        null,
        verdict.seq === undefined
          ? text('failed', lang)
          : text('failedAt', lang, { seq: verdict.seq }),
      ),
      ' ',
      h(
        'span',
        { 'data-problem-kind': verdict.code },
        upperFirst(PROBLEM_KINDS[verdict.code][lang]),
      ),
      ': ',
      h('span', { 'data-problem': '' }, verdict.text[lang]),
      h('p', { class: 'small' }, text('failedMeaning', lang), ' ', time, ' ', another),
    );
  const c = verdict.counts;
  const item = (key: string, message: string): JSX.Element =>
    h('li', { 'data-count': key }, message);
  return h(
    'section',
    {
      class: 'notice ok file-verdict',
      role: 'status',
      'data-verdict': 'ok',
      'data-millis': Math.round(file.millis),
      'data-counts': JSON.stringify(c),
    },
    receiptsNote,
    h('strong', null, text('verified', lang)),
    h(
      'ul',
      null,
      item('events', text('eventsChained', lang, { n: c.events, keyId: verdict.signedBy.keyId })),
      item(
        'dice',
        text(verdict.dice === 'verified' ? 'diceDerived' : 'diceNotRevealed', lang, {
          rolls: c.rolls,
          shuffles: c.shuffles,
        }),
      ),
      item('draws', text('drawsChecked', lang, { draws: c.draws, decisions: c.decisions })),
      item('seals', text('sealsOpened', lang, { n: c.sealsOpened })),
      item('reported', text('reportedRolls', lang, c.reportedRolls)),
      item(
        'receipts',
        c.receipts > 0
          ? text('receiptsChecked', lang, { n: c.receipts })
          : text('noReceipts', lang),
      ),
      logItem(verdict, lang),
      ...verdict.pendingText.map((what) =>
        h('li', { 'data-pending': '' }, text('notYet', lang), what[lang]),
      ),
    ),
    h(
      'p',
      { class: 'small' },
      text('keyNote', lang, { keyId: verdict.signedBy.keyId }),
      ' ',
      time,
      ' ',
      another,
    ),
  );
}

/**
 * Where the match is in the public transparency log, its inclusion proof checked here (the
 * verifier's `log`), or why the file shows no place there.
 */
function logItem(verdict: ExportVerified, lang: Lang): JSX.Element {
  const log = verdict.log;
  if (log)
    return h(
      'li',
      { 'data-count': 'log', 'data-log-index': log.index },
      text('logProven', lang, {
        position: logPositionText({
          ...log,
          ...(log.checkpointTime === undefined
            ? {}
            : { checkpointTime: formatDate(log.checkpointTime, lang) }),
        })[lang],
      }),
    );
  return h(
    'li',
    { 'data-count': 'log', 'data-log': 'none' },
    verdict.dice === 'verified' ? NOT_LOGGED_TEXT[lang] : text('notLoggedYet', lang),
  );
}

/** This page's words (see pageWords). */
const WORDS = {
  dropHere: {
    en: 'Drop a match file here, or choose one',
    ru: 'Перетащите сюда файл матча или выберите его',
  },
  dropHint: {
    en: 'A signed export (NDJSON) from GET /api/v1/matches/:id/export. It is read in this browser and sent nowhere.',
    ru: 'Подписанный экспорт (NDJSON) из GET /api/v1/matches/:id/export. Он читается в этом браузере и никуда не отправляется.',
  },
  fileWhy: {
    en: 'Anyone can check a match file: the hash chain of its events, the server’s Ed25519 signature of its head, and, once the seed is revealed, every roll, shuffle and draw re-derived from it and every sealed choice opened — the checks of “matchlog verify”, by the same code.',
    ru: 'Файл матча может проверить кто угодно: цепочку хешей событий, подпись Ed25519 сервера под её вершиной, а после раскрытия зерна — каждый бросок, перемешивание и взятие карт, выведенные из него заново, и каждое тайное решение — те же проверки, что у «matchlog verify», тем же кодом.',
  },
  checking: { en: 'Checking…', ru: 'Проверяем…' },
  checkedIn: {
    en: 'Checked in this browser in {ms} ms ({name}).',
    ru: 'Проверено в этом браузере за {ms} мс ({name}).',
  },
  anotherFile: { en: 'Open another file', ru: 'Открыть другой файл' },
  verified: {
    en: 'The match file is verified, with no server:',
    ru: 'Файл матча проверен, без сервера:',
  },
  eventsChained: {
    en: '{n, plural, one {# event} other {# events}} chained; the signature of key {keyId} verified',
    ru: '{n, plural, one {# событие} few {# события} many {# событий} other {# события}} в цепочке; подпись ключа {keyId} верна',
  },
  diceDerived: {
    en: 'dice: {rolls, plural, one {# server roll} other {# server rolls}} and {shuffles, plural, one {# shuffle} other {# shuffles}} re-derived from the revealed seed, counters checked',
    ru: 'кубики: {rolls, plural, one {# бросок} few {# броска} many {# бросков} other {# броска}} сервера и {shuffles, plural, one {# перемешивание} few {# перемешивания} many {# перемешиваний} other {# перемешивания}} выведены заново из раскрытого зерна, счётчики проверены',
  },
  diceNotRevealed: {
    en: 'dice: the seed is not revealed yet ({rolls, plural, one {# server roll} other {# server rolls}} and {shuffles, plural, one {# shuffle} other {# shuffles}} recorded)',
    ru: 'кубики: зерно ещё не раскрыто (записано {rolls, plural, one {# бросок} few {# броска} many {# бросков} other {# броска}} сервера и {shuffles, plural, one {# перемешивание} few {# перемешивания} many {# перемешиваний} other {# перемешивания}})',
  },
  drawsChecked: {
    en: 'decks: {draws, plural, one {# card} other {# cards}} drawn checked against their deck’s verified order; {decisions, plural, one {# decision} other {# decisions}} decided again',
    ru: 'колоды: {draws, plural, one {# взятая карта сверена} few {# взятые карты сверены} many {# взятых карт сверены} other {# взятой карты сверены}} с проверенным порядком колоды; {decisions, plural, one {# решение принято} few {# решения приняты} many {# решений приняты} other {# решения приняты}} заново',
  },
  sealsOpened: {
    en: 'seals: {n, plural, one {# sealed decision} other {# sealed decisions}} opened',
    ru: 'тайные решения: вскрыто {n}',
  },
  reportedRolls: {
    en: 'reported rolls: {total} ({confirmed} confirmed, {unconfirmed} unconfirmed: physical dice, nothing to re-derive)',
    ru: 'физические броски: {total} (подтверждено {confirmed}, не подтверждено {unconfirmed}: их нельзя вывести заново)',
  },
  noReceipts: {
    en: 'receipts: none given, so a cut tail cannot be detected',
    ru: 'квитанции: не даны, поэтому отрезанный конец лога не обнаружить',
  },
  noReceiptsTop: {
    en: 'No receipts file was given: this check cannot see whether the end of the log was cut off. Give the receipts the seats and the judge saved to prove it.',
    ru: 'Файл квитанций не дан: эта проверка не видит, не отрезан ли конец лога. Чтобы это доказать, дайте квитанции, которые сохранили игроки и судья.',
  },
  receiptsLabel: {
    en: 'Receipts file (optional)',
    ru: 'Файл квитанций (необязательно)',
  },
  receiptsWhy: {
    en: 'The receipts a seat or a judge saved (NDJSON). Choose it before the match file: with it, a cut tail or a rewritten ruling is caught.',
    ru: 'Квитанции, которые сохранил игрок или судья (NDJSON). Выберите его до файла матча: с ним обнаруживается отрезанный конец лога или переписанное решение.',
  },
  receiptsChosen: {
    en: 'Receipts: {name}. The match file will be checked against them.',
    ru: 'Квитанции: {name}. Файл матча будет сверен с ними.',
  },
  receiptsChecked: {
    en: 'receipts: {n, plural, one {# receipt} other {# receipts}} checked: the file holds every head they acknowledge',
    ru: 'квитанции: {n, plural, one {# квитанция проверена} few {# квитанции проверены} many {# квитанций проверены} other {# квитанции проверены}}: файл содержит каждую вершину, которую они подтверждают',
  },
  notYet: { en: 'not checkable yet: ', ru: 'пока нельзя проверить: ' },
  logProven: {
    en: 'log: {position}; the inclusion proof leads to that checkpoint, signed by the server',
    ru: 'журнал: {position}; доказательство включения ведёт к этой контрольной точке, подписанной сервером',
  },
  notLoggedYet: {
    en: 'log: not in the public log yet (a match enters it when it ends)',
    ru: 'журнал: матча ещё нет в открытом журнале (он попадает туда, когда кончается)',
  },
  keyNote: {
    en: 'Compare key {keyId} with the server’s (GET /api/v1/keys).',
    ru: 'Сверьте ключ {keyId} с ключом сервера (GET /api/v1/keys).',
  },
  failed: { en: 'The match file does not verify.', ru: 'Файл матча не прошёл проверку.' },
  failedAt: {
    en: 'The match file does not verify at seq {seq}:',
    ru: 'Файл матча не прошёл проверку на событии {seq}:',
  },
  failedMeaning: {
    en: 'What follows is replayed as the file says it, unproven.',
    ru: 'Дальше матч показан так, как записан в файле, без доказательства.',
  },
} as const;

const text = pageWords(WORDS);
