import { MatchHarness } from '../support/match-harness';
import { commandersPathRuleset } from '../../src/domain/rulesets/commanders-path/commanders-path.ruleset';
import type { CpState } from '../../src/domain/rulesets/commanders-path/cp-state';
import {
  arena,
  SEATS,
  shipCard,
  type ArenaSpec,
  type Driver,
} from '../../src/domain/rulesets/commanders-path/testing/cp-kit';
import { api } from './support/matches';
import { session } from './support/review-matches';
import { clubTable, options, recordButton, type Json } from './support/table-harness';

/**
 * Issue 39, Commanders Path's battle decisions on phones: a battle in open space reached
 * through the API by manual adjustments (the kit's arena, worked out on the domain harness and
 * sent to the service decision by decision), then, from the pages alone, Аня holds «Второй»
 * in the second echelon, Борис holds none, and at short range Аня rams «Средний» with «Таран»
 * — each chosen by its Russian name, each checked in the log read over HTTP. Over Борис's
 * planet, Аня goes on against the ground and bombs his garrison with her bomber.
 */

jest.setTimeout(600_000);

const OPTIONS = { deckShuffle: 'none', manualAdjustments: 'free' };

/** The arena's decisions on the domain harness (the same options give the same piece ids). */
function arenaDecisions(spec: ArenaSpec): { seat: string; kind: string; params: unknown }[] {
  const g = new MatchHarness<CpState>(commandersPathRuleset).started(SEATS, { options: OPTIONS });
  const log: { seat: string; kind: string; params: unknown }[] = [];
  const driver: Driver = {
    get state() {
      return g.state;
    },
    get events() {
      return g.events;
    },
    play: (seat, kind, params = {}) => {
      log.push({ seat, kind, params });
      return g.play(seat, kind, params);
    },
    decide: (seat, kind, params = {}) => g.decide(seat, kind, params),
  };
  arena(driver, spec);
  return log;
}

