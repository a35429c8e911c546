import type { RecordedEvent } from '../events/recorded-event';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { TABLE_EVENT_TYPES } from '../table/table-events';
import { MatchHarness } from '@test/support/match-harness';
import {
  describeEvent,
  describeGenericEvent,
  fallbackPhrase,
  ruPlural,
  type PhraseNames,
} from './event-phrases';

const names: PhraseNames = {
  zone: (id, lang) => ({ north: { en: 'North', ru: 'Север' } })[id]?.[lang],
  piece: (id, lang) => (id.startsWith('cr') ? (lang === 'ru' ? 'Крейсер' : 'Cruiser') : undefined),
  decision: (kind, lang) =>
    kind === 'move' ? (lang === 'ru' ? 'переместить' : 'move') : undefined,
};

function event(type: string, data: unknown): RecordedEvent {
  return { type, data, seq: 7 } as RecordedEvent;
}

describe('event phrases', () => {
  it('phrases every event of a played freeform match in English and Russian, never by the fallback', () => {
    const h = new MatchHarness(freeformRuleset);
    h.started([{ seat: 'red' }, { seat: 'blue' }], {
      setup: {
        zones: [
          { id: 'north', kind: 'sector' },
          { id: 'deck', kind: 'deck' },
        ],
        pieces: [
          { id: 'cr1', type: 'Cruiser', owner: 'red', zone: 'north', attrs: { cost: 5 } },
          { id: 'c1', type: 'Card', zone: 'deck' },
        ],
      },
    } as never);
    h.play('red', 'shuffle', { deck: 'deck' });
    h.play('red', 'form-fleet', { pieces: ['cr1'], fleet: 'f1', name: 'Alpha' });
    h.play('red', 'change-fleet', { fleet: 'f1', name: 'Beta' });
    h.play('red', 'change-piece', { piece: 'cr1', status: 'damaged', attrs: { hp: 1 } });
    h.play('red', 'draw', { deck: 'deck', count: 1 });
    h.play('red', 'roll', { dice: '2d6', purpose: 'combat' });
    h.play('red', 'destroy', { pieces: ['cr1'], cause: 'combat' });
    h.play('red', 'restore', { pieces: ['cr1'], to: 'north' });
    h.play('red', 'capture', { pieces: ['cr1'], by: 'blue' });
    h.play('red', 'disband-fleet', { fleet: 'f1' });
    h.play('red', 'change-track', { track: 'vp', delta: 2, name: { en: 'VP', ru: 'ПО' } });
    h.play('red', 'start-phase', { phase: 'combat', active: ['blue'] });
    h.play('blue', 'start-round', { round: 2 });
    h.play('blue', 'concede');
    for (const e of h.events)
      for (const lang of ['en', 'ru'] as const) {
        const text = describeGenericEvent(e, lang, names);
        expect({ type: e.type, lang, text }).toEqual({
          type: e.type,
          lang,
          text: expect.any(String),
        });
        expect(text).not.toBe(fallbackPhrase(e.type, lang));
      }
  });

  it('uses the names it is given and Russian plural forms', () => {
    const moved = event('PiecesMoved', { pieces: ['cr1', 'cr2', 'x9'], to: 'north' });
    expect(describeEvent(moved, 'en', { names })).toBe('Moved Cruiser ×2, x9 to North');
    expect(describeEvent(moved, 'ru', { names })).toBe('Перемещены Крейсер ×2, x9 → Север');
    const drawn = event('CardsDrawn', { deck: 'deck', to: 'hand:red', count: 5 });
    expect(describeEvent(drawn, 'ru')).toContain('5 карт');
    expect(
      describeEvent(event('DecisionMade', { seat: 'red', kind: 'move' }), 'ru', { names }),
    ).toBe('red, решение: переместить');
    expect([1, 2, 5, 11, 21, 22, 25].map((n) => ruPlural(n, 'карта', 'карты', 'карт'))).toEqual([
      'карта',
      'карты',
      'карт',
      'карт',
      'карта',
      'карты',
      'карт',
    ]);
  });

  it('lets the ruleset phrase its own events first, and falls back for unknown ones', () => {
    const ruleset = {
      describeEvent: (e: RecordedEvent, lang: 'en' | 'ru') =>
        e.type === 'BombardmentResolved'
          ? lang === 'ru'
            ? 'Бомбардировка'
            : 'Bombardment'
          : undefined,
    };
    expect(describeEvent(event('BombardmentResolved', {}), 'ru', { ruleset })).toBe(
      'Бомбардировка',
    );
    expect(describeEvent(event('AllianceFormed', {}), 'en', { ruleset })).toBe('Alliance formed');
    expect(describeEvent(event('AllianceFormed', {}), 'ru', { ruleset })).toBe(
      'Событие AllianceFormed',
    );
    const throwing = {
      describeEvent: () => {
        throw new Error('bad hook');
      },
    };
    expect(describeEvent(event('RoundStarted', { round: 3 }), 'en', { ruleset: throwing })).toBe(
      'Round 3',
    );
  });

  it('never throws on stored events of an odd shape', () => {
    for (const type of [
      ...TABLE_EVENT_TYPES,
      'DiceRolled',
      'MatchCreated',
      'TimelineRewound',
      'RulingIssued',
    ])
      for (const data of [{}, { pieces: 'x' }, null, 42])
        expect(() => describeEvent(event(type, data), 'ru')).not.toThrow();
  });
});
