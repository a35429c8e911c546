import { MatchHarness } from '@test/support/match-harness';
import { decideCreateMatch } from '../../match/match-decider';
import type { InvalidParams } from '../rule-violation';
import { isRejection } from '../rule-violation';
import { Z } from './cc-draft';
import { RULES } from './cc-rules-text';
import type { CcState } from './cc-state';
import { combatCommanderRuleset } from './combat-commander.ruleset';
import { SEATS, card, uniformDeck } from './cc.testkit';

const setup = {
  decks: [uniformDeck('germany'), uniformDeck('ussr', card({ order: 'fire', dice: [2, 5] }))],
};
const alliesCards = Array.from(
  { length: 72 },
  (_, i) => `allies-fate-${String(i + 1).padStart(2, '0')}`,
);

/** Turn 4, the Allies' Turn: a squad broken, the team eliminated, hands dealt, Time at 3. */
const position = {
  pieces: [
    { id: 'de-squad-2', zone: 'hex:E5' },
    { id: 'su-squad-2', zone: 'hex:F6', status: 'broken' },
    { id: 'su-team', zone: 'losses:allies', status: 'destroyed' },
    { id: 'axis-fate-01', zone: 'hand:axis' },
    { id: 'axis-fate-02', zone: 'hand:axis' },
    { id: 'allies-fate-72', zone: 'discard:allies' },
    { id: 'initiative-card', owner: 'axis', zone: 'initiative:axis' },
  ],
  decks: [{ deck: Z.deck('allies'), order: alliesCards.slice(0, 71).reverse() }],
  tracks: [{ id: 'time', value: 3 }],
  turn: { round: 4, phase: 'turn', active: ['allies'] },
};

function refused(given: unknown): InvalidParams {
  const decided = decideCreateMatch({
    matchId: 'm',
    ruleset: combatCommanderRuleset as never,
    organizer: 'o',
    commitment: '0'.repeat(64),
    seats: SEATS,
    setup,
    position: given,
  });
  if (!isRejection(decided) || decided.kind !== 'invalid_params')
    throw new Error('the position was not refused');
  return decided;
}

const started = () =>
  new MatchHarness<CcState>(combatCommanderRuleset).started(SEATS, { setup, position });

describe('a Combat Commander battle from a given position', () => {
  it('begins at the Allies’ Turn 4 with broken and eliminated units, hands, Time and the Initiative', () => {
    const { table, rs } = started().state;
    expect(table.pieces['su-squad-2']).toMatchObject({ zone: 'hex:F6', status: 'broken' });
    expect(table.pieces['su-team']).toMatchObject({ zone: 'losses:allies', status: 'destroyed' });
    expect(table.losses.allies?.map((l) => l.piece)).toEqual(['su-team']);
    expect(table.pieces['axis-fate-01'].zone).toBe('hand:axis');
    expect(table.tracks.time.value).toBe(3);
    expect(table.decks[Z.deck('allies')].order).toEqual(alliesCards.slice(0, 71).reverse());
    expect(table.turn).toMatchObject({ phase: 'turn', active: ['allies'] });
    expect(rs).toMatchObject({
      begun: true,
      turn: { seat: 'allies', number: 4 },
      initiative: 'axis',
      owedShuffles: [Z.deck('axis')],
    });
    // The Objective at E5 is held by the one side there.
    expect(rs.objectives.find((o) => o.hex === 'E5')?.controller).toBe('axis');
  });

  it('plays on: the Allies discard nothing, the Axis deck is shuffled first, and they draw the laid-out top', () => {
    const h = started();
    const events = h.play('allies', 'discard', { cards: [] });
    expect(events.find((e) => e.type === 'DeckShuffled')?.data).toMatchObject({
      deck: Z.deck('axis'),
    });
    expect(h.state.rs.owedShuffles).toEqual([]);
    const hand = Object.values(h.state.table.pieces).filter((p) => p.zone === 'hand:allies');
    // The defending side's hand size is 4: the top four cards the organizer laid out.
    expect(hand.map((p) => p.id).sort()).toEqual(alliesCards.slice(67, 71).sort());
    expect(h.state.rs.turn?.seat).toBe('axis');
  });

  it('refuses what the rules do not allow, with the rule', () => {
    const refusal = refused({
      pieces: [
        { id: 'de-squad-1', zone: 'hex:B2', status: 'tapped' },
        { id: 'de-squad-2', zone: 'hand:axis' },
        ...[1, 2, 3, 4, 5, 6, 7].map((n) => ({ id: `axis-fate-0${n}`, zone: 'hand:axis' })),
        { id: 'allies-fate-01', zone: 'hand:axis' },
      ],
      tracks: [{ id: 'time', value: -1 }],
      turn: { round: 2, active: ['axis', 'allies'] },
    });
    expect(refusal.errors.map((e) => [e.path, e.localized?.[0].ru, e.ruleRef ?? null])).toEqual([
      ['position.turn.active', 'Ход делает один игрок', RULES.turn],
      [
        'position.pieces.0.status',
        'Фишка «Стрелковое отделение 1» (de-squad-1) может быть только несломленной, сломленной или уничтоженной, а указано: «повёрнута»',
        RULES.breakLadder,
      ],
      [
        'position.pieces.1.zone',
        'Стрелковое отделение 2 (de-squad-2) не может лежать в зоне «Рука (Германия)»',
        null,
      ],
      [
        'position.pieces.9.zone',
        'Приказ «Огонь» / Действие «A25» (allies-fate-01) не может лежать в зоне «Рука (Германия)»',
        null,
      ],
      ['position.pieces', 'axis: на руке 8 карт, а размер руки — 6', RULES.handSize],
      ['position.tracks', 'Маркер Времени стоит на 0 или дальше', RULES.time],
    ]);
  });
});
