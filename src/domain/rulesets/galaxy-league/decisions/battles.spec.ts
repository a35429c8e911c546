import { MatchHarness } from '@test/support/match-harness';
import { freeformRuleset } from '../../freeform/freeform.ruleset';
import { galaxyLeagueRuleset } from '../galaxy-league.ruleset';
import { describeGalaxyLeagueEvent } from '../gl-phrasing';
import { RULES } from '../gl-rules-text';
import type { GalaxyLeagueState } from '../gl-state';
import { creditsTrack, TRACK_NAMES, winsTrack } from '../gl-tracks';
import {
  atBattles,
  declareAll,
  EMBER_SEATS as MAP,
  endStage,
  linkEmberBattle,
  playedBattle,
  quietRound,
  reveal,
  SEATS,
  seal,
} from '../gl.testkit';

const NONE = { attacks: [], colonisations: [] };
type League = MatchHarness<GalaxyLeagueState>;
const credits = (h: League, seat: string) => h.state.table.tracks[creditsTrack(seat)].value;
const wins = (h: League, seat: string) => h.state.table.tracks[winsTrack(seat)]?.value ?? 0;

describe('galaxy-league: Battles', () => {
  it('takes an undefended planet with no battle: the single attacker wins it', () => {
    const h = atBattles();
    const settled = h.events.filter((e) => e.type === 'BattleSettled').map((e) => e.data);
    expect(settled).toEqual([
      expect.objectContaining({
        planet: 'aurora',
        source: 'no-defender',
        winner: 'vera',
        payouts: [],
      }),
    ]);
    expect(h.state.rs.owner.aurora).toBe('vera');
    expect(h.events.find((e) => e.type === 'CapitalCaptured')?.data).toMatchObject({
      planet: 'aurora',
      from: 'anna',
      to: 'vera',
    });
  });

  it('links a finished match as the battle: its winner takes the planet, points pay out after penalties', () => {
    const h = atBattles();
    const before = { anna: credits(h, 'anna'), boris: credits(h, 'boris') };
    const b = playedBattle('red', 80, 30);
    h.cited = [b.asCited({ red: 80, blue: 30 })];
    const [, cited, settled] = h
      .when('anna', 'link-battle', {
        planet: 'ember',
        match: 'battle-ember',
        headHash: b.state.headHash,
        seats: MAP,
      })
      .then([
        {
          type: 'MatchCited',
          data: { matchId: 'battle-ember', headHash: b.state.headHash, took: { winners: ['red'] } },
        },
        {
          type: 'BattleSettled',
          data: {
            planet: 'ember',
            source: 'linked',
            match: 'battle-ember',
            winner: 'anna',
            payouts: [
              // Anna: 80 - 25 = 55 (over the 50 minimum); Boris: 30 (over 25).
              { seat: 'anna', points: 80, penalty: -25, amount: 55, basis: 'points' },
              { seat: 'boris', points: 30, penalty: 0, amount: 30, basis: 'points' },
            ],
          },
        },
        { type: 'TrackChanged', data: { track: creditsTrack('anna'), delta: 55 } },
        { type: 'TrackChanged', data: { track: creditsTrack('boris'), delta: 30 } },
        { type: 'TrackChanged', data: { track: winsTrack('anna'), value: 1 } },
        { type: 'ControlChanged', data: { territory: 'ember', from: 'boris', to: 'anna' } },
      ]);
    expect(cited.type).toBe('MatchCited');
    expect(settled.type).toBe('BattleSettled');
    expect(h.state.rs.owner.ember).toBe('anna');
    expect(credits(h, 'anna')).toBe(before.anna + 55);
    expect(credits(h, 'boris')).toBe(before.boris + 30);
  });

  it('refuses a link to an unfinished match or a hash that is not its head, and records nothing', () => {
    const h = atBattles();
    const playing = new MatchHarness(freeformRuleset, 'battle-ember').started([
      { seat: 'red' },
      { seat: 'blue' },
    ]);
    h.cited = [playing.asCited()];
    const before = h.events.length;
    h.when('anna', 'link-battle', {
      planet: 'ember',
      match: 'battle-ember',
      headHash: playing.state.headHash,
      seats: MAP,
    }).thenRejects('cited_match_unfinished', RULES.battlesPhase);
    const b = playedBattle('red', 80, 30);
    h.cited = [b.asCited()];
    h.when('anna', 'link-battle', {
      planet: 'ember',
      match: 'battle-ember',
      headHash: 'b'.repeat(64),
      seats: MAP,
    }).thenRejects('cited_hash_mismatch', RULES.battlesPhase);
    expect(h.events).toHaveLength(before);
  });

  it('refuses a link whose seats do not name every participant', () => {
    const h = atBattles();
    const b = playedBattle('red', 80, 30);
    h.cited = [b.asCited()];
    h.when('anna', 'link-battle', {
      planet: 'ember',
      match: 'battle-ember',
      headHash: b.state.headHash,
      seats: [{ seat: 'red', player: 'anna' }],
    }).thenRejects('participants_mismatch', RULES.battlesPhase);
  });

  it('applies a reported result once every other participant confirms it, with the minimums', () => {
    const h = atBattles();
    h.play('boris', 'report-battle', {
      planet: 'ember',
      winner: 'boris',
      points: [
        { seat: 'anna', points: 20 },
        { seat: 'boris', points: 40 },
      ],
      destroyed: ['anna'],
    });
    expect(h.state.rs.owner.ember).toBe('boris');
    h.when('anna', 'confirm-battle', { planet: 'ember' }).then([
      { type: 'BattleConfirmed' },
      {
        type: 'BattleSettled',
        data: {
          source: 'reported',
          winner: 'boris',
          payouts: [
            // Anna 20 - 25 < 25: the loser's 25; Boris 40 < 50 in a 2-player battle: 50.
            { seat: 'anna', amount: 25, basis: 'loser-minimum' },
            { seat: 'boris', amount: 50, basis: 'winner-minimum' },
          ],
        },
      },
      { type: 'TrackChanged' },
      { type: 'TrackChanged' },
      { type: 'TrackChanged', data: { track: winsTrack('boris'), value: 1 } },
    ]);
    expect(h.state.rs.owner.ember).toBe('boris');
    expect(wins(h, 'boris')).toBe(1);
  });

  it('the winner of a capital annexes 2 territories next to it; the loser names a new capital', () => {
    const h = atBattles();
    linkEmberBattle(h, 'red', 80, 30);
    h.when('vera', 'end-stage').thenRejects('annex_pending', RULES.annexation);
    h.when('anna', 'end-stage').thenRejects('capital_needed', RULES.newCapital);
    h.when('vera', 'choose-annexed', { territories: ['borealis', 'orion'] }).thenRejects(
      'not_annexable',
      RULES.annexation,
    );
    h.when('vera', 'choose-annexed', { territories: ['borealis', 'cinder'] }).then([
      { type: 'TerritoriesAnnexed', data: { seat: 'vera', from: 'anna' } },
      { type: 'ControlChanged', data: { territory: 'borealis', to: 'vera' } },
      { type: 'ControlChanged', data: { territory: 'cinder', to: 'vera' } },
    ]);
    // Anna is left with Ember, which she took in the same round: her new capital.
    h.when('anna', 'designate-capital', { planet: 'borealis' }).thenRejects(
      'not_your_planet',
      RULES.newCapital,
    );
    h.when('anna', 'designate-capital', { planet: 'ember' }).then([
      { type: 'CapitalSet', data: { seat: 'anna', territory: 'ember', cause: 'designated' } },
    ]);
    expect(h.state.rs.players.anna.capital).toBe('ember');
    endStage(h);
    expect(h.state.rs.round).toBe(3);
  });

  /** Round 2 settled: Anna wins Ember, Vera takes Aurora and annexes Borealis and Cinder. */
  function capitalLost(): League {
    const h = atBattles();
    linkEmberBattle(h, 'red', 80, 30);
    h.play('vera', 'choose-annexed', { territories: ['borealis', 'cinder'] });
    h.play('anna', 'designate-capital', { planet: 'ember' });
    endStage(h);
    return h;
  }

  it('demoralises the loser of a capital and inspires its captor for the next round', () => {
    const h = capitalLost();
    const morale = h.events.filter((e) => e.type === 'MoraleSet').map((e) => e.data);
    expect(morale).toEqual([
      { seat: 'anna', round: 3, status: 'demoralised', reason: 'capital-lost' },
      { seat: 'vera', round: 3, status: 'inspired', reason: 'capital-taken' },
    ]);
    expect(h.state.rs.round).toBe(3);
  });

  it('phrases every league event of these battles in English and Russian', () => {
    const h = capitalLost();
    const own = h.events.filter(
      (e) => describeGalaxyLeagueEvent(e, 'en') !== undefined || e.type === 'BattleSettled',
    );
    for (const type of ['BattleSettled', 'CapitalCaptured', 'TerritoriesAnnexed', 'MoraleSet'])
      expect(own.some((e) => e.type === type)).toBe(true);
    for (const event of own)
      for (const lang of ['en', 'ru'] as const)
        expect(() => describeGalaxyLeagueEvent(event, lang)).not.toThrow();
    const settled = h.events.filter((e) => e.type === 'BattleSettled');
    expect(settled.map((e) => describeGalaxyLeagueEvent(e, 'ru'))).toEqual([
      'Планета aurora: побеждает vera (защитника нет, боя не было)',
      'Планета ember: побеждает anna (связанная партия battle-ember); выплаты: anna 55 ИК, boris 30 ИК',
    ]);
    const morale = h.events.filter((e) => e.type === 'MoraleSet');
    expect(morale.map((e) => describeGalaxyLeagueEvent(e, 'ru'))).toEqual([
      'anna: Деморализация в раунде 3 (потеряна столица)',
      'vera: Воодушевление в раунде 3 (захвачена чужая столица)',
    ]);
  });

  it('a demoralised player has one defensive ship fewer; an inspired one attacks with a defensive ship', () => {
    const revealed = (seat: string, params: object) => {
      const h = capitalLost();
      endStage(h);
      expect(h.state.rs.stage).toBe('attack');
      const id = seal(h, seat, 'declare-attacks', params);
      for (const other of ['anna', 'boris', 'vera'])
        if (other !== seat) seal(h, other, 'declare-attacks', NONE);
      return reveal(h, seat, id, params);
    };
    // Anna's last defensive ship stands down while she is demoralised; her other one serves.
    const colonise = (ship: string) => ({
      attacks: [],
      colonisations: [{ ships: [ship], planet: 'orion' }],
    });
    expect(revealed('anna', colonise('ship:anna:4'))).toMatchObject({
      code: 'ship_stood_down',
      ruleRef: expect.stringContaining(RULES.demoralisedShips),
    });
    expect(revealed('anna', colonise('ship:anna:3'))).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'AttacksDeclared' })]),
    );
    // Vera's first defensive ship (ship:vera:3) attacks while she is inspired; her second does not.
    const attack = (ship: string) => ({ attacks: [{ ship, planet: 'fornax' }], colonisations: [] });
    expect(revealed('vera', attack('ship:vera:4'))).toMatchObject({ code: 'not_attacking_ship' });
    expect(revealed('vera', attack('ship:vera:3'))).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'AttacksDeclared' })]),
    );
  });

  /**
   * Round 2, four battles for Boris, none for a capital: he attacks Borealis (Anna's) and Helix
   * (Vera's), each defended, and defends Ember against Anna and Fornax against Vera. `bWins`
   * says which of the four he wins; each result is reported and confirmed.
   */
  function fourBattles(bWins: Record<'borealis' | 'helix' | 'ember' | 'fornax', boolean>) {
    const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(SEATS);
    quietRound(h);
    endStage(h);
    declareAll(h, 'declare-attacks', {
      anna: { attacks: [{ ship: 'ship:anna:1', planet: 'ember' }], colonisations: [] },
      boris: {
        attacks: [
          { ship: 'ship:boris:1', planet: 'borealis' },
          { ship: 'ship:boris:2', planet: 'helix' },
        ],
        colonisations: [],
      },
      vera: { attacks: [{ ship: 'ship:vera:1', planet: 'fornax' }], colonisations: [] },
    });
    endStage(h);
    declareAll(h, 'declare-joins', {
      anna: { joins: [] },
      boris: { joins: [] },
      vera: { joins: [] },
    });
    h.play('anna', 'assign-defender', { ship: 'ship:anna:3', planet: 'borealis' });
    h.play('vera', 'assign-defender', { ship: 'ship:vera:3', planet: 'helix' });
    h.play('boris', 'assign-defender', { ship: 'ship:boris:4', planet: 'ember' });
    h.play('boris', 'assign-defender', { ship: 'ship:boris:5', planet: 'fornax' });
    endStage(h);
    const against = { borealis: 'anna', helix: 'vera', ember: 'anna', fornax: 'vera' } as const;
    for (const [planet, other] of Object.entries(against)) {
      const won = bWins[planet as keyof typeof against];
      h.play(other, 'report-battle', {
        planet,
        winner: won ? 'boris' : other,
        points: [
          { seat: 'boris', points: won ? 80 : 20 },
          { seat: other, points: won ? 20 : 80 },
        ],
        destroyed: [],
      });
      h.play('boris', 'confirm-battle', { planet });
    }
    endStage(h);
    expect(h.state.rs.round).toBe(3);
    return h.events
      .filter((e) => e.type === 'MoraleSet')
      .map((e) => e.data as { seat: string; status: string; reason: string });
  }

  it('demoralises a player who lost 4 battles of the round, inspires one who won 4; 3 do neither', () => {
    const all = (won: boolean) => ({ borealis: won, helix: won, ember: won, fornax: won });
    // «Если по итогам раунда игрок проиграл 4 боя, в котором участвовали его личные звездолёты».
    expect(fourBattles(all(false))).toEqual([
      { seat: 'boris', round: 3, status: 'demoralised', reason: 'four-losses' },
    ]);
    // «Если по итогам раунда игрок выиграл 4 боя …»: and no capital changed hands.
    expect(fourBattles(all(true))).toEqual([
      { seat: 'boris', round: 3, status: 'inspired', reason: 'four-wins' },
    ]);
    expect(fourBattles({ borealis: true, helix: false, ember: false, fornax: false })).toEqual([]);
    expect(fourBattles({ borealis: true, helix: true, ember: true, fornax: false })).toEqual([]);
  });

  it('a player left with no territory is out: skips the next round, its alliance ends', () => {
    const h = atBattles();
    linkEmberBattle(h, 'blue', 10, 60);
    h.play('vera', 'choose-annexed', { territories: ['borealis', 'cinder'] });
    endStage(h);
    expect(h.events.find((e) => e.type === 'PlayerEliminated')?.data).toEqual({
      seat: 'anna',
      round: 2,
      mayReturnFrom: 4,
    });
    expect(h.state.rs.players.anna.status).toBe('eliminated');
    // No income and no morale for her; round 3 goes on without her.
    const round3 = h.events.filter((e) => e.type === 'IncomeReceived').slice(-2);
    expect(round3.map((e) => (e.data as { seat: string }).seat)).toEqual(['boris', 'vera']);
    h.when('anna', 'end-stage').thenRejects('eliminated', RULES.eliminated);
    endStage(h);
    expect(h.state.rs.stage).toBe('attack');
  });

  it('a battle for a capital costs its enemies 10 points more; the defender who wins keeps it', () => {
    const h = atBattles({}, true);
    const aurora = Object.values(h.state.rs.battles).find((b) => b.planet === 'aurora')!;
    const attack = aurora.attackers[0].penalty;
    h.play('vera', 'report-battle', {
      planet: 'aurora',
      winner: 'anna',
      points: [
        { seat: 'anna', points: 70 },
        { seat: 'vera', points: 90 },
      ],
      destroyed: [],
    });
    h.when('anna', 'confirm-battle', { planet: 'aurora' }).then([
      { type: 'BattleConfirmed' },
      {
        type: 'BattleSettled',
        data: {
          planet: 'aurora',
          winner: 'anna',
          payouts: [
            // «в бою за столицу все вражеские корабли получают дополнительный боевой штраф -10»
            {
              seat: 'vera',
              points: 90,
              penalty: attack - 10,
              amount: 90 + attack - 10,
              basis: 'points',
            },
            { seat: 'anna', points: 70, penalty: 0, amount: 70, basis: 'points' },
          ],
        },
      },
      { type: 'TrackChanged' },
      { type: 'TrackChanged' },
      { type: 'TrackChanged', data: { track: winsTrack('anna'), value: 1 } },
    ]);
    expect(h.state.rs.owner.aurora).toBe('anna');
    expect(h.events.some((e) => e.type === 'CapitalCaptured')).toBe(false);
  });

  it('option standingsTie: equal totals share the place, or the priority order decides', () => {
    const league = (standingsTie?: string) =>
      new MatchHarness(galaxyLeagueRuleset, 'league-1').started(SEATS, {
        options: { rounds: 1, ...(standingsTie ? { standingsTie } : {}) } as never,
      });
    const places = (h: League) =>
      (
        h.ruleset.derive(h.state.table, h.state.rs).standings as { seat: string; place: number }[]
      ).map((row) => [row.seat, row.place]);
    // Equal totals (6 each) all through the league.
    for (const tie of [undefined, 'shared']) {
      const h = league(tie);
      expect(places(h)).toEqual([
        ['anna', 1],
        ['boris', 1],
        ['vera', 1],
      ]);
      quietRound(h);
      expect(h.state.result?.winners).toEqual(['anna', 'boris', 'vera']);
      expect(places(h).map(([, place]) => place)).toEqual([1, 1, 1]);
    }
    // By priority: before the round's order is set, the faction order (Devourers, Empire,
    // Eternals); at the end, the last round's priority order. Each player its own place.
    const h = league('priority');
    expect(places(h)).toEqual([
      ['boris', 1],
      ['anna', 2],
      ['vera', 3],
    ]);
    quietRound(h);
    expect(h.state.rs.priority).toEqual(['boris', 'anna', 'vera']);
    expect(h.state.result?.winners).toEqual(['boris']);
    expect(places(h)).toEqual([
      ['boris', 1],
      ['anna', 2],
      ['vera', 3],
    ]);
  });

  it('option standingsTie «more-wins»: equal totals go by more battle wins, then share the place', () => {
    const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(SEATS, {
      options: { rounds: 1, standingsTie: 'more-wins' } as never,
    });
    // Anna gives up Cinder (blue, 1 point) and has won a battle: 6 points each, as the others.
    h.given([
      { type: 'ControlChanged', data: { territory: 'cinder', from: 'anna', cause: 'dues-unpaid' } },
      {
        type: 'TrackChanged',
        data: {
          track: winsTrack('anna'),
          owner: 'anna',
          name: TRACK_NAMES.wins,
          value: 1,
          delta: 1,
        },
      },
    ]);
    const rows = h.ruleset.derive(h.state.table, h.state.rs).standings as {
      seat: string;
      total: number;
      place: number;
    }[];
    expect(rows.map((r) => [r.seat, r.total, r.place])).toEqual([
      ['anna', 6, 1],
      ['boris', 6, 2],
      ['vera', 6, 2],
    ]);
    quietRound(h);
    expect(h.state.result?.winners).toEqual(['anna']);
  });

  it('finishes the league after its last round: the most points win', () => {
    const h = new MatchHarness(galaxyLeagueRuleset, 'league-1').started(SEATS.slice(0, 2), {
      options: { rounds: 1 },
    });
    quietRound(h);
    expect(h.state.status).toBe('finished');
    // Equal totals (6 each): they share the place (option standingsTie).
    expect(h.state.result?.winners).toEqual(['anna', 'boris']);
  });
});
