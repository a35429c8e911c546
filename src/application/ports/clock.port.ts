export interface Clock {
  /** Current server time, ISO 8601 UTC. */
  nowIso(): string;
}
export const CLOCK = Symbol('Clock');
