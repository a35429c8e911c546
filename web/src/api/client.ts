import type { ViewEvent } from '../replay/replay-engine';
import type { TableView } from '@domain/match/match-view';
import type { Lang } from '@domain/rulesets/ruleset';
import type { BoardLayout, PieceTypeSpec } from '@domain/rulesets/ruleset';
import type { components, paths } from './matchlog-api';

/** The API as the viewer reads it: same origin, the bearer token when one is set. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The problem `type` suffix ('not-found', 'forbidden', ...), or 'network'. */
    readonly code: string,
    readonly detail: string,
    /** The whole problem+json, when the server sent one (its `errors`, `rule`, ...). */
    readonly problem?: Problem,
  ) {
    super(detail);
  }
}

export type Problem = Schemas['ProblemDto'];

/**
 * What the API answers, as the OpenAPI document describes it (`npm run api:types` generates
 * the types from /docs-json). Where the document gives only "an object" (the table, a
 * layout, a catalog), the domain's own type says what the viewer reads in it.
 */
type Schemas = components['schemas'];

/** A seat as both the match and the match list show it. */
export type MatchSeat = Schemas['MatchListSeatDto'];
export type MatchSummary = Schemas['MatchDto'];
export type MatchListItem = Schemas['MatchListItemDto'];
export type ViewerContext = Schemas['ViewerContextDto'];
export type StateView = Omit<Schemas['StateDto'], 'table'> & { table: TableView };
export type MatchLayout = Omit<Schemas['LayoutDto'], 'layout'> & { layout: BoardLayout };
export type RulesetDetail = Omit<Schemas['RulesetDetailDto'], 'catalog'> & {
  catalog: PieceTypeSpec[];
};
export type RulesetSummary = Schemas['RulesetSummaryDto'];
export type AuditView = Schemas['AuditDto'];
export type RngView = Schemas['RngDto'];
export type ScoresView = Schemas['ScoresDto'];
export type Annotation = Schemas['AnnotationEventDto'];
export type JudgeNote = Schemas['JudgeNoteEventDto'];
export type DisputeSummary = Schemas['DisputeSummaryDto'];
export type RulesetStats = Schemas['RulesetStatsDto'];
export type LegalDecisions = Schemas['LegalDecisionsDto'];
export type RecordedResult = Schemas['RecordedResultDto'];
export type Receipt = Schemas['ReceiptDto'];
export type DryRunResult = Schemas['DryRunResultDto'];
export type RulingPreview = Schemas['RulingPreviewDto'];
export type CreateMatchBody = Schemas['CreateMatchDto'];
export type CreatedMatch = Schemas['CreatedMatchDto'];
export type ReissuedSeatLink = Schemas['ReissuedSeatLinkDto'];
export type RegisteredPlayer = Schemas['PlayerDto'];

let token: string | undefined;
/** The page's language: every call asks for it, so refusals (`detail`) come in it. */
let language: Lang = 'en';

export function setApiToken(value: string | undefined): void {
  token = value;
}

export function setApiLanguage(value: Lang): void {
  language = value;
}

export function apiLanguage(): Lang {
  return language;
}

