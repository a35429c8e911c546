import type { ViewEvent } from './replay/replay-engine';
import type { TableView } from '../../../domain/match/match-view';
import type { BoardLayout, PieceTypeSpec } from '../../../domain/rulesets/ruleset';
import type { LocalizedText } from '../../../domain/shared/localized-text';

/** The API as the viewer reads it: same origin, the bearer token when one is set. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The problem `type` suffix ('not-found', 'forbidden', ...), or 'network'. */
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export interface MatchSeat {
  seat: string;
  side?: string;
  faction?: string;
  player?: string;
  claimed?: boolean;
}

export interface MatchSummary {
  matchId: string;
  title?: string;
  ruleset: { id: string; version: string };
  status: string;
  seats: MatchSeat[];
  tournamentId?: string;
  public: boolean;
  seq: number;
  createdAt?: string;
  endedAt?: string;
  result?: { winners: string[]; condition: string };
}

export interface MatchListItem extends Omit<MatchSummary, 'seq'> {
  organizer: string;
  lastSeq: number;
  winners?: string[];
  condition?: string;
}

export interface ViewerContext {
  matchId: string;
  viewer: { kind: 'public' | 'seat' | 'judge' | 'admin'; seat?: string };
  token: 'none' | 'applies' | 'other-match';
  seesEverything: boolean;
  horizon: number;
  /** Watching a live match behind the spectator delay. */
  delayed: boolean;
  lastSeq: number;
  /** The caller's own name and actor id (a judge, an organizer), to sign their notes. */
  name?: string;
  actorId?: string;
}

export interface StateView {
  matchId: string;
  seq: number;
  lastSeq: number;
  status: string;
  table: TableView;
  derived: Record<string, unknown>;
}

export interface RulesetDetail {
  id: string;
  version: string;
  title: LocalizedText;
  catalog: PieceTypeSpec[];
  decisions: { kind: string; summary: LocalizedText }[];
}

export interface RulesetSummary {
  id: string;
  title: LocalizedText;
}

export interface AuditView {
  verified: boolean;
  eventCount: number;
  brokenSeq?: number;
  message?: string;
}

export interface RngView {
  revealed: boolean;
  verification: { ok: boolean; checked?: number; firstBadSeq?: number; message?: string };
}

export interface Phrase {
  seq: number;
  en: string;
  ru: string;
}

let token: string | undefined;

export function setApiToken(value: string | undefined): void {
  token = value;
}

async function request(path: string, accept = 'application/json'): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { accept, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await problemOf(response);
  return response;
}

async function problemOf(response: Response): Promise<ApiError> {
  try {
    const problem = (await response.json()) as { type?: string; detail?: string; title?: string };
    const code = problem.type?.split('/').pop() ?? String(response.status);
    return new ApiError(
      response.status,
      code,
      problem.detail ?? problem.title ?? response.statusText,
    );
  } catch {
    return new ApiError(response.status, String(response.status), response.statusText);
  }
}

export async function getJson<T>(path: string): Promise<T> {
  return (await (await request(path)).json()) as T;
}

const api = (matchId: string): string => `/api/v1/matches/${encodeURIComponent(matchId)}`;

export const getMatch = (id: string): Promise<MatchSummary> => getJson(api(id));
export const getViewer = (id: string): Promise<ViewerContext> => getJson(`${api(id)}/viewer`);
export const getLayout = (id: string): Promise<{ layout: BoardLayout }> =>
  getJson(`${api(id)}/layout`);
/** The table after `at` on the line as played (line=all): the viewer steps through every event in log order. */
export const getState = (id: string, at: number): Promise<StateView> =>
  getJson(`${api(id)}/state?at=${at}&line=all`);
export const getAudit = (id: string): Promise<AuditView> => getJson(`${api(id)}/audit`);
export const getRng = (id: string): Promise<RngView> => getJson(`${api(id)}/rng`);
export const getPhrases = (id: string): Promise<{ phrases: Phrase[] }> =>
  getJson(`${api(id)}/phrases`);
