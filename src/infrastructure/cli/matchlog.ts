#!/usr/bin/env node
/**
 * `matchlog <verb>`: the one command line of matchlog (the package's bin, run from `dist`; the
 * npm scripts backup, restore, rebuild, verify and doctor are aliases of its verbs). Each verb
 * but verify is loaded only when asked for, so that verify starts nothing.
 *
 * `matchlog verify <file> [--key <publicKey>]... [--keys <file>]... [--receipts <file>]`: checks a signed match export offline (no
 * server, no network): the hash chain and the secrets' salted commitments, the trailer and the server's signature, the revealed
 * seed against its commitment, every server roll and shuffle recomputed from the seed, and the
 * seats' receipts against the export.
 *
 * Imports only domain code (with the rulesets, to replay decks and decisions), Node built-ins
 * and reflect-metadata (the rulesets' params classes carry decorator metadata): it starts nothing.
 *
 * Exit codes: 0 verified, 1 a problem was found (the first one is printed), 2 usage error,
 * unreadable file, or nothing could be verified at all (a file with no export header).
 */
import 'reflect-metadata';
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ruCount, type LocalizedText, type Message } from '../../domain/shared/localized-text';
import { OperatorError } from '../operator-error';
import { langOfCommandLine, langOfEnvironment, withoutLang, type CliLang } from './cli-language';
import { UsageError, textIn, wantsHelp } from './usage-error';
import {
  checkLinkedExports,
  describeVerdict as verdictText,
  ExportVerifier,
  normalizePublicKey,
  type VerdictLang,
  type ExportProblem,
  type ExportVerified,
  type LinkedExport,
  type LinksChecked,
} from '../../domain/export';
import { CheckpointFormatError, parseCheckpoint } from '../../domain/transparency/checkpoint';
import { checkSavedCheckpoint } from '../../domain/transparency/log-proof';

