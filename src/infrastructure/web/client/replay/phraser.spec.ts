import { SeatNames } from '../names';
import { GENERIC_WORDS } from '../ruleset-words';
import { REX_SENTENCES } from '../decision-sentences-rex';
import { Phraser } from './phraser';
import type { ViewEvent } from './replay-engine';
import type { NameIndex } from './timeline';

const names: NameIndex = {
  zones: new Map(),
  zoneOwners: new Map(),
  pieceTypes: new Map(),
  pieceNames: new Map(),
  pieceOwners: new Map(),
  fleets: new Map(),
  tracks: new Map(),
  trackOwners: new Map(),
  claims: [],
};

describe('a decision’s params in words', () => {
  const phraser = new Phraser(
    names,
    new SeatNames([{ seat: 'blue' }], GENERIC_WORDS),
    GENERIC_WORDS,
    undefined,
  );

  it('reads a piece status in the page’s language', () => {
    expect(phraser.paramsText({ status: 'broken' }, 'ru')).toBe('сломлена');
    expect(phraser.paramsText({ status: 'broken' }, 'en')).toBe('broken');
  });

  it('shows a name given in both languages in the page’s language only', () => {
    const text = phraser.paramsText(
      { value: 1, name: { en: 'Victory points', ru: 'Победные очки' } },
      'ru',
    );
    expect(text).toBe('1, Победные очки');
  });
});

describe('a decision as what its seat did', () => {
  const rexNames: NameIndex = {
    ...names,
    zones: new Map([
      ['archive-hall', { en: 'Archive Hall', ru: 'Зал Архива' }],
      ['sallab-slums', { en: 'Sallab Slums', ru: 'Трущобы Саллаб' }],
    ]),
    pieceTypes: new Map([['r1', 'tank']]),
    pieceNames: new Map([['r1', { en: 'Tank', ru: 'Танк' }]]),
  };
  const seats = new SeatNames([{ seat: 'letnev', player: 'Вера' }], GENERIC_WORDS);
  // The phraser keeps each seq's phrase: every event here has a seq of its own.
  let seq = 0;
  const decision = (kind: string, params: object): ViewEvent =>
    ({
      eventId: 'e',
      matchId: 'm',
      seq: (seq += 1),
      type: 'DecisionMade',
      data: { decisionId: 'd', kind, seat: 'letnev', params },
      meta: { actor: { kind: 'seat', id: 'letnev', seat: 'letnev' } },
    }) as unknown as ViewEvent;

  it('phrases a Rex move by its params, with the count agreeing with its noun', () => {
    const rex = new Phraser(
      rexNames,
      seats,
      { ...GENERIC_WORDS, decisions: REX_SENTENCES },
      undefined,
    );
    const move = (troops: number) =>
      decision('move', { from: 'archive-hall', to: 'sallab-slums', troops });
    expect(rex.logPhrase(move(3), 'en')).toBe(
      'Вера moves 3 troops from Archive Hall to Sallab Slums',
    );
    expect(rex.logPhrase(move(1), 'ru')).toBe(
      'Вера перемещает 1 войско: Зал Архива → Трущобы Саллаб',
    );
    expect(rex.decisionParts(move(3), 'ru')?.predicate).toBe(
      'перемещает 3 войска: Зал Архива → Трущобы Саллаб',
    );
    expect(rex.decisionParts(move(5), 'ru')?.predicate).toContain('5 войск:');
  });

  it('phrases the table decisions every ruleset offers, and falls back when the params do not fit', () => {
    const table = new Phraser(rexNames, seats, GENERIC_WORDS, undefined);
    expect(table.logPhrase(decision('move', { pieces: ['r1'], to: 'sallab-slums' }), 'ru')).toBe(
      'Вера перемещает Танк → Трущобы Саллаб',
    );
    expect(table.logPhrase(decision('draw', { deck: 'sallab-slums', count: 2 }), 'ru')).toBe(
      'Вера берёт 2 карты: Трущобы Саллаб',
    );
    expect(table.logPhrase(decision('change-track', { track: 'vp', delta: -1 }), 'en')).toBe(
      'Вера changes vp by -1',
    );
    // A move with neither pieces nor fleet is no sentence: the kind and its params stand.
    expect(table.decisionParts(decision('move', { to: 'sallab-slums' }), 'ru')).toBeUndefined();
  });
});
