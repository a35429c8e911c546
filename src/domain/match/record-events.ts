import { secretOf, sealEvent } from '../events/hash-chain';
import type { Actor, NewEvent, RecordedEvent } from '../events/recorded-event';
import { isStrongSalt, saltedCommitment } from '../events/secret-commitment';
import type { MatchState } from './match-state';

export interface RecordingContext {
  actor: Actor;
  /** Server time, from the Clock port. */
  recordedAt: string;
  clientTime?: string;
  decisionId?: string;
  /** One id per event, from the Rng port. */
  eventIds: string[];
  /**
   * One salt (32 hex digits, from the Rng port) per event that carries a secret
   * (`carriesSecret`), in order: each secret is committed to with its own salt.
   */
  secretSalts: string[];
  /** The ruleset of the match (MatchCreated, which sets it, passes it here). */
  ruleset: { id: string; version: string };
}

/** The event has a secret member (`data.secret`), which the chain commits to with a salt. */
export function carriesSecret(event: Pick<NewEvent, 'data'>): boolean {
  return secretOf(event.data) !== undefined;
}

/**
 * Wraps decided events in the envelope: seq after the state's last, visibility, and the
 * hash chain continuing from the state's head hash.
 */
export function recordEvents(
  state: Pick<MatchState, 'matchId' | 'lastSeq' | 'headHash'>,
  events: NewEvent[],
  context: RecordingContext,
): RecordedEvent[] {
  if (context.eventIds.length !== events.length)
    throw new Error('recordEvents: one event id per event');
  const recorded: RecordedEvent[] = [];
  let prevHash = state.headHash;
  let salts = 0;
  events.forEach((event, index) => {
    const secret = secretOf(event.data);
    let commitment: { secretCommitment: string; secretSalt: string } | undefined;
    if (secret !== undefined) {
      const salt = context.secretSalts[salts++];
      if (!isStrongSalt(salt))
        throw new Error('recordEvents: one salt of 32 hex digits per event with a secret');
      commitment = { secretCommitment: saltedCommitment(salt, secret), secretSalt: salt };
    }
    const sealed = sealEvent(
      {
        eventId: context.eventIds[index],
        matchId: state.matchId,
        seq: state.lastSeq + 1 + index,
        type: event.type,
        data: event.data,
        meta: {
          actor: context.actor,
          recordedAt: context.recordedAt,
          ...(context.clientTime ? { clientTime: context.clientTime } : {}),
          ...(context.decisionId ? { decisionId: context.decisionId } : {}),
          ruleset: context.ruleset,
          visibility: event.visibility ?? 'public',
          ...commitment,
        },
      },
      prevHash,
    );
    recorded.push(sealed);
    prevHash = sealed.meta.hash;
  });
  return recorded;
}