const VERIFY_USAGE: LocalizedText = {
  en: `Usage: matchlog verify <file> [--key <publicKey>]... [--keys <file>]... [--receipts <file>] [--linked <file>]... [--checkpoint <file> [--consistency <file>]] [--json] [--lang ru|en]

Checks a match export (GET /api/v1/matches/<id>/export, formats matchlog-export/1 and /2)
offline: the hash chain, every secret against its salted commitment, the server's Ed25519
signature, the dice seed against its commitment, and every server roll
and shuffle. <file> may be - for standard input.

  --key <publicKey>  require the signature to be made with this key: base64 SPKI DER,
                     as GET /api/v1/keys lists it, or a PEM file's text. Repeatable.
  --keys <file>      the answer of GET /api/v1/keys saved as a file: any key it lists
                     is accepted (the server's current and earlier keys, so an export
                     or receipt signed before a key change or a restore verifies).
                     Repeatable; combines with --key.
  --receipts <file>  the receipts a seat kept (NDJSON, one receipt a line, as the
                     answers to its writes carry them): each must be signed by the
                     server and its head hash be in the export at its seq, else the
                     log was cut or rewritten after it was acknowledged. Without it a
                     cut tail cannot be detected.
  --linked <file>    the export of a match <file> links (a league's battle, cited
                     with its head hash): it must verify on its own (with the same
                     --key), hold the linked hash at the linked seq, and record the
                     winners the link took. Repeatable, one per linked match; a link
                     whose export is not given is listed as not proven.
  --checkpoint <file>  a transparency log checkpoint saved earlier (GET /api/v1/log/checkpoint,
                     or a monitor's): the export's checkpoint must be of the same log, and
                     of the same root where the sizes are equal (else a split view). Of
                     different sizes, consistency needs a proof, which is not in the export:
                     without --consistency it is listed as not proven.
  --consistency <file>  the answer of GET /api/v1/log/proof/consistency?from=<smaller size>&to=<larger>
                     saved as a file: checked offline against the two checkpoints' roots.
  --json             print the verdict as one JSON document (counts, reported rolls,
                     what cannot be checked yet, or the problem with its seq and its
                     text in both languages).
  --lang ru|en       the language of the verdict: Russian or English. Without it, the
                     environment's (LC_ALL, LC_MESSAGES, LANG: ru_RU.UTF-8 is Russian).

Exit status: 0 verified, 1 a problem found (the first is printed), 2 nothing could be
verified (the file is no export, or cannot be read) or a usage error.`,
  ru: `Использование: matchlog verify <файл> [--key <открытый ключ>]... [--keys <файл>]... [--receipts <файл>] [--linked <файл>]... [--checkpoint <файл> [--consistency <файл>]] [--json] [--lang ru|en]

Проверяет экспорт матча (GET /api/v1/matches/<id>/export, форматы matchlog-export/1 и /2)
без сети: цепочку хешей, каждый секрет по его солёному обязательству, подпись сервера
Ed25519, зерно костей по его обязательству и каждый бросок и каждую перетасовку сервера.
Вместо <файла> можно указать -, чтобы читать стандартный ввод.

  --key <открытый ключ>  требовать, чтобы подпись была сделана этим ключом: base64 SPKI DER,
                     как его перечисляет GET /api/v1/keys, или текст PEM-файла. Можно повторять.
  --keys <файл>      ответ GET /api/v1/keys, сохранённый в файл: принимается любой ключ из
                     него (текущий и прежние ключи сервера, так что экспорт или квитанция,
                     подписанные до смены ключа или до восстановления, проходят проверку).
                     Можно повторять; сочетается с --key.
  --receipts <файл>  квитанции, которые сохранило место (NDJSON, по одной квитанции в строке,
                     как их приносят ответы на его записи): каждая должна быть подписана сервером,
                     а её хеш головы — стоять в экспорте на её seq, иначе журнал обрезали
                     или переписали после подтверждения. Без квитанций обрезанный конец
                     не обнаружить.
  --linked <файл>    экспорт матча, на который ссылается <файл> (битва лиги, указанная
                     хешем своей головы): он должен проходить проверку сам (с тем же --key),
                     содержать связанный хеш на связанном seq и записывать победителей,
                     которых взяла ссылка. Можно повторять, по одному на связанный матч;
                     ссылка, экспорт которой не дан, отмечается как не доказанная.
  --checkpoint <файл>  контрольная точка журнала прозрачности, сохранённая раньше
                     (GET /api/v1/log/checkpoint или монитором): контрольная точка экспорта
                     должна быть того же журнала и, при равных размерах, с тем же корнем
                     (иначе раздвоенное представление). При разных размерах согласованность
                     требует доказательства, которого в экспорте нет: без --consistency она
                     отмечается как не доказанная.
  --consistency <файл>  ответ GET /api/v1/log/proof/consistency?from=<меньший размер>&to=<больший>,
                     сохранённый в файл: проверяется без сети по корням двух контрольных точек.
  --json             напечатать вердикт одним документом JSON (счётчики, заявленные броски,
                     что пока нельзя проверить, или проблему с её seq и текстом на обоих
                     языках).
  --lang ru|en       язык вердикта: русский или английский. Без него — язык окружения
                     (LC_ALL, LC_MESSAGES, LANG: ru_RU.UTF-8 — русский).

Код выхода: 0 — проверено, 1 — найдена проблема (печатается первая), 2 — ничего не удалось
проверить (файл не экспорт или не читается) или ошибка в аргументах.`,
};

export const EXIT_OK = 0;
export const EXIT_PROBLEM = 1;
/** A usage error, or nothing could be checked (an unreadable file, a file that is no export). */
export const EXIT_USAGE = 2;

interface VerifyArgs {
  file: string;
  keys: string[];
  keyFiles: string[];
  receipts?: string;
  linked: string[];
  checkpoint?: string;
  consistency?: string;
  json: boolean;
  lang: VerdictLang;
}

