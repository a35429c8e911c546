import type { MatchHarness } from '@test/support/match-harness';
import { compassStep, compassWalk, DEFAULT_GRID, neighbours, normalizeHex } from '../cc-map';
import { RULES } from '../cc-rules-text';
import type { CcState } from '../cc-state';
import {
  card,
  deckSize,
  fireSetup,
  game,
  giveOrder,
  hand,
  ofType,
  piece,
  types,
} from '../cc.testkit';

/** Reveals Random Hexes until the seat's deck holds `left` cards. */
function runDown(h: MatchHarness<CcState>, seat: string, left: number): void {
  while (deckSize(h, seat) > left) h.play(seat, 'random-hex', { purpose: 'event' });
}

describe('Combat Commander: rolls are Fate cards (T6)', () => {
  it('T6: faces 3 and 4 read 7 as a sum and 12 as a Targeting product', () => {
    const h = game({ axisCard: card({ order: 'fire' }), setup: fireSetup() });
    giveOrder(h, 'axis', ['a2']);
    const [sum] = ofType(h.play('axis', 'roll', { purpose: 'other' }), 'FateRolled');
    expect(sum).toMatchObject({ dice: [3, 4], value: 7, combine: 'sum' });
    const [product] = ofType(
      h.play('axis', 'roll', { purpose: 'targeting', weapons: ['mortar'], target: 'b1' }),
      'FateRolled',
    );
    expect(product).toMatchObject({ dice: [3, 4], value: 12, combine: 'product' });
  });

  it('a roll reveals the top card of the roller’s deck face up onto the discard pile', () => {
    const h = game();
    const events = h.play('allies', 'roll', { purpose: 'other' });
    const drawn = events.find((e) => e.type === 'CardsDrawn');
    expect(drawn?.meta.visibility).toBe('public');
    expect(drawn?.data).toMatchObject({ deck: 'fate:allies', to: 'discard:allies', count: 1 });
    expect(types(events)).toEqual(['CardsDrawn', 'FateRolled', 'RollApplied']);
  });

  it('option rollDeck "active": the roll reveals the active player’s deck', () => {
    const h = game({ options: { rollDeck: 'active' } });
    const events = h.play('allies', 'roll', { purpose: 'other' });
    expect(events.find((e) => e.type === 'CardsDrawn')?.data).toMatchObject({ deck: 'fate:axis' });
  });
});

