import { own, setOwn } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import { diceModesFromSource } from '../dice-source';
import type { DecisionMadeData } from '../kit';
import type { Table } from '../../table/table';
import { violation } from '../rule-violation';
import type { DecisionSpec, Derived, PieceTypeSpec, Ruleset, UndoVerdict } from '../ruleset';
import { battleDecisions } from './decisions/battle';
import { fighters, toAct } from './cp-battle-flow';
import { SAMPLE_CATALOG } from './cp-catalog';
import { checkCard } from './cp-deck';
import { manualDecisions } from './decisions/manual';
import { cpOptions, CP_OPTIONS } from './cp-options';
import { cpSetup, setupDecisions } from './decisions/setup';
import { evolveCp, initialCpState, type CpState } from './cp-state';
import {
  blockadedBy,
  controllerOf,
  viewOf,
  lossSum,
  objectsInPlay,
  trackValue,
  T,
} from './cp-table';
import { turnDecisions } from './decisions/turn';
import { archetypesOf, commanderHost, initiativeOf, victoryDecisions } from './decisions/victory';
import { RULES } from './cp-rules-text';
import { COMMANDERS_PATH_POSITION } from './cp-position';

/**
 * Commanders Path («Путь Командора», © ДГ «Столица», С. Мачин, 2006): a two-player
 * space-fleet collectible card game. The Russian rules text is authoritative; every
 * violation and every computed outcome cites it.
 */

function catalog(): PieceTypeSpec[] {
  return SAMPLE_CATALOG.map((entry) => {
    const def = checkCard({ ...entry.card, key: entry.id }, entry.id);
    const stats = 'kind' in def && def.kind === 'rule_violation' ? {} : { ...def };
    return {
      id: entry.id,
      kind: entry.card.kind,
      name: { en: entry.card.nameEn ?? entry.card.name, ru: entry.card.name },
      stats: {
        ...stats,
        printed: entry.card,
        ...(entry.card.test ? { test: true } : {}),
        ...(entry.inferred ? { inferred: entry.inferred } : {}),
      },
    };
  });
}

/** Events after which an own decision can no longer be taken back. */
const BARRIERS = new Set([
  'DiceRolled',
  'CardsDrawn',
  'DeckShuffled',
  'DeckBound',
  'CardsRevealed',
  'CommandersRevealed',
  'CardsPlayed',
  'MatchFinished',
  'RngRevealed',
]);

function undoVerdict({
  seat,
  since,
}: {
  seat: string;
  since: readonly RecordedEvent[];
}): UndoVerdict {
  for (const event of since) {
    const data = event.data as Record<string, unknown> | null;
    const reveal = event.type === 'PieceChanged' && typeof data?.type === 'string';
    const foreign =
      (event.type === 'DecisionMade' && (event.data as DecisionMadeData).seat !== seat) ||
      (event.meta.actor.kind !== 'seat' && event.type !== 'UndoRequestExpired') ||
      (event.meta.actor.kind === 'seat' && event.meta.actor.seat !== seat);
    if (BARRIERS.has(event.type) || reveal || foreign) {
      const why = foreign
        ? { en: 'the opponent decided since', ru: 'с тех пор решение принял соперник' }
        : event.type === 'DiceRolled'
          ? { en: 'a die was rolled', ru: 'был брошен кубик' }
          : event.type === 'CardsDrawn'
            ? { en: 'cards were drawn', ru: 'были взяты карты' }
            : {
                en: 'a card was revealed or a deck shuffled',
                ru: 'была открыта карта или перемешана колода',
              };
      return {
        allowed: false,
        violation: {
          // The rules have no take-back: this is the service's own policy, so no rule is cited.
          ...violation('undo_blocked', {
            en: `Cannot undo past seq ${event.seq} (${event.type}): ${why.en}`,
            ru: `Отменить решения раньше события №${event.seq} нельзя: ${why.ru}`,
          }),
          blockingSeq: event.seq,
        },
      };
    }
  }
  return { allowed: true, needsConsent: false };
}

