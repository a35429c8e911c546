/**
 * Rex's counted words, one source for the log's event sentences (rex-phrasing.ts) and its
 * decision sentences (naming/decision-sentences-rex.ts): the Russian forms for one, few and
 * many, as `ruCount` takes them.
 */

/** Influence is counted in points, its name after the number: «1 Влияние», «2 Влияния», «5 Влияния». */
export const INFLUENCE_RU = ['Влияние', 'Влияния', 'Влияния'] as const;