describe('Commanders Path battle decisions from the pages, on phones (issue 39)', () => {
  const table = clubTable('cp-battle', 'Клуб «Путь»');
  const { open, record, shoot } = table;

  /** A match of Аня (red) and Борис (blue) brought to the arena's battle over the API. */
  async function arenaMatch(title: string, spec: ArenaSpec) {
    const created = await api<Json>(table.app, 'POST', '/matches', table.organizer, {
      ruleset: 'commanders-path',
      title,
      options: OPTIONS,
      seats: [{ seat: 'red' }, { seat: 'blue' }],
    });
    const matchId = created.matchId as string;
    const seats: Record<string, string> = Object.fromEntries(
      (created.seatTokens as { seat: string; token: string }[]).map((s) => [s.seat, s.token]),
    );
    const s = session(table.app, matchId, seats);
    await s.claimAll({ red: 'Аня', blue: 'Борис' });
    await s.post('/start', seats.red);
    for (const { seat, kind, params } of arenaDecisions(spec))
      await s.decide(kind, seat, kind, params as Json);
    const last = async (seat: string): Promise<Json> =>
      (await table.decisions(matchId, table.organizer)).filter((d) => d.seat === seat).at(-1)!;
    return { matchId, seats, s, last };
  }

  it('holds a second echelon and rams, each chosen by its Russian name', async () => {
    const { matchId, seats, s, last } = await arenaMatch('Сражение на малой дистанции', {
      red: { R1: shipCard('Таран'), R2: shipCard('Второй'), R3: shipCard('Третий') },
      // Slower than the rammer: the ram needs no evasion die.
      blue: { M: shipCard('Средний', { speed: 3 }), N: shipCard('Четвёртый', { speed: 3 }) },
      autoPass: false,
    });
    const anya = await table.phone(`/play/${matchId}#token=${seats.red}`);
    const boris = await table.phone(`/play/${matchId}#token=${seats.blue}`);

    // --- The second echelon: at most half the fleet, every ship by its name. ---
    const echelon = /^Выделить второй эшелон/;
    const anyaEchelon = await open(anya, echelon);
    const second = anyaEchelon.getByRole('group', { name: /^Второй эшелон/ });
    expect((await second.getByRole('checkbox').all()).length).toBe(3);
    await second.getByText('Выбрано: 0. Можно выбрать до 1.').waitFor();
    await second.getByRole('checkbox', { name: /^Второй/ }).check();
    // Half of three is one: the others cannot be ticked now.
    await expect(second.getByRole('checkbox', { name: /^Третий/ }).isDisabled()).resolves.toBe(
      true,
    );
    await shoot(anya, 'echelon', anyaEchelon);
    await record(anya, anyaEchelon);
    expect(await last('red')).toMatchObject({
      kind: 'designate-echelon',
      params: { second: ['R2'] },
    });
    const borisEchelon = await open(boris, echelon);
    await record(boris, borisEchelon);
    expect(await last('blue')).toMatchObject({ kind: 'designate-echelon' });
    expect((await last('blue')).params.second ?? []).toEqual([]);

    // Long and medium range pass with no weapon aboard (each seat's auto-pass, as the club
    // agreed): the fleets close to short range.
    for (const seat of ['red', 'blue'])
      await s.decide('auto-pass', seat, 'set-auto-pass', { on: true });

    // --- The ram: the rammer of the first echelon, then the enemy it may ram. ---
    const ram = await open(anya, 'Таран (малая дистанция)');
    await expect(recordButton(ram).isDisabled()).resolves.toBe(true);
    const rammer = ram.getByLabel('Таранящий *');
    // «Второй» stands in the second echelon: it does not ram now.
    expect((await options(rammer)).map((o) => o.split(' — ')[0])).toEqual(['Таран', 'Третий']);
    await rammer.selectOption({
      label: (await options(rammer)).find((o) => o.startsWith('Таран'))!,
    });
    const target = ram.getByLabel('Цель *');
    expect((await options(target)).map((o) => o.split(' — ')[0])).toEqual(['Средний', 'Четвёртый']);
    await target.selectOption({
      label: (await options(target)).find((o) => o.startsWith('Средний'))!,
    });
    await shoot(anya, 'ram', ram);
    await record(anya, ram);
    expect(await last('red')).toMatchObject({
      kind: 'ram',
      params: { ship: 'R1', target: 'M' },
    });
    // The log says it in words: «Аня таранит: Таран → Средний».
    await anya.locator('.log-entry', { hasText: /таранит: Таран → Средний/ }).waitFor();
    await shoot(anya, 'after-ram');
    await shoot(boris, 'after-ram-boris');
  });

  it('goes on against the ground and bombs a garrison, chosen by their Russian names', async () => {
    // Борис's planet with a garrison and no fleet: Аня wins the space battle at once.
    const { matchId, seats, last } = await arenaMatch('Бомбардировка', {
      red: { H: shipCard('Бомбер', { weapons: ['бомбы 3'] }), N: shipCard('Пустой') },
      blue: {},
      orbit: {
        object: { kind: 'object', name: 'Планета X', objectType: 'planet', cost: 5 } as never,
        surface: {
          G: { kind: 'ground-unit', name: 'Гарнизон', strength: 5, placeOn: ['planet'], cost: 2 },
        },
      },
    });
    const anya = await table.phone(`/play/${matchId}#token=${seats.red}`);

    // --- The ground assault: Аня goes on. ---
    const assault = await open(anya, 'Продолжить против наземных отрядов или завершить сражение');
    await assault.getByRole('checkbox', { name: 'Продолжить' }).check();
    await record(anya, assault);
    expect(await last('red')).toMatchObject({
      kind: 'ground-assault',
      params: { continue: true },
    });

    // --- Bombs: only the ship that carries them, and the garrison on the surface. ---
    const bomb = await open(anya, 'Бомбить отряды или постройки (малая дистанция)');
    await expect(recordButton(bomb).isDisabled()).resolves.toBe(true);
    const bombers = bomb.getByRole('group', { name: /^Корабли/ });
    const offered = await bombers.getByRole('checkbox').all();
    expect(offered).toHaveLength(1);
    await bombers.getByRole('checkbox', { name: /^Бомбер/ }).check();
    const target = bomb.getByLabel('Цель *');
    const targets = await options(target);
    expect(targets.map((o) => o.split(' — ')[0])).toContain('Гарнизон');
    await target.selectOption({ label: targets.find((o) => o.startsWith('Гарнизон'))! });
    await shoot(anya, 'bomb', bomb);
    await record(anya, bomb);
    expect(await last('red')).toMatchObject({
      kind: 'bomb',
      params: { ships: ['H'], target: 'G' },
    });
    const bombed = (await table.events(matchId, table.organizer))
      .filter((e) => e.type === 'BombingResolved')
      .at(-1)!;
    expect(bombed.data).toMatchObject({ total: 3, damageAfter: 3, destroyed: false });
    // The log says it in words: «Аня бомбит: Бомбер → Гарнизон».
    await anya.locator('.log-entry', { hasText: /бомбит: Бомбер → Гарнизон/ }).waitFor();
    await shoot(anya, 'after-bomb');
  });
});
