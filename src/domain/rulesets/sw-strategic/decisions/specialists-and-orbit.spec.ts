import { availabilityContext } from '../../../match/legal-decisions';
import { groundTaken, isTerritoryOf } from '../sw-ground-turn';
import { distance, type Hex } from '../sw-hex';
import { RULES } from '../sw-rules-text';
import { battle, given, ship, shipOf } from '../sw.testkit';

const endRound = (h: ReturnType<typeof battle>, from = ['red', 'blue', 'gold']) => {
  for (const seat of from) h.play(seat, 'end-turn', { map: 'space' });
};

describe('sw-strategic space: repair, capture, persuasion (S6.1)', () => {
  it('a Mechanic repairs a ship over a full turn: neither acts; a deck and the shields come back', () => {
    const h = battle({ red: [ship('destroyer', 0, -3, 0)] }, {}, (m) => {
      const captain = m.legions[0].roster.find((p) => p.class === 'destroyer');
      if (captain) Object.assign(captain, { specialty: 'mechanic', level: 1 });
    });
    const d = shipOf(h, 'red', 'destroyer');
    h.given([given('ShipDamaged', { ship: d, shields: 0, decksLost: [2], cause: 'laser' })]);
    h.play('red', 'repair', { ship: d, mechanic: 'Legion I destroyer captain', deck: 2 });
    h.when('red', 'lay-mine', { ship: d, cell: 's:1:-3' }).thenRejects('busy', RULES.repair);
    h.play('red', 'end-turn', { map: 'space' });
    h.play('blue', 'end-turn', { map: 'space' });
    h.when('gold', 'end-turn', { map: 'space' }).then([
      { type: 'FactionTurnEnded' },
      { type: 'FactionTurnStarted', data: { legion: 'red', round: 2 } },
      { type: 'RepairCompleted', data: { ship: d, deck: 2, shields: 2 } },
    ]);
    expect(h.state.rs.space.ships[d].decks[1].hp).toBe(1);
  });

  describe("the deck the Mechanic repairs is the player's choice («одной палубы выбранного корабля»)", () => {
    /** Red's cruiser, captained by a Mechanic, with decks 2 and 3 lost. */
    const damagedCruiser = (decksLost: number[]) => {
      const h = battle({ red: [ship('cruiser', 0, -3, 0)] }, {}, (m) => {
        const captain = m.legions[0].roster.find((p) => p.class === 'cruiser');
        if (captain) Object.assign(captain, { specialty: 'mechanic', level: 1, name: 'Ossa' });
      });
      const c = shipOf(h, 'red', 'cruiser');
      if (decksLost.length)
        h.given([given('ShipDamaged', { ship: c, shields: 0, decksLost, cause: 'laser' })]);
      return { h, c };
    };

    it('the deck named comes back, not the first lost one', () => {
      const { h, c } = damagedCruiser([2, 3]);
      h.when('red', 'repair', { ship: c, mechanic: 'Ossa', deck: 3 }).then([
        { type: 'RepairStarted', data: { ship: c, mechanic: 'Ossa', deck: 3 } },
      ]);
      endRound(h);
      expect(h.events.find((e) => e.type === 'RepairCompleted')?.data).toEqual({
        ship: c,
        deck: 3,
        shields: 4,
      });
      expect(h.state.rs.space.ships[c].decks.map((deck) => deck.hp)).toEqual([1, 0, 1, 1]);
    });

    it('a deck that is not lost, or that the ship does not have, is refused naming it, the stream unchanged', () => {
      const { h, c } = damagedCruiser([2, 3]);
      const count = h.events.length;
      const intact = h
        .when('red', 'repair', { ship: c, mechanic: 'Ossa', deck: 1 })
        .thenRejects('not_a_lost_deck', RULES.repairDeck);
      expect(intact.message).toContain('Deck 1');
      expect(intact.message).toContain('lost are 2, 3');
      const small = battle({ red: [ship('destroyer', 0, -3, 0)] }, {}, (m) => {
        const captain = m.legions[0].roster.find((p) => p.class === 'destroyer');
        if (captain) Object.assign(captain, { specialty: 'mechanic', level: 1 });
      });
      const d = shipOf(small, 'red', 'destroyer');
      small.given([given('ShipDamaged', { ship: d, shields: 0, decksLost: [2], cause: 'laser' })]);
      small
        .when('red', 'repair', { ship: d, mechanic: 'Legion I destroyer captain', deck: 4 })
        .thenRejects('not_a_lost_deck', RULES.repairDeck);
      expect(h.events.length).toBe(count);
      expect(h.state.rs.space.ships[c].task).toBeUndefined();
    });

    it('with a deck lost, a repair naming none is refused rather than guessed', () => {
      const { h, c } = damagedCruiser([2, 3]);
      const count = h.events.length;
      const refused = h
        .when('red', 'repair', { ship: c, mechanic: 'Ossa' })
        .thenRejects('deck_required', RULES.repairDeck);
      expect(refused.message).toContain('2, 3');
      expect(h.events.length).toBe(count);
    });

    it('with no deck lost, a repair naming none restores the shields alone (allowed on an undamaged ship)', () => {
      const { h, c } = damagedCruiser([]);
      h.given([given('ShipDamaged', { ship: c, shields: 1, decksLost: [], cause: 'laser' })]);
      h.when('red', 'repair', { ship: c, mechanic: 'Ossa' }).then([
        { type: 'RepairStarted', data: { ship: c, mechanic: 'Ossa' } },
      ]);
      h.when('red', 'repair', { ship: c, mechanic: 'Ossa', deck: 2 }).thenRejects(
        'busy',
        RULES.repair,
      );
      endRound(h);
      expect(h.events.find((e) => e.type === 'RepairStarted')?.data).not.toHaveProperty('deck');
      expect(h.events.find((e) => e.type === 'RepairCompleted')?.data).toEqual({
        ship: c,
        shields: 4,
      });
      expect(h.state.rs.space.ships[c].shields).toBe(4);
    });

    it('a deck that is no whole number from 1 to 4 is refused as bad params', () => {
      const { h, c } = damagedCruiser([2]);
      for (const deck of [0, 5, 2.5, '2', -1])
        expect(h.decide('red', 'repair', { ship: c, mechanic: 'Ossa', deck })).toMatchObject({
          kind: 'invalid_params',
        });
    });

    it('the legal examples offer each lost deck of a ship', () => {
      const { h, c } = damagedCruiser([2, 3]);
      const spec = h.ruleset.decisions.repair;
      const offered = spec.examples?.(availabilityContext(h.state, 'red')) ?? [];
      expect(offered.filter((p) => (p as { ship: string }).ship === c)).toEqual([
        { ship: c, mechanic: 'Ossa', deck: 2 },
        { ship: c, mechanic: 'Ossa', deck: 3 },
      ]);
    });
  });

  it('a Commando next to an enemy station for a full turn captures it', () => {
    const h = battle({ red: [ship('fighter', 3, -2, 0)] }, {}, (m) => {
      const leader = m.legions[0].roster.find((p) => p.role === 'squadron');
      if (leader) Object.assign(leader, { specialty: 'commando', level: 1 });
    });
    h.given([given('StationCaptured', { station: 'station:n1', legion: 'blue', how: 'neutral' })]);
    const f = shipOf(h, 'red', 'fighter');
    h.play('red', 'commando-capture', { ship: f, cell: 'station:n1' });
    endRound(h);
    expect(h.state.rs.space.stations['station:n1']).toMatchObject({ owner: 'red', captured: true });
  });

  it("Persuasion blocks one opponent's legionnaire for their next turn, once a game", () => {
    const h = battle({ blue: [ship('destroyer', 0, 3, 0)] }, {}, (m) =>
      m.legions[0].roster.push({
        name: 'Kenobi',
        map: 'space',
        specialty: 'sword-master',
        level: 1,
      }),
    );
    h.play('red', 'persuade', {
      specialist: 'Kenobi',
      legion: 'blue',
      target: 'Legion II destroyer captain',
    });
    h.when('red', 'persuade', {
      specialist: 'Kenobi',
      legion: 'gold',
      target: 'Legion III supply officer',
    }).thenRejects('used', RULES.persuasion);
    h.play('red', 'end-turn', { map: 'space' });
    const blocked = h
      .when('blue', 'move-ship', { ship: shipOf(h, 'blue', 'destroyer'), steps: ['forward'] })
      .thenRejects('persuaded', RULES.persuasion);
    expect(blocked.localized?.ru).toBe(
      'Вражеский Мастер меча заблокировал легионера «Капитан эсминца Легиона II» на этот ход',
    );
    h.play('blue', 'end-turn', { map: 'space' });
    h.play('gold', 'end-turn', { map: 'space' });
    h.play('red', 'end-turn', { map: 'space' });
    h.play('blue', 'move-ship', { ship: shipOf(h, 'blue', 'destroyer'), steps: ['forward'] });
  });
});

