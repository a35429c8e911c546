import { GENERIC_NAMING } from '../../naming/ruleset-naming';
import { indexNames } from '../../naming/name-index';
import { rulesetNaming } from '../../naming/match-phrases';
import { Phraser } from '../../naming/phraser';
import { SeatNames } from '../../naming/seat-names';
import type { RecordedEvent } from '../../events/recorded-event';
import { ILLUSTRATIVE_MISSION } from './sw-mission';
import { SW_WORDS } from './sw-naming';

/** No names at all: every sentence falls back to what the event itself says. */
const names = indexNames([]);

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
