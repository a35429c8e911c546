import type { Lang } from '../rulesets/ruleset';
import { emptyTable, type Piece, type Table } from './table';
import { changeSentence, tableDifference, type TableNamer } from './table-difference';

const piece = (id: string, zone: string, extra: Partial<Piece> = {}): Piece => ({
  id,
  type: 'squad',
  zone,
  status: 'active',
  attrs: {},
  ...extra,
});

function table(build: (t: Table) => void): Table {
  const t = emptyTable();
  build(t);
  return t;
}

const then = table((t) => {
  t.pieces.a = piece('a', 'C3');
  t.pieces.b = piece('b', 'E5');
  t.pieces.gone = piece('gone', 'E5');
  t.pieces['card-1'] = piece('card-1', 'deck:axis');
  t.pieces['card-2'] = piece('card-2', 'deck:axis');
  t.tracks.vp = { id: 'vp', value: 2 };
  t.decks['deck:axis'] = { id: 'deck:axis', order: ['card-1', 'card-2'] };
  t.losses.allies = [];
  t.turn = { round: 3, phase: 'orders', active: ['axis'] };
});

const now = table((t) => {
  t.pieces.a = piece('a', 'E5');
  t.pieces.b = piece('b', 'E5', { status: 'broken', attrs: { suppressed: true } });
  t.pieces['card-1'] = piece('card-1', 'hand:axis');
  t.pieces['card-2'] = piece('card-2', 'deck:axis');
  t.pieces.fresh = piece('fresh', 'C3');
  t.tracks.vp = { id: 'vp', value: 5 };
  t.tracks.time = { id: 'time', value: 1 };
  t.decks['deck:axis'] = { id: 'deck:axis', order: ['card-2'] };
  t.losses.allies = [{ piece: 'gone', type: 'squad', cause: 'fire', seq: 9 }];
  t.turn = { round: 3, phase: 'actions', active: ['allies'] };
});

/** Names as a match would give them; ids never appear in a sentence. */
const names: TableNamer = {
  pieceName: (id, lang) =>
    ({ a: { en: 'Squad A', ru: 'Отделение А' }, b: { en: 'Team B', ru: 'Группа Б' } })[id]?.[
      lang
    ] ?? `${id}-name`,
  zoneName: (zone, lang: Lang) =>
    ({ 'hand:axis': { en: 'Axis hand', ru: 'Рука Оси' } })[zone]?.[lang] ?? `[${zone}]`,
  trackName: (track, lang) =>
    track === 'vp' ? { en: 'Victory points', ru: 'Победные очки' }[lang] : undefined,
  term: (term, lang) =>
    ({
      broken: { en: 'broken', ru: 'подавлено' },
      active: { en: 'active', ru: 'в строю' },
      orders: { en: 'orders', ru: 'приказы' },
      actions: { en: 'actions', ru: 'действия' },
    })[term]?.[lang] ?? `(${term})`,
  seats: { seat: (seat, lang) => ({ axis: 'Ганс', allies: 'Иван' })[seat] ?? `${seat}-${lang}` },
};

describe('the table then → now', () => {
  it('lists every piece moved, come, gone or changed, the tracks, losses, decks and the turn', () => {
    expect(tableDifference(then, now)).toEqual([
      { kind: 'moved', piece: 'a', from: 'C3', to: 'E5' },
      { kind: 'status', piece: 'b', from: 'active', to: 'broken' },
      { kind: 'attrs', piece: 'b', keys: ['suppressed'] },
      { kind: 'moved', piece: 'card-1', from: 'deck:axis', to: 'hand:axis' },
      { kind: 'came', piece: 'fresh', to: 'C3' },
      { kind: 'gone', piece: 'gone', from: 'E5' },
      { kind: 'track', track: 'time', to: 1 },
      { kind: 'track', track: 'vp', from: 2, to: 5 },
      { kind: 'losses', owner: 'allies', from: 0, to: 1 },
      {
        kind: 'turn',
        from: { round: 3, phase: 'orders', active: ['axis'] },
        to: { round: 3, phase: 'actions', active: ['allies'] },
      },
    ]);
  });

  it('leaves out a round the game does not count', () => {
    const turn = tableDifference(
      table((t) => (t.turn = { round: 0, phase: 'orders', active: ['axis'] })),
      table((t) => (t.turn = { round: 0, phase: 'orders', active: ['allies'] })),
    );
    expect(changeSentence(turn[0], names, 'ru')).toBe(
      'Раунд, фаза, чей ход: приказы, Ганс → приказы, Иван',
    );
  });

  it('finds nothing between a table and itself', () => {
    expect(tableDifference(then, structuredClone(then))).toEqual([]);
  });

  it('tells a new order of the same cards as a shuffle, and cards drawn only as their moves', () => {
    const shuffled = structuredClone(then);
    shuffled.decks['deck:axis'].order = ['card-2', 'card-1'];
    expect(tableDifference(then, shuffled)).toEqual([{ kind: 'shuffled', deck: 'deck:axis' }]);
    expect(tableDifference(then, now).some((c) => c.kind === 'shuffled')).toBe(false);
  });

  it('writes each change with the match’s names in Russian and English', () => {
    const ru = tableDifference(then, now).map((c) => changeSentence(c, names, 'ru'));
    expect(ru).toEqual([
      'Отделение А: [C3] → [E5]',
      'Группа Б: в строю → подавлено',
      'Группа Б: изменено — (suppressed)',
      'card-1-name: [deck:axis] → Рука Оси',
      'fresh-name: не было на столе → [C3]',
      'gone-name: [E5] → не было на столе',
      '(time): нет → 1',
      'Победные очки: 2 → 5',
      'Потери (Иван): 0 → 1',
      'Раунд, фаза, чей ход: 3, приказы, Ганс → 3, действия, Иван',
    ]);
    const en = tableDifference(then, now).map((c) => changeSentence(c, names, 'en'));
    expect(en[1]).toBe('Team B: active → broken');
    expect(en[4]).toBe('fresh-name: not on the table → [C3]');
    expect(en.at(-1)).toBe('Round, phase, whose move: 3, orders, Ганс → 3, actions, Иван');
    expect(changeSentence({ kind: 'shuffled', deck: 'hand:axis' }, names, 'ru')).toBe(
      'Рука Оси: карты перемешаны, порядок другой',
    );
  });
});
