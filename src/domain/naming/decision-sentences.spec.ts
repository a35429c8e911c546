import { GAMES } from '../rulesets';
import { COIN_RACE_GAME } from '../rulesets/template/coin-race.game';
import { SeatNames } from './seat-names';
import { gameNaming } from './match-phrases';
import { GENERIC_NAMING } from './ruleset-naming';
import { Phraser } from './phraser';
import type { RecordedEvent } from '../events/recorded-event';
import { indexNames, type NameIndex } from './name-index';

/** No names at all: every sentence falls back to what the event itself says. */
const names: NameIndex = indexNames([]);

/**
 * Every decision kind of every registered ruleset has its sentence in English and Russian:
 * a new kind without one fails here, before a reader meets «Kind summary: params» in the log.
 * Each sentence is tried on the params the ruleset publishes as the kind's example (the
 * template's too).
 */
describe('a sentence for every decision of every ruleset', () => {
  for (const { ruleset, ...game } of [...GAMES, COIN_RACE_GAME])
    it(`${ruleset.id}: each kind reads as what its seat did, in both languages`, () => {
      const sentences = gameNaming(game).decisions ?? {};
      const seat = ruleset.id === 'rex' ? 'letnev' : 'red';
      const phraser = new Phraser(
        names,
        new SeatNames([{ seat, player: 'Вера' }], GENERIC_NAMING),
        { ...GENERIC_NAMING, decisions: sentences },
        undefined,
      );
      const unphrased: string[] = [];
      for (const [kind, spec] of Object.entries(ruleset.decisions)) {
        const event = {
          eventId: 'e',
          matchId: 'm',
          seq: 1,
          type: 'DecisionMade',
          data: { decisionId: 'd', kind, seat, params: spec.example ?? {} },
          meta: { actor: { kind: 'seat', id: seat, seat } },
        } as unknown as RecordedEvent;
        for (const lang of ['en', 'ru'] as const) {
          const predicate = phraser.decisionParts(event, lang)?.predicate;
          // An ICU pattern whose placeholder had no value would show its braces.
          if (!predicate || /[{}]/.test(predicate))
            unphrased.push(`${kind} (${lang}): ${predicate}`);
        }
      }
      expect(unphrased).toEqual([]);
    });
});
