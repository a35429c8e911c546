import type { Locator, Page } from 'playwright-core';
import { TEST_ADMIN_TOKEN } from '../support/test-app';
import { api } from './support/matches';
import { clubTable, PHONE, startFromPage, type Json } from './support/table-harness';

/**
 * Issue 39 points 6 and 7 as two players on phones (390 px, a browser each) and their
 * organizer use them: what waits for a seat stands at the top of its page and in its header;
 * a refusal shows beside the button that caused it and goes with the next action; a note is
 * one click on a chess mark, from the table and from the replay; the organizer lists the
 * matches and issues a lost link again (the old one then answered 401); the home page lists
 * the tables whose links this browser opened. Controls are found by their Russian names;
 * what the pages recorded is read back over HTTP.
 */

jest.setTimeout(300_000);

interface Created {
  matchId: string;
  seatTokens: { seat: string; token: string }[];
}

describe('what waits for a seat, notes and lost links, on phones', () => {
  const table = clubTable('table', 'Клуб «Окно»');
  const { phone, tab, shoot } = table;
  let app: typeof table.app;
  let organizer: string;
  beforeAll(() => {
    app = table.app;
    organizer = table.organizer;
  });

  const playLink = (matchId: string, token: string) => `/play/${matchId}#token=${token}`;

  async function createMatch(title: string): Promise<Created & { token: Record<string, string> }> {
    const created = await api<Created>(app, 'POST', '/matches', organizer, {
      ruleset: 'freeform',
      title,
      seats: [
        { seat: 'red', side: 'Империя' },
        { seat: 'blue', side: 'Повстанцы' },
      ],
      options: { diceSource: 'either' },
      setup: {
        zones: [
          { id: 'north', kind: 'sector', name: { en: 'North', ru: 'Север' } },
          { id: 'south', kind: 'sector', name: { en: 'South', ru: 'Юг' } },
        ],
      },
    });
    return {
      ...created,
      token: Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token])),
    };
  }

  const events = (matchId: string): Promise<Json[]> => table.events(matchId, organizer);

  /** The table as the page draws it (a region named after the event it shows). */
  const board = (page: Page): Locator => page.getByRole('region', { name: /^Поле после события/ });

  /** The page shows the table at the match's head (it follows the match live). */
  async function synced(page: Page, matchId: string): Promise<number> {
    const seq = await table.head(matchId);
    await page.getByRole('region', { name: `Поле после события ${seq}` }).waitFor();
    return seq;
  }

  async function claim(page: Page, name: string): Promise<void> {
    await page.getByLabel('Ваше имя').fill(name);
    await page.getByRole('button', { name: 'Занять место' }).click();
    await page.getByText(`Ваше место занято: ${name}`, { exact: false }).waitFor();
  }

  async function top(locator: Locator): Promise<number> {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not laid out');
    return box.y;
  }

  it('puts what waits for a seat first, its refusals beside their buttons, and takes notes with one click', async () => {
    const { matchId, token } = await createMatch('Стол у окна');
    const red = await phone(playLink(matchId, token.red));
    const blue = await phone(playLink(matchId, token.blue));
    await claim(red, 'Аня');
    await claim(blue, 'Борис');
    await startFromPage(red);
    await synced(red, matchId);
    const started = (await events(matchId)).find((e) => e.type === 'MatchStarted')!.seq;

    // Аня passes, Борис too; then Аня asks from her phone to take both back (Борис must agree).
    await api(app, 'POST', `/matches/${matchId}/decisions`, token.red, { kind: 'pass' });
    await api(app, 'POST', `/matches/${matchId}/decisions`, token.blue, { kind: 'pass' });
    await synced(blue, matchId);
    // Борис, in a second tab that has lost the match's live stream, starts asking for an
    // undo of his own before Аня's request arrives.
    const stale = await tab(blue.context(), playLink(matchId, token.blue), { live: false });
    await synced(stale, matchId);
    await stale.getByText('Попросить отмену', { exact: true }).first().click();
    await stale.getByLabel('Вернуть стол к моменту после').locator('option').first().waitFor({
      state: 'attached',
    });
    await stale.getByLabel('Причина').fill('Я тоже хочу');

    await synced(red, matchId);
    await red.getByText('Попросить отмену', { exact: true }).first().click();
    const undoTo = red.getByLabel('Вернуть стол к моменту после');
    await undoTo.locator('option').first().waitFor({ state: 'attached' });
    // Only events the table can go back to: none before the start.
    const offered = await undoTo
      .locator('option')
      .evaluateAll((os) => os.map((o) => Number((o as HTMLOptionElement).value)));
    expect(offered.length).toBeGreaterThan(0);
    expect(Math.min(...offered)).toBe(started);
    await undoTo.selectOption(String(started));
    await red.getByLabel('Причина').fill('Не тот ход');
    const redUndo = red.locator('form').filter({ has: red.getByLabel('Причина') });
    await redUndo.getByRole('button', { name: 'Попросить отмену' }).click();

    // On Борис's phone the request stands above the board, and the header says so.
    const waiting = blue.getByRole('region', { name: 'Ждут вашего ответа' });
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain('Не тот ход');
    expect(await top(waiting)).toBeLessThan(await top(board(blue)));
    const header = blue.getByRole('banner');
    expect(await header.textContent()).toContain('Ждут вашего ответа: просьба об отмене');
    expect(await top(waiting)).toBeLessThan(PHONE.height);
    await shoot(blue, 'undo-waiting');

    // His stale tab sends its own request: refused, and the refusal stands beside the button
    // that sent it; his next action there (a note) takes it away.
    const staleUndo = stale.locator('form').filter({ has: stale.getByLabel('Причина') });
    await staleUndo.getByRole('button', { name: 'Попросить отмену' }).click();
    const refusal = staleUndo.getByRole('alert');
    await refusal.waitFor();
    expect(await stale.getByRole('alert').count()).toBe(1);
    await shoot(stale, 'undo-refused');
    await stale.getByRole('button', { name: '! хороший ход' }).click();
    await refusal.waitFor({ state: 'detached' });
    await stale.close();

    // Борис grants Аня's request from his phone.
    await waiting.getByRole('button', { name: 'Согласиться на отмену' }).click();
    await waiting.waitFor({ state: 'detached' });
    expect((await events(matchId)).find((e) => e.type === 'TimelineRewound')?.data).toMatchObject({
      toSeq: started,
    });

    // A roll of real dice Аня reports waits for Борис at the top, and in the header.
    const rolled = await api<{ events: Json[] }>(
      app,
      'POST',
      `/matches/${matchId}/rolls`,
      token.red,
      {
        purpose: 'attack',
        dice: '2d6',
        faces: [3, 5],
      },
    );
    const rollSeq = rolled.events.find((e) => e.type === 'DiceRolled')!.seq as number;
    // A ruling's rewind goes back to before the roll's decision, never into it.
    const beforeRoll = (rolled.events[0].seq as number) - 1;
    await waiting.waitFor();
    expect(await waiting.textContent()).toContain('3, 5');
    expect(await header.textContent()).toContain('бросок соперника');
    expect(await top(waiting)).toBeLessThan(await top(board(blue)));
    await shoot(blue, 'roll-waiting');
    await waiting.getByRole('button', { name: 'Видел(а): подтвердить' }).click();
    await waiting.waitFor({ state: 'detached' });
    expect((await events(matchId)).find((e) => e.type === 'ReportedRollConfirmed')?.data).toEqual({
      rollSeq,
      seat: 'blue',
    });
    expect(await header.textContent()).not.toContain('Ждут вашего ответа');

    // Борис marks the roll dubious with one click, then adds a word: both over HTTP, both in
    // the log without a reload.
    await synced(blue, matchId);
    await blue.getByRole('button', { name: new RegExp(`^#${rollSeq}\\b`) }).click();
    const notes = blue.getByRole('region', { name: `Заметка к событию #${rollSeq}` });
    await notes.getByRole('button', { name: '?! сомнительный ход' }).click();
    await blue.locator(`[data-note-seq="${rollSeq}"]`).first().waitFor();
    await notes.getByLabel('Текст заметки').fill('Кубик упал со стола');
    await notes.getByRole('button', { name: 'Добавить заметку' }).click();
    await blue.getByText('Кубик упал со стола').waitFor();
    const annotations = async () =>
      (await api<{ annotations: Json[] }>(app, 'GET', `/matches/${matchId}/annotations`, organizer))
        .annotations;
    const onRoll = (await annotations()).filter((a) => a.data.seq === rollSeq);
    expect(onRoll.map((a) => [a.data.tags, a.data.text])).toEqual([
      [['?!'], ''],
      [[], 'Кубик упал со стола'],
    ]);
    expect(onRoll[0].meta.actor).toMatchObject({ kind: 'seat', seat: 'blue' });
    await shoot(blue, 'notes');

    // A judge pauses the match: Борис's phone says so at the top and in the header.
    const judge = (
      await api<{ token: string }>(app, 'POST', '/judges', TEST_ADMIN_TOKEN, {
        name: 'Анна Петрова',
        matchId,
      })
    ).token;
    const { disputeId } = await api<{ disputeId: string }>(
      app,
      'POST',
      `/matches/${matchId}/disputes`,
      token.blue,
      { atSeq: rollSeq, claim: 'Кубик упал со стола' },
    );
    await api(app, 'POST', `/matches/${matchId}/pause`, judge, {
      reason: 'Спор о кубиках',
      disputeId,
    });
    const paused = blue.getByRole('region', { name: 'Матч на паузе' });
    await paused.waitFor();
    expect(await paused.textContent()).toContain('Судья поставил матч на паузу: «Спор о кубиках»');
    // The pause names its dispute: who opened it, on which event, what they claim.
    expect(await paused.textContent()).toContain(
      `Спор: Борис (Повстанцы) о событии ${rollSeq}, «Кубик упал со стола».`,
    );
    expect(await header.textContent()).toContain('Матч на паузе');
    expect(await top(paused)).toBeLessThan(await top(board(blue)));
    // Nothing is offered that the pause would refuse.
    await blue.getByRole('region', { name: 'Ваши решения' }).getByText('Матч на паузе').waitFor();
    expect(await blue.getByRole('button', { name: /^Пас/ }).count()).toBe(0);
    await shoot(blue, 'paused');

    // Аня notes the same roll from the replay, in the same tab (her link is held there).
    await red.goto(`${app.url}/replay/${matchId}#seq=${rollSeq}`);
    const replayNotes = red.getByRole('region', { name: `Заметка к событию #${rollSeq}` });
    await replayNotes.getByRole('button', { name: '!! блестящий ход' }).click();
    await red.locator(`[data-note-seq="${rollSeq}"]`, { hasText: '!!' }).waitFor();
    const fromReplay = (await annotations()).at(-1)!;
    expect(fromReplay.data).toMatchObject({ seq: rollSeq, tags: ['!!'] });
    expect(fromReplay.meta.actor).toMatchObject({ kind: 'seat', seat: 'red' });
    await shoot(red, 'replay-notes');

    // The home page lists the table whose link this browser opened, and opens it again.
    await red.goto(`${app.url}/`);
    const held = red.getByRole('region', { name: 'Ваши столы в этом браузере' });
    await held.waitFor();
    await shoot(red, 'home-held');
    await held.getByRole('link', { name: 'Открыть стол: Стол у окна' }).click();
    await red.waitForURL(`${app.url}/play/${matchId}`);
    await red.getByText('Место: Аня').first().waitFor();

    // The judge rules: the roll is voided. Both phones say so at the top, with the verdict,
    // the rule, the judge's name and what was voided, until each player has read it.
    await api(app, 'POST', `/matches/${matchId}/disputes/${disputeId}/ruling`, judge, {
      decision: 'amended',
      rationale: 'Кубик упал со стола: бросок повторяется',
      ruleRef: 'Правила клуба, п. 3',
      remedy: { kind: 'rewind', toSeq: beforeRoll },
    });
    const recorded = await events(matchId);
    const rewound = recorded.find(
      (e) => e.type === 'TimelineRewound' && e.data.cause.kind === 'ruling',
    );
    expect(recorded.find((e) => e.type === 'RulingIssued')?.data).toMatchObject({
      decision: 'amended',
      ruleRef: 'Правила клуба, п. 3',
      remedy: { kind: 'rewind', toSeq: beforeRoll },
    });
    for (const page of [red, blue]) {
      const ruling = page.getByRole('status').filter({ hasText: 'Решение судьи: Анна Петрова' });
      await ruling.waitFor();
      const text = await ruling.textContent();
      expect(text).toContain('Жалоба удовлетворена частично.');
      expect(text).toContain(
        `Спор: Борис (Повстанцы) о событии ${rollSeq}, «Кубик упал со стола».`,
      );
      expect(text).toContain('Правило: Правила клуба, п. 3');
      expect(text).toContain(
        `События ${rewound!.data.voided.from}–${rewound!.data.voided.to} отменены: стол вернулся к положению после события ${beforeRoll}.`,
      );
      expect(await top(ruling)).toBeLessThan(await top(board(page)));
    }
    await shoot(blue, 'ruled');
    await blue.getByRole('button', { name: 'Прочитано' }).click();
    await blue.reload();
    await synced(blue, matchId);
    expect(await blue.getByText('Решение судьи: Анна Петрова').count()).toBe(0);
    // Аня has not read it yet: it stays on her phone.
    expect(await red.getByText('Решение судьи: Анна Петрова').count()).toBe(1);
  });

  it('lets the organizer list the matches and issue a lost link again: the new one works, the old one gets 401', async () => {
    const { matchId, token } = await createMatch('Потерянная ссылка');
    for (const [seat, name] of [
      ['red', 'Аня'],
      ['blue', 'Борис'],
    ])
      await api(app, 'POST', `/matches/${matchId}/seats/${seat}/claim`, token[seat], { name });
    await api(app, 'POST', `/matches/${matchId}/start`, organizer);

    const desk = await phone(`/new#token=${organizer}`);
    const mine = desk.getByText(/^Ваши матчи: \d+/);
    await mine.waitFor();
    const row = desk.getByRole('listitem').filter({ hasText: 'Потерянная ссылка' });
    expect(await row.textContent()).toContain('Идёт');
    await shoot(desk, 'organizer-matches');
    await row.getByRole('button', { name: 'Новая ссылка: Аня' }).click();
    await row.getByRole('button', { name: 'Да, выдать новую ссылку' }).click();
    const link = await row.getByLabel('Ссылка').inputValue();
    expect(link).toMatch(new RegExp(`/play/${matchId}#token=ml_seat_`));
    await shoot(desk, 'organizer-reissued');
    const reissued = (await events(matchId)).filter((e) => e.type === 'SeatLinkReissued');
    expect(reissued.map((e) => e.data)).toEqual([{ seat: 'red' }]);

    // The old token is refused, the new link opens Аня's seat.
    const old = await fetch(`${app.url}/api/v1/matches/${matchId}/state`, {
      headers: { authorization: `Bearer ${token.red}` },
    });
    expect(old.status).toBe(401);
    const anya = await phone(new URL(link).pathname + new URL(link).hash);
    await anya.getByText('Место: Аня').first().waitFor();
    await anya.getByRole('heading', { name: 'Ваши решения' }).waitFor();

    // The organizer's own view of the replay is not called public.
    await desk.goto(`${app.url}/replay/${matchId}#token=${organizer}`);
    await desk.getByText('Просмотр организатора').waitFor();
    expect(await desk.getByRole('banner').textContent()).not.toContain('Публичный просмотр');
  });
});
