import type { Locator, Page } from 'playwright-core';
import { api } from './support/matches';
import { RAW_ID } from './support/browser';
import { clubTable, options, recordButton, type Json } from './support/table-harness';

/**
 * Issue 39 at a Commanders Path table: the organizer creates the match on /new with Russian
 * names, Аня's deck pasted there as a list; Аня and Борис, each on a phone of their own
 * (390 px), play from the pages alone: Борис registers his deck from the catalogue with
 * counts, both draw, spend the 25 setup resources, deploy (the lower initiative first), then
 * two whole turns — resources, production (Борис builds a ship), movement — and in the
 * second, Аня flies her cruiser to the orbit of Борис's asteroid and the battle there is
 * fought round by round until his bomber is lost. Every control is chosen by its visible
 * Russian name; after each step the log read over HTTP holds the decision picked; forms
 * start empty with the record button disabled; no picker offers the other seat's cards.
 */

jest.setTimeout(900_000);

/**
 * Аня's deck as a club player pastes it, in its draw order (the match keeps the registered
 * order): her opening 15 are 4 Экзорцист, 4 Эдем, 4 Засада and 3 Торговый союз.
 */
const ANYA_DECK = [
  'Командор: Командор Рейн (тест)',
  '4 Экзорцист',
  '4 Планета «Эдем» (тест)',
  '4 Засада (тест)',
  '4 Торговый союз (тест)',
  '4 Усиленная броня (тест)',
  '4 Космопорт (тест)',
  '4 Десантный полк (тест)',
  '4 Орбитальная батарея (тест)',
  '4 Фрегат «Оса» (тест)',
  '4 Торпедоносец «Скат» (тест)',
].join('\n');

/**
 * Борис ticks ten names of the catalogue, four copies each; the deck keeps the catalogue's
 * order, so his opening 15 are 4 Гарпун, 4 Рудник, 4 Молот and 3 Десантный полк.
 */
const BORIS_DECK = [
  'Абордажник «Гарпун» (тест)',
  'Астероид «Рудник» (тест)',
  'Бомбардировщик «Молот» (тест)',
  'Десантный полк (тест)',
  'Засада (тест)',
  'Космопорт (тест)',
  'Орбитальная батарея (тест)',
  'Торговый союз (тест)',
  'Усиленная броня (тест)',
  'Фрегат «Оса» (тест)',
];

