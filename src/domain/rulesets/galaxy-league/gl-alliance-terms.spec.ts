import { MatchHarness } from '@test/support/match-harness';
import { galaxyLeagueRuleset } from './galaxy-league.ruleset';
import { describeGalaxyLeagueEvent } from './gl-phrasing';
import { RULES } from './gl-rules-text';
import type { GalaxyLeagueState, Stage } from './gl-state';
import { galaxyLeagueOptions } from './gl-options';
import { reach } from './decisions/orders';
import { creditsTrack } from './gl-tracks';
import { declareAll, endStage, quietRound } from './gl.testkit';

/**
 * Issue 45 item 4, the alliance's terms: «Пропорциональность оплаты члены Альянса определяют
 * самостоятельно», «при создании Альянса необходимо сразу оплатить взносы», «После того как
 * минимальный срок существования Альянса истек, становится возможным свободный выход», and
 * «если взнос не оплачивается, то уже на этом этапе Альянс распадается».
 */

type League = MatchHarness<GalaxyLeagueState>;
const SEATS = [
  { seat: 'anna', faction: 'empire' },
  { seat: 'boris', faction: 'devourers' },
  { seat: 'vera', faction: 'eternals' },
];
const NONE = { attacks: [], colonisations: [] };
const credits = (h: League, seat: string) => h.state.table.tracks[creditsTrack(seat)].value;
const dues = (h: League, round: number) =>
  h.events
    .filter((e) => e.type === 'DuesCharged' && (e.data as { round: number }).round === round)
    .map((e) => (e.data as { charges: unknown }).charges);

function league(): League {
  return new MatchHarness(galaxyLeagueRuleset, 'league-alliance').started(SEATS, {
    options: { startingCredits: 500 } as never,
  });
}

/** Quiet stages until the league is at `stage` of `round`. */
function toStage(h: League, round: number, stage: Stage): void {
  for (let n = 0; !(h.state.rs.round === round && h.state.rs.stage === stage); n++) {
    if (n > 80 || h.state.status === 'finished') throw new Error(`never at ${stage} of ${round}`);
    const waiting = h.state.rs.order.filter((s) => h.state.rs.players[s].status === 'active');
    if (h.state.rs.stage === 'attack')
      declareAll(h, 'declare-attacks', Object.fromEntries(waiting.map((s) => [s, NONE])));
    else if (h.state.rs.stage === 'joining')
      declareAll(h, 'declare-joins', Object.fromEntries(waiting.map((s) => [s, { joins: [] }])));
    else endStage(h);
  }
}

/** Anna and Boris ally in round 1 (bound to the end of round 3), Anna paying 70 of 100. */
function allied(): League {
  const h = league();
  h.play('anna', 'propose-alliance', {
    members: ['boris'],
    shares: [
      { seat: 'anna', amount: 70 },
      { seat: 'boris', amount: 30 },
    ],
  });
  h.play('boris', 'consent-alliance', { proposal: 'alliance-1-anna+boris' });
  return h;
}

