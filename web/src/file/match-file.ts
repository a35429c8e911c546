import type { RecordedEvent } from '@domain/events/recorded-event';
import { evolveMatch } from '@domain/match/evolve-match';
import { initialMatchState } from '@domain/match/match-state';
import { viewTable, type TableView } from '@domain/match/match-view';
import { deriveMatch, ScoreTrail } from '@domain/match/score-series';
import { parseReceipts, verifyExport, type ExportHeader, type ExportVerdict } from '@domain/export';
import type { LocalizedText } from '@domain/shared/localized-text';
import { RULESETS } from '@domain/rulesets';
import type { BoardLayout, Ruleset } from '@domain/rulesets/ruleset';
import { REWIND_TYPES } from '../replay/replay-engine';
import type { ReplayData, ReplaySource } from '../replay/replay-source';
import { checkSignatures, uncheckedSignatures } from './browser-crypto';

/**
 * A signed export ("match file") read in the browser with no server: checked by the domain's
 * own verifier (`verifyExport`, what `matchlog verify` runs), then replayed by the viewer.
 */
export interface MatchFile {
  name: string;
  verdict: ExportVerdict;
  /** How long the check took, in milliseconds. */
  millis: number;
  header: ExportHeader | undefined;
  /** The events of the file that read, seq 0, 1, 2, … up to the first that does not. */
  events: RecordedEvent[];
  /** The name of the receipts file checked with it, if one was. */
  receipts?: string;
}

/** A receipts file (NDJSON) given with the match file, as `matchlog verify --receipts` takes it. */
export interface ReceiptsFile {
  name: string;
  text: string;
}

/**
 * `receipts`: the receipts file given with the match file, if any, already accepted by
 * `receiptsRefusal` (a file of another match or not receipts at all is refused before).
 */
export async function readMatchFile(
  name: string,
  text: string,
  receipts?: ReceiptsFile,
): Promise<MatchFile> {
  const lines = text.split('\n');
  const receiptLines = receipts?.text.split('\n');
  const started = performance.now();
  let verdict = verifyExport(lines, undefined, receiptLines);
  // Ed25519 is asynchronous in WebCrypto: the signatures the verifier asked about are checked
  // now, and when one fails the verifier runs again, answered this time (browser-crypto.ts).
  const asked = uncheckedSignatures();
  if (asked.length > 0 && (await checkSignatures(asked)).some((ok) => !ok)) {
    verdict = verifyExport(lines, undefined, receiptLines);
    uncheckedSignatures();
  }
  const millis = performance.now() - started;
  return {
    name,
    verdict,
    millis,
    ...eventsOf(lines),
    ...(receipts ? { receipts: receipts.name } : {}),
  };
}

/**
 * Why a receipts file cannot be used with this match file, in both languages: a line that is
 * not a receipt, no receipt at all, or a receipt of another match. Undefined when it can.
 */
export function receiptsRefusal(
  receipts: ReceiptsFile,
  matchText: string,
): LocalizedText | undefined {
  const parsed = parseReceipts(receipts.text.split('\n'));
  if ('code' in parsed)
    return {
      en: `${receipts.name} is not a receipts file: line ${parsed.receiptLine} is not a matchlog receipt (one JSON receipt a line, as the play and dispute pages save them). The match file is checked without it.`,
      ru: `${receipts.name} — не файл квитанций: строка ${parsed.receiptLine} — не квитанция matchlog (по одной квитанции JSON в строке, как их сохраняют страницы игры и спора). Файл матча проверен без него.`,
    };
  if (parsed.length === 0)
    return {
      en: `${receipts.name} holds no receipts. The match file is checked without it.`,
      ru: `В ${receipts.name} нет ни одной квитанции. Файл матча проверен без него.`,
    };
  const matchId = eventsOf(matchText.split('\n')).header?.matchId;
  const other = parsed.find((receipt) => receipt.match !== matchId);
  if (matchId !== undefined && other)
    return {
      en: `The receipt at line ${other.line} of ${receipts.name} is of another match (${other.match}), not of this one (${matchId}). The match file is checked without it.`,
      ru: `Квитанция в строке ${other.line} файла ${receipts.name} — от другого матча (${other.match}), а не от этого (${matchId}). Файл матча проверен без него.`,
    };
  return undefined;
}