/** The headers every API call sends: what it accepts, the page's language, the token. */
export function apiHeaders(accept = 'application/json'): Record<string, string> {
  return {
    accept,
    'accept-language': apiLanguage(),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

/** A read with the page's token, or with `bearer` (a seat link this browser keeps) instead. */
async function request(
  path: string,
  accept = 'application/json',
  bearer?: string,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: { ...apiHeaders(accept), ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    });
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await problemOf(response);
  // The server answered a public read as to an anonymous caller because the token is unknown
  // or revoked: the page says so (and offers to forget it) rather than silently show less.
  if (token && response.headers.get('x-matchlog-auth') === 'ignored-unknown-token')
    throw new ApiError(401, 'unauthorized', 'The bearer token is unknown or revoked');
  return response;
}

async function problemOf(response: Response): Promise<ApiError> {
  try {
    const problem = (await response.json()) as Partial<Problem>;
    const code = problem.type?.split('/').pop() ?? String(response.status);
    return new ApiError(
      response.status,
      code,
      problem.detail ?? problem.title ?? response.statusText,
      problem.type ? (problem as Problem) : undefined,
    );
  } catch {
    return new ApiError(response.status, String(response.status), response.statusText);
  }
}

/** A write: JSON in and out, the token, and the problem thrown as an ApiError. */
export async function postJson<T>(
  path: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { ...apiHeaders(), 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await problemOf(response);
  return (await response.json()) as T;
}

async function getJson<T>(path: string): Promise<T> {
  return (await (await request(path)).json()) as T;
}

/** The JSON a GET of the documented path `P` answers with 200. */
type Answer<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer Body } } } };
}
  ? Body
  : never;

const api = (matchId: string): string => `/api/v1/matches/${encodeURIComponent(matchId)}`;

export const getMatch = (id: string): Promise<MatchSummary> =>
  getJson<Answer<'/api/v1/matches/{id}'>>(api(id));
/** The match as the holder of another token (a seat link kept by this browser) sees it. */
export const getMatchAs = async (id: string, bearer: string): Promise<MatchSummary> =>
  (await (await request(api(id), 'application/json', bearer)).json()) as MatchSummary;
export const getViewer = (id: string): Promise<ViewerContext> =>
  getJson<Answer<'/api/v1/matches/{id}/viewer'>>(`${api(id)}/viewer`);
export const getLayout = (id: string): Promise<MatchLayout> =>
  getJson<MatchLayout>(`${api(id)}/layout`);
/** The table after `at` on the line as played (line=all): the viewer steps through every event in log order. */
export const getState = (id: string, at: number): Promise<StateView> =>
  getJson<StateView>(`${api(id)}/state?at=${at}&line=all`);
/** Each seat's score over the match as its ruleset derives it (a step series; empty when it derives none). */
export const getScores = (id: string): Promise<ScoresView> =>
  getJson<Answer<'/api/v1/matches/{id}/scores'>>(`${api(id)}/scores`);
export const getAudit = (id: string): Promise<AuditView> =>
  getJson<Answer<'/api/v1/matches/{id}/audit'>>(`${api(id)}/audit`);
export const getRng = (id: string): Promise<RngView> =>
  getJson<Answer<'/api/v1/matches/{id}/rng'>>(`${api(id)}/rng`);
/** The table now, on the line in play (what the next decision is made on). */
export const getHeadState = (id: string): Promise<StateView> =>
  getJson<StateView>(`${api(id)}/state`);
export const getLegalDecisions = (id: string): Promise<LegalDecisions> =>
  getJson<Answer<'/api/v1/matches/{id}/legal-decisions'>>(`${api(id)}/legal-decisions`);
/** What a judge may choose for `seat` as a ruling's corrective decision (a judge's token). */
export const getCorrectiveDecisions = (id: string, seat: string): Promise<LegalDecisions> =>
  getJson<Answer<'/api/v1/matches/{id}/legal-decisions'>>(
    `${api(id)}/legal-decisions?seat=${encodeURIComponent(seat)}&for=corrective`,
  );
/** The path of a write on the match: `matchPath(id, 'decisions')`. */
export const matchPath = (id: string, rest: string): string => `${api(id)}/${rest}`;
/** The match's leaf in the public transparency log, its inclusion proof and checkpoint (404 until it ends). */
export const getLogInclusion = (id: string): Promise<Answer<'/api/v1/log/proof/inclusion'>> =>
  getJson(`/api/v1/log/proof/inclusion?match=${encodeURIComponent(id)}`);
export const getRuleset = (id: string): Promise<RulesetDetail> =>
  getJson<RulesetDetail>(`/api/v1/rulesets/${encodeURIComponent(id)}`);
