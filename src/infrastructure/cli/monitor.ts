import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ExportVerifier, normalizePublicKey, problemLine } from '../../domain/export';
import { base64Of, bytesOfBase64, bytesOfHex, hexOf } from '../../domain/shared/bytes';
import {
  CheckpointFormatError,
  MerkleTree,
  checkpointSignedBy,
  logLeafHash,
  parseCheckpoint,
  rootFromTiles,
  tilePath,
  verifyConsistency,
  type LogLeaf,
  type SignedCheckpoint,
} from '../../domain/transparency';
import type { LocalizedText } from '../../domain/shared/localized-text';
import { ruCount, upperFirst } from '../../domain/shared/localized-text';
import { langOfEnvironment, type CliLang } from './cli-language';
import { UsageError } from './usage-error';
import { makeDirectory } from '../persistence/directories';

export const MONITOR_USAGE: LocalizedText = {
  en: `Usage: matchlog monitor <URL> --state <DIR> [--peer <file>]... [--token <token>] [--key <publicKey>]... [--lang ru|en]

Watches a matchlog service's transparency log (GET /api/v1/log/…) and alarms when it changes
what it once showed. Each run:
  1. fetches the latest checkpoint and checks its signature (the server's keys, pinned in
     DIR/keys.json at the first run, or --key);
  2. proves it consistent with the last checkpoint this monitor saw (DIR/checkpoint), with a
     consistency proof: a rewritten or removed leaf fails it;
  3. fetches every new leaf, rebuilds the tree (DIR/leaves) and checks it has the checkpoint's
     root, as do the log's tiles (GET /api/v1/log/tile/…, what a static mirror reads), then
     fetches each new leaf's match export, verifies it and checks it holds the logged head at
     the logged seq: a rewritten or missing match is an alarm;
  4. with --peer, a checkpoint another monitor saved (its DIR/checkpoint, exchanged as a file):
     of the same size it must have the same root, of another size it must be consistent with
     this one; else the log shows different trees to different readers (a split view).
Nothing is saved after an alarm: the next run checks against the same checkpoint again.

  --state <DIR>      where the monitor keeps what it saw (created if missing)
  --peer <file>      another monitor's checkpoint. Repeatable.
  --token <token>    a token for exports that are not public (an organizer's, a judge's)
  --key <publicKey>  accept checkpoints signed by this key only (base64 SPKI DER). Repeatable.
  --lang ru|en       the language of its messages; without it, the locale's (LC_ALL, LC_MESSAGES,
                     LANG: ru_* is Russian, anything else English)

Exit status: 0 no alarm, 1 an alarm (printed with its proof), 2 usage error or the service
could not be read.`,
  ru: `Использование: matchlog monitor <URL> --state <КАТАЛОГ> [--peer <файл>]... [--token <токен>] [--key <открытый ключ>]... [--lang ru|en]

Следит за журналом прозрачности сервиса matchlog (GET /api/v1/log/…) и поднимает тревогу,
если журнал изменил то, что однажды показал. При каждом запуске:
  1. получает последнюю контрольную точку и проверяет её подпись (ключами сервера,
     закреплёнными в КАТАЛОГ/keys.json при первом запуске, или --key);
  2. доказывает её согласованность с последней контрольной точкой, которую видел этот монитор
     (КАТАЛОГ/checkpoint): переписанный или удалённый лист не пройдёт доказательство;
  3. получает каждый новый лист, заново строит дерево (КАТАЛОГ/leaves) и сверяет его корень
     с контрольной точкой, как и корень из тайлов журнала (GET /api/v1/log/tile/…, их читает
     статическое зеркало), затем получает экспорт матча каждого нового листа, проверяет его
     и сверяет, что в нём записанная в журнал голова на записанном seq: переписанный или
     пропавший матч — тревога;
  4. с --peer — контрольная точка, сохранённая другим монитором (его КАТАЛОГ/checkpoint,
     переданный файлом): того же размера — должна иметь тот же корень, другого размера —
     должна быть согласована с этой; иначе журнал показывает разным читателям разные деревья
     (раздвоенное представление).
После тревоги ничего не сохраняется: следующий запуск снова сверит с той же контрольной точкой.

  --state <КАТАЛОГ>  где монитор хранит увиденное (создаётся, если его нет)
  --peer <файл>      контрольная точка другого монитора. Можно повторять.
  --token <токен>    токен для закрытых экспортов (организатора, судьи)
  --key <ключ>       принимать только контрольные точки, подписанные этим ключом (base64 SPKI
                     DER). Можно повторять.
  --lang ru|en       язык сообщений; без него — язык локали (LC_ALL, LC_MESSAGES, LANG: ru_* —
                     русский, любой другой — английский)

Код выхода: 0 — тревог нет, 1 — тревога (напечатана с доказательством), 2 — ошибка в
аргументах или сервис не удалось прочитать.`,
};

