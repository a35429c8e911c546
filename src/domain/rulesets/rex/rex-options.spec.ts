import { resolveOptions } from '../validate-options';
import { REX_OPTIONS, rexOptions } from './rex-options';

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
