import { api } from './support/matches';
import { session } from './support/review-matches';
import { clubTable, options, recordButton, settled, type Json } from './support/table-harness';

/**
 * Issue 45 item 3 at a Star Wars table seated by role: each legionnaire has the seat of his
 * role ([1.4]), with its own link. Before the start the page lists the seats still waiting by
 * their Russian titles («Офицер снабжения Легиона I»). Then two legionnaires of the legion
 * first in space, each on his phone, take their own decisions from the page, choosing
 * controls by their Russian names: the Supply Officer buys a destroyer, the Captain of
 * destroyers moves his destroyer. The Captain is not offered the purchase, and the service
 * refuses it to him in Russian with [1.6]; the log says which seat recorded what.
 */

jest.setTimeout(600_000);

const LEGIONS = ['red', 'blue', 'gold'] as const;
const ROLES = ['commander', 'supply', 'squadron', 'destroyer', 'frigate', 'cruiser', 'ground'];
/** The legionnaires' names, a name per role seat: «Игрок 1», … */
const NAMES = Object.fromEntries(
  LEGIONS.flatMap((legion, l) =>
    ROLES.map((role, r) => [`${legion}:${role}`, `Легионер ${l * ROLES.length + r + 1}`]),
  ),
);

describe('Star Wars strategic missions seated by role, from the pages (issue 45)', () => {
  const table = clubTable('sw-roles', 'Клуб «Легион»', { proper: ['I', 'II', 'III'] });
  const { open, record, synced, shoot } = table;

  it('lists the role seats by title; each legionnaire takes his own role’s decisions', async () => {
    const created = await api<Json>(table.app, 'POST', '/matches', table.organizer, {
      ruleset: 'sw-strategic',
      title: 'Миссия по ролям',
      seats: Object.keys(NAMES).map((seat) => ({ seat })),
    });
    const matchId = created.matchId as string;
    const tokens: Record<string, string> = Object.fromEntries(
      (created.seatTokens as { seat: string; token: string }[]).map((s) => [s.seat, s.token]),
    );
    const s = session(table.app, matchId, tokens);

    // --- Before the start: the Supply Officer's link lists the seats waiting, by title. ---
    const waiting = await table.phone(`/play/${matchId}#token=${tokens['red:supply']}`);
    const start = waiting.locator('.seat-start');
    await start.waitFor();
    await start.getByText(/Командер космического сражения Легиона I\b/).waitFor();
    for (const title of [
      'Офицер снабжения Легиона I',
      'Капитан эсминцев Легиона I',
      'Командир эскадрильи Легиона II',
      'Звено наземного сражения Легиона III',
    ])
      await expect(start.getByText(title, { exact: false }).count()).resolves.toBeGreaterThan(0);
    await shoot(waiting, 'waiting');

    await s.claimAll(NAMES);
    await s.post('/start', table.organizer);
    await s.decide('begin', 'red:commander', 'begin');
    const log = (): Promise<Json[]> => table.events(matchId, table.organizer);
    const legion = (await log()).find(
      (e) => e.type === 'FactionTurnStarted' && e.data.map === 'space',
    )?.data.legion as string;
    expect(LEGIONS).toContain(legion);
    const numeral = ['I', 'II', 'III'][LEGIONS.indexOf(legion as (typeof LEGIONS)[number])];
    const officer = `${legion}:supply`;
    const captain = `${legion}:destroyer`;
    const last = async (): Promise<Json> =>
      (await table.decisions(matchId, table.organizer)).at(-1)!;

    // --- The Supply Officer, on his phone: his seat by title, and the purchase. ---
    const supply = await table.phone(`/play/${matchId}#token=${tokens[officer]}`);
    await synced(supply);
    await supply
      .getByText(`${NAMES[officer]} (Офицер снабжения Легиона ${numeral})`)
      .first()
      .waitFor();
    const buy = await open(supply, 'Купить корабли (офицер снабжения)');
    await buy.getByRole('button', { name: 'Эсминец — 6 кредитов' }).click();
    await record(supply, buy);
    expect(await last()).toMatchObject({
      kind: 'buy-ships',
      seat: officer,
      params: { classes: ['destroyer'] },
    });
    await shoot(supply, 'supply-bought');

    // --- The Captain of destroyers: no purchase offered; his destroyer moved. ---
    const bridge = await table.phone(`/play/${matchId}#token=${tokens[captain]}`);
    await synced(bridge);
    await bridge
      .getByText(`${NAMES[captain]} (Капитан эсминцев Легиона ${numeral})`)
      .first()
      .waitFor();
    const move = await open(bridge, 'Переместить корабль');
    // The offers are on the page (the form above came from them): the purchase is not among them.
    await expect(
      bridge.getByRole('button', { name: 'Купить корабли (офицер снабжения)' }).count(),
    ).resolves.toBe(0);
    const ship = move.getByLabel('Корабль *');
    const ships = await options(ship);
    expect(ships.length).toBeGreaterThan(0);
    // His own class only: the legion's transport is the Supply Officer's to move.
    for (const name of ships) expect(name).toMatch(/^Эсминец/);
    await ship.selectOption({ label: ships[0] });
    const shipId = await ship.inputValue();
    const steps = move.getByRole('group', { name: 'Добавляйте по порядку' });
    await steps.getByRole('button').first().waitFor();
    await settled(move);
    const offered = await steps.getByRole('button').allTextContents();
    const step = ['вперёд', 'вперёд-влево', 'вперёд-вправо'].find((t) => offered.includes(t))!;
    expect(step).toBeDefined();
    await steps.getByRole('button', { name: step, exact: true }).click();
    await move.getByRole('listitem').first().waitFor();
    await expect(recordButton(move).isDisabled()).resolves.toBe(false);
    await record(bridge, move);
    expect(await last()).toMatchObject({
      kind: 'move-ship',
      seat: captain,
      params: { ship: shipId },
    });
    await shoot(bridge, 'captain-moved');

    // --- The purchase sent by the Captain anyway: refused in Russian with [1.6], log unchanged. ---
    const before = await table.head(matchId);
    const refused = await fetch(`${table.app.url}/api/v1/matches/${matchId}/decisions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'accept-language': 'ru',
        authorization: `Bearer ${tokens[captain]}`,
      },
      body: JSON.stringify({ kind: 'buy-ships', params: { classes: ['destroyer'] } }),
    });
    expect(refused.status).toBe(422);
    const problem = (await refused.json()) as Json;
    expect(problem.detail).toContain(
      `не решение роли «Капитан эсминцев Легиона ${numeral}»: его принимает Офицер снабжения Легиона ${numeral}`,
    );
    expect(JSON.stringify(problem)).toContain('Игроки, действуют только в своих ролях');
    expect(await table.head(matchId)).toBe(before);

    // Who recorded what, as the log says.
    const bySeat = (await table.decisions(matchId, table.organizer)).map((d) => [d.seat, d.kind]);
    expect(bySeat).toEqual([
      ['red:commander', 'begin'],
      [officer, 'buy-ships'],
      [captain, 'move-ship'],
    ]);
  });
});
