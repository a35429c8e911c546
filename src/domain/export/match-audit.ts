import { DiceInputError, entropyString } from '../dice';
import { canonicalJson } from '../events/canonical-json';
import type { RecordedEvent } from '../events/recorded-event';
import { saltedCommitment } from '../events/secret-commitment';
import { diceSpecOf } from '../match/decision-context';
import { drawsOf, verifyMatchDraws } from '../match/match-draws';
import type { Ruleset } from '../rulesets/ruleset';
import { diceModeOf, type DiceModes } from '../dice/dice-modes';
import { ruCount, type LocalizedText } from '../shared/localized-text';
import type { VerifyFailure } from '../dice/verify';

type DrawFailure = VerifyFailure | { reason: 'uncheckable' };
import { checkReplay, type ReplayProblemCode, type ReplayResult } from './replay-check';
import {
  type DecisionMadeData,
  type DecisionSealedData,
  type DiceRolledData,
  type ReportedRollConfirmedData,
  type MatchCreatedData,
  type MatchStartedData,
  type SealRevealedData,
  type SeatClaimedData,
} from '../match/match-events';

/**
 * What the verifier proves about a match beyond its hash chain (DESIGN section 5), one event
 * at a time as the export is read, then at the end with the revealed seed:
 *
 * - every roll has the source its purpose's dice mode allows (MatchCreated.dice), a spec that
 *   says its dice, and faces that fit them; a server roll carries its counter;
 * - MatchStarted.entropy is recomputed from the seats' entropies in their SeatClaimed events;
 * - every reveal opens the commitment of its DecisionSealed, and the decision it makes is the
 *   revealed one (kind, seat, params);
 * - with the seed: every server roll and shuffle re-derived, counters 0, 1, 2, … per purpose.
 *
 * Reported (physical) rolls cannot be recomputed: they are listed with their confirmation.
 */

export type AuditProblemCode =
  | ReplayProblemCode
  | 'dice_mode'
  | 'invalid_roll'
  | 'missing_counter'
  | 'missing_secret'
  | 'entropy_mismatch'
  | 'seal_mismatch'
  | 'forged_roll'
  | 'forged_shuffle'
  | 'draw_sequence'
  | 'invalid_draw';

export interface AuditProblem {
  code: AuditProblemCode;
  /** The English of `text`. */
  message: string;
  text: LocalizedText;
  seq: number;
}

/** A problem at `seq`, its text opening with the seq in both languages. */
export function auditProblem(
  code: AuditProblemCode,
  seq: number,
  what: LocalizedText,
): AuditProblem {
  const text = { en: `seq ${seq}: ${what.en}`, ru: `seq ${seq}: ${what.ru}` };
  return { code, message: text.en, text, seq };
}

/** Dice modes as a reader reads them: `default: server, morale: reported`. */
function modesText(modes: unknown): string {
  return isRecord(modes)
    ? Object.entries(modes)
        .map(([purpose, mode]) => `${purpose}: ${String(mode)}`)
        .join(', ')
    : String(modes);
}

/** Faces or a deck order, listed (cards by their id). */
function itemsText(items: readonly unknown[]): string {
  return items.map((item) => (isRecord(item) ? canonicalJson(item) : String(item))).join(', ');
}

export interface ReportedRoll {
  seq: number;
  purpose: string;
  faces: number[];
  reporter?: string;
  /** Confirmed once another seat recorded a ReportedRollConfirmed for it (POST rolls/:seq/confirm). */
  confirmation: 'confirmed' | 'unconfirmed';
  confirmedBy?: string[];
}

export interface AuditCounts {
  /** Cards drawn from decks, checked against their deck's verified order. */
  draws: number;
  /** Decisions decided again (with the revealed seed) that yield exactly the recorded events. */
  decisions: number;
  /** Server rolls: re-derived from the seed once it is revealed. */
  rolls: number;
  /** Server shuffles: likewise. */
  shuffles: number;
  /** Sealed decisions whose reveal opened their commitment. */
  sealsOpened: number;
  reportedRolls: { total: number; confirmed: number; unconfirmed: number };
}

