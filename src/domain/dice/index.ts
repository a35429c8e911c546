export {
  DiceInputError,
  DiceStream,
  MAX_STREAM_SIDES,
  SEED_BYTES,
  drawFace,
  faceOf,
  streamMessagePrefix,
} from './dice-stream';
export type { StreamInput } from './dice-stream';
export {
  commitmentOf,
  entropyString,
  rollDice,
  seedFromHex,
  shuffleOrder,
  shufflePurpose,
  verifyCommitment,
} from './dice';
export type { RollInput, ShuffleInput } from './dice';
export { DICE_SPEC_LIMITS, parseDiceSpec } from './dice-spec';
export type { DiceSpecError, DiceSpecErrorCode, DiceSpecResult } from './dice-spec';
export { DiceCounter, purposeOf } from './dice-counter';
export type { CountedDraw } from './dice-counter';
export { verifyRolls } from './verify';
export type {
  DeckItem,
  RecordedDraw,
  RecordedRoll,
  RecordedShuffle,
  VerifyFailure,
  VerifyOptions,
  VerifyResult,
} from './verify';