interface MonitorArgs {
  lang: CliLang;
  url: string;
  state: string;
  peers: string[];
  token?: string;
  keys: string[];
}

function parseMonitorArgs(args: string[], lang: CliLang): MonitorArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        state: { type: 'string' },
        peer: { type: 'string', multiple: true },
        token: { type: 'string' },
        key: { type: 'string', multiple: true },
        lang: { type: 'string' },
      },
    });
  } catch (error) {
    const { message } = error as Error;
    throw new UsageError({ en: message, ru: `аргументы не разобраны (${message})` }, MONITOR_USAGE);
  }
  const { values, positionals } = parsed;
  if (values.lang !== undefined && values.lang !== 'ru' && values.lang !== 'en')
    throw new UsageError(
      {
        en: `--lang is ru or en, not ${values.lang}`,
        ru: `--lang — ru или en, а не ${values.lang}`,
      },
      MONITOR_USAGE,
    );
  if (positionals.length !== 1)
    throw new UsageError(
      {
        en: 'which service? matchlog monitor <URL> --state <DIR>',
        ru: 'за каким сервисом следить? matchlog monitor <URL> --state <КАТАЛОГ>',
      },
      MONITOR_USAGE,
    );
  if (!values.state)
    throw new UsageError(
      { en: '--state <DIR> is required', ru: 'нужен --state <КАТАЛОГ>' },
      MONITOR_USAGE,
    );
  let url: URL;
  try {
    url = new URL(positionals[0]);
  } catch {
    throw new UsageError(
      {
        en: `${positionals[0]} is not a URL (http://host:port)`,
        ru: `${positionals[0]} — не URL (http://хост:порт)`,
      },
      MONITOR_USAGE,
    );
  }
  return {
    lang: (values.lang as CliLang | undefined) ?? lang,
    url: url.toString().replace(/\/$/, ''),
    state: values.state,
    peers: values.peer ?? [],
    ...(values.token ? { token: values.token } : {}),
    keys: (values.key ?? []).map((key) => {
      try {
        return normalizePublicKey(key);
      } catch (error) {
        const { message } = error as Error;
        throw new UsageError(
          { en: `--key: ${message}`, ru: `--key: ключ не прочитан (${message})` },
          MONITOR_USAGE,
        );
      }
    }),
  };
}

/** The service could not be read: nothing was checked (exit 2), as opposed to an alarm. */
class Unreachable extends Error {
  constructor(readonly text: LocalizedText) {
    super(text.en);
  }
}

class Alarm extends Error {
  constructor(
    readonly text: LocalizedText,
    readonly proof: Record<string, unknown>,
  ) {
    super(text.en);
  }
}

/**
 * The word an alarm line starts with: `ALARM` in both languages (a cron job greps for it),
 * named in Russian too.
 */
const ALARM: LocalizedText = { en: 'ALARM', ru: 'ALARM (ТРЕВОГА)' };

const LEAVES_PAGE = 1000;

/** A checkpoint an alarm names: in Russian as a subject and as an object. */
interface CheckpointName extends LocalizedText {
  ruAccusative: string;
}

export async function monitor(
  argv: string[],
  lang: CliLang = langOfEnvironment(process.env),
): Promise<number> {
  const args = parseMonitorArgs(argv, lang);
  const say = (text: LocalizedText) => text[args.lang];
  // Peer files first: a malformed one is refused before anything is fetched.
  const peers: { file: string; checkpoint: SignedCheckpoint }[] = [];
  for (const file of args.peers) {
    try {
      peers.push({ file, checkpoint: parseCheckpoint(readFileSync(file, 'utf8')) });
    } catch (error) {
      const { message } = error as Error;
      const text =
        error instanceof CheckpointFormatError
          ? {
              en: `--peer ${file} is not a checkpoint: ${message}`,
              ru: `--peer ${file} — не контрольная точка: ${message}`,
            }
          : {
              en: `cannot read ${file}: ${message}`,
              ru: `не удалось прочитать ${file}: ${message}`,
            };
      process.stderr.write(`matchlog monitor: ${say(text)}\n`);
      return 2;
    }
  }
  makeDirectory(args.state);
  const alarms: Alarm[] = [];
  try {
    const summary = await run(args, peers, alarms);
    if (alarms.length === 0 && summary) {
      process.stdout.write(`${say(summary)}\n`);
      return 0;
    }
  } catch (error) {
    if (error instanceof Alarm) alarms.push(error);
    else if (error instanceof Unreachable) {
      process.stderr.write(`matchlog monitor: ${say(error.text)}\n`);
      return 2;
    } else throw error;
  }
  for (const alarm of alarms)
    process.stdout.write(
      `${say(ALARM)}: ${say(alarm.text)}\n${JSON.stringify(alarm.proof, null, 2)}\n`,
    );
  return 1;
}