export { langOfEnvironment };

function parseVerifyArgs(args: string[]): VerifyArgs {
  let parsed: ReturnType<typeof parseVerifyOptions>;
  try {
    parsed = parseVerifyOptions(args);
  } catch (error) {
    // parseArgs says what was wrong (an unknown option, --key without a value).
    const { message } = error as Error;
    throw new UsageError({ en: message, ru: `аргументы не разобраны (${message})` });
  }
  const { values, positionals } = parsed;
  const keys = values.key ?? [];
  if (keys.some((key) => key === ''))
    throw new UsageError({ en: '--key needs a public key', ru: '--key: нужен открытый ключ' });
  if (values.receipts === '')
    throw new UsageError({ en: '--receipts needs a file', ru: '--receipts: нужен файл' });
  const keyFiles = values.keys ?? [];
  if (keyFiles.some((file) => file === ''))
    throw new UsageError({ en: '--keys needs a file', ru: '--keys: нужен файл' });
  const linked = values.linked ?? [];
  if (linked.some((file) => file === '' || file === '-'))
    throw new UsageError({
      en: '--linked needs a file (not standard input)',
      ru: '--linked: нужен файл (не стандартный ввод)',
    });
  if (positionals.length > 1)
    throw new UsageError({
      en: `one file at a time (got ${positionals.join(' and ')})`,
      ru: `проверяется один файл за раз (дано: ${positionals.join(' и ')})`,
    });
  const [file] = positionals;
  if (file === undefined)
    throw new UsageError({
      en: 'which file? matchlog verify <file>',
      ru: 'какой файл? matchlog verify <файл>',
    });
  if (values.checkpoint === '')
    throw new UsageError({ en: '--checkpoint needs a file', ru: '--checkpoint: нужен файл' });
  if (values.consistency === '')
    throw new UsageError({ en: '--consistency needs a file', ru: '--consistency: нужен файл' });
  if (values.lang !== undefined && values.lang !== 'ru' && values.lang !== 'en')
    throw new UsageError({
      en: `--lang is ru or en, not ${values.lang}`,
      ru: `--lang — ru или en, а не ${values.lang}`,
    });
  if (values.consistency !== undefined && values.checkpoint === undefined)
    throw new UsageError({
      en: '--consistency goes with --checkpoint: the proof is between two checkpoints',
      ru: '--consistency даётся вместе с --checkpoint: доказательство связывает две контрольные точки',
    });
  return {
    file,
    keys,
    keyFiles,
    receipts: values.receipts,
    linked,
    checkpoint: values.checkpoint,
    consistency: values.consistency,
    json: values.json ?? false,
    lang: (values.lang as VerdictLang | undefined) ?? langOfEnvironment(process.env),
  };
}

function parseVerifyOptions(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      key: { type: 'string', multiple: true },
      keys: { type: 'string', multiple: true },
      receipts: { type: 'string' },
      linked: { type: 'string', multiple: true },
      checkpoint: { type: 'string' },
      consistency: { type: 'string' },
      json: { type: 'boolean' },
      lang: { type: 'string' },
    },
  });
}

/** What the verifier prints: one line for a problem; for a verified export, what it proved. */
export function describeVerdict(
  verdict: ExportVerified | ExportProblem,
  links?: LinksChecked,
  lang: VerdictLang = 'en',
): string {
  return verdictText(verdict, links)[lang];
}

