import { illustrativeDeck } from '../../src/domain/rulesets/combat-commander/cc-cards';
import { api } from './support/matches';
import { clubTable, options, type Json } from './support/table-harness';

/**
 * Issue 45 item 2 from the play page: a Fire names its firing group and its target. Every
 * German card is a Fire Order (the illustrative deck with each Order made «Огонь» and no
 * trigger, so whatever the shuffle deals is a Fire Order). Дарья (the Germans) gives the Order
 * to her squad in C3, then rolls for Fire: the form offers as firers only the unit the Order
 * activated and, for it, only the Soviet unit it reaches (Range 5, the line past the Hindrance
 * in D4; the Scout team in H8 is out of Range), all by their Russian names and exactly as the
 * rules' choices endpoint gives them; the log read over HTTP records the group, the target and
 * the fire's figures.
 */

jest.setTimeout(600_000);

type Seat = 'axis' | 'allies';

describe('Combat Commander: a Fire at a target from the play page (issue 45)', () => {
  const table = clubTable('cc-fire', 'Клуб «Огневой рубеж»', { proper: ['Combat', 'Commander'] });
  const { open, record, noLatin, shoot } = table;

  it('fires a group at a target chosen by their Russian names; the API records what was chosen', async () => {
    const fireDeck = illustrativeDeck('germany').map(({ trigger: _trigger, ...c }) => ({
      ...c,
      order: 'fire',
    }));
    const created = await api<{ matchId: string; seatTokens: { seat: Seat; token: string }[] }>(
      table.app,
      'POST',
      '/matches',
      table.organizer,
      {
        ruleset: 'combat-commander',
        title: 'Огонь по F6',
        seats: [{ seat: 'axis' }, { seat: 'allies' }],
        setup: { decks: [{ nationality: 'germany', cards: fireDeck }] },
      },
    );
    const { matchId } = created;
    const tokens = Object.fromEntries(created.seatTokens.map((s) => [s.seat, s.token])) as Record<
      Seat,
      string
    >;
    for (const [seat, name] of [
      ['axis', 'Дарья'],
      ['allies', 'Григорий'],
    ] as const)
      await api(table.app, 'POST', `/matches/${matchId}/seats/${seat}/claim`, tokens[seat], {
        name,
      });
    await api(table.app, 'POST', `/matches/${matchId}/start`, table.organizer);
    await api(table.app, 'POST', `/matches/${matchId}/decisions`, tokens.axis, {
      kind: 'begin',
      params: {},
    });
    /** The rules' own choices for a field of the roll, for the fields chosen so far. */
    const rulesOffer = async (params: Json, path: string): Promise<string[]> => {
      const answer = await api<{ fields: { path: string; values: { name: { ru: string } }[] }[] }>(
        table.app,
        'POST',
        `/matches/${matchId}/legal-decisions/choices`,
        tokens.axis,
        { kind: 'roll', params },
      );
      return answer.fields.find((f) => f.path === path)?.values.map((v) => v.name.ru) ?? [];
    };

    const darya = await table.phone(`/play/${matchId}#token=${tokens.axis}`);
    // --- The Fire Order, to the squad in C3. ---
    const order = await open(darya, 'Сыграть карту как Приказ');
    const cards = await options(order.getByLabel('Карта *'));
    expect(cards.length).toBeGreaterThan(0);
    for (const name of cards) expect(name).toMatch(/^Огонь/);
    await order.getByLabel('Карта *').selectOption({ label: cards[0] });
    await order
      .getByRole('group', { name: /^Подразделения/ })
      .getByLabel('Стрелковое отделение 2')
      .check();
    await record(darya, order);

    // --- The Fire roll: the activated squad, then the one enemy unit it reaches. ---
    const roll = await open(darya, /^Бросок: открыть верхнюю карту Судьбы/);
    const purposes = await options(roll.getByLabel('Бросок *'));
    expect(purposes).toContain('Огонь');
    // No Ordnance in the battle: no Targeting roll.
    expect(purposes.some((p) => p.startsWith('Прицеливание'))).toBe(false);
    await roll.getByLabel('Бросок *').selectOption({ label: 'Огонь' });
    const group = roll.getByRole('group', { name: /^Огневая группа/ });
    await group.getByRole('checkbox').first().waitFor();
    const firers = (await group.locator('label').allTextContents()).map((t) => t.trim());
    expect(firers.map((f) => f.split(' — ')[0])).toEqual(['Стрелковое отделение 2']);
    expect(firers.map((f) => f.split(' — ')[0])).toEqual(
      await rulesOffer({ purpose: 'fire' }, 'group'),
    );
    await group.getByLabel('Стрелковое отделение 2').check();
    const target = roll.getByLabel('Цель', { exact: true });
    const targets = await options(target);
    expect(targets.map((t) => t.split(' — ')[0])).toEqual(['Гвардейское отделение 2']);
    expect(targets.map((t) => t.split(' — ')[0])).toEqual(
      await rulesOffer({ purpose: 'fire', group: ['de-squad-2'] }, 'target'),
    );
    await target.selectOption({ label: targets[0] });
    await shoot(darya, 'fire', roll);
    await record(darya, roll);
    await noLatin(darya);

    // --- What the log holds, read over HTTP. ---
    const events = await table.events(matchId, table.organizer);
    const decision = events.filter((e) => e.type === 'DecisionMade').at(-1)!;
    expect(decision.data).toMatchObject({
      kind: 'roll',
      seat: 'axis',
      params: { purpose: 'fire', group: ['de-squad-2'], target: 'su-squad-2' },
    });
    const rolled = events.filter((e) => e.type === 'FateRolled').at(-1)!;
    expect(rolled.data).toMatchObject({
      seat: 'axis',
      purpose: 'fire',
      group: ['de-squad-2'],
      target: 'su-squad-2',
      fire: {
        hex: 'F6',
        firers: [{ piece: 'de-squad-2', hex: 'C3', fp: 5, range: 5, distance: 5 }],
        hindrances: ['D4'],
        lineOfFire: 'checked',
      },
    });
  });
});
