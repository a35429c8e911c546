import type { ViewEvent } from '../replay/replay-engine';
import { openRequests } from './table-requests-state';

/** The ruling banner's news from a seat's log: rulings, and the head judge's answers to appeals. */
describe('openRequests: rulings and appeals', () => {
  let seq = 0;
  const event = (type: string, data: unknown, actor = 'judge-1'): ViewEvent =>
    ({
      seq: ++seq,
      type,
      data,
      meta: { actor: { kind: 'judge', id: actor }, recordedAt: '', visibility: 'public' },
    }) as unknown as ViewEvent;
  const opened = event('DisputeOpened', {
    disputeId: 'd1',
    seat: 'blue',
    atSeq: 5,
    claim: 'No roll',
  });
  const ruled = event('RulingIssued', {
    disputeId: 'd1',
    decision: 'rejected',
    rationale: 'Rolled at the table',
    ruleRef: '§5.12',
    remedy: { kind: 'none' },
  });
  const appealed = event('RulingAppealed', {
    disputeId: 'd1',
    rulingSeq: ruled.seq,
    seat: 'blue',
    reason: 'x',
  });

  it('an upheld appeal brings the kept ruling back as news, with the head judge’s answer', () => {
    const answer = event(
      'AppealDecided',
      { disputeId: 'd1', appealSeq: appealed.seq, outcome: 'upheld', rationale: 'Right call' },
      'head-1',
    );
    const { ruling } = openRequests([opened, ruled, appealed, answer], 'blue');
    expect(ruling).toMatchObject({
      seq: answer.seq,
      decision: 'rejected',
      ruleRef: '§5.12',
      judge: { id: 'judge-1' },
      appeal: { outcome: 'upheld', rationale: 'Right call', judge: { id: 'head-1' } },
      dispute: { atSeq: 5, seat: 'blue' },
    });
  });

  it('an overturned appeal makes the new ruling the news, marked as the appeal’s answer', () => {
    const answer = event(
      'AppealDecided',
      { disputeId: 'd1', appealSeq: appealed.seq, outcome: 'overturned', rationale: 'No roll' },
      'head-1',
    );
    const replacing = event(
      'RulingIssued',
      {
        disputeId: 'd1',
        decision: 'upheld',
        rationale: 'Needs a roll',
        ruleRef: '§5.12',
        remedy: { kind: 'rewind', toSeq: 4 },
      },
      'head-1',
    );
    const rewound = event('TimelineRewound', {
      toSeq: 4,
      cause: { kind: 'ruling', disputeId: 'd1' },
      voided: { from: 5, to: replacing.seq },
    });
    const { ruling } = openRequests([opened, ruled, appealed, answer, replacing, rewound], 'blue');
    expect(ruling).toMatchObject({
      seq: replacing.seq,
      decision: 'upheld',
      judge: { id: 'head-1' },
      appeal: { outcome: 'overturned', rationale: 'No roll' },
      voided: { from: 5, to: replacing.seq },
    });
    expect(openRequests([opened, ruled], 'blue').ruling?.appeal).toBeUndefined();
  });

  it('an appeal not yet answered stays on the ruling it appeals, which keeps its dispute', () => {
    const { ruling } = openRequests([opened, ruled, appealed], 'red');
    expect(ruling).toMatchObject({
      seq: ruled.seq,
      disputeId: 'd1',
      appealed: { seq: appealed.seq, seat: 'blue', reason: 'x' },
    });
    expect(ruling?.appeal).toBeUndefined();
    expect(openRequests([opened, ruled], 'red').ruling?.appealed).toBeUndefined();
    // Answered, the appeal is no longer pending.
    const answer = event('AppealDecided', {
      disputeId: 'd1',
      appealSeq: appealed.seq,
      outcome: 'upheld',
      rationale: 'Right call',
    });
    expect(openRequests([opened, ruled, appealed, answer], 'red').ruling?.appealed).toBeUndefined();
  });
});