describe('Commanders Path from the pages, on phones (issue 39)', () => {
  const table = clubTable('cp-table', 'Клуб «Путь»');
  const { open, record, synced, noLatin, shoot } = table;

  it('creates, registers, deals, spends, deploys, plays two turns and fights a battle from the pages', async () => {
    // --- The organizer: /new, Путь Командора, the players' Russian names, Аня's deck list. ---
    const desk = await table.phone(`/new#token=${table.organizer}`);
    await desk.getByLabel('Правила', { exact: true }).selectOption({ label: 'Путь Командора' });
    await desk.locator('form.new-form[data-ruleset="commanders-path"]').waitFor();
    await desk.getByLabel('Название', { exact: true }).first().fill('Клубная партия');
    // The decks keep the order they are registered in: the draws are the ones the club planned.
    await desk
      .getByLabel('Перемешивание колод', { exact: true })
      .selectOption({ label: 'Порядок регистрации' });
    const names = desk.getByLabel('Имя игрока');
    await names.nth(0).fill('Аня');
    await names.nth(1).fill('Борис');
    await desk.getByLabel('Список колоды').nth(0).fill(ANYA_DECK);
    await desk.getByRole('button', { name: 'Создать матч' }).click();
    await desk.locator('.handout').waitFor();
    const matchId = (await desk.locator('.handout').getAttribute('data-match')) as string;
    await desk.getByText('Колода зарегистрирована').waitFor();
    await desk.getByText('Матч начат').waitFor();
    await noLatin(desk);
    await shoot(desk, 'created');
    const pages: Record<string, Page> = {};
    const tokens: Record<string, string> = {};
    const seatOf: Record<string, string> = {};
    for (const seatCard of await desk.locator('.seat-card').all()) {
      const seat = (await seatCard.getAttribute('data-seat')) as string;
      const taken = (await seatCard.getByText(/Занято за игрока/).innerText()).trim();
      seatOf[taken.replace('Занято за игрока ', '')] = seat;
      const link = await seatCard.getByRole('textbox', { name: 'Ссылка' }).inputValue();
      tokens[seat] = /#token=([^&]+)/.exec(link)![1];
      pages[seat] = await table.phone(link);
    }
    const anya = pages[seatOf['Аня']];
    const boris = pages[seatOf['Борис']];
    const red = seatOf['Аня'];
    const blue = seatOf['Борис'];
    const last = async (seat: string): Promise<Json> =>
      (await table.decisions(matchId, tokens[seat])).at(-1)!;
    const state = async (): Promise<Json> =>
      api<Json>(table.app, 'GET', `/matches/${matchId}/state`, table.organizer);
    /** Ids of the other seat's cards: no picker of one's own may offer them. */
    const othersCards = async (seat: string): Promise<Set<string>> =>
      new Set(
        Object.values((await state()).table.pieces as Record<string, Json>)
          .filter((p) => p.owner && p.owner !== seat)
          .map((p) => p.id as string),
      );
    const offersNoneOf = async (select: Locator, seat: string): Promise<void> => {
      const theirs = await othersCards(seat);
      const values = await select
        .locator('option, input')
        .evaluateAll((os) =>
          os.map((o) => (o as HTMLOptionElement | HTMLInputElement).value).filter(Boolean),
        );
      for (const value of values) expect(theirs.has(value)).toBe(false);
    };

    // Аня's pasted deck is registered in her name.
    const pasted = (await table.decisions(matchId, tokens[red])).find(
      (d) => d.kind === 'register-deck',
    )!;
    expect(pasted).toMatchObject({ seat: red, params: { commander: { catalog: 'test-rein' } } });
    expect(pasted.params.cards).toHaveLength(10);

    // --- Борис registers his deck on the play page: a Commander, the catalogue with counts. ---
    const register = await open(boris, /^Зарегистрировать колоду/);
    const commander = register.getByLabel('Командор *');
    await expect(commander.inputValue()).resolves.toBe('');
    await expect(recordButton(register).isDisabled()).resolves.toBe(true);
    const commanders = await options(commander);
    for (const text of commanders) expect(text).not.toMatch(RAW_ID);
    await commander.selectOption({ label: commanders.find((o) => o.startsWith('Командор Ирма'))! });
    for (const card of BORIS_DECK.slice(0, 9)) await register.getByLabel(card).fill('4');
    await register.getByText('Итого: 36 из 100 карт').waitFor();
    await expect(recordButton(register).isDisabled()).resolves.toBe(true);
    await register.getByLabel(BORIS_DECK[9]).fill('4');
    await register.getByText('Итого: 40 из 100 карт').waitFor();
    await shoot(boris, 'register-deck', register);
    await record(boris, register);
    const registered = await last(blue);
    expect(registered).toMatchObject({
      kind: 'register-deck',
      seat: blue,
      params: { commander: { catalog: 'test-irma' } },
    });
    expect(registered.params.cards.map((c: Json) => c.copies)).toEqual(Array(10).fill(4));

    // --- The deal. ---
    for (const [page, seat] of [
      [anya, red],
      [boris, blue],
    ] as const) {
      await record(page, await open(page, 'Взять 15 карт'));
      expect(await last(seat)).toMatchObject({ kind: 'deal', seat });
    }

    // --- The setup build: the hand's ships and objects, the running total of 25. ---
    const setupBuilds: Record<string, string[]> = {
      [red]: ['Экзорцист №1', 'Планета «Эдем» (тест) №1'],
      [blue]: ['Бомбардировщик «Молот» (тест) №1', 'Астероид «Рудник» (тест) №1'],
    };
    const built: Record<string, string[]> = {};
    for (const [page, seat] of [
      [anya, red],
      [boris, blue],
    ] as const) {
      const form = await open(page, /^Потратить 25 ресурсов/);
      await form.getByText('Итого: 0 из 25 ресурсов').waitFor();
      await expect(recordButton(form).isDisabled()).resolves.toBe(true);
      await offersNoneOf(form, seat);
      let total = 0;
      const pays: number[] = [];
      for (const card of setupBuilds[seat]) {
        const row = form.getByLabel(card, { exact: false });
        // Built in full: its cost is the field's most.
        const pay = Number(await row.getAttribute('max'));
        await row.fill(String(pay));
        pays.push(pay);
        total += pay;
      }
      await form.getByText(`Итого: ${total} из 25 ресурсов`).waitFor();
      await shoot(page, `setup-spend-${seat}`, form);
      await record(page, form);
      const spent = await last(seat);
      expect(spent).toMatchObject({ kind: 'setup-spend', seat });
      // The form lists the builds in the hand's order, whatever order they were filled in.
      expect(spent.params.builds.map((b: Json) => b.pay).sort()).toEqual(pays.sort());
      built[seat] = spent.params.builds.map((b: Json) => b.card);
    }

    // --- Deployment: the lower initiative first (Ирма 4, then Рейн 5). ---
    // Борис's bomber waits on the orbit of his asteroid; Аня's cruiser in a new sector.
    await synced(anya);
    await expect(anya.getByRole('button', { name: /^Расстановка/ }).count()).resolves.toBe(0);
    for (const [page, seat, shipTo, host] of [
      [boris, blue, 'Орбита: Астероид «Рудник» (тест)', 'Астероид «Рудник» (тест)'],
      [anya, red, 'Новый сектор 1', 'Экзорцист'],
    ] as const) {
      const form = await open(page, /^Расстановка/);
      const hostPicker = form.getByLabel('Носитель Командора *');
      await expect(recordButton(form).isDisabled()).resolves.toBe(true);
      const hosts = await options(hostPicker);
      expect(hosts).toHaveLength(2);
      await offersNoneOf(form, seat);
      await hostPicker.selectOption({ label: hosts.find((h) => h.startsWith(host))! });
      const places = form.getByRole('group', { name: /^Корабли/ });
      for (const select of await places.getByRole('combobox').all())
        await select.selectOption({ label: shipTo });
      const keep = form.getByRole('group', { name: /^Оставить в руке/ });
      await expect(recordButton(form).isDisabled()).resolves.toBe(true);
      const boxes = keep.getByRole('checkbox');
      for (let i = 0; i < 7; i += 1) await boxes.nth(i).check();
      await shoot(page, `deploy-${seat}`, form);
      await record(page, form);
      const deployed = await last(seat);
      expect(deployed).toMatchObject({ kind: 'deploy', seat });
      expect(built[seat]).toContain(deployed.params.commander);
      expect(deployed.params.keep).toHaveLength(7);
    }
    await shoot(anya, 'deployed');
  });
});
