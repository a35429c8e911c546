import { RULESETS } from '../rulesets';
import { ILLUSTRATIVE_MISSION } from '../rulesets/sw-strategic/sw-mission';
import { SeatNames } from './seat-names';
import { rulesetNaming } from './match-phrases';
import { GENERIC_NAMING } from './ruleset-naming';
import { SW_WORDS } from './ruleset-words-sw';
import { Phraser } from './phraser';
import type { RecordedEvent } from '../events/recorded-event';
import { indexNames, type NameIndex } from './name-index';

/** No names at all: every sentence falls back to what the event itself says. */
const names: NameIndex = indexNames([]);

/**
 * Every decision kind of every registered ruleset has its sentence in English and Russian:
 * a new kind without one fails here, before a reader meets «Kind summary: params» in the log.
 * Each sentence is tried on the params the ruleset publishes as the kind's example.
 */
describe('a sentence for every decision of every ruleset', () => {
  for (const ruleset of RULESETS)
    it(`${ruleset.id}: each kind reads as what its seat did, in both languages`, () => {
      const sentences = rulesetNaming(ruleset.id).decisions ?? {};
      const seat = ruleset.id === 'rex' ? 'letnev' : 'red';
      const phraser = new Phraser(
        names,
        new SeatNames([{ seat, player: 'Вера' }], GENERIC_NAMING),
        { ...GENERIC_NAMING, decisions: sentences },
        undefined,
      );
      const unphrased: string[] = [];
      for (const [kind, spec] of Object.entries(ruleset.decisions)) {
        const event = {
          eventId: 'e',
          matchId: 'm',
          seq: 1,
          type: 'DecisionMade',
          data: { decisionId: 'd', kind, seat, params: spec.example ?? {} },
          meta: { actor: { kind: 'seat', id: seat, seat } },
        } as unknown as RecordedEvent;
        for (const lang of ['en', 'ru'] as const) {
          const predicate = phraser.decisionParts(event, lang)?.predicate;
          // An ICU pattern whose placeholder had no value would show its braces.
          if (!predicate || /[{}]/.test(predicate))
            unphrased.push(`${kind} (${lang}): ${predicate}`);
        }
      }
      expect(unphrased).toEqual([]);
    });

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

describe('sw-strategic decisions in words', () => {
  it('names the deck a Mechanic repairs, or the shields alone', () => {
    const sw = rulesetNaming('sw-strategic').decisions ?? {};
    const phraser = new Phraser(
      names,
      new SeatNames([{ seat: 'red', player: 'Анна' }], GENERIC_NAMING),
      { ...SW_WORDS, decisions: sw },
      undefined,
    );
    let seq = 0;
    const said = (params: object, lang: 'en' | 'ru') =>
      phraser.decisionParts(
        {
          seq: (seq += 1),
          type: 'DecisionMade',
          data: { kind: 'repair', seat: 'red', params },
        } as unknown as RecordedEvent,
        lang,
      )?.predicate;
    const deck = { ship: 'cruiser-4', mechanic: 'Ossa', deck: 3 };
    expect(said(deck, 'en')).toBe('repairs deck 3 of Cruiser 4 for a full turn');
    expect(said(deck, 'ru')).toBe('ремонтирует палубу 3 весь ход: Крейсер 4');
    const shields = { ship: 'cruiser-4', mechanic: 'Ossa' };
    expect(said(shields, 'en')).toBe('restores the shields of Cruiser 4 for a full turn');
    expect(said(shields, 'ru')).toBe('восстанавливает щиты весь ход: Крейсер 4');
  });

  it('moves a unit named as the board names it, whatever its gender («юнит Пехота 13»)', () => {
    const sw = rulesetNaming('sw-strategic').decisions ?? {};
    const phraser = new Phraser(
      names,
      new SeatNames([{ seat: 'red', player: 'Анна' }], GENERIC_NAMING),
      { ...SW_WORDS, decisions: sw },
      undefined,
    );
    const said = (lang: 'en' | 'ru') =>
      phraser.decisionParts(
        {
          seq: 1,
          type: 'DecisionMade',
          data: { kind: 'move-unit', seat: 'red', params: { unit: 'infantry-13', steps: [1, 1] } },
        } as unknown as RecordedEvent,
        lang,
      )?.predicate;
    expect(said('ru')).toBe('перемещает юнит Пехота 13: 2 гекса');
    expect(said('en')).toBe('moves Infantry 13 2 hexes');
  });
});

describe('sw-strategic legionnaires in words', () => {
  it('names them by the mission’s titles in the reader’s language, from the laid-out mission', () => {
    const laidOut = {
      eventId: 'e0',
      matchId: 'm',
      seq: 0,
      type: 'MissionLaidOut',
      data: { legions: ['red', 'blue', 'gold'], mission: ILLUSTRATIVE_MISSION },
      meta: { actor: { kind: 'system', id: 'system' } },
    } as unknown as RecordedEvent;
    const phraser = new Phraser(
      indexNames([laidOut], SW_WORDS),
      new SeatNames([{ seat: 'red', player: 'Анна' }], GENERIC_NAMING),
      { ...SW_WORDS, decisions: rulesetNaming('sw-strategic').decisions ?? {} },
      undefined,
    );
    const persuade = {
      seq: 1,
      type: 'DecisionMade',
      data: {
        kind: 'persuade',
        seat: 'red',
        params: {
          specialist: 'Legion I ground commander',
          legion: 'blue',
          target: 'Legion II supply officer',
        },
      },
    } as unknown as RecordedEvent;
    expect(phraser.decisionParts(persuade, 'ru')?.predicate).toBe(
      'блокирует легионера на ход: Наземный командир Легиона I → Офицер снабжения Легиона II',
    );
    expect(phraser.decisionParts(persuade, 'en')?.predicate).toBe(
      'Legion I ground commander blocks Legion II supply officer for a turn',
    );
  });
});
