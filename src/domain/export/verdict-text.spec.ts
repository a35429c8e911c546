import type { ExportProblem, ExportVerified } from './verify-export';
import { NO_RECEIPTS, NO_RECEIPTS_TEXT } from './verify-export';
import {
  PROBLEM_KINDS,
  describeVerdict,
  logPositionText,
  problemLine,
  verifiedLines,
} from './verdict-text';

const CYRILLIC = /[а-яё]/i;

const verified: ExportVerified = {
  ok: true,
  matchId: 'm-1',
  headHash: 'ab'.repeat(32),
  format: 'matchlog-export/2',
  counts: {
    events: 21,
    draws: 3,
    decisions: 2,
    rolls: 1,
    shuffles: 5,
    sealsOpened: 22,
    reportedRolls: { total: 0, confirmed: 0, unconfirmed: 0 },
    receipts: 0,
  },
  dice: 'verified',
  reportedRolls: [],
  pending: [],
  pendingText: [],
  signedBy: { keyId: '3f9a0c21d7e4b658', publicKey: 'AAAA', trusted: true },
  notProven: [NO_RECEIPTS],
  notProvenText: [NO_RECEIPTS_TEXT],
  log: {
    index: 41,
    treeSize: 42,
    origin: 'matchlog.example/log',
    checkpointTime: '2026-12-07T04:40:00Z',
    seq: 20,
    laterEvents: 0,
  },
};

describe('the verifier’s words in both languages', () => {
  it('names every kind of problem in English and in Russian', () => {
    for (const [code, name] of Object.entries(PROBLEM_KINDS)) {
      expect({ code, en: name.en.length > 0 }).toEqual({ code, en: true });
      expect({ code, ru: CYRILLIC.test(name.ru) }).toEqual({ code, ru: true });
      expect({ code, same: name.ru === name.en }).toEqual({ code, same: false });
    }
  });

  it('says where a problem is in the reader’s language', () => {
    const problem: ExportProblem = {
      ok: false,
      code: 'hash_mismatch',
      message: 'seq 7 was altered: its hash does not match its content',
      text: {
        en: 'seq 7 was altered: its hash does not match its content',
        ru: 'seq 7 изменён: его хеш не совпадает с содержимым',
      },
      seq: 7,
    };
    expect(problemLine(problem)).toEqual({
      en: 'FAIL at seq 7: seq 7 was altered: its hash does not match its content',
      ru: 'ОШИБКА на seq 7: seq 7 изменён: его хеш не совпадает с содержимым',
    });
    expect(problemLine({ ...problem, seq: 3, receiptLine: 2 }).ru).toBe(
      'ОШИБКА в строке 2 квитанций (seq 3): seq 7 изменён: его хеш не совпадает с содержимым',
    );
  });

  it('summarises a verified export with Russian numbers in agreement', () => {
    const ru = describeVerdict(verified).ru;
    expect(ru).toContain('ВЕРНО: 21 событие в цепочке');
    expect(ru).toContain('1 бросок сервера и 5 перемешиваний выведены заново');
    expect(ru).toContain('3 взятые карты проверены');
    expect(ru).toContain('2 решения приняты заново');
    expect(ru).toContain('22 тайных решения открыты');
    expect(ru).toContain('квитанции не даны');
    expect(ru).toContain(
      'в открытом журнале под номером 41, контрольная точка от 2026-12-07T04:40:00Z',
    );
    expect(ru).toContain('на 42 листа');
    expect(describeVerdict(verified).en).toContain(
      'OK: 21 events chained (matchlog-export/2), signature by key 3f9a0c21d7e4b658 verified',
    );
  });

  it('writes every summary line in both languages, never the same text twice', () => {
    const lines = verifiedLines(
      {
        ...verified,
        dice: 'not_revealed',
        notProvenText: [],
        pendingText: [
          { en: '1 sealed decisions not revealed yet', ru: '1 тайное решение ещё не раскрыто' },
        ],
        links: [{ seq: 4, matchId: 'b-1', headSeq: 9, headHash: 'cd'.repeat(32), winners: [] }],
      },
      { ok: true, checked: 1, notGiven: ['b-2'], unused: ['x.ndjson'] },
    );
    expect(lines.length).toBeGreaterThan(8);
    for (const line of lines) {
      expect({ line: line.en, ru: CYRILLIC.test(line.ru) }).toEqual({ line: line.en, ru: true });
      expect(line.en).not.toMatch(CYRILLIC);
    }
  });

  it('gives the log position as the viewer and the judge desk show it', () => {
    expect(
      logPositionText({ index: 7, treeSize: 8, checkpointTime: '2026-12-07 04:40 UTC' }),
    ).toEqual({
      en: 'in the public log at position 7, checkpoint of 2026-12-07 04:40 UTC',
      ru: 'в открытом журнале под номером 7, контрольная точка от 2026-12-07 04:40 UTC',
    });
    expect(logPositionText({ index: 0, treeSize: 21 }).ru).toBe(
      'в открытом журнале под номером 0, контрольная точка на 21 лист',
    );
  });
});
