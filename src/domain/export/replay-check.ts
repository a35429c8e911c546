import { canonicalJson } from '../events/canonical-json';
import type { NewEvent, RecordedEvent } from '../events/recorded-event';
import { createDecisionContext } from '../match/decision-context';
import { evolveMatch } from '../match/evolve-match';
import { decideDecision } from '../match/match-decider';
import { reshuffleEvents, revealsOf, type VoidedBranchReveals } from '../match/fair-rewind';
import type {
  DecisionMadeData,
  MatchCitedData,
  RewindCards,
  RulingIssuedData,
  SealRevealedData,
} from '../match/match-events';
import { voidedBy } from '../match/rewind';
import { initialMatchState, type MatchState } from '../match/match-state';
import { isRejection, type Rejection } from '../rulesets/rule-violation';
import type { CitedMatch, Ruleset } from '../rulesets/ruleset';
import { own } from '../shared/id-record';
import type { LocalizedText } from '../shared/localized-text';

/**
 * The inputs of every derivation, checked against the match as its own log folds it (DESIGN
 * section 5), with the ruleset the match was recorded with:
 *
 * - a shuffle starts from the deck as the fold has it at that seq (`secret.before`);
 * - a draw (`CardsDrawn`) takes the top cards of its deck, in order, as the verified orders
 *   have left it (shuffles, draws, returns and reshuffles all replayed by the fold);
 * - with the seed, every decision is decided again on the table as the log has it before it,
 *   and must yield exactly the events recorded after it: its rolls' purposes, dice and
 *   counters, its shuffles, its draws, everything it caused;
 * - with the seed, a ruling's rewind that chose to reshuffle the cards its voided branch
 *   revealed must be followed by exactly those shuffles (fair-rewind.ts), and one that kept
 *   the order by none.
 */

export type ReplayProblemCode =
  | 'shuffle_input'
  | 'draw_mismatch'
  | 'decision_mismatch'
  | 'void_not_refused'
  | 'void_mismatch'
  | 'reshuffle_mismatch';

export interface ReplayProblem {
  code: ReplayProblemCode;
  /** The English of `text`. */
  message: string;
  text: LocalizedText;
  seq: number;
}

export interface ReplayResult {
  /** Cards drawn from a deck and checked against its verified order. */
  draws: number;
  /** Decisions decided again and found to yield the recorded events. */
  decisions: number;
}

const same = (a: unknown, b: unknown): boolean => {
  try {
    return canonicalJson(a ?? null) === canonicalJson(b ?? null);
  } catch {
    return false;
  }
};

const recordOf = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

type Described = Pick<NewEvent, 'type' | 'data'> | undefined;

/**
 * What a replay yields against what the log records, by event type and the names of the
 * data members that differ (never the raw JSON).
 */
function difference(expected: Described, recorded: Described): LocalizedText {
  if (!expected || !recorded || expected.type !== recorded.type)
    return {
      en: `yields ${expected?.type ?? 'nothing'} here; the log records ${recorded?.type ?? 'nothing'}`,
      ru: `даёт здесь ${expected?.type ?? 'ничего'}, а в журнале записано ${recorded?.type ?? 'ничего'}`,
    };
  const want = recordOf(expected.data);
  const have = recordOf(recorded.data);
  const members = [...new Set([...Object.keys(want), ...Object.keys(have)])]
    .filter((key) => !same(want[key], have[key]))
    .sort();
  const named = members.length > 0 ? members.join(', ') : 'visibility';
  return {
    en: `yields a ${expected.type} here that differs from the one the log records in ${named}`,
    ru: `даёт здесь ${expected.type}, который отличается от записанного в журнале полями: ${named}`,
  };
}

