import { MatchHarness } from '@test/support/match-harness';
import { own } from '../../shared/id-record';
import { validateParams } from '../validate-params';
import { CcSetupParams } from './cc.params';
import type { CcState } from './cc-state';
import { combatCommanderRuleset } from './combat-commander.ruleset';
import { card, game, SEATS, uniformDeck } from './cc.testkit';

const illustrative = () => new MatchHarness(combatCommanderRuleset).started(SEATS);
const nameOf = (h: MatchHarness<CcState>, id: string) => own(h.state.table.pieces, id)?.attrs.name;

/** An organizer's scenario: one unit a side, a Weapon and a Radio. */
const scenario = (titled: boolean) => ({
  units: [
    {
      id: 'de-1',
      name: 'Gruppe Vogel',
      ...(titled ? { title: { en: 'Vogel’s section', ru: 'Отделение Фогеля' } } : {}),
      owner: 'axis',
      kind: 'squad',
      hex: 'B2',
      fp: 5,
      range: 5,
      movement: 4,
      morale: 8,
    },
    {
      id: 'su-1',
      name: 'Отделение Петрова',
      owner: 'allies',
      kind: 'squad',
      hex: 'G7',
      fp: 4,
      range: 4,
      movement: 4,
      morale: 7,
    },
  ],
  weapons: [{ id: 'de-mg', name: 'MG 42', owner: 'axis', unit: 'de-1', fp: 5, range: 14 }],
  radios: [
    {
      id: 'de-radio',
      name: 'Funk',
      ...(titled ? { title: { en: 'Radio', ru: 'Рация' } } : {}),
      owner: 'axis',
    },
  ],
});

