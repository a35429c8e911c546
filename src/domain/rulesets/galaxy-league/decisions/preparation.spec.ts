import { MatchHarness } from '@test/support/match-harness';
import { galaxyLeagueRuleset } from '../galaxy-league.ruleset';
import { RULES } from '../gl-rules-text';
import type { GalaxyLeagueState } from '../gl-state';
import { creditsTrack, otherTrack } from '../gl-tracks';
import { quietRound } from '../gl.testkit';

const SEATS = [
  { seat: 'anna', faction: 'empire' },
  { seat: 'boris', faction: 'devourers' },
  { seat: 'vera', faction: 'amoebas' },
];
const WORMHOLES = {
  id: 'wormholes',
  name: { en: 'Wormholes', ru: 'Червоточины' },
  cost: 40,
  points: 2,
  wormholes: true,
};
const SHIPYARD = {
  id: 'shipyard',
  name: { en: 'Shipyard', ru: 'Верфь' },
  cost: 10,
  structure: true,
};

function league(
  options: Record<string, unknown> = {},
  names: Record<string, string> = {},
): MatchHarness<GalaxyLeagueState> {
  return new MatchHarness(galaxyLeagueRuleset, 'league-1').started(
    SEATS,
    {
      options: options as never,
      setup: { technologies: [WORMHOLES, SHIPYARD], hostile: [{ a: 'empire', b: 'amoebas' }] },
    },
    {},
    names,
  );
}
const credits = (h: MatchHarness<GalaxyLeagueState>, seat: string) =>
  h.state.table.tracks[creditsTrack(seat)].value;
/** Quiet rounds until the league reaches `round`'s Preparation. */
function toRound(h: MatchHarness<GalaxyLeagueState>, round: number) {
  // Bounded: a finished league never reaches a later round.
  for (let n = 0; h.state.rs.round < round; n++) {
    if (n >= round || h.state.status === 'finished')
      throw new Error(`the league did not reach round ${round}`);
    quietRound(h);
  }
}

/** Anna and Boris ally in round 2 (each has 90 IC: round 1's and 2's income). */
function allied(options: Record<string, unknown> = {}) {
  const h = league(options);
  toRound(h, 2);
  h.play('anna', 'propose-alliance', { members: ['anna', 'boris'] });
  h.play('boris', 'consent-alliance', { proposal: 'alliance-2-anna+boris' });
  return h;
}

