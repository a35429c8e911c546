import { foldMatch } from '@domain/match/evolve-match';
import { redactEvent, viewTable, type Viewer } from '@domain/match/match-view';
import { freeformRuleset } from '@domain/rulesets/freeform/freeform.ruleset';
import { MatchHarness } from '@test/support/match-harness';
import { emptyTable } from '@domain/table/table';
import { applyEvent, ReplayEngine, type ClientTable, type ViewEvent } from './replay-engine';

/**
 * The viewer folds events in the browser with the domain's evolveTable; here its table at
 * every seq must equal what the server computes for the same viewer (foldMatch + viewTable),
 * whether the viewer sees everything or must take anchors for what is hidden from it.
 */

function playedMatch(finish: boolean): MatchHarness {
  const h = new MatchHarness(freeformRuleset, 'engine-match');
  h.started([{ seat: 'red' }, { seat: 'blue' }], {
    public: true,
    spectatorDelay: 0,
    setup: {
      zones: [
        { id: 'a', kind: 'sector' },
        { id: 'b', kind: 'sector' },
        { id: 'deck', kind: 'deck', visibility: 'nobody' },
        { id: 'pile', kind: 'discard' },
      ],
      pieces: [
        { id: 'r1', type: 'Tank', owner: 'red', zone: 'a', attrs: { cost: 3 } },
        { id: 'r2', type: 'Tank', owner: 'red', zone: 'a', attrs: { cost: 3 } },
        { id: 'b1', type: 'Tank', owner: 'blue', zone: 'b', attrs: { cost: 4 } },
        ...[1, 2, 3, 4, 5, 6].map((i) => ({ id: `c${i}`, type: `Card ${i}`, zone: 'deck' })),
      ],
    },
  } as never);
  h.play('red', 'shuffle', { deck: 'deck' });
  h.play('red', 'form-fleet', { pieces: ['r1', 'r2'], fleet: 'f1' });
  h.play('red', 'move', { fleet: 'f1', to: 'b' });
  h.play('red', 'draw', { deck: 'deck', count: 2 });
  h.play('blue', 'draw', { deck: 'deck', count: 2 });
  h.play('blue', 'roll', { dice: '2d6', purpose: 'combat' });
  h.play('blue', 'destroy', { pieces: ['r1'], cause: 'combat' });
  h.play('red', 'change-piece', { piece: 'b1', status: 'damaged' });
  const blueCard = Object.values(h.state.table.pieces).find((p) => p.zone === 'hand:blue');
  h.play('blue', 'play', { pieces: [blueCard!.id], to: 'pile' });
  h.play('red', 'capture', { pieces: ['b1'], to: 'a' });
  h.play('blue', 'restore', { pieces: ['r1'], to: 'a' });
  h.play('red', 'change-track', { track: 'vp', owner: 'red', delta: 3 });
  h.play('red', 'disband-fleet', { fleet: 'f1' });
  if (finish) h.play('blue', 'concede');
  return h;
}

/** The table as the client shows it, in the shape the server's view has. */
function shown(ct: ClientTable): unknown {
  const { table, hidden } = ct;
  const zones = Object.fromEntries(
    Object.values(table.zones).map((z) => [
      z.id,
      hidden[z.id] ? { ...z, hiddenCount: hidden[z.id] } : z,
    ]),
  );
  const decks = Object.fromEntries(
    Object.values(table.decks).map((d) => [
      d.id,
      ct.deckCounts
        ? { id: d.id, count: ct.deckCounts[d.id] ?? d.order.length }
        : { id: d.id, count: d.order.length, order: d.order },
    ]),
  );
  return { ...table, zones, decks };
}

function serverView(h: MatchHarness, seq: number, viewer: Viewer, everything: boolean): unknown {
  const state = foldMatch(freeformRuleset, h.matchId, h.events.slice(0, seq + 1));
  return JSON.parse(JSON.stringify(viewTable(state.table, viewer, everything)));
}

describe('ReplayEngine', () => {
  it('folds every seq like the server when the viewer sees everything (a finished match)', () => {
    const h = playedMatch(true);
    const engine = new ReplayEngine(h.events, { everything: true });
    const order = [...h.events.keys(), ...[...h.events.keys()].reverse(), 3, 17, 9, 30, 0];
    for (const seq of order) {
      const at = engine.at(seq);
      expect(at.need).toBeUndefined();
      expect(JSON.parse(JSON.stringify(shown(at.table!)))).toEqual(
        serverView(h, seq, { kind: 'judge' }, true),
      );
    }
  });

  it.each([
    ['the public', { kind: 'public' } as Viewer, undefined],
    ['seat red', { kind: 'seat', seat: 'red' } as Viewer, 'red'],
  ])(
    'asks for anchors where %s cannot fold, and then matches the server',
    (_name, viewer, seat) => {
      const h = playedMatch(false);
      const events = h.events.map((e) => redactEvent(e, viewer, false));
      const engine = new ReplayEngine(events, { everything: false, ...(seat ? { seat } : {}) });
      const anchors: number[] = [];
      const order = [...events.keys(), ...[...events.keys()].reverse()];
      for (const seq of order) {
        let at = engine.at(seq);
        while (at.need !== undefined) {
          anchors.push(at.need);
          engine.addAnchor(at.need, serverView(h, at.need, viewer, false) as never);
          at = engine.at(seq);
        }
        expect({ seq, table: JSON.parse(JSON.stringify(shown(at.table))) }).toEqual({
          seq,
          table: serverView(h, seq, viewer, false),
        });
      }
      // Only what is hidden needed the server: the setup into hidden zones, the shuffle, the draws, the card played from a hand.
      expect(anchors.length).toBeGreaterThan(0);
      expect(anchors.length).toBeLessThan(10);
    },
  );

  it('finds ahead every anchor a viewer will need, without touching the table on screen', () => {
    const h = playedMatch(false);
    const viewer: Viewer = { kind: 'seat', seat: 'blue' };
    const engine = new ReplayEngine(
      h.events.map((e) => redactEvent(e, viewer, false)),
      { everything: false, seat: 'blue' },
    );
    const before = engine.at(2);
    const onScreen = JSON.stringify(before.table);
    for (let need = engine.nextNeed(0); need !== undefined; need = engine.nextNeed(need))
      engine.addAnchor(need, serverView(h, need, viewer, false) as never);
    expect(JSON.stringify(before.table)).toBe(onScreen);
    for (const seq of h.events.keys()) expect(engine.at(seq).need).toBeUndefined();
  });
});

describe('applyEvent for a card roll', () => {
  it('names the roll event’s seq in the last roll, not the draw that revealed its card', () => {
    const table = emptyTable();
    table.lastRoll = {
      seq: 182,
      purpose: 'defence',
      sides: [6, 6],
      faces: [2, 3],
      source: 'card',
      card: 'axis-fate-45',
    };
    applyEvent(table, {
      seq: 183,
      type: 'FateRolled',
      data: { card: 'axis-fate-45' },
    } as ViewEvent);
    expect(table.lastRoll.seq).toBe(183);
    // Another card's event does not take the roll over.
    applyEvent(table, {
      seq: 190,
      type: 'FateRolled',
      data: { card: 'allies-fate-2' },
    } as ViewEvent);
    expect(table.lastRoll.seq).toBe(183);
  });
});
