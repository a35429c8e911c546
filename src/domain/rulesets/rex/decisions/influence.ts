import { own } from '../../../shared/id-record';
import { influenceAt, isBombarded, locationOf, TRACKS, troopsAt, ZONES } from '../rex-board';
import { rexDecision, type RexDraft } from '../rex-draft';
import type { Placement } from '../rex-events';
import { draw, drawStrategy, endInfluencePhase, setPhase, startRound } from '../rex-flow';
import { RULES } from '../rex-rules-text';
import { alliesOf, cardEffectsOf, seatOf } from '../rex-state';
import { RexNoParams } from './shared.params';

/**
 * The start of the game and the Influence phase: Influence cards placing Influence, the Sol
 * Offensive and the Temporary Ceasefire with their special handling, and the round-1 rule.
 */

type InfluenceKind = 'standard' | 'sol-offensive' | 'ceasefire';

function cardOf(
  d: RexDraft,
  card: string,
): { kind: InfluenceKind; places: Placement[]; name: { en: string; ru: string } } {
  const attrs = own(d.table.pieces, card)?.attrs ?? {};
  return {
    kind: (attrs.kind as InfluenceKind) ?? 'standard',
    places: Array.isArray(attrs.places) ? (attrs.places as Placement[]) : [],
    name: (attrs.name as { en: string; ru: string }) ?? { en: card, ru: card },
  };
}

export const influenceDecisions = {
  begin: rexDecision<RexNoParams>({
    summary: {
      en: 'Begin the game: shuffle the decks, deal the starting Traitor and Strategy cards',
      ru: 'Начать игру: перемешать колоды, раздать стартовые Карты Предателей и Стратегий',
    },
    params: RexNoParams,
    example: {},
    turn: 'active',
    phases: ['setup'],
    available: ({ rs }) => !seatOf(rs, 'xxcha') || rs.prediction !== null,
    decide(d) {
      const xxcha = seatOf(d.rs, 'xxcha');
      if (xxcha && !d.rs.prediction)
        return d.refuse(
          'prediction_missing',
          {
            en: `Xxcha (${xxcha}) seals its prediction before the game begins`,
            ru: `Кззча (${d.seatName(xxcha).ru}) запечатывает предсказание до начала игры`,
          },
          RULES.xxchaPrediction,
        );
      for (const deck of [
        ZONES.influenceDeck,
        ZONES.bombardmentDeck,
        ZONES.strategyDeck,
        ZONES.traitorDeck,
      ])
        d.shuffle(deck);
      for (const seat of d.order) {
        const due = own(d.rs.startingCards, seat) ?? { traitors: 0, strategy: 0 };
        const traitors = draw(
          d,
          ZONES.traitorDeck,
          ZONES.traitors(seat),
          due.traitors,
          `seat:${seat}`,
        );
        const strategy = drawStrategy(d, ZONES.hand(seat), due.strategy, `seat:${seat}`);
        d.own('StartingCardsDealt', { seat, traitors: traitors.length, strategy: strategy.length });
      }
      d.own('GameBegan', { round: d.rs.startRound, order: d.order });
      startRound(d, d.rs.startRound);
    },
  }),

  'reveal-influence': rexDecision<RexNoParams>({
    summary: { en: 'Reveal the top Influence card', ru: 'Открыть верхнюю Карту Влияния' },
    params: RexNoParams,
    example: {},
    turn: 'active',
    phases: ['influence'],
    decide(d) {
      const card = own(d.table.decks, ZONES.influenceDeck)?.order[0];
      if (!card) {
        endInfluencePhase(d, 'deck-empty');
        return;
      }
      draw(d, ZONES.influenceDeck, ZONES.influenceRevealed, 1, 'public');
      const { kind, places, name } = cardOf(d, card);
      d.own('InfluenceCardRevealed', { card, name, kind, places, round: d.rs.round });
      if (kind === 'standard') resolveStandard(d, card, places);
      else if (kind === 'sol-offensive') resolveSolOffensive(d, card);
      else resolveCeasefire(d, card);
    },
  }),
};

function resolveStandard(d: RexDraft, card: string, places: Placement[]): void {
  for (const place of places) {
    const location = locationOf(d.table, place.location);
    if (isBombarded(d.rs, location)) {
      d.own('InfluencePlacementBlocked', {
        card,
        location: place.location,
        sector: d.rs.bombarded as number,
        ruleRef: RULES.influenceBlocked,
      });
      continue;
    }
    const paid = d.fromBank(place.amount);
    d.track(TRACKS.location(place.location), paid);
    d.own('InfluencePlaced', {
      card,
      location: place.location,
      amount: paid,
      ...(paid < place.amount ? { short: place.amount - paid } : {}),
    });
  }
  d.on('CardsDiscarded', { pieces: [card], to: ZONES.influenceDiscard });
  d.own('InfluenceCardResolved', { card, places });
  endInfluencePhase(d, 'standard-card');
}

