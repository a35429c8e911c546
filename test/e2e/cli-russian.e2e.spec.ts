import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { ruCount } from '../../src/domain/shared/localized-text';
import { createApi } from '../support/api-client';
import { startedFreeform } from '../support/match-checks';
import { startServiceProcess } from '../support/service-process';
import { startTestApp } from '../support/test-app';
import { matchlogCli } from '../support/verify-cli';

/** The CLI runs as child processes (each loads TypeScript through SWC). */
jest.setTimeout(120_000);

const RUSSIAN = { LANG: 'ru_RU.UTF-8', LC_ALL: '', LC_MESSAGES: '' };
const ENGLISH = { LANG: 'C.UTF-8', LC_ALL: '', LC_MESSAGES: '' };
/** Latin prose outside option names, paths and URLs. */
const ENGLISH_WORD = /\b(the|not|which|is|required|unknown|verb|cannot|reach)\b/i;

describe('matchlog and matchlog monitor in Russian (a Russian locale, or --lang ru)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'matchlog-cli-ru-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists its verbs in the locale’s language, and in English when told', async () => {
    const [russian, told, english] = await Promise.all([
      matchlogCli(['--help'], RUSSIAN),
      matchlogCli(['--lang', 'en', '--help'], RUSSIAN),
      matchlogCli(['--help'], ENGLISH),
    ]);
    expect(russian.code).toBe(0);
    expect(russian.stdout).toMatch(/^Использование: matchlog <команда> \[аргументы\]/);
    expect(russian.stdout).toMatch(/^ {2}monitor {2}следить за журналом прозрачности/m);
    expect(told.stdout).toMatch(/^Usage: matchlog <verb>/);
    expect(english.stdout).toMatch(/^Usage: matchlog <verb>/);
  });

  it('refuses an unknown verb in Russian, with the usage, exit 2', async () => {
    const run = await matchlogCli(['dump'], RUSSIAN);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^matchlog: неизвестная команда dump\n\nИспользование: matchlog/);
  });

  it('answers monitor --help and its usage errors in Russian', async () => {
    const [help, noUrl, noState, badLang] = await Promise.all([
      matchlogCli(['monitor', '--help'], RUSSIAN),
      matchlogCli(['monitor', '--lang', 'ru', '--state', dir], ENGLISH),
      matchlogCli(['monitor', 'http://127.0.0.1:9'], { ...RUSSIAN, LC_ALL: 'ru_RU.UTF-8' }),
      matchlogCli(['monitor', 'http://127.0.0.1:9', '--state', dir, '--lang', 'de'], RUSSIAN),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Использование: matchlog monitor <URL> --state <КАТАЛОГ>/);
    expect(help.stdout).toContain('Код выхода: 0 — тревог нет, 1 — тревога');
    expect(noUrl.code).toBe(2);
    expect(noUrl.stderr).toMatch(
      /^matchlog: за каким сервисом следить\? matchlog monitor <URL> --state <КАТАЛОГ>\n\nИспользование: matchlog monitor/,
    );
    expect(noState.code).toBe(2);
    expect(noState.stderr).toMatch(/^matchlog: нужен --state <КАТАЛОГ>\n/);
    expect(noState.stderr.split('\n')[0]).not.toMatch(ENGLISH_WORD);
    expect(badLang.code).toBe(2);
    expect(badLang.stderr).toMatch(/^matchlog: --lang — ru или en, а не de\n/);
  });

  it('refuses verify with no file in Russian, with its Russian usage, exit 2', async () => {
    const [russian, english] = await Promise.all([
      matchlogCli(['verify'], RUSSIAN),
      matchlogCli(['verify'], ENGLISH),
    ]);
    expect(russian.code).toBe(2);
    expect(russian.stderr).toMatch(
      /^matchlog: какой файл\? matchlog verify <файл>\n\nИспользование: matchlog verify <файл>/,
    );
    expect(russian.stderr).toContain('--receipts <файл>  квитанции, которые сохранило место');
    expect(russian.stderr.split('\n')[0]).not.toMatch(ENGLISH_WORD);
    expect(english.code).toBe(2);
    expect(english.stderr).toMatch(
      /^matchlog: which file\? matchlog verify <file>\n\nUsage: matchlog verify <file>/,
    );
  });

  it('says in Russian that a file given to verify cannot be read, exit 2', async () => {
    const missing = join(dir, 'none.ndjson');
    const [file, checkpoint] = await Promise.all([
      matchlogCli(['verify', missing], RUSSIAN),
      matchlogCli(['verify', missing, '--checkpoint', join(dir, 'none.checkpoint')], RUSSIAN),
    ]);
    expect(file.code).toBe(2);
    expect(file.stderr).toMatch(/^matchlog verify: не удалось прочитать .*none\.ndjson \(ENOENT/);
    expect(checkpoint.code).toBe(2);
    expect(checkpoint.stderr).toMatch(
      /^matchlog verify: не удалось прочитать .*none\.checkpoint \(ENOENT/,
    );
  });

  it('prints the usage of verify, doctor, backup, restore and rebuild in Russian', async () => {
    const verbs = ['verify', 'doctor', 'backup', 'restore', 'rebuild'];
    const runs = await Promise.all(
      verbs.map((verb) => matchlogCli([verb, '--help', '--lang', 'ru'], ENGLISH)),
    );
    runs.forEach((run, i) => {
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^Использование: matchlog ${verbs[i]}\\b`));
      expect(run.stdout).toMatch(/^Код выхода: 0 — /m);
    });
    expect(runs[1].stdout).toContain('[<файл хранилища или каталог данных>]');
  });

  it('refuses the other verbs’ bad arguments in Russian, exit 2', async () => {
    const [doctor, backup, rebuild, unknownOption] = await Promise.all([
      matchlogCli(['doctor', 'a.db', 'b.db'], RUSSIAN),
      matchlogCli(['backup'], RUSSIAN),
      matchlogCli(['rebuild', 'now'], RUSSIAN),
      matchlogCli(['restore', '--force', 'backup.db'], RUSSIAN),
    ]);
    for (const run of [doctor, backup, rebuild, unknownOption]) expect(run.code).toBe(2);
    expect(doctor.stderr).toMatch(
      /^matchlog: doctor принимает один файл хранилища или каталог данных\n\nИспользование: matchlog doctor/,
    );
    expect(backup.stderr).toMatch(/^matchlog: какой файл\? matchlog backup ФАЙЛ\n\nИспользование:/);
    expect(rebuild.stderr).toMatch(/^matchlog: rebuild не принимает аргументов \(дано: now\)\n/);
    expect(unknownOption.stderr).toMatch(
      /^matchlog: аргументы не разобраны \(.*--force.*\)\n\nИспользование: matchlog restore ФАЙЛ/,
    );
  });

  it('says in Russian that the service could not be read, exit 2', async () => {
    const run = await matchlogCli(
      ['monitor', 'http://127.0.0.1:9', '--state', join(dir, 'state')],
      RUSSIAN,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^matchlog monitor: не удалось связаться с http:\/\/127\.0\.0\.1:9\/api\/v1\/keys: /,
    );
    const english = await matchlogCli(
      ['monitor', 'http://127.0.0.1:9', '--state', join(dir, 'state'), '--lang', 'en'],
      RUSSIAN,
    );
    expect(english.stderr).toMatch(/^matchlog monitor: cannot reach http:\/\/127\.0\.0\.1:9/);
  });

  /** "12 событий" as it stands in `text` after `before`, and the form ruCount gives that count. */
  const counted = (text: string, before: string, forms: [string, string, string]) => {
    const [, count = '', word = ''] =
      new RegExp(`${before}\\s*(\\d+) (\\S+?)[,.)\\s]`).exec(text) ?? [];
    return { said: `${count} ${word}`, agreed: ruCount(Number(count), ...forms) };
  };

  it('backs up, restores and checks a store in Russian: what it did, its progress, counts that agree', async () => {
    const app = await startTestApp();
    try {
      await startedFreeform(await createApi(app.url), 'Клуб «Ладья»');
    } finally {
      await app.close({ keepData: true });
    }
    const backupFile = join(dir, 'copy.db');
    const restoredDir = join(dir, 'restored');
    try {
      const backup = await matchlogCli(['backup', backupFile], {
        ...RUSSIAN,
        MATCHLOG_DATA_DIR: app.dataDir,
      });
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(
        /^Резервная копия: \d+ \S+ \(\d+ \S+\) в \S+copy\.db\nКлюч подписи скопирован рядом с ней: \S+copy\.db\.signing-key\.pem\n$/,
      );
      const events = counted(backup.stdout, 'Резервная копия:', ['событие', 'события', 'событий']);
      expect(events.said).toBe(events.agreed);
      const pages = counted(backup.stdout, '\\(', ['страница', 'страницы', 'страниц']);
      expect(pages.said).toBe(pages.agreed);
      expect(backup.stderr).toMatch(
        /^Резервное копирование \[#{24}\] 100% — страниц: [\d\u00a0]+ из [\d\u00a0]+, [\d\u00a0]+ в секунду, осталось ~0 с$/m,
      );

      const restore = await matchlogCli(['restore', backupFile], {
        ...RUSSIAN,
        MATCHLOG_DATA_DIR: restoredDir,
      });
      expect(restore.code).toBe(0);
      expect(restore.stdout).toMatch(
        /^Восстановление: сервис должен быть остановлен; каждая цепочка проверяется до того, как что-либо будет заменено\.\nВосстановлено: \d+ \S+ в \d+ \S+, каждая цепочка проверена\.\nКлюч подписи восстановлен в \S+signing-key\.pem\.\n$/,
      );
      const streams = counted(restore.stdout, 'в', ['потоке', 'потоках', 'потоках']);
      expect(streams.said).toBe(streams.agreed);
      expect(restore.stderr).toMatch(/^Проверка цепочек \[#{24}\] 100% — событий: /m);

      const doctor = await matchlogCli(['doctor', restoredDir], RUSSIAN);
      expect(doctor.code).toBe(0);
      expect(doctor.stdout).toMatch(
        /^OK: каждая цепочка проходит проверку \(\d+ \S+, \d+ \S+ в \S+matchlog\.db\)\n$/,
      );
      const checked = counted(doctor.stdout, '\\(', ['поток', 'потока', 'потоков']);
      expect(checked.said).toBe(checked.agreed);
      for (const text of [backup.stdout, backup.stderr, restore.stdout, doctor.stdout])
        expect(text).not.toMatch(ENGLISH_WORD);

      // An event altered in the restored copy: doctor lists its stream, in Russian.
      const db = new Database(join(restoredDir, 'matchlog.db'));
      try {
        const altered = db
          .prepare(
            `UPDATE events SET data = replace(data, '"red"', '"RED"') WHERE stream LIKE 'match-%' AND data LIKE '%"red"%'`,
          )
          .run();
        expect(altered.changes).toBeGreaterThan(0);
      } finally {
        db.close();
      }
      const broken = await matchlogCli(['doctor', restoredDir], RUSSIAN);
      expect(broken.code).toBe(1);
      const of = counted(broken.stdout, 'в 1 из', ['потока', 'потоков', 'потоков']);
      expect(of.said).toBe(of.agreed);
      expect(broken.stdout).toMatch(
        /^BROKEN: цепочка не проходит проверку в 1 из \d+ \S+ \(\d+ \S+, \d+ \S+ в \S+matchlog\.db\)\nmatch-\S+\tматч \S+\tseq \d+\thash_mismatch\tсобытие изменено после записи\nВосстановите последнюю исправную резервную копию: npm run restore -- BACKUP_FILE \(сначала остановите сервис\)\.\n$/,
      );
    } finally {
      rmSync(app.dataDir, { recursive: true, force: true });
    }
  });

  it('says in Russian why backup, restore, rebuild and doctor refuse', async () => {
    const notAStore = join(dir, 'notes.txt');
    writeFileSync(notAStore, 'заметки, а не хранилище');
    // This test's own process stands for a service running on the data directory.
    const busy = join(dir, 'busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'matchlog.pid'), String(process.pid));
    const [noKey, noStore, notRestorable, rebuildBusy, doctorMissing, doctorJunk, told] =
      await Promise.all([
        matchlogCli(['backup', join(dir, 'b1.db')], {
          ...RUSSIAN,
          MATCHLOG_DATA_DIR: join(dir, 'empty-1'),
        }),
        matchlogCli(['backup', '--without-key', join(dir, 'b2.db')], {
          ...RUSSIAN,
          MATCHLOG_DATA_DIR: join(dir, 'empty-2'),
        }),
        matchlogCli(['restore', notAStore], {
          ...RUSSIAN,
          MATCHLOG_DATA_DIR: join(dir, 'empty-3'),
        }),
        matchlogCli(['rebuild'], { ...RUSSIAN, MATCHLOG_DATA_DIR: busy }),
        matchlogCli(['doctor', join(dir, 'none.db')], RUSSIAN),
        matchlogCli(['doctor', notAStore], RUSSIAN),
        matchlogCli(['doctor', join(dir, 'none.db'), '--lang', 'ru'], ENGLISH),
      ]);
    expect(noKey).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^matchlog backup: Ключа подписи \S+empty-1\/signing-key\.pem нет, а резервная копия хранит его, .* Укажите --without-key, /,
      ),
    });
    expect(noStore).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^matchlog backup: Хранилища matchlog по пути \S+empty-2\/matchlog\.db нет\n$/,
      ),
    });
    expect(notRestorable).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^matchlog restore: \S+notes\.txt — не база данных SQLite: его заголовок — 42 байта, а не 100\n$/,
      ),
    });
    expect(rebuildBusy).toMatchObject({
      code: 1,
      stderr: `matchlog rebuild: Сервис matchlog (pid ${process.pid}) работает с каталогом ${busy}: остановите его перед перестройкой.\n`,
    });
    expect(doctorMissing).toMatchObject({
      code: 2,
      stdout: `Файла ${join(dir, 'none.db')} нет\n`,
    });
    expect(told).toEqual(doctorMissing);
    expect(doctorJunk).toMatchObject({
      code: 2,
      stdout: expect.stringMatching(/^\S+notes\.txt — не база данных SQLite: /),
    });
    for (const run of [noKey, noStore, rebuildBusy])
      expect(run.stderr.split(':').slice(1).join(':')).not.toMatch(ENGLISH_WORD);
  });

  it('refuses to start in Russian under a Russian locale: what to change', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'не каталог');
    const damaged = join(dir, 'damaged');
    mkdirSync(damaged);
    // The magic string, then a page size of 3: a store whose header is damaged.
    writeFileSync(
      join(damaged, 'matchlog.db'),
      Buffer.concat([
        Buffer.from('SQLite format 3\0', 'latin1'),
        Buffer.from([0, 3]),
        Buffer.alloc(4096),
      ]),
    );
    const refusal = (dataDir: string, settings: Record<string, string> = {}) =>
      startServiceProcess({ ...RUSSIAN, MATCHLOG_DATA_DIR: dataDir, ...settings }).then(
        async (service) => {
          await service.stop();
          return 'started';
        },
        (error: Error) => error.message.split('; its standard error:\n')[1] ?? error.message,
      );
    const [notADirectory, damagedStore, badSettings] = await Promise.all([
      refusal(file),
      refusal(damaged),
      refusal(join(dir, 'settings'), {
        MATCHLOG_LOG_LEVEL: 'verbose',
        MATCHLOG_TRUSTED_PROXIES: '10.0.0.0/8, прокси',
      }),
    ]);
    expect(notADirectory).toBe(`MATCHLOG_DATA_DIR ${file} — не каталог\n`);
    expect(badSettings).toBe(
      'Настройки неверны:\n' +
        '  - MATCHLOG_LOG_LEVEL — одно из значений fatal, error, warn, info, debug, trace, silent, а задано «verbose»\n' +
        '  - MATCHLOG_TRUSTED_PROXIES — IP-адреса или CIDR через запятую (127.0.0.1, 10.0.0.0/8), а задано «прокси»\n',
    );
    expect(damagedStore).toMatch(
      /^matchlog: не запускается: \S+matchlog\.db повреждён: размер страницы в нём \(байты заголовка 16–17\) равен 3\. Остановитесь и восстановите последнюю исправную резервную копию: npm run restore -- BACKUP_FILE \(\S+ останется рядом с восстановленным хранилищем\); npm run doctor -- \S+ покажет, что ещё в нём можно прочитать\.\n$/,
    );
  });
});