function eventsOf(lines: readonly string[]): Pick<MatchFile, 'header' | 'events'> {
  let header: ExportHeader | undefined;
  const events: RecordedEvent[] = [];
  for (const line of lines) {
    if (!line.trim()) continue;
    let value: { kind?: unknown; event?: RecordedEvent };
    try {
      value = JSON.parse(line) as typeof value;
    } catch {
      break;
    }
    if (value?.kind === 'header' && !header) header = value as unknown as ExportHeader;
    else if (value?.kind === 'event' && value.event?.seq === events.length && value.event.meta)
      events.push(value.event);
    else if (value?.kind !== 'trailer') break;
  }
  return { header, events };
}

/** The file as the replay reads it: every event whole (an export is never redacted). */
export function fileSource(file: MatchFile): ReplaySource {
  const header = file.header as ExportHeader;
  const ruleset = RULESETS.find((r) => r.id === header.ruleset.id);
  const anchors = new Map<number, TableView>();
  const everything = { kind: 'judge' } as const;
  return {
    id: `file:${file.name}:${header.matchId}:${file.events.length}`,
    async load(): Promise<ReplayData> {
      const last = file.events.length - 1;
      // One fold of the file: the tables a rewind returns to, and the board's layout at the end.
      let layout: BoardLayout = { kind: 'areas' };
      let status: ReplayData['match']['status'] = 'started';
      let scores: ReplayData['scores'];
      if (ruleset) {
        const state = initialMatchState(header.matchId, ruleset.initialState());
        // The scores as the server's GET scores derives them, from this same fold.
        const trail = new ScoreTrail();
        for (const event of file.events) {
          evolveMatch(ruleset as Ruleset, state, event);
          trail.add(event.seq, deriveMatch(ruleset as Ruleset, state).scores);
          if (REWIND_TYPES.has(event.type))
            anchors.set(event.seq, viewTable(state.table, everything, true));
        }
        if (state.status !== 'none') status = state.status;
        scores = {
          seats: state.seats.map((seat) => seat.seat),
          points: trail.series(state, 'effective'),
        };
        try {
          layout = ruleset.layout?.(state.table, state.setup) ?? layout;
        } catch {
          // A layout that cannot be drawn from this setup: the board lists the zones instead.
        }
      }
      return {
        match: {
          matchId: header.matchId,
          title: header.title,
          status,
          ruleset: header.ruleset,
          seats: header.seats.map((s) => ({
            seat: s.seat,
            claimed: s.player !== undefined,
            ...(s.side ? { side: s.side } : {}),
            ...(s.faction ? { faction: s.faction } : {}),
            ...(s.player?.name ? { player: s.player.name } : {}),
          })),
        },
        viewer: {
          matchId: header.matchId,
          viewer: { kind: 'public' },
          token: 'none',
          seesEverything: true,
          horizon: last,
          delayed: false,
          lastSeq: last,
        },
        events: file.events,
        layout,
        ...(scores ? { scores } : {}),
        fromFile: true,
        ruleset: ruleset && {
          catalog: ruleset.catalog,
          resourceTracks: [...(ruleset.resourceTracks ?? [])],
          decisions: Object.entries(ruleset.decisions).map(([kind, spec]) => ({
            kind,
            summary: spec.summary,
            turn: spec.turn,
            params: {},
          })),
        },
      };
    },
    async stateAt(seq) {
      const known = anchors.get(seq);
      if (known) return known;
      const state = initialMatchState(header.matchId, ruleset?.initialState());
      for (const event of file.events.slice(0, seq + 1))
        if (ruleset) evolveMatch(ruleset as Ruleset, state, event);
      return viewTable(state.table, everything, true);
    },
    annotations: async () => [],
    audit: async () => undefined,
    rng: async () => undefined,
  };
}