/** The public keys of a saved GET /api/v1/keys answer (`{ "keys": [{ "publicKey": … }] }`). */
export function keysOfKeysAnswer(text: string, file: string): string[] {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new UsageError({
      en: `--keys ${file} is not JSON: save the answer of GET /api/v1/keys`,
      ru: `--keys ${file} — не JSON: сохраните ответ GET /api/v1/keys`,
    });
  }
  const keys = (answer as { keys?: unknown } | null)?.keys;
  if (
    !Array.isArray(keys) ||
    keys.length === 0 ||
    !keys.every((key) => typeof (key as { publicKey?: unknown })?.publicKey === 'string')
  )
    throw new UsageError({
      en: `--keys ${file} is not an answer of GET /api/v1/keys: it must be {"keys": [{"publicKey": …}, …]}`,
      ru: `--keys ${file} — не ответ GET /api/v1/keys: нужен вид {"keys": [{"publicKey": …}, …]}`,
    });
  return keys.map((key: { publicKey: string }) => {
    try {
      return normalizePublicKey(key.publicKey);
    } catch (error) {
      const { message } = error as Error;
      throw new UsageError({
        en: `--keys ${file}: ${message}`,
        ru: `--keys ${file}: ключ не прочитан (${message})`,
      });
    }
  });
}

async function verify(args: VerifyArgs): Promise<number> {
  let trusted: string[] | undefined;
  try {
    trusted = args.keys.length > 0 ? args.keys.map(normalizePublicKey) : undefined;
  } catch (error) {
    const { message } = error as Error;
    throw new UsageError({ en: `--key: ${message}`, ru: `--key: ключ не прочитан (${message})` });
  }
  for (const file of args.keyFiles) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      process.stderr.write(`matchlog verify: ${cannotRead(file, error)[args.lang]}\n`);
      return EXIT_USAGE;
    }
    trusted = [...(trusted ?? []), ...keysOfKeysAnswer(text, file)];
  }
  let receiptLines: string[] | undefined;
  try {
    receiptLines =
      args.receipts === undefined ? undefined : readFileSync(args.receipts, 'utf8').split('\n');
  } catch (error) {
    process.stderr.write(`matchlog verify: ${cannotRead(args.receipts, error)[args.lang]}\n`);
    return EXIT_USAGE;
  }
  const saved = readSavedCheckpoint(args);
  if (typeof saved === 'number') return saved;
  const verifier = new ExportVerifier({ trustedPublicKeys: trusted, receiptLines });
  if (!(await readInto(verifier, args.file, args.lang))) return EXIT_USAGE;
  let verdict: ExportVerified | ExportProblem = verifier.finish();
  let checkpointLine: string | undefined;
  if (verdict.ok && saved) {
    const exported = verifier.logCheckpoint;
    const checked = exported
      ? checkSavedCheckpoint(saved.checkpoint, exported, saved.consistency)
      : ({
          ok: true,
          proven: false,
          message: 'the export carries no checkpoint to compare it with',
          text: {
            en: 'the export carries no checkpoint to compare it with',
            ru: 'в экспорте нет контрольной точки, с которой её сравнить',
          },
        } as const);
    if (!checked.ok)
      verdict = { ok: false, code: 'log_proof', message: checked.message, text: checked.text };
    else
      checkpointLine = {
        en: `  checkpoint ${args.checkpoint}: ${checked.proven ? '' : 'not proven: '}${checked.text.en}`,
        ru: `  контрольная точка ${args.checkpoint}: ${checked.proven ? '' : 'не доказано: '}${checked.text.ru}`,
      }[args.lang];
  }
  let links: LinksChecked | undefined;
  if (verdict.ok && (verdict.links || args.linked.length > 0)) {
    const given: LinkedExport[] = [];
    for (const file of args.linked) {
      const linked = new ExportVerifier({ trustedPublicKeys: trusted, keepHashes: true });
      if (!(await readInto(linked, file, args.lang))) return EXIT_USAGE;
      const own = linked.finish();
      given.push({
        source: file,
        ...(linked.matchId === undefined ? {} : { matchId: linked.matchId }),
        ...(own.ok ? { record: linked.linkedRecord() } : { problem: verdictText(own) }),
      });
    }
    const checked = checkLinkedExports(verdict.links ?? [], given);
    if (checked.ok) links = checked;
    else verdict = checked;
  }
  // The file has no export header (empty, another file): nothing was checked, nothing forged.
  const notAnExport =
    !verdict.ok && verifier.matchId === undefined && NOT_AN_EXPORT.includes(verdict.code)
      ? verdict
      : undefined;
  process.stdout.write(
    args.json
      ? `${JSON.stringify(
          {
            ...verdict,
            ...(links ? { linkedExports: links } : {}),
            ...(checkpointLine ? { savedCheckpoint: checkpointLine.trim() } : {}),
          },
          null,
          2,
        )}\n`
      : notAnExport
        ? {
            en: `NOTHING VERIFIED: ${args.file === '-' ? 'standard input' : args.file}: ${notAnExport.text.en}\n`,
            ru: `НИЧЕГО НЕ ПРОВЕРЕНО: ${args.file === '-' ? 'стандартный ввод' : args.file}: ${notAnExport.text.ru}\n`,
          }[args.lang]
        : `${describeVerdict(verdict, links, args.lang)}${verdict.ok && checkpointLine ? `\n${checkpointLine}` : ''}\n`,
  );
  if (notAnExport) return EXIT_USAGE;
  if (verdict.ok && !verdict.signedBy.trusted) {
    process.stderr.write(
      {
        en: `note: no --key or --keys given, so any key is accepted: check that ${verdict.signedBy.keyId} is the server's key (GET /api/v1/keys)\n`,
        ru: `заметка: --key и --keys не даны, поэтому принимается любой ключ: проверьте, что ${verdict.signedBy.keyId} — ключ сервера (GET /api/v1/keys)\n`,
      }[args.lang],
    );
  }
  return verdict.ok ? EXIT_OK : EXIT_PROBLEM;
}

