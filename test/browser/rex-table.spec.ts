import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { ARTIFACTS, expectNoSideScroll } from './support/browser';
import { api } from './support/matches';
import { clubTable, options, PHONE, settled, type Json } from './support/table-harness';

/**
 * Issue 39 at a Rex table: the organizer creates the match on /new with Russian names and
 * races, three players on 390 px phones (a browser context each) open their links and play
 * a whole round from the pages alone (begin, Influence, bidding, recruitment, deployment,
 * movement, a battle with sealed wheels, cards and Traitor calls, the winner's cards, the
 * bombardment), then two concede and the last race left wins. Every decision is chosen by
 * its visible Russian name, the log is read over HTTP after each step, no Latin id is on the
 * page, the record button waits for the required fields, and no picker offers another seat's
 * pieces.
 */

jest.setTimeout(900_000);

const PLAYERS = [
  { name: 'Аня', race: 'Летнев' },
  { name: 'Борис', race: 'Сол' },
  { name: 'Вера', race: 'Хакан' },
] as const;
type Name = (typeof PLAYERS)[number]['name'];

/** Decisions a round goes through in order of preference; optional ones are never taken. */
const PREFERRED = [
  'begin',
  'reveal-influence',
  'end-ceasefire',
  'deal-auction',
  'bid',
  'pass-bid',
  'recruit',
  'deploy',
  'move',
  'end-turn',
  'start-battle',
  'battle-plan',
  'battle-cards',
  'call-traitor',
  'take-losses',
  'keep-cards',
  'draw-bombardment',
];

