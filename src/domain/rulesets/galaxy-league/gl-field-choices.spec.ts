import { isRejection } from '../rule-violation';
import { decisionChoices } from '../../match/decision-choices';
import { legalDecisions } from '../../match/legal-decision-offers';
import type { ChoiceValue, FieldChoices } from '../decision-choices';
import { galaxyLeagueRuleset } from './galaxy-league.ruleset';
import { atBattles, declareAll, endStage, quietRound, SEATS } from './gl.testkit';
import { MatchHarness } from '@test/support/match-harness';
import type { GalaxyLeagueState } from './gl-state';
import { creditsTrack } from './gl-tracks';

/**
 * Issue 39: the league's joins, swaps, dues and battle reports are chosen from what the rules
 * allow now, by name (Anna is the Empire, Boris the Devourers, Vera the Eternals on the
 * illustrative map: Aurora, Borealis, Cinder / Dorado, Ember, Fornax / Gaia, Helix, Ion).
 */

type League = MatchHarness<GalaxyLeagueState>;
const NAMES = { anna: 'Лёва', boris: 'Маша', vera: 'Вера' };
const SEED = new Uint8Array(32);

const choices = (h: League, seat: string, kind: string, chosen: Record<string, unknown> = {}) =>
  decisionChoices(galaxyLeagueRuleset, h.state, seat, kind, chosen, SEED) ?? [];
const field = (fields: FieldChoices[], path: string): FieldChoices => {
  const found = fields.find((f) => f.path === path);
  if (!found) throw new Error(`no field ${path}`);
  return found;
};
const names = (values: readonly ChoiceValue[]) => values.map((v) => v.name.ru);
const offered = (h: League, seat: string) =>
  legalDecisions(galaxyLeagueRuleset, h.state, seat, SEED).map((o) => o.kind);

/** Round 2's Preparation with Anna and Boris allied (90 IC each pay 50 each). */
function allied(): League {
  const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(SEATS, {}, {}, NAMES);
  quietRound(h);
  h.play('anna', 'propose-alliance', { members: ['boris'] });
  h.play('boris', 'consent-alliance', { proposal: 'alliance-2-anna+boris' });
  return h;
}

