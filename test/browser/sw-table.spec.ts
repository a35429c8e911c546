import type { Locator, Page } from 'playwright-core';
import { RAW_ID } from './support/browser';
import { api } from './support/matches';
import { clubTable, options, recordButton, settled, type Json } from './support/table-harness';

/**
 * Issue 39 at a Star Wars table: the organizer creates a strategic mission on /new with
 * Russian names; Вера, Глеб and Дина, each on a phone of their own (390 px), play from the
 * pages alone a whole space round (each legion in the rolled order buys a destroyer, moves a
 * ship toward the planet step by step, fires a turbolaser volley when its guns reach, ends its
 * turn) and a whole ground turn of the legion first on the ground (a turret queued at a hex the
 * rules offer, an infantry marched hex by hex next to an enemy, a shot with its opposed roll, a
 * reaction let go by the legion hit, the end of the turn). Every control is chosen by its
 * visible Russian name; after each step the log read over HTTP holds the decision picked; no
 * Latin word shows on the Russian page; the record button waits for the required fields; no
 * picker offers another legion's pieces for one's own move, nor one's own as a target.
 */

jest.setTimeout(900_000);

const PLAYERS = ['Вера', 'Глеб', 'Дина'] as const;

/** The hex a step's name leads to: «На гекс (3, -1)». */
const hexOf = (text: string): { q: number; r: number } => {
  const [, q, r] = /\((-?\d+), (-?\d+)\)/.exec(text)!;
  return { q: Number(q), r: Number(r) };
};
const apart = (a: { q: number; r: number }, b: { q: number; r: number }): number =>
  (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q + a.r - b.q - b.r)) / 2;

