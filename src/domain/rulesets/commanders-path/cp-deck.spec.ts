import { MatchHarness } from '@test/support/match-harness';
import { canFireAt, parseCrew, parseDurability, parseShield, parseWeapon } from './cp-cards';
import { SAMPLE_CATALOG } from './cp-catalog';
import { checkCard, checkDeck } from './cp-deck';
import { RULES } from './cp-rules-text';
import { commandersPathRuleset } from './commanders-path.ruleset';
import { deckOf, SEATS } from './testing/cp-kit';
import type { CpRegisterDeckParams } from './decisions/setup.params';

describe('card formats', () => {
  it.each([
    ['плазма 5', { kind: 'plasma', power: 5 }],
    ['ПО 10', { kind: 'plasma', power: 10 }],
    ['plasma 6', { kind: 'plasma', power: 6 }],
    ['турбо-лазер 7', { kind: 'turbolaser', power: 7 }],
    ['ТЛ 5', { kind: 'turbolaser', power: 5 }],
    ['мазер 8', { kind: 'maser', power: 8, type: 'C' }],
    ['мазер А10', { kind: 'maser', power: 10, type: 'A' }],
    ['лазеры 4', { kind: 'lasers', targets: 1, power: 4 }],
    ['лазеры 2/4', { kind: 'lasers', targets: 2, power: 4 }],
    ['ЛУ 3/2', { kind: 'lasers', targets: 3, power: 2 }],
    ['ракеты Д 6-4', { kind: 'missiles', range: 'long', count: 6, power: 4 }],
    ['ракеты большой дистанции 4-4', { kind: 'missiles', range: 'long', count: 4, power: 4 }],
    ['ракеты С 3-5', { kind: 'missiles', range: 'medium', count: 3, power: 5 }],
    ['missiles S 2-3', { kind: 'missiles', range: 'short', count: 2, power: 3 }],
    ['торпеды 4-8', { kind: 'torpedoes', count: 4, power: 8 }],
    ['Нова 5', { kind: 'nova', power: 5 }],
    ['бомбы 3', { kind: 'bombs', power: 3 }],
  ])('parses %s', (raw, expected) => {
    const parsed = parseWeapon(raw, 'C');
    expect(parsed).toEqual({ ok: true, value: { ...expected, text: raw } });
  });

  it.each([
    ['плазма', 'does not parse'],
    ['лазерная пушка 5', 'does not parse'],
    ['ракеты 6-4', 'no range class'],
    ['торпеды 4', 'does not parse'],
  ])('refuses the weapon string %s', (raw, why) => {
    const parsed = parseWeapon(raw, 'B');
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error.en).toContain(why);
  });

  it('needs a maser type: the ship’s shield or one written in the string', () => {
    expect(parseWeapon('мазер 8').ok).toBe(false);
    expect(parseWeapon('мазер 8', 'B')).toMatchObject({ ok: true, value: { type: 'B' } });
  });

  it('knows in which rounds each weapon fires: its own or any closer one, the Nova at Long only', () => {
    const w = (raw: string) => (parseWeapon(raw, 'A') as unknown as { value: never }).value;
    expect(['long', 'medium', 'short'].map((d) => canFireAt(w('плазма 5'), d as never))).toEqual([
      false,
      true,
      true,
    ]);
    expect(
      ['long', 'medium', 'short'].map((d) => canFireAt(w('ракеты Д 4-4'), d as never)),
    ).toEqual([true, true, true]);
    expect(['long', 'medium', 'short'].map((d) => canFireAt(w('лазеры 2/4'), d as never))).toEqual([
      false,
      false,
      true,
    ]);
    expect(['long', 'medium', 'short'].map((d) => canFireAt(w('Нова 5'), d as never))).toEqual([
      true,
      false,
      false,
    ]);
  });

  it('parses durability 8(5), shield C3 (Latin or Cyrillic) and crew В5', () => {
    expect(parseDurability('8(5)')).toEqual({ ok: true, value: { durability: 8, critical: 5 } });
    expect(parseDurability('12 (8)')).toEqual({ ok: true, value: { durability: 12, critical: 8 } });
    expect(parseDurability('5(6)').ok).toBe(false);
    expect(parseShield('С3')).toEqual({ ok: true, value: { type: 'C', power: 3 } });
    expect(parseShield('B4')).toEqual({ ok: true, value: { type: 'B', power: 4 } });
    expect(parseShield('D4').ok).toBe(false);
    expect(parseCrew('Э3')).toEqual({ ok: true, value: { quality: 'Э', count: 3 } });
    expect(parseCrew('0')).toEqual({ ok: true, value: { quality: 'В', count: 0 } });
    expect(parseCrew('X3').ok).toBe(false);
  });
});