describe('Combat Commander: triggers (T1, T3, T7–T9, T15)', () => {
  it('T1: a Rout roll of 7 with Event! — the Event first (Medic recovers the unit), then the unit still routs, unbroken', () => {
    const h = game({
      axisCard: card({ order: 'rout', dice: [3, 4], trigger: 'event', event: 'Санитар' }),
    });
    giveOrder(h, 'axis', ['de-squad-1']);
    // The Soviet squad in F6 is broken (Morale 7, broken side 5).
    h.play('axis', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'break', piece: 'su-squad-2' }],
    });
    h.play('allies', 'confirm-outcome', { id: 'o1' });
    expect(piece(h, 'su-squad-2').status).toBe('broken');

    const roll = h.play('axis', 'roll', { purpose: 'rout', unit: 'su-squad-2' });
    expect(types(roll)).toEqual([
      'CardsDrawn',
      'FateRolled',
      'TriggerFired',
      'CardsDrawn',
      'EventRevealed',
    ]);
    expect(ofType(roll, 'FateRolled')[0]).toMatchObject({
      purpose: 'rout',
      value: 7,
      trigger: 'event',
    });
    expect(ofType(roll, 'TriggerFired')[0]).toMatchObject({ trigger: 'event', value: 7 });
    expect(ofType(roll, 'EventRevealed')[0]).toMatchObject({ event: 'Санитар', reader: 'axis' });
    // The result is remembered, not applied: the normal flow waits.
    expect(h.state.rs.pending).toMatchObject({ value: 7, trigger: 'event' });
    h.when('axis', 'end-turn').thenRejects('trigger_pending', RULES.suspend);
    h.when('allies', 'state-outcome', { about: 'event', effects: [] }).thenRejects(
      'not_the_reader',
      RULES.eventChoices,
    );

    // The Medic recovers that very unit: the Event is stated by its reader, confirmed by the other.
    h.play('axis', 'state-outcome', {
      about: 'event',
      effects: [{ kind: 'recover', piece: 'su-squad-2' }],
    });
    h.when('allies', 'confirm-outcome', { id: 'o2' }).then([
      { type: 'OutcomeConfirmed' },
      { type: 'PieceChanged', data: { piece: 'su-squad-2', status: 'active' } },
      { type: 'TriggerResolved', data: { trigger: 'event' } },
      { type: 'RollApplied', data: { value: 7, purpose: 'rout' } },
    ]);
    // Then the remembered 7 applies: the unit routs one hex, though no longer broken.
    h.play('axis', 'state-outcome', {
      about: 'morale',
      effects: [{ kind: 'move', piece: 'su-squad-2', direction: 1 }],
    });
    h.play('allies', 'confirm-outcome', { id: 'o3' });
    expect(piece(h, 'su-squad-2')).toMatchObject({ zone: 'hex:F5', status: 'active' });
  });

  it('T3: Jammed! on a Fire roll breaks every Weapon that fired, and the attack still resolves', () => {
    const h = game({
      axisCard: card({ trigger: 'jammed', order: 'fire' }),
      setup: {
        units: [
          {
            id: 'a1',
            name: 'Squad',
            owner: 'axis',
            kind: 'squad',
            hex: 'B2',
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
            hex: 'G7',
            fp: 4,
            range: 4,
            movement: 4,
            morale: 7,
          },
        ],
        weapons: [
          { id: 'mg1', name: 'MG 34', owner: 'axis', unit: 'a1', fp: 4, range: 12 },
          { id: 'mg2', name: 'MG 42', owner: 'axis', unit: 'a1', fp: 5, range: 16 },
        ],
        radios: [{ id: 'radio', name: 'Funk', owner: 'axis' }],
      },
    });
    giveOrder(h, 'axis', ['a1']);
    h.when('axis', 'roll', { purpose: 'fire', weapons: ['mg1', 'mg2'], target: 'b1' }).then([
      { type: 'CardsDrawn' },
      { type: 'FateRolled', data: { trigger: 'jammed', value: 7 } },
      { type: 'TriggerFired', data: { trigger: 'jammed' } },
      { type: 'PieceChanged', data: { piece: 'mg1', status: 'broken' } },
      { type: 'PieceBroken', data: { piece: 'mg1', cause: 'jammed' } },
      { type: 'PieceChanged', data: { piece: 'mg2', status: 'broken' } },
      { type: 'PieceBroken', data: { piece: 'mg2', cause: 'jammed' } },
      { type: 'TriggerResolved' },
      { type: 'RollApplied', data: { value: 7, purpose: 'fire' } },
    ]);
    expect(piece(h, 'radio').status).toBe('active');
    // A broken Weapon cannot fire again.
    h.when('axis', 'roll', { purpose: 'fire', weapons: ['mg1'], target: 'b1' }).thenRejects(
      'broken',
      RULES.brokenUnusable,
    );
  });

  it('T7: Jammed! on a Targeting roll (or any other) does nothing', () => {
    const h = game({ axisCard: card({ trigger: 'jammed', order: 'fire' }), setup: fireSetup() });
    giveOrder(h, 'axis', ['a2']);
    const events = h.play('axis', 'roll', {
      purpose: 'targeting',
      weapons: ['mortar'],
      target: 'b1',
    });
    expect(types(events)).toEqual(['CardsDrawn', 'FateRolled', 'RollApplied']);
    expect(ofType(events, 'FateRolled')[0]).toMatchObject({
      ignored: 'not-a-fire-roll',
      value: 12,
    });
    expect(piece(h, 'mortar').status).toBe('active');
    h.when('axis', 'roll', { purpose: 'other', weapons: ['mortar'] }).thenRejects(
      'not_fire',
      RULES.jammed,
    );
  });

  it('T8: a roll made inside a trigger ignores its own trigger (a Melee roll during an Event)', () => {
    const h = game({ axisCard: card({ trigger: 'event', event: 'Проникновение' }) });
    h.play('axis', 'roll', { purpose: 'other' });
    const inner = h.play('axis', 'roll', { purpose: 'melee', hex: 'B2' });
    expect(types(inner)).toEqual(['CardsDrawn', 'FateRolled']);
    expect(ofType(inner, 'FateRolled')[0]).toMatchObject({
      trigger: 'event',
      ignored: 'inside-trigger',
    });
    expect(h.state.rs.pending).toMatchObject({ trigger: 'event', roll: 'r1' });
  });

  it('T8: the Sudden Death roll inside Time! sets off nothing', () => {
    const h = game({
      axisCard: card({ trigger: 'time' }),
      setup: { time: { start: 0, suddenDeath: 1 } },
    });
    const events = h.play('axis', 'roll', { purpose: 'other' });
    const rolls = ofType(events, 'FateRolled');
    expect(rolls.map((r) => [r.purpose, r.ignored])).toEqual([
      ['other', undefined],
      ['sudden-death', 'inside-trigger'],
    ]);
    // No second Time advance from the Sudden Death roll's own Time!: only the first.
    expect(ofType(events, 'TimeAdvanced')).toHaveLength(1);
    expect(types(events).slice(-1)).toEqual(['SuddenDeathRolled']);
    expect(h.state.table.tracks.time.value).toBe(1);
  });

  it('Time!: the Time track advances and the deck is reshuffled with its discard (a provable shuffle)', () => {
    const h = game({ axisCard: card({ trigger: 'time' }) });
    h.play('axis', 'order', { card: hand(h, 'axis')[0], units: ['de-squad-1'] });
    const events = h.play('axis', 'roll', { purpose: 'other' });
    expect(types(events)).toEqual([
      'CardsDrawn',
      'FateRolled',
      'TriggerFired',
      'TrackChanged',
      'TimeAdvanced',
      'PiecesMoved',
      'DeckShuffled',
      'TriggerResolved',
      'RollApplied',
    ]);
    expect(ofType(events, 'DeckShuffled')[0]).toMatchObject({ deck: 'fate:axis', count: 67 });
    expect(deckSize(h, 'allies')).toBe(68);
  });

  it('option reshuffleDecks "both": a Time advance reshuffles both decks, the inactive player’s first (T14)', () => {
    const h = game({ axisCard: card({ trigger: 'time' }), options: { reshuffleDecks: 'both' } });
    const events = h.play('axis', 'roll', { purpose: 'other' });
    expect(ofType(events, 'DeckShuffled').map((d) => d.deck)).toEqual(['fate:allies', 'fate:axis']);
    expect(ofType(events, 'TimeAdvanced')[0]).toMatchObject({
      decks: ['fate:allies', 'fate:axis'],
    });
  });

  it('T9: Sniper! on the last card of the deck is resolved after the Time advance', () => {
    const h = game({ axisCard: card({ trigger: 'sniper', hex: 'G7' }) });
    runDown(h, 'axis', 1);
    const events = h.play('axis', 'roll', { purpose: 'other' });
    expect(types(events)).toEqual([
      'CardsDrawn',
      'FateRolled',
      'TrackChanged',
      'TimeAdvanced',
      'PiecesMoved',
      'DeckShuffled',
      'TriggerFired',
      'CardsDrawn',
      'SniperHexRevealed',
    ]);
    expect(ofType(events, 'FateRolled')[0]).toMatchObject({ lastCard: true, trigger: 'sniper' });
    expect(ofType(events, 'TriggerFired')[0]).toMatchObject({ afterTimeAdvance: true });
    expect(ofType(events, 'TimeAdvanced')[0]).toMatchObject({ time: 1, cause: 'last-card' });
  });

  it('T9: Time! on the last card is one advance (default) or two (option lastCardTime)', () => {
    for (const [lastCardTime, advances] of [
      ['one', 1],
      ['two', 2],
    ] as const) {
      const h = game({ axisCard: card({ trigger: 'time' }), options: { lastCardTime } });
      runDown(h, 'axis', 1);
      const events = h.play('axis', 'roll', { purpose: 'other' });
      expect(ofType(events, 'TimeAdvanced')).toHaveLength(advances);
      expect(h.state.table.tracks.time.value).toBe(advances);
    }
  });

  it('the last card without a trigger brings a Time advance; option deckExhausted "reshuffle-only" only reshuffles', () => {
    const a = game();
    runDown(a, 'axis', 1);
    expect(ofType(a.play('axis', 'roll', { purpose: 'other' }), 'TimeAdvanced')).toHaveLength(1);
    const b = game({ options: { deckExhausted: 'reshuffle-only' } });
    runDown(b, 'axis', 1);
    const events = b.play('axis', 'roll', { purpose: 'other' });
    expect(types(events)).toEqual([
      'CardsDrawn',
      'FateRolled',
      'PiecesMoved',
      'DeckShuffled',
      'RollApplied',
    ]);
    expect(b.state.table.tracks.time.value).toBe(0);
  });

  it('T15: Sniper! reveals a Random Hex; the roller may break a unit there or adjacent, or decline', () => {
    const h = game({ axisCard: card({ trigger: 'sniper', hex: 'G7' }) });
    const events = h.play('axis', 'roll', { purpose: 'other' });
    expect(ofType(events, 'SniperHexRevealed')[0]).toMatchObject({ hex: 'G7' });
    h.when('allies', 'sniper', {}).thenRejects('not_the_roller', RULES.sniper);
    h.when('axis', 'sniper', { unit: 'de-squad-1' }).thenRejects('out_of_reach', RULES.sniper);
    h.when('axis', 'sniper', {}).then([
      { type: 'SniperResolved', data: { hex: 'G7' } },
      { type: 'TriggerResolved' },
      { type: 'RollApplied', data: { value: 7 } },
    ]);
    // The next Sniper! breaks a unit adjacent to G7 (its own side’s too: the text does not say enemy).
    h.play('axis', 'roll', { purpose: 'other' });
    h.when('axis', 'sniper', { unit: 'su-squad-2' }).then([
      { type: 'SniperResolved', data: { unit: 'su-squad-2' } },
      { type: 'PieceChanged', data: { piece: 'su-squad-2', status: 'broken' } },
      { type: 'PieceBroken' },
      { type: 'TriggerResolved' },
      { type: 'RollApplied' },
    ]);
  });
});