/** Decision params as a reader reads them: `target: a3, units: 2`. */
function paramsText(params: unknown): string {
  if (params === null || typeof params !== 'object' || Array.isArray(params)) {
    try {
      return canonicalJson(params ?? null);
    } catch {
      return String(params);
    }
  }
  return Object.entries(params)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : paramsText(value)}`)
    .join(', ');
}

const sweeps = (event: RecordedEvent, decisionId: string | undefined) =>
  event.type === 'UndoRequestExpired' && event.meta.decisionId === decisionId;

/**
 * The DecisionMade whose decided events start at `seq`: after the undo requests it swept, or
 * (`reveal`) after the SealRevealed at `seq`. Undefined when no decision starts here.
 */
function decisionStartingAt(
  events: readonly RecordedEvent[],
  seq: number,
): { made: RecordedEvent; reveal: boolean } | undefined {
  const first = events[seq];
  const decisionId = first.meta.decisionId;
  // A void reveal is checked on its own (checkVoid); the decision standing in for it is open.
  const reveal = isReveal(first);
  if (!reveal && seq > 0) {
    const previous = events[seq - 1];
    // Already decided from the sweep or the reveal just before.
    if (sweeps(previous, decisionId)) return undefined;
    if (isReveal(previous) && previous.meta.decisionId === decisionId) return undefined;
  }
  let at = reveal ? seq + 1 : seq;
  while (at < events.length && sweeps(events[at], decisionId)) at += 1;
  const made = events[at];
  if (!made || made.type !== 'DecisionMade' || made.meta.decisionId !== decisionId)
    return undefined;
  if (reveal && recordOf(made.data).sealId === undefined) return undefined;
  return { made, reveal };
}

/** A SealRevealed whose choice was decided (not recorded void). */
const isReveal = (event: RecordedEvent): boolean =>
  event.type === 'SealRevealed' && recordOf(event.data).void === undefined;

/**
 * A void reveal: its choice, decided again on the table the log has before it, must be
 * refused as recorded (same kind of refusal, same code), else a legal choice was suppressed
 * (`void_not_refused`); and its kind must have a meaning for a void choice, with exactly the
 * stand-in decision that meaning gives right after it (`void_mismatch`).
 */
function checkVoid(
  ruleset: Ruleset,
  state: MatchState,
  event: RecordedEvent,
  next: RecordedEvent | undefined,
  seed: Uint8Array,
): { code: ReplayProblemCode; text: LocalizedText } | undefined {
  const reveal = event.data as SealRevealedData;
  const recorded = recordOf(reveal.void);
  const sealId = String(reveal.sealId);
  const seal = own(state.seals, sealId);
  if (!seal)
    return {
      code: 'void_mismatch',
      text: {
        en: `the void reveal of ${sealId} names no open sealed decision`,
        ru: `раскрытие недействительного выбора ${sealId} не называет открытого тайного решения`,
      },
    };
  const mismatch = voidMismatch(ruleset, state, event, next, seal.kind, seed);
  if (mismatch) return { code: 'void_mismatch', text: mismatch };
  const decided = decideDecision(
    ruleset,
    state,
    {
      decisionId: event.meta.decisionId ?? '',
      kind: seal.kind,
      seat: String(reveal.seat),
      params: reveal.params,
      sealId: String(reveal.sealId),
    },
    seed,
  );
  const code = (rejection: Rejection) =>
    rejection.kind === 'rule_violation' ? rejection.code : undefined;
  const refused = (text: LocalizedText) => ({ code: 'void_not_refused' as const, text });
  if (!isRejection(decided))
    return refused({
      en: `the choice revealed in ${sealId} is recorded void, but decided again on the table the log has before it, it is accepted`,
      ru: `выбор, раскрытый в ${sealId}, записан недействительным, но при повторном решении на столе, какой журнал даёт перед ним, он принимается`,
    });
  if (decided.kind !== recorded.kind || code(decided) !== recorded.code)
    return refused({
      en: `the choice revealed in ${sealId} is recorded void as ${String(recorded.kind)} ${String(recorded.code ?? '')}, but decided again it is refused as ${decided.kind} ${code(decided) ?? ''}`,
      ru: `выбор, раскрытый в ${sealId}, записан недействительным как ${String(recorded.kind)} ${String(recorded.code ?? '')}, а при повторном решении отклоняется как ${decided.kind} ${code(decided) ?? ''}`,
    });
  return undefined;
}

/** What the kind's rules make of a void choice, against the decision the log records after it. */
function voidMismatch(
  ruleset: Ruleset,
  state: MatchState,
  event: RecordedEvent,
  next: RecordedEvent | undefined,
  kind: string,
  seed: Uint8Array,
): LocalizedText | undefined {
  const reveal = event.data as SealRevealedData;
  const seat = String(reveal.seat);
  const spec = own(ruleset.decisions, kind);
  const voidAs = spec?.voidAs?.(createDecisionContext(state, seat, seed));
  if (!voidAs)
    return {
      en: `a ${kind} of ${ruleset.id} cannot be recorded void: its rules give a void choice no meaning`,
      ru: `решение ${kind} в ${ruleset.id} нельзя записать недействительным: его правила не придают недействительному выбору смысла`,
    };
  const made =
    next?.type === 'DecisionMade' && recordOf(next.data).voidedSeal === reveal.sealId
      ? (next.data as DecisionMadeData)
      : undefined;
  if (voidAs.params === undefined)
    return made
      ? {
          en: `a void ${kind} stands for nothing, but a decision follows it`,
          ru: `недействительное решение ${kind} ничего не заменяет, но за ним следует решение`,
        }
      : undefined;
  const params = made && (made.secret !== undefined ? recordOf(made.secret).params : made.params);
  if (!made || !same(params, voidAs.params))
    return {
      en: `a void ${kind} stands for ${paramsText(voidAs.params)}; the log records ${made ? paramsText(params ?? null) : 'no decision'} after it`,
      ru: `недействительное решение ${kind} означает ${paramsText(voidAs.params)}, а журнал записывает после него ${made ? paramsText(params ?? null) : 'никакого решения'}`,
    };
  return undefined;
}

/**
 * Replays `events` (intact, in order, from seq 0) through `ruleset`; `seed` (when revealed)
 * lets every decision be decided again. Returns the first problem, in log order.
 */
export function checkReplay(
  ruleset: Ruleset,
  matchId: string,
  events: readonly RecordedEvent[],
  seed: Uint8Array | undefined,
): ReplayProblem | ReplayResult {
  const state: MatchState = initialMatchState(matchId, ruleset.initialState());
  let draws = 0;
  let decisions = 0;
  for (let seq = 0; seq < events.length; seq += 1) {
    const event = events[seq];
    const data = recordOf(event.data);
    const fail = (code: ReplayProblemCode, what: LocalizedText, at = seq): ReplayProblem => {
      const text = { en: `seq ${at}: ${what.en}`, ru: `seq ${at}: ${what.ru}` };
      return { code, message: text.en, text, seq: at };
    };

    if (seed && event.type === 'SealRevealed' && data.void !== undefined) {
      const problem = checkVoid(ruleset, state, event, events[seq + 1], seed);
      if (problem) return fail(problem.code, problem.text);
    }
    // A decision standing in for a void choice is one only right after that void reveal:
    // anywhere else it would be a sealed kind recorded openly.
    if (event.type === 'DecisionMade' && data.voidedSeal !== undefined) {
      const before = seq > 0 ? events[seq - 1] : undefined;
      const voided =
        before?.type === 'SealRevealed' &&
        recordOf(before.data).void !== undefined &&
        recordOf(before.data).sealId === data.voidedSeal &&
        before.meta.decisionId === event.meta.decisionId;
      if (!voided)
        return fail('void_mismatch', {
          en: `a decision stands in for the void choice ${String(data.voidedSeal)}, but it does not follow that choice's void reveal`,
          ru: `решение заменяет недействительный выбор ${String(data.voidedSeal)}, но не следует за его раскрытием`,
        });
    }
    const starting = seed ? decisionStartingAt(events, seq) : undefined;
    if (seed && starting) {
      const made = recordOf(starting.made.data) as unknown as DecisionMadeData;
      const decided = decideDecision(
        ruleset,
        state,
        {
          decisionId: made.decisionId,
          kind: made.kind,
          seat: made.seat,
          params: made.secret !== undefined ? recordOf(made.secret).params : made.params,
          ...(made.judgeRecorded ? { judgeRecorded: true } : {}),
          ...(made.sealId !== undefined ? { sealId: made.sealId } : {}),
          ...(made.voidedSeal !== undefined ? { voidedSeal: made.voidedSeal } : {}),
          ...(made.clientKey ? { clientKey: true } : {}),
        },
        seed,
        citedBy(events, starting.made),
        // As recorded: logs from before the engine's hidden-zone check stay verifiable.
        { hiddenZones: 'unchecked' },
      );
      const madeSeq = starting.made.seq;
      if (isRejection(decided))
        return fail(
          'decision_mismatch',
          {
            en: `the decision ${made.kind} of ${made.seat}, decided again on the table the log has before it, is refused: ${decided.message}`,
            ru: `решение ${made.kind} места ${made.seat}, принятое заново на столе, какой журнал даёт перед ним, отклонено: ${decided.localized?.ru ?? decided.message}`,
          },
          madeSeq,
        );
      const from = starting.reveal ? seq + 1 : seq;
      for (let i = 0; i < decided.length; i += 1) {
        const recorded = events[from + i];
        // A file that ends inside a decision was cut: the trailer's count, else a receipt, says so.
        if (recorded === undefined) break;
        const expected = asRecordedBefore(decided[i], recorded);
        const matches =
          recorded.type === expected.type &&
          recorded.meta.visibility === (expected.visibility ?? 'public') &&
          same(recorded.data, expected.data);
        if (!matches)
          return fail(
            'decision_mismatch',
            {
              en: `the decision at seq ${madeSeq} (${made.kind} of ${made.seat}), decided again on the table the log has before it, ${difference(expected, recorded).en}`,
              ru: `решение на seq ${madeSeq} (${made.kind} места ${made.seat}), принятое заново на столе, какой журнал даёт перед ним, ${difference(expected, recorded).ru}`,
            },
            from + i,
          );
      }
      decisions += 1;
    }

    if (event.type === 'DeckShuffled' && isRecordWith(data, 'secret')) {
      const deck = own(state.table.decks, String(data.deck));
      const before = recordOf(data.secret).before;
      if (!same(before, deck?.order ?? []))
        return fail('shuffle_input', {
          en: `the shuffle of ${String(data.deck)} starts from another order than the deck as the log has it there`,
          ru: `перемешивание колоды ${String(data.deck)} начинается не с того порядка, какой у колоды в этом месте журнала`,
        });
    }
    if (event.type === 'CardsDrawn' && isRecordWith(data, 'secret')) {
      const pieces = recordOf(data.secret).pieces;
      const deck = own(state.table.decks, String(data.deck));
      const count = Array.isArray(pieces) ? pieces.length : 0;
      if (!deck || !same(pieces, deck.order.slice(0, count)) || data.count !== count)
        return fail('draw_mismatch', {
          en: `the cards drawn from ${String(data.deck)} are not the top ${count} of its verified order`,
          ru: `карты, взятые из колоды ${String(data.deck)}, — не ${count} верхних в её проверенном порядке`,
        });
      draws += count;
    }
    const reshuffles =
      seed && event.type === 'TimelineRewound' ? rulingReshuffles(events, seq, state) : undefined;
    evolveMatch(ruleset, state, event);
    if (seed && reshuffles) {
      const problem = checkReshuffles(state, events, seq, reshuffles, seed);
      if (problem) return fail('reshuffle_mismatch', problem.text, problem.seq);
    }
  }
  return { draws, decisions };
}

