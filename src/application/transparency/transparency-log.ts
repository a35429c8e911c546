import { createHash } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { MATCH_STREAM_PREFIX } from '../../domain/match/match-events';
import { bytesOfBase64, utf8Bytes } from '../../domain/shared/bytes';
import { ruCount } from '../../domain/shared/localized-text';
import {
  CheckpointFormatError,
  HASH_BYTES,
  MerkleTree,
  checkpointBody,
  LEAF_EVENT,
  TRANSPARENCY_LOG_STREAM,
  TILE_WIDTH,
  entryBundle,
  fullTile,
  fullTilesAt,
  leafBytes,
  leafHash,
  leafProblem,
  parseCheckpoint,
  tileWidthAt,
  tilesCompletedBy,
  type HashTile,
  type TileCoordinates,
  noteKeyHash,
  rawEd25519Key,
  signedNote,
  type LogLeaf,
} from '../../domain/transparency';
import { BadRequestError, NotFoundError } from '../errors';
import { CLOCK, type Clock } from '../ports/clock.port';
import {
  EVENT_STORE,
  StreamNotFoundError,
  WrongExpectedRevisionError,
  type EventStore,
  type StoredEvent,
} from '../ports/event-store.port';
import { LOG_TILE_STORE, type LogTileStore } from '../ports/log-tile-store.port';
import { SIGNING_KEY, type Signer } from '../ports/signer.port';

export { LEAF_EVENT, TRANSPARENCY_LOG_STREAM };

/**
 * The events that make a leaf: the revealed seed closes every finish and abandon (it is the
 * last event of the end's append); a ruling after the end is logged again. A ruling before
 * the end is covered by the end's leaf.
 */
const END_EVENT = 'RngRevealed';
const RULING_EVENT = 'RulingIssued';

/** A checkpoint is signed at most this often while leaves arrive. */
export const CHECKPOINT_INTERVAL_MS = 1000;
const RETRY_MS = 1000;

/** The leaf as stored: the source event's global position lets a restart resume after it. */
interface StoredLeaf extends LogLeaf {
  position: string;
}

export interface SignedCheckpointNote {
  size: number;
  /** The C2SP signed note. */
  note: string;
  time: string;
}

export interface InclusionAnswer {
  leaf: LogLeaf;
  index: number;
  treeSize: number;
  /** base64 of each hash, from the leaf up. */
  inclusionProof: string[];
  /** The signed checkpoint of `treeSize`, when the proof is against one. */
  checkpoint?: string;
}

export interface ConsistencyAnswer {
  from: number;
  to: number;
  /** base64 of each hash, RFC 9162 §2.1.4 order. */
  consistencyProof: string[];
}

/** A page of leaves, for monitors that mirror the log. */
export interface LeavesAnswer {
  from: number;
  leaves: (LogLeaf & { index: number })[];
}

export const MAX_LEAVES_PAGE = 1000;

/**
 * What the log keeps of its tree disagrees with its leaves or with the checkpoint it signed:
 * the store was changed under it (or half restored). The service does not start on it.
 */
export class LogIntegrityError extends Error {
  override readonly name = 'LogIntegrityError';
}