describe('galaxy-league: the alliance’s dues and terms', () => {
  it('given a split proposed with the alliance, when every member consents, the first dues are paid at once by it', () => {
    const h = league();
    h.play('anna', 'propose-alliance', {
      members: ['boris'],
      shares: [
        { seat: 'anna', amount: 70 },
        { seat: 'boris', amount: 30 },
      ],
    });
    h.when('boris', 'consent-alliance', { proposal: 'alliance-1-anna+boris' }).then([
      { type: 'AllianceConsented' },
      {
        type: 'AllianceFormed',
        data: {
          members: ['anna', 'boris'],
          lastBoundRound: 3,
          shares: [
            { seat: 'anna', amount: 70 },
            { seat: 'boris', amount: 30 },
          ],
        },
      },
      {
        type: 'DuesCharged',
        data: {
          round: 1,
          charges: [
            { seat: 'anna', amount: 70 },
            { seat: 'boris', amount: 30 },
          ],
        },
      },
      { type: 'TrackChanged', data: { track: creditsTrack('anna'), delta: -70 } },
      { type: 'TrackChanged', data: { track: creditsTrack('boris'), delta: -30 } },
    ]);
  });

  it('refuses a split at the proposal that does not add up to the dues, or leaves a member out', () => {
    const h = league();
    h.when('anna', 'propose-alliance', {
      members: ['boris'],
      shares: [
        { seat: 'anna', amount: 70 },
        { seat: 'boris', amount: 20 },
      ],
    }).thenRejects('split_total', RULES.duesSplit);
    h.when('anna', 'propose-alliance', {
      members: ['boris'],
      shares: [{ seat: 'anna', amount: 100 }],
    }).thenRejects('split_members', RULES.duesSplit);
    expect(h.state.rs.proposals).toEqual({});
  });

  it('takes the agreed split each round, and another once every member agrees it', () => {
    const h = allied();
    toStage(h, 2, 'preparation');
    expect(dues(h, 2)).toEqual([
      [
        { seat: 'anna', amount: 70 },
        { seat: 'boris', amount: 30 },
      ],
    ]);
    const even = {
      shares: [
        { seat: 'anna', amount: 50 },
        { seat: 'boris', amount: 50 },
      ],
    };
    h.play('anna', 'propose-dues-split', even);
    h.play('boris', 'propose-dues-split', even);
    toStage(h, 3, 'preparation');
    expect(dues(h, 3)).toEqual([even.shares]);
  });

  it('after the minimum term, a member gives notice at Battles and is out before the next dues are taken', () => {
    const h = allied();
    toStage(h, 2, 'battles');
    // Round 2 is within the term (rounds 1 to 3).
    h.when('anna', 'leave-alliance').thenRejects('alliance_bound', RULES.allianceTerm);
    toStage(h, 3, 'battles');
    const noted = h
      .when('anna', 'leave-alliance')
      .then([{ type: 'AllianceExitNoted', data: { seat: 'anna', round: 3 } }])
      .find((e) => e.type === 'AllianceExitNoted');
    expect(describeGalaxyLeagueEvent(noted!, 'ru')).toBe(
      'anna выйдет из Альянса по окончании раунда 3',
    );
    h.when('anna', 'leave-alliance').thenRejects('leaving_already', RULES.leaveAlliance);
  });

  it('after the minimum term, a member declines the round’s dues: the alliance breaks up and the dues go back', () => {
    const h = allied();
    toStage(h, 3, 'preparation');
    // Within the term the dues are taken «даже при нежелании игроков».
    h.when('boris', 'decline-dues').thenRejects('dues_bound', RULES.duesBound);
    toStage(h, 4, 'preparation');
    expect(dues(h, 4)).toHaveLength(1);
    const before = { anna: credits(h, 'anna'), boris: credits(h, 'boris') };
    h.when('boris', 'decline-dues').then([
      {
        type: 'AllianceDissolved',
        data: { members: ['anna', 'boris'], reason: 'dues-declined' },
      },
      { type: 'TrackChanged', data: { track: creditsTrack('anna'), delta: 70 } },
      { type: 'TrackChanged', data: { track: creditsTrack('boris'), delta: 30 } },
    ]);
    expect(credits(h, 'anna')).toBe(before.anna + 70);
    expect(credits(h, 'boris')).toBe(before.boris + 30);
    expect(h.state.rs.alliances).toEqual({});
  });
});

describe('galaxy-league: leaving by notice', () => {
  it('ends a two-member alliance as the round ends, so round 4 takes no dues', () => {
    const h = allied();
    toStage(h, 3, 'battles');
    h.play('boris', 'leave-alliance');
    quietRound(h);
    expect(h.state.rs.round).toBe(4);
    expect(h.state.rs.alliances).toEqual({});
    expect(h.events.find((e) => e.type === 'AllianceDissolved')?.data).toMatchObject({
      reason: 'members-left',
    });
    expect(dues(h, 4)).toEqual([]);
  });
});