export interface AuditSummary {
  counts: AuditCounts;
  /** Whether rolls and shuffles were re-derived (`verified`) or await the seed. */
  dice: 'verified' | 'not_revealed';
  /** The match's dice modes, as MatchCreated fixed them (absent on older matches). */
  diceModes?: DiceModes;
  reportedRolls: ReportedRoll[];
  /** What cannot be checked yet (a match that has not ended), in English. */
  pending: string[];
  /** `pending` in both languages. */
  pendingText: LocalizedText[];
}

interface OpenSeal extends DecisionSealedData {
  seq: number;
  revealed?: { params: unknown; seq: number };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export class MatchAudit {
  /** Every event, for the replay at the end (the fold needs them in order). */
  private readonly events: RecordedEvent[] = [];
  private ruleset: { id: string; version: string } | undefined;
  private diceModes: DiceModes | undefined;
  private seatOrder: string[] = [];
  private readonly entropies = new Map<string, string | undefined>();
  private readonly seals = new Map<string, OpenSeal>();
  /** The reveal whose decision is still to come (its DecisionMade follows it). */
  private awaitingDecision: OpenSeal | undefined;
  private readonly drawEvents: RecordedEvent[] = [];
  private readonly reported: ReportedRoll[] = [];
  private sealsOpened = 0;

  constructor(private readonly rulesets: readonly Ruleset[]) {}

  /**
   * The dice modes are not the header's to choose: they follow from the match's options (the
   * ruleset's `diceModes`), so a header that weakens them (server dice made 'either', to pass
   * forged rolls off as reported ones) is a forgery. Checked when this verifier has the
   * ruleset at the match's version; matches recorded before the modes were kept have none.
   */
  private diceModesProblem(created: MatchCreatedData): LocalizedText | undefined {
    const ruleset = this.rulesets.find(
      (r) => r.id === this.ruleset?.id && r.version === this.ruleset?.version,
    );
    if (!ruleset || created.dice === undefined) return undefined;
    let expected: DiceModes;
    try {
      expected = ruleset.diceModes?.(isRecord(created.options) ? created.options : {}) ?? {
        default: 'either',
      };
    } catch {
      return {
        en: `the options of ${ruleset.id} cannot be read, so its dice modes cannot be checked`,
        ru: `параметры матча ${ruleset.id} не читаются, поэтому его режимы кубиков не проверить`,
      };
    }
    if (canonicalJson(expected) === canonicalJson(created.dice)) return undefined;
    return {
      en: `MatchCreated.dice says ${modesText(created.dice)}, but the match's options give ${modesText(expected)}`,
      ru: `режимы кубиков в MatchCreated — ${modesText(created.dice)}, а параметры матча дают ${modesText(expected)}`,
    };
  }

  /** Checks what one event can show on its own and remembers what the end needs. */
  observe(event: RecordedEvent): AuditProblem | undefined {
    const data = isRecord(event.data) ? event.data : {};
    this.events.push(event);
    const fail = (code: AuditProblemCode, what: LocalizedText): AuditProblem =>
      auditProblem(code, event.seq, what);
    if (this.awaitingDecision && event.type !== 'DecisionMade') {
      const seal = this.awaitingDecision;
      return fail('seal_mismatch', {
        en: `the reveal of ${seal.sealId} is not followed by its decision`,
        ru: `за раскрытием ${seal.sealId} не следует его решение`,
      });
    }
    switch (event.type) {
      case 'MatchCreated': {
        const created = data as unknown as MatchCreatedData;
        this.diceModes = created.dice;
        if (isRecord(created.ruleset))
          this.ruleset = {
            id: String(created.ruleset.id),
            version: String(created.ruleset.version),
          };
        this.seatOrder = (created.seats ?? []).map((s) => s.seat);
        const modes = this.diceModesProblem(created);
        return modes === undefined ? undefined : fail('dice_mode', modes);
      }
      case 'SeatClaimed': {
        const claimed = data as unknown as SeatClaimedData;
        this.entropies.set(claimed.seat, claimed.entropy);
        return undefined;
      }
      case 'MatchStarted':
        // Its entropy enters every draw after it.
        this.drawEvents.push(event);
        return this.checkEntropy(data as unknown as MatchStartedData, fail);
      case 'DiceRolled':
        return this.checkRoll(event, data as unknown as DiceRolledData, fail);
      case 'DeckShuffled':
        if (data.secret === undefined)
          return fail('missing_secret', {
            en: `the shuffle of ${String(data.deck)} comes without its secret`,
            ru: `перемешивание колоды ${String(data.deck)} записано без своего секрета`,
          });
        if (!Number.isSafeInteger(data.k))
          return fail('missing_counter', {
            en: `the shuffle of ${String(data.deck)} has no counter k`,
            ru: `у перемешивания колоды ${String(data.deck)} нет счётчика k`,
          });
        this.drawEvents.push(event);
        return undefined;
      case 'DecisionSealed': {
        const sealed = data as unknown as DecisionSealedData;
        this.seals.set(sealed.sealId, { ...sealed, seq: event.seq });
        return undefined;
      }
      case 'SealRevealed':
        return this.checkReveal(event, data as unknown as SealRevealedData, fail);
      case 'DecisionMade':
        return this.checkSealedDecision(data as unknown as DecisionMadeData, fail);
      case 'ReportedRollConfirmed':
        return this.checkConfirmation(data as unknown as ReportedRollConfirmedData, fail);
      default:
        return undefined;
    }
  }

  /** A confirmation names a reported roll before it, by a seat other than its reporter. */
  private checkConfirmation(
    confirmed: ReportedRollConfirmedData,
    fail: (code: AuditProblemCode, what: LocalizedText) => AuditProblem,
  ): AuditProblem | undefined {
    const roll = this.reported.find((r) => r.seq === confirmed.rollSeq);
    if (!roll)
      return fail('invalid_roll', {
        en: `a confirmation of seq ${String(confirmed.rollSeq)}, which is no reported roll before it`,
        ru: `подтверждение seq ${String(confirmed.rollSeq)}, а до него там нет броска с живых кубиков`,
      });
    if (roll.reporter !== undefined && roll.reporter === confirmed.seat)
      return fail('invalid_roll', {
        en: `seat ${confirmed.seat} confirms the roll it reported`,
        ru: `место ${confirmed.seat} подтверждает собственный бросок`,
      });
    roll.confirmation = 'confirmed';
    roll.confirmedBy = [...(roll.confirmedBy ?? []), String(confirmed.seat)];
    return undefined;
  }

  private checkEntropy(
    started: MatchStartedData,
    fail: (code: AuditProblemCode, what: LocalizedText) => AuditProblem,
  ): AuditProblem | undefined {
    let expected: string;
    try {
      expected = entropyString(this.seatOrder.map((seat) => this.entropies.get(seat)));
    } catch (error) {
      if (!(error instanceof DiceInputError)) throw error;
      return fail('entropy_mismatch', {
        en: `the seats' entropies cannot be joined: ${error.message}`,
        ru: 'энтропии мест не соединяются в одну: у какого-то места она неверна',
      });
    }
    if (started.entropy !== expected)
      return fail('entropy_mismatch', {
        en: `MatchStarted.entropy ${String(started.entropy)} is not the seats' entropies from their SeatClaimed events, in seat order (${expected})`,
        ru: `энтропия MatchStarted (${String(started.entropy)}) — не энтропии мест из их событий SeatClaimed по порядку мест (${expected})`,
      });
    return undefined;
  }

  private checkRoll(
    event: RecordedEvent,
    roll: DiceRolledData,
    fail: (code: AuditProblemCode, what: LocalizedText) => AuditProblem,
  ): AuditProblem | undefined {
    const ints = (v: unknown): v is number[] =>
      Array.isArray(v) && v.every((x) => Number.isSafeInteger(x));
    if (
      typeof roll.purpose !== 'string' ||
      !ints(roll.sides) ||
      !ints(roll.faces) ||
      roll.sides.some((n) => n < 1)
    )
      return fail('invalid_roll', {
        en: 'a roll needs purpose, sides and faces',
        ru: 'у броска должны быть цель (purpose), грани кубиков (sides) и выпавшие значения (faces)',
      });
    if (
      roll.faces.length !== roll.sides.length ||
      roll.faces.some((f, i) => f < 1 || f > roll.sides[i])
    )
      return fail('invalid_roll', {
        en: `faces ${itemsText(roll.faces)} do not fit the dice ${roll.spec}`,
        ru: `значения ${itemsText(roll.faces)} не могут выпасть на кубиках ${roll.spec}`,
      });
    if (roll.spec !== diceSpecOf(roll.sides))
      return fail('invalid_roll', {
        en: `the spec ${String(roll.spec)} is not the dice rolled (${diceSpecOf(roll.sides)})`,
        ru: `запись ${String(roll.spec)} — не те кубики, что брошены (${diceSpecOf(roll.sides)})`,
      });
    const mode = diceModeOf(this.diceModes, roll.purpose);
    if (roll.source === 'reported') {
      if (mode === 'server')
        return fail('dice_mode', {
          en: `a reported roll of ${roll.purpose}, where the match rolls server dice`,
          ru: `бросок ${roll.purpose} с живых кубиков, а в этом матче его бросает сервер`,
        });
      const confirmedBy = Array.isArray(roll.confirmedBy) ? roll.confirmedBy : [];
      this.reported.push({
        seq: event.seq,
        purpose: roll.purpose,
        faces: [...roll.faces],
        ...(roll.reporter === undefined ? {} : { reporter: roll.reporter }),
        confirmation: confirmedBy.length > 0 ? 'confirmed' : 'unconfirmed',
        ...(confirmedBy.length > 0 ? { confirmedBy: [...confirmedBy] } : {}),
      });
      return undefined;
    }
    if (roll.source !== 'server')
      return fail('invalid_roll', {
        en: `the roll's source is ${String(roll.source)}, not server or reported`,
        ru: `источник броска — ${String(roll.source)}, а не сервер (server) и не живые кубики (reported)`,
      });
    if (mode === 'reported')
      return fail('dice_mode', {
        en: `a server roll of ${roll.purpose}, where the match uses reported dice`,
        ru: `бросок ${roll.purpose} сервером, а в этом матче его бросают живыми кубиками`,
      });
    if (!Number.isSafeInteger(roll.k))
      return fail('missing_counter', {
        en: `a server roll of ${roll.purpose} without its counter k`,
        ru: `бросок ${roll.purpose} сервером без счётчика k`,
      });
    this.drawEvents.push(event);
    return undefined;
  }

  private checkReveal(
    event: RecordedEvent,
    reveal: SealRevealedData,
    fail: (code: AuditProblemCode, what: LocalizedText) => AuditProblem,
  ): AuditProblem | undefined {
    const seal = this.seals.get(reveal.sealId);
    if (!seal || seal.revealed)
      return fail('seal_mismatch', {
        en: `${reveal.sealId} is not an open sealed decision`,
        ru: `${reveal.sealId} — не открытое тайное решение`,
      });
    if (seal.seat !== reveal.seat)
      return fail('seal_mismatch', {
        en: `${reveal.sealId} was sealed by ${seal.seat}, revealed by ${reveal.seat}`,
        ru: `${reveal.sealId} запечатало место ${seal.seat}, а раскрыло место ${reveal.seat}`,
      });
    let opened: string;
    try {
      opened = saltedCommitment(String(reveal.salt), reveal.params);
    } catch {
      opened = '';
    }
    if (opened !== seal.commitment)
      return fail('seal_mismatch', {
        en: `the reveal of ${reveal.sealId} does not open the commitment recorded at seq ${seal.seq}`,
        ru: `раскрытие ${reveal.sealId} не открывает обязательство, записанное на seq ${seal.seq}`,
      });
    seal.revealed = { params: reveal.params, seq: event.seq };
    // A void choice has no decision of its own (its stand-in, if any, is decided openly).
    this.awaitingDecision = reveal.void === undefined ? seal : undefined;
    return undefined;
  }

  private checkSealedDecision(
    made: DecisionMadeData,
    fail: (code: AuditProblemCode, what: LocalizedText) => AuditProblem,
  ): AuditProblem | undefined {
    const seal = this.awaitingDecision;
    this.awaitingDecision = undefined;
    if (made.sealId === undefined && !seal) return undefined;
    if (!seal || made.sealId !== seal.sealId)
      return fail('seal_mismatch', {
        en: `a decision of seal ${String(made.sealId)} without its reveal just before`,
        ru: `решение печати ${String(made.sealId)} без её раскрытия прямо перед ним`,
      });
    const same = (a: unknown, b: unknown) => {
      try {
        return canonicalJson(a ?? null) === canonicalJson(b ?? null);
      } catch {
        return false;
      }
    };
    const params = made.secret !== undefined ? made.secret.params : made.params;
    if (made.kind !== seal.kind || made.seat !== seal.seat || !same(params, seal.revealed?.params))
      return fail('seal_mismatch', {
        en: `the decision is not the choice revealed for ${seal.sealId}`,
        ru: `решение — не тот выбор, что раскрыт для ${seal.sealId}`,
      });
    this.sealsOpened += 1;
    return undefined;
  }

  private derivationProblem(matchId: string, seed: Uint8Array): AuditProblem | undefined {
    const verdict = verifyMatchDraws(seed, matchId, this.drawEvents);
    if (verdict.ok) return undefined;
    const { detail } = verdict;
    const reason = 'ok' in detail && detail.ok ? 'invalid' : detail.reason;
    const isShuffle = 'kind' in detail && detail.kind === 'shuffle';
    const code: AuditProblemCode =
      reason === 'mismatch'
        ? isShuffle
          ? 'forged_shuffle'
          : 'forged_roll'
        : reason === 'sequence'
          ? 'draw_sequence'
          : reason === 'uncheckable'
            ? 'missing_counter'
            : 'invalid_draw';
    const what =
      code === 'forged_roll'
        ? 'the dice do not follow from the revealed seed: '
        : code === 'forged_shuffle'
          ? 'the shuffle does not follow from the revealed seed: '
          : '';
    const text = {
      en: `${what}${verdict.message}`,
      ru: drawProblemRu(verdict.seq, detail as DrawFailure),
    };
    return { code, message: text.en, text, seq: verdict.seq };
  }

  /** The end: with the seed (already checked against the commitment), every draw re-derived. */
  finish(matchId: string, seed: Uint8Array | undefined): AuditProblem | AuditSummary {
    if (this.awaitingDecision)
      return auditProblem(
        'seal_mismatch',
        this.awaitingDecision.revealed?.seq ?? this.awaitingDecision.seq,
        {
          en: `the reveal of ${this.awaitingDecision.sealId} is the last event: its decision is missing`,
          ru: `раскрытие ${this.awaitingDecision.sealId} — последнее событие: его решения нет`,
        },
      );
    const { draws } = drawsOf(this.drawEvents);
    const shuffles = draws.filter((d) => d.kind === 'shuffle').length;
    const pending: LocalizedText[] = [];
    const derivation = seed ? this.derivationProblem(matchId, seed) : undefined;
    if (!seed)
      pending.push(
        {
          en: `${draws.length - shuffles} server rolls and ${shuffles} shuffles: re-derived once the seed is revealed at the end`,
          ru: `${ruCount(draws.length - shuffles, 'бросок', 'броска', 'бросков')} сервера и ${ruCount(shuffles, 'перемешивание', 'перемешивания', 'перемешиваний')}: их выведут заново, когда в конце раскроется зерно`,
        },
        {
          en: 'decisions: decided again once the seed is revealed at the end',
          ru: 'решения: их примут заново, когда в конце раскроется зерно',
        },
      );
    const ruleset = this.rulesets.find((r) => r.id === this.ruleset?.id);
    let replayed: ReplayResult = { draws: 0, decisions: 0 };
    if (!ruleset || ruleset.version !== this.ruleset?.version) {
      pending.push({
        en: `deck orders, draws and decisions: not replayed, this verifier has ${ruleset ? `${ruleset.id} ${ruleset.version}` : 'no such ruleset'}, the match was recorded with ${this.ruleset?.id ?? '?'} ${this.ruleset?.version ?? '?'}`,
        ru: `порядок колод, взятые карты и решения не переиграны: у этой проверки ${ruleset ? `правила ${ruleset.id} ${ruleset.version}` : 'нет таких правил'}, а матч записан по ${this.ruleset?.id ?? '?'} ${this.ruleset?.version ?? '?'}`,
      });
      if (derivation) return derivation;
    } else {
      const replay = checkReplay(ruleset, matchId, this.events, seed);
      // The first forgery in log order: a forged shuffle also misleads the draws after it.
      if ('code' in replay) return derivation && derivation.seq <= replay.seq ? derivation : replay;
      if (derivation) return derivation;
      replayed = replay;
    }
    const unrevealed = [...this.seals.values()].filter((s) => !s.revealed).length;
    if (unrevealed > 0)
      pending.push({
        en: `${unrevealed} sealed decisions not revealed yet`,
        ru: `${ruCount(unrevealed, 'тайное решение ещё не раскрыто', 'тайных решения ещё не раскрыты', 'тайных решений ещё не раскрыто')}`,
      });
    const confirmed = this.reported.filter((r) => r.confirmation === 'confirmed').length;
    return {
      counts: {
        ...replayed,
        rolls: draws.length - shuffles,
        shuffles,
        sealsOpened: this.sealsOpened,
        reportedRolls: {
          total: this.reported.length,
          confirmed,
          unconfirmed: this.reported.length - confirmed,
        },
      },
      dice: seed ? 'verified' : 'not_revealed',
      ...(this.diceModes === undefined ? {} : { diceModes: this.diceModes }),
      reportedRolls: this.reported,
      pending: pending.map((what) => what.en),
      pendingText: pending,
    };
  }
}

/** The Russian of a roll or shuffle that does not follow from the seed (`verifyMatchDraws`). */
function drawProblemRu(seq: number, detail: DrawFailure): string {
  if (!('kind' in detail))
    return `seq ${seq}: бросок или перемешивание без счётчика k: его не вывести из зерна`;
  const what = detail.kind === 'shuffle' ? 'перемешивание' : 'бросок';
  const where = `${what} №${detail.index} (${detail.purpose}, k=${detail.k})`;
  if (detail.reason === 'sequence')
    return `seq ${seq}: ${where} идёт со счётчиком k=${detail.actual}, а следующий по порядку — k=${detail.expected}`;
  if (detail.reason === 'mismatch')
    return `seq ${seq}: ${where} не выводится из раскрытого зерна (расхождение на позиции ${detail.position}): должно быть ${itemsText(detail.expected)}, а записано ${itemsText(detail.actual)}`;
  return `seq ${seq}: ${where} не выводится из зерна: его входные данные неверны`;
}
