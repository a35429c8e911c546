import { RULESETS } from '.';
import type { LocalizedText } from '../shared/localized-text';

/**
 * What the new-match page and the play page show of each ruleset in Russian (its title and
 * description, its options and their choices, its decisions' summaries) names things as a
 * person reads them: no option id, decision kind or param name in Latin letters. Proper
 * names the rules print in Latin (Mecatol) start with a capital and are let through.
 */
const INTERNAL_ID = /\b[a-z]+(?:[-_<][A-Za-zА-Яа-я0-9<>]+)+|\b[a-z]+[A-Z]\w*|\b[a-z]{2,}\b/g;

function russianTexts(): { where: string; text: string }[] {
  const texts: { where: string; text: string }[] = [];
  const add = (where: string, text: LocalizedText | undefined) => {
    if (text) texts.push({ where, text: text.ru });
  };
  for (const ruleset of RULESETS) {
    add(`${ruleset.id}: title`, ruleset.title);
    add(`${ruleset.id}: summary`, ruleset.summary);
    for (const option of ruleset.options ?? []) {
      add(`${ruleset.id}: option ${option.id}`, option.title);
      add(`${ruleset.id}: option ${option.id}, description`, option.description);
      for (const choice of option.choices ?? [])
        add(`${ruleset.id}: option ${option.id}, choice ${choice.value}`, choice.title);
    }
    for (const [kind, decision] of Object.entries(ruleset.decisions))
      add(`${ruleset.id}: decision ${kind}`, decision.summary);
  }
  return texts;
}

describe('rulesets in Russian', () => {
  it('name no internal id in the texts the pages show', () => {
    const texts = russianTexts();
    expect(texts.length).toBeGreaterThan(100);
    const offending = texts
      .map(({ where, text }) => ({ where, ids: text.match(INTERNAL_ID) ?? [] }))
      .filter(({ ids }) => ids.length > 0);
    expect(offending).toEqual([]);
  });
});
