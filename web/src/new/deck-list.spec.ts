import type { PieceTypeSpec } from '@domain/rulesets/ruleset';
import { parseDeckList } from './deck-list';

const CATALOG: PieceTypeSpec[] = [
  { id: 'exorcist', kind: 'ship', name: { en: 'Exorcist', ru: 'Экзорцист' } },
  {
    id: 'magnum-k',
    kind: 'ship',
    name: { en: 'Assault craft “Magnum-K”', ru: 'Штурмовик «Магнум-К»' },
  },
  { id: 'test-rein', kind: 'commander', name: { en: 'Commander Rein', ru: 'Командор Рейн' } },
];

describe('parseDeckList', () => {
  it('reads a list in Russian or English names or ids, counts and the commander', () => {
    const parsed = parseDeckList(
      'Командор: Командор Рейн\n4 Экзорцист\n2x штурмовик "магнум-к"\n\n1 х exorcist # again',
      CATALOG,
    );
    expect(parsed).toEqual({
      ok: true,
      deck: {
        commander: { catalog: 'test-rein' },
        cards: [
          { catalog: 'exorcist', copies: 5 },
          { catalog: 'magnum-k', copies: 2 },
        ],
      },
    });
    // A commander's card on a line of its own is the commander.
    expect(parseDeckList('Commander Rein\n3 Exorcist', CATALOG)).toEqual({
      ok: true,
      deck: { commander: { catalog: 'test-rein' }, cards: [{ catalog: 'exorcist', copies: 3 }] },
    });
  });

  it('names the line of a card the catalog does not know, and a missing commander', () => {
    expect(parseDeckList('Commander Rein\n4 Exorcist\n2 Крейсер «Страж»', CATALOG)).toEqual({
      ok: false,
      line: 3,
      text: 'Крейсер «Страж»',
    });
    expect(parseDeckList('4 Exorcist', CATALOG)).toEqual({ ok: false, line: 0, text: 'commander' });
  });

  it('takes the register-deck params as JSON, and says when they are not', () => {
    const deck = {
      commander: { catalog: 'test-rein' },
      cards: [{ catalog: 'exorcist', copies: 4 }],
    };
    expect(parseDeckList(JSON.stringify(deck), CATALOG)).toEqual({ ok: true, deck });
    expect(parseDeckList('{"cards": 3', CATALOG)).toEqual({ ok: false, line: 1, text: 'JSON' });
  });
});
