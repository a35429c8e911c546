import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import {
  ApiError,
  createMatch,
  findPlayers,
  getRuleset,
  listRulesets,
  postAsSeat,
  type CreatedMatch,
  type RulesetDetail,
  type RulesetSummary,
} from '../api/client';
import { newWords } from './new-words';
import { loadRulesetWords, type RulesetWords } from '../ruleset-words';
import { parseDeckList } from './deck-list';
import {
  DECK_DECISION,
  broughtPosition,
  fieldOfPath,
  initialDraft,
  matchRequest,
  needsResolving,
  optionsOf,
  registersDecks,
  resolvedSeat,
  setupFieldsOf,
  type FieldProblems,
  type MatchDraft,
  type ProblemKey,
  type SeatDraft,
} from './match-request';
import { type PreparedSeat } from './seat-handout';
import type { Update } from './new-match-fields';
import { seatPlayerOf } from './player-picker-state';

/** What the organizer's form holds and does, for the view (`new-match-page.tsx`) to show. */
export interface NewMatchState {
  rulesets: RulesetSummary[];
  rulesetId: string;
  setRulesetId(id: string): void;
  ruleset: RulesetDetail | undefined;
  words: RulesetWords | undefined;
  draft: MatchDraft | undefined;
  problems: FieldProblems;
  summary: string | undefined;
  busy: boolean;
  /** The match once created, with the seats as prepared for their players. */
  created: { match: CreatedMatch; seats: PreparedSeat[] } | undefined;
  update: Update;
  setSeat(index: number, patch: Partial<SeatDraft>): void;
  submit(event: Event): Promise<void>;
  /** Back to an empty form for another match of the same ruleset. */
  another(): void;
}

/**
 * The state of `/new`: the rulesets, the chosen one's detail and words, the draft and its
 * problems; submitting checks the draft, creates the match and prepares its seats.
 */
