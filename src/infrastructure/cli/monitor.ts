import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ExportVerifier, normalizePublicKey } from '../../domain/export';
import { base64Of, bytesOfBase64, bytesOfHex, hexOf } from '../../domain/shared/bytes';
import {
  CheckpointFormatError,
  MerkleTree,
  checkpointSignedBy,
  logLeafHash,
  parseCheckpoint,
  verifyConsistency,
  type LogLeaf,
  type SignedCheckpoint,
} from '../../domain/transparency';
import { UsageError } from './usage-error';
import { makeDirectory } from '../persistence/directories';

export const MONITOR_USAGE = `Usage: matchlog monitor <URL> --state <DIR> [--peer <file>]... [--token <token>] [--key <publicKey>]...

Watches a matchlog service's transparency log (GET /api/v1/log/…) and alarms when it changes
what it once showed. Each run:
  1. fetches the latest checkpoint and checks its signature (the server's keys, pinned in
     DIR/keys.json at the first run, or --key);
  2. proves it consistent with the last checkpoint this monitor saw (DIR/checkpoint), with a
     consistency proof: a rewritten or removed leaf fails it;
  3. fetches every new leaf, rebuilds the tree (DIR/leaves) and checks it has the checkpoint's
     root, then fetches each new leaf's match export, verifies it and checks it holds the
     logged head at the logged seq: a rewritten or missing match is an alarm;
  4. with --peer, a checkpoint another monitor saved (its DIR/checkpoint, exchanged as a file):
     of the same size it must have the same root, of another size it must be consistent with
     this one; else the log shows different trees to different readers (a split view).
Nothing is saved after an alarm: the next run checks against the same checkpoint again.

  --state <DIR>      where the monitor keeps what it saw (created if missing)
  --peer <file>      another monitor's checkpoint. Repeatable.
  --token <token>    a token for exports that are not public (an organizer's, a judge's)
  --key <publicKey>  accept checkpoints signed by this key only (base64 SPKI DER). Repeatable.

Exit status: 0 no alarm, 1 an alarm (printed with its proof), 2 usage error or the service
could not be read.`;

interface MonitorArgs {
  url: string;
  state: string;
  peers: string[];
  token?: string;
  keys: string[];
}

function parseMonitorArgs(args: string[]): MonitorArgs {
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
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message, MONITOR_USAGE);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1)
    throw new UsageError('which service? matchlog monitor <URL> --state <DIR>', MONITOR_USAGE);
  if (!values.state) throw new UsageError('--state <DIR> is required', MONITOR_USAGE);
  let url: URL;
  try {
    url = new URL(positionals[0]);
  } catch {
    throw new UsageError(`${positionals[0]} is not a URL (http://host:port)`, MONITOR_USAGE);
  }
  return {
    url: url.toString().replace(/\/$/, ''),
    state: values.state,
    peers: values.peer ?? [],
    ...(values.token ? { token: values.token } : {}),
    keys: (values.key ?? []).map((key) => {
      try {
        return normalizePublicKey(key);
      } catch (error) {
        throw new UsageError(`--key: ${(error as Error).message}`, MONITOR_USAGE);
      }
    }),
  };
}

/** The service could not be read: nothing was checked (exit 2), as opposed to an alarm. */
class Unreachable extends Error {}

class Alarm extends Error {
  constructor(
    message: string,
    readonly proof: Record<string, unknown>,
  ) {
    super(message);
  }
}

const LEAVES_PAGE = 1000;

export async function monitor(argv: string[]): Promise<number> {
  const args = parseMonitorArgs(argv);
  // Peer files first: a malformed one is refused before anything is fetched.
  const peers: { file: string; checkpoint: SignedCheckpoint }[] = [];
  for (const file of args.peers) {
    try {
      peers.push({ file, checkpoint: parseCheckpoint(readFileSync(file, 'utf8')) });
    } catch (error) {
      process.stderr.write(
        error instanceof CheckpointFormatError
          ? `matchlog monitor: --peer ${file} is not a checkpoint: ${error.message}\n`
          : `matchlog monitor: cannot read ${file}: ${(error as Error).message}\n`,
      );
      return 2;
    }
  }
  makeDirectory(args.state);
  const alarms: Alarm[] = [];
  try {
    const summary = await run(args, peers, alarms);
    if (alarms.length === 0) {
      process.stdout.write(`${summary}\n`);
      return 0;
    }
  } catch (error) {
    if (error instanceof Alarm) alarms.push(error);
    else if (error instanceof Unreachable) {
      process.stderr.write(`matchlog monitor: ${error.message}\n`);
      return 2;
    } else throw error;
  }
  for (const alarm of alarms)
    process.stdout.write(`ALARM: ${alarm.message}\n${JSON.stringify(alarm.proof, null, 2)}\n`);
  return 1;
}