describe('a round of Rex from the pages, on phones (issue 39)', () => {
  // «Rex» is the game's own title; Mecatol Rex is the board's.
  const table = clubTable('rex-table', 'Клуб «Мекатол»', { proper: ['Rex', 'Mecatol'] });
  const { shoot } = table;
  const phone = (): Promise<Page> => table.phone();
  let app: typeof table.app;
  let organizer: string;
  beforeAll(() => {
    app = table.app;
    organizer = table.organizer;
  });

  it('organizer creates, three phones play a whole round, two concede, the last race wins', async () => {
    // --- The organizer's /new, on a phone, in Russian. ---
    const desk = await phone();
    await desk.goto(`${app.url}/new#token=${organizer}`);
    await desk
      .getByLabel('Правила', { exact: true })
      .selectOption({ label: 'Rex: Последние дни Империи' });
    await desk.getByLabel('Фракция').first().waitFor();
    await desk.getByLabel('Название', { exact: true }).fill('Рекс, клубный вечер');
    // The decks as printed in the setup (a game at a real table): the cards dealt are known.
    await desk
      .getByLabel('Порядок колод', { exact: true })
      .selectOption({ label: 'Как задано при создании' });
    for (const [i, { name, race }] of PLAYERS.entries()) {
      await desk.getByLabel('Id места').nth(i).fill(name);
      await desk.getByLabel('Фракция').nth(i).selectOption({ label: race });
      await desk.getByLabel('Имя игрока').nth(i).fill(name);
    }
    await desk.getByRole('button', { name: 'Создать матч' }).click();
    await desk.getByText('Матч создан').waitFor();
    await shoot(desk, 'created');
    const links = desk.getByLabel('Ссылка', { exact: true });
    // A link per seat, then the organizer's own; every seat taken and the match started.
    expect(await links.count()).toBe(4);
    await desk.getByText('Матч начат').waitFor();
    const link: Record<string, string> = {};
    for (const [i, { name }] of PLAYERS.entries()) link[name] = await links.nth(i).inputValue();
    const matchId = new URL(link['Аня']).pathname.split('/').at(-1)!;
    const token = Object.fromEntries(
      PLAYERS.map(({ name }) => [name, new URL(link[name]).hash.replace('#token=', '')]),
    ) as Record<Name, string>;

    // --- Each player opens his link on his phone. ---
    const pages = {} as Record<Name, Page>;
    for (const { name } of PLAYERS) {
      pages[name] = await phone();
      await pages[name].goto(link[name]);
    }

    const summaries = (await api<Json>(app, 'GET', '/rulesets/rex', organizer)).decisions as Json[];
    const summaryOf = (kind: string): string =>
      (summaries.find((d) => d.kind === kind)?.summary?.ru as string) ?? kind;
    const head = () => table.head(matchId);
    const synced = table.synced;
    const legal = async (name: Name): Promise<Json[]> =>
      (await api<Json>(app, 'GET', `/matches/${matchId}/legal-decisions`, token[name])).kinds;
    const view = async (name: Name): Promise<Json> =>
      api<Json>(app, 'GET', `/matches/${matchId}/state`, token[name]);
    const log = async (): Promise<Json[]> =>
      (await api<Json>(app, 'GET', `/matches/${matchId}/events?line=all`, organizer)).events;
    const seatOf = async (name: Name): Promise<string> => name;

    /** Nothing in Latin letters that reads as an id on the page. */
    const noLatin = async (page: Page, where: string) => {
      const latin = await table.foreignWords(page);
      expect({ where, latin }).toEqual({ where, latin: [] });
    };

    /** Every piece a picker offers is the seat's own (places and seats are no pieces). */
    const ownPieces = async (name: Name, form: Locator) => {
      const { table } = await view(name);
      const seat = await seatOf(name);
      const values = await form
        .locator('select option')
        .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      for (const value of values) {
        const piece = table.pieces[value];
        if (!piece) continue;
        const mine =
          piece.owner === seat || [`hand:${seat}`, `traitors:${seat}`].includes(piece.zone);
        expect({ value, mine }).toEqual({ value, mine: true });
      }
    };

    /**
     * Fills the open form from what it offers: each empty select in turn gets `prefer` (by
     * visible text) or its first entry, waiting for the fields the choice opens; returns the
     * chosen values (option values, to check against the log).
     */
    const fill = async (form: Locator, prefer: (label: string, texts: string[]) => string) => {
      const chosen: string[] = [];
      for (let round = 0; round < 8; round += 1) {
        const selects = await form.locator('select').all();
        let changed = false;
        for (const select of selects) {
          if ((await select.inputValue()) !== '') continue;
          const texts = await options(select);
          if (texts.length === 0) continue;
          const label =
            (await select.evaluate((el) => (el as HTMLSelectElement).labels?.[0]?.textContent)) ??
            '';
          await select.selectOption({ label: prefer(label, texts) || texts[0] });
          chosen.push(await select.inputValue());
          changed = true;
          // The fields the choice opens are asked of the rules again.
          await settled(form);
          break;
        }
        if (!changed) break;
      }
      // A required number the rules list no values for (troops recruited): none.
      for (const number of await form.getByRole('spinbutton').all()) {
        const label =
          (await number.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent)) ?? '';
        if (label.endsWith('*') && (await number.inputValue()) === '') await number.fill('0');
      }
      return chosen;
    };

    const steps: string[] = [];
    let discarded = '';
    let battleShot = false;
    const deployedBy = new Set<Name>();
    let moved = false;
    let bid = false;

    /** One decision of `name`, from the page. */
    async function act(name: Name, kind: string, sealed: boolean): Promise<void> {
      const page = pages[name];
      await synced(page);
      await noLatin(page, `${name} before ${kind}`);
      const before = await head();
      const seal = page.locator(`[data-seal-kind="${kind}"]`);
      if (sealed && (await seal.count()) > 0) {
        // Every side has sealed: reveal.
        await seal.getByRole('button', { name: 'Вскрыть' }).click();
        await seal.waitFor({ state: 'detached' });
        const revealed = (await log()).filter((e) => e.seq > before);
        expect(revealed.map((e) => e.type)).toContain('SealRevealed');
        steps.push(`${name}: вскрыл ${kind}`);
        return;
      }
      const summary = summaryOf(kind);
      await page.getByRole('button', { name: summary, exact: true }).click();
      const form = page.getByRole('form', { name: summary });
      await settled(form);
      const submit = form.getByRole('button', { name: sealed ? 'Запечатать выбор' : 'Записать' });
      // Nothing chosen for the player: a required field empty keeps the button disabled.
      const required = await form.locator('label', { hasText: /\*$/ }).count();
      if (required > 0)
        expect({ kind, disabled: await submit.isDisabled() }).toEqual({ kind, disabled: true });
      await ownPieces(name, form);
      const chosen = await fill(form, (label, texts) => {
        if (kind === 'deploy' && /Куда/.test(label)) {
          deployTo ||= texts[0].split(' — ')[0];
          return texts.find((t) => t.startsWith(deployTo)) ?? '';
        }
        if (kind === 'deploy' && /Сколько Войск/.test(label) && name === 'Аня') return '2';
        if (kind === 'move' && /Сколько Войск/.test(label)) return '1';
        if (kind === 'start-battle' && /Где/.test(label)) expect(texts).toHaveLength(1);
        if (kind === 'battle-plan' && /Лидер/.test(label))
          for (const t of texts) expect(t).toMatch(/ — сила \d+$/);
        // Аня dials all she has; both open both card slots (each plays what it holds).
        if (kind === 'battle-plan' && /Число/.test(label) && name === 'Аня') return texts.at(-1)!;
        if (kind === 'battle-plan' && /Слоты/.test(label)) return 'Атака и защита';
        return '';
      });
      if (kind === 'keep-cards') {
        // Only the cards played in this battle, the one played first: Аня discards it.
        const cards = form.getByRole('checkbox');
        expect(await cards.count()).toBeGreaterThan(0);
        expect(await cards.count()).toBeLessThanOrEqual(2);
        await cards.first().check();
        discarded = (await cards.first().evaluate((el) => el.parentElement?.textContent)) ?? '';
      }
      await ownPieces(name, form);
      await noLatin(page, `${name}'s form ${kind}`);
      if (kind === 'deploy' || (kind === 'battle-plan' && !battleShot) || kind === 'keep-cards')
        await shoot(page, kind, form);
      if (kind === 'battle-plan') battleShot = true;
      if (!sealed)
        await form
          .getByRole('status')
          .filter({ hasText: 'Правила это допускают' })
          .waitFor()
          .catch(async (error: Error) => {
            await form.screenshot({ path: join(ARTIFACTS, 'rex-table-refused-form-390.png') });
            const status = await form.getByRole('status').allTextContents();
            throw new Error(
              `${name}'s ${kind} (${chosen.join(', ')}): ${status.join(' | ')}\n${steps.join('\n')}\n${error.message}`,
            );
          });
      await submit.click();
      // A decision that ends the match says what it will record and asks once more.
      const ending = form.getByRole('button', { name: 'Да, закончить матч' });
      const asksToEnd = await Promise.race([
        form.waitFor({ state: 'detached' }).then(() => false),
        ending.waitFor().then(
          () => true,
          () => false,
        ),
      ]);
      if (asksToEnd) {
        await form.getByText('Матч закончится: победитель — Аня').waitFor();
        await ending.click();
        await form.waitFor({ state: 'detached' });
      }
      // The log over HTTP holds the decision picked, with the values chosen.
      const recorded = (await log()).filter((e) => e.seq > before);
      if (sealed) {
        expect(recorded.find((e) => e.type === 'DecisionSealed')?.data).toMatchObject({
          kind,
          seat: await seatOf(name),
        });
      } else {
        const made = recorded.find((e) => e.type === 'DecisionMade')!.data;
        expect(made).toMatchObject({ kind, seat: await seatOf(name) });
        const values = Object.values(made.params as Json)
          .flat()
          .map(String);
        for (const value of chosen) expect(values).toContain(value);
        if (kind === 'keep-cards') expect(made.params.discard).toHaveLength(1);
      }
      steps.push(`${name}: ${kind} ${chosen.join(', ')}`);
    }

    // Where Аня deploys (the first place offered to her), and Борис after her.
    let deployTo = '';

    const round = async () => (await view('Аня')).table.turn.round as number;
    for (let step = 0; step < 150 && (await round()) < 2; step += 1) {
      let acted = false;
      for (const { name } of PLAYERS) {
        const offered = await legal(name);
        const kinds = offered.map((k) => k.kind as string);
        let kind = PREFERRED.find((k) => kinds.includes(k));
        if (!kind) continue;
        // One bid each at most, so that the lots are sold; the rest pass.
        if (kind === 'bid') kind = bid || !kinds.includes('pass-bid') ? 'pass-bid' : 'bid';
        if (kind === 'bid') bid = true;
        // Аня deploys first (two troops), Борис where she did: a battle follows.
        if (kind === 'deploy' && (name === 'Вера' || deployedBy.has(name)))
          kind = name === 'Аня' && kinds.includes('move') && !moved ? 'move' : 'end-turn';
        if (kind === 'deploy') deployedBy.add(name);
        if (kind === 'move' && (name !== 'Аня' || moved)) kind = 'end-turn';
        if (kind === 'move') moved = true;
        if (!kinds.includes(kind)) continue;
        const sealed = offered.find((k) => k.kind === kind)?.sealed === true;
        await act(name, kind, sealed);
        acted = true;
        break;
      }
      expect(acted).toBe(true);
    }
    expect(await round()).toBe(2);
    const types = (await log()).map((e) => e.type);
    for (const type of [
      'BattleOpened',
      'BattleWheelsRevealed',
      'BattleCardsRevealed',
      'TraitorCallRevealed',
      'BattleResolved',
      'BattleCardsKept',
    ])
      expect(types).toContain(type);
    expect(discarded).toMatch(/Биологическое Оружие|Энерго-ружье|Щит/);
    expect(steps.join('\n')).toMatch(
      /bid[\s\S]*deploy[\s\S]*move[\s\S]*start-battle[\s\S]*battle-cards[\s\S]*keep-cards/,
    );
    await shoot(pages['Аня'], 'round-2');
    // At 1280 px the hands and decks take the side's whole width, their cards side by side
    // (a narrow column broke every pile's name); at 390 px nothing scrolls sideways.
    const anya = pages['Аня'];
    await anya.setViewportSize({ width: 1280, height: 900 });
    const side = await anya.locator('.board-side').boundingBox();
    const hands = anya.locator('.board-side > .hands');
    expect((await hands.boundingBox())!.width).toBeCloseTo(side!.width, 0);
    const columns = await hands
      .locator('.hand-list > *')
      .evaluateAll(
        (cards) => new Set(cards.map((c) => Math.round(c.getBoundingClientRect().x))).size,
      );
    expect(columns).toBeGreaterThan(1);
    await expectNoSideScroll(anya);
    await anya.setViewportSize(PHONE);
    await expectNoSideScroll(anya);

    // --- Борис and Вера concede: Аня's race is the last left and wins. ---
    for (const name of ['Борис', 'Вера'] as const) {
      await act(name, 'concede', false);
      await noLatin(pages[name], `${name} after conceding`);
    }
    const { status } = await api<Json>(app, 'GET', `/matches/${matchId}`, organizer);
    expect(status).toBe('finished');
    const finished = (await log()).find((e) => Array.isArray(e.data?.winners));
    expect(finished?.data.winners).toEqual(['Аня']);
    await synced(pages['Аня']);
    await noLatin(pages['Аня'], 'the end');
    await shoot(pages['Аня'], 'end');
  });
});