/**
 * For a ruling's rewind (the TimelineRewound at `seq`, right after its RulingIssued) that
 * records the judge's choice for the revealed cards: that choice, and what the branch it
 * voids revealed, read before the rewind is folded. Undefined for undos and older rulings.
 */
function rulingReshuffles(
  events: readonly RecordedEvent[],
  seq: number,
  state: MatchState,
): { cards: RewindCards; reveals: VoidedBranchReveals } | undefined {
  const ruling = seq > 0 ? events[seq - 1] : undefined;
  const cause = recordOf(recordOf(events[seq].data).cause);
  if (ruling?.type !== 'RulingIssued' || cause.kind !== 'ruling') return undefined;
  const data = ruling.data as RulingIssuedData;
  if (data.disputeId !== cause.disputeId || data.remedy?.kind !== 'rewind') return undefined;
  const cards = data.remedy.cards;
  if (!cards) return undefined;
  const voided = recordOf(recordOf(events[seq].data).voided);
  const from = Number(voided.from);
  const to = Number(voided.to);
  const since =
    Number.isSafeInteger(from) && Number.isSafeInteger(to)
      ? events.slice(Math.max(from, 0), Math.min(to + 1, seq)).filter((e) => !voidedBy(state, e))
      : [];
  return { cards, reveals: revealsOf(since) };
}

