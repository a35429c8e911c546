export {
  EMPTY_ROOT,
  HASH_BYTES,
  MerkleTree,
  leafHash,
  nodeHash,
  rootFromInclusionProof,
  verifyConsistency,
  verifyInclusion,
} from './merkle';
export {
  LEAF_EVENT,
  LEAF_FORMAT,
  TRANSPARENCY_CHECKPOINTS_STREAM,
  TRANSPARENCY_LOG_STREAM,
  TRANSPARENCY_TILES_STREAM,
  leafBytes,
  leafProblem,
  logLeafHash,
} from './log-leaf';
export type { LogLeaf } from './log-leaf';
export {
  CheckpointFormatError,
  checkpointBody,
  checkpointSignedBy,
  noteKeyHash,
  noteSignedBy,
  noteVerifierKey,
  parseCheckpoint,
  parseNote,
  rawEd25519Key,
  signedNote,
  spkiOfRawEd25519Key,
} from './checkpoint';
export type { Checkpoint, NoteSignature, SignedCheckpoint, SignedNote } from './checkpoint';
export {
  MAX_TILE_LEVEL,
  TILE_HEIGHT,
  TILE_WIDTH,
  entryBundle,
  entryBundleWidthAt,
  fullTile,
  fullTilesAt,
  parseEntryBundle,
  parseTilePath,
  rootFromTiles,
  tileHashes,
  tileIndexPath,
  tilePath,
  tileWidthAt,
  tilesCompletedBy,
} from './tiles';
export type { HashTile, ReadTile, TileCoordinates } from './tiles';
