import { readFileSync } from 'node:fs';
import { clubTable, type Json } from './support/table-harness';

/**
 * Issue 45 on the pages: the organizer pastes a starting position on /new (a wrong one first:
 * the refusal is shown beside the field in Russian), creates the match, a seat plays one
 * decision on from it, and the replay saves that moment as a position, to a file and to /new.
 * Every control is found by its visible Russian name.
 */

jest.setTimeout(600_000);

const SETUP = {
  zones: [
    { id: 'север', kind: 'location', name: { en: 'North', ru: 'Север' } },
    { id: 'юг', kind: 'location', name: { en: 'South', ru: 'Юг' } },
    { id: 'колода', kind: 'deck', visibility: 'nobody', name: { en: 'Deck', ru: 'Колода' } },
  ],
  pieces: [
    { id: 'крейсер', type: 'Крейсер', owner: 'Ольга', zone: 'север' },
    { id: 'к1', type: 'Атака', zone: 'колода' },
    { id: 'к2', type: 'Манёвр', zone: 'колода' },
  ],
};

describe('a match from a given position, on the pages (issue 45)', () => {
  const table = clubTable('positions', 'Клуб «Позиция»');
  const { open, record, synced } = table;

  it('pastes a position on /new, plays on from it, and saves a moment of the replay as a position', async () => {
    const desk = await table.phone(`/new#token=${table.organizer}`);
    await desk.getByLabel('Правила').selectOption({ label: 'Свободная запись' });
    await desk.waitForSelector('form.new-form[data-ruleset="freeform"] [data-field="f-seat-0"]');
    await desk.getByLabel('Название', { exact: true }).fill('Партия с позиции');
    const rows = desk.locator('.seat-row');
    for (const [i, name] of ['Ольга', 'Никита'].entries()) {
      await rows.nth(i).getByLabel('Id места').fill(name);
      await rows.nth(i).getByLabel('Имя игрока').fill(name);
    }
    await desk.getByLabel('Зоны', { exact: true }).fill(JSON.stringify(SETUP.zones));
    await desk.getByLabel('Фигуры', { exact: true }).fill(JSON.stringify(SETUP.pieces));
    const position = desk.getByLabel('Позиция (JSON)');
    // A zone the table does not have: refused beside the field, in Russian; no match created.
    await position.fill(JSON.stringify({ pieces: [{ id: 'крейсер', zone: 'атлантида' }] }));
    await desk.getByRole('button', { name: /Создать матч/ }).click();
    const problem = desk.locator('[data-field="f-position"] .field-problem');
    await problem.waitFor();
    expect(await problem.innerText()).toBe('Зоны «атлантида» на столе этой игры нет');
    await position.fill(
      JSON.stringify({
        pieces: [{ id: 'крейсер', zone: 'юг', status: 'damaged' }],
        decks: [{ deck: 'колода', order: ['к2', 'к1'] }],
        tracks: [{ id: 'очки', owner: 'Ольга', value: 5 }],
      }),
    );
    await desk.getByRole('button', { name: /Создать матч/ }).click();
    await desk.waitForSelector('.handout');
    const matchId = (await desk.getAttribute('.handout', 'data-match')) as string;
    const link = await desk.locator('.seat-card[data-seat="Ольга"] input').inputValue();
    const token = decodeURIComponent(link.split('#token=')[1]);

    // Olga plays on from the position: a roll of server dice.
    const olga = await table.phone(link);
    await olga.locator('.board').waitFor();
    // Both players were named on /new: the page took their seats and started the match.
    expect(await desk.locator('.seat-card[data-seat="Ольга"] [data-step]').allInnerTexts()).toEqual(
      ['Занято за игрока Ольга', 'Матч начат'],
    );
    await synced(olga);
    const roll = await open(olga, /^Бросить кубики/);
    await roll.getByLabel('Кубики *').fill('2d6');
    await roll.getByLabel('Кубики сервера (проверяемые)').check();
    await record(olga, roll, { button: 'Бросить' });
    const decisions = await table.decisions(matchId, token);
    expect(decisions.at(-1)).toMatchObject({ kind: 'roll', params: { dice: '2d6' } });
    const state = await (
      await fetch(`${table.app.url}/api/v1/matches/${matchId}/state`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect((state as Json).table.pieces['крейсер']).toMatchObject({
      zone: 'юг',
      status: 'damaged',
    });

    // The replay: the laid-out deck said so, and the moment saved as a position.
    // A tab of her own keeps its token for itself: the seat's link brings it.
    const replay = await table.tab(
      olga.context(),
      `/replay/${encodeURIComponent(matchId)}#token=${encodeURIComponent(token)}`,
    );
    // Named as the table names the deck, once the table at this moment is shown.
    await replay
      .locator('[data-laid-out="колода"]')
      .filter({ hasText: /^Колода: колода выложена организатором, не перетасована$/ })
      .waitFor();
    const save = replay.getByRole('button', { name: 'Сохранить этот момент как позицию' });
    const [download] = await Promise.all([replay.waitForEvent('download'), save.click()]);
    const saved = JSON.parse(readFileSync((await download.path()) as string, 'utf8')) as Json;
    expect(saved.ruleset).toBe('freeform');
    expect(saved.position.pieces).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'крейсер', zone: 'юг', status: 'damaged' }),
      ]),
    );
    expect(saved.position.tracks).toEqual(
      expect.arrayContaining([{ id: 'очки', owner: 'Ольга', value: 5 }]),
    );
    // Hidden cards stay out of what a seat saves.
    expect(JSON.stringify(saved.position)).not.toContain('к1');

    // And to /new with it: the form opens on the ruleset with the position in its field.
    await replay.getByRole('link', { name: 'Начать новый матч с этого момента' }).click();
    await replay.waitForSelector(
      'form.new-form[data-ruleset="freeform"] [data-field="f-position"]',
    );
    const brought = JSON.parse(await replay.getByLabel('Позиция (JSON)').inputValue()) as Json;
    expect(brought).toEqual(saved.position);
  });
});
