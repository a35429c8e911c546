import type { RecordedEvent } from '../events/recorded-event';

type Readable = Pick<RecordedEvent, 'type' | 'data' | 'meta'>;

const textOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * Names the seat of each roll while a match's events are read in order. `DiceRolled` names
 * its seat in `data.seat`; rolls recorded before it did are taken from the decision that
 * caused them (the `DecisionMade` with the same `meta.decisionId`, which comes just before
 * its rolls), failing that from the seat that reported the faces, and for a roll outside a
 * decision (`POST /rolls`) from the seat that asked for it.
 */
export function rollSeatReader(): (event: Readable) => string | undefined {
  let decision: { id: string; seat: string } | undefined;
  return (event) => {
    const data = (event.data ?? {}) as Record<string, unknown>;
    if (event.type === 'DecisionMade') {
      const id = event.meta.decisionId ?? textOf(data.decisionId);
      const seat = textOf(data.seat);
      decision = id !== undefined && seat !== undefined ? { id, seat } : undefined;
      return undefined;
    }
    if (event.type !== 'DiceRolled') return undefined;
    return (
      textOf(data.seat) ??
      (decision !== undefined && event.meta.decisionId === decision.id
        ? decision.seat
        : undefined) ??
      textOf(data.reporter) ??
      event.meta.actor?.seat
    );
  };
}