/** The shuffles after a ruling's rewind, against those its recorded choice makes (`state`: just after the rewind). */
function checkReshuffles(
  state: MatchState,
  events: readonly RecordedEvent[],
  seq: number,
  { cards, reveals }: { cards: RewindCards; reveals: VoidedBranchReveals },
  seed: Uint8Array,
): { text: LocalizedText; seq: number } | undefined {
  const expected =
    cards.order === 'reshuffle' ? reshuffleEvents(state, state.table, reveals, seed) : [];
  for (let i = 0; i <= expected.length; i += 1) {
    const recorded = events[seq + 1 + i];
    const wanted = expected[i];
    if (!wanted) {
      // Nothing more is owed: the ruling's write ends here, and nothing else shuffles right after a rewind.
      if (recorded?.type === 'DeckShuffled')
        return {
          seq: seq + 1 + i,
          text: {
            en: `the ruling's rewind at seq ${seq} ${cards.order === 'keep' ? 'keeps the order of the revealed cards' : 'owes no more shuffles'}, but the log records another shuffle of ${String(recordOf(recorded.data).deck)}`,
            ru: `откат по решению судьи на seq ${seq} ${cards.order === 'keep' ? 'сохраняет порядок открытых карт' : 'больше не требует перемешиваний'}, но журнал записывает ещё одно перемешивание колоды ${String(recordOf(recorded.data).deck)}`,
          },
        };
      return undefined;
    }
    if (recorded === undefined) return undefined;
    const matches =
      recorded.type === wanted.type &&
      recorded.meta.visibility === (wanted.visibility ?? 'public') &&
      same(recorded.data, wanted.data);
    if (!matches)
      return {
        seq: seq + 1 + i,
        text: {
          en: `the ruling's rewind at seq ${seq} shuffles again the decks its voided branch drew from, so it ${difference(wanted, recorded).en}`,
          ru: `откат по решению судьи на seq ${seq} заново перемешивает колоды, из которых брала отменённая ветвь, поэтому он ${difference(wanted, recorded).ru}`,
        },
      };
  }
  return undefined;
}

