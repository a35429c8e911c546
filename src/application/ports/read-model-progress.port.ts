/**
 * How far the read models (match index, statistics records) are behind the log: a read that
 * must reflect a write already acknowledged (read-your-writes) waits on it, briefly.
 */
export interface ReadModelProgress {
  /**
   * Resolves true once the read models, statistics records included, hold every match event
   * the log held when it was called; false when that takes longer than `withinMs`.
   */
  catchUp(withinMs: number): Promise<boolean>;
}
export const READ_MODEL_PROGRESS = Symbol('ReadModelProgress');