/** The problems of a file read before any export header was: it is no export to verify. */
const NOT_AN_EXPORT: readonly ExportProblem['code'][] = [
  'header_missing',
  'malformed_line',
  'malformed_header',
  'unsupported_format',
];

/**
 * The checkpoint (and consistency proof) given with --checkpoint: an exit code when a file
 * cannot be read or is not one, with one line saying why.
 */
function readSavedCheckpoint(
  args: VerifyArgs,
): { checkpoint: ReturnType<typeof parseCheckpoint>; consistency?: unknown } | number | undefined {
  if (args.checkpoint === undefined) return undefined;
  const refuse = (message: LocalizedText) => {
    process.stderr.write(`matchlog verify: ${message[args.lang]}\n`);
    return EXIT_USAGE;
  };
  let checkpoint: ReturnType<typeof parseCheckpoint>;
  try {
    checkpoint = parseCheckpoint(readFileSync(args.checkpoint, 'utf8'));
  } catch (error) {
    if (error instanceof CheckpointFormatError)
      return refuse({
        en: `--checkpoint ${args.checkpoint} is not a checkpoint: ${error.message}`,
        ru: `--checkpoint ${args.checkpoint} — не контрольная точка (${error.message})`,
      });
    return refuse(cannotRead(args.checkpoint, error));
  }
  if (args.consistency === undefined) return { checkpoint };
  try {
    return { checkpoint, consistency: JSON.parse(readFileSync(args.consistency, 'utf8')) };
  } catch (error) {
    return refuse(
      error instanceof SyntaxError
        ? {
            en: `--consistency ${args.consistency} is not JSON: save the answer of GET /api/v1/log/proof/consistency`,
            ru: `--consistency ${args.consistency} — не JSON: сохраните ответ GET /api/v1/log/proof/consistency`,
          }
        : cannotRead(args.consistency, error),
    );
  }
}

/** Why a file given to verify could not be read (the system's reason is English only). */
function cannotRead(file: string | undefined, error: unknown): LocalizedText {
  const { message } = error as Error;
  return {
    en: `cannot read ${file}: ${message}`,
    ru: `не удалось прочитать ${file} (${message})`,
  };
}