async function run(
  args: MonitorArgs,
  peers: { file: string; checkpoint: SignedCheckpoint }[],
  alarms: Alarm[],
): Promise<LocalizedText | undefined> {
  const fetchText = async (
    path: string,
    token?: string,
  ): Promise<{ status: number; text: string }> => {
    let response: Response;
    try {
      response = await fetch(`${args.url}${path}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    } catch (error) {
      const { message } = error as Error;
      throw new Unreachable({
        en: `cannot reach ${args.url}${path}: ${message}`,
        ru: `не удалось связаться с ${args.url}${path}: ${message}`,
      });
    }
    return { status: response.status, text: await response.text() };
  };
  const fetchJson = async (path: string): Promise<unknown> => {
    const { status, text } = await fetchText(path);
    if (status !== 200)
      throw new Unreachable({
        en: `${path} answered ${status}: ${text.slice(0, 300)}`,
        ru: `${path} ответил ${status}: ${text.slice(0, 300)}`,
      });
    return JSON.parse(text);
  };

  const keysFile = join(args.state, 'keys.json');
  let keys = args.keys;
  if (keys.length === 0) {
    const pinned = existsSync(keysFile)
      ? (JSON.parse(readFileSync(keysFile, 'utf8')) as string[])
      : undefined;
    const served = (
      (await fetchJson('/api/v1/keys')) as { keys: { publicKey: string }[] }
    ).keys.map((key) => key.publicKey);
    // First use pins the keys; later the served ones must include every pinned one.
    if (pinned && pinned.some((key) => !served.includes(key)))
      throw new Alarm(
        {
          en: 'the service no longer lists a key it signed with before',
          ru: 'сервис больше не называет ключ, которым подписывал раньше',
        },
        { pinned, served },
      );
    keys = pinned ? [...new Set([...pinned, ...served])] : served;
  }

  const fetched = await fetchText('/api/v1/log/checkpoint');
  if (fetched.status !== 200)
    throw new Unreachable({
      en: `the checkpoint answered ${fetched.status}: ${fetched.text.slice(0, 300)}`,
      ru: `запрос контрольной точки ответил ${fetched.status}: ${fetched.text.slice(0, 300)}`,
    });
  let latest: SignedCheckpoint;
  try {
    latest = parseCheckpoint(fetched.text);
  } catch (error) {
    const { message } = error as Error;
    throw new Alarm(
      {
        en: `the service's checkpoint is malformed: ${message}`,
        ru: `контрольная точка сервиса искажена: ${message}`,
      },
      { checkpoint: fetched.text },
    );
  }
  if (!keys.some((key) => checkpointSignedBy(latest, key)))
    throw new Alarm(
      {
        en: `the checkpoint is not signed by the service's key under ${latest.origin}`,
        ru: `контрольная точка не подписана ключом сервиса под именем ${latest.origin}`,
      },
      { checkpoint: latest.text },
    );

  const checkpointFile = join(args.state, 'checkpoint');
  const previous = existsSync(checkpointFile)
    ? parseCheckpoint(readFileSync(checkpointFile, 'utf8'))
    : undefined;
  const consistent = async (
    older: SignedCheckpoint,
    newer: SignedCheckpoint,
    what: CheckpointName,
  ) => {
    if (older.origin !== newer.origin)
      throw new Alarm(
        {
          en: `${what.en} is of log ${older.origin}, the service's of ${newer.origin}`,
          ru: `${upperFirst(what.ru)} относится к журналу ${older.origin}, а сервис ведёт ${newer.origin}`,
        },
        { older: older.text, newer: newer.text },
      );
    if (older.size > newer.size)
      throw new Alarm(
        {
          en: `the log shrank: ${what.en} has ${older.size} leaves, the latest checkpoint ${newer.size}`,
          ru: `журнал уменьшился: ${what.ru} — ${ruCount(older.size, 'лист', 'листа', 'листьев')}, последняя контрольная точка — ${newer.size}`,
        },
        { older: older.text, newer: newer.text },
      );
    const answer = await fetchText(
      `/api/v1/log/proof/consistency?from=${older.size}&to=${newer.size}`,
    );
    const proof =
      answer.status === 200
        ? ((JSON.parse(answer.text) as { consistencyProof: string[] }).consistencyProof ?? [])
        : [];
    const ok =
      answer.status === 200 &&
      verifyConsistency(
        older.size,
        newer.size,
        older.rootHash,
        newer.rootHash,
        proof.map(bytesOfBase64),
      );
    if (!ok)
      throw new Alarm(
        older.size === newer.size
          ? {
              en: `split view or rewrite: ${what.en} and the latest checkpoint both have ${newer.size} leaves but different roots`,
              ru: `раздвоенное представление или переписывание: ${what.ru} и последняя контрольная точка — обе по ${ruCount(newer.size, 'листу', 'листа', 'листьев')}, но корни разные`,
            }
          : {
              en: `the log of ${newer.size} leaves is not an extension of ${what.en} (${older.size} leaves): a leaf was rewritten or removed`,
              ru: `журнал из ${ruCount(newer.size, 'листа', 'листьев', 'листьев')} не продолжает ${what.ruAccusative} (${ruCount(older.size, 'лист', 'листа', 'листьев')}): лист переписан или удалён`,
            },
        {
          older: older.text,
          newer: newer.text,
          consistencyProof: answer.status === 200 ? proof : answer.text,
        },
      );
  };
  if (previous)
    await consistent(previous, latest, {
      en: 'the checkpoint this monitor saw last',
      ru: 'контрольная точка, которую этот монитор видел последней',
      ruAccusative: 'контрольную точку, которую этот монитор видел последней',
    });
  for (const peer of peers) {
    if (!keys.some((key) => checkpointSignedBy(peer.checkpoint, key)))
      throw new Alarm(
        {
          en: `--peer ${peer.file} is not signed by the service's key`,
          ru: `--peer ${peer.file} не подписан ключом сервиса`,
        },
        { peer: peer.checkpoint.text },
      );
    if (peer.checkpoint.size <= latest.size)
      await consistent(peer.checkpoint, latest, {
        en: `the peer's checkpoint ${peer.file}`,
        ru: `контрольная точка другого монитора ${peer.file}`,
        ruAccusative: `контрольную точку другого монитора ${peer.file}`,
      });
    else
      await consistent(latest, peer.checkpoint, {
        en: 'the latest checkpoint',
        ru: 'последняя контрольная точка',
        ruAccusative: 'последнюю контрольную точку',
      });
  }

  // The leaves: mirrored in DIR/leaves (hex leaf hashes), rebuilt into a tree.
  const leavesFile = join(args.state, 'leaves');
  const tree = new MerkleTree();
  const mirrored = existsSync(leavesFile)
    ? readFileSync(leavesFile, 'utf8').split('\n').filter(Boolean)
    : [];
  for (const hex of mirrored.slice(0, previous ? previous.size : 0)) tree.append(bytesOfHex(hex));
  const fresh: (LogLeaf & { index: number })[] = [];
  while (tree.size < latest.size) {
    const page = (await fetchJson(
      `/api/v1/log/leaves?from=${tree.size}&limit=${Math.min(LEAVES_PAGE, latest.size - tree.size)}`,
    )) as { leaves: (LogLeaf & { index: number })[] };
    if (page.leaves.length === 0) break;
    for (const leaf of page.leaves.slice(0, latest.size - tree.size)) {
      tree.append(logLeafHash(leaf));
      fresh.push(leaf);
    }
  }
  if (tree.size !== latest.size || hexOf(tree.root(latest.size)) !== hexOf(latest.rootHash))
    throw new Alarm(
      {
        en: `the leaves the service serves do not make the checkpoint's root (${tree.size} leaves read, the checkpoint has ${latest.size})`,
        ru: `листья, которые отдаёт сервис, не дают корень контрольной точки (прочитано ${ruCount(tree.size, 'лист', 'листа', 'листьев')}, в контрольной точке ${latest.size})`,
      },
      { checkpoint: latest.text, root: base64Of(tree.root(tree.size)) },
    );

  // The tiles a static mirror reads must make the same root (one tile a level).
  if (latest.size > 0) {
    const tileAnswers: Record<string, string | number> = {};
    const fromTiles = await rootFromTiles(latest.size, async (level, index, width) => {
      const path = tilePath({ level, index, width });
      let response: Response;
      try {
        response = await fetch(`${args.url}/api/v1/log/${path}`);
      } catch (error) {
        const { message } = error as Error;
        throw new Unreachable({
          en: `cannot reach ${args.url}/api/v1/log/${path}: ${message}`,
          ru: `не удалось связаться с ${args.url}/api/v1/log/${path}: ${message}`,
        });
      }
      tileAnswers[path] = response.status;
      return response.status === 200
        ? new Uint8Array(await response.arrayBuffer())
        : new Uint8Array();
    });
    if (fromTiles === undefined || hexOf(fromTiles) !== hexOf(latest.rootHash))
      throw new Alarm(
        {
          en: `the log's tiles do not make the checkpoint's root (${latest.size} leaves): a mirror reading them sees another log`,
          ru: `тайлы журнала не дают корень контрольной точки (${ruCount(latest.size, 'лист', 'листа', 'листьев')}): зеркало, читающее их, видит другой журнал`,
        },
        {
          checkpoint: latest.text,
          tiles: tileAnswers,
          ...(fromTiles ? { root: base64Of(fromTiles) } : {}),
        },
      );
  }

  // Each new leaf's match: its export verifies and holds the logged head.
  for (const leaf of fresh) {
    const exported = await fetchText(
      `/api/v1/matches/${encodeURIComponent(leaf.matchId)}/export`,
      args.token,
    );
    if (exported.status !== 200) {
      alarms.push(
        new Alarm(
          {
            en: `match ${leaf.matchId} (leaf ${leaf.index}) cannot be exported (${exported.status}): missing or hidden`,
            ru: `матч ${leaf.matchId} (лист ${leaf.index}) не экспортируется (${exported.status}): пропал или скрыт`,
          },
          { leaf, answer: exported.text.slice(0, 500) },
        ),
      );
      continue;
    }
    const verifier = new ExportVerifier({ trustedPublicKeys: keys, keepHashes: true });
    for (const line of exported.text.split('\n')) if (verifier.push(line)) break;
    const verdict = verifier.finish();
    const hashes = verifier.linkedRecord()?.hashes ?? [];
    if (!verdict.ok)
      alarms.push(
        new Alarm(
          {
            en: `match ${leaf.matchId} (leaf ${leaf.index}): its export does not verify: ${verdict.message}`,
            ru: `матч ${leaf.matchId} (лист ${leaf.index}): его экспорт не проходит проверку: ${problemLine(verdict).ru}`,
          },
          { leaf },
        ),
      );
    else if (hashes[leaf.seq] !== leaf.headHash)
      alarms.push(
        new Alarm(
          {
            en: `match ${leaf.matchId} (leaf ${leaf.index}) was rewritten: its export's hash at seq ${leaf.seq} is not the logged head`,
            ru: `матч ${leaf.matchId} (лист ${leaf.index}) переписан: хеш его экспорта на seq ${leaf.seq} не совпадает с головой из журнала`,
          },
          { leaf, exportHashAtSeq: hashes[leaf.seq] ?? null },
        ),
      );
  }
  if (alarms.length > 0) return undefined;

  writeFileSync(keysFile, JSON.stringify(keys));
  const leafHashes = Array.from({ length: tree.size }, (_, i) => hexOf(tree.leaf(i)));
  writeFileSync(leavesFile, leafHashes.map((hex) => `${hex}\n`).join(''));
  writeFileSync(checkpointFile, latest.text);
  return {
    en:
      `OK: log ${latest.origin} at ${latest.size} leaves` +
      (previous
        ? `, consistent with the ${previous.size} this monitor saw before`
        : ' (first run: its checkpoint is saved)') +
      (peers.length > 0 ? `, consistent with ${peers.length} peer checkpoint(s)` : '') +
      `; ${fresh.length} new leaves, each match's export verified and holding its logged head`,
    ru:
      `OK: журнал ${latest.origin} — ${ruCount(latest.size, 'лист', 'листа', 'листьев')}` +
      (previous
        ? `, согласован с ${ruCount(previous.size, 'листом', 'листьями', 'листьями')}, которые этот монитор видел раньше`
        : ' (первый запуск: его контрольная точка сохранена)') +
      (peers.length > 0
        ? `, согласован с контрольными точками других мониторов (${peers.length})`
        : '') +
      `; новых листьев: ${fresh.length}, экспорт матча каждого проверен и содержит голову из журнала`,
  };
}
