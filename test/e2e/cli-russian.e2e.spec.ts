import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
});