/** Feeds a file (or standard input, `-`) to a verifier line by line; false when it cannot be read. */
async function readInto(
  verifier: ExportVerifier,
  file: string,
  lang: VerdictLang,
): Promise<boolean> {
  const input = file === '-' ? process.stdin : createReadStream(file);
  const opened = new Promise<void>((resolve, reject) => {
    input.once('error', reject);
    if (input === process.stdin) resolve();
    else input.once('open', () => resolve());
  });
  try {
    await opened;
  } catch (error) {
    process.stderr.write(`matchlog verify: ${cannotRead(file, error)[lang]}\n`);
    return false;
  }
  const lines = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (verifier.push(line)) break;
    }
  } catch (error) {
    process.stderr.write(`matchlog verify: ${cannotRead(file, error)[lang]}\n`);
    return false;
  } finally {
    lines.close();
    if (input !== process.stdin) (input as ReturnType<typeof createReadStream>).destroy();
  }
  return true;
}

const CLI_USAGE: LocalizedText = {
  en: `Usage: matchlog <verb> [arguments]   (matchlog <verb> --help for one verb)

  verify   check a match export offline (its chain, signature, dice, receipts and log proof)
  monitor  watch a service's transparency log: consistency, rewritten or missing matches
  doctor   check an embedded store offline, every chain from seq 0
  backup   copy the embedded store and its signing key while the service runs
  restore  replace the embedded store with a checked backup (service stopped)
  rebuild  rebuild the read models from the event log (service stopped)

  --version  print matchlog's version
  --help     print this
  --lang ru|en  the language (default: the locale's, LC_ALL, LC_MESSAGES or LANG: ru_* is Russian)`,
  ru: `Использование: matchlog <команда> [аргументы]   (matchlog <команда> --help — об одной команде)

  verify   проверить экспорт матча без сети (цепочку, подпись, кости, квитанции, доказательство журнала)
  monitor  следить за журналом прозрачности сервиса: согласованность, переписанные и пропавшие матчи
  doctor   проверить встроенное хранилище без сервиса, каждую цепочку с seq 0
  backup   скопировать встроенное хранилище и ключ подписи, пока сервис работает
  restore  заменить встроенное хранилище проверенной резервной копией (сервис остановлен)
  rebuild  перестроить модели чтения из журнала событий (сервис остановлен)

  --version  напечатать версию matchlog
  --help     напечатать это
  --lang ru|en  язык (по умолчанию — язык локали, LC_ALL, LC_MESSAGES или LANG: ru_* — русский)`,
};

/** The verbs besides verify, each loaded only when asked for. */
const VERBS: Record<
  string,
  () => Promise<{ usage: Message; run(args: string[], lang: CliLang): Promise<number> }>
> = {
  doctor: async () => ({ usage: DOCTOR_USAGE, run: doctor }),
  backup: async () => {
    const { BACKUP_USAGE, backup } = await import('./backup');
    return { usage: BACKUP_USAGE, run: backup };
  },
  restore: async () => {
    const { RESTORE_USAGE, restore } = await import('./restore');
    return { usage: RESTORE_USAGE, run: restore };
  },
  monitor: async () => {
    const { MONITOR_USAGE, monitor } = await import('./monitor');
    return { usage: MONITOR_USAGE, run: monitor };
  },
  rebuild: async () => {
    const { REBUILD_USAGE, rebuild } = await import('./rebuild');
    return { usage: REBUILD_USAGE, run: rebuild };
  },
};