describe('Star Wars strategic missions from the pages, on phones (issue 39)', () => {
  // The legions are numbered in Roman numerals, as the mission names them («Легион II»).
  const table = clubTable('sw-table', 'Клуб «Легион»', { proper: ['I', 'II', 'III'] });
  const { open, record, synced, shoot } = table;

  it('creates the mission, plays a space round and a ground turn from the pages', async () => {
    // --- The organizer: /new, the mission, the players' Russian names. ---
    const desk = await table.phone(`/new#token=${table.organizer}`);
    await desk
      .getByLabel('Правила', { exact: true })
      .selectOption({ label: 'Звёздные войны. Истории: стратегические миссии' });
    await desk.locator('form.new-form[data-ruleset="sw-strategic"]').waitFor();
    await desk.getByLabel('Название', { exact: true }).first().fill('Миссия: аванпост');
    // Seats named as the players are, as a club writes them (no English id on the handout).
    for (const [i, name] of PLAYERS.entries()) {
      await desk.getByLabel('Id места').nth(i).fill(name);
      await desk.getByLabel('Имя игрока').nth(i).fill(name);
    }
    await shoot(desk, 'new');
    await desk.getByRole('button', { name: 'Создать матч' }).click();
    await desk.locator('.handout').waitFor();
    const matchId = (await desk.locator('.handout').getAttribute('data-match')) as string;
    await desk.getByText('Матч начат').waitFor();
    await table.noLatin(desk);
    await shoot(desk, 'created');

    // --- Each player opens the link the handout gives for his name. ---
    const pages: Record<string, Page> = {};
    const tokens: Record<string, string> = {};
    const nameOf: Record<string, string> = {};
    for (const seatCard of await desk.locator('.seat-card').all()) {
      const seat = (await seatCard.getAttribute('data-seat')) as string;
      const taken = (await seatCard.getByText(/Занято за игрока/).innerText()).trim();
      nameOf[seat] = taken.replace('Занято за игрока ', '');
      const link = await seatCard.getByRole('textbox', { name: 'Ссылка' }).inputValue();
      tokens[seat] = /#token=([^&]+)/.exec(link)![1];
      pages[seat] = await table.phone(link);
    }
    expect(Object.values(nameOf).sort()).toEqual([...PLAYERS].sort());

    const log = (): Promise<Json[]> => table.events(matchId, table.organizer);
    const last = async (seat: string): Promise<Json> =>
      (await table.decisions(matchId, tokens[seat])).at(-1)!;
    const legal = async (seat: string): Promise<string[]> =>
      (
        (await api<Json>(table.app, 'GET', `/matches/${matchId}/legal-decisions`, tokens[seat]))
          .kinds as Json[]
      ).map((k) => k.kind as string);
    /** The legion whose turn it is on a map, as the log's last FactionTurnStarted says. */
    const playing = async (map: 'space' | 'ground'): Promise<Json> =>
      (await log()).filter((e) => e.type === 'FactionTurnStarted' && e.data.map === map).at(-1)!
        .data;
    /** Whose each ship and unit is, as the log says. */
    const owners = async (): Promise<Record<string, string>> =>
      Object.fromEntries(
        (await log())
          .filter((e) => ['ShipEntered', 'UnitPlaced', 'ItemPurchased'].includes(e.type))
          .map((e) => [e.data.ship ?? e.data.unit ?? e.data.id, e.data.legion]),
      );
    /** Every value a picker offers is a piece of `seat`'s legion. */
    const ownPieces = async (select: Locator, seat: string): Promise<void> => {
      // Named as the board names them, never by id.
      for (const text of await options(select)) expect(text).not.toMatch(RAW_ID);
      const owner = await owners();
      const values = await select
        .locator('option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      expect(values.length).toBeGreaterThan(0);
      for (const id of values) expect({ id, owner: owner[id] }).toEqual({ id, owner: seat });
    };
    /**
     * A picker a choice made just now opens (the targets once the ship is chosen): it has
     * the rules' values once they arrive.
     */
    const offering = (select: Locator): Promise<void> =>
      select.locator('option:not([value=""])').first().waitFor({ state: 'attached' });
    /** The new events since `seq`. */
    const since = async (seq: number): Promise<Json[]> => (await log()).filter((e) => e.seq > seq);

    // --- The mission begins: Вера rolls the turn orders from her page. ---
    const vera = pages[Object.keys(nameOf).find((s) => nameOf[s] === 'Вера')!];
    await synced(vera);
    await table.noLatin(vera);
    await record(vera, await open(vera, 'Бросить порядок ходов и начать'));
    const orders = (await log()).filter((e) => e.type === 'TurnOrderRolled');
    expect(orders.map((e) => e.data.map)).toEqual(['space', 'ground']);
    // The list view names the same pieces and their state in Russian: no id, no English key.
    await vera.getByRole('button', { name: 'Списком' }).click();
    await vera.locator('.board .zones .piece').first().waitFor();
    await table.noLatin(vera);
    await shoot(vera, 'list-view');
    await vera.getByRole('button', { name: 'Столом' }).click();
    await vera.locator('.sw-maps').waitFor();

    // --- A whole space round: each legion in the rolled order. ---
    const spaceOrder = orders[0].data.order as string[];
    let volleys = 0;
    for (const seat of spaceOrder) {
      expect(await playing('space')).toMatchObject({ legion: seat, round: 1 });
      const page = pages[seat];

      // Purchases: the Supply Officer buys a destroyer, chosen by its Russian class name.
      const buy = await open(page, 'Купить корабли (офицер снабжения)');
      await expect(recordButton(buy).isDisabled()).resolves.toBe(true);
      // Each class with its price; fighters and bombers say they come as a squadron of three.
      await expect(
        buy.getByRole('button', { name: /^Истребитель — 4 кредита; эскадрил/ }).count(),
      ).resolves.toBe(1);
      if (seat === spaceOrder[0]) await shoot(page, 'buy-offer', buy);
      await buy.getByRole('button', { name: 'Эсминец — 6 кредитов' }).click();
      await shoot(page, `buy-${seat}`, buy);
      const beforeBuy = await table.head(matchId);
      await record(page, buy);
      expect(await last(seat)).toMatchObject({
        kind: 'buy-ships',
        seat,
        params: { classes: ['destroyer'] },
      });
      expect((await since(beforeBuy)).map((e) => e.type)).toContain('ItemPurchased');

      // A ship move: the legion's own ships only, then up to four steps the rules allow.
      const move = await open(page, 'Переместить корабль');
      const ship = move.getByLabel('Корабль *');
      await expect(recordButton(move).isDisabled()).resolves.toBe(true);
      await ownPieces(ship, seat);
      // The destroyer, unless a volley has taken its Engine: then the ship that still moves.
      const ships = await options(ship);
      await ship.selectOption({ label: ships.find((t) => t.startsWith('Эсминец')) ?? ships[0] });
      const shipId = await ship.inputValue();
      // A ship alone is not a move: the steps are still to choose, and they are no dice.
      await expect(recordButton(move).isDisabled()).resolves.toBe(true);
      await expect(move.getByRole('group', { name: 'Кубики' }).count()).resolves.toBe(0);
      // Toward the planet: straight on while the rules allow it, else forward to a side.
      const stepsTaken: string[] = [];
      const stepButtons = move.getByRole('group', { name: 'Добавляйте по порядку' });
      await stepButtons.getByRole('button').first().waitFor();
      for (let i = 0; i < 4; i += 1) {
        await settled(move);
        const offered = await stepButtons.getByRole('button').allTextContents();
        const next = ['вперёд', 'вперёд-влево', 'вперёд-вправо'].find((t) => offered.includes(t));
        if (!next) break;
        await stepButtons.getByRole('button', { name: next, exact: true }).click();
        // The step stands as a chip; the next ones are asked of the rules.
        await move.getByRole('listitem').nth(i).waitFor();
        stepsTaken.push(
          { вперёд: 'forward', 'вперёд-влево': 'forward-left' }[next] ?? 'forward-right',
        );
      }
      expect(stepsTaken.length).toBeGreaterThan(0);
      await shoot(page, `move-ship-${seat}`, move);
      await record(page, move);
      expect(await last(seat)).toMatchObject({
        kind: 'move-ship',
        seat,
        params: { ship: shipId, steps: stepsTaken },
      });

      // A volley when its guns reach an enemy: ship, target, decks, the target's deck.
      if ((await legal(seat)).includes('fire')) {
        const fire = await open(page, 'Залп турболазеров');
        await expect(recordButton(fire).isDisabled()).resolves.toBe(true);
        const shooter = fire.getByLabel('Корабль *');
        await ownPieces(shooter, seat);
        await shooter.selectOption({ label: (await options(shooter))[0] });
        const shooterId = await shooter.inputValue();
        const target = fire.getByLabel('Цель *');
        await offering(target);
        const targets = await options(target);
        const owner = await owners();
        const targetIds = await target
          .locator('option')
          .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
        for (const id of targetIds) expect(owner[id]).not.toBe(seat);
        expect(targets.length).toBeGreaterThan(0);
        await target.selectOption({ label: targets[0] });
        const targetId = await target.inputValue();
        const deckGroup = fire.getByRole('group', { name: /^Палубы залпа/ });
        await deckGroup.getByRole('checkbox').first().waitFor();
        await settled(fire);
        for (const box of await fire
          .getByRole('group', { name: /Палубы/ })
          .getByRole('checkbox')
          .all())
          await box.check();
        // A ship of several decks: which of its decks is aimed at, chosen before the roll.
        if (/^(Эсминец|Фрегат|Крейсер)/.test(targets[0])) {
          const targetDeck = fire.getByLabel('Палуба цели *');
          await offering(targetDeck);
          await expect(recordButton(fire).isDisabled()).resolves.toBe(true);
          await targetDeck.selectOption({ label: (await options(targetDeck))[0] });
        }
        await shoot(page, `fire-${seat}`, fire);
        const beforeFire = await table.head(matchId);
        await record(page, fire);
        expect(await last(seat)).toMatchObject({
          kind: 'fire',
          seat,
          params: { ship: shooterId, target: targetId },
        });
        expect((await since(beforeFire)).map((e) => e.type)).toContain('DiceRolled');
        volleys += 1;
      }

      // The end of the legion's turn in space.
      // The maps its legion plays now, by name; nothing chosen for it.
      const end = await open(page, 'Закончить ход фракции на карте');
      await expect(recordButton(end).isDisabled()).resolves.toBe(true);
      const spaceMap = end.getByLabel('Карта *');
      const maps = await options(spaceMap);
      expect(maps).toContain('Космос');
      for (const map of maps) expect(['Космос', 'Земля']).toContain(map);
      await spaceMap.selectOption({ label: 'Космос' });
      const beforeEnd = await table.head(matchId);
      await record(page, end);
      expect(await last(seat)).toMatchObject({ kind: 'end-turn', seat, params: { map: 'space' } });
      expect((await since(beforeEnd)).map((e) => e.type)).toContain('FactionTurnEnded');
    }
    // The round is over: the first legion plays round 2.
    expect(await playing('space')).toMatchObject({ round: 2 });
    expect(volleys).toBeGreaterThan(0);
    await shoot(pages[spaceOrder[0]], 'space-round');

    // --- A whole ground turn: production, a unit marched next to an enemy, a shot, the end. ---
    const groundSeat = orders[1].data.order[0] as string;
    expect(await playing('ground')).toMatchObject({ legion: groundSeat, round: 1 });
    const commander = pages[groundSeat];
    /** Where each ground unit stands now, as the log says, with its legion. */
    const ground = async (): Promise<Map<string, { legion: string; hexes: Json[] }>> => {
      const at = new Map<string, { legion: string; hexes: Json[] }>();
      for (const e of await log()) {
        if (e.type === 'UnitPlaced')
          at.set(e.data.unit, { legion: e.data.legion, hexes: e.data.hexes });
        if (e.type === 'UnitMoved') at.get(e.data.unit)!.hexes = e.data.hexes;
        if (e.type === 'PieceHit' && e.data.destroyed) at.delete(e.data.piece);
      }
      return at;
    };
    const enemyHexes = async () =>
      [...(await ground()).values()]
        .filter((u) => u.legion !== groundSeat)
        .flatMap((u) => u.hexes as { q: number; r: number }[]);
    const toEnemy = (h: { q: number; r: number }, enemies: { q: number; r: number }[]) =>
      Math.min(...enemies.map((e) => apart(h, e)));

    // Production: every squad starts full, so a support means, at a hex the rules offer.
    const produce = await open(commander, 'Поставить в очередь производства');
    await expect(recordButton(produce).isDisabled()).resolves.toBe(true);
    const item = produce.getByLabel('Производство *');
    expect(await options(item)).toEqual(['Турель', 'Защитное поле', 'Центр связи']);
    await item.selectOption({ label: 'Турель' });
    const hex = produce.getByLabel(/^Гекса/);
    await offering(hex);
    await expect(recordButton(produce).isDisabled()).resolves.toBe(true);
    const hexes = await options(hex);
    for (const text of hexes) expect(text).toMatch(/^Гекса \(-?\d+, -?\d+\)$/);
    await hex.selectOption({ label: hexes[0] });
    const hexId = await hex.inputValue();
    await shoot(commander, 'produce', produce);
    const beforeProduce = await table.head(matchId);
    await record(commander, produce);
    expect(await last(groundSeat)).toMatchObject({
      kind: 'queue-production',
      params: { item: 'turret', hex: hexId },
    });
    expect((await since(beforeProduce)).map((e) => e.type)).toContain('ProductionQueued');

    // A march: the infantry nearest an enemy, a hex at a time toward it, until next to it.
    const march = await open(commander, /^Переместить юнит/);
    await expect(recordButton(march).isDisabled()).resolves.toBe(true);
    const unit = march.getByLabel('Юнит *');
    await ownPieces(unit, groundSeat);
    const enemies = await enemyHexes();
    const infantry = (await options(unit)).filter((t) => t.startsWith('Пехота'));
    const nearest = infantry.reduce((a, b) =>
      toEnemy(hexOf(a), enemies) <= toEnemy(hexOf(b), enemies) ? a : b,
    );
    await unit.selectOption({ label: nearest });
    const unitId = await unit.inputValue();
    await expect(recordButton(march).isDisabled()).resolves.toBe(true);
    // No dice to enter for a move: its steps are choices, not faces.
    await expect(march.getByRole('group', { name: 'Кубики' }).count()).resolves.toBe(0);
    const hexSteps = march.getByRole('group', { name: 'Добавляйте по порядку' });
    await hexSteps.getByRole('button').first().waitFor();
    let here = hexOf(nearest);
    for (let i = 0; toEnemy(here, enemies) > 1 && i < 9; i += 1) {
      await settled(march);
      const offered = await hexSteps.getByRole('button').allTextContents();
      const closer = offered.reduce((a, b) =>
        toEnemy(hexOf(a), enemies) <= toEnemy(hexOf(b), enemies) ? a : b,
      );
      await hexSteps.getByRole('button', { name: closer, exact: true }).click();
      await march.getByRole('listitem').nth(i).waitFor();
      here = hexOf(closer);
    }
    expect(toEnemy(here, enemies)).toBe(1);
    await shoot(commander, 'march', march);
    await record(commander, march);
    const marched = await last(groundSeat);
    expect(marched).toMatchObject({ kind: 'move-unit', params: { unit: unitId } });
    expect((await ground()).get(unitId)!.hexes).toEqual([here]);

    // The shot: the marched unit at the enemy next to it, an opposed roll on the server.
    const shot = await open(commander, 'Выстрел: встречный бросок (можно вместе)');
    await expect(recordButton(shot).isDisabled()).resolves.toBe(true);
    const shooterUnit = shot.getByLabel('Стреляет *');
    await ownPieces(shooterUnit, groundSeat);
    await shooterUnit.selectOption({ value: unitId });
    const aim = shot.getByLabel('Цель *');
    await offering(aim);
    const aims = await options(aim);
    const positions = await ground();
    const aimIds = await aim
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    for (const id of aimIds) expect(positions.get(id)?.legion).not.toBe(groundSeat);
    await aim.selectOption({ label: aims[0] });
    const aimId = await aim.inputValue();
    // Who may join: the legion's other units next to the target, or a word that none can.
    const joiners = shot.getByRole('group', { name: /^Присоединяются/ });
    await settled(shot);
    if ((await joiners.getByRole('checkbox').count()) === 0)
      await joiners.getByText('Сейчас выбирать не из чего.').waitFor();
    for (const name of await joiners.locator('label').allTextContents())
      expect(name).toMatch(/^\s*(Пехота|Шагоход|Истребитель|Турель) \d+/);
    await shoot(commander, 'shot', shot);
    const beforeShot = await table.head(matchId);
    await record(commander, shot);
    expect(await last(groundSeat)).toMatchObject({
      kind: 'attack',
      params: { unit: unitId, target: aimId },
    });
    const resolved = (await since(beforeShot)).find((e) => e.type === 'GroundAttack')!;
    expect(resolved.data).toMatchObject({ attackers: [unitId], target: aimId });
    expect(['hit', 'counter-hit', 'draw']).toContain(resolved.data.outcome);

    // A hit may wait for the hit legion's Sword Master (or a Medic): it lets the hit land.
    for (const seat of Object.keys(pages))
      if ((await legal(seat)).includes('decline-reaction')) {
        const reaction = await open(pages[seat], 'Не отражать выстрел / не лечить');
        await record(pages[seat], reaction);
        expect(await last(seat)).toMatchObject({ kind: 'decline-reaction', seat });
      }

    // The end of the legion's ground turn: the next legion plays.
    const endGround = await open(commander, 'Закончить ход фракции на карте');
    await expect(recordButton(endGround).isDisabled()).resolves.toBe(true);
    const groundMap = endGround.getByLabel('Карта *');
    expect(await options(groundMap)).toContain('Земля');
    await groundMap.selectOption({ label: 'Земля' });
    await record(commander, endGround);
    expect(await last(groundSeat)).toMatchObject({ kind: 'end-turn', params: { map: 'ground' } });
    expect(await playing('ground')).toMatchObject({ legion: orders[1].data.order[1], round: 1 });
    await shoot(commander, 'ground-turn');
  });
});
