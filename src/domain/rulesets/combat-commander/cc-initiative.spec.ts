import { TEST_SEED } from '@test/support/match-harness';
import { commitmentOf } from '../../dice';
import { decideCreateMatch } from '../../match/match-decider';
import { INITIATIVE_CARD, Z } from './cc-draft';
import { RULES } from './cc-rules-text';
import { card, deckSize, game, giveOrder, hand, ofType, piece, SEATS, types } from './cc.testkit';
import { combatCommanderRuleset } from './combat-commander.ruleset';

/** A Leader with Command 1 in B2, a squad beside it, one adjacent (B3), one far off (F6). */
const COMMAND_UNITS = [
  ['l1', 'leader', 'B2', { command: 1 }],
  ['s1', 'squad', 'B2', {}],
  ['s2', 'squad', 'B3', {}],
  ['s3', 'squad', 'F6', {}],
  ['l0', 'leader', 'C3', {}],
  ['e1', 'squad', 'H8', {}],
].map(([id, kind, hex, extra]) => ({
  id,
  name: `Unit ${String(id)}`,
  owner: id === 'e1' ? 'allies' : 'axis',
  kind,
  hex,
  fp: 4,
  range: 4,
  movement: 4,
  morale: 7,
  ...(extra as object),
}));

describe('Combat Commander: the Initiative card [9] (only what the text states; its use stated)', () => {
  it('lies before its holder (the side not first, unless the scenario names one): never in a hand, never in a deck', () => {
    const h = game();
    expect(piece(h, INITIATIVE_CARD)).toMatchObject({
      zone: Z.initiative('allies'),
      owner: 'allies',
    });
    expect(h.state.rs.initiative).toBe('allies');
    // Hand sizes count Fate cards only: Attack 6, Defense 4; the decks hold their 72 cards.
    expect(hand(h, 'allies')).toHaveLength(4);
    expect(hand(h, 'axis')).toHaveLength(6);
    expect(deckSize(h, 'allies') + hand(h, 'allies').length).toBe(72);
    expect(combatCommanderRuleset.derive(h.state.table, h.state.rs)).toMatchObject({
      initiative: 'allies',
      hands: { allies: 4, axis: 6 },
    });
    const named = game({ setup: { initiative: 'axis' } });
    expect(piece(named, INITIATIVE_CARD).zone).toBe(Z.initiative('axis'));
  });

  it('refuses a setup naming no seat for it', () => {
    expect(
      decideCreateMatch({
        matchId: 'cc-create',
        ruleset: combatCommanderRuleset as never,
        organizer: 'org-1',
        commitment: commitmentOf(TEST_SEED),
        seats: SEATS,
        setup: { initiative: 'nobody' },
      }),
    ).toMatchObject({ kind: 'rule_violation', code: 'sides', ruleRef: RULES.initiativeCard });
  });

  it('is not a Fate card: it is never played for an Order or discarded, and a reshuffle leaves it', () => {
    const h = game({ axisCard: card({ trigger: 'time' }), setup: { initiative: 'axis' } });
    h.when('axis', 'order', { card: INITIATIVE_CARD, units: ['de-squad-1'] }).thenRejects(
      'not_in_hand',
      RULES.noCard,
    );
    h.when('axis', 'discard', { cards: [INITIATIVE_CARD] }).thenRejects('not_in_hand');
    const events = h.play('axis', 'roll', { purpose: 'other' });
    expect(types(events)).toContain('DeckShuffled');
    expect(piece(h, INITIATIVE_CARD).zone).toBe(Z.initiative('axis'));
    expect(deckSize(h, 'axis')).toBe(72 - hand(h, 'axis').length);
  });

  it('its use is stated under option initiativeOutcome and applies once the other player confirms: a roll made again, the card passed', () => {
    const h = game({ axisCard: card({ order: 'rout' }) });
    giveOrder(h, 'axis', ['de-squad-1']);
    const [first] = ofType(
      h.play('axis', 'roll', { purpose: 'rout', unit: 'su-squad-2' }),
      'FateRolled',
    );
    expect(first).toMatchObject({ roll: 'r1', seat: 'axis' });
    h.when('allies', 'state-outcome', {
      about: 'initiative',
      effects: [{ kind: 'initiative', seat: 'allies' }],
    }).thenRejects('holds_initiative', RULES.initiativeCard);
    h.when('allies', 'state-outcome', {
      about: 'initiative',
      effects: [{ kind: 'reroll', roll: 'r9' }],
    }).thenRejects('unknown_roll', RULES.initiativeCard);
    h.when('allies', 'state-outcome', {
      about: 'initiative',
      effects: [{ kind: 'break', piece: 'de-squad-1' }],
    }).thenRejects('wrong_rule', RULES.initiativeCard);
    h.when('allies', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'initiative', seat: 'axis' }],
    }).thenRejects('wrong_rule', RULES.initiativeCard);
    h.when('allies', 'state-outcome', {
      about: 'initiative',
      effects: [
        { kind: 'reroll', roll: 'r1' },
        { kind: 'initiative', seat: 'axis' },
      ],
      note: 'Initiative card: the Rout roll again',
    }).then([
      {
        type: 'OutcomeStated',
        data: { id: 'o1', seat: 'allies', about: 'initiative', ruleRef: RULES.initiativeCard },
      },
    ]);
    expect(piece(h, INITIATIVE_CARD).zone).toBe(Z.initiative('allies'));
    const confirmed = h.play('axis', 'confirm-outcome', { id: 'o1' });
    expect(types(confirmed)).toEqual([
      'OutcomeConfirmed',
      'CardsDrawn',
      'FateRolled',
      'RollApplied',
      'PiecesMoved',
      'InitiativePassed',
    ]);
    expect(ofType(confirmed, 'FateRolled')[0]).toMatchObject({
      roll: 'r2',
      seat: 'axis',
      purpose: 'rout',
      unit: 'su-squad-2',
      reroll: 'r1',
    });
    expect(ofType(confirmed, 'InitiativePassed')).toEqual([{ seat: 'axis', from: 'allies' }]);
    expect(piece(h, INITIATIVE_CARD)).toMatchObject({ zone: Z.initiative('axis') });
    expect(h.state.rs.initiative).toBe('axis');
  });

  it('option initiativeOutcome "as-stated": the use applies at once', () => {
    const h = game({ options: { initiativeOutcome: 'as-stated' } });
    const events = h.play('allies', 'state-outcome', {
      about: 'initiative',
      effects: [{ kind: 'initiative', seat: 'axis' }],
    });
    expect(types(events)).toEqual(['OutcomeStated', 'PiecesMoved', 'InitiativePassed']);
    expect(h.state.rs.initiative).toBe('axis');
  });
});