describe('card definitions', () => {
  const ship = {
    kind: 'ship' as const,
    name: 'Тест',
    size: 'СК',
    cost: 3,
    durability: '6(4)',
    speed: 5,
    crew: 'В3',
    shield: 'A2',
  };

  it('refuses a weapon string that does not parse, with the rule reference', () => {
    const result = checkCard({ ...ship, weapons: ['плазма 5', 'лучемет 9'] }, 'cards.0.card');
    expect(result).toMatchObject({
      kind: 'rule_violation',
      code: 'invalid_card',
      ruleRef: RULES.weapons,
    });
    expect((result as { message: string }).message).toContain(
      'cards.0.card.weapons.1: weapon "лучемет 9" does not parse',
    );
    // The Russian names the field as the deck form labels it.
    expect(result).toMatchObject({
      localized: {
        ru: expect.stringMatching(
          /^Карты колоды № 1 → Определение карты → Вооружение № 2: оружие «лучемет 9»: запись не распознана; на картах его записывают так: плазма P /,
        ),
      },
    });
  });

  it('names what a kind of card is missing', () => {
    expect(checkCard({ ...ship, size: undefined }, 'cards.2.card')).toMatchObject({
      message: expect.stringContaining('needs a size'),
      localized: {
        ru: 'Карты колоды № 3 → Определение карты: для карты вида «корабль» нужно указать размер: ЛК (лёгкий), СК (средний) или ТК (тяжёлый)',
      },
    });
    expect(checkCard({ ...ship, durability: '6' }, 'c')).toMatchObject({
      message: expect.stringContaining('critical'),
    });
    expect(checkCard({ kind: 'ability', name: 'A', variants: [{ text: 'x' }] }, 'c')).toMatchObject(
      { ruleRef: RULES.abilityVariant },
    );
    expect(checkCard({ kind: 'tactical', name: 'T' }, 'c')).toMatchObject({
      ruleRef: RULES.tactical,
    });
    expect(checkCard({ kind: 'situation', name: 'S', weapons: ['плазма 3'] }, 'c')).toMatchObject({
      ruleRef: RULES.weapons,
    });
  });

  it('ships every sample card parseable, the example’s three ships with their printed stats, test cards marked', () => {
    for (const entry of SAMPLE_CATALOG)
      expect(checkCard(entry.card, entry.id)).not.toHaveProperty('code');
    const chimera = checkCard(SAMPLE_CATALOG.find((c) => c.id === 'chimera')!.card, 'chimera');
    expect(chimera).toMatchObject({
      name: 'Химера',
      cost: 10,
      durability: 12,
      critical: 8,
      shield: { type: 'B', power: 4 },
      armor: 6,
      speed: 3,
      weapons: [
        { kind: 'plasma', power: 10 },
        { kind: 'maser', power: 10, type: 'B' },
        { kind: 'lasers', targets: 2, power: 4 },
        { kind: 'missiles', range: 'long', count: 4, power: 4 },
      ],
    });
    const tests = SAMPLE_CATALOG.filter((c) => !['exorcist', 'magnum-k', 'chimera'].includes(c.id));
    for (const entry of tests) {
      expect(entry.card.test).toBe(true);
      expect(entry.card.name).toContain('(тест)');
    }
    expect(commandersPathRuleset.catalog.find((c) => c.id === 'exorcist')).toMatchObject({
      kind: 'ship',
      name: { en: 'Exorcist', ru: 'Экзорцист' },
      stats: { durability: 8, critical: 5, inferred: expect.arrayContaining(['crew']) },
    });
  });
});

