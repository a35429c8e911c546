import { own } from '../../../shared/id-record';
import type { Table } from '../../../table/table';
import type { Archetype, AbilityVariant } from '../cp-cards';
import { RULES, RULESET_CHOICES } from '../cp-rules-text';
import type { CpState } from '../cp-state';
import { CpNoParams } from './shared.params';
import {
  blockadedBy,
  controllerOf,
  isDestroyed,
  kindOf,
  lossSum,
  objectsInPlay,
  other,
  trackValue,
  T,
  Z,
  cpDecision,
  type CpDraft,
} from '../cp-table';
import { nothing } from '../cp-choice-values';

/** Victory conditions (§ «Условия победы», «Дополнительные условия победы»). */

export const PIRATE_THRESHOLD = 70;
export const TRADER_RUNS = 7;
export const PROCURATOR_OBJECTS = 5;

/** Abilities on a seat's Commander, with the variant declared for each. */
export function abilitiesInPlay(
  table: Readonly<Table>,
  seat: string,
): { piece: string; variant: AbilityVariant }[] {
  return Object.values(table.pieces)
    .filter((p) => p.zone === Z.situation(seat) && kindOf(p) === 'ability' && !isDestroyed(p))
    .map((p) => {
      const variants = Array.isArray(p.attrs.variants)
        ? (p.attrs.variants as AbilityVariant[])
        : [];
      const index = typeof p.attrs.variant === 'number' ? p.attrs.variant : 0;
      return { piece: p.id, variant: variants[index] ?? { text: '' } };
    });
}

export function initiativeOf(table: Readonly<Table>, rs: Readonly<CpState>, seat: string): number {
  const commander = own(table.pieces, own(rs.decks, seat)?.commanderPiece ?? '');
  const base = typeof commander?.attrs.initiative === 'number' ? commander.attrs.initiative : 0;
  return abilitiesInPlay(table, seat).reduce((sum, a) => sum + (a.variant.initiative ?? 0), base);
}

export function archetypesOf(
  table: Readonly<Table>,
  rs: Readonly<CpState>,
  seat: string,
): Set<Archetype> {
  const result = new Set<Archetype>();
  const commander = own(table.pieces, own(rs.decks, seat)?.commanderPiece ?? '');
  const archetype = commander?.attrs.archetype;
  if (archetype === 'pirate' || archetype === 'trader' || archetype === 'procurator')
    result.add(archetype);
  for (const ability of abilitiesInPlay(table, seat))
    if (ability.variant.archetype) result.add(ability.variant.archetype);
  return result;
}

/** The ship or object carrying the seat's Commander. */
export function commanderHost(table: Readonly<Table>, rs: Readonly<CpState>, seat: string) {
  const commander = own(table.pieces, own(rs.decks, seat)?.commanderPiece ?? '');
  const host = typeof commander?.attrs.host === 'string' ? commander.attrs.host : undefined;
  return host ? own(table.pieces, host) : undefined;
}

/** Why the seat's Commander is lost, or undefined while it is safe. */
export function commanderLoss(
  table: Readonly<Table>,
  rs: Readonly<CpState>,
  seat: string,
): string | undefined {
  const commander = own(table.pieces, own(rs.decks, seat)?.commanderPiece ?? '');
  if (!commander || typeof commander.attrs.host !== 'string') return undefined;
  const host = own(table.pieces, commander.attrs.host);
  if (!host || isDestroyed(host)) return 'destroyed';
  if (kindOf(host) === 'object' && controllerOf(host) !== seat) return 'captured';
  const boarded = own(rs.battlePhase?.battle?.boardedStations, host.id);
  if (boarded && boarded !== seat) return 'captured';
  return undefined;
}

export function unblockadedObjects(table: Readonly<Table>, seat: string): number {
  return objectsInPlay(table).filter((o) => controllerOf(o) === seat && !blockadedBy(o)).length;
}

/**
 * Ends the match for the given winners. Several seats winning at once (or losing at once)
 * go to the Priority holder (§ «Дополнительные условия победы»).
 */
function award(d: CpDraft, winners: string[], condition: string, ruleRef: string): void {
  if (winners.length > 1) {
    const priority = d.rs.priority;
    d.finish(
      priority ? [priority] : winners,
      `${condition}; simultaneous, won by the Priority holder`,
      `${ruleRef} ${RULES.simultaneous}`,
    );
    return;
  }
  d.finish(winners, condition, ruleRef);
}