/** The discarded card the Sol Offensive strikes: the top one, or the one placing the most. */
export function solOffensiveSource(d: RexDraft): { card: string; places: Placement[] } | undefined {
  const discard = d.rs.influenceDiscard;
  if (discard.length === 0) return undefined;
  if (d.opts.solOffensiveTarget === 'top-discard') return discard[discard.length - 1];
  const total = (entry: { places: Placement[] }) => entry.places.reduce((s, p) => s + p.amount, 0);
  return discard.reduce((best, entry) => (total(entry) >= total(best) ? entry : best));
}

function resolveSolOffensive(d: RexDraft, card: string): void {
  if (d.rs.round === 1) {
    if (d.opts.firstRoundSolOffensive === 'set-aside') {
      d.on('PiecesMoved', { pieces: [card], to: ZONES.influenceAside });
    } else {
      d.on('PiecesMoved', { pieces: [card], to: ZONES.influenceDeck });
      d.shuffle(ZONES.influenceDeck);
    }
    d.own('SolOffensiveIgnored', {
      card,
      reason: 'first-round',
      ruleRef: RULES.solOffensiveFirstRound,
    });
    return;
  }
  const radar = cardEffectsOf(d.rs).radar;
  if (d.rs.influencePhase.solOffensives > 0 || radar) {
    d.on('PiecesMoved', { pieces: [card], to: ZONES.box });
    d.own('CardBoxed', { card, reason: radar ? 'Radar Tracking' : 'repeated Sol Offensive' });
    d.own(
      'SolOffensiveIgnored',
      radar
        ? { card, reason: 'radar', ruleRef: RULES.radarRepeat }
        : { card, reason: 'repeat', ruleRef: RULES.solOffensiveRepeat },
    );
    if (d.opts.repeatedSpecialCard === 'end-phase') endInfluencePhase(d, 'no-replacement');
    return;
  }
  const source = solOffensiveSource(d);
  strikeSolOffensive(d, card, source, d.opts.solOffensiveTarget);
  d.on('PiecesMoved', { pieces: [card], to: ZONES.box });
  d.own('CardBoxed', { card, reason: 'Sol Offensive resolved' });
}

function resolveCeasefire(d: RexDraft, card: string): void {
  if (d.rs.influencePhase.ceasefires > 0) {
    const to = d.opts.repeatedCeasefire;
    d.on('PiecesMoved', { pieces: [card], to: to === 'deck' ? ZONES.influenceDeck : ZONES.box });
    d.own('CeasefireIgnored', { card, to, ruleRef: RULES.ceasefireRepeat });
    if (d.opts.repeatedSpecialCard === 'end-phase') endInfluencePhase(d, 'no-replacement');
    return;
  }
  d.own('CeasefireOpened', { card, ruleRef: RULES.ceasefire });
  setPhase(d, 'ceasefire', d.order);
}

/** Everyone has had the chance: the Ceasefire card goes to the box and the next card is due. */
export function closeCeasefire(d: RexDraft): void {
  const ceasefire = d.rs.ceasefire;
  if (!ceasefire) return;
  d.on('PiecesMoved', { pieces: [ceasefire.card], to: ZONES.box });
  d.own('CardBoxed', { card: ceasefire.card, reason: 'Ceasefire closed' });
  d.own('CeasefireClosed', { card: ceasefire.card, ruleRef: RULES.ceasefireBox });
  setPhase(d, 'influence', [d.rs.firstPlayer]);
}

/**
 * Destroys every troop and the Influence in the locations of `source` (left to right as the
 * card shows them), sparing Sol and its allies: a revealed Sol Offensive, or Radar Tracking.
 */
export function strikeSolOffensive(
  d: RexDraft,
  card: string,
  source: { card: string; places: Placement[] } | undefined,
  target: 'top-discard' | 'most-influence',
  ruleRef = target === 'top-discard' ? RULES.solOffensiveTop : RULES.solOffensiveMost,
): void {
  const sol = seatOf(d.rs, 'sol');
  const immuneSeats = new Set(sol ? [sol, ...alliesOf(d.rs, sol)] : []);
  const destroyed: { location: string; troops: string[]; influence: number }[] = [];
  const immune: { location: string; seat: string; troops: number }[] = [];
  // Left to right, as the card shows them.
  for (const location of (source?.places ?? []).map((p) => p.location)) {
    const troops = troopsAt(d.table, location);
    const hit = troops.filter((p) => !immuneSeats.has(p.owner ?? ''));
    for (const seat of immuneSeats) {
      const spared = troops.filter((p) => p.owner === seat).length;
      if (spared > 0) immune.push({ location, seat, troops: spared });
    }
    if (hit.length > 0)
      d.on('PiecesDestroyed', { pieces: hit.map((p) => p.id), cause: 'sol-offensive' });
    const influence = influenceAt(d.table, location);
    if (influence > 0) {
      d.track(TRACKS.location(location), -influence);
      d.toBank(influence);
    }
    destroyed.push({ location, troops: hit.map((p) => p.id), influence });
  }
  d.own('SolOffensiveResolved', {
    card,
    sourceCard: source?.card ?? null,
    target,
    locations: destroyed.map((x) => x.location),
    destroyed,
    immune,
    ruleRef,
  });
}