describe('deck registration', () => {
  function game(): MatchHarness {
    return new MatchHarness(commandersPathRuleset).started(SEATS, {
      options: { deckShuffle: 'none' },
    });
  }

  it('accepts 40 to 100 cards with at most 4 of a name', () => {
    const checked = checkDeck(deckOf([['chimera', 4]]));
    expect(checked).toMatchObject({ cards: expect.any(Array) });
    expect((checked as { cards: string[] }).cards).toHaveLength(40);
  });

  it('refuses a deck over 100 cards', () => {
    const deck: CpRegisterDeckParams = {
      commander: { catalog: 'test-rein' },
      cards: Array.from({ length: 26 }, (_, i) => ({
        card: { kind: 'tactical' as const, name: `Приказ ${i}`, actionCost: 1 },
        copies: 4,
      })),
    } as CpRegisterDeckParams;
    expect(game().decide('red', 'register-deck', deck)).toMatchObject({
      code: 'deck_size',
      message: 'The deck has 104 cards; it must have 40 to 100',
      localized: { ru: 'В колоде 104 карты, а должно быть от 40 до 100' },
      ruleRef: RULES.deckSize,
    });
  });

  it('refuses a deck under 40 cards', () => {
    expect(
      checkDeck({
        commander: { catalog: 'test-rein' },
        cards: [{ catalog: 'chimera', copies: 4 }],
      } as CpRegisterDeckParams),
    ).toMatchObject({
      code: 'deck_size',
      ruleRef: RULES.deckSize,
    });
  });

  it('refuses 5 copies of a name, even split over two definitions', () => {
    const deck = deckOf([['chimera', 4]]);
    deck.cards.push({
      card: { kind: 'tactical', name: 'Химера', key: 'chimera-2', actionCost: 1 },
      copies: 1,
    } as never);
    expect(game().decide('red', 'register-deck', deck)).toMatchObject({
      code: 'too_many_copies',
      message: 'The deck has 5 copies of "Химера"; at most 4 cards may share a name',
      localized: {
        ru: 'В колоде 5 копий карты «Химера», а карт с одним названием может быть не больше 4',
      },
      ruleRef: RULES.deckCopies,
    });
  });

  it('refuses a commander inside the deck, a special ability chosen before the game, and more than 3 abilities', () => {
    const withCommander = deckOf([['chimera', 1]]);
    withCommander.cards.push({ catalog: 'test-irma', copies: 1 } as never);
    expect(checkDeck(withCommander)).toMatchObject({ code: 'commander_in_deck' });
    expect(
      checkDeck(deckOf([['test-order', 1]], 'test-rein', [{ card: 'test-order', variant: 0 }])),
    ).toMatchObject({
      code: 'special_ability',
      ruleRef: RULES.abilitySpecial,
    });
    const four = [0, 1, 2, 3].map(() => ({ card: 'test-tactician', variant: 0 }));
    expect(checkDeck(deckOf([['test-tactician', 4]], 'test-rein', four))).toMatchObject({
      code: 'too_many_abilities',
      ruleRef: RULES.abilitiesMax,
    });
  });

  it('refuses a card whose weapon does not parse, citing the weapons section', () => {
    const deck = deckOf([['chimera', 1]]);
    deck.cards.unshift({
      card: {
        kind: 'ship',
        name: 'Брак',
        size: 'ЛК',
        cost: 1,
        durability: '2(1)',
        speed: 3,
        crew: 'Н1',
        weapons: ['пушка 3'],
      },
      copies: 1,
    } as never);
    expect(game().decide('red', 'register-deck', deck)).toMatchObject({
      code: 'invalid_card',
      ruleRef: RULES.weapons,
    });
  });

  it('creates the deck as hidden cards, the Commander face down, and binds cards secretly', () => {
    const g = game();
    const events = g.play('red', 'register-deck', deckOf([['chimera', 1]]));
    const created = events.find((e) => e.type === 'PiecesCreated')!.data as {
      pieces: { type: string; zone: string }[];
    };
    expect(created.pieces.filter((p) => p.zone === 'deck:red')).toHaveLength(40);
    expect(new Set(created.pieces.map((p) => p.type))).toEqual(new Set(['card']));
    const bound = events.find((e) => e.type === 'DeckBound')!;
    expect(bound.meta.visibility).toBe('seat:red');
    expect(Object.keys((bound.data as { secret: { cards: object } }).secret.cards)).toHaveLength(
      40,
    );
    expect(g.decide('red', 'register-deck', deckOf([['chimera', 1]]))).toMatchObject({
      code: 'deck_registered',
    });
  });
});
