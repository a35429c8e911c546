import { ChainBrokenError, chainBrokenText } from '../errors';
import { StreamIntegrity } from './stream-integrity';

const altered = {
  ok: false as const,
  count: 18,
  brokenSeq: 18,
  reason: 'hash_mismatch' as const,
  message: 'seq 18 was altered: its hash does not match its content',
};

describe('StreamIntegrity', () => {
  it('refuses writes to a stream found broken, naming the match and the seq; a verified load clears it', () => {
    const integrity = new StreamIntegrity();
    integrity.loaded('match-m1', 'm1', altered);
    integrity.loaded('match-m2', 'm2', undefined);
    expect(() => integrity.refuseWritesToBroken('match-m2')).not.toThrow();
    let refusal: unknown;
    try {
      integrity.refuseWritesToBroken('match-m1');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ChainBrokenError);
    expect(refusal).toMatchObject({
      kind: 'conflict',
      code: 'chain-broken',
      extensions: { brokenSeq: 18, chainBreak: 'hash_mismatch' },
      message: expect.stringMatching(
        /^The log of match m1 is damaged at seq 18: the event was altered/,
      ),
    });
    integrity.loaded('match-m1', 'm1', undefined);
    expect(integrity.breakOf('match-m1')).toBeUndefined();
  });

  it('remembers verified heads, forgets one whose stream breaks, never remembers a broken one', () => {
    const integrity = new StreamIntegrity();
    const head = { seq: 17, hash: 'a'.repeat(64) };
    integrity.verified('match-m1', head);
    integrity.verified('match-m2', head);
    expect(integrity.verifiedHead('match-m1')).toEqual(head);
    integrity.verified('match-m1', { seq: 18, hash: 'b'.repeat(64) });
    expect(integrity.verifiedHead('match-m1')).toEqual({ seq: 18, hash: 'b'.repeat(64) });

    integrity.loaded('match-m1', 'm1', altered);
    expect(integrity.verifiedHead('match-m1')).toBeUndefined();
    integrity.verified('match-m1', { seq: 19, hash: 'c'.repeat(64) });
    expect(integrity.verifiedHead('match-m1')).toBeUndefined();
    expect(integrity.verifiedHead('match-m2')).toEqual(head);
    // An empty stream has no head to remember.
    integrity.verified('notes-m2', { seq: -1, hash: '' });
    expect(integrity.verifiedHead('notes-m2')).toBeUndefined();
  });

  it('says it in Russian too, for a match and for a side log', () => {
    const broken = { stream: 'match-m1', matchId: 'm1', ...altered };
    expect(chainBrokenText(broken).ru).toBe(
      'Журнал матча m1 повреждён на событии №18: событие изменено после записи. ' +
        'Он доступен только для чтения: в него больше ничего не записывается, и его экспорт не подписывается; ' +
        'восстановите хранилище из резервной копии (npm run restore -- FILE).',
    );
    expect(chainBrokenText({ ...broken, stream: 'notes-m1' }).ru).toMatch(
      /^Журнал заметок матча m1 повреждён на событии №18/,
    );
  });
});