/** A hash as base64, straight from its bytes (a view into the tree's packed level). */
function base64OfHash(hash: Uint8Array): string {
  return Buffer.from(hash.buffer, hash.byteOffset, hash.byteLength).toString('base64');
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

const RESTORE_ADVICE =
  'stop here and restore the last good backup (npm run restore -- BACKUP_FILE; on EventStoreDB, its own backup)';

/** A UUID made from the leaf's match and seq: the same leaf appended twice (two replicas) is one event. */
function leafEventId(matchId: string, seq: number): string {
  const h = createHash('sha256')
    .update(`${TRANSPARENCY_LOG_STREAM} ${matchId} ${seq}`)
    .digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * The transparency log (DESIGN section 12): an RFC 9162 Merkle tree of match heads kept in the
 * event store (stream `transparency-log`, so it is in every backup and every replica reads the
 * same), its tree held in memory with every complete subtree's hash (read at start from the
 * full tiles kept beside the leaves, LogTileStore, and checked against the last checkpoint),
 * checkpoints signed with the service's Ed25519 key in the C2SP tlog-checkpoint format.
 *
 * Leaves are appended by following the global log from the last leaf's source position, so a
 * restart resumes and replicas, each following the same log, append the same leaves (a leaf's
 * event id is derived from its match and seq: the second append is a no-op or is seen first).
 */
@Injectable()
export class TransparencyLog implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(TransparencyLog.name);
  private tree = new MerkleTree();
  /** The stored tree read and checked (`open`): settles once, or again after a failure to read. */
  private opened: Promise<void> | undefined;
  private readonly leaves: LogLeaf[] = [];
  /**
   * The bytes of the stored leaves that are not leaves (a tampered store), as hashed (their
   * JSON, so the tree stays aligned with the stream): every other leaf's bytes (an entry of the
   * tile bundles) are made again from `leaves` when asked, so the heap holds no second copy.
   */
  private readonly oddEntries = new Map<number, Uint8Array>();
  private readonly byMatch = new Map<string, number[]>();
  /** The global position of the last event the follower has handled (or a leaf's source). */
  private position: bigint | undefined;
  private latest: SignedCheckpointNote | undefined;
  private signing: Promise<SignedCheckpointNote> | undefined;
  private signTimer: NodeJS.Timeout | undefined;
  private lastSignedAt = 0;
  private serial: Promise<unknown> = Promise.resolve();
  private abort?: AbortController;
  private loop?: Promise<void>;
  private waiters: { position: bigint; resolve: () => void }[] = [];
  private signedWaiters: ((signed: SignedCheckpointNote) => void)[] = [];

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SIGNING_KEY) private readonly signer: Signer,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOG_TILE_STORE) private readonly tileStore: LogTileStore,
  ) {}

  /**
   * Reads the stored tree before the service listens, so that one disagreeing with the leaves
   * or with the last checkpoint stops the start (LogIntegrityError); a store not reachable yet
   * is retried by the follower.
   */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.open();
    } catch (error) {
      if (error instanceof LogIntegrityError) throw error;
      this.logger.error(`reading the transparency log failed: ${(error as Error).message}`);
    }
    this.start();
  }

  /**
   * Reads the log as stored: its last checkpoint, its full tiles and its leaves, the tree
   * rebuilt from the tiles by hashing only what they do not hold (the leaves after the last full
   * tile, and every tile a store from before they were kept lacks, which is then stored).
   * Rejects with LogIntegrityError when the stored tiles do not fit the leaves or the tree's
   * root at the checkpoint's size is not the checkpoint's.
   */
  open(): Promise<void> {
    if (!this.opened) {
      const opening = this.serialized(() => this.load());
      this.opened = opening;
      opening.catch((error: unknown) => {
        if (!(error instanceof LogIntegrityError) && this.opened === opening)
          this.opened = undefined;
      });
    }
    return this.opened;
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  start(): void {
    if (this.loop) return;
    const abort = new AbortController();
    this.abort = abort;
    this.loop = this.run(abort.signal);
  }

  async stop(): Promise<void> {
    this.abort?.abort();
    await this.loop;
    this.loop = undefined;
    if (this.signTimer) clearTimeout(this.signTimer);
    this.signTimer = undefined;
    await this.signing?.catch(() => undefined);
  }

  /** The log's origin and the name of its key: stable across key changes (the first key's id). */
  get origin(): string {
    const keys = this.signer.publicKeys();
    return `matchlog/${keys[keys.length - 1].keyId}`;
  }

  get size(): number {
    return this.tree.size;
  }

  /** The latest signed checkpoint (signing one now when none covers a leaf the log holds yet). */
  async checkpoint(): Promise<SignedCheckpointNote> {
    await this.syncLeaves();
    return this.checkpointOfTree();
  }

  /** `checkpoint` over the leaves read already (a caller that has just read them). */
  private checkpointOfTree(): Promise<SignedCheckpointNote> {
    if (this.latest && (this.latest.size === this.tree.size || this.signTimer))
      return Promise.resolve(this.latest);
    return this.signNow();
  }

  /**
   * A checkpoint of at least `size` leaves: the latest, or the next one signed (the one due
   * within CHECKPOINT_INTERVAL_MS when one is due, so exports do not sign more often).
   */
  async checkpointCovering(size: number): Promise<SignedCheckpointNote> {
    let latest = await this.checkpoint();
    while (latest.size < size && this.signTimer) {
      latest = await new Promise<SignedCheckpointNote>((resolve) =>
        this.signedWaiters.push(resolve),
      );
    }
    return latest.size >= size ? latest : this.signNow();
  }

  /** Inclusion proof of the match's latest leaf in the tree of `size` leaves (default: the latest checkpoint's). */
  async inclusion(matchId: string, size?: number): Promise<InclusionAnswer> {
    await this.syncLeaves();
    const checkpoint = size === undefined ? await this.checkpointOfTree() : undefined;
    const treeSize = size ?? (checkpoint as SignedCheckpointNote).size;
    this.checkTreeSize(treeSize, 'size');
    const indices = this.byMatch.get(matchId) ?? [];
    const index = [...indices].reverse().find((i) => i < treeSize);
    if (index === undefined) {
      if (indices.length > 0)
        throw new BadRequestError(
          {
            en: `Match ${matchId} entered the log at leaf ${indices[0]}: ask for a size above ${indices[0]} (the tree has ${this.tree.size} leaves).`,
            ru: `Матч ${matchId} вошёл в журнал листом ${indices[0]}: запросите размер больше ${indices[0]} (в дереве ${ruCount(this.tree.size, 'лист', 'листа', 'листьев')}).`,
          },
          'log-size-before-leaf',
        );
      throw new NotFoundError({
        en: `Match ${matchId} is not in the transparency log: a match enters it when it ends (finished or abandoned), and the log takes a moment after that.`,
        ru: `Матча ${matchId} нет в журнале прозрачности: матч попадает в него, когда заканчивается (завершён или прерван), и журнал записывает его через мгновение.`,
      });
    }
    const latestCheckpoint = this.latest?.size === treeSize ? this.latest : checkpoint;
    return {
      leaf: this.leaves[index],
      index,
      treeSize,
      inclusionProof: this.tree.inclusionProof(index, treeSize).map(base64OfHash),
      ...(latestCheckpoint?.size === treeSize ? { checkpoint: latestCheckpoint.note } : {}),
    };
  }

  async consistency(from: number, to: number): Promise<ConsistencyAnswer> {
    await this.syncLeaves();
    this.checkTreeSize(to, 'to');
    if (from > to)
      throw new BadRequestError(
        {
          en: `from (${from}) is above to (${to}): a consistency proof goes from an older, smaller tree to a newer one, 0 ≤ from ≤ to ≤ ${this.tree.size}.`,
          ru: `from (${from}) больше to (${to}): доказательство согласованности ведёт от меньшего, старого дерева к новому, 0 ≤ from ≤ to ≤ ${this.tree.size}.`,
        },
        'log-from-above-to',
      );
    return {
      from,
      to,
      consistencyProof: this.tree.consistencyProof(from, to).map(base64OfHash),
    };
  }

  /** The leaves from index `from`, at most `limit` of them. */
  async leavesFrom(from: number, limit = MAX_LEAVES_PAGE): Promise<LeavesAnswer> {
    await this.syncLeaves();
    this.checkTreeSize(from, 'from');
    const end = Math.min(this.tree.size, from + Math.min(limit, MAX_LEAVES_PAGE));
    const leaves = [];
    for (let index = from; index < end; index += 1) leaves.push({ ...this.leaves[index], index });
    return { from, leaves };
  }

  /**
   * A C2SP tlog-tiles tile: `width` hashes of level 8·L, or the entry bundle of `width` leaves.
   * Served from the tree as it is now: a tile the tree does not fill that far yet is not found.
   */
  async tile(tile: TileCoordinates): Promise<Uint8Array> {
    await this.syncLeaves();
    const level = tile.level === 'entries' ? 0 : tile.level;
    const available = tileWidthAt(level, tile.index, this.tree.size);
    if (available < tile.width) {
      const name = tile.level === 'entries' ? 'entry bundle' : `tile of level ${tile.level}`;
      const nameRu = tile.level === 'entries' ? 'Пакет записей' : `Тайл уровня ${tile.level}`;
      throw new NotFoundError({
        en: `The ${name} ${tile.index} ${available === 0 ? 'does not exist yet' : `holds ${available} of ${TILE_WIDTH} hashes`} (the tree has ${this.tree.size} leaves): ask for the width your checkpoint's size gives it.`,
        ru: `${nameRu} ${tile.index} ${available === 0 ? 'ещё не существует' : `содержит ${available} из ${TILE_WIDTH} хешей`} (в дереве ${ruCount(this.tree.size, 'лист', 'листа', 'листьев')}): запросите ширину, которую даёт размер вашей контрольной точки.`,
      });
    }
    const first = tile.index * TILE_WIDTH;
    if (tile.level === 'entries') {
      const entries: Uint8Array[] = [];
      for (let index = first; index < first + tile.width; index += 1)
        entries.push(this.entryBytes(index));
      return entryBundle(entries);
    }
    return this.tree.packedHashesAt(8 * tile.level, first, tile.width);
  }

  /** The latest leaf of a match with its index, if it is in the log. */
  async latestLeafOf(matchId: string): Promise<{ leaf: LogLeaf; index: number } | undefined> {
    await this.syncLeaves();
    const indices = this.byMatch.get(matchId);
    if (!indices || indices.length === 0) return undefined;
    const index = indices[indices.length - 1];
    return { leaf: this.leaves[index], index };
  }

  /**
   * Waits (at most `timeoutMs`) until the follower has handled every event that makes a leaf
   * stored now: an export of a match that just ended then carries its leaf.
   */
  async settled(timeoutMs: number): Promise<void> {
    const last = await this.store.lastPosition({
      streamPrefix: MATCH_STREAM_PREFIX,
      types: [END_EVENT, RULING_EVENT],
    });
    if (last === undefined || (this.position !== undefined && this.position >= last)) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.waiters.push({
        position: last,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  private checkTreeSize(size: number, name: string): void {
    if (size > this.tree.size)
      throw new BadRequestError(
        {
          en: `${name} ${size} is beyond the tree: it has ${this.tree.size} leaves (0 ≤ ${name} ≤ ${this.tree.size}).`,
          ru: `${name} ${size} за пределами дерева: в нём ${ruCount(this.tree.size, 'лист', 'листа', 'листьев')} (0 ≤ ${name} ≤ ${this.tree.size}).`,
        },
        'log-size-beyond-tree',
      );
  }

  /** Reads the leaves other writers (another replica, or this one before a restart) appended. */
  private async syncLeaves(): Promise<void> {
    await this.open();
    return this.serialized(async () => {
      try {
        for await (const stored of this.store.read(TRANSPARENCY_LOG_STREAM, {
          from: BigInt(this.tree.size),
        })) {
          this.take(stored);
        }
      } catch (error) {
        if (!(error instanceof StreamNotFoundError)) throw error;
      }
    });
  }

  private async load(): Promise<void> {
    // In this order, so that every tile and checkpoint read is of leaves read after it.
    const note = await this.tileStore.lastCheckpoint();
    const stored = await this.tileStore.tiles();
    this.leaves.length = 0;
    this.oddEntries.clear();
    this.byMatch.clear();
    this.position = undefined;
    try {
      for await (const event of this.store.read(TRANSPARENCY_LOG_STREAM)) this.record(event);
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    const size = this.leaves.length;
    const kept = this.storedTiles(stored, size);
    const prefixes: Uint8Array[] = [];
    const unused: HashTile[] = [];
    for (const [height, row] of kept) {
      let count = 0;
      while (row.has(count)) count += 1;
      prefixes[height] = Buffer.concat([...Array(count).keys()].map((i) => row.get(i)!));
      for (const [index, hashes] of row) if (index >= count) unused.push({ height, index, hashes });
    }
    this.tree = MerkleTree.restored(size, prefixes, (index) => leafHash(this.entryBytes(index)));
    // A tile stored after a gap (one lost on EventStoreDB) was not used: it must be what the tree holds.
    for (const tile of unused)
      if (!sameBytes(fullTile(this.tree, tile.height, tile.index).hashes, tile.hashes))
        throw new LogIntegrityError(
          `the transparency log's stored tile ${tile.index} of height ${tile.height} is not the tree its ${size} leaves make: ${RESTORE_ADVICE}`,
        );
    if (note !== undefined) this.checkAgainst(note, size);
    const missing: HashTile[] = [];
    for (let height = 0; height <= this.tree.height; height += 1)
      for (let index = 0; index < fullTilesAt(this.tree, height); index += 1)
        if (!kept.get(height)?.has(index)) missing.push(fullTile(this.tree, height, index));
    if (missing.length > 0) {
      await this.tileStore.saveTiles(missing);
      this.logger.log(
        `stored ${missing.length} full tiles of the transparency log's ${size} leaves (a start reads them instead of hashing the leaves)`,
      );
    }
  }

  /** The stored tiles by height and index, each checked to be a full tile of a tree of `size`. */
  private storedTiles(stored: HashTile[], size: number): Map<number, Map<number, Uint8Array>> {
    const kept = new Map<number, Map<number, Uint8Array>>();
    for (const { height, index, hashes } of stored) {
      const name = `the transparency log's stored tile ${index} of height ${height}`;
      if (hashes.length !== TILE_WIDTH * HASH_BYTES)
        throw new LogIntegrityError(
          `${name} holds ${hashes.length} bytes, not ${TILE_WIDTH} hashes: ${RESTORE_ADVICE}`,
        );
      if ((index + 1) * TILE_WIDTH > Math.floor(size / 2 ** height))
        throw new LogIntegrityError(
          `${name} covers leaves up to ${(index + 1) * TILE_WIDTH * 2 ** height}, but the log holds ${size}: leaves were lost; ${RESTORE_ADVICE}`,
        );
      const row = kept.get(height) ?? new Map<number, Uint8Array>();
      kept.set(height, row);
      const before = row.get(index);
      if (before && !sameBytes(before, hashes))
        throw new LogIntegrityError(
          `${name} is stored twice, with other hashes: ${RESTORE_ADVICE}`,
        );
      row.set(index, hashes);
    }
    return kept;
  }

  /** The tree's root at the size of the last checkpoint signed must be that checkpoint's. */
  private checkAgainst(note: string, size: number): void {
    let checkpoint;
    try {
      checkpoint = parseCheckpoint(note);
    } catch (error) {
      if (!(error instanceof CheckpointFormatError)) throw error;
      throw new LogIntegrityError(
        `the transparency log's last checkpoint is stored unreadable (${error.message}): ${RESTORE_ADVICE}`,
      );
    }
    if (checkpoint.size > size)
      throw new LogIntegrityError(
        `the transparency log signed a checkpoint of ${checkpoint.size} leaves, but holds ${size}: leaves were lost; ${RESTORE_ADVICE}`,
      );
    const root = this.tree.root(checkpoint.size);
    if (!sameBytes(root, checkpoint.rootHash))
      throw new LogIntegrityError(
        `the transparency log's stored tiles and leaves give the root ${base64OfHash(root)} to its first ${checkpoint.size} leaves, but the checkpoint it signed of them says ${base64OfHash(checkpoint.rootHash)}: the store was changed after it was signed; ${RESTORE_ADVICE}`,
      );
  }

  private take(stored: StoredEvent): void {
    this.tree.append(leafHash(this.entryBytes(this.record(stored))));
  }

  /** Whether the match's head at `seq` has a leaf (from its few leaves: no set of keys to keep). */
  private isLogged(matchId: string, seq: number): boolean {
    return this.byMatch.get(matchId)?.some((index) => this.leaves[index].seq === seq) ?? false;
  }

  /** The bytes of leaf `index` as it is hashed in the tree (an entry of the tile bundles). */
  private entryBytes(index: number): Uint8Array {
    return this.oddEntries.get(index) ?? leafBytes(this.leaves[index]);
  }

  /** Takes a stored leaf into the indexes (not the tree); returns its index. */
  private record(stored: StoredEvent): number {
    const data = stored.data as StoredLeaf;
    const index = this.leaves.length;
    if (leafProblem(data) !== undefined)
      this.oddEntries.set(index, utf8Bytes(JSON.stringify(data)));
    const leaf: LogLeaf = {
      matchId: data.matchId,
      seq: data.seq,
      headHash: data.headHash,
      time: data.time,
    };
    this.leaves.push(leaf);
    const indices = this.byMatch.get(leaf.matchId) ?? [];
    indices.push(index);
    this.byMatch.set(leaf.matchId, indices);
    if (typeof data.position === 'string' && /^[0-9]+$/.test(data.position)) {
      const position = BigInt(data.position);
      if (this.position === undefined || position > this.position) this.position = position;
    }
    return index;
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const next = this.serial.then(work, work);
    this.serial = next.catch(() => undefined);
    return next;
  }

  private async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.syncLeaves();
        for await (const event of this.store.subscribeAll({
          fromPosition: this.position,
          filter: { streamPrefix: MATCH_STREAM_PREFIX, types: [END_EVENT, RULING_EVENT] },
          signal,
        })) {
          await this.serialized(() => this.handle(event));
        }
        return;
      } catch (error) {
        if (signal.aborted) return;
        this.logger.error(
          `the transparency log stopped following at position ${this.position ?? 'start'}: ${(error as Error).message}; retrying in ${RETRY_MS} ms`,
        );
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }

  private async handle(event: StoredEvent): Promise<void> {
    const matchId = event.stream.slice(MATCH_STREAM_PREFIX.length);
    const meta = event.meta as { hash?: unknown; recordedAt?: unknown };
    const seq = Number(event.revision);
    const due =
      event.type === END_EVENT || (event.type === RULING_EVENT && this.byMatch.has(matchId));
    if (due && !this.isLogged(matchId, seq)) {
      const leaf: StoredLeaf = {
        matchId,
        seq,
        headHash: String(meta.hash),
        time: String(meta.recordedAt),
        position: event.position.toString(),
      };
      if (leafProblem(leaf) === undefined) await this.appendLeaf(leaf);
      else this.logger.error(`match ${matchId} seq ${seq}: ${leafProblem(leaf)}; not logged`);
    }
    if (this.position === undefined || event.position > this.position)
      this.position = event.position;
    this.wake();
  }

  private async appendLeaf(leaf: StoredLeaf): Promise<void> {
    const hash = leafHash(leafBytes(leaf));
    for (;;) {
      const expected = this.tree.size === 0 ? 'no_stream' : BigInt(this.tree.size - 1);
      try {
        // With the tiles this leaf completes, so a start never hashes the leaves again.
        await this.tileStore.appendLeaf(
          TRANSPARENCY_LOG_STREAM,
          [
            {
              eventId: leafEventId(leaf.matchId, leaf.seq),
              type: LEAF_EVENT,
              data: leaf,
              meta: {},
            },
          ],
          expected,
          tilesCompletedBy(this.tree, hash),
        );
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
      }
      // Another replica may have appended first: read what is there, then it is in or it is not.
      for await (const stored of this.store.read(TRANSPARENCY_LOG_STREAM, {
        from: BigInt(this.tree.size),
      })) {
        this.take(stored);
      }
      if (this.isLogged(leaf.matchId, leaf.seq)) break;
    }
    this.scheduleSigning();
  }

  private wake(): void {
    const position = this.position;
    if (position === undefined) return;
    const due = this.waiters.filter((w) => w.position <= position);
    this.waiters = this.waiters.filter((w) => w.position > position);
    for (const waiter of due) waiter.resolve();
  }

  private scheduleSigning(): void {
    if (this.signTimer) return;
    const wait = Math.max(0, this.lastSignedAt + CHECKPOINT_INTERVAL_MS - Date.now());
    this.signTimer = setTimeout(() => {
      this.signTimer = undefined;
      this.signNow().catch((error: unknown) =>
        this.logger.error(`signing a checkpoint failed: ${(error as Error).message}`),
      );
    }, wait);
    this.signTimer.unref();
  }

  /** Signs the tree as it is now (one signing at a time; a caller during one gets its result if it covers enough). */
  private async signNow(): Promise<SignedCheckpointNote> {
    if (this.signing) {
      const pending = await this.signing;
      if (pending.size === this.tree.size) return pending;
    }
    const signing = this.sign();
    this.signing = signing;
    try {
      return await signing;
    } finally {
      if (this.signing === signing) this.signing = undefined;
    }
  }

  private async sign(): Promise<SignedCheckpointNote> {
    const size = this.tree.size;
    const time = this.clock.nowIso();
    const origin = this.origin;
    const body = checkpointBody({ origin, size, rootHash: this.tree.root(size), time });
    const signature = await this.signer.sign(utf8Bytes(body));
    const note = signedNote(body, {
      keyName: origin,
      keyHash: noteKeyHash(origin, rawEd25519Key(bytesOfBase64(signature.publicKey))),
      signature: bytesOfBase64(signature.value),
    });
    this.lastSignedAt = Date.now();
    // Kept with the tiles: the next start checks them against it.
    await this.tileStore
      .saveCheckpoint(size, note)
      .catch((error: unknown) =>
        this.logger.error(
          `keeping the checkpoint of ${size} leaves failed: ${(error as Error).message}`,
        ),
      );
    const signed = { size, note, time };
    if (!this.latest || this.latest.size <= size) this.latest = signed;
    const waiters = this.signedWaiters;
    this.signedWaiters = [];
    for (const resolve of waiters) resolve(signed);
    return signed;
  }
}