describe('Combat Commander: a Leader’s Command activates more units [3.3.1.1]', () => {
  const commandGame = (options: Record<string, unknown> = {}) =>
    game({ setup: { units: COMMAND_UNITS }, options });

  it('an Order activates one unit; more only through a Leader named for it, who is activated too', () => {
    const h = commandGame();
    const [c1, c2, c3] = hand(h, 'axis');
    h.when('axis', 'order', { card: c1, units: ['s1', 's2'] }).thenRejects(
      'needs_command',
      RULES.command,
    );
    h.when('axis', 'order', { card: c1, units: ['s1', 's2'], leader: 'l1' }).then([
      { type: 'CardsPlayed' },
      {
        type: 'OrderGiven',
        data: { units: ['s1', 's2'], leader: 'l1', command: 1, number: 1 },
      },
    ]);
    expect([...(h.state.rs.turn?.activated ?? [])].sort()).toEqual(['l1', 's1', 's2']);
    h.when('axis', 'order', { card: c2, units: ['s3'], leader: 'l1' }).thenRejects(
      'already_activated',
      RULES.activate,
    );
    h.when('axis', 'order', { card: c2, units: ['s3'], leader: 's3' }).thenRejects(
      'not_your_leader',
      RULES.command,
    );
    h.when('axis', 'order', { card: c2, units: ['s3'], leader: 'l0' }).thenRejects(
      'no_command',
      RULES.command,
    );
    h.play('axis', 'order', { card: c3, units: ['s3'] });
  });

  it('option commandReach: "stated" (default) takes the units as listed; "within-command" refuses one beyond the Command in hexes', () => {
    const stated = commandGame();
    const [c1] = hand(stated, 'axis');
    stated.play('axis', 'order', { card: c1, units: ['s1', 's3'], leader: 'l1' });
    const within = commandGame({ commandReach: 'within-command' });
    const [w1] = hand(within, 'axis');
    within
      .when('axis', 'order', { card: w1, units: ['s1', 's3'], leader: 'l1' })
      .thenRejects('beyond_command', RULES.command);
    within.play('axis', 'order', { card: w1, units: ['s1', 's2'], leader: 'l1' });
  });

  it('option orderActivation "as-listed": an Order activates the units listed, no Leader needed', () => {
    const h = commandGame({ orderActivation: 'as-listed' });
    const [c1] = hand(h, 'axis');
    h.play('axis', 'order', { card: c1, units: ['s1', 's2', 's3'] });
    expect(h.state.rs.turn?.activated).toEqual(['s1', 's2', 's3']);
  });

  it('Op Fire: more than one unit through a Leader’s Command; a Leader for any other Action is refused', () => {
    const h = game({ alliesCard: card({ action: 'Fire' }) });
    h.play('axis', 'order', { card: hand(h, 'axis')[0], units: ['de-squad-1'] });
    const [fire] = hand(h, 'allies');
    h.when('allies', 'action', { card: fire, pieces: ['su-squad-1', 'su-squad-2'] }).thenRejects(
      'needs_command',
      RULES.command,
    );
    h.when('allies', 'action', {
      card: fire,
      pieces: ['su-squad-1', 'su-squad-2'],
      leader: 'su-leader',
    }).then([
      { type: 'CardsPlayed' },
      { type: 'ActionPlayed', data: { opFire: true, leader: 'su-leader', command: 1 } },
    ]);
    const other = game({ alliesCard: card({ action: 'A30' }) });
    other
      .when('allies', 'action', { card: hand(other, 'allies')[0], leader: 'su-leader' })
      .thenRejects('not_op_fire', RULES.command);
  });
});
