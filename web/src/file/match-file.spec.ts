import { freeformRuleset } from '@domain/rulesets/freeform/freeform.ruleset';
import { forgedExport, newSigningKey } from '@test/support/forgery';
import { MatchHarness } from '@test/support/match-harness';
import { receiptsRefusal } from './match-file';

/** A receipts file given with a match file at /replay/file: refused, in both languages, when it cannot be used. */
describe('the receipts file of /replay/file', () => {
  const h = new MatchHarness(freeformRuleset, 'match-with-receipts').started([
    { seat: 'red' },
    { seat: 'blue' },
  ]);
  const matchText = `${forgedExport(h.events, h.state.seats, newSigningKey()).join('\n')}\n`;
  const receipt = (match: string) =>
    JSON.stringify({
      match,
      seq: 1,
      headHash: 'a'.repeat(64),
      recordedAt: '2026-11-22T10:00:00.000Z',
      signature: 'c2lnbmF0dXJl',
    });
  const file = (...lines: string[]) => ({ name: 'r.ndjson', text: `${lines.join('\n')}\n` });

  it('accepts receipts of this match (their signatures are the verifier’s business)', () => {
    expect(
      receiptsRefusal(file(receipt(h.matchId), receipt(h.matchId)), matchText),
    ).toBeUndefined();
  });

  it('refuses a file that is not receipts, naming the line', () => {
    expect(receiptsRefusal(file(receipt(h.matchId), '{"kind":"header"}'), matchText)).toEqual({
      en: 'r.ndjson is not a receipts file: line 2 is not a matchlog receipt (one JSON receipt a line, as the play and dispute pages save them). The match file is checked without it.',
      ru: 'r.ndjson — не файл квитанций: строка 2 — не квитанция matchlog (по одной квитанции JSON в строке, как их сохраняют страницы игры и спора). Файл матча проверен без него.',
    });
    expect(receiptsRefusal(file('not json at all'), matchText)?.ru).toContain('строка 1');
    expect(receiptsRefusal(file(''), matchText)?.ru).toBe(
      'В r.ndjson нет ни одной квитанции. Файл матча проверен без него.',
    );
  });

  it('refuses receipts of another match, naming both', () => {
    expect(receiptsRefusal(file(receipt(h.matchId), receipt('other-match')), matchText)).toEqual({
      en: `The receipt at line 2 of r.ndjson is of another match (other-match), not of this one (${h.matchId}). The match file is checked without it.`,
      ru: `Квитанция в строке 2 файла r.ndjson — от другого матча (other-match), а не от этого (${h.matchId}). Файл матча проверен без него.`,
    });
  });
});
