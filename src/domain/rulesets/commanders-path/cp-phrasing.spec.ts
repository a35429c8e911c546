import type { RecordedEvent } from '../../events/recorded-event';
import { cpTerm, describeCpEvent } from './cp-phrasing';

/** The log's sentences for what the setup does to cards, as a club reads them (issue 39). */
const event = (type: string, data: Record<string, unknown>): RecordedEvent =>
  ({ seq: 1, type, data }) as unknown as RecordedEvent;
const names = {
  seat: (seat: string) => ({ red: 'Аня', blue: 'Борис' })[seat] ?? seat,
  piece: (id: string) => ({ 'red-c1': 'Экзорцист', 'red-c2': 'Планета «Эдем»' })[id] ?? id,
};
const ru = (type: string, data: Record<string, unknown>) =>
  describeCpEvent(event(type, data), 'ru', names);

describe('Commanders Path sentences of the setup', () => {
  it('says why a hand is drawn in words, never the reason id', () => {
    expect(ru('HandDrawn', { seat: 'red', count: 15, reason: 'setup' })).toBe(
      'Аня берёт 15 карт в начальную руку',
    );
    expect(ru('HandDrawn', { seat: 'red', count: 12, reason: 'redeal' })).toBe(
      'Аня берёт 12 карт при пересдаче',
    );
    expect(
      describeCpEvent(event('HandDrawn', { seat: 'red', count: 2, reason: 'refill' }), 'en', names),
    ).toBe('Аня drew 2 cards to bring the hand to 7');
  });

  it('says what building, producing and revealing a card did, never its attributes', () => {
    expect(ru('PieceChanged', { piece: 'red-c2', attrs: { faceDown: true, built: true } })).toBe(
      'Планета «Эдем»: постройка завершена, карта рубашкой вверх',
    );
    expect(ru('PieceChanged', { piece: 'red-c1', attrs: { faceDown: true, tokens: 3 } })).toBe(
      'Экзорцист: в производстве, жетонов производства: 3',
    );
    expect(
      ru('PieceChanged', {
        piece: 'red-c9',
        type: 'Командор Рейн (тест)',
        attrs: {
          card: 'test-rein',
          kind: 'commander',
          name: 'Командор Рейн (тест)',
          faceDown: null,
        },
      }),
    ).toBe('Карта открыта: Командор Рейн (тест)');
    expect(ru('PieceChanged', { piece: 'red-c9', attrs: { host: 'red-c1' } })).toBe(
      'red-c9: Командор на карте Экзорцист',
    );
    // A change of status is the generic sentence's.
    expect(ru('PieceChanged', { piece: 'red-c1', status: 'destroyed' })).toBeUndefined();
  });

  it('names whose second echelon it is without declining the name', () => {
    expect(ru('EchelonDesignated', { seat: 'blue', second: [] })).toBe(
      'Второй эшелон (Борис): нет',
    );
    expect(ru('EchelonDesignated', { seat: 'red', second: ['red-c1'] })).toBe(
      'Второй эшелон (Аня): Экзорцист',
    );
  });

  it('names a production step by what is done in it', () => {
    expect(ru('ProductionStepReached', { seat: 'blue', step: 10 })).toBe(
      'Борис: шаг производства 10 — снятие повреждений',
    );
  });

  it('names a face-down card and the new sectors ships are sent to', () => {
    expect(cpTerm('card', 'ru')).toBe('Закрытая карта');
    expect(cpTerm('new', 'ru')).toBe('новый сектор');
    expect(cpTerm('new:2', 'ru')).toBe('новый сектор 2');
  });
});
