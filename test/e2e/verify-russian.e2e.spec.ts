import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DiceRolledData } from '../../src/domain/match/match-events';
import { freeformRuleset } from '../../src/domain/rulesets/freeform/freeform.ruleset';
import { forgedExport, newSigningKey } from '../support/forgery';
import { MatchHarness } from '../support/match-harness';
import { matchlogCli, verifyCli } from '../support/verify-cli';

const KEY = newSigningKey();

/** A finished freeform match with server dice: two rolls, then a concession reveals the seed. */
function finishedMatch(): MatchHarness {
  const h = new MatchHarness(freeformRuleset, 'verify-ru');
  h.started([{ seat: 'red' }, { seat: 'blue' }], { options: { diceSource: 'server' } });
  h.play('red', 'roll', { dice: '2d6', purpose: 'attack' });
  h.play('blue', 'roll', { dice: '1d8', purpose: 'defence' });
  h.play('blue', 'concede');
  return h;
}

/** Latin prose (three-letter words and longer) outside ids, hashes, seq and event names. */
const ENGLISH_WORD = /\b(the|not|does|from|was|and|with|seed|roll|follow)\b/i;

describe('matchlog verify in Russian (--lang ru, or a Russian locale)', () => {
  let dir: string;
  let honest: string;
  let forged: string;
  let forgedSeq: number;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'matchlog-verify-ru-'));
    const h = finishedMatch();
    expect(h.state.revealedSeed).toMatch(/^[0-9a-f]{64}$/);
    honest = join(dir, 'honest.ndjson');
    writeFileSync(honest, `${forgedExport(h.events, h.state.seats, KEY).join('\n')}\n`);
    // A key holder's forgery: the attack roll's faces changed, re-chained and re-signed.
    const events = structuredClone(h.events);
    const roll = events.find((e) => e.type === 'DiceRolled') as (typeof events)[number];
    const data = roll.data as DiceRolledData;
    data.faces = data.faces.map((face) => (face % 6) + 1);
    forgedSeq = roll.seq;
    forged = join(dir, 'forged.ndjson');
    writeFileSync(forged, `${forgedExport(events, h.state.seats, KEY).join('\n')}\n`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names a forged roll in Russian, with its seq, and exits 1', async () => {
    const run = await verifyCli(forged, '--key', KEY.publicKey, '--lang', 'ru');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(
        `^ОШИБКА на seq ${forgedSeq}: seq ${forgedSeq}: бросок №0 \\(attack, k=0\\) не выводится из раскрытого зерна \\(расхождение на позиции \\d\\): должно быть \\d, \\d, а записано \\d, \\d\\n$`,
      ),
    );
    expect(run.stdout).not.toMatch(ENGLISH_WORD);
    expect(run.stdout).not.toMatch(/[[{]/);
  });

  it('speaks the locale’s language without --lang, and English when told', async () => {
    const russian = await verifyCli(forged, '--key', KEY.publicKey);
    expect(russian.stdout).toMatch(/^FAIL at seq/);
    const ru = await matchlogCli(['verify', forged, '--key', KEY.publicKey], {
      LANG: 'ru_RU.UTF-8',
    });
    expect(ru.stdout).toMatch(/^ОШИБКА на seq /);
    const en = await matchlogCli(['verify', forged, '--key', KEY.publicKey, '--lang', 'en'], {
      LANG: 'ru_RU.UTF-8',
    });
    expect(en.stdout).toMatch(/^FAIL at seq .*the dice do not follow from the revealed seed/);
  });

  it('summarises an honest export in Russian, numbers in agreement', async () => {
    const run = await verifyCli(honest, '--lang', 'ru');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ВЕРНО: \d+ событи(е|я|й) в цепочке \(matchlog-export\/2\)/);
    expect(run.stdout).toContain('2 броска сервера и 0 перемешиваний выведены заново');
    expect(run.stdout).toContain('квитанции не даны');
    expect(run.stderr).toContain('заметка: --key и --keys не даны');
  });

  it('refuses a language it does not speak', async () => {
    const run = await verifyCli(honest, '--lang', 'de');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--lang is ru or en, not de');
  });
});
