import { GENERIC_NAMING } from '../../naming/ruleset-naming';
import { indexNames } from '../../naming/name-index';
import { rulesetNaming } from '../../naming/match-phrases';
import { Phraser } from '../../naming/phraser';
import { SeatNames } from '../../naming/seat-names';
import type { RecordedEvent } from '../../events/recorded-event';

/** No names at all: every sentence falls back to what the event itself says. */
const names = indexNames([]);

describe('commanders-path decisions in words', () => {
  it('counts agree with their nouns in the new sentences', () => {
    const cp = rulesetNaming('commanders-path').decisions ?? {};
    const phraser = new Phraser(
      names,
      new SeatNames([{ seat: 'red', player: 'Анна' }], GENERIC_NAMING),
      { ...GENERIC_NAMING, decisions: cp },
      undefined,
    );
    const said = (kind: string, params: object, lang: 'en' | 'ru' = 'ru') =>
      phraser.decisionParts(
        {
          seq: Math.random(),
          type: 'DecisionMade',
          data: { kind, seat: 'red', params },
        } as unknown as RecordedEvent,
        lang,
      )?.predicate;
    expect(said('buy-action-tokens', { count: 1 })).toBe('покупает 1 фишку действия');
    expect(said('buy-action-tokens', { count: 3 })).toBe('покупает 3 фишки действия');
    expect(said('buy-action-tokens', { count: 5 })).toBe('покупает 5 фишек действия');
    expect(said('buy-action-tokens', { count: 1 }, 'en')).toBe('buys 1 action token');
    expect(said('end-round', { manoeuvre: 'increase', distance: 'long' })).toBe(
      'разрывает дистанцию (дистанция: дальняя)',
    );
    expect(said('counter-fire', { weapon: 'lasers', hitFaces: [6] })).toBe(
      'ведёт ответный огонь (лазерные установки)',
    );
    expect(said('counter-fire', {})).toBe('отказывается от ответного огня');
    // A manual adjustment reads as the table decision, done by hand.
    expect(said('manual-create-zones', { zones: [{ id: 'a' }, { id: 'b' }] })).toBe(
      'вручную создаёт 2 зоны',
    );
  });
});
