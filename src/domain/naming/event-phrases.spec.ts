import type { RecordedEvent } from '../events/recorded-event';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import { TABLE_EVENT_TYPES } from '../table/table-events';
import { MatchHarness } from '@test/support/match-harness';
import {
  describeEvent,
  describeGenericEvent,
  fallbackPhrase,
  statusName,
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

  it('uses the names it is given, with Russian number and case from the message catalogue', () => {
    const moved = event('PiecesMoved', { pieces: ['cr1', 'cr2', 'x9'], to: 'north' });
    expect(describeEvent(moved, 'en', { names })).toBe('Moved 3 pieces: Cruiser ×2, x9 → North');
    expect(describeEvent(moved, 'ru', { names })).toBe(
      'Перемещены 3 фигуры: Крейсер ×2, x9 → Север',
    );
    // One thing: a singular verb, never «Перемещены Лидер».
    const one = event('PiecesRestored', { pieces: ['cr1'], to: 'north' });
    expect(describeEvent(one, 'ru', { names })).toBe('Возвращена фигура: Крейсер → Север');
    const destroyed = event('PiecesDestroyed', {
      pieces: ['a', 'b', 'c', 'd', 'e'],
      cause: 'battle',
    });
    expect(describeEvent(destroyed, 'ru')).toBe('Уничтожено 5 фигур: a, b, c, d, e (бой)');
    // A deck's name stands after a colon, never declined wrongly («из Колода приказов»).
    const drawn = event('CardsDrawn', { deck: 'deck', to: 'hand:red', count: 5 });
    expect(describeEvent(drawn, 'ru')).toBe('Взято 5 карт: deck → hand:red');
    expect(describeEvent(event('CardsDrawn', { deck: 'd', to: 'h', count: 2 }), 'ru')).toBe(
      'Взяты 2 карты: d → h',
    );
    expect(describeEvent(event('DeckShuffled', { deck: 'd', count: 21 }), 'ru')).toBe(
      'Колода перемешана: d (21 карта)',
    );
    expect(
      describeEvent(event('DecisionMade', { seat: 'red', kind: 'move' }), 'ru', {
        names: { ...names, seat: (seat) => (seat === 'red' ? 'Анна' : undefined) },
      }),
    ).toBe('Анна, решение: переместить');
    expect(
      describeEvent(
        event('MatchFinished', { winners: ['red'], condition: 'concession by blue' }),
        'ru',
        { names: { seat: (seat) => ({ red: 'Анна', blue: 'Борис' })[seat] } },
      ),
    ).toBe('Матч окончен, победитель: Анна (Борис сдаётся)');
    expect(describeEvent(event('PhaseStarted', { phase: 'combat', active: [] }), 'ru')).toBe(
      'Фаза: бой',
    );
    // A ruling whose rationale ends with a full stop, and a remedy: no ".;".
    const ruling = event('RulingIssued', {
      decision: 'amended',
      rationale: 'The leader returns south.',
      ruleRef: '§4',
      remedy: { kind: 'corrective', decisions: [{}] },
    });
    expect(describeEvent(ruling, 'ru')).toBe(
      'Решение судьи: решение изменено (§4): The leader returns south; 1 корректирующее решение',
    );
  });

  it('names a claimed seat by its side, else by its place, never by its id', () => {
    const claimed = event('SeatClaimed', { seat: 'axis', player: { name: 'Ганс' } });
    const side: PhraseNames = {
      side: (seat, lang) => (seat === 'axis' ? { en: 'Germany', ru: 'Германия' }[lang] : undefined),
      seatNumber: () => 1,
    };
    expect(describeEvent(claimed, 'ru', { names: side })).toBe('Ганс занимает место: Германия');
    expect(describeEvent(claimed, 'en', { names: side })).toBe('Ганс plays Germany');
    const numbered: PhraseNames = { seatNumber: (seat) => (seat === 'axis' ? 2 : undefined) };
    expect(describeEvent(claimed, 'ru', { names: numbered })).toBe('Ганс занимает место 2');
    expect(describeEvent(claimed, 'en', { names: numbered })).toBe('Ганс takes seat 2');
    // Nothing known of the seat: the sentence goes without it rather than show its id.
    expect(describeEvent(claimed, 'ru')).toBe('Ганс занимает место');
    expect(describeEvent(claimed, 'en')).toBe('Ганс takes a seat');
  });

  it('makes a piece’s new state agree with its name’s gender and number', () => {
    const gendered: PhraseNames = {
      piece: (id) =>
        ({
          orlov: 'Лейтенант Орлов',
          scouts: 'Команда разведки',
          squad: 'Гвардейское отделение 1',
          sappers: 'Сапёры',
        })[id],
      gender: (id) => (({ orlov: 'm', scouts: 'f', squad: 'n', sappers: 'pl' }) as const)[id],
    };
    const changed = (piece: string, status: string, lang: 'en' | 'ru') =>
      describeEvent(event('PieceChanged', { piece, status }), lang, { names: gendered });
    expect(changed('orlov', 'broken', 'ru')).toBe('Лейтенант Орлов: состояние → сломлен');
    expect(changed('scouts', 'broken', 'ru')).toBe('Команда разведки: состояние → сломлена');
    expect(changed('squad', 'broken', 'ru')).toBe('Гвардейское отделение 1: состояние → сломлено');
    expect(changed('sappers', 'destroyed', 'ru')).toBe('Сапёры: состояние → уничтожены');
    expect(changed('squad', 'damaged', 'ru')).toBe(
      'Гвардейское отделение 1: состояние → повреждено',
    );
    expect(changed('orlov', 'active', 'ru')).toBe('Лейтенант Орлов: состояние → в строю');
    expect(changed('squad', 'broken', 'en')).toBe('Гвардейское отделение 1: status → broken');
    // A name whose gender nobody gave: the state in words that agree with nothing, never a
    // guessed gender («Крейсер … повреждена» misnamed a cruiser).
    expect(describeEvent(event('PieceChanged', { piece: 'x', status: 'tapped' }), 'ru')).toBe(
      'x: состояние → в повёрнутом положении',
    );
    expect(describeEvent(event('PieceChanged', { piece: 'x', status: 'odd' }), 'ru')).toBe(
      'x: состояние → odd',
    );
  });

  it('says a status agreeing with a masculine, feminine or neuter name, and without agreement where the gender is unknown', () => {
    const names: PhraseNames = {
      piece: (id) =>
        ({
          orlov: 'Лейтенант Орлов',
          scouts: 'Команда разведки',
          squad: 'Гвардейское отделение 1',
          cruiser: 'Крейсер «Ахав»',
        })[id],
      gender: (id) => (({ orlov: 'm', scouts: 'f', squad: 'n' }) as const)[id],
    };
    const changed = (piece: string, status: string, lang: 'en' | 'ru') =>
      describeEvent(event('PieceChanged', { piece, status }), lang, { names });
    expect(changed('orlov', 'damaged', 'ru')).toBe('Лейтенант Орлов: состояние → повреждён');
    expect(changed('scouts', 'damaged', 'ru')).toBe('Команда разведки: состояние → повреждена');
    expect(changed('squad', 'damaged', 'ru')).toBe(
      'Гвардейское отделение 1: состояние → повреждено',
    );
    expect(changed('cruiser', 'damaged', 'ru')).toBe('Крейсер «Ахав»: состояние → с повреждениями');
    expect(changed('cruiser', 'destroyed', 'ru')).toBe('Крейсер «Ахав»: состояние → в потерях');
    expect(changed('cruiser', 'captured', 'ru')).toBe('Крейсер «Ахав»: состояние → в плену');
    expect(changed('cruiser', 'broken', 'ru')).toBe(
      'Крейсер «Ахав»: состояние → в сломленном состоянии',
    );
    expect(changed('cruiser', 'active', 'ru')).toBe('Крейсер «Ахав»: состояние → в строю');
    for (const piece of ['orlov', 'scouts', 'squad'])
      expect(changed(piece, 'damaged', 'ru')).not.toMatch(/с повреждениями/);
    // English has no agreement: one word for every gender.
    expect(changed('orlov', 'damaged', 'en')).toBe('Лейтенант Орлов: status → damaged');
    expect(changed('scouts', 'damaged', 'en')).toBe('Команда разведки: status → damaged');
    expect(changed('squad', 'damaged', 'en')).toBe('Гвардейское отделение 1: status → damaged');
    expect(changed('cruiser', 'damaged', 'en')).toBe('Крейсер «Ахав»: status → damaged');
    // The boards' labels are the same words.
    expect(statusName('captured', 'ru', 'm')).toBe('захвачен');
    expect(statusName('captured', 'ru', 'f')).toBe('захвачена');
    expect(statusName('captured', 'ru', 'n')).toBe('захвачено');
    expect(statusName('captured', 'ru', 'pl')).toBe('захвачены');
    expect(statusName('captured', 'ru')).toBe('в плену');
    expect(statusName('captured', 'en')).toBe('captured');
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