export async function main(argv: string[]): Promise<number> {
  const lang = langOfCommandLine(argv, process.env);
  // `matchlog --lang ru --help`: the language may come before the verb.
  const words =
    argv[0] === '--lang' ? argv.slice(2) : argv[0]?.startsWith('--lang=') ? argv.slice(1) : argv;
  const [command, ...rest] = words;
  try {
    if (command === undefined && words.length < argv.length) {
      process.stdout.write(`${CLI_USAGE[lang]}\n`);
      return EXIT_OK;
    }
    if (command === '--help' || command === '-h' || command === 'help') {
      process.stdout.write(`${CLI_USAGE[lang]}\n`);
      return EXIT_OK;
    }
    if (command === '--version' || command === '-v') {
      const { APP_VERSION } = await import('../config/package-info');
      process.stdout.write(`matchlog ${APP_VERSION}\n`);
      return EXIT_OK;
    }
    if (command === 'verify') {
      if (wantsHelp(rest)) {
        process.stdout.write(`${VERIFY_USAGE[lang]}\n`);
        return EXIT_OK;
      }
      return await verify(parseVerifyArgs(rest));
    }
    const verb = command === undefined ? undefined : VERBS[command];
    if (verb === undefined)
      throw new UsageError(
        command === undefined
          ? { en: 'no verb', ru: 'не названа команда' }
          : { en: `unknown verb ${command}`, ru: `неизвестная команда ${command}` },
        CLI_USAGE,
      );
    const { usage, run } = await verb();
    if (wantsHelp(rest)) {
      process.stdout.write(`${textIn(usage, lang)}\n`);
      return EXIT_OK;
    }
    // monitor reads --lang itself; the other verbs take it anywhere among their arguments.
    return await run(command === 'monitor' ? rest : withoutLang(rest), lang);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(
      `matchlog: ${textIn(error.text, lang)}\n\n${textIn(error.usage ?? VERIFY_USAGE, lang)}\n`,
    );
    return EXIT_USAGE;
  }
}

const DOCTOR_USAGE: LocalizedText = {
  en: `Usage: matchlog doctor [<store file or data directory>]   (npm run doctor -- [PATH])

Checks an embedded (SQLite) matchlog store offline: the file header, SQLite's quick_check,
and the hash chain of every stream (match-, notes-, audit- and judge-notes- streams) from seq 0. Lists
every stream whose chain breaks: its match, the seq and the reason. Without a path, the
store of the configured data directory (MATCHLOG_DATA_DIR, default ./data). It only reads:
it may run beside the service.

Exit status: 0 every chain verifies, 1 something is broken (listed), 2 nothing could be
checked (no such file, not a matchlog store, usage error).`,
  ru: `Использование: matchlog doctor [<файл хранилища или каталог данных>]   (npm run doctor -- [ПУТЬ])

Проверяет встроенное хранилище matchlog (SQLite) без сервиса: заголовок файла, quick_check
SQLite и цепочку хешей каждого потока (потоков match-, notes-, audit- и judge-notes-) с seq 0.
Перечисляет каждый поток, цепочка которого разорвана: его матч, seq и причину. Без пути —
хранилище настроенного каталога данных (MATCHLOG_DATA_DIR, по умолчанию ./data). Только
читает: может работать рядом с сервисом.

Код выхода: 0 — каждая цепочка проходит проверку, 1 — что-то повреждено (перечислено),
2 — ничего не удалось проверить (нет такого файла, это не хранилище matchlog, ошибка
в аргументах).`,
};

