import type { NewEvent, RecordedEvent } from '../events/recorded-event';
import { checkReplay } from '../export/replay-check';
import { verifyMatchDraws } from './match-draws';
import { isRejection } from '../rulesets/rule-violation';
import { freeformRuleset } from '../rulesets/freeform/freeform.ruleset';
import type { CardsDrawnData, DeckShuffledData } from '../table/table-events';
import { MatchHarness } from '@test/support/match-harness';
import { decideOpenDispute, decideRuling } from './dispute-decider';
import { foldMatch } from './evolve-match';
import { revealsOf, revealsSummary } from './fair-rewind';
import type { RewindCards, RulingIssuedData } from './match-events';
import { lineStateOf } from './rewind';
import { voidingOf } from './match-state';
import { decideUndoRequest } from './undo-decider';

const CARDS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'];
const judge = { kind: 'judge' as const, id: 'judge-1' };

/** Freeform with a hidden deck: shuffled, then red draws twice and blue once after `toSeq`. */
function drawnBranch() {
  const g = new MatchHarness(freeformRuleset, 'fair-rewind');
  g.started(
    [{ seat: 'red' }, { seat: 'blue' }],
    {
      options: { diceSource: 'server' },
      setup: {
        zones: [{ id: 'deck', kind: 'deck', visibility: 'nobody' }],
        pieces: CARDS.map((id) => ({ id, type: id, zone: 'deck' })),
      },
    },
    { red: 'red-entropy', blue: 'синий' },
    { red: 'Аня', blue: 'Борис' },
  );
  g.play('red', 'shuffle', { deck: 'deck' });
  const toSeq = g.state.lastSeq;
  const voidedDraws = [
    ...g.play('red', 'draw', { deck: 'deck', count: 2 }),
    ...g.play('red', 'roll', { dice: '2d6', purpose: 'attack' }),
    ...g.play('blue', 'draw', { deck: 'deck', count: 1 }),
  ].filter((e) => e.type === 'CardsDrawn');
  const disputed = decideOpenDispute(
    g.state,
    { disputeId: 'd1', seat: 'blue', atSeq: g.state.lastSeq, claim: 'Drawn out of turn' },
    '2026-11-22T10:05:00Z',
  );
  if (isRejection(disputed)) throw new Error(disputed.message);
  g.record(disputed, { kind: 'seat', id: 'blue', seat: 'blue' });
  const since = g.events.slice(toSeq + 1).filter((e) => !voidingOf(g.state, e.seq));
  const restore = lineStateOf(foldMatch(freeformRuleset, g.matchId, g.events.slice(0, toSeq + 1)));
  const rule = (cards?: RewindCards) =>
    decideRuling(
      freeformRuleset,
      g.state,
      {
        disputeId: 'd1',
        decision: 'upheld',
        rationale: 'Out of turn',
        ruleRef: '§2',
        remedy: { kind: 'rewind', toSeq, ...(cards ? { cards } : {}) },
      },
      { restore, since },
      g.seed,
    );
  return { g, toSeq, since, voidedDraws, rule };
}

const drawnPieces = (events: RecordedEvent[]) =>
  events
    .filter((e) => e.type === 'CardsDrawn')
    .flatMap((e) => (e.data as CardsDrawnData).secret?.pieces ?? []);

