/** The event envelope (DESIGN section 2). Every event of every match has this shape. */

export type ActorKind = 'seat' | 'judge' | 'organizer' | 'admin' | 'system';

export interface Actor {
  kind: ActorKind;
  /** Token subject: the seat id, judge id, organizer id, or 'system'. */
  id: string;
  /** For seat actors, and for judges recording on a seat's behalf. */
  seat?: string;
}

/** Who may read an event's secret part: everyone, one seat, or judges only. */
export type Visibility = 'public' | `seat:${string}` | 'judges';

export interface EventMeta {
  actor: Actor;
  /** Server time, ISO 8601, from the Clock port. */
  recordedAt: string;
  clientTime?: string;
  /** The decision (or command) this event belongs to. */
  decisionId?: string;
  ruleset: { id: string; version: string };
  visibility: Visibility;
  /**
   * For an event with a secret member (`data.secret`): hex(sha256(secretSalt +
   * canonicalJson(data.secret))). Its presence says how the event is hashed: the chain
   * covers this commitment instead of the secret (see hash-chain.ts). Absent on events
   * without a secret, and on events recorded before commitments existed (they hash their
   * secret bare).
   */
  secretCommitment?: string;
  /**
   * The commitment's salt: 32 hex digits (128 bits) from the Rng port. Never hashed; shown
   * and removed together with `data.secret`.
   */
  secretSalt?: string;
  /** Hash of the event at seq-1 ('' for seq 0). */
  prevHash: string;
  /**
   * sha256(prevHash + canonicalJson(event without meta.hash, and without data.secret and
   * meta.secretSalt when it has a secretCommitment)), lowercase hex.
   */
  hash: string;
}

export interface RecordedEvent<T = unknown> {
  eventId: string;
  matchId: string;
  seq: number;
  type: string;
  data: T;
  meta: EventMeta;
}

/** An event as a decider produces it: the envelope fields are added when it is recorded. */
export interface NewEvent<T = unknown> {
  type: string;
  data: T;
  /** Defaults to 'public'. Restricts who sees the event's `secret` data member. */
  visibility?: Visibility;
}