describe('sw-strategic space to ground: bombardment and the fighter (S3.10, G3.4)', () => {
  it('pauses the game for the GM, who rules the damage by a judge token; nothing else is accepted meanwhile', () => {
    const h = battle({ red: [ship('frigate', 2, -2, 0)] });
    const f = shipOf(h, 'red', 'frigate');
    h.when('red', 'bombard', { ship: f, cell: 'g:6:0' }).then([
      { type: 'OrbitalBombardment', data: { ship: f, center: { q: 6, r: 0 } } },
    ]);
    h.when('red', 'end-turn', { map: 'ground' }).thenRejects(
      'paused_for_bombardment',
      RULES.gmPause,
    );
    h.when('red', 'gm-bombardment-damage', { hits: [] }).thenRejects('judge_decision');
    const infantry = Object.values(h.state.rs.ground.units).find(
      (u) => u.legion === 'red' && u.hexes.some((x) => x.q === 5 && x.r === 0),
    );
    h.whenJudge('red', 'gm-bombardment-damage', {
      hits: [{ piece: 'infantry-99', hits: 1 }],
    }).thenRejects('not_in_blast', RULES.bombardmentEffect);
    h.whenJudge('red', 'gm-bombardment-damage', {
      hits: [
        { piece: infantry?.id, hits: 1 },
        { piece: 'generator:1', hits: 2 },
      ],
    }).then([
      { type: 'BombardmentDamage' },
      { type: 'PieceHit', data: { piece: infantry?.id, destroyed: true } },
      {
        type: 'GeneratorHit',
        data: { generator: 'generator:1', hits: 2, destroyed: false, by: 'red' },
      },
    ]);
    h.when('red', 'bombard', { ship: f, cell: 'g:0:0' }).thenRejects(
      'not_idle',
      RULES.bombardmentOnce,
    );
  });

  it('with option one-hit, every unshielded piece on the hex and its neighbours takes a hit at once', () => {
    const h = battle({ red: [ship('cruiser', 2, -2, 0)] }, { bombardmentDamage: 'one-hit' });
    const events = h.play('red', 'bombard', { ship: shipOf(h, 'red', 'cruiser'), cell: 'g:0:0' });
    expect(events.map((e) => e.type)).toEqual([
      'DecisionMade',
      'OrbitalBombardment',
      'BombardmentDamage',
    ]);
    expect(h.state.rs.space.pausedForBombardment).toBeUndefined();
  });

  it('a fighter next to the planet goes to the ground map, into a squad', () => {
    const h = battle({ red: [ship('fighter', 3, -1, 0)] });
    const f = shipOf(h, 'red', 'fighter');
    const taken = groundTaken(h.state.rs);
    const free = Object.values(h.state.rs.ground.cells).filter(
      (c) => isTerritoryOf(h.state.rs, 'red', c) && !taken.has(`${c.q}:${c.r}`),
    );
    const near = (x: Hex, y: Hex) => distance(x, y) === 1;
    const a = free.find((x) => free.some((y) => near(x, y))) as Hex;
    const b = free.find((y) => near(a, y)) as Hex;
    const hexes = [`g:${a.q}:${a.r}`, `g:${b.q}:${b.r}`];
    h.when('red', 'fighter-to-ground', {
      ship: f,
      hexes,
      squad: 'Legion I ground commander',
    }).thenRejects('not_at_planet', RULES.groundFighter);
    h.play('red', 'move-ship', { ship: f, steps: ['back'] });
    h.when('red', 'fighter-to-ground', {
      ship: f,
      hexes,
      squad: 'Legion I ground commander',
    }).then([{ type: 'FighterToGround', data: { ship: f, legion: 'red' } }]);
    expect(h.state.rs.ground.units[f]).toMatchObject({ kind: 'fighter', legion: 'red' });
  });
});
