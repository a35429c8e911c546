/** How many answers (distinct filters and callers' scopes) the cache keeps at most. */
export const STATS_ANSWERS_KEPT = 512;

/**
 * Statistics answers kept until the read model's generation moves (see
 * StatsReadModel.generation): an aggregate changes only when a finished match's record does,
 * so between two such changes every caller with the same scope gets the same figures without
 * summing thousands of records again. Bounded: the oldest answer goes first.
 */
export class StatsAnswerCache<T> {
  private readonly answers = new Map<string, { generation: number; answer: Promise<T> }>();

  constructor(private readonly capacity = STATS_ANSWERS_KEPT) {}

  /**
   * The answer for `key` computed at `generation`, or `compute()` (kept under that generation:
   * a change while it runs only makes the next ask compute again). A failed computation is
   * not kept.
   */
  get(key: string, generation: number, compute: () => Promise<T>): Promise<T> {
    const kept = this.answers.get(key);
    if (kept && kept.generation === generation) return kept.answer;
    this.answers.delete(key);
    if (this.answers.size >= this.capacity) {
      const oldest = this.answers.keys().next();
      if (!oldest.done) this.answers.delete(oldest.value);
    }
    const answer = compute();
    this.answers.set(key, { generation, answer });
    answer.catch(() => {
      if (this.answers.get(key)?.answer === answer) this.answers.delete(key);
    });
    return answer;
  }

  get size(): number {
    return this.answers.size;
  }
}