/** Commander lost: checked at the end of a battle round and of a battle phase. */
export function checkCommanders(d: CpDraft): boolean {
  if (d.finished) return true;
  const lost = d.seats.filter((seat) => commanderLoss(d.table, d.rs, seat));
  if (lost.length === 0) return false;
  if (lost.length === 1) {
    const loser = lost[0];
    d.finish(
      [other(d.seats, loser)],
      `commander-${commanderLoss(d.table, d.rs, loser)}: ${loser}'s Commander lost`,
      RULES.commanderLost,
    );
    return true;
  }
  const mode = d.options.mutualCommanderLoss;
  if (mode === 'draw') d.finish([], 'commander-lost by both seats: draw', RULES.commanderLost);
  else award(d, d.seats, 'commander-lost by both seats', RULES.commanderLost);
  return true;
}

/** Pirate: at the end of any battle phase, the opponent's Losses hold more than 70. */
export function checkPirate(d: CpDraft): boolean {
  if (d.finished) return true;
  const winners = d.seats.filter(
    (seat) =>
      archetypesOf(d.table, d.rs, seat).has('pirate') &&
      lossSum(d.table, other(d.seats, seat)) > PIRATE_THRESHOLD,
  );
  if (winners.length === 0) return false;
  award(
    d,
    winners,
    `pirate: ${winners.join(', ')} — the opponent's Losses hold ${winners.map((w) => lossSum(d.table, other(d.seats, w))).join(', ')} (> ${PIRATE_THRESHOLD})`,
    RULES.pirate,
  );
  return true;
}

/** Trader and Procurator: at the start of a turn. */
export function checkTurnStart(d: CpDraft): boolean {
  if (d.finished) return true;
  const found: { seat: string; condition: string; ruleRef: string }[] = [];
  for (const seat of d.seats) {
    const archetypes = archetypesOf(d.table, d.rs, seat);
    const runs = trackValue(d.table, T.runs(seat));
    if (archetypes.has('trader') && runs >= TRADER_RUNS)
      found.push({
        seat,
        condition: `trader: ${runs} commercial-run tokens`,
        ruleRef: RULES.trader,
      });
    const objects = unblockadedObjects(d.table, seat);
    if (archetypes.has('procurator') && objects >= PROCURATOR_OBJECTS)
      found.push({
        seat,
        condition: `procurator: ${objects} unblockaded objects`,
        ruleRef: RULES.procurator,
      });
  }
  if (found.length === 0) return false;
  const winners = [...new Set(found.map((f) => f.seat))];
  award(
    d,
    winners,
    found.map((f) => `${f.seat} ${f.condition}`).join('; '),
    [...new Set(found.map((f) => f.ruleRef))].join(' '),
  );
  return true;
}

/** Deck-out: a seat that cannot draw 2 cards loses; both at once, the Priority holder wins. */
export function checkDeckOut(d: CpDraft): boolean {
  if (d.finished) return true;
  const out = d.seats.filter((seat) => (own(d.table.decks, Z.deck(seat))?.order.length ?? 0) < 2);
  if (out.length === 0) return false;
  if (out.length === 1) {
    d.finish([other(d.seats, out[0])], `deck-out: ${out[0]} cannot draw 2 cards`, RULES.deckOut);
    return true;
  }
  award(d, d.seats, 'deck-out of both seats', RULES.deckOut);
  return true;
}

export function immediateCommanderCheck(d: CpDraft): boolean {
  return d.options.commanderLossTiming === 'immediate' ? checkCommanders(d) : d.finished;
}

/**
 * A concession (the text is silent on it: matchlog's choice, RULESET_CHOICES.concession):
 * at any moment of a started match, the conceding seat loses and the other side wins.
 */
const concedeDecision = cpDecision<CpNoParams>({
  summary: {
    en: 'Concede: the match ends and the other side wins (the rules text is silent on conceding; matchlog’s choice)',
    ru: 'Сдаться: матч заканчивается, побеждает соперник (правила о сдаче молчат; выбор сервиса)',
  },
  params: CpNoParams,
  example: {},
  examples: nothing,
  turn: 'any',
  decide(d) {
    d.finish([other(d.seats, d.seat)], `concession by ${d.seat}`, RULESET_CHOICES.concession);
  },
});

export const victoryDecisions = { concede: concedeDecision };