describe('galaxy-league: Preparation', () => {
  describe('alliances', () => {
    it('given a proposal, when every member consents, then the alliance forms and pays its first dues at once, split evenly', () => {
      const h = league();
      toRound(h, 2);
      h.play('anna', 'propose-alliance', { members: ['anna', 'boris'] });
      h.when('boris', 'consent-alliance', { proposal: 'alliance-2-anna+boris' }).then([
        { type: 'AllianceConsented' },
        {
          type: 'AllianceFormed',
          data: { members: ['anna', 'boris'], round: 2, lastBoundRound: 4 },
        },
        {
          type: 'DuesCharged',
          data: {
            round: 2,
            charges: [
              { seat: 'anna', amount: 50 },
              { seat: 'boris', amount: 50 },
            ],
          },
        },
        { type: 'TrackChanged', data: { track: creditsTrack('anna'), delta: -50, value: 40 } },
        { type: 'TrackChanged', data: { track: creditsTrack('boris'), delta: -50, value: 40 } },
      ]);
    });

    it('refuses to form when a member cannot pay its part of the first dues', () => {
      const h = league();
      h.play('anna', 'propose-alliance', { members: ['anna', 'boris'] });
      // Round 1: 45 IC each, 50 each due.
      h.when('boris', 'consent-alliance', { proposal: 'alliance-1-anna+boris' }).thenRejects(
        'dues_unpayable',
        RULES.allianceFirstDues,
      );
    });

    it('refuses hostile factions, citing the alliance conditions', () => {
      league()
        .when('anna', 'propose-alliance', { members: ['anna', 'vera'] })
        .thenRejects('hostile_factions', RULES.allianceHostility);
    });

    it('refuses more members than option allianceMaxSize (dues are given for 2–4)', () => {
      const h = new MatchHarness(galaxyLeagueRuleset, 'l').started(
        ['a', 'b', 'c', 'd'].map((seat) => ({ seat, faction: 'pirates' })),
        { options: { allianceMaxSize: 2 } },
      );
      // The option is named by its title on the new-match page, not by its id.
      expect(
        h
          .when('a', 'propose-alliance', { members: ['a', 'b', 'c'] })
          .thenRejects('alliance_too_large', RULES.duesSize).localized,
      ).toEqual({
        en: 'An alliance has at most 2 players (option “Largest alliance”)',
        ru: 'В Альянсе не больше 2 игроков (настройка «Наибольший Альянс»)',
      });
    });

    it('refuses leaving within the minimum term (this round and 2 more), and allows it after', () => {
      const h = allied();
      expect(
        h.when('anna', 'leave-alliance').thenRejects('alliance_bound', RULES.allianceTerm).localized
          ?.ru,
      ).toBe('Отказаться от Альянса нельзя до конца 4-го раунда');
      toRound(h, 5);
      h.when('anna', 'leave-alliance').then([
        { type: 'AllianceLeft', data: { seat: 'anna' } },
        { type: 'AllianceDissolved', data: { reason: 'members-left', members: ['boris'] } },
      ]);
    });

    it('takes each round’s dues at the round start, by the split every member proposed alike', () => {
      const h = allied();
      const shares = [
        { seat: 'anna', amount: 30 },
        { seat: 'boris', amount: 70 },
      ];
      h.play('anna', 'propose-dues-split', { shares });
      h.play('boris', 'propose-dues-split', { shares });
      toRound(h, 3);
      const charged = h.events.filter((e) => e.type === 'DuesCharged').at(-1);
      expect(charged?.data).toMatchObject({ round: 3, charges: shares });
      // 40 left after round 2's dues, +45 income, - the agreed part.
      expect([credits(h, 'anna'), credits(h, 'boris')]).toEqual([40 + 45 - 30, 40 + 45 - 70]);
    });

    it('refuses a split that does not add up to the dues', () => {
      allied()
        .when('anna', 'propose-dues-split', {
          shares: [
            { seat: 'anna', amount: 30 },
            { seat: 'boris', amount: 30 },
          ],
        })
        .thenRejects('split_total', RULES.duesSplit);
    });

    it('when the dues cannot be paid, every member gives up a planet of its choice and the alliance stays (line 114)', () => {
      const h = allied();
      h.play('anna', 'research', { technology: 'wormholes' }); // Anna: 40 - 40 = 0
      toRound(h, 3); // Anna 45 < 50 due
      const defaulted = h.events.filter((e) => e.type === 'DuesDefaulted');
      expect(defaulted.map((e) => e.data)).toEqual([
        { alliance: 'alliance-2-anna+boris', round: 3, members: ['anna', 'boris'] },
      ]);
      h.when('anna', 'end-stage').thenRejects('forfeit_pending', RULES.duesDefault);
      h.when('anna', 'forfeit-planet', { planet: 'cinder' }).then([
        { type: 'PlanetForfeited', data: { seat: 'anna', territory: 'cinder' } },
        { type: 'ControlChanged', data: { territory: 'cinder', from: 'anna' } },
      ]);
      expect(h.state.rs.owner.cinder).toBeUndefined();
      expect(Object.keys(h.state.rs.alliances)).toEqual(['alliance-2-anna+boris']);
    });

    it('option duesUnpayable «all-short»: the others cover a member short, while together they can', () => {
      const h = allied({ duesUnpayable: 'all-short' });
      h.play('anna', 'research', { technology: 'wormholes' }); // Anna: 40 - 40 = 0
      toRound(h, 3); // Anna 45 < her 50; Boris 40 + 45 = 85 covers the other 5
      expect(h.events.some((e) => e.type === 'DuesDefaulted')).toBe(false);
      expect(h.events.filter((e) => e.type === 'DuesCharged').pop()?.data).toEqual({
        alliance: 'alliance-2-anna+boris',
        round: 3,
        charges: [
          { seat: 'anna', amount: 45 },
          { seat: 'boris', amount: 55 },
        ],
      });
      expect([credits(h, 'anna'), credits(h, 'boris')]).toEqual([0, 30]);
    });
  });

  describe('planet swaps between allies', () => {
    it('swaps planets of the same colour once each, with the ally’s acceptance', () => {
      const h = allied();
      h.play('anna', 'offer-swap', { mine: 'cinder', theirs: 'fornax' });
      h.when('boris', 'accept-swap', { offer: 'swap-cinder-fornax' }).then([
        {
          type: 'PlanetsSwapped',
          data: { a: 'anna', planetOfA: 'cinder', b: 'boris', planetOfB: 'fornax' },
        },
      ]);
      expect([h.state.rs.owner.cinder, h.state.rs.owner.fornax]).toEqual(['boris', 'anna']);
      h.when('anna', 'offer-swap', { mine: 'fornax', theirs: 'cinder' }).thenRejects(
        'swapped_before',
        RULES.allySwap,
      );
    });

    it('refuses planets of different colours, and a non-ally’s planet', () => {
      const h = allied();
      h.when('anna', 'offer-swap', { mine: 'cinder', theirs: 'ember' }).thenRejects(
        'different_colour',
        RULES.allySwap,
      );
      h.when('anna', 'offer-swap', { mine: 'cinder', theirs: 'ion' }).thenRejects(
        'not_allied_planet',
        RULES.allySwap,
      );
    });
  });

  describe('technologies', () => {
    it('pays the cost and scores its points under «Другое»', () => {
      const h = league();
      h.when('anna', 'research', { technology: 'wormholes' }).then([
        { type: 'TechnologyResearched', data: { seat: 'anna', cost: 40, points: 2 } },
        { type: 'TrackChanged', data: { track: creditsTrack('anna'), value: 5 } },
        { type: 'TrackChanged', data: { track: otherTrack('anna'), value: 2 } },
      ]);
    });

    it('places a structure at once, on one of the player’s territories', () => {
      const h = league();
      h.when('anna', 'research', { technology: 'shipyard' }).thenRejects(
        'structure_needed',
        RULES.research,
      );
      h.when('anna', 'research', { technology: 'shipyard', structureAt: 'dorado' }).thenRejects(
        'not_your_planet',
        RULES.research,
      );
      h.when('anna', 'research', { technology: 'shipyard', structureAt: 'borealis' }).then([
        { type: 'TechnologyResearched', data: { structureAt: 'borealis' } },
        { type: 'TrackChanged' },
      ]);
    });

    it('refuses a technology not in the organizer’s catalogue, or too dear', () => {
      const h = league();
      h.when('anna', 'research', { technology: 'death-star' }).thenRejects(
        'unknown_technology',
        RULES.research,
      );
      h.play('anna', 'research', { technology: 'wormholes' });
      h.when('anna', 'research', { technology: 'shipyard', structureAt: 'aurora' }).thenRejects(
        'not_enough_credits',
        RULES.research,
      );
    });
  });

  describe('capital and pauses', () => {
    it('moves the capital for 50 IC at the start of rounds 4 and 8 only', () => {
      const h = league();
      h.when('anna', 'change-capital', { planet: 'borealis' }).thenRejects(
        'not_capital_round',
        RULES.capitalChange,
      );
      toRound(h, 4);
      h.when('anna', 'change-capital', { planet: 'borealis' }).then([
        { type: 'CapitalSet', data: { seat: 'anna', territory: 'borealis', cost: 50 } },
        { type: 'TrackChanged', data: { delta: -50 } },
      ]);
    });

    it('lets the Amoebas move their capital in any round (their bonus)', () => {
      const h = league();
      toRound(h, 2);
      h.when('vera', 'change-capital', { planet: 'helix' }).then([
        { type: 'CapitalSet', data: { seat: 'vera', territory: 'helix' } },
        { type: 'TrackChanged', data: { delta: -50 } },
      ]);
    });

    it('pauses a player for the round, its income returned (option pausedIncome), and the stage goes on without it', () => {
      const h = league({}, { vera: 'Вера' });
      h.play('anna', 'end-stage');
      h.play('boris', 'end-stage');
      h.when('vera', 'take-pause').then([
        { type: 'PauseTaken', data: { seat: 'vera', round: 1, used: 1, incomeReturned: 45 } },
        { type: 'TrackChanged', data: { track: creditsTrack('vera'), value: 0 } },
        { type: 'StageOpened', data: { round: 1, stage: 'attack' } },
        { type: 'PhaseStarted', data: { phase: 'attack' } },
      ]);
      // Named by the player, never by the seat's id.
      expect(h.when('vera', 'end-stage').thenRejects('paused', RULES.pause).localized).toEqual({
        en: 'Вера has paused this round',
        ru: 'Вера в этом раунде на паузе',
      });
    });

    it('refuses a third pause, and any pause in the last three rounds', () => {
      const h = league({ rounds: 5 });
      h.play('anna', 'take-pause');
      toRound(h, 2);
      h.when('anna', 'take-pause').then([
        { type: 'PauseTaken', data: { used: 2 } },
        { type: 'TrackChanged', data: { delta: -45 } },
      ]);
      toRound(h, 3);
      h.when('boris', 'take-pause').thenRejects('late_pause', RULES.noLatePause);
      const long = league();
      long.play('anna', 'take-pause');
      toRound(long, 2);
      long.play('anna', 'take-pause');
      toRound(long, 3);
      expect(
        long.when('anna', 'take-pause').thenRejects('no_pauses_left', RULES.pause).localized?.ru,
      ).toBe('Паузу берут не больше 2 раз за игру');
    });
  });

  describe('the stages', () => {
    it('opens the Attack stage once every player is done with Preparation', () => {
      const h = league();
      h.play('anna', 'end-stage');
      h.when('anna', 'end-stage').thenRejects('stage_done', RULES.phases);
      h.play('boris', 'end-stage');
      h.when('vera', 'end-stage').then([
        { type: 'StageDone', data: { seat: 'vera', stage: 'preparation' } },
        { type: 'StageOpened', data: { round: 1, stage: 'attack' } },
        { type: 'PhaseStarted', data: { phase: 'attack' } },
      ]);
      h.when('anna', 'research', { technology: 'wormholes' }).thenRejects('wrong_phase');
    });

    it('starts the next round after Battles with its income', () => {
      const h = league();
      toRound(h, 2);
      expect(h.state.rs.stage).toBe('preparation');
      expect(credits(h, 'anna')).toBe(90);
    });
  });
});