async function run(
  args: MonitorArgs,
  peers: { file: string; checkpoint: SignedCheckpoint }[],
  alarms: Alarm[],
): Promise<string> {
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
      throw new Unreachable(`cannot reach ${args.url}${path}: ${(error as Error).message}`);
    }
    return { status: response.status, text: await response.text() };
  };
  const fetchJson = async (path: string): Promise<unknown> => {
    const { status, text } = await fetchText(path);
    if (status !== 200) throw new Unreachable(`${path} answered ${status}: ${text.slice(0, 300)}`);
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
      throw new Alarm('the service no longer lists a key it signed with before', {
        pinned,
        served,
      });
    keys = pinned ? [...new Set([...pinned, ...served])] : served;
  }

  const fetched = await fetchText('/api/v1/log/checkpoint');
  if (fetched.status !== 200)
    throw new Unreachable(
      `the checkpoint answered ${fetched.status}: ${fetched.text.slice(0, 300)}`,
    );
  let latest: SignedCheckpoint;
  try {
    latest = parseCheckpoint(fetched.text);
  } catch (error) {
    throw new Alarm(`the service's checkpoint is malformed: ${(error as Error).message}`, {
      checkpoint: fetched.text,
    });
  }
  if (!keys.some((key) => checkpointSignedBy(latest, key)))
    throw new Alarm(`the checkpoint is not signed by the service's key under ${latest.origin}`, {
      checkpoint: latest.text,
    });

  const checkpointFile = join(args.state, 'checkpoint');
  const previous = existsSync(checkpointFile)
    ? parseCheckpoint(readFileSync(checkpointFile, 'utf8'))
    : undefined;
  const consistent = async (older: SignedCheckpoint, newer: SignedCheckpoint, what: string) => {
    if (older.origin !== newer.origin)
      throw new Alarm(`${what} is of log ${older.origin}, the service's of ${newer.origin}`, {
        older: older.text,
        newer: newer.text,
      });
    if (older.size > newer.size)
      throw new Alarm(
        `the log shrank: ${what} has ${older.size} leaves, the latest checkpoint ${newer.size}`,
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
          ? `split view or rewrite: ${what} and the latest checkpoint both have ${newer.size} leaves but different roots`
          : `the log of ${newer.size} leaves is not an extension of ${what} (${older.size} leaves): a leaf was rewritten or removed`,
        {
          older: older.text,
          newer: newer.text,
          consistencyProof: answer.status === 200 ? proof : answer.text,
        },
      );
  };
  if (previous) await consistent(previous, latest, 'the checkpoint this monitor saw last');
  for (const peer of peers) {
    if (!keys.some((key) => checkpointSignedBy(peer.checkpoint, key)))
      throw new Alarm(`--peer ${peer.file} is not signed by the service's key`, {
        peer: peer.checkpoint.text,
      });
    if (peer.checkpoint.size <= latest.size)
      await consistent(peer.checkpoint, latest, `the peer's checkpoint ${peer.file}`);
    else await consistent(latest, peer.checkpoint, 'the latest checkpoint');
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
      `the leaves the service serves do not make the checkpoint's root (${tree.size} leaves read, the checkpoint has ${latest.size})`,
      { checkpoint: latest.text, root: base64Of(tree.root(tree.size)) },
    );

  // Each new leaf's match: its export verifies and holds the logged head.
  for (const leaf of fresh) {
    const exported = await fetchText(
      `/api/v1/matches/${encodeURIComponent(leaf.matchId)}/export`,
      args.token,
    );
    if (exported.status !== 200) {
      alarms.push(
        new Alarm(
          `match ${leaf.matchId} (leaf ${leaf.index}) cannot be exported (${exported.status}): missing or hidden`,
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
          `match ${leaf.matchId} (leaf ${leaf.index}): its export does not verify: ${verdict.message}`,
          {
            leaf,
          },
        ),
      );
    else if (hashes[leaf.seq] !== leaf.headHash)
      alarms.push(
        new Alarm(
          `match ${leaf.matchId} (leaf ${leaf.index}) was rewritten: its export's hash at seq ${leaf.seq} is not the logged head`,
          { leaf, exportHashAtSeq: hashes[leaf.seq] ?? null },
        ),
      );
  }
  if (alarms.length > 0) return '';

  writeFileSync(keysFile, JSON.stringify(keys));
  const leafHashes = Array.from({ length: tree.size }, (_, i) => hexOf(tree.leaf(i)));
  writeFileSync(leavesFile, leafHashes.map((hex) => `${hex}\n`).join(''));
  writeFileSync(checkpointFile, latest.text);
  return (
    `OK: log ${latest.origin} at ${latest.size} leaves` +
    (previous
      ? `, consistent with the ${previous.size} this monitor saw before`
      : ' (first run: its checkpoint is saved)') +
    (peers.length > 0 ? `, consistent with ${peers.length} peer checkpoint(s)` : '') +
    `; ${fresh.length} new leaves, each match's export verified and holding its logged head`
  );
}
