import { bytesOfBase64 } from '../shared/bytes';
import { ruCount, type LocalizedText } from '../shared/localized-text';
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

/** A failed check says why in both languages (`text`); `message` is its English. */
export type LogCheck =
  ({ ok: true } & LogProven) | { ok: false; message: string; text: LocalizedText };

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
  what: LocalizedText,
): SignedCheckpoint | LocalizedText {
  if (typeof text !== 'string')
    return {
      en: `${what.en} is not a checkpoint note`,
      ru: `${what.ru} — не заметка контрольной точки`,
    };
  let checkpoint: SignedCheckpoint;
  try {
    checkpoint = parseCheckpoint(text);
  } catch (error) {
    if (error instanceof CheckpointFormatError)
      return {
        en: `${what.en}: ${error.message}`,
        ru: `${what.ru} не читается как контрольная точка в формате C2SP tlog-checkpoint`,
      };
    throw error;
  }
  if (!keys.some((key) => checkpointSignedBy(checkpoint, key)))
    return {
      en: `${what.en} is not signed by the server's key under its origin ${checkpoint.origin}`,
      ru: `${what.ru} не подписана ключом сервера под её происхождением ${checkpoint.origin}`,
    };
  return checkpoint;
}

/** The trailer's `log` member against the export it ends. */
export function checkLogProof(log: unknown, context: LogProofContext): LogCheck {
  const fail = (text: LocalizedText): LogCheck => ({ ok: false, message: text.en, text });
  const proof = log as Record<string, unknown> | null;
  if (typeof proof !== 'object' || proof === null)
    return fail({
      en: 'the trailer’s log member must be {leaf, index, inclusionProof, checkpoint}',
      ru: 'член log в трейлере должен быть {leaf, index, inclusionProof, checkpoint}',
    });
  const problem = leafProblem(proof.leaf);
  if (problem)
    return fail({
      en: problem,
      ru: 'лист журнала в экспорте не по форме {matchId, seq, headHash, time}',
    });
  const leaf = proof.leaf as LogLeaf;
  const index = proof.index;
  if (!Number.isSafeInteger(index) || (index as number) < 0)
    return fail({
      en: 'the log proof’s index must be a whole number ≥ 0',
      ru: 'номер (index) в доказательстве журнала должен быть целым числом ≥ 0',
    });
  const path = hashesOf(proof.inclusionProof);
  if (!path)
    return fail({
      en: 'the inclusion proof must be a list of base64 SHA-256 hashes',
      ru: 'доказательство включения должно быть списком хешей SHA-256 в base64',
    });
  if (leaf.matchId !== context.matchId)
    return fail({
      en: `the log leaf names match ${leaf.matchId}, not this export's ${context.matchId}`,
      ru: `лист журнала называет матч ${leaf.matchId}, а не матч этого экспорта ${context.matchId}`,
    });
  const hash = context.hashAt(leaf.seq);
  if (hash === undefined)
    return fail({
      en: `the log leaf names seq ${leaf.seq}, which is not a logged head of this export`,
      ru: `лист журнала называет seq ${leaf.seq}, а это не вершина этого экспорта, которая заносится в журнал`,
    });
  if (hash !== leaf.headHash)
    return fail({
      en: `the log holds another head at seq ${leaf.seq} than this export: the match was rewritten after it was logged, or the export was`,
      ru: `в журнале на seq ${leaf.seq} другая вершина, чем в этом экспорте: матч переписан после занесения в журнал, или переписан сам экспорт`,
    });
  const checkpoint = signedCheckpointOf(proof.checkpoint, context.keys, {
    en: "the export's checkpoint",
    ru: 'контрольная точка экспорта',
  });
  if (!('size' in checkpoint)) return fail(checkpoint);
  if (
    !verifyInclusion(index as number, checkpoint.size, logLeafHash(leaf), path, checkpoint.rootHash)
  )
    return fail({
      en: `the inclusion proof does not lead from leaf ${index as number} to the root of the checkpoint (size ${checkpoint.size})`,
      ru: `доказательство включения не ведёт от листа ${index as number} к корню контрольной точки (${ruCount(checkpoint.size, 'лист', 'листа', 'листов')})`,
    });
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

export type ConsistencyCheck = ({ ok: true; proven: boolean } | { ok: false }) & {
  message: string;
  text: LocalizedText;
};

function said<T extends object>(
  verdict: T,
  text: LocalizedText,
): T & { message: string; text: LocalizedText } {
  return { ...verdict, message: text.en, text };
}

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
    return said({ ok: false } as const, {
      en: `the saved checkpoint is of log ${saved.origin}, the export's of ${exported.origin}`,
      ru: `сохранённая контрольная точка — журнала ${saved.origin}, а точка экспорта — журнала ${exported.origin}`,
    });
  const same = (a: Uint8Array, b: Uint8Array) =>
    a.length === b.length && a.every((byte, i) => byte === b[i]);
  if (saved.size === exported.size) {
    return same(saved.rootHash, exported.rootHash)
      ? said({ ok: true, proven: true } as const, {
          en: `the saved checkpoint is the export's (size ${saved.size})`,
          ru: `сохранённая контрольная точка совпадает с точкой экспорта (${ruCount(saved.size, 'лист', 'листа', 'листов')})`,
        })
      : said({ ok: false } as const, {
          en: `split view: the saved checkpoint and the export's both have ${saved.size} leaves but different roots`,
          ru: `раздвоенный журнал: в сохранённой контрольной точке и в точке экспорта по ${ruCount(saved.size, 'листу', 'листа', 'листов')}, но корни разные`,
        });
  }
  const [older, newer] = saved.size < exported.size ? [saved, exported] : [exported, saved];
  if (consistency === undefined)
    return said({ ok: true, proven: false } as const, {
      en: `consistency of the saved checkpoint (size ${saved.size}) with the export's (size ${exported.size}) needs a proof: save GET /api/v1/log/proof/consistency?from=${older.size}&to=${newer.size} and pass it with --consistency`,
      ru: `согласованность сохранённой контрольной точки (${ruCount(saved.size, 'лист', 'листа', 'листов')}) с точкой экспорта (${ruCount(exported.size, 'лист', 'листа', 'листов')}) требует доказательства: сохраните GET /api/v1/log/proof/consistency?from=${older.size}&to=${newer.size} и передайте его через --consistency`,
    });
  const answer = consistency as { from?: unknown; to?: unknown; consistencyProof?: unknown } | null;
  const path = hashesOf(answer?.consistencyProof);
  if (!path || answer?.from !== older.size || answer?.to !== newer.size)
    return said({ ok: false } as const, {
      en: `the consistency proof must be the answer of GET /api/v1/log/proof/consistency?from=${older.size}&to=${newer.size}`,
      ru: `доказательство согласованности должно быть ответом GET /api/v1/log/proof/consistency?from=${older.size}&to=${newer.size}`,
    });
  return verifyConsistency(older.size, newer.size, older.rootHash, newer.rootHash, path)
    ? said({ ok: true, proven: true } as const, {
        en: `the log of size ${newer.size} extends the one of size ${older.size}: nothing the older held was changed or removed`,
        ru: `журнал из ${ruCount(newer.size, 'листа', 'листов', 'листов')} продолжает журнал из ${ruCount(older.size, 'листа', 'листов', 'листов')}: ничего из прежнего не изменено и не удалено`,
      })
    : said({ ok: false } as const, {
        en: `the log is not consistent: the tree of size ${newer.size} does not extend the one of size ${older.size} (a rewritten or removed leaf, or a split view)`,
        ru: `журнал не согласован: дерево из ${ruCount(newer.size, 'листа', 'листов', 'листов')} не продолжает дерево из ${ruCount(older.size, 'листа', 'листов', 'листов')} (лист переписан или удалён, либо журнал раздвоен)`,
      });
}