export const getRuleset = (id: string): Promise<RulesetDetail> =>
  getJson(`/api/v1/rulesets/${encodeURIComponent(id)}`);
export const listRulesets = (): Promise<RulesetSummary[]> => getJson('/api/v1/rulesets');
export const listMatches = (
  query: URLSearchParams,
): Promise<{ items: MatchListItem[]; nextCursor?: string }> =>
  getJson(`/api/v1/matches?${query.toString()}`);

/** Every event the viewer may see, streamed as NDJSON (one request however long the match). */
export async function getAllEvents(
  id: string,
  onProgress?: (count: number) => void,
): Promise<ViewEvent[]> {
  // line=all: every event in log order, those an undo or a ruling took back marked voidedBy.
  const response = await request(`${api(id)}/events?line=all`, 'application/x-ndjson');
  const events: ViewEvent[] = [];
  const reader = response.body?.getReader();
  if (!reader) return parseLines(await response.text(), events);
  const decoder = new TextDecoder();
  let rest = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    rest += decoder.decode(value, { stream: true });
    const cut = rest.lastIndexOf('\n');
    if (cut >= 0) {
      parseLines(rest.slice(0, cut), events);
      rest = rest.slice(cut + 1);
      onProgress?.(events.length);
    }
  }
  return parseLines(rest + decoder.decode(), events);
}

function parseLines(text: string, into: ViewEvent[]): ViewEvent[] {
  for (const line of text.split('\n')) if (line.trim()) into.push(JSON.parse(line) as ViewEvent);
  return into;
}

export interface Annotation {
  seq: number;
  data: { seq: number; text: string; tags?: string[] };
  meta: { actor: { kind: string; id: string; seat?: string } };
}

/** The notes on the match's events (a side stream), page after page (20 pages of 1000 at most). */
export async function getAnnotations(id: string, maxPages = 20): Promise<Annotation[]> {
  const notes: Annotation[] = [];
  let from: number | undefined = 0;
  for (let page = 0; from !== undefined && page < maxPages; page += 1) {
    const got: { annotations: Annotation[]; nextFrom?: number } = await getJson(
      `${api(id)}/annotations?from=${from}`,
    );
    notes.push(...got.annotations);
    from = got.nextFrom;
  }
  return notes;
}

export interface DisputeSummary {
  disputeId: string;
  matchId: string;
  tournamentId?: string;
  seat: string;
  atSeq: number;
  claim: string;
  ruleRef?: string;
  status: 'open' | 'ruled';
  openedSeq: number;
  openedAt: string;
  decision?: 'upheld' | 'rejected' | 'amended';
  ruledAt?: string;
}

/** The disputes the caller judges (or organizes): judges and organizers only. */
export const listDisputes = (status?: 'open' | 'ruled'): Promise<{ items: DisputeSummary[] }> =>
  getJson(`/api/v1/disputes?limit=500${status ? `&status=${status}` : ''}`);

const tournamentNames = new Map<string, Promise<string>>();

/** A tournament's name (its slug when it cannot be read), asked once per page. */
export function tournamentName(id: string): Promise<string> {
  let name = tournamentNames.get(id);
  if (!name) {
    name = getJson<{ name: string }>(`/api/v1/tournaments/${encodeURIComponent(id)}`).then(
      (t) => t.name || id,
      () => id,
    );
    tournamentNames.set(id, name);
  }
  return name;
}

/** Names of the tournaments given, by slug. */
export async function tournamentNamesOf(
  ids: Iterable<string | undefined>,
): Promise<Map<string, string>> {
  const unique = [...new Set([...ids].filter((id): id is string => !!id))];
  const names = await Promise.all(unique.map(tournamentName));
  return new Map(unique.map((id, i) => [id, names[i]]));
}
