import { bytesOfBase64 } from '../shared/bytes';
import {
  CheckpointFormatError,
  checkpointSignedBy,
  parseCheckpoint,
  type SignedCheckpoint,
} from './checkpoint';
import { leafProblem, logLeafHash, type LogLeaf } from './log-leaf';
import { HASH_BYTES, verifyConsistency, verifyInclusion } from './merkle';

/**
 * Checks of what an export says about the transparency log (its trailer's `log`: the match's
 * leaf, the inclusion proof, the checkpoint), offline, and of a checkpoint a reader saved
 * against the export's (`matchlog verify --checkpoint`).
 */

export interface LogProven {
  /** The leaf's index: the match's position in the log. */
  index: number;
  treeSize: number;
  origin: string;
  /** The checkpoint's `time` line, when it has one. */
  checkpointTime?: string;
  /** The seq of the head the leaf names. */
  seq: number;
  /** The checkpoint note (to compare with a saved one). */
  checkpoint: SignedCheckpoint;
}

export type LogCheck = ({ ok: true } & LogProven) | { ok: false; message: string };

export interface LogProofContext {
  matchId: string;
  /** The export's hash of the event at `seq`, if the verifier kept it. */
  hashAt(seq: number): string | undefined;
  /** Keys a checkpoint may be signed with (base64 SPKI DER). */
  keys: readonly string[];
}

function hashesOf(value: unknown): Uint8Array[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const hashes: Uint8Array[] = [];
  for (const item of value) {
    if (typeof item !== 'string') return undefined;
    try {
      const hash = bytesOfBase64(item);
      if (hash.length !== HASH_BYTES) return undefined;
      hashes.push(hash);
    } catch {
      return undefined;
    }
  }
  return hashes;
}

/** Parses a checkpoint and checks it is signed by one of `keys` under its origin. */
export function signedCheckpointOf(
  text: unknown,
  keys: readonly string[],
  what: string,
): SignedCheckpoint | string {
  if (typeof text !== 'string') return `${what} is not a checkpoint note`;
  let checkpoint: SignedCheckpoint;
  try {
    checkpoint = parseCheckpoint(text);
  } catch (error) {
    if (error instanceof CheckpointFormatError) return `${what}: ${error.message}`;
    throw error;
  }
  if (!keys.some((key) => checkpointSignedBy(checkpoint, key)))
    return `${what} is not signed by the server's key under its origin ${checkpoint.origin}`;
  return checkpoint;
}

/** The trailer's `log` member against the export it ends. */
export function checkLogProof(log: unknown, context: LogProofContext): LogCheck {
  const fail = (message: string): LogCheck => ({ ok: false, message });
  const proof = log as Record<string, unknown> | null;
  if (typeof proof !== 'object' || proof === null)
    return fail('the trailer’s log member must be {leaf, index, inclusionProof, checkpoint}');
  const problem = leafProblem(proof.leaf);
  if (problem) return fail(problem);
  const leaf = proof.leaf as LogLeaf;
  const index = proof.index;
  if (!Number.isSafeInteger(index) || (index as number) < 0)
    return fail('the log proof’s index must be a whole number ≥ 0');
  const path = hashesOf(proof.inclusionProof);
  if (!path) return fail('the inclusion proof must be a list of base64 SHA-256 hashes');
  if (leaf.matchId !== context.matchId)
    return fail(`the log leaf names match ${leaf.matchId}, not this export's ${context.matchId}`);
  const hash = context.hashAt(leaf.seq);
  if (hash === undefined)
    return fail(`the log leaf names seq ${leaf.seq}, which is not a logged head of this export`);
  if (hash !== leaf.headHash)
    return fail(
      `the log holds another head at seq ${leaf.seq} than this export: the match was rewritten after it was logged, or the export was`,
    );
  const checkpoint = signedCheckpointOf(proof.checkpoint, context.keys, "the export's checkpoint");
  if (typeof checkpoint === 'string') return fail(checkpoint);
  if (
    !verifyInclusion(index as number, checkpoint.size, logLeafHash(leaf), path, checkpoint.rootHash)
  )
    return fail(
      `the inclusion proof does not lead from leaf ${index as number} to the root of the checkpoint (size ${checkpoint.size})`,
    );
  return {
    ok: true,
    index: index as number,
    treeSize: checkpoint.size,
    origin: checkpoint.origin,
    ...(checkpoint.time === undefined ? {} : { checkpointTime: checkpoint.time }),
    seq: leaf.seq,
    checkpoint,
  };
}

export type ConsistencyCheck =
  { ok: true; proven: boolean; message: string } | { ok: false; message: string };

/**
 * A checkpoint the reader saved against the export's: the same origin, the same root where
 * the sizes are equal, and otherwise the consistency proof (`GET /api/v1/log/proof/consistency`
 * from the smaller size to the larger, saved as a file) if given. Without a proof for different
 * sizes nothing can be proven offline, and `proven` is false.
 */
export function checkSavedCheckpoint(
  saved: SignedCheckpoint,
  exported: SignedCheckpoint,
  consistency?: unknown,
): ConsistencyCheck {
  if (saved.origin !== exported.origin)
    return {
      ok: false,
      message: `the saved checkpoint is of log ${saved.origin}, the export's of ${exported.origin}`,
    };
  const same = (a: Uint8Array, b: Uint8Array) =>
    a.length === b.length && a.every((byte, i) => byte === b[i]);
  if (saved.size === exported.size) {
    return same(saved.rootHash, exported.rootHash)
      ? {
          ok: true,
          proven: true,
          message: `the saved checkpoint is the export's (size ${saved.size})`,
        }
      : {
          ok: false,
          message: `split view: the saved checkpoint and the export's both have ${saved.size} leaves but different roots`,
        };
  }
  const [older, newer] = saved.size < exported.size ? [saved, exported] : [exported, saved];
  if (consistency === undefined)
    return {
      ok: true,
      proven: false,
      message: `consistency of the saved checkpoint (size ${saved.size}) with the export's (size ${exported.size}) needs a proof: save GET /api/v1/log/proof/consistency?from=${older.size}&to=${newer.size} and pass it with --consistency`,
    };
  const answer = consistency as { from?: unknown; to?: unknown; consistencyProof?: unknown } | null;
  const path = hashesOf(answer?.consistencyProof);
  if (!path || answer?.from !== older.size || answer?.to !== newer.size)
    return {
      ok: false,
      message: `the consistency proof must be the answer of GET /api/v1/log/proof/consistency?from=${older.size}&to=${newer.size}`,
    };
  return verifyConsistency(older.size, newer.size, older.rootHash, newer.rootHash, path)
    ? {
        ok: true,
        proven: true,
        message: `the log of size ${newer.size} extends the one of size ${older.size}: nothing the older held was changed or removed`,
      }
    : {
        ok: false,
        message: `the log is not consistent: the tree of size ${newer.size} does not extend the one of size ${older.size} (a rewritten or removed leaf, or a split view)`,
      };
}