describe('galaxy-league field choices: joins, swaps, dues, battle reports (issue 39)', () => {
  it('offers a swap of same-coloured planets with the ally, then the offer to accept', () => {
    const h = allied();
    expect(offered(h, 'vera')).not.toContain('offer-swap');
    const mine = field(choices(h, 'anna', 'offer-swap'), 'mine');
    expect(mine.values.map((v) => [v.name.ru, v.hint?.ru])).toEqual([
      ['Аврора', 'красная'],
      ['Бореалис', 'лиловая'],
      ['Синдер', 'синяя'],
    ]);
    const theirs = field(choices(h, 'anna', 'offer-swap', { mine: 'borealis' }), 'theirs');
    expect(theirs.values.map((v) => [v.name.ru, v.hint?.ru])).toEqual([
      ['Эмбер', 'лиловая, у Маши'],
    ]);
    h.play('anna', 'offer-swap', { mine: 'borealis', theirs: 'ember' });
    const [offer] = choices(h, 'boris', 'accept-swap');
    expect(offer.values).toEqual([
      {
        value: 'swap-borealis-ember',
        name: { en: 'Borealis for your Ember', ru: 'Бореалис за вашу планету Эмбер' },
        hint: { en: 'Лёва’s offer', ru: 'предложение Лёвы' },
      },
    ]);
    h.play('boris', 'accept-swap', { offer: 'swap-borealis-ember' });
    expect([h.state.rs.owner.borealis, h.state.rs.owner.ember]).toEqual(['boris', 'anna']);
    // Swapped once, neither planet is offered again.
    expect(names(field(choices(h, 'anna', 'offer-swap'), 'mine').values)).toEqual([
      'Аврора',
      'Синдер',
    ]);
  });

  it('splits the dues among the members, adding up to the dues; none out of an alliance', () => {
    const h = allied();
    const [shares] = choices(h, 'boris', 'propose-dues-split');
    expect(shares).toMatchObject({
      pick: 'counts',
      item: 'seat',
      count: 'amount',
      total: { min: 100, max: 100 },
    });
    if (shares.pick !== 'counts') throw new Error('counts');
    expect(shares.values.map((v) => [v.value, v.hint?.ru, v.min, v.max])).toEqual([
      ['anna', 'есть 40 ИК', 0, 100],
      ['boris', 'есть 40 ИК', 0, 100],
    ]);
    h.play('boris', 'propose-dues-split', {
      shares: [
        { seat: 'anna', amount: 0 },
        { seat: 'boris', amount: 100 },
      ],
    });
    expect(offered(h, 'vera')).not.toContain('propose-dues-split');
  });

  it('joins only battles of others it may join, with distance and penalty or cost', () => {
    const h = allied();
    // Маша can pay a colonisation (the choices, not her purse, are what is tested).
    h.state.table.tracks[creditsTrack('boris')].value = 1000;
    endStage(h);
    declareAll(h, 'declare-attacks', {
      anna: { attacks: [], colonisations: [] },
      boris: { attacks: [], colonisations: [{ ships: ['ship:boris:4'], planet: 'orion' }] },
      vera: { attacks: [{ ship: 'ship:vera:1', planet: 'ember' }], colonisations: [] },
    });
    endStage(h);
    expect(h.state.rs.stage).toBe('joining');
    // Anna may join neither her ally's planet nor her ally's colonisation.
    const [annaJoins] = choices(h, 'anna', 'declare-joins');
    if (annaJoins.pick !== 'places') throw new Error('places');
    expect(annaJoins.places).toEqual([]);
    // Vera may join Boris's colonisation, not her own attack; only attacking ships go.
    const [veraJoins] = choices(h, 'vera', 'declare-joins');
    if (veraJoins.pick !== 'places') throw new Error('places');
    expect(veraJoins.places.map((p) => p.name.ru)).toEqual(['Орион']);
    expect(veraJoins.places[0].hint?.ru).toMatch(
      /^колонизация, \d световы(й год|х года), \d+ ИК при победе$/,
    );
    expect(names(veraJoins.values)).toEqual(['Атакующий звездолёт 2']);
  });

  it('reports a battle: its planet, then only its fighters as winner, points and destroyed', () => {
    const h = atBattles({}, true);
    const [planets] = choices(h, 'anna', 'report-battle');
    expect(names(planets.values)).toEqual(['Аврора', 'Эмбер']);
    const fields = choices(h, 'anna', 'report-battle', { planet: 'ember' });
    expect(fields.map((f) => [f.path, f.pick])).toEqual([
      ['planet', 'one'],
      ['winner', 'one'],
      ['points', 'counts'],
      ['destroyed', 'many'],
    ]);
    // Points are scores: the form shows no sum of them nor a most.
    expect(field(fields, 'points')).toMatchObject({ scores: true });
    for (const path of ['winner', 'points', 'destroyed'])
      expect(names(field(fields, path).values)).toEqual(['Player anna', 'Player boris']);
    expect(offered(h, 'vera')).toContain('report-battle');
    expect(names(field(choices(h, 'vera', 'report-battle'), 'planet').values)).toEqual(['Аврора']);
    const report = {
      planet: 'ember',
      winner: 'boris',
      points: [
        { seat: 'anna', points: 0 },
        { seat: 'boris', points: 30 },
      ],
      destroyed: ['anna'],
    };
    expect(isRejection(h.decide('anna', 'report-battle', report))).toBe(false);
    h.play('anna', 'report-battle', report);
    // Reported, it is no longer offered to report; Boris confirms it.
    expect(names(field(choices(h, 'anna', 'report-battle'), 'planet').values)).toEqual(['Аврора']);
    expect(names(field(choices(h, 'boris', 'confirm-battle'), 'planet').values)).toEqual(['Эмбер']);
    const [, absent] = choices(h, 'anna', 'record-no-show', { planet: 'aurora' });
    expect(names(absent.values)).toEqual(['Player vera']);
  });

  it.each([
    [0, 45, true],
    [100, 145, false],
  ])(
    'option startingCredits %i: %i IC at the start; the first dues refused: %s',
    (startingCredits, start, refused) => {
      const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(
        SEATS,
        { options: { startingCredits } as never },
        {},
        NAMES,
      );
      expect(h.state.table.tracks[creditsTrack('anna')].value).toBe(start);
      h.play('anna', 'propose-alliance', { members: ['boris'] });
      const [proposal] = choices(h, 'boris', 'consent-alliance');
      expect(proposal.values[0].refused !== undefined).toBe(refused);
      const consent = h.decide('boris', 'consent-alliance', { proposal: 'alliance-1-anna+boris' });
      expect(isRejection(consent)).toBe(refused);
    },
  );
});
