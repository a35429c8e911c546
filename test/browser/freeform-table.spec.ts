import { clubTable, options, recordButton, accepted, type Json } from './support/table-harness';
import { api } from './support/matches';

/**
 * Issue 39, freeform at a club table: the organizer creates a match on /new with Russian
 * names and an empty setup; two players, each on a phone of their own (390 px, a browser
 * context each), lay out the table from the pages alone (zones, a deck, pieces, a track),
 * draw and play cards, roll server and physical dice (the other phone confirms them), and
 * end the match by a declared result the other player confirms. Every control is chosen by
 * its visible Russian name; after each step the log over HTTP holds the decision picked.
 */

jest.setTimeout(600_000);

describe('freeform from an empty table, on phones (issue 39)', () => {
  const table = clubTable('freeform', 'Клуб «Стол»');
  const { open, record, synced, noLatin, shoot } = table;

  let matchId = '';
  const token: Record<string, string> = {};

  const events = (seat: string): Promise<Json[]> => table.events(matchId, token[seat]);

  /** The last decision the log holds, as the seat reads it over HTTP. */
  async function lastDecision(seat: string): Promise<Json> {
    return (await table.decisions(matchId, token[seat])).at(-1)!;
  }

  it('lays out the table, draws, plays, rolls and ends by a confirmed result', async () => {
    // --- The organizer: /new, freeform, two players named in Russian, nothing set out. ---
    const desk = await table.phone(`/new#token=${table.organizer}`);
    await desk.getByLabel('Правила').selectOption({ label: 'Свободная запись' });
    await desk.waitForSelector('form.new-form[data-ruleset="freeform"] [data-field="f-seat-0"]');
    await desk.getByLabel('Название', { exact: true }).fill('Вечер на кухне');
    const rows = desk.locator('.seat-row');
    for (const [i, name] of ['Ольга', 'Никита'].entries()) {
      await rows.nth(i).getByLabel('Id места').fill(name);
      await rows.nth(i).getByLabel('Имя игрока').fill(name);
    }
    await desk.getByRole('button', { name: /Создать матч/ }).click();
    await desk.waitForSelector('.handout');
    matchId = (await desk.getAttribute('.handout', 'data-match')) as string;
    const links: Record<string, string> = {};
    for (const seat of ['Ольга', 'Никита']) {
      links[seat] = await desk.locator(`.seat-card[data-seat="${seat}"] input`).inputValue();
      token[seat] = decodeURIComponent(links[seat].split('#token=')[1]);
    }
    const created = (await events('Ольга')).find((e) => e.type === 'MatchCreated')!;
    expect(created.data.setup ?? {}).toEqual({});

    const olga = await table.phone(links['Ольга']);
    const nikita = await table.phone(links['Никита']);
    const start = olga.getByRole('button', { name: 'Начать матч' });
    await olga.locator('.board').waitFor();
    if ((await start.count()) > 0) await start.click();
    await synced(olga);
    await noLatin(olga);

    // --- Zones, all in Russian: a name, a kind picked by name (or in one's own words), who
    // sees them; no id typed (made from the name) and no English needed. ---
    const zonesForm = await open(olga, 'Создать зоны');
    await expect(recordButton(zonesForm).isDisabled()).resolves.toBe(true);
    const zones = [
      { name: 'Стол', kind: 'Другое…', own: 'Игровое поле', sees: 'Все' },
      { name: 'Колода', kind: 'Колода', sees: 'Никто (колода)' },
      { name: 'Сброс', kind: 'Сброс', sees: 'Все' },
    ];
    for (const [i, zone] of zones.entries()) {
      await zonesForm.getByRole('button', { name: 'Добавить' }).click();
      const item = zonesForm.getByRole('group', { name: `Новые зоны ${i + 1}` });
      // The id is optional and typed, never picked among the ids that exist.
      const id = item.getByLabel('Идентификатор (если пусто — из названия)');
      expect(await id.evaluate((el) => el.tagName)).toBe('INPUT');
      const kind = item.getByLabel('Вид зоны *');
      expect(await options(kind)).toEqual([
        'Локация',
        'Сектор',
        'Гекс',
        'Область',
        'Рука',
        'Колода',
        'Сброс',
        'Резерв',
        'Другое…',
      ]);
      await kind.selectOption({ label: zone.kind });
      if (zone.own) await item.getByLabel('Своими словами').fill(zone.own);
      await item.getByLabel('Название', { exact: true }).fill(zone.name);
      const sees = item.getByLabel('Кто видит содержимое');
      expect(await options(sees)).toEqual(['Все', 'Только владелец', 'Никто (колода)']);
      await sees.selectOption({ label: zone.sees });
    }
    // One name given in English too.
    await zonesForm
      .getByRole('group', { name: 'Новые зоны 3' })
      .getByLabel('По-английски (необязательно)')
      .fill('Discard');
    await noLatin(olga, ['Discard']);
    await shoot(olga, 'create-zones', zonesForm);
    await record(olga, zonesForm);
    const zoned = await lastDecision('Ольга');
    expect(zoned).toMatchObject({ kind: 'create-zones', seat: 'Ольга' });
    expect(zoned.params.zones).toEqual([
      { kind: 'Игровое поле', name: { en: 'Стол', ru: 'Стол' }, visibility: 'public' },
      { kind: 'deck', name: { en: 'Колода', ru: 'Колода' }, visibility: 'nobody' },
      { kind: 'discard', name: { en: 'Discard', ru: 'Сброс' }, visibility: 'public' },
    ]);
    const made = (await events('Ольга')).filter((e) => e.type === 'ZonesCreated').at(-1)!;
    expect(made.data.zones.map((z: Json) => z.id)).toEqual(['стол', 'колода', 'сброс']);

    // --- Pieces: four cards into the deck, Ольга's cruiser on the table; zones by name. ---
    const piecesForm = await open(olga, 'Создать фигуры');
    const pieces = [
      { type: 'Туз', zone: 'Колода' },
      { type: 'Король', zone: 'Колода' },
      { type: 'Дама', zone: 'Колода' },
      { type: 'Валет', zone: 'Колода' },
      { type: 'Крейсер', zone: 'Стол', owner: 'Ольга' },
    ];
    for (const [i, piece] of pieces.entries()) {
      await piecesForm.getByRole('button', { name: 'Добавить' }).click();
      const item = piecesForm.getByRole('group', { name: `Новые фигуры ${i + 1}` });
      await item.getByLabel('Тип *').fill(piece.type);
      const zone = item.getByLabel('Зона *');
      expect(await options(zone)).toEqual(expect.arrayContaining(['Колода', 'Сброс', 'Стол']));
      await zone.selectOption({ label: piece.zone });
      if (piece.owner) await item.getByLabel('Владелец').selectOption({ label: piece.owner });
    }
    await record(olga, piecesForm);
    const placed = await lastDecision('Ольга');
    expect(placed.kind).toBe('create-pieces');
    expect(placed.params.pieces.map((p: Json) => [p.type, p.zone])).toEqual([
      ['Туз', 'колода'],
      ['Король', 'колода'],
      ['Дама', 'колода'],
      ['Валет', 'колода'],
      ['Крейсер', 'стол'],
    ]);
    expect(placed.params.pieces[4].owner).toBe('Ольга');

    // Никита's frigate, by Никита.
    const frigateForm = await open(nikita, 'Создать фигуры');
    await frigateForm.getByRole('button', { name: 'Добавить' }).click();
    await frigateForm.getByLabel('Тип *').fill('Фрегат');
    await frigateForm.getByLabel('Зона *').selectOption({ label: 'Стол' });
    await frigateForm.getByLabel('Владелец').selectOption({ label: 'Никита' });
    await record(nikita, frigateForm);
    expect((await lastDecision('Никита')).params.pieces[0]).toMatchObject({
      type: 'Фрегат',
      owner: 'Никита',
      zone: 'стол',
    });

    // --- A track: none yet, so a new one is typed; then it is picked by its name. ---
    const trackForm = await open(olga, 'Изменить трек');
    const scale = trackForm.getByLabel('Шкала *');
    expect(await options(scale)).toEqual(['Новая…']);
    await scale.selectOption({ label: 'Новая…' });
    await trackForm.getByLabel('Её обозначение (буквы, цифры)').fill('очки-ольги');
    await trackForm.getByLabel('Новое значение').fill('3');
    await trackForm.getByLabel('Владелец').selectOption({ label: 'Ольга' });
    // Its name in Russian only: the English reads the same.
    await trackForm.getByLabel('Название', { exact: true }).fill('Очки');
    await record(olga, trackForm);
    expect(await lastDecision('Ольга')).toMatchObject({
      kind: 'change-track',
      params: {
        track: 'очки-ольги',
        value: 3,
        owner: 'Ольга',
        name: { en: 'Очки', ru: 'Очки' },
      },
    });
    const again = await open(olga, 'Изменить трек');
    const named = await options(again.getByLabel('Шкала *'));
    expect(named).toContain('Новая…');
    expect(named.some((o) => o.startsWith('Очки'))).toBe(true);
    await again
      .getByLabel('Шкала *')
      .selectOption({ label: named.find((o) => o.startsWith('Очки'))! });
    await again.getByLabel('Изменение').fill('2');
    await record(olga, again);
    expect(await lastDecision('Ольга')).toMatchObject({
      kind: 'change-track',
      params: { track: 'очки-ольги', delta: 2 },
    });

    // --- Draws: the deck by its name with its count; nothing chosen before the player. ---
    for (const [page, seat, count] of [
      [olga, 'Ольга', '2'],
      [nikita, 'Никита', '1'],
    ] as const) {
      const form = await open(page, 'Взять карты');
      const deck = form.getByLabel('Колода *');
      await expect(deck.inputValue()).resolves.toBe('');
      await expect(recordButton(form).isDisabled()).resolves.toBe(true);
      expect(await options(deck)).toEqual([`Колода — карт: ${seat === 'Ольга' ? 4 : 2}`]);
      await deck.selectOption({ index: 1 });
      await form.getByLabel('Сколько карт *').selectOption({ label: count });
      if (seat === 'Ольга') await shoot(page, 'draw');
      await record(page, form);
      expect(await lastDecision(seat)).toMatchObject({
        kind: 'draw',
        seat,
        params: { deck: 'колода', count: Number(count) },
      });
    }

    // --- Ольга plays a card from her hand; no picker holds Никита's frigate or hand. ---
    const move = await open(olga, 'Переместить фигуры или флот');
    const movable = await move.getByRole('group', { name: /^Фигуры/ }).innerText();
    expect(movable).toContain('Крейсер');
    expect(movable).not.toContain('Фрегат');
    await move.getByRole('button', { name: 'Отмена' }).click();
    const play = await open(olga, 'Сыграть карты');
    await expect(recordButton(play).isDisabled()).resolves.toBe(true);
    const cards = play.getByRole('group', { name: /^Фигуры/ });
    const offered = await cards.innerText();
    expect(offered).not.toContain('Фрегат');
    // A card of her hand (its hint names where it is).
    await cards.getByLabel(/Рука/).first().check();
    await play.getByLabel('Куда *').selectOption({ label: 'Сброс' });
    await shoot(olga, 'play');
    await record(olga, play);
    const played = await lastDecision('Ольга');
    expect(played).toMatchObject({ kind: 'play', params: { to: 'сброс' } });
    expect(played.params.pieces).toHaveLength(1);

    // --- Dice: a server roll by Ольга; physical dice by Никита, confirmed on Ольга's phone. ---
    const serverRoll = await open(olga, /^Бросить кубики/);
    await serverRoll.getByLabel('Кубики *').fill('2d6');
    await serverRoll.getByLabel('Кубики сервера (проверяемые)').check();
    await record(olga, serverRoll, { button: 'Бросить' });
    expect(await lastDecision('Ольга')).toMatchObject({ kind: 'roll', params: { dice: '2d6' } });
    const physical = await open(nikita, /^Бросить кубики/);
    await physical.getByLabel('Кубики *').fill('2d6');
    await physical.getByLabel('Настоящие кубики: введите грани').check();
    const faces = physical.getByRole('spinbutton');
    await faces.nth(0).fill('4');
    await faces.nth(1).fill('6');
    await record(nikita, physical);
    const reported = (await events('Никита')).filter((e) => e.type === 'DiceRolled').at(-1)!;
    expect(reported.data).toMatchObject({ faces: [4, 6], source: 'reported' });
    await synced(olga);
    await olga.getByRole('button', { name: 'Видел(а): подтвердить' }).click();
    await olga
      .waitForFunction(() => !document.body.innerText.includes('Видел(а): подтвердить'))
      .catch(() => undefined);
    const confirmedRoll = (await events('Ольга')).find((e) => e.type === 'ReportedRollConfirmed');
    expect(confirmedRoll?.data).toMatchObject({ rollSeq: reported.seq, seat: 'Ольга' });
    await synced(olga);

    // --- The end: Ольга declares herself the winner; nobody ticked until she ticks. ---
    const declare = await open(olga, /^Объявить результат/);
    const winners = declare.getByRole('group', { name: /^Победители/ });
    const boxes = winners.getByRole('checkbox');
    expect(await boxes.count()).toBe(2);
    for (const box of await boxes.all()) expect(await box.isChecked()).toBe(false);
    await winners.getByLabel('Ольга').check();
    await declare.getByLabel('Условие победы *').fill('больше очков');
    await shoot(olga, 'declare-result');
    await record(olga, declare);
    expect(await lastDecision('Ольга')).toMatchObject({
      kind: 'declare-result',
      params: { winners: ['Ольга'], condition: 'больше очков' },
    });
    const declared = (await events('Ольга')).at(-1)!;
    expect(declared).toMatchObject({
      type: 'ResultDeclared',
      data: { awaiting: ['Никита'] },
    });
    expect((await api<Json>(table.app, 'GET', `/matches/${matchId}`, table.organizer)).status).toBe(
      'started',
    );

    // Никита confirms: the form says what will be recorded and asks once more.
    const confirm = await open(nikita, 'Подтвердить объявленный итог');
    await accepted(confirm);
    await recordButton(confirm).click();
    await confirm.getByText('Матч закончится: победитель — Ольга. Записать?').waitFor();
    await shoot(nikita, 'confirm-result');
    await confirm.getByRole('button', { name: 'Да, закончить матч' }).click();
    await confirm.waitFor({ state: 'detached' });
    await synced(nikita);
    await noLatin(nikita);
    const finished = (await events('Никита')).find((e) => e.type === 'MatchFinished')!;
    expect(finished.data).toMatchObject({ winners: ['Ольга'], condition: 'больше очков' });
    await shoot(nikita, 'finished');
  });
});
