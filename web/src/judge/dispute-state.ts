import { useEffect, useState } from 'preact/hooks';
import { own } from '@domain/shared/id-record';
import { SeatNames } from '@domain/naming/seat-names';
import { Phraser } from '@domain/naming/phraser';
import { indexNames } from '@domain/naming/name-index';
import { ApiError, getRuleset, getRulesetRules, getState, tournamentNamesOf } from '../api/client';
import { loadRulesetWords, type RulesetWords } from '../ruleset-words';
import {
  cloneClientTable,
  ReplayEngine,
  type ClientTable,
  type ViewEvent,
} from '../replay/replay-engine';
import { serverSource, type ReplayData } from '../replay/replay-source';
import { indexTimeline, type TimelineIndex, type Touched } from '../replay/timeline';

/**
 * The dispute page's state: the match as the judge's token reads it, the dispute's events,
 * the tables at the disputed event and now, and what the evidence and the ruling form derive
 * from them (what led up to the dispute, the default rewind target, the rules to cite).
 */

export interface DisputeFacts {
  atSeq: number;
  seat: string;
  claim: string;
  ruleRef?: string;
  opened: ViewEvent;
  comments: ViewEvent[];
  /** The ruling in force: after an overturned appeal, the one that replaced the first. */
  ruling?: ViewEvent;
  /** The appeal of the ruling (RulingAppealed), and the head judge's answer (AppealDecided). */
  appeal?: ViewEvent;
  appealAnswer?: ViewEvent;
}

export interface Loaded extends ReplayData {
  words: RulesetWords;
  seatNames: SeatNames;
  phraser: Phraser;
  engine: ReplayEngine;
  index: TimelineIndex;
  dispute: DisputeFacts | undefined;
  /** The reason of the pause in force, if the match is paused. */
  pause: string | undefined;
  tournament: string | undefined;
  /** The ruleset's rule references, for the ruling to cite. */
  rules: RuleReference[];
  /** The match's options with their quoted rules. */
  options: MatchOption[];
  /** The ruleset's params schemas, for the corrective decisions' forms. */
  schemas: Record<string, unknown>;
  /** The match's dice source option (server, reported or either), for those forms. */
  diceSource: string | undefined;
}

/** The events of the dispute: who raised it about which event, the comments, the ruling. */
export function disputeFacts(
  events: readonly ViewEvent[],
  disputeId: string,
): DisputeFacts | undefined {
  let facts: DisputeFacts | undefined;
  for (const event of events) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    if (data.disputeId !== disputeId) continue;
    if (event.type === 'DisputeOpened')
      facts = {
        atSeq: Number(data.atSeq),
        seat: String(data.seat),
        claim: String(data.claim ?? ''),
        ...(typeof data.ruleRef === 'string' ? { ruleRef: data.ruleRef } : {}),
        opened: event,
        comments: [],
      };
    else if (facts && event.type === 'DisputeCommented') facts.comments.push(event);
    else if (facts && event.type === 'RulingIssued') facts.ruling = event;
    else if (facts && event.type === 'RulingAppealed') facts.appeal = event;
    else if (facts && event.type === 'AppealDecided') facts.appealAnswer = event;
  }
  return facts;
}

/** The pause in force at the head: the last MatchPaused not followed by MatchResumed. */
export function pauseOf(events: readonly ViewEvent[]): string | undefined {
  let reason: string | undefined;
  for (const event of events) {
    if (event.type === 'MatchPaused')
      reason = String((event.data as { reason?: unknown }).reason ?? '');
    else if (event.type === 'MatchResumed') reason = undefined;
  }
  return reason;
}

/** The table after `seq`, folded in the browser; after a rewind, the server's table there. */
export async function tableAt(
  engine: ReplayEngine,
  matchId: string,
  seq: number,
): Promise<ClientTable> {
  for (let anchors = 0; anchors < 100; anchors += 1) {
    const at = engine.at(seq);
    // The engine folds one working table in place: the page keeps a copy of its own.
    if (at.table) return cloneClientTable(at.table);
    engine.addAnchor(at.need, (await getState(matchId, at.need)).table);
  }
  throw new ApiError(500, 'anchors', `The table at event ${seq} needs too many server reads`);
}

/**
 * What differs between the table at the disputed event and the table now: pieces moved,
 * changed, come or gone, the zones they left or reached, tracks, loss piles and the turn.
 * Both boards mark it, so a judge sees at a glance what the dispute is about.
 */
export function difference(at: ClientTable, now: ClientTable): Touched {
  const touched: Touched = {
    pieces: new Set(),
    zones: new Set(),
    fleets: new Set(),
    tracks: new Set(),
    owners: new Set(),
    roll: false,
    turn: false,
  };
  const a = at.table;
  const b = now.table;
  for (const id of new Set([...Object.keys(a.pieces), ...Object.keys(b.pieces)])) {
    const before = own(a.pieces, id);
    const after = own(b.pieces, id);
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    touched.pieces.add(id);
    if (before) touched.zones.add(before.zone);
    if (after) touched.zones.add(after.zone);
  }
  for (const id of new Set([...Object.keys(a.tracks), ...Object.keys(b.tracks)]))
    if (own(a.tracks, id)?.value !== own(b.tracks, id)?.value) touched.tracks.add(id);
  for (const owner of new Set([...Object.keys(a.losses), ...Object.keys(b.losses)]))
    if ((own(a.losses, owner) ?? []).length !== (own(b.losses, owner) ?? []).length)
      touched.owners.add(owner);
  for (const id of new Set([...Object.keys(a.fleets), ...Object.keys(b.fleets)]))
    if (JSON.stringify(own(a.fleets, id)) !== JSON.stringify(own(b.fleets, id)))
      touched.fleets.add(id);
  touched.turn = JSON.stringify(a.turn) !== JSON.stringify(b.turn);
  return touched;
}