describe('galaxy-league: joining an existing alliance', () => {
  it('given every member’s consent, a new player joins; it pays what the larger dues add, and the term restarts', () => {
    const h = allied();
    toStage(h, 2, 'preparation');
    // Naming one member of an alliance proposes to join the whole of it.
    h.play('vera', 'propose-alliance', { members: ['anna'] });
    expect(h.state.rs.proposals['alliance-2-anna+boris+vera']).toMatchObject({
      joins: 'alliance-1-anna+boris',
    });
    h.play('anna', 'consent-alliance', { proposal: 'alliance-2-anna+boris+vera' });
    // Not joined until every member consents.
    expect(h.state.rs.alliances['alliance-1-anna+boris'].members).toEqual(['anna', 'boris']);
    const before = credits(h, 'vera');
    const events = h
      .when('boris', 'consent-alliance', { proposal: 'alliance-2-anna+boris+vera' })
      .then([
        { type: 'AllianceConsented' },
        {
          type: 'AllianceJoined',
          data: {
            alliance: 'alliance-1-anna+boris',
            seats: ['vera'],
            members: ['anna', 'boris', 'vera'],
            round: 2,
            lastBoundRound: 4,
          },
        },
        // 250 IC for 3 members against 100 for 2: Vera pays the 150 more, at once.
        { type: 'DuesCharged', data: { round: 2, charges: [{ seat: 'vera', amount: 150 }] } },
        { type: 'TrackChanged', data: { track: creditsTrack('vera'), delta: -150 } },
      ]);
    expect(credits(h, 'vera')).toBe(before - 150);
    expect(
      describeGalaxyLeagueEvent(
        events.find((e) => e.type === 'AllianceJoined')!,
        'ru',
      ),
    ).toBe('vera вступает в Альянс, теперь это anna, boris, vera; обязателен до конца раунда 4');
    // Round 3 takes the dues of 3 members, evenly: the 70/30 split was for two.
    toStage(h, 3, 'preparation');
    expect(dues(h, 3)).toEqual([
      [
        { seat: 'anna', amount: 84 },
        { seat: 'boris', amount: 83 },
        { seat: 'vera', amount: 83 },
      ],
    ]);
  });
});

describe('galaxy-league: option allyCrossing', () => {
  /** Anna's light years to Pyxis, past Boris's Ember, Dorado and Fornax, once they are allies. */
  const toPyxis = (allyCrossing?: string) => {
    const h = new MatchHarness(galaxyLeagueRuleset, 'league-ally-crossing').started(SEATS, {
      options: { startingCredits: 500, ...(allyCrossing ? { allyCrossing } : {}) } as never,
    });
    const before = reach(h.state, 'anna', 'pyxis', galaxyLeagueOptions(h.state.options)).ly;
    h.play('anna', 'propose-alliance', { members: ['boris'] });
    h.play('boris', 'consent-alliance', { proposal: 'alliance-1-anna+boris' });
    return [before, reach(h.state, 'anna', 'pyxis', galaxyLeagueOptions(h.state.options)).ly];
  };

  it('«перелёт через все территории союзника всегда занимает равно 1 СГ»: a run of them is 1 LY (default), or each is', () => {
    // Unallied, by Sirius and Nexus: 1 + 1 + 2 = 4 LY. Allied: Orion 1, Boris's run 1, Pyxis 1.
    expect(toPyxis()).toEqual([4, 3]);
    expect(toPyxis('whole-run')).toEqual([4, 3]);
    // Each of Ember, Dorado, Fornax 1 LY: 1 + 3 + 1 = 5; Nexus's way stays 4.
    expect(toPyxis('each-territory')).toEqual([4, 4]);
  });
});