export function useNewMatch(lang: Lang): NewMatchState {
  const [rulesets, setRulesets] = useState<RulesetSummary[]>([]);
  const [rulesetId, setRulesetId] = useState('');
  const [ruleset, setRuleset] = useState<RulesetDetail | undefined>();
  const [words, setWords] = useState<RulesetWords | undefined>();
  const [draft, setDraft] = useState<MatchDraft | undefined>();
  const [problems, setProblems] = useState<FieldProblems>({});
  const [summary, setSummary] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<{ match: CreatedMatch; seats: PreparedSeat[] }>();
  // A moment saved from a replay, brought in the address: its ruleset and position prefill the form.
  const brought = useMemo(() => broughtPosition(location.hash), []);

  useEffect(() => {
    listRulesets().then(
      (list) => {
        setRulesets(list);
        setRulesetId(
          (current) =>
            current || list.find((r) => r.id === brought?.ruleset)?.id || list[0]?.id || '',
        );
      },
      (e: unknown) => setSummary(messageOf(e)),
    );
  }, []);

  useEffect(() => {
    if (!rulesetId) return;
    let live = true;
    setRuleset(undefined);
    Promise.all([getRuleset(rulesetId), loadRulesetWords(rulesetId)]).then(
      ([detail, loaded]) => {
        if (!live) return;
        setRuleset(detail);
        setWords(loaded);
        const fresh = initialDraft(detail);
        setDraft(
          brought && detail.id === brought.ruleset
            ? { ...fresh, position: brought.position }
            : fresh,
        );
        setProblems({});
        setSummary(undefined);
      },
      (e: unknown) => live && setSummary(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [rulesetId]);

  const fieldKeys = useMemo(
    () => (ruleset && draft ? fieldKeysOf(ruleset, draft) : []),
    [ruleset, draft],
  );

  const update = (change: (d: MatchDraft) => MatchDraft): void =>
    setDraft((d) => (d ? change(d) : d));
  const setSeat = (index: number, patch: Partial<SeatDraft>): void => {
    update((d) => ({ ...d, seats: d.seats.map((s, i) => (i === index ? { ...s, ...patch } : s)) }));
    // A player picked or named anew answers what was asked of the field.
    const key = `seats.${index}.player`;
    if (('registered' in patch || 'nameOnly' in patch) && key in problems) {
      const rest = withoutKey(problems, key);
      setProblems(rest);
      // The last problem answered: nothing is left to fix.
      if (Object.keys(rest).length === 0) setSummary(undefined);
    }
  };

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (!ruleset || !draft || busy) return;
    setSummary(undefined);
    const problemText = (key: ProblemKey, range?: string): string =>
      newWords(PROBLEM_LABELS[key], lang, { range: range ?? '' });
    const checked = matchRequest(rulesetId, ruleset, draft, problemText);
    const deckProblems = deckProblemsOf(ruleset, draft, lang);
    const local = { ...(checked.ok ? {} : checked.problems), ...deckProblems };
    setProblems(local);
    if (!checked.ok || Object.keys(deckProblems).length) {
      setSummary(newWords('fixFields', lang));
      return;
    }
    setBusy(true);
    try {
      // Typed names the registry knows: one player links the seat, several are asked about.
      const resolved = await resolveNames(draft);
      setDraft((d) =>
        d
          ? {
              ...d,
              seats: d.seats.map((s, i) => (sameRow(s, draft.seats[i]) ? resolved.seats[i] : s)),
            }
          : d,
      );
      const ambiguous: FieldProblems = {};
      resolved.seats.forEach((seat, i) => {
        if (seat.candidates?.length)
          ambiguous[`seats.${i}.player`] = newWords('playerAmbiguous', lang);
      });
      if (Object.keys(ambiguous).length) {
        setProblems(ambiguous);
        setSummary(newWords('fixFields', lang));
        return;
      }
      // The same form with the players' ids: it passed the checks above.
      const request = matchRequest(rulesetId, ruleset, resolved, problemText);
      if (!request.ok) {
        setProblems(request.problems);
        setSummary(newWords('fixFields', lang));
        return;
      }
      const match = await createMatch(request.body);
      const seats = await prepareSeats(
        match,
        ruleset,
        resolved,
        (id) => words?.faction?.(id)?.[lang],
      );
      setCreated({ match, seats });
    } catch (e) {
      const { fields, rest } = problemsOf(e, fieldKeys);
      setProblems(fields);
      setSummary(rest ?? newWords('fixFields', lang));
    } finally {
      setBusy(false);
    }
  };

  const another = (): void => {
    setCreated(undefined);
    if (ruleset) setDraft(initialDraft(ruleset));
  };
  return {
    rulesets,
    rulesetId,
    setRulesetId,
    ruleset,
    words,
    draft,
    problems,
    summary,
    busy,
    created,
    update,
    setSeat,
    submit,
    another,
  };
}

/** How many registered players of one name the page offers to choose from. */
const MAX_CANDIDATES = 20;

/** The draft with each typed name the registry was asked about linked, or its candidates listed. */
async function resolveNames(draft: MatchDraft): Promise<MatchDraft> {
  const seats = await Promise.all(
    draft.seats.map(async (seat) => {
      if (!needsResolving(seat)) return seat;
      const named = await findPlayers({ name: seat.player.trim() }, MAX_CANDIDATES);
      return resolvedSeat(seat, named.items.map(seatPlayerOf));
    }),
  );
  return { ...draft, seats };
}

/** The row still holds what was sent (the organizer did not type in it meanwhile). */
function sameRow(now: SeatDraft, sent: SeatDraft | undefined): boolean {
  return !!sent && now.seat === sent.seat && now.player === sent.player;
}

function withoutKey(problems: FieldProblems, key: string): FieldProblems {
  const { [key]: _dropped, ...rest } = problems;
  return rest;
}

const PROBLEM_LABELS: Record<ProblemKey, Parameters<typeof newWords>[0]> = {
  notJson: 'problemNotJson',
  notInteger: 'problemNotInteger',
  required: 'problemRequired',
  range: 'problemSeatCount',
  notSeat: 'problemNotSeat',
};

/** Every key a problem can be shown beside. */
function fieldKeysOf(ruleset: RulesetDetail, draft: MatchDraft): string[] {
  return [
    'title',
    'tournamentId',
    'seats',
    'position',
    ...draft.seats.flatMap((_, i) =>
      ['seat', 'side', 'faction', 'player', 'deck'].map((f) => `seats.${i}.${f}`),
    ),
    ...optionsOf(ruleset).map((o) => `options.${o.id}`),
    ...setupFieldsOf(ruleset).map((f) => `setup.${f.name}`),
  ];
}

/** Deck lists that do not read (a name the catalog does not know), before anything is sent. */
function deckProblemsOf(ruleset: RulesetDetail, draft: MatchDraft, lang: Lang): FieldProblems {
  if (!registersDecks(ruleset, draft)) return {};
  const problems: FieldProblems = {};
  draft.seats.forEach((seat, i) => {
    if (!seat.deck.trim()) return;
    const parsed = parseDeckList(seat.deck, ruleset.catalog);
    if (!parsed.ok)
      problems[`seats.${i}.deck`] = newWords(
        parsed.line ? 'deckUnknownCard' : 'deckMissing',
        lang,
        {
          line: parsed.line,
          text: parsed.text,
        },
      );
  });
  return problems;
}

/**
 * After creation: the seats whose player the organizer named are claimed for them (a
 * registered player's at creation, by id; a name only, by the seat's token); when every
 * seat is claimed the match starts, and deck lists given are registered by their seats. A step
 * that fails is said on the seat's card (the match exists; its links still work).
 */
async function prepareSeats(
  match: CreatedMatch,
  ruleset: RulesetDetail,
  draft: MatchDraft,
  factionName: (id: string) => string | undefined,
): Promise<PreparedSeat[]> {
  const seats: PreparedSeat[] = match.seatTokens.map((t) => {
    const row = draft.seats.find((s) => s.seat.trim() === t.seat);
    return {
      seat: t.seat,
      token: t.token,
      side: row?.side.trim() || undefined,
      faction: row?.faction.trim()
        ? (factionName(row.faction.trim()) ?? row.faction.trim())
        : undefined,
      player: row?.player.trim() || undefined,
      registered: row?.registered,
      deck:
        row?.deck.trim() && registersDecks(ruleset, draft)
          ? parseDeckList(row.deck, ruleset.catalog)
          : undefined,
      steps: [],
    };
  });
  for (const seat of seats)
    // A registered player's seat was claimed by their id as the match was created.
    if (seat.registered) seat.steps.push('claimed');
    else if (seat.player)
      await step(seat, 'claimed', () =>
        postAsSeat(match.matchId, `seats/${encodeURIComponent(seat.seat)}/claim`, seat.token, {
          name: seat.player,
        }),
      );
  const allClaimed = seats.every((s) => s.steps.includes('claimed'));
  if (!allClaimed || !seats[0]) return seats;
  const first = seats[0];
  await step(first, 'started', () => postAsSeat(match.matchId, 'start', first.token));
  if (!first.steps.includes('started')) return seats;
  for (const seat of seats)
    if (seat.deck?.ok) {
      const deck = seat.deck.deck;
      await step(seat, 'deck', () =>
        postAsSeat(match.matchId, 'decisions', seat.token, { kind: DECK_DECISION, params: deck }),
      );
    }
  return seats;
}

async function step(
  seat: PreparedSeat,
  name: PreparedSeat['steps'][number],
  run: () => Promise<unknown>,
): Promise<void> {
  try {
    await run();
    seat.steps.push(name);
  } catch (e) {
    seat.failed = { step: name, detail: messageOf(e) };
  }
}

function messageOf(e: unknown): string {
  const ref = e instanceof ApiError ? e.problem?.rule?.ref : undefined;
  if (e instanceof ApiError) return ref ? `${e.detail} — ${ref}` : e.detail;
  return e instanceof Error ? e.message : String(e);
}

/** A refusal split into what concerns a field of the form and what concerns the whole. */
function problemsOf(
  e: unknown,
  fields: readonly string[],
): { fields: FieldProblems; rest: string | undefined } {
  const found: FieldProblems = {};
  if (!(e instanceof ApiError)) return { fields: found, rest: messageOf(e) };
  const unplaced: string[] = [];
  for (const error of e.problem?.errors ?? []) {
    const key = fieldOfPath(error.path, fields);
    const text = error.messages.join('; ');
    if (key) found[key] = found[key] ? `${found[key]}; ${text}` : text;
    else unplaced.push(`${error.path}: ${text}`);
  }
  if (e.code === 'not-found' && /tournament/i.test(e.detail)) found.tournamentId = e.detail;
  const placed = Object.keys(found).length > 0;
  return {
    fields: found,
    rest: unplaced.length ? unplaced.join('\n') : placed ? undefined : messageOf(e),
  };
}
