import { startTestApp, type TestApp } from '../support/test-app';
import {
  RAW_ID,
  ensureWebBuilt,
  launchChromium,
  pagePerTest,
  rowsNamingTheirActorTwice,
  type Browser,
} from './support/browser';
import { recordReviewMatches, type ReviewMatches } from './support/review-matches';
/** An English word inside a Russian page: "combat", "hacan-special", "(battle)". */
const ENGLISH_WORD = /\b[a-z]{3,}(?:-[a-z]+)*\b/;

/**
 * The log says what happened: each decision by its params after its seat's name, rounds and
 * phases as headers and as marks on the timeline, the names the board uses, in Russian with
 * counts agreeing with their nouns — for freeform, Commanders Path and Rex.
 */
describe('the log of a match, as a reader follows it', () => {
  let app: TestApp;
  let browser: Browser;
  let m: ReviewMatches;
  const tab = pagePerTest(
    () => browser,
    () => app.url,
  );
  const { open, text } = tab;

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    m = await recordReviewMatches(app);
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  /** The replay at `seq` in `lang`, chosen by the address as a shared link would. */
  async function replay(matchId: string, seq: number, lang: 'ru' | 'en', token?: string) {
    await open(`/replay/${matchId}?lang=${lang}#seq=${seq}`, token);
    await tab.page.waitForSelector(`.board[data-seq="${seq}"]:not(.pending)`);
  }

  /** The decision rows of the log (or the rows `selector` picks) as "who | what". */
  async function decisions(selector = '.log-entry.cat-decision'): Promise<string[]> {
    return tab.page
      .locator(selector)
      .evaluateAll((rows) =>
        rows.map(
          (row) =>
            `${row.querySelector('.log-actor')?.textContent ?? ''} | ${row.querySelector('.log-text')?.textContent ?? ''}`,
        ),
      );
  }

  it('freeform: each decision by its params after the player’s name, rounds and phases marked', async () => {
    const { freeform } = m;
    await replay(freeform.matchId, freeform.at.restore, 'ru');
    const rows = await decisions();
    expect(rows).toEqual(
      expect.arrayContaining([
        'Анна | тасует: Колода приказов',
        'Анна | начинает раунд 1',
        'Анна | начинает фазу: движение',
        'Анна | берёт 2 карты: Колода приказов',
        'Анна | уничтожает: Истребитель (бой)',
        'Борис | возвращает в игру: Истребитель → Юг',
      ]),
    );
    // The timeline strip: the round's mark, numbered, and the phase's tick.
    expect(await text('.strip-round')).toBe('Р1');
    expect(await tab.page.getAttribute('.strip-phases', 'data-phases')).toBe('1');
    expect(await tab.page.locator('.log-section').count()).toBeGreaterThanOrEqual(2);
    // What befalls a seat stands after its name and a colon, never as a sentence begun anew
    // after the bare name («Анна Перемещена фигура»).
    const entries = await decisions('.log-entry');
    expect(entries.filter((row) => /^[^|]*[^:|\s] \| \p{Lu}/u.test(row))).toEqual([]);
    expect(entries.join('\n')).toContain('Анна: | перемещена фигура: Танк → Юг');
    expect(entries).toContain('Борис: | уничтожена фигура: Истребитель (бой)');
    // The caption of the step on the timeline says the whole sentence.
    // Before the first round the turn bar names no round («Раунд 0»); after it, round 1.
    await replay(freeform.matchId, freeform.at.shuffle, 'ru');
    expect(await tab.page.locator('.turn-bar [data-round]').count()).toBe(0);
    expect(await text('.turn-bar')).not.toContain('Раунд');
    await replay(freeform.matchId, freeform.at.round, 'ru');
    expect(await text('.turn-bar [data-round]')).toBe('Раунд 1');
    await replay(freeform.matchId, freeform.at.move - 1, 'ru');
    expect(await text('.current-phrase')).toContain('Анна перемещает Танк → Юг');
    // The same names as the board: the zone the tank went to is the board's «Юг».
    expect(await text('[data-zone="south"] .zone-name')).toBe('Юг');
    // In English, the same decisions in English words.
    await replay(freeform.matchId, freeform.at.restore, 'en');
    expect(await decisions()).toEqual(
      expect.arrayContaining([
        'Анна | draws 2 cards from Order deck',
        'Борис | brings Истребитель back to South',
      ]),
    );
  });

  it('Rex: troops counted in Russian, places and sides by the names the map gives them', async () => {
    const { rex } = m;
    await replay(rex.matchId, rex.at.battle, 'ru', rex.seats.letnev);
    const rows = await decisions();
    const deploy = rows.find((row) => row.includes('высаживает'));
    const place = await text('[data-zone="vel-terro"] .zone-name');
    expect(place.length).toBeGreaterThan(0);
    expect(deploy).toBe(`Вера | высаживает 1 войско → ${place}`);
    expect(rows.join('\n')).toContain('Вера | начинает бой:');
    expect(rows.join('\n')).toContain('противник — Глеб');
    expect(rows.filter((row) => row.endsWith('| заканчивает ход'))).toHaveLength(3);
    const log = await text('.log');
    expect(log).not.toMatch(RAW_ID);
    expect(log).not.toMatch(ENGLISH_WORD);
    await replay(rex.matchId, rex.at['call-traitor'], 'ru', rex.seats.letnev);
    const battle = await text('.log');
    expect(battle).not.toMatch(RAW_ID);
    expect(battle).not.toMatch(ENGLISH_WORD);
  });

  it('Commanders Path: its own decisions in words, no ids, no English', async () => {
    const { cp } = m;
    await replay(cp.matchId, cp.lastSeq, 'ru');
    const rows = (await decisions()).join('\n');
    expect(rows).toContain('Анна | заканчивает шаг ресурсов');
    expect(rows).toContain('Борис | заканчивает производство');
    expect(rows).toMatch(/Анна \| перемещает [^\n]+ → /);
    const log = await text('.log');
    expect(log).not.toMatch(RAW_ID);
    expect(log).not.toMatch(ENGLISH_WORD);
    // Counts agree with their nouns; verbs in the present, which has no gender to get wrong.
    const entries = (await decisions('.log-entry')).join('\n');
    expect(entries).toContain('Борис | получает 6 ресурсов и 1 фишку действия');
    expect(entries).toContain('Анна | завершает получение ресурсов');
    expect(await rowsNamingTheirActorTwice(tab.page)).toEqual([]);
    expect(log).toMatch(/контроль переходит: Борис → Анна \(захват\)/);
    expect(log).not.toMatch(/завершил|переместил|\b1 фишек/);
  });
});