function derive(table: Readonly<Table>, rs: Readonly<CpState>): Derived {
  const seats = rs.seats;
  const control: Record<string, string> = {};
  const blockades: Record<string, string> = {};
  for (const object of objectsInPlay(table)) {
    const c = controllerOf(object);
    if (c) setOwn(control, object.id, c);
    const b = blockadedBy(object);
    if (b) setOwn(blockades, object.id, b);
  }
  const losses = Object.fromEntries(
    seats.map((seat) => [
      seat,
      { count: own(table.losses, seat)?.length ?? 0, cost: lossSum(table, seat) },
    ]),
  );
  const players = Object.fromEntries(
    seats.map((seat) => [
      seat,
      {
        initiative: own(rs.decks, seat) ? initiativeOf(table, rs, seat) : undefined,
        archetypes: own(rs.decks, seat) ? [...archetypesOf(table, rs, seat)] : [],
        commanderOn: commanderHost(table, rs, seat)?.id,
        resources: trackValue(table, T.resources(seat)),
        actionTokens: trackValue(table, T.tokens(seat)),
        commercialRuns: trackValue(table, T.runs(seat)),
        pendingBoardingReward: own(rs.pendingRewards, seat) ?? 0,
      },
    ]),
  );
  const b = rs.battlePhase?.battle;
  let battle: Record<string, unknown> | undefined;
  if (b) {
    const draft = viewOf(table, rs, {});
    battle = {
      id: b.id,
      location: b.location,
      attacker: b.attacker,
      defender: b.defender,
      step: b.step,
      round: b.round,
      distance: b.distance,
      closingStopped: b.closingStopped,
      ...(b.pending ? { awaiting: { seat: b.pending.seat, choice: b.pending.kind } } : {}),
      ...(b.step === 'attacks' && !b.pending ? { toAct: safe(() => toAct(draft, b)) } : {}),
      fighters: Object.fromEntries(
        seats.map((s) => [s, safe(() => fighters(draft, b, s).map((p) => p.id)) ?? []]),
      ),
      secondEchelon: b.second,
      superiority: b.superiority,
    };
  }
  return {
    control,
    losses,
    players,
    turn: rs.turn,
    priority: rs.priority,
    ...(Object.keys(blockades).length ? { blockades } : {}),
    ...(battle ? { battle } : {}),
    ...(rs.battlePhase && !b && rs.battlePhase.queue.length > 1
      ? { battlesToOrder: rs.battlePhase.queue.map((q) => q.location) }
      : {}),
    pendingManual: Object.values(rs.manual.pending).map((p) => ({
      id: p.id,
      seat: p.seat,
      kind: p.kind,
    })),
  };
}

function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

const decisions = {
  ...setupDecisions,
  ...turnDecisions,
  ...battleDecisions,
  ...manualDecisions,
  ...victoryDecisions,
} as Record<string, DecisionSpec<CpState, never>>;

export const commandersPathRuleset: Ruleset<CpState> = {
  id: 'commanders-path',
  version: '1.0.0',
  title: { en: 'Commanders Path', ru: 'Путь Командора' },
  rules: RULES,
  summary: {
    en: 'Space-fleet collectible card game for two: decks registered with their card definitions, hidden hands and production, the full battle engine (every weapon formula and die computed from recorded dice), Commander, deck-out, Pirate, Trader and Procurator victories.',
    ru: 'Коллекционная карточная игра о космических флотах для двоих: колоды с определениями карт, скрытые руки и производство, полный движок сражений (все формулы оружия и броски по записанным кубикам), победы: Командор, колода, Пират, Торговец, Прокуратор.',
  },
  options: CP_OPTIONS,
  diceModes: (options) => {
    const read = cpOptions(options);
    return diceModesFromSource(read.diceSource, read.reportedRollConfirmation);
  },
  catalog: catalog(),
  // Resources, action tokens and commercial-run tokens are spent, not scored.
  resourceTracks: [T.resources(''), T.tokens(''), T.runs('')],
  seats: { min: 2, max: 2 },
  initialState: initialCpState,
  setup: cpSetup,
  decisions,
  evolve: evolveCp,
  derive,
  undo: ({ seat, since }) => undoVerdict({ seat, since }),
  position: COMMANDERS_PATH_POSITION,
};