/** The rule references of a ruleset's rules text, each with its section and quote, for a ruling to cite. */
export const getRulesetRules = (id: string): Promise<Answer<'/api/v1/rulesets/{id}/rules'>> =>
  getJson(`/api/v1/rulesets/${encodeURIComponent(id)}/rules`);
export const getRulesetStats = (ruleset: string): Promise<RulesetStats> =>
  getJson<Answer<'/api/v1/stats/rulesets/{ruleset}'>>(
    `/api/v1/stats/rulesets/${encodeURIComponent(ruleset)}`,
  );
export const listRulesets = (): Promise<Answer<'/api/v1/rulesets'>> => getJson('/api/v1/rulesets');
/** Creates a match (an organizer's token): its id and one token per seat, shown this once. */
export const createMatch = (body: CreateMatchBody): Promise<CreatedMatch> =>
  postJson('/api/v1/matches', body);
/**
 * Registered players: those a picker suggests for what was typed (`prefix`: a word of a name
 * or alias, or the id, starting with it), or those a text names exactly (`name`, as a claim
 * resolves it).
 */
export const findPlayers = (
  query: { prefix: string } | { name: string },
  limit: number,
): Promise<Answer<'/api/v1/players'>> =>
  getJson(`/api/v1/players?${new URLSearchParams({ ...query, limit: String(limit) }).toString()}`);
/** A write on the match as the seat whose token is given (the organizer acting for a player). */
export const postAsSeat = <T>(
  matchId: string,
  rest: string,
  seatToken: string,
  body: unknown = {},
): Promise<T> =>
  postJson<T>(matchPath(matchId, rest), body, { authorization: `Bearer ${seatToken}` });
/** The events the calling seat may ask to take the table back to, checked by the server. */
export const getUndoTargets = (id: string): Promise<Answer<'/api/v1/matches/{id}/undo-targets'>> =>
  getJson(`${api(id)}/undo-targets`);
export const listMatches = (query: URLSearchParams): Promise<Answer<'/api/v1/matches'>> =>
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

/** The notes on the match's events (a side stream), page after page (20 pages of 1000 at most). */
export async function getAnnotations(id: string, maxPages = 20): Promise<Annotation[]> {
  const notes: Annotation[] = [];
  let from: number | undefined = 0;
  for (let page = 0; from !== undefined && page < maxPages; page += 1) {
    const got: Answer<'/api/v1/matches/{id}/annotations'> = await getJson(
      `${api(id)}/annotations?from=${from}`,
    );
    notes.push(...got.annotations);
    from = got.nextFrom;
  }
  return notes;
}

/** The private judge notes of a match: its judges and admins only. */
export async function getJudgeNotes(id: string, maxPages = 20): Promise<JudgeNote[]> {
  const notes: JudgeNote[] = [];
  let from: number | undefined = 0;
  for (let page = 0; from !== undefined && page < maxPages; page += 1) {
    const got: Answer<'/api/v1/matches/{id}/judge-notes'> = await getJson(
      `${api(id)}/judge-notes?from=${from}`,
    );
    notes.push(...got.notes);
    from = got.nextFrom;
  }
  return notes;
}

/** The disputes the caller judges (or organizes): judges and organizers only. */
export const listDisputes = (status?: 'open' | 'ruled'): Promise<Answer<'/api/v1/disputes'>> =>
  getJson(`/api/v1/disputes?limit=500${status ? `&status=${status}` : ''}`);

const tournamentNames = new Map<string, Promise<string>>();

/** A tournament's name (its slug when it cannot be read), asked once per page. */
export function tournamentName(id: string): Promise<string> {
  let name = tournamentNames.get(id);
  if (!name) {
    name = getJson<Answer<'/api/v1/tournaments/{tournamentId}'>>(
      `/api/v1/tournaments/${encodeURIComponent(id)}`,
    ).then(
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