/**
 * The matches a decision cited, read back from the MatchCited events it recorded: what the
 * decision saw of them then (each was finished, at that head). Whether that head is the cited
 * match's own is checked against its export (`checkLinkedExports`).
 */
function citedBy(events: readonly RecordedEvent[], made: RecordedEvent): CitedMatch[] {
  const cited: CitedMatch[] = [];
  for (let at = made.seq + 1; at < events.length; at += 1) {
    const event = events[at];
    if (event.meta.decisionId !== made.meta.decisionId) break;
    if (event.type !== 'MatchCited') continue;
    const data = event.data as MatchCitedData;
    cited.push({
      matchId: data.matchId,
      ruleset: data.ruleset,
      status: 'finished',
      headSeq: data.headSeq,
      headHash: data.headHash,
      winners: [...(data.took?.winners ?? [])],
      points: { ...(data.took?.points ?? {}) },
      seats: (data.seats ?? []).map((seat) => ({ ...seat })),
    });
  }
  return cited;
}

/**
 * Rolls recorded before `DiceRolled` named its seat lack `data.seat`: such a roll is compared
 * without it (the seat is the decision's, which is decided again). A roll that names a seat
 * must name the decision's.
 */
function asRecordedBefore(expected: NewEvent, recorded: RecordedEvent): NewEvent {
  if (expected.type !== 'DiceRolled' || 'seat' in recordOf(recorded.data)) return expected;
  const { seat: _seat, ...data } = recordOf(expected.data);
  return { ...expected, data };
}

function isRecordWith(data: Record<string, unknown>, key: string): boolean {
  return data[key] !== undefined;
}
