import { resolveOptions } from '../validate-options';
import { REX_OPTIONS, rexOptions, type RexOptions } from './rex-options';

describe('rex options', () => {
  it('explains every option in both languages, with the text it settles and its alternatives', () => {
    const ids = REX_OPTIONS.map((o) => o.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const option of REX_OPTIONS) {
      expect(option.title.en && option.title.ru).toBeTruthy();
      expect(option.description.en && option.description.ru).toBeTruthy();
      expect(option.ruleRef).toMatch(/«.+»: «.+»/s);
      if (option.type === 'enum') {
        expect(option.choices?.length).toBeGreaterThanOrEqual(2);
        expect(option.choices?.map((c) => c.value)).toContain(option.default);
        for (const c of option.choices ?? []) expect(c.title.ru).toBeTruthy();
      }
    }
  });

  it('covers each contradiction the digest lists', () => {
    expect(REX_OPTIONS.map((o) => o.id)).toEqual(
      expect.arrayContaining([
        'bombardmentCard',
        'solOffensiveTarget',
        'victoryCheck',
        'spaceportBonusGroup',
        'mostStrongholdsWinner',
        'repeatedSpecialCard',
        'repeatedCeasefire',
        'firstRoundSolOffensive',
        'collectionScope',
        'alliesSharingLocation',
        'slotWithoutCard',
        'influenceTransfers',
        'auctionPayee',
      ]),
    );
  });

  it('resolves defaults and refuses unknown values through the engine’s option check', () => {
    const resolved = resolveOptions(REX_OPTIONS, { bombardmentCard: 'sector' });
    expect(resolved.ok).toBe(true);
    if (!resolved.ok) return;
    expect(rexOptions(resolved.options)).toMatchObject({
      bombardmentCard: 'sector',
      solOffensiveTarget: 'top-discard',
      handLimit: 4,
      influenceSupply: 0,
    });
    expect(resolveOptions(REX_OPTIONS, { bombardmentCard: 'warp' })).toMatchObject({ ok: false });
  });
});

describe('rex options, typed from their specs', () => {
  it('reads an enum option as the union of its choices and an integer as a number', () => {
    const options: RexOptions = rexOptions({});
    const mode: 'steps' | 'sector' = options.bombardmentCard;
    const limit: number = options.handLimit;
    // @ts-expect-error: an enum option takes only its choices
    const wrong: RexOptions['deckOrder'] = 'shuffled-by-hand';
    expect([mode, limit, wrong]).toEqual(['steps', 4, 'shuffled-by-hand']);
  });
});
