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
  /**
   * The log's head and the read models' checkpoint, as `<head>.<checkpoint>`: an answer built
   * from both (the bulk export) is the same while this is, for the same request and caller.
   */
  stamp(): Promise<string>;
}
/** How long a read waits for the read models to take in what was recorded before it. */
export const CATCH_UP_WAIT_MS = 1_000;

export const READ_MODEL_PROGRESS = Symbol('ReadModelProgress');
