import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/test-app';
import {
  ARTIFACTS,
  RAW_ID,
  ensureWebBuilt,
  expectNoSideScroll,
  launchChromium,
  pagePerTest,
  type Browser,
} from './support/browser';
import { recordFreeformDispute, type FreeformDispute } from './support/disputes';
import { api } from './support/matches';
import { settled } from './support/table-harness';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TOURNAMENT = { tournamentId: 'appeal-pages', name: 'Кубок «Апелляция»' };

// Set-up records a match through the API and starts a browser: slow on a loaded machine.
jest.setTimeout(180_000);

/**
 * Issue 41 item 6, from the pages: Борис appeals a ruling from his play page, a judge who is
 * not the head judge reads it without a form (and the server refuses him in Russian), the
 * tournament's head judge overturns it from the desk with a new ruling whose corrective decision
 * is chosen with the play page's form and previewed before answering, and both
 * seats read the answer on their pages; the log over HTTP holds the appeal, the answer and the
 * new ruling.
 */
describe('an appeal from the play page, answered from the desk', () => {
  let app: TestApp;
  let browser: Browser;
  let heard: FreeformDispute;
  let headJudge: string;
  let rulingSeq: number;
  const tab = pagePerTest(
    () => browser,
    () => app.url,
  );
  const { open, text, accessible } = tab;

  beforeAll(async () => {
    ensureWebBuilt();
    [app, browser] = await Promise.all([startTestApp(), launchChromium()]);
    heard = await recordFreeformDispute(app, {
      club: 'Клуб «Апелляция»',
      tournament: TOURNAMENT,
      judgeName: 'Олег Арбитров',
      title: 'Полуфинал, стол 2',
    });
    headJudge = (
      await api<{ token: string }>(app, 'POST', '/judges', heard.org, {
        name: 'Ирина Главная',
        tournamentId: TOURNAMENT.tournamentId,
        head: true,
      })
    ).token;
    rulingSeq = (
      await api<{ events: { seq: number }[] }>(
        app,
        'POST',
        `/matches/${heard.matchId}/disputes/${heard.disputeId}/ruling`,
        heard.judge,
        {
          decision: 'rejected',
          rationale: 'Граница была открыта',
          ruleRef: '§4.2',
          remedy: { kind: 'none' },
        },
      )
    ).events[0].seq;
  });

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  async function shoot(name: string, selector: string): Promise<void> {
    for (const width of [390, 1280]) {
      await tab.page.setViewportSize({ width, height: 900 });
      await expectNoSideScroll(tab.page);
      await tab.page
        .locator(selector)
        .screenshot({ path: join(ARTIFACTS, `appeal-${name}-${width}.png`) });
    }
  }

  it('Борис appeals from his play page; the notice then says the head judge has not answered', async () => {
    await open(`/play/${heard.matchId}`, heard.seats.blue);
    const notice = tab.page.locator(`.ruling-notice[data-ruling="${rulingSeq}"]`);
    await notice.waitFor();
    await notice.getByRole('button', { name: 'Обжаловать решение' }).click();
    const send = notice.getByRole('button', { name: 'Подать апелляцию' });
    expect(await send.isDisabled()).toBe(true);
    await notice
      .getByLabel('Почему решение неверно (для главного судьи) *')
      .fill('Судья не учёл, что третий ход ещё шёл');
    await shoot('play-form', `.ruling-notice[data-ruling="${rulingSeq}"]`);
    await send.click();
    const pending = notice.locator('[data-appealed]');
    await pending.waitFor();
    expect(await pending.innerText()).toBe(
      'Борис (Повстанцы) обжалует решение: «Судья не учёл, что третий ход ещё шёл». Главный судья ещё не ответил.',
    );
    expect(await notice.getByRole('button', { name: 'Обжаловать решение' }).count()).toBe(0);
    await accessible();
    await shoot('play-pending', `.ruling-notice[data-ruling="${rulingSeq}"]`);

    // A second appeal: 409 in the reader's language, nothing recorded.
    const second = await fetch(
      `${app.url}/api/v1/matches/${heard.matchId}/disputes/${heard.disputeId}/appeal`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${heard.seats.blue}`,
          'content-type': 'application/json',
          'accept-language': 'ru',
        },
        body: JSON.stringify({ reason: 'Ещё раз' }),
      },
    );
    expect(second.status).toBe(409);
    expect(second.headers.get('content-type')).toContain('application/problem+json');
    expect(((await second.json()) as Json).detail).toBe(
      'Решение уже обжаловано: главный судья ещё не ответил',
    );
  });

  it('a judge who is not the head judge reads the appeal only; the head judge overturns it', async () => {
    const opened = async (token: string) => {
      await open(`/judge/${heard.matchId}/${heard.disputeId}`, token);
      const panel = tab.page.locator('section.appeal-panel');
      await panel.waitFor();
      expect(await panel.locator('p').first().innerText()).toMatch(
        /^Обжалует: Борис \(Повстанцы\), \d{1,2} [а-я]+\.? \d{4} г\., \d{2}:\d{2}:\d{2}\. Причина: «Судья не учёл, что третий ход ещё шёл»$/,
      );
      return panel;
    };
    const answer = async (token: string, overturn: boolean) => {
      const panel = await opened(token);
      await panel
        .getByRole('radio', {
          name: overturn ? 'Отменить и вынести новое решение' : 'Оставить решение в силе',
        })
        .check();
      await panel.getByLabel('Обоснование ответа').fill('Третий ход ещё не закончился');
      return panel;
    };

    // Олег is a judge of the tournament, not its head judge: no form, whom the appeal waits on.
    const readOnly = await opened(heard.judge);
    const awaiting = readOnly.locator('[data-appeal-awaiting="head-judge"]');
    await awaiting.waitFor();
    expect(await awaiting.innerText()).toBe(
      'Ответ на обжалование даёт главный судья — Ирина Главная; вам оно видно только для чтения.',
    );
    expect(await readOnly.locator('form, input, textarea, button').count()).toBe(0);
    await accessible();
    await shoot('desk-read-only', 'section.appeal-panel');
    // The server refuses him all the same, in Russian, and records nothing.
    const refused = await fetch(
      `${app.url}/api/v1/matches/${heard.matchId}/disputes/${heard.disputeId}/appeal/decision`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${heard.judge}`,
          'content-type': 'application/json',
          'accept-language': 'ru',
        },
        body: JSON.stringify({ outcome: 'upheld', rationale: 'Решение верно' }),
      },
    );
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Json).detail).toBe(
      'На апелляции отвечает главный судья турнира (или администратор)',
    );

    const panel = await answer(headJudge, true);
    const newRuling = panel.locator('fieldset.appeal-new-ruling');
    await newRuling.getByRole('radio', { name: 'Жалоба удовлетворена' }).check();
    await newRuling
      .getByLabel('Обоснование нового решения')
      .fill('Граница была закрыта: ход отменён');
    await newRuling.getByLabel('Правило').fill('§4.2');
    // Corrective decisions: Анна's tank back north, chosen with the play page's form.
    await newRuling.getByRole('radio', { name: 'Корректирующие решения' }).check();
    const corrective = panel.locator('section.corrective-decisions');
    await corrective.waitFor();
    await corrective.getByLabel('За кого').selectOption({ label: 'Анна (Империя)' });
    await corrective.and(tab.page.locator('[aria-busy="false"]')).waitFor();
    await corrective
      .getByRole('group', { name: 'Решения, которые позволяют правила' })
      .getByRole('button', { name: 'Переместить фигуры или флот' })
      .click();
    const move = corrective.locator('form.decision-form[data-kind="move"]');
    await settled(move);
    await move
      .getByRole('group', { name: /^Фигуры/ })
      .getByRole('checkbox')
      .first()
      .check();
    await settled(move);
    await move.getByLabel('Куда *').selectOption({ label: 'Север' });
    await settled(move);
    await move.getByRole('button', { name: 'Добавить в решение' }).click();
    await corrective.locator('ol.corrective-chosen li').first().waitFor();
    // Answered only once previewed: the table it would leave, Анна's tank back north.
    const answerButton = panel.getByRole('button', { name: 'Ответить на апелляцию' });
    expect(await answerButton.isDisabled()).toBe(true);
    await panel.getByRole('button', { name: 'Предпросмотр решения' }).click();
    const preview = panel.locator('.ruling-preview[data-preview="shown"]');
    await preview.waitFor();
    const previewed = await preview.locator('ol.preview-events').innerText();
    expect(previewed).toMatch(/Анна/);
    expect(previewed).not.toMatch(RAW_ID);
    expect(await preview.locator('.board [data-zone="north"]').innerText()).toContain('Танк');
    expect(await answerButton.isDisabled()).toBe(false);
    await accessible();
    await shoot('desk-form', 'section.appeal-panel');
    await answerButton.click();
    const answered = tab.page.locator('[data-appeal-answer="overturned"]');
    await answered.waitFor();
    expect(await answered.innerText()).toMatch(
      /^Ответ главного судьи \(Ирина Главная, .+\d{2}:\d{2}:\d{2}\): решение отменено, новое решение — выше\.\n+Третий ход ещё не закончился$/,
    );
    expect(await tab.page.locator('.dispute-ruling').getAttribute('data-ruled')).toBe('upheld');
    expect(await text('.dispute-ruling')).toContain('Ирина Главная');
    expect(await text('section.appeal-panel')).not.toMatch(RAW_ID);
    await shoot('desk-answered', 'section.appeal-panel');

    // The log over HTTP: the appeal, the answer, the new ruling and its rewind.
    const { events } = await api<{ events: Json[] }>(
      app,
      'GET',
      `/matches/${heard.matchId}/events?line=all`,
      headJudge,
    );
    const appealed = events.find((e) => e.type === 'RulingAppealed')!;
    expect(appealed.data).toMatchObject({
      disputeId: heard.disputeId,
      rulingSeq,
      seat: 'blue',
      reason: 'Судья не учёл, что третий ход ещё шёл',
    });
    expect(appealed.meta.actor).toMatchObject({ kind: 'seat', seat: 'blue' });
    const decided = events.find((e) => e.type === 'AppealDecided')!;
    expect(decided.data).toMatchObject({
      disputeId: heard.disputeId,
      appealSeq: appealed.seq,
      outcome: 'overturned',
      rationale: 'Третий ход ещё не закончился',
    });
    const replacing = events.find((e) => e.type === 'RulingIssued' && e.seq > decided.seq)!;
    expect(replacing.data).toMatchObject({
      decision: 'upheld',
      ruleRef: '§4.2',
      remedy: {
        kind: 'corrective',
        decisions: [{ seat: 'red', kind: 'move', params: { to: 'north' } }],
      },
    });
    const moved = events.find((e) => e.type === 'PiecesMoved' && e.seq > replacing.seq)!;
    expect(moved.data).toMatchObject({ pieces: ['r1'], to: 'north' });
  });

  it('both seats read the head judge’s answer on their pages', async () => {
    for (const [seat, token] of Object.entries(heard.seats)) {
      await open(`/play/${heard.matchId}`, token);
      const notice = tab.page.locator('.ruling-notice');
      await notice.locator('[data-appeal="overturned"]').waitFor();
      expect(await notice.locator('[data-appeal="overturned"]').innerText()).toBe(
        'Ответ на апелляцию (Ирина Главная): решение отменено, вот новое решение. Третий ход ещё не закончился',
      );
      expect(await notice.locator('.ruling-verdict').innerText()).toMatch(/^Жалоба удовлетворена/);
      // The dispute is closed: no appeal is offered again.
      expect(await notice.getByRole('button', { name: 'Обжаловать решение' }).count()).toBe(0);
      await accessible();
      await shoot(`play-answered-${seat}`, '.ruling-notice');
    }
  });
});
