import { TABLE_SENTENCES, type DecisionSentence } from '../../../naming/decision-sentences';

/**
 * A manual adjustment reads as the table decision it makes, done by hand («вручную
 * перемещает …»): `manual-<kind>` for every table decision (decisions/manual.ts).
 */
const MANUAL_SENTENCES: Record<string, DecisionSentence> = Object.fromEntries(
  Object.entries(TABLE_SENTENCES).map(([kind, sentence]) => [
    `manual-${kind}`,
    (params: Record<string, unknown>) => {
      const inner = sentence(params);
      return inner && { en: `manually ${inner.en}`, ru: `вручную ${inner.ru}` };
    },
  ]),
);

/** What a seat did, in the manual adjustments (decisions/manual.ts). */
export const manualSentences: Record<string, DecisionSentence> = {
  'approve-manual': () => ({
    en: 'approves the other player’s manual adjustment',
    ru: 'одобряет ручную поправку соперника',
  }),
  'reject-manual': () => ({
    en: 'rejects a manual adjustment',
    ru: 'отклоняет ручную поправку',
  }),
  ...MANUAL_SENTENCES,
};