describe('Combat Commander setup: names in both languages', () => {
  it('titles the illustrative scenario, its units, Weapons and Radio in Russian and English', () => {
    const h = illustrative();
    const setUp = h.events.find((e) => e.type === 'BattleSetUp')?.data as { scenario?: unknown };
    expect(setUp.scenario).toEqual({
      en: 'Illustrative scenario (not from the rules text)',
      ru: 'Примерный сценарий (не из текста правил)',
    });
    expect(nameOf(h, 'de-leader')).toEqual({ en: 'Leutnant Krüger', ru: 'Лейтенант Крюгер' });
    expect(nameOf(h, 'de-squad-1')).toEqual({ en: 'Rifle squad 1', ru: 'Стрелковое отделение 1' });
    expect(nameOf(h, 'su-squad-1')).toEqual({
      en: 'Guards squad 1',
      ru: 'Гвардейское отделение 1',
    });
    expect(nameOf(h, 'de-radio')).toEqual({ en: 'Field radio', ru: 'Рация' });
    expect(nameOf(h, 'de-mg')).toEqual({ en: 'MG 34', ru: 'Пулемёт МГ-34' });
    // Every piece of the scenario has both names, the Russian one without a Latin letter, and
    // no two units share a name in either language (the log names a unit without its side).
    const named = Object.values(h.state.table.pieces).filter((p) =>
      ['leader', 'team', 'squad', 'weapon', 'radio'].includes(p.type),
    );
    expect(named).toHaveLength(10);
    for (const p of named) {
      const name = p.attrs.name as { en: string; ru: string };
      expect(name.en).toMatch(/^[^\u0400-\u04FF]+$/);
      expect(name.ru).toMatch(/^[^A-Za-z]+$/);
    }
    for (const lang of ['en', 'ru'] as const) {
      const units = named.map((p) => (p.attrs.name as Record<string, string>)[lang]);
      expect(new Set(units).size).toBe(units.length);
    }
  });

  it('titles the illustrative decks’ named Events in both languages, and reveals an Event by its title', () => {
    const interrogation = { en: 'Interrogation', ru: 'Допрос' };
    const h = game({ axisCard: card({ trigger: 'event', eventTitle: interrogation }) });
    h.play('axis', 'roll', { purpose: 'other' });
    expect(h.events.find((e) => e.type === 'EventRevealed')?.data).toMatchObject({
      event: 'E43',
      title: interrogation,
    });
    // The illustrative decks print only what the excerpt names: no rule number for a name.
    const deck = illustrative();
    const cards = Object.values(deck.state.table.pieces)
      .filter((p) => p.type === 'fate-card')
      .map((p) => p.attrs as { action: string; event: string; eventTitle?: { ru: string } });
    expect(cards).toHaveLength(144);
    expect(new Set(cards.map((c) => c.eventTitle?.ru))).toEqual(
      new Set(['Допрос', 'Ходячие раненые', 'Санитар']),
    );
    expect(new Set(cards.map((c) => c.action))).toEqual(new Set(['fire']));
    for (const c of cards) expect(`${c.action} ${c.event}`).not.toMatch(/\b[AE]\d+\b/);
    expect(cards.some((c) => /[\u0400-\u04FF]/.test(c.event))).toBe(false);
  });

  it('takes an organizer’s titles, checked as plain text; names without titles stand as they are', () => {
    const titled = game({ begin: false, setup: scenario(true) });
    expect(nameOf(titled, 'de-1')).toEqual({ en: 'Vogel’s section', ru: 'Отделение Фогеля' });
    expect(nameOf(titled, 'de-radio')).toEqual({ en: 'Radio', ru: 'Рация' });
    // Without a title, the one name it has (the viewer shows it on both pages).
    expect(nameOf(titled, 'su-1')).toBe('Отделение Петрова');
    expect(nameOf(titled, 'de-mg')).toBe('MG 42');
    const setUp = titled.events.find((e) => e.type === 'BattleSetUp')?.data as object;
    expect(setUp).not.toHaveProperty('scenario');
    const plain = game({ begin: false, setup: scenario(false) });
    expect(nameOf(plain, 'de-1')).toBe('Gruppe Vogel');

    const given = { ...scenario(true), title: { en: 'Hill 112', ru: 'Высота 112' } };
    expect(validateParams(CcSetupParams, given, 'setup').ok).toBe(true);
    const deck = uniformDeck('germany', card({ orderTitle: { en: 'Fire', ru: 'Огонь' } }));
    expect(validateParams(CcSetupParams, { decks: [deck] }, 'setup').ok).toBe(true);
    for (const title of [{ en: 'Vogel' }, { en: 'Vogel', ru: '' }, { en: 'x', ru: 'a\u0007b' }]) {
      const bad = scenario(true);
      bad.units[0].title = title as never;
      expect(validateParams(CcSetupParams, bad, 'setup').ok).toBe(false);
      const badDeck = uniformDeck('germany', card({ eventTitle: title as never }));
      expect(validateParams(CcSetupParams, { decks: [badDeck] }, 'setup').ok).toBe(false);
    }
  });

  it('records a unit’s, Weapon’s or Radio’s grammatical gender where the scenario gives one, and only a known one', () => {
    const gendered = scenario(true);
    gendered.units[0] = { ...gendered.units[0], gender: 'pl' } as never;
    gendered.weapons[0] = { ...gendered.weapons[0], gender: 'f' } as never;
    gendered.radios[0] = { ...gendered.radios[0], gender: 'n' } as never;
    expect(validateParams(CcSetupParams, gendered, 'setup').ok).toBe(true);
    const h = game({ begin: false, setup: gendered });
    const genderOf = (id: string) => own(h.state.table.pieces, id)?.attrs.gender;
    expect([genderOf('de-1'), genderOf('de-mg'), genderOf('de-radio')]).toEqual(['pl', 'f', 'n']);
    // None given: none recorded (the viewer takes the piece type's).
    expect(genderOf('su-1')).toBeUndefined();
    for (const gender of ['x', 'M', '__proto__', 1]) {
      const bad = scenario(true);
      bad.units[0] = { ...bad.units[0], gender } as never;
      expect(validateParams(CcSetupParams, bad, 'setup').ok).toBe(false);
    }
  });
});
