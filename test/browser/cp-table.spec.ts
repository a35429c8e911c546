import type { Locator, Page } from 'playwright-core';
import { api } from './support/matches';
import { outOfView, RAW_ID } from './support/browser';
import { clubTable, options, recordButton, type Json } from './support/table-harness';

/**
 * Issue 39 at a Commanders Path table: the organizer creates the match on /new with Russian
 * names, Аня's deck pasted there as a list; Аня and Борис, each on a phone of their own
 * (390 px), play from the pages alone: Борис registers his deck from the catalogue with
 * counts, both draw, spend the 25 setup resources, deploy (the lower initiative first), then
 * two whole turns — resources, production (Борис builds a ship), movement — and in the
 * second, Аня flies her cruiser to the orbit of Борис's planet and the battle there is
 * fought round by round until his bomber is lost. Every control is chosen by its visible
 * Russian name; after each step the log read over HTTP holds the decision picked; forms
 * start empty with the record button disabled; no picker offers the other seat's cards.
 */

jest.setTimeout(900_000);

/**
 * Аня's deck as a club player pastes it, in its draw order (the match keeps the registered
 * order): her opening 15 are 4 Экзорцист, 4 Рудник, 4 Засада and 3 Торговый союз.
 */
const ANYA_DECK = [
  'Командор: Командор Рейн (тест)',
  '4 Экзорцист',
  '4 Астероид «Рудник» (тест)',
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
 * order, so his opening 15 are 4 Гарпун, 4 Молот, 4 Эдем and 3 Бастион.
 */
const BORIS_DECK = [
  'Абордажник «Гарпун» (тест)',
  'Бомбардировщик «Молот» (тест)',
  'Планета «Эдем» (тест)',
  'Станция «Бастион» (тест)',
  'Торговый союз (тест)',
  'Торпедоносец «Скат» (тест)',
  'Транспорт «Караван» (тест)',
  'Усиленная броня (тест)',
  'Фрегат «Оса» (тест)',
  'Эскортный фрегат «Щит» (тест)',
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
    expect(commanders).toContain('Командор Рейн (тест) — инициатива 5, Пират');
    for (const text of commanders) expect(text).not.toMatch(RAW_ID);
    await commander.selectOption({ label: commanders.find((o) => o.startsWith('Командор Ирма'))! });
    for (const card of BORIS_DECK.slice(0, 9)) await register.getByLabel(card).fill('4');
    await register.getByText('Итого: 36 из 100 карт').waitFor();
    await expect(recordButton(register).isDisabled()).resolves.toBe(true);
    await register.getByLabel(BORIS_DECK[9]).fill('4');
    await register.getByText('Итого: 40 из 100 карт').waitFor();
    // The catalogue is longer than a phone's screen: at its last row, far below the list's
    // first, the running total is still in view.
    const catalogue = register.locator('.counts-row');
    await catalogue.last().scrollIntoViewIfNeeded();
    expect(await outOfView(catalogue.first())).toBeGreaterThan(0);
    expect(await outOfView(register.getByRole('status').filter({ hasText: 'Итого:' }))).toBe(0);
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
      [red]: ['Экзорцист №1', 'Астероид «Рудник» (тест) №1'],
      [blue]: ['Бомбардировщик «Молот» (тест) №1', 'Планета «Эдем» (тест) №1'],
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
      for (const text of await form.locator('label').allTextContents())
        expect(text).not.toMatch(/\b(red|blue)-/);
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
    // Борис's bomber waits on the orbit of his planet; Аня's cruiser in a new sector.
    await synced(anya);
    await expect(anya.getByRole('button', { name: /^Расстановка/ }).count()).resolves.toBe(0);
    for (const [page, seat, shipTo, host] of [
      [boris, blue, 'Орбита: Планета «Эдем» (тест)', 'Планета «Эдем» (тест)'],
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
      // Scrolled to its last card, the list still shows its count at its top.
      await boxes.last().scrollIntoViewIfNeeded();
      expect(await keep.evaluate((list) => list.scrollTop)).toBeGreaterThan(0);
      const count = keep.getByRole('status');
      await expect(count.textContent()).resolves.toMatch(/^Выбрано: 7\./);
      expect(await outOfView(count, keep)).toBe(0);
      await shoot(page, `deploy-${seat}`, form);
      await record(page, form);
      const deployed = await last(seat);
      expect(deployed).toMatchObject({ kind: 'deploy', seat });
      expect(built[seat]).toContain(deployed.params.commander);
      expect(deployed.params.keep).toHaveLength(7);
    }
    await shoot(anya, 'deployed');

    // --- The turns. Each step: the seat whose page offers the decision, its form, the log. ---
    const people: [Page, string][] = [
      [anya, red],
      [boris, blue],
    ];
    /** The seat whose page offers `summary` now (exactly one does, or `only`), and its page. */
    const offeredTo = async (summary: string | RegExp, only?: string): Promise<[Page, string]> => {
      const offering: [Page, string][] = [];
      for (const [page, seat] of people.filter(([, seat]) => !only || seat === only)) {
        await synced(page);
        const exact = typeof summary === 'string';
        if ((await page.getByRole('button', { name: summary, exact }).count()) > 0)
          offering.push([page, seat]);
      }
      if (offering.length !== 1) {
        for (const [page, seat] of people) await shoot(page, `stuck-${seat}`);
        const offers = await Promise.all(
          people.map(([page]) =>
            page.locator('.decision-list button, [data-kind]').allInnerTexts(),
          ),
        );
        throw new Error(
          `${String(summary)} offered to ${offering.length} seats: ${JSON.stringify(offers)}`,
        );
      }
      return offering[0];
    };
    /** Records `summary` as the page offering it, `fill` choosing its fields; the seat. */
    const step = async (
      summary: string | RegExp,
      kind: string,
      fill?: (form: Locator, page: Page, seat: string) => Promise<void>,
      only?: string,
    ): Promise<string> => {
      const [page, seat] = await offeredTo(summary, only);
      const form = await open(page, summary);
      if (fill) await fill(form, page, seat);
      await record(page, form);
      expect(await last(seat)).toMatchObject({ kind, seat });
      return seat;
    };
    const round = async (): Promise<number> => (await state()).table.turn.round;
    const endResources = 'Завершить получение ресурсов';
    const endProduction = /^Завершить производство/;
    const endMovement = /^Завершить перемещение/;

    // Turn 1: resources; Борис (the lower initiative) produces first and builds a boarder.
    expect(await round()).toBe(1);
    // The manual adjustments stay folded below the game's own decisions until asked for.
    await synced(anya);
    const own = anya.getByRole('group', { name: 'Ваши решения' });
    expect(await own.getByRole('button', { name: /^Ручная поправка/ }).count()).toBe(0);
    const folded = anya.getByText(/^Ручные поправки \(\d+\)$/);
    await folded.click();
    const adjustments = anya.getByRole('group', { name: 'Ручные поправки' });
    expect(
      await adjustments.getByRole('button', { name: /^Ручная поправка/ }).count(),
    ).toBeGreaterThan(5);
    await shoot(anya, 'adjustments');
    await folded.click();
    // The income is simultaneous: both finish, in any order.
    await step(endResources, 'end-resources', undefined, red);
    await step(endResources, 'end-resources', undefined, blue);
    expect(
      await step('Производство карты (частично — фишками)', 'produce', async (form, page, seat) => {
        await expect(recordButton(form).isDisabled()).resolves.toBe(true);
        const card = form.getByLabel('Карта *');
        const cards = await options(card);
        await offersNoneOf(card, seat);
        await card.selectOption({ label: cards.find((c) => c.startsWith('Абордажник «Гарпун»'))! });
        // Paid in full (its cost, 3, «достраивает»), then placed: a new sector.
        const pay = form.getByLabel('Оплата *');
        const pays = await options(pay);
        expect(pays).toEqual(['1', '2', '3 — достраивает']);
        await pay.selectOption({ label: '3 — достраивает' });
        const to = form.getByLabel('Куда');
        await to.selectOption({ label: 'Новый сектор' });
        await shoot(page, 'produce', form);
      }),
    ).toBe(blue);
    const produced = await last(blue);
    expect(produced.params).toMatchObject({ pay: 3, to: 'new' });
    await step(endProduction, 'end-production', undefined, blue);
    await step(endProduction, 'end-production', undefined, red);
    // Movement: Аня (Priority) first, then Борис; nobody meets anybody: no battle.
    await step(endMovement, 'end-movement', undefined, red);
    await step(endMovement, 'end-movement', undefined, blue);
    expect(await round()).toBe(2);
    await shoot(anya, 'turn-2');

    // Turn 2: Аня flies her cruiser to the orbit of Борис's planet, where his bomber waits.
    await step(endResources, 'end-resources', undefined, red);
    await step(endResources, 'end-resources', undefined, blue);
    await step(endProduction, 'end-production', undefined, blue);
    await step(endProduction, 'end-production', undefined, red);
    await step(
      'Переместить корабли',
      'move-ships',
      async (form, page, seat) => {
        const fleet = form.getByRole('group', { name: 'Корабли *' });
        await fleet.getByRole('checkbox').first().waitFor();
        await expect(recordButton(form).isDisabled()).resolves.toBe(true);
        await offersNoneOf(fleet, seat);
        await fleet.getByRole('checkbox', { name: /^Экзорцист/ }).check();
        // A fleet without a destination is no move yet.
        await expect(recordButton(form).isDisabled()).resolves.toBe(true);
        await form.getByLabel('Куда *').selectOption({ label: 'Орбита: Планета «Эдем» (тест)' });
        await shoot(page, 'move-ships', form);
      },
      red,
    );
    expect((await last(red)).params.to).toMatch(/^orbit:/);
    await step(endMovement, 'end-movement', undefined, red);
    await shoot(anya, 'battle');

    // --- The battle, round by round, each side answering what its page asks. ---
    const pieceOf = async (id: string): Promise<Json> => (await state()).table.pieces[id];
    const attacks: Json[] = [];
    const battleSteps: [
      RegExp,
      string,
      ((form: Locator, page: Page, seat: string) => Promise<void>)?,
    ][] = [
      [/^Вывести корабли из боя/, 'withdraw'],
      [
        /^Атаковать одним видом оружия/,
        'attack',
        async (form, page, seat) => {
          await expect(recordButton(form).isDisabled()).resolves.toBe(true);
          const ship = form.getByLabel('Атакующий *');
          await offersNoneOf(ship, seat);
          await ship.selectOption({
            label: (await options(ship)).find((o) => o.startsWith('Экзорцист'))!,
          });
          const weapon = form.getByLabel('Оружие *');
          const weapons = await options(weapon);
          await weapon.selectOption({
            label: weapons.find((w) => w.startsWith('Плазменные орудия'))!,
          });
          const targets = form.getByRole('group', { name: /^Цели/ });
          await targets.getByRole('checkbox', { name: /^Бомбардировщик «Молот»/ }).check();
          await shoot(page, 'attack', form);
        },
      ],
      [/^Маневр дистанции в конце раунда/, 'end-round'],
      [/^Пас \(только если атака не обязательна\)/, 'pass-attack'],
      [/^Маневр уклонения/, 'evade'],
      [/^Продолжить против наземных отрядов/, 'ground-assault'],
      [/^Высадить десант/, 'land'],
      [/^Выделить второй эшелон/, 'designate-echelon'],
    ];
    const matchOf = () => api<Json>(table.app, 'GET', `/matches/${matchId}`, table.organizer);
    const inBattle = async () =>
      (await matchOf()).status !== 'finished' && (await state()).table.turn.phase === 'battle';
    for (let n = 0; n < 30 && (await inBattle()); n += 1) {
      let acted = false;
      for (const [page, seat] of people) {
        await synced(page);
        for (const [summary, kind, fill] of battleSteps) {
          if ((await page.getByRole('button', { name: summary }).count()) === 0) continue;
          await step(summary, kind, fill, seat);
          if (kind === 'attack') attacks.push(await last(seat));
          acted = true;
          break;
        }
        if (acted) break;
      }
      if (!acted) {
        for (const [page, seat] of people) await shoot(page, `stuck-${seat}`);
        throw new Error('the battle waits on a decision no page offers');
      }
    }
    expect(attacks.length).toBeGreaterThan(0);
    expect(attacks[0]).toMatchObject({ seat: red, params: { weapon: 'plasma' } });
    // The bomber is lost: in Борис's Losses.
    expect(built[blue]).toContain(attacks[0].params.targets[0]);
    const lost = await pieceOf(attacks[0].params.targets[0]);
    expect(lost.status === 'destroyed' || String(lost.zone).startsWith('losses')).toBe(true);
    // The planet's militia stands: Эдем is not taken, and the game goes on to Борис's movement.
    expect((await matchOf()).status).not.toBe('finished');
    await step(endMovement, 'end-movement', undefined, blue);
    expect(await round()).toBe(3);
    for (const [page, seat] of people) await shoot(page, `after-battle-${seat}`);
  });
});
