import type { Page } from 'playwright-core';
import { api } from './support/matches';
import { clubTable, options, recordButton, type Json } from './support/table-harness';

/**
 * Issue 39, the galaxy league at a club table: the organizer creates the league on /new with
 * Russian names and factions picked by their Russian names; Лёва, Маша and Ника, each on a
 * phone (390 px, a browser context each), play its first round from the pages alone: an
 * alliance proposed and consented to (its first dues paid at once), a planet swap between the
 * allies, sealed attacks and colonisations checked before sealing and revealed, a join, the
 * defence of a planet by its owner and her ally, two battles reported and confirmed, and the
 * round's end (income and the alliance's dues of round 2). Every control is chosen by its
 * visible Russian name; after each step the log read over HTTP holds the decision picked.
 */

jest.setTimeout(900_000);

const PLAYERS = [
  { name: 'Лёва', faction: 'Империя' },
  { name: 'Маша', faction: 'Пожиратели' },
  { name: 'Ника', faction: 'Пираты' },
] as const;
type Player = (typeof PLAYERS)[number]['name'];

describe('the galaxy league from the pages, on phones (issue 39)', () => {
  const table = clubTable('gl-table', 'Клуб «Галактика»');
  const { open, record, synced, shoot } = table;

  /**
   * The organizer creates the league on /new (players and factions by their Russian names);
   * each player opens the link of his seat on a phone of his own.
   */
  async function createLeague(startingCredits?: number) {
    const desk = await table.phone(`/new#token=${table.organizer}`);
    await desk.getByLabel('Правила').selectOption({ label: 'Битва за Галактику: Лига' });
    await desk.locator('form.new-form[data-ruleset="galaxy-league"]').waitFor();
    await desk.getByLabel('Название', { exact: true }).first().fill('Лига клуба');
    await desk.getByRole('button', { name: '+ Добавить место' }).click();
    const names = desk.getByLabel('Имя игрока');
    const factions = desk.getByLabel('Фракция');
    await names.nth(2).waitFor();
    for (const [i, { name, faction }] of PLAYERS.entries()) {
      await names.nth(i).fill(name);
      expect(await options(factions.nth(i))).toContain(faction);
      await factions.nth(i).selectOption({ label: faction });
    }
    // Option startingCredits: the text is silent on what the first players start with.
    if (startingCredits !== undefined)
      await desk.getByLabel('Стартовые ИК').fill(String(startingCredits));
    await shoot(desk, `new-${startingCredits ?? 0}`);
    await desk.getByRole('button', { name: 'Создать матч' }).click();
    await desk.locator('.handout').waitFor();
    const matchId = (await desk.locator('.handout').getAttribute('data-match')) as string;
    await desk.getByText('Матч начат').waitFor();
    const pages = {} as Record<Player, Page>;
    const tokens = {} as Record<Player, string>;
    const seatOf = {} as Record<Player, string>;
    for (const seatCard of await desk.locator('.seat-card').all()) {
      const seat = (await seatCard.getAttribute('data-seat')) as string;
      await seatCard.getByText(/Занято за игрока/).waitFor();
      const taken = (await seatCard.getByText(/Занято за игрока/).innerText()).trim();
      const name = taken.replace('Занято за игрока ', '') as Player;
      seatOf[name] = seat;
      const link = await seatCard.getByRole('textbox', { name: 'Ссылка' }).inputValue();
      tokens[name] = /#token=([^&]+)/.exec(link)![1];
      pages[name] = await table.phone(link);
    }
    return { matchId, pages, tokens, seatOf };
  }

  it('plays a whole round: alliance, swap, sealed attacks, a join, defence, battles, the round’s end', async () => {
    // --- The organizer creates the league; each player gets 100 IC to start with. ---
    const { matchId, pages, tokens, seatOf } = await createLeague(100);
    const { Лёва: lev, Маша: masha, Ника: nika } = pages;
    const last = async (player: Player) => (await table.decisions(matchId, tokens[player])).at(-1)!;
    const events = () => table.events(matchId, table.organizer);
    const derived = async (): Promise<Json> =>
      (await api<Json>(table.app, 'GET', `/matches/${matchId}/state`, table.organizer)).derived;
    const credits = async (player: Player): Promise<number> => {
      const state = await api<Json>(table.app, 'GET', `/matches/${matchId}/state`, table.organizer);
      return state.table.tracks[`credits:${seatOf[player]}`].value as number;
    };
    /** Every seat reveals its sealed choice; the last reveal closes the stage. */
    const reveal = async () => {
      for (const player of Object.keys(pages) as Player[]) {
        const page = pages[player];
        await synced(page);
        const button = page.getByRole('button', { name: 'Вскрыть', exact: true });
        await button.first().click();
        await button.first().waitFor({ state: 'detached' });
      }
      for (const player of Object.keys(pages) as Player[]) await synced(pages[player]);
    };
    const endStage = async (players: readonly Player[]) => {
      for (const player of players) {
        await record(pages[player], await open(pages[player], 'Завершить этап'));
        expect(await last(player)).toMatchObject({ kind: 'end-stage', seat: seatOf[player] });
      }
    };
    for (const player of Object.keys(pages) as Player[]) await table.noLatin(pages[player]);
    expect(await credits('Лёва')).toBe(145);

    // --- Preparation: Лёва proposes an alliance to Маша, chosen by her name. ---
    const propose = await open(lev, 'Предложить Альянс');
    await expect(recordButton(propose).isDisabled()).resolves.toBe(true);
    const members = propose.getByRole('group', { name: /С кем Альянс/ });
    await expect(members.getByRole('checkbox').count()).resolves.toBe(2);
    await members.getByLabel('Маша — Пожиратели').check();
    await record(lev, propose);
    expect(await last('Лёва')).toMatchObject({
      kind: 'propose-alliance',
      seat: seatOf['Лёва'],
      params: { members: [seatOf['Маша']] },
    });

    // Маша consents: the first dues (100 IC, 50 each) are paid at once.
    const consent = await open(masha, 'Согласиться на Альянс');
    await expect(recordButton(consent).isDisabled()).resolves.toBe(true);
    const proposal = consent.getByLabel('Предложение Альянса *');
    expect(await options(proposal)).toEqual(['Альянс с Лёвой — взнос 100 ИК: Лёва 50, Маша 50']);
    await proposal.selectOption({ index: 1 });
    await shoot(masha, 'consent', consent);
    await record(masha, consent);
    expect(await last('Маша')).toMatchObject({ kind: 'consent-alliance', seat: seatOf['Маша'] });
    const formed = (await events()).filter((e) =>
      ['AllianceFormed', 'DuesCharged'].includes(e.type),
    );
    expect(formed.map((e) => e.type)).toEqual(['AllianceFormed', 'DuesCharged']);
    expect(await credits('Лёва')).toBe(95);
    expect(await credits('Маша')).toBe(95);

    // --- The allies swap two lilac planets: Лёва offers Бореалис for Маша's Эмбер. ---
    const offer = await open(lev, 'Предложить союзнику обмен планетами');
    await expect(recordButton(offer).isDisabled()).resolves.toBe(true);
    const mine = offer.getByLabel('Своя планета *');
    expect(await options(mine)).toEqual([
      'Аврора — красная',
      'Бореалис — лиловая',
      'Синдер — синяя',
    ]);
    await mine.selectOption({ label: 'Бореалис — лиловая' });
    const theirs = offer.getByLabel('Планета союзника *');
    expect(await options(theirs)).toEqual(['Эмбер — лиловая, у Маши']);
    await theirs.selectOption({ index: 1 });
    await shoot(lev, 'swap-offer', offer);
    await record(lev, offer);
    expect(await last('Лёва')).toMatchObject({
      kind: 'offer-swap',
      params: { mine: 'borealis', theirs: 'ember' },
    });
    const accept = await open(masha, 'Принять обмен планетами');
    const swap = accept.getByLabel('Предложение обмена *');
    expect(await options(swap)).toEqual(['Бореалис за вашу планету Эмбер — предложение Лёвы']);
    await swap.selectOption({ index: 1 });
    await record(masha, accept);
    expect(await last('Маша')).toMatchObject({ kind: 'accept-swap', seat: seatOf['Маша'] });
    expect((await derived()).control).toMatchObject({
      borealis: seatOf['Маша'],
      ember: seatOf['Лёва'],
    });
    await endStage(['Лёва', 'Маша', 'Ника']);
    expect((await derived()).stage).toBe('attack');

    // --- Attack (sealed): Ника attacks one of Маша's planets, checked before it is sealed. ---
    const declareNika = await open(nika, /^Заявить атаки и колонизации/);
    const attacks = declareNika.getByRole('group', { name: 'Атаки' });
    // Her own two attacking ships, none of the others' (the Pirates have 2 of 4).
    await attacks.getByRole('combobox').first().waitFor();
    await expect(attacks.getByRole('combobox').count()).resolves.toBe(2);
    const first = attacks.getByLabel('Атакующий звездолёт 1');
    const targets = await options(first);
    // Only the planets of others in reach, with distance and penalty; never her own.
    expect(targets.length).toBeGreaterThan(0);
    for (const t of targets)
      expect(t).toMatch(/ — планета (Лёвы|Маши), \d (световой год|световых года), штраф -\d+$/);
    const target = targets.find((t) => t.includes('планета Маши'))!;
    const targetName = target.split(' — ')[0];
    await first.selectOption({ label: target });
    await attacks.getByLabel('Атакующий звездолёт 2').selectOption({ label: target });
    await declareNika.getByText(`Планета ${targetName} заявлена дважды`).waitFor();
    await expect(
      declareNika.getByRole('button', { name: 'Запечатать выбор' }).isDisabled(),
    ).resolves.toBe(true);
    await shoot(nika, 'declare-refused', declareNika);
    await attacks.getByLabel('Атакующий звездолёт 2').selectOption({ label: 'Выберите…' });
    await record(nika, declareNika, { button: 'Запечатать выбор' });
    const sealed = (await events()).at(-1)!;
    expect(sealed).toMatchObject({ type: 'DecisionSealed', data: { kind: 'declare-attacks' } });
    expect(Object.keys(sealed.data).sort()).toEqual(['commitment', 'kind', 'sealId', 'seat']);

    // Лёва colonises a neutral planet 1 light year away with a defensive ship.
    const declareLev = await open(lev, /^Заявить атаки и колонизации/);
    const colonisations = declareLev.getByRole('group', { name: 'Колонизации' });
    // Any of his own 4 ships may colonise; nobody else's.
    await colonisations.getByRole('combobox').first().waitFor();
    await expect(colonisations.getByRole('combobox').count()).resolves.toBe(4);
    const coloniser = colonisations.getByLabel('Защитный звездолёт 3');
    const colonies = await options(coloniser);
    for (const c of colonies)
      expect(c).toMatch(/ — \d (световой год|световых года): \d звездол\S+ и \d+ ИК$/);
    const colony = colonies.find((c) => c.endsWith('1 световой год: 1 звездолёт и 50 ИК'))!;
    const colonyName = colony.split(' — ')[0];
    await coloniser.selectOption({ label: colony });
    await shoot(lev, 'colonise', declareLev);
    await record(lev, declareLev, { button: 'Запечатать выбор' });
    // Маша declares nothing, sealed too.
    await record(masha, await open(masha, /^Заявить атаки и колонизации/), {
      button: 'Запечатать выбор',
    });
    await reveal();

    const revealed = (await table.decisions(matchId, table.organizer)).filter(
      (d) => d.kind === 'declare-attacks',
    );
    const declaredBy = (player: Player) => revealed.find((d) => d.seat === seatOf[player])?.params;
    expect(declaredBy('Ника')).toMatchObject({
      attacks: [{ ship: `ship:${seatOf['Ника']}:1` }],
    });
    expect(declaredBy('Лёва')).toMatchObject({
      colonisations: [{ ships: [`ship:${seatOf['Лёва']}:3`] }],
    });
    const opened = (await events()).filter((e) => e.type === 'BattleOpened');
    expect(opened).toHaveLength(2);
    const targetId = declaredBy('Ника').attacks[0].planet as string;
    const colonyId = declaredBy('Лёва').colonisations[0].planet as string;
    expect((await derived()).stage).toBe('return');
    await shoot(nika, 'revealed');

    // --- Return: nobody recalls a ship. ---
    await endStage(['Лёва', 'Маша', 'Ника']);
    expect((await derived()).stage).toBe('joining');

    // --- Joining (sealed): Ника joins Лёва's colonisation; the allies join nothing. ---
    const joinNika = await open(nika, /^Присоединиться к боям и колонизациям/);
    const joins = joinNika.getByRole('group', { name: 'Присоединения' });
    const joiner = joins.getByLabel('Атакующий звездолёт 2');
    const joinable = await options(joiner);
    // Not her own attack: only Лёва's colonisation, with its distance and cost.
    expect(joinable).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${colonyName} — колонизация, \\d (световой год|световых года), \\d+ ИК при победе$`,
        ),
      ),
    ]);
    await joiner.selectOption({ index: 1 });
    await shoot(nika, 'join', joinNika);
    await record(nika, joinNika, { button: 'Запечатать выбор' });
    for (const player of ['Лёва', 'Маша'] as const) {
      const form = await open(pages[player], /^Присоединиться к боям и колонизациям/);
      await record(pages[player], form, { button: 'Запечатать выбор' });
    }
    await reveal();
    const joined = (await table.decisions(matchId, table.organizer)).filter(
      (d) => d.kind === 'declare-joins' && d.seat === seatOf['Ника'],
    );
    expect(joined[0]?.params).toEqual({
      joins: [{ ship: `ship:${seatOf['Ника']}:2`, planet: colonyId }],
    });
    expect((await derived()).stage).toBe('defence');

    // --- Defence: Маша defends her planet, and Лёва, her ally, too. ---
    for (const [player, fleet] of [
      ['Маша', 5],
      ['Лёва', 3],
    ] as const) {
      const page = pages[player];
      const defend = await open(page, 'Выставить звездолёт на защиту планеты');
      await expect(recordButton(defend).isDisabled()).resolves.toBe(true);
      const ship = defend.getByLabel('Звездолёт *');
      // Only her own ships not sent elsewhere (Маша's 5, Лёва's 4 less the coloniser).
      const ships = await options(ship);
      expect(ships).toHaveLength(fleet);
      await ship.selectOption({ label: ships.at(-1)! });
      const planet = defend.getByLabel('Планета *');
      expect(await options(planet)).toEqual([targetName]);
      await planet.selectOption({ label: targetName });
      await record(page, defend);
      expect(await last(player)).toMatchObject({
        kind: 'assign-defender',
        params: { planet: targetId },
      });
    }
    await endStage(['Лёва', 'Маша', 'Ника']);
    expect((await derived()).stage).toBe('battles');

    // --- Battles: Маша reports the battle for her planet, won by her; the others confirm. ---
    const report = async (
      player: Player,
      planet: string,
      winner: Player,
      points: Partial<Record<Player, number>>,
    ) => {
      const page = pages[player];
      const form = await open(page, 'Сообщить итог боя');
      await expect(recordButton(form).isDisabled()).resolves.toBe(true);
      const where = form.getByLabel('Планета *');
      expect(await options(where)).toContain(planet);
      await where.selectOption({ label: planet });
      const fighters = Object.keys(points).sort();
      const won = form.getByLabel('Победитель');
      // The fighters' fields come once the planet is chosen.
      await won.waitFor();
      // Only who fought there, by name.
      expect((await options(won)).sort()).toEqual(fighters);
      await won.selectOption({ label: winner });
      const scored = form.getByRole('group', { name: /^Очки участников/ });
      for (const [name, n] of Object.entries(points))
        await scored.getByLabel(name, { exact: true }).fill(String(n));
      const destroyed = form.getByRole('group', { name: /^Уничтожены/ });
      expect(await destroyed.getByRole('checkbox').count()).toBe(fighters.length);
      await shoot(page, `report-${player}`, form);
      await record(page, form);
      expect(await last(player)).toMatchObject({
        kind: 'report-battle',
        params: {
          winner: seatOf[winner],
          points: expect.arrayContaining(
            Object.entries(points).map(([name, n]) => ({
              seat: seatOf[name as Player],
              points: n,
            })),
          ),
          destroyed: [],
        },
      });
      // The log names the reporter as the one who reports and the winner as the winner: the
      // row stands under the reporter, even when another won.
      const line = page
        .locator('.log-entry', { hasText: `сообщает итог боя за планету ${planet}` })
        .last();
      await expect(line.getAttribute('data-subject')).resolves.toBe(seatOf[player]);
      expect(await line.textContent()).toContain(
        `сообщает итог боя за планету ${planet}: победа — ${winner}`,
      );
    };
    const confirm = async (player: Player, planet: string) => {
      const page = pages[player];
      const form = await open(page, 'Подтвердить итог боя');
      const where = form.getByLabel('Планета *');
      expect(await options(where)).toEqual([planet]);
      await where.selectOption({ label: planet });
      await record(page, form);
      expect(await last(player)).toMatchObject({ kind: 'confirm-battle' });
    };
    await report('Маша', targetName, 'Маша', { Маша: 40, Лёва: 20, Ника: 0 });
    await confirm('Лёва', targetName);
    await confirm('Ника', targetName);
    // The colonisation: Ника reports Лёва's win, Лёва confirms.
    await report('Ника', colonyName, 'Лёва', { Лёва: 30, Ника: 15 });
    await confirm('Лёва', colonyName);
    const settled = (await events()).filter((e) => e.type === 'BattleSettled');
    expect(settled.map((e) => [e.data.planet, e.data.winner])).toEqual(
      expect.arrayContaining([
        [targetId, seatOf['Маша']],
        [colonyId, seatOf['Лёва']],
      ]),
    );
    expect((await derived()).control).toMatchObject({
      [targetId]: seatOf['Маша'],
      [colonyId]: seatOf['Лёва'],
    });
    await shoot(lev, 'battles-settled');

    // --- The round's end: round 2 opens with income and the alliance's dues. ---
    await endStage(['Лёва', 'Маша', 'Ника']);
    const round2 = await derived();
    expect([round2.round, round2.stage]).toEqual([2, 'preparation']);
    const opening = (await events()).filter(
      (e) => e.data?.round === 2 && ['IncomeReceived', 'DuesCharged'].includes(e.type),
    );
    expect(opening.filter((e) => e.type === 'IncomeReceived')).toHaveLength(3);
    expect(opening.filter((e) => e.type === 'DuesCharged')).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({
          charges: [
            { seat: seatOf['Лёва'], amount: 50 },
            { seat: seatOf['Маша'], amount: 50 },
          ],
        }),
      }),
    ]);
    for (const player of Object.keys(pages) as Player[]) {
      await synced(pages[player]);
      await table.noLatin(pages[player]);
    }
    await shoot(masha, 'round-2');

    // --- Round 2: Лёва proposes to pay 60 of the dues, Маша 40; the parts add up to 100. ---
    const split = await open(lev, 'Предложить доли взноса');
    const shares = split.getByRole('group', { name: /^Доли взноса/ });
    await expect(shares.getByRole('spinbutton').count()).resolves.toBe(2);
    await shares.getByLabel(/^Лёва/).fill('60');
    // One part alone is not a split: the form waits for Маша's.
    await split.getByText('Итого: 60 из 100 ИК').waitFor();
    await split.getByText('Заполните отмеченные поля.').waitFor();
    await expect(recordButton(split).isDisabled()).resolves.toBe(true);
    await shares.getByLabel(/^Маша/).fill('40');
    await split.getByText('Итого: 100 из 100 ИК').waitFor();
    await shoot(lev, 'dues-split', split);
    await record(lev, split);
    expect(await last('Лёва')).toMatchObject({
      kind: 'propose-dues-split',
      params: {
        shares: [
          { seat: seatOf['Лёва'], amount: 60 },
          { seat: seatOf['Маша'], amount: 40 },
        ],
      },
    });
  });

  it('without starting credits, the consent says why the first dues cannot be paid', async () => {
    const { matchId, pages, tokens } = await createLeague();
    const { Лёва: lev, Маша: masha } = pages;
    const propose = await open(lev, 'Предложить Альянс');
    await propose.getByLabel('Маша — Пожиратели').check();
    await record(lev, propose);
    const consent = await open(masha, 'Согласиться на Альянс');
    // The first dues, 50 IC each, are more than the 45 IC of the first round's income.
    await consent
      .getByText(
        'Альянс с Лёвой: Первый взнос Альянса 100 ИК не оплатить: у Лёвы 45 ИК из нужных 50, у Маши 45 ИК из нужных 50',
      )
      .waitFor();
    await expect(recordButton(consent).isDisabled()).resolves.toBe(true);
    await table.noLatin(masha);
    await shoot(masha, 'consent-refused', consent);
    await consent.getByRole('button', { name: 'Отмена' }).click();
    const formed = (await table.events(matchId, tokens['Маша'])).filter(
      (e) => e.type === 'AllianceFormed',
    );
    expect(formed).toEqual([]);
  });
});
