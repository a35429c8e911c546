import { legalDecisionKinds } from '../../../match/legal-decisions';
import { undoVerdict } from '../../../match/undo-decider';
import { RULES } from '../cc-rules-text';
import { combatCommanderRuleset } from '../combat-commander.ruleset';
import { card, game, hand, ofType, piece, types } from '../cc.testkit';

const TWO_HEX_UNITS = [
  {
    id: 'a1',
    name: 'Squad',
    owner: 'axis',
    kind: 'squad',
    hex: 'C3',
    fp: 5,
    range: 5,
    movement: 4,
    morale: 8,
  },
  {
    id: 'b1',
    name: 'Отделение',
    owner: 'allies',
    kind: 'squad',
    hex: 'C3',
    fp: 4,
    range: 4,
    movement: 4,
    morale: 7,
    boxedFp: true,
  },
  {
    id: 'b2',
    name: 'Команда',
    owner: 'allies',
    kind: 'team',
    hex: 'H8',
    fp: 2,
    range: 3,
    movement: 5,
    morale: 7,
  },
];

describe('Combat Commander: outcomes the excerpt lacks, stated and confirmed', () => {
  it('records a statement under the rule it lacks; the other player confirms it, not the stater', () => {
    const h = game();
    h.when('axis', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'break', piece: 'su-squad-1' }],
      note: 'FP 5 + 7 against Morale 7 + Cover 2 + 4',
    }).then([
      {
        type: 'OutcomeStated',
        data: { id: 'o1', seat: 'axis', about: 'fire', ruleRef: RULES.firepower },
      },
    ]);
    expect(piece(h, 'su-squad-1').status).toBe('active');
    h.when('axis', 'confirm-outcome', { id: 'o1' }).thenRejects('own_outcome', RULES.firepower);
    h.when('allies', 'reject-outcome', { id: 'o1' }).then([
      { type: 'OutcomeRejected', data: { id: 'o1', by: 'allies' } },
    ]);
    h.when('allies', 'confirm-outcome', { id: 'o1' }).thenRejects('no_outcome');
    expect(piece(h, 'su-squad-1').status).toBe('active');
  });

  it('option "as-stated": the statement applies at once', () => {
    const h = game({ options: { fireOutcome: 'as-stated' } });
    h.when('axis', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'break', piece: 'su-squad-1' }],
    }).then([
      { type: 'OutcomeStated', data: { applied: true } },
      { type: 'PieceChanged', data: { piece: 'su-squad-1', status: 'broken' } },
      { type: 'PieceBroken' },
    ]);
    expect(h.state.rs.outcomes.pending).toEqual({});
  });

  it('T2: "choose one eliminated unit" is any side’s unit: an Event returns the enemy’s', () => {
    const h = game({
      axisCard: card({ trigger: 'event', event: 'E76 Ходячие раненые' }),
      options: { fireOutcome: 'as-stated' },
    });
    h.play('allies', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'eliminate', piece: 'de-squad-2' }],
    });
    expect(piece(h, 'de-squad-2').status).toBe('destroyed');
    h.play('allies', 'roll', { purpose: 'other' }); // the Soviet deck: no trigger
    h.play('axis', 'roll', { purpose: 'other' }); // Event!: «Ходячие раненые», read by axis
    h.when('axis', 'state-outcome', {
      about: 'event',
      effects: [{ kind: 'return', piece: 'su-squad-1', to: 'G7' }],
    }).thenRejects('not_eliminated');
    // T4: the Event's statement cites the Golden rule: the card wins over the rules.
    h.when('axis', 'state-outcome', {
      about: 'event',
      effects: [{ kind: 'return', piece: 'de-squad-2', to: 'с3' }],
    }).then([
      {
        type: 'OutcomeStated',
        data: {
          about: 'event',
          ruleRef: `${RULES.event} / ${RULES.golden}`,
          effects: [{ kind: 'return', piece: 'de-squad-2', to: 'C3' }],
        },
      },
    ]);
    h.play('allies', 'confirm-outcome', { id: 'o2' });
    expect(piece(h, 'de-squad-2')).toMatchObject({ zone: 'hex:C3', status: 'active' });
    expect(h.state.rs.pending).toBeUndefined();
  });

  it('T14: both roll for a melee — the active player is refused until the inactive one has rolled', () => {
    const h = game({ setup: { units: TWO_HEX_UNITS } });
    h.when('axis', 'roll', { purpose: 'melee', hex: 'C3' }).thenRejects(
      'inactive_first',
      RULES.inactiveFirst,
    );
    const [theirs] = ofType(
      h.play('allies', 'roll', { purpose: 'melee', hex: 'C3' }),
      'FateRolled',
    );
    expect(theirs.melee).toEqual({ hex: 'C3', fp: 4, boxed: 1, strength: 12 });
    const [ours] = ofType(h.play('axis', 'roll', { purpose: 'melee', hex: 'C3' }), 'FateRolled');
    expect(ours.melee).toEqual({ hex: 'C3', fp: 5, boxed: 0, strength: 12 });
  });

  it('T14: a melee inside a trigger (an Event’s Infiltration) too: the inactive player rolls first', () => {
    const h = game({
      setup: { units: TWO_HEX_UNITS },
      axisCard: card({ trigger: 'event', event: 'E62 Проникновение' }),
    });
    h.play('axis', 'roll', { purpose: 'other' });
    expect(h.state.rs.pending).toMatchObject({ trigger: 'event', event: 'E62 Проникновение' });
    h.when('axis', 'roll', { purpose: 'melee', hex: 'C3' }).thenRejects(
      'inactive_first',
      RULES.inactiveFirst,
    );
    const [theirs] = ofType(
      h.play('allies', 'roll', { purpose: 'melee', hex: 'C3' }),
      'FateRolled',
    );
    expect(theirs).toMatchObject({ seat: 'allies', melee: { hex: 'C3' } });
    const [ours] = ofType(h.play('axis', 'roll', { purpose: 'melee', hex: 'C3' }), 'FateRolled');
    // Made inside the Event!, the axis Melee roll ignores the Event! printed on its card.
    expect(ours).toMatchObject({ seat: 'axis', trigger: 'event', ignored: 'inside-trigger' });
  });

  it('T4: the Event «Допрос» [E61] overrides card knowledge [1.2] (the Golden rule): the reader sees the other hand', () => {
    const h = game({ axisCard: card({ trigger: 'event', event: 'E61 Допрос' }) });
    // Without the Event, hands stay hidden [1.2].
    h.when('axis', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'show-hand', seat: 'allies' }],
    }).thenRejects('hands_hidden', RULES.knowledge);
    const rolled = h.play('axis', 'roll', { purpose: 'other' });
    expect(ofType(rolled, 'EventRevealed')[0]).toMatchObject({
      event: 'E61 Допрос',
      reader: 'axis',
    });
    h.when('axis', 'state-outcome', {
      about: 'event',
      effects: [{ kind: 'show-hand', seat: 'axis' }],
    }).thenRejects('own_hand', RULES.knowledge);
    h.when('axis', 'state-outcome', {
      about: 'event',
      effects: [{ kind: 'show-hand', seat: 'allies' }],
      note: 'Допрос: the reader looks at the opponent’s hand',
    }).then([
      {
        type: 'OutcomeStated',
        data: { about: 'event', ruleRef: `${RULES.event} / ${RULES.golden}` },
      },
    ]);
    const theirHand = hand(h, 'allies');
    const confirmed = h.play('allies', 'confirm-outcome', { id: 'o1' });
    const shown = confirmed.find((e) => e.type === 'HandShown');
    // The card wins over 1.2: the allied hand, card by card, to the reader only (and judges).
    expect(shown?.meta.visibility).toBe('seat:axis');
    expect(shown?.data).toMatchObject({ seat: 'allies', to: 'axis', count: theirHand.length });
    expect(
      (shown?.data as { secret: { cards: { id: string }[] } }).secret.cards.map((c) => c.id),
    ).toEqual(theirHand);
    expect(types(confirmed).slice(-2)).toEqual(['TriggerResolved', 'RollApplied']);
    // A hand once seen cannot be unseen: no undo back over it.
    expect(
      undoVerdict(combatCommanderRuleset, h.state, 'allies', h.state.startedSeq!, [shown!]),
    ).toMatchObject({ code: 'undo_blocked', ruleRef: RULES.knowledge, blockingSeq: shown!.seq });
  });

  it('tracks Objectives (the side last alone there), exits and eliminations; VP and the end are stated', () => {
    const h = game({
      setup: {
        units: TWO_HEX_UNITS,
        objectives: [
          { number: 1, hex: 'C3', vp: 2 },
          { number: 2, hex: 'H8', vp: 1 },
        ],
      },
      options: { moveOutcome: 'as-stated', fireOutcome: 'as-stated' },
    });
    expect(h.state.rs.objectives.map((o) => o.controller)).toEqual([undefined, 'allies']);
    h.when('allies', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'eliminate', piece: 'a1' }],
    }).then([
      { type: 'OutcomeStated' },
      { type: 'PiecesDestroyed' },
      { type: 'PieceBroken', data: { eliminated: true } },
      { type: 'ObjectiveControlled', data: { number: 1, seat: 'allies' } },
    ]);
    h.play('allies', 'state-outcome', { about: 'move', effects: [{ kind: 'exit', piece: 'b2' }] });
    // H8 empty: its Objective stays with the side that last solely controlled it.
    expect(h.state.rs.objectives.map((o) => o.controller)).toEqual(['allies', 'allies']);
    const derived = combatCommanderRuleset.derive(h.state.table, h.state.rs);
    expect(derived).toMatchObject({
      objectiveVp: { allies: 3, axis: 0 },
      eliminated: { axis: 1, allies: 0 },
      exited: { allies: 1 },
    });
    h.when('axis', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'vp', seat: 'allies', amount: 3 }],
    }).thenRejects('wrong_rule', RULES.victory);
    h.play('allies', 'state-outcome', {
      about: 'victory',
      effects: [{ kind: 'vp', seat: 'allies', amount: 4 }],
    });
    h.play('axis', 'confirm-outcome', { id: 'o3' });
    expect(h.state.table.tracks['vp:allies'].value).toBe(4);
    h.play('axis', 'state-outcome', {
      about: 'victory',
      effects: [{ kind: 'end', seat: 'allies' }],
      note: 'Sudden Death',
    });
    h.when('allies', 'confirm-outcome', { id: 'o4' }).then([
      { type: 'OutcomeConfirmed' },
      { type: 'MatchFinished', data: { winners: ['allies'], ruleRef: RULES.victory } },
      { type: 'RngRevealed' },
    ]);
    expect(h.state.status).toBe('finished');
  });

  it('offers what it would accept: begin first, then the Turn; a Sniper choice only to its roller', () => {
    const h = game({ begin: false, axisCard: card({ trigger: 'sniper', hex: 'G7' }) });
    const offered = (seat: string) =>
      legalDecisionKinds(combatCommanderRuleset, h.state, seat).map((d) => d.kind);
    expect(offered('axis')).toEqual(['begin', 'concede']);
    h.play('allies', 'begin');
    expect(offered('axis')).toEqual(
      expect.arrayContaining(['order', 'action', 'discard', 'roll', 'random-hex', 'state-outcome']),
    );
    expect(offered('axis')).not.toContain('end-turn');
    expect(offered('allies')).not.toContain('order');
    h.play('axis', 'roll', { purpose: 'other' });
    expect(offered('axis')).toContain('sniper');
    expect(offered('allies')).not.toContain('sniper');
    expect(offered('axis')).not.toContain('order');
    expect(types(h.play('axis', 'sniper', {}))).toContain('RollApplied');
  });
});
