import { utf8Bytes } from '../shared/bytes';
import { leafHash } from './merkle';

/**
 * A leaf of the transparency log: a match's head at its end (the revealed seed closes every
 * finish and abandon) and at each ruling after it. Its bytes are text, one field a line, so
 * anyone can rebuild them from an export: `matchlog-leaf/1`, the match id, the seq of the head
 * event, its hash (64 hex digits), the event's recorded time (ISO 8601), each followed by LF.
 */
export const LEAF_FORMAT = 'matchlog-leaf/1';

/** The event store stream that holds the leaves, one event a leaf, its revision the leaf's index. */
export const TRANSPARENCY_LOG_STREAM = 'transparency-log';
export const LEAF_EVENT = 'LeafAppended';
/** On EventStoreDB, the streams of the tree's full tiles and of its last checkpoints. */
export const TRANSPARENCY_TILES_STREAM = 'transparency-log-tiles';
export const TRANSPARENCY_CHECKPOINTS_STREAM = 'transparency-log-checkpoints';

export interface LogLeaf {
  matchId: string;
  seq: number;
  headHash: string;
  /** meta.recordedAt of the head event. */
  time: string;
}

const HEAD_HASH = /^[0-9a-f]{64}$/;
/** No line breaks, no spaces at the ends: one field, one line. */
const ONE_LINE = /^[^\s](?:[^\n\r]*[^\s])?$/;

/** Why `leaf` has no bytes (a field that would not read back the same), or undefined. */
export function leafProblem(leaf: unknown): string | undefined {
  const l = leaf as Partial<LogLeaf> | null;
  if (typeof l !== 'object' || l === null) return 'a leaf is {matchId, seq, headHash, time}';
  if (typeof l.matchId !== 'string' || !ONE_LINE.test(l.matchId))
    return 'the leaf’s matchId must be one line of text';
  if (!Number.isSafeInteger(l.seq) || (l.seq as number) < 0)
    return 'the leaf’s seq must be a whole number ≥ 0';
  if (typeof l.headHash !== 'string' || !HEAD_HASH.test(l.headHash))
    return 'the leaf’s headHash must be 64 lowercase hex digits';
  if (typeof l.time !== 'string' || !ONE_LINE.test(l.time))
    return 'the leaf’s time must be one line of text';
  return undefined;
}

export function leafBytes(leaf: LogLeaf): Uint8Array {
  const problem = leafProblem(leaf);
  if (problem) throw new TypeError(problem);
  return utf8Bytes(
    `${LEAF_FORMAT}\n${leaf.matchId}\n${leaf.seq}\n${leaf.headHash}\n${leaf.time}\n`,
  );
}

/** The leaf's hash in the tree: RFC 9162's 0x00-prefixed SHA-256 of its bytes. */
export function logLeafHash(leaf: LogLeaf): Uint8Array {
  return leafHash(leafBytes(leaf));
}
