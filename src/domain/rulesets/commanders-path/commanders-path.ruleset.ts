import { own, setOwn } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import { diceModesFromSource } from '../dice-source';
import { withCandidates, withExamples, type DecisionMadeData } from '../kit';
import { CP_CANDIDATES } from './cp-candidates';
import { CP_CHOICES } from './cp-choices';
import { withChoices } from '../decision-choices';
import type { Table } from '../../table/table';
import { violation } from '../rule-violation';
import type { DecisionSpec, Derived, PieceTypeSpec, Ruleset, UndoVerdict } from '../ruleset';
import { autoPassDecision, battleDecisions } from './cp-battle';
import { fighters, toAct } from './cp-battle-flow';
import { SAMPLE_CATALOG } from './cp-catalog';
import { checkCard } from './cp-deck';
import { manualDecisions } from './cp-manual';
import { cpOptions, CP_OPTIONS } from './cp-options';
import { cpSetup, setupDecisions } from './cp-setup';
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
import { tacticalDecision, turnDecisions } from './cp-turn';
import { archetypesOf, commanderHost, concedeDecision, initiativeOf } from './cp-victory';
import { RULES } from './cp-rules-text';

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

/**
 * How a player sends each kind (published with its schema): cards as a match names them
 * (`red-c18`: red's 18th card; `red-commander`), places as `sector:<n>`, `orbit:<object>` or
 * `new`. The manual-<kind> adjustments take the table decisions' examples.
 */
const CP_EXAMPLES: Record<string, object> = {
  'register-deck': {
    commander: { catalog: 'test-rein' },
    cards: [
      { catalog: 'test-eden', copies: 4 },
      { catalog: 'exorcist', copies: 4 },
    ],
  },
  deal: {},
  redeal: {},
  'setup-spend': { builds: [{ card: 'red-c18', pay: 5 }] },
  'roll-initiative': { faces: [4, 2] },
  deploy: { ships: [{ card: 'red-c18', to: 'new' }], commander: 'red-c18' },
  'commercial-run': { ship: 'red-c18', to: 'red-c3' },
  'smuggling-run': { ship: 'red-c18', target: 'blue-c7', face: 5 },
  'end-resources': {},
  produce: { card: 'red-c21', pay: 3, to: 'sector:1' },
  'play-ability': { card: 'red-c30', variant: 0 },
  'play-upgrade': { card: 'red-c25', target: 'red-c18' },
  'move-upgrade': { upgrade: 'red-c25', to: 'red-c19' },
  'play-situation': { card: 'red-c27', face: 5 },
  'discard-situation': { card: 'red-c27' },
  'move-commander': { to: 'red-c19' },
  'buy-action-tokens': { count: 1 },
  'end-production': { discardAbility: 'red-c31' },
  'move-ships': { ships: ['red-c18', 'red-c19'], to: 'orbit:blue-c7' },
  'move-ground': { card: 'red-c22', to: 'red-c3' },
  'end-movement': {},
  'play-tactical': { card: 'red-c28', face: 4, note: 'Ship red-c18 repairs 2 damage' },
  'start-battle': { location: 'orbit:blue-c7' },
  'designate-echelon': { second: ['red-c19'] },
  withdraw: { ships: ['red-c18'], to: 'new' },
  'allow-withdrawal': { allow: true },
  attack: { ship: 'red-c18', weapon: 'missiles', targets: ['blue-c9'], hitFaces: [5, 2] },
  ram: { ship: 'red-c18', target: 'blue-c9', evadeFace: 3 },
  board: { ship: 'red-c18', target: 'blue-c9', faces: [5, 3] },
  bomb: { ships: ['red-c18'], target: 'blue-c7' },
  'pass-attack': {},
  evade: { evade: true },
  'nova-targets': { targets: ['blue-c9', 'blue-c10'] },
  'nova-shields': { sacrifice: ['blue-c9'] },
  'counter-fire': { weapon: 'lasers', hitFaces: [6] },
  'end-round': { manoeuvre: 'stop' },
  'ground-assault': { continue: true },
  land: { ships: ['red-c18'] },
  'civil-buildings': { object: 'blue-c7', choice: 'capture' },
  'set-auto-pass': { on: true },
  'approve-manual': { id: 'm1' },
  'reject-manual': { id: 'm1' },
  concede: {},
};

const decisions = withChoices(
  withCandidates(
    withExamples(
      {
        ...setupDecisions,
        ...turnDecisions,
        'play-tactical': tacticalDecision,
        ...battleDecisions,
        'set-auto-pass': autoPassDecision,
        ...manualDecisions,
        concede: concedeDecision,
      } as Record<string, DecisionSpec<CpState, never>>,
      CP_EXAMPLES,
    ),
    CP_CANDIDATES,
  ),
  CP_CHOICES,
);

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
};