/** `matchlog doctor`: what in a store file is broken (see DOCTOR_USAGE). */
async function doctor(args: string[], lang: CliLang): Promise<number> {
  if (args.length > 1 || args.some((arg) => arg.startsWith('-')))
    throw new UsageError(
      {
        en: 'doctor takes one store file or data directory',
        ru: 'doctor принимает один файл хранилища или каталог данных',
      },
      DOCTOR_USAGE,
    );
  // Loaded here: verify starts nothing and needs neither SQLite nor the configuration.
  const [{ existsSync, statSync }, { join }, storeFile, schema, config, errors] = await Promise.all(
    [
      import('node:fs'),
      import('node:path'),
      import('./store-file'),
      import('../eventstore/sqlite/sqlite-schema'),
      import('../config/app-config'),
      import('../../application/errors'),
    ],
  );
  let path = args[0];
  if (path === undefined) {
    try {
      const loaded = config.loadConfig();
      if (loaded.eventStoreUrl) {
        process.stderr.write(
          `matchlog doctor: ${
            {
              en: 'EVENTSTORE_URL is set: the events live in EventStoreDB, which doctor does not read; the service verifies each stream when it loads it. Give a store file to check one.',
              ru: 'задан EVENTSTORE_URL: события хранятся в EventStoreDB, которую doctor не читает; сервис проверяет каждый поток, когда загружает его. Укажите файл хранилища, чтобы проверить его.',
            }[lang]
          }\n`,
        );
        return EXIT_USAGE;
      }
      path = loaded.dataDir;
    } catch (error) {
      process.stderr.write(`matchlog doctor: ${(error as Error).message}\n`);
      return EXIT_USAGE;
    }
  }
  const file =
    existsSync(path) && statSync(path).isDirectory() ? join(path, schema.SQLITE_EVENTS_FILE) : path;
  let inspected: ReturnType<typeof storeFile.inspectStoreFile>;
  try {
    inspected = storeFile.inspectStoreFile(file);
  } catch (error) {
    if (!(error instanceof storeFile.StoreFileError)) throw error;
    process.stdout.write(`${error.in(lang)}\n`);
    return error.damaged ? EXIT_PROBLEM : EXIT_USAGE;
  }
  const { streams, events, broken } = inspected;
  const checked = {
    en: `${streams} streams, ${events} events in ${file}`,
    ru: `${ruCount(streams, 'поток', 'потока', 'потоков')}, ${ruCount(events, 'событие', 'события', 'событий')} в ${file}`,
  }[lang];
  if (broken.length === 0) {
    process.stdout.write(
      `${{ en: 'OK: every chain verifies', ru: 'OK: каждая цепочка проходит проверку' }[lang]} (${checked})\n`,
    );
    return EXIT_OK;
  }
  // The first words stay BROKEN and the fields tab-separated in both languages: scripts read them.
  const match = lang === 'ru' ? 'матч' : 'match';
  process.stdout.write(
    `BROKEN: ${
      {
        en: `${broken.length} of ${streams} streams do not verify`,
        ru: `цепочка не проходит проверку в ${broken.length} из ${ruCount(streams, 'потока', 'потоков', 'потоков')}`,
      }[lang]
    } (${checked})\n` +
      broken
        .map(
          (b) =>
            `${b.stream}\t${match} ${b.matchId}\tseq ${b.brokenSeq}\t${b.reason}\t${lang === 'ru' ? errors.CHAIN_BREAK_MEANING[b.reason].ru : b.message}\n`,
        )
        .join('') +
      {
        en: 'Restore the last good backup: npm run restore -- BACKUP_FILE (stop the service first).\n',
        ru: 'Восстановите последнюю исправную резервную копию: npm run restore -- BACKUP_FILE (сначала остановите сервис).\n',
      }[lang],
  );
  return EXIT_PROBLEM;
}

/**
 * An error no verb turned into a verdict: one line, never a stack. A refusal (a bad
 * configuration, a file that is not a store, the service running) is exit 1, as is any other
 * failure of a verb that changes files; verify and doctor say 2: nothing could be checked.
 */
export function describeFailure(
  verb: string | undefined,
  error: unknown,
  lang: CliLang = 'en',
): { line: string; code: number } {
  const message =
    error instanceof OperatorError
      ? error.in(lang)
      : error instanceof Error
        ? error.message
        : String(error);
  const checking = verb === 'verify' || verb === 'doctor';
  return {
    line: `matchlog ${verb ?? ''}: ${message}`.replace(/ +:/, ':'),
    code: checking ? EXIT_USAGE : EXIT_PROBLEM,
  };
}

if (require.main === module) {
  const argv = process.argv.slice(2);
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      const failure = describeFailure(argv[0], error, langOfCommandLine(argv, process.env));
      process.stderr.write(`${failure.line}\n`);
      process.exitCode = failure.code;
    },
  );
}
