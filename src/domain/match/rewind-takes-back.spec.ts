import type { RecordedEvent } from '../events/recorded-event';
import { checkRewindTakesBack } from './dispute-decider';

const event = (seq: number, decisionId?: string): RecordedEvent => ({
  eventId: `e${seq}`,
  matchId: 'm',
  seq,
  type: 'PiecesMoved',
  data: {},
  meta: {
    actor: { kind: 'seat', id: 'red', seat: 'red' },
    recordedAt: '2026-12-06T10:00:00.000Z',
    ...(decisionId ? { decisionId } : {}),
    ruleset: { id: 'freeform', version: '1' },
    visibility: 'public',
    prevHash: '',
    hash: '',
  },
});

// 4 another decision · 5–6 the disputed decision (d), 6 disputed · 7 after.
const log = [event(4, 'c'), event(5, 'd'), event(6, 'd'), event(7, 'e')];
const since = (toSeq: number) => log.filter((e) => e.seq > toSeq);
const at = (seq: number) => log.find((e) => e.seq === seq);
const check = (atSeq: number, toSeq: number, effective = since(toSeq)) =>
  checkRewindTakesBack({ atSeq }, toSeq, effective, at(toSeq)) as
    { code: string; localized?: { en: string; ru: string } } | undefined;

describe('a ruling’s rewind takes back the disputed decision', () => {
  it('accepts a target before the decision', () => {
    expect(check(6, 4)).toBeUndefined();
  });

  it('refuses a target inside the decision: its effect would go, the decision stay', () => {
    const refused = check(6, 5);
    expect(refused?.code).toBe('rewind_inside_disputed_decision');
    expect(refused?.localized?.ru).toContain('Событие №5 — часть того же решения');
  });

  it('refuses a target at or after the disputed event', () => {
    for (const toSeq of [6, 7]) expect(check(6, toSeq)?.code).toBe('rewind_keeps_disputed');
  });

  it('refuses any rewind of a disputed event a rewind already voided', () => {
    // The effective events after 4 no longer hold 6: it was voided.
    const effective = since(4).filter((e) => e.seq !== 6);
    const refused = check(6, 4, effective);
    expect(refused?.code).toBe('rewind_dispute_voided');
    expect(refused?.localized?.en).toContain('#6 is on a branch a rewind already took back');
  });
});