export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'error', String(error));
}

/** The dispute page's data, read once and again after each write (`reload`). */
export function useDisputeData(
  matchId: string,
  disputeId: string,
  token: string | undefined,
): {
  data: Loaded | undefined;
  error: ApiError | undefined;
  tables: { at: ClientTable; now: ClientTable } | undefined;
  reload(): void;
} {
  const [version, setVersion] = useState(0);
  const [data, setData] = useState<Loaded | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  const [tables, setTables] = useState<{ at: ClientTable; now: ClientTable } | undefined>();

  useEffect(() => {
    let live = true;
    (async () => {
      const loaded = await serverSource(matchId).load(() => undefined);
      const words = await loadRulesetWords(loaded.match.ruleset.id);
      const names = indexNames(loaded.events, words);
      const seatNames = new SeatNames(loaded.match.seats, words, names.claims, names.sides);
      seatNames.addPeopleOf(loaded.viewer);
      const engine = new ReplayEngine(loaded.events, {
        everything: loaded.viewer.seesEverything,
        ...(loaded.viewer.viewer.seat ? { seat: loaded.viewer.viewer.seat } : {}),
      });
      const dispute = disputeFacts(loaded.events, disputeId);
      const tournamentId = (loaded.match as { tournamentId?: string }).tournamentId;
      const [tournaments, rules, detail] = await Promise.all([
        tournamentId ? tournamentNamesOf([tournamentId]) : new Map<string, string>(),
        rulesOf(loaded.match.ruleset.id),
        rulesetDetailOf(loaded.match.ruleset.id),
      ]);
      const last = loaded.events.length - 1;
      const at = dispute
        ? await tableAt(engine, matchId, Math.min(dispute.atSeq, last))
        : undefined;
      const now = await tableAt(engine, matchId, last);
      if (!live) return;
      setData({
        ...loaded,
        words,
        seatNames,
        phraser: new Phraser(names, seatNames, words, loaded.ruleset),
        engine,
        index: indexTimeline(loaded.events),
        dispute,
        pause: pauseOf(loaded.events),
        tournament: tournamentId ? (tournaments.get(tournamentId) ?? tournamentId) : undefined,
        rules,
        options: matchOptionsOf(loaded.events, detail.options),
        schemas: detail.schemas,
        diceSource: diceSourceOf(loaded.events),
      });
      setTables(at ? { at, now } : undefined);
      setError(undefined);
    })().catch((e: unknown) => live && setError(asApiError(e)));
    return () => {
      live = false;
    };
  }, [matchId, disputeId, version, token]);

  return { data, error, tables, reload: () => setVersion((v) => v + 1) };
}

/** A rule reference a ruling may cite: GET /rulesets/:id/rules. */
export interface RuleReference {
  key: string;
  ref: string;
  section: string;
  quote: string;
}

async function rulesOf(rulesetId: string): Promise<RuleReference[]> {
  // A server without the route (or a game without a rules text) leaves the rule to be typed.
  return (await getRulesetRules(rulesetId).catch(() => ({ rules: [] }))).rules;
}

interface OptionSpecView {
  id: string;
  title: { en: string; ru: string };
  ruleRef?: string;
  choices?: { value: string; title: { en: string; ru: string } }[];
  default: unknown;
}

/** The ruleset's options and params schemas (none from a server that does not answer). */
async function rulesetDetailOf(
  rulesetId: string,
): Promise<{ options: OptionSpecView[]; schemas: Record<string, unknown> }> {
  const detail = await getRuleset(rulesetId).catch(() => undefined);
  return {
    options: (detail?.options ?? []) as unknown as OptionSpecView[],
    schemas: (detail?.schemas ?? {}) as Record<string, unknown>,
  };
}

/** The match's `diceSource` option as MatchCreated set it, if it did. */
function diceSourceOf(events: readonly ViewEvent[]): string | undefined {
  const created = events.find((e) => e.type === 'MatchCreated');
  const options = (created?.data as { options?: Record<string, unknown> } | undefined)?.options;
  return typeof options?.diceSource === 'string' ? options.diceSource : undefined;
}

/** One option of the match as set at its creation, with the rule it interprets. */
export interface MatchOption {
  id: string;
  title: { en: string; ru: string };
  /** The value's own title for an enum option; else the value as written. */
  value: { en: string; ru: string };
  ruleRef?: string;
  /** Whether the match set it (else it is the ruleset's default). */
  set: boolean;
}

/** The match's options (MatchCreated's `options`, defaults for the rest), each with its quoted rule. */
export function matchOptionsOf(
  events: readonly ViewEvent[],
  specs: readonly OptionSpecView[],
): MatchOption[] {
  const created = events.find((e) => e.type === 'MatchCreated');
  const chosen = ((created?.data as { options?: Record<string, unknown> } | undefined)?.options ??
    {}) as Record<string, unknown>;
  return specs.map((spec) => {
    const set = Object.prototype.hasOwnProperty.call(chosen, spec.id);
    const value = set ? own(chosen, spec.id) : spec.default;
    const choice = spec.choices?.find((c) => c.value === value);
    const text =
      typeof value === 'boolean'
        ? value
          ? { en: 'yes', ru: 'да' }
          : { en: 'no', ru: 'нет' }
        : undefined;
    return {
      id: spec.id,
      title: spec.title,
      value: choice?.title ?? text ?? { en: String(value), ru: String(value) },
      ...(spec.ruleRef ? { ruleRef: spec.ruleRef } : {}),
      set,
    };
  });
}