describe('fair rewinds', () => {
  it('counts what the voided branch revealed, deck by deck, and to whom', () => {
    const { since } = drawnBranch();
    expect(revealsOf(since)).toEqual({
      decks: [{ deck: 'deck', cards: 3, cardRolls: 0, seenBy: ['seat:red', 'seat:blue'] }],
      serverRolls: 1,
    });
  });

  it('says so to the judge in both languages, with the seats’ names', () => {
    const { g, since } = drawnBranch();
    const summary = revealsSummary(g.state, revealsOf(since), { order: 'reshuffle' });
    expect(summary.ru).toBe(
      'Отменяемая ветка открыла: «deck»: 3 карты, видели: Аня, Борис. Они возвращаются в свои колоды, и каждая из этих колод перемешивается заново (новое проверяемое перемешивание, записывается вместе с решением). Серверные кубики никогда не повторяют счётчик: броски отменяемой ветки (1 бросок) будут сделаны заново.',
    );
    expect(summary.en).toContain('deck: 3 cards, seen by Аня, Борис');
    const kept = revealsSummary(g.state, revealsOf(since), {
      order: 'keep',
      reason: 'по согласию',
    });
    expect(kept.ru).toContain('в том же порядке, как решил судья (по согласию)');
    expect(revealsSummary(g.state, revealsOf([]), { order: 'reshuffle' }).ru).toBe(
      'Отменяемая ветка не открыла ни одной карты. Серверные кубики никогда не повторяют счётчик: отменённый бросок будет сделан заново.',
    );
  });

  it('by default shuffles the deck again in the ruling’s write, with the next counter: the same draw gives other cards', () => {
    const { g, toSeq, voidedDraws, rule } = drawnBranch();
    const decided = rule();
    if (isRejection(decided)) throw new Error(decided.message);
    expect(decided.map((e) => e.type)).toEqual(['RulingIssued', 'TimelineRewound', 'DeckShuffled']);
    expect((decided[0].data as RulingIssuedData).remedy).toEqual({
      kind: 'rewind',
      toSeq,
      cards: { order: 'reshuffle' },
    });
    const shuffle = decided[2] as NewEvent<DeckShuffledData>;
    expect(shuffle.visibility).toBe('judges');
    // The first shuffle of the deck was k 0: the reshuffle takes the next counter, never a used one.
    expect(shuffle.data).toMatchObject({ deck: 'deck', k: 1, count: CARDS.length });
    const restoredOrder = foldMatch(freeformRuleset, g.matchId, g.events.slice(0, toSeq + 1)).table
      .decks.deck.order;
    expect(shuffle.data.secret?.before).toEqual(restoredOrder);
    expect(shuffle.data.secret?.order).not.toEqual(restoredOrder);

    g.record(decided, judge);
    expect(g.state.table.decks.deck.order).toEqual(shuffle.data.secret?.order);
    const again = g.play('red', 'draw', { deck: 'deck', count: 2 });
    expect(drawnPieces(again)).not.toEqual(drawnPieces(voidedDraws.slice(0, 1)));

    // The log verifies: the reshuffle is recomputed from the seed, and owed by the ruling.
    expect(verifyMatchDraws(g.seed, g.matchId, g.events)).toMatchObject({ ok: true });
    expect(checkReplay(freeformRuleset, g.matchId, g.events, g.seed)).not.toHaveProperty('code');
  });

  it('keeps the order when the judge chooses so, with a reason: recorded, and no shuffle', () => {
    const { g, toSeq, voidedDraws, rule } = drawnBranch();
    const decided = rule({ order: 'keep', reason: '  Игроки согласились  ' });
    if (isRejection(decided)) throw new Error(decided.message);
    expect(decided.map((e) => e.type)).toEqual(['RulingIssued', 'TimelineRewound']);
    expect((decided[0].data as RulingIssuedData).remedy).toEqual({
      kind: 'rewind',
      toSeq,
      cards: { order: 'keep', reason: 'Игроки согласились' },
    });
    g.record(decided, judge);
    expect(drawnPieces(g.play('red', 'draw', { deck: 'deck', count: 2 }))).toEqual(
      drawnPieces(voidedDraws.slice(0, 1)),
    );
    expect(checkReplay(freeformRuleset, g.matchId, g.events, g.seed)).not.toHaveProperty('code');
  });

  it('refuses keeping the order without a reason, and a reason without keeping it, in both languages', () => {
    const { rule } = drawnBranch();
    expect(rule({ order: 'keep', reason: '   ' })).toMatchObject({
      kind: 'invalid_params',
      localized: {
        en: 'Keeping the order of the cards the voided branch revealed needs a reason',
        ru: 'Чтобы оставить порядок карт, открытых на отменяемой ветке, укажите причину',
      },
    });
    expect(rule({ order: 'keep' })).toMatchObject({ kind: 'invalid_params' });
    expect(rule({ order: 'reshuffle', reason: 'why' })).toMatchObject({
      kind: 'invalid_params',
      localized: { ru: 'Причину указывают, только если порядок открытых карт остаётся прежним' },
    });
  });

  it('a forged reshuffle fails the replay check: dropped, or swapped for a kept order', () => {
    const { g, rule } = drawnBranch();
    const decided = rule();
    if (isRejection(decided)) throw new Error(decided.message);
    const [ruling] = g.record(decided, judge);
    g.play('red', 'roll', { dice: '2d6', purpose: 'attack' });
    const rewindSeq = ruling.seq + 1;
    // Dropped, the log renumbered as a key holder would re-chain it (the chain is not this check's business).
    const dropped = g.events
      .filter((e) => e.seq !== rewindSeq + 1)
      .map((e, seq) => ({ ...e, seq }));
    expect(checkReplay(freeformRuleset, g.matchId, dropped, g.seed)).toMatchObject({
      code: 'reshuffle_mismatch',
      seq: rewindSeq + 1,
    });
    // The ruling rewritten to keep the order, the shuffle left in: a shuffle nobody owes.
    const kept = g.events.map((e) =>
      e.seq === ruling.seq
        ? {
            ...e,
            data: {
              ...(e.data as RulingIssuedData),
              remedy: {
                ...(e.data as RulingIssuedData).remedy,
                cards: { order: 'keep', reason: 'x' },
              },
            },
          }
        : e,
    );
    expect(checkReplay(freeformRuleset, g.matchId, kept, g.seed)).toMatchObject({
      code: 'reshuffle_mismatch',
      seq: rewindSeq + 1,
    });
  });

  it('an undo can never void a draw: the draw is a barrier, so only a ruling rewinds across it', () => {
    const { g, toSeq, since } = drawnBranch();
    const restore = lineStateOf(
      foldMatch(freeformRuleset, g.matchId, g.events.slice(0, toSeq + 1)),
    );
    expect(
      decideUndoRequest(
        freeformRuleset,
        g.state,
        { requestId: 'u1', seat: 'red', toSeq, reason: 'misclick' },
        since,
        restore,
      ),
    ).toMatchObject({ code: 'undo_blocked' });
  });
});
