import { decideAnnotation } from './side-streams';

/** A note checked in the domain, as a path that skips the HTTP edge would give it. */
describe('decideAnnotation', () => {
  const state = { lastSeq: 3, disputes: {} };
  const note = { annotationId: 'n1', seq: 1, text: 'Хороший ход' };

  it('refuses tags that are not a list of tags, in both languages, instead of failing', () => {
    for (const tags of [null, 'blunder', { 0: '!' }, [1]])
      expect(decideAnnotation(state, { ...note, tags: tags as never })).toMatchObject({
        kind: 'invalid_params',
        errors: [{ path: 'tags' }],
        localized: { ru: expect.stringContaining('Пометки — список из') },
      });
  });

  it('refuses a text that is not a string', () => {
    expect(decideAnnotation(state, { ...note, text: null as never })).toMatchObject({
      kind: 'invalid_params',
      errors: [{ path: 'text' }],
    });
  });

  it('records a note without tags as a note with none', () => {
    expect(decideAnnotation(state, note)).toEqual([
      { type: 'AnnotationAdded', data: { ...note, tags: [] } },
    ]);
  });
});
