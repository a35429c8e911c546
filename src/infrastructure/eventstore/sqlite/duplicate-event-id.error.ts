/**
 * An append reused an event id that is already stored elsewhere (another stream, or other
 * revisions of this one). SQLite keeps event ids unique across the whole log; a true retry of
 * the same append is not this error, it succeeds as a no-op.
 */
export class DuplicateEventIdError extends Error {
  constructor(
    readonly stream: string,
    cause: unknown,
  ) {
    super(`An event id of this append to ${stream} is already stored elsewhere`, { cause });
    this.name = 'DuplicateEventIdError';
  }
}