describe('Combat Commander: the break ladder, Cover, boxed FP, compass (T10–T13)', () => {
  it('T10: a piece that must break breaks; broken, it is eliminated (units, Weapons, Radios)', () => {
    const h = game();
    for (const id of ['su-squad-1', 'de-mg', 'de-radio']) {
      h.play('axis', 'state-outcome', { about: 'fire', effects: [{ kind: 'break', piece: id }] });
      h.play('allies', 'confirm-outcome', { id: `o${h.state.rs.outcomes.next - 1}` });
      expect(piece(h, id).status).toBe('broken');
      h.play('axis', 'state-outcome', { about: 'fire', effects: [{ kind: 'break', piece: id }] });
      h.play('allies', 'confirm-outcome', { id: `o${h.state.rs.outcomes.next - 1}` });
      expect(piece(h, id).status).toBe('destroyed');
    }
    expect(h.state.table.losses.allies.map((l) => l.piece)).toEqual(['su-squad-1']);
  });

  it('T11: only the best Cover of the hex is added to Morale (broken side when broken)', () => {
    const h = game({ axisCard: card({ order: 'recover' }) });
    giveOrder(h, 'axis', ['de-squad-1']);
    const [roll] = ofType(
      h.play('axis', 'roll', { purpose: 'recover', unit: 'su-squad-2' }),
      'FateRolled',
    );
    expect(roll.morale).toEqual({ base: 7, cover: 3, total: 10 });
    h.play('axis', 'state-outcome', {
      about: 'fire',
      effects: [{ kind: 'break', piece: 'su-squad-2' }],
    });
    h.play('allies', 'confirm-outcome', { id: 'o1' });
    const [broken] = ofType(
      h.play('axis', 'roll', { purpose: 'recover', unit: 'su-squad-2' }),
      'FateRolled',
    );
    expect(broken.morale).toEqual({ base: 5, cover: 3, total: 8 });
  });

  it('T12: Melee strength is the FP there, +1 per boxed FP, plus the roll', () => {
    const h = game({ axisCard: card({ order: 'advance' }) });
    giveOrder(h, 'axis', ['de-squad-1']);
    const [roll] = ofType(h.play('axis', 'roll', { purpose: 'melee', hex: 'B2' }), 'FateRolled');
    expect(roll.melee).toEqual({ hex: 'B2', fp: 6, boxed: 1, strength: 14 });
  });

  it('T13: compass 1 up, 4 down, 2 and 3 right, 5 and 6 left; Cyrillic hex letters read as Latin', () => {
    const g = DEFAULT_GRID;
    expect([1, 2, 3, 4, 5, 6].map((d) => compassStep('E5', d as 1, g))).toEqual([
      'E4',
      'F4',
      'F5',
      'E6',
      'D5',
      'D4',
    ]);
    expect([1, 2, 3, 4, 5, 6].map((d) => compassStep('F5', d as 1, g))).toEqual([
      'F4',
      'G5',
      'G6',
      'F6',
      'E6',
      'E5',
    ]);
    expect(compassWalk('E5', 4, 3, g)).toBe('E8');
    expect(compassStep('A1', 1, g)).toBeUndefined();
    expect(neighbours('A1', g).sort()).toEqual(['A2', 'B1']);
    expect(normalizeHex('с7')).toBe('C7');
  });

  it('a stated move by compass direction, off the map refused', () => {
    const h = game();
    h.when('axis', 'state-outcome', {
      about: 'move',
      effects: [{ kind: 'move', piece: 'de-squad-2', direction: 1, distance: 9 }],
    }).thenRejects('off_map', RULES.compass);
    h.play('axis', 'state-outcome', {
      about: 'move',
      effects: [{ kind: 'move', piece: 'de-squad-2', direction: 3, distance: 2 }],
    });
    h.play('allies', 'confirm-outcome', { id: 'o1' });
    expect(piece(h, 'de-squad-2').zone).toBe('hex:E4');
  });
});
