import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import {
  ApiError,
  matchPath,
  postJson,
  type MatchSummary,
  type RecordedResult,
} from '../api/client';
import { playLabel } from './play-labels';
import { Phraser } from '@domain/naming/phraser';
import { asApiError, ProblemNote } from './decision-form';

/** Before the start: the seat claims its place (its player's name, its dice entropy), then anyone starts. */
export function SeatStart({
  lang,
  match,
  seat,
  phraser,
  onRecorded,
}: {
  lang: Lang;
  match: MatchSummary;
  seat: string;
  phraser: Phraser;
  onRecorded(result: RecordedResult): void;
}): JSX.Element {
  const [name, setName] = useState('');
  const [entropy, setEntropy] = useState('');
  const [problem, setProblem] = useState<ApiError | undefined>();
  const mine = match.seats.find((s) => s.seat === seat);
  const waiting = match.seats
    .filter((s) => !s.claimed)
    .map((s) => phraser.seats.full(s.seat, lang));
  const send = (path: string, body: unknown): void => {
    setProblem(undefined);
    postJson<RecordedResult>(matchPath(match.matchId, path), body).then(onRecorded, (e: unknown) =>
      setProblem(asApiError(e)),
    );
  };
  return (
    <section class="panel seat-start" aria-labelledby="start-title">
      <h2 id="start-title">{playLabel('beforeStart', lang)}</h2>
      {mine?.claimed ? (
        <p>{playLabel('seatClaimedAs', lang, { name: phraser.seats.full(seat, lang) })}</p>
      ) : (
        <form
          class="claim-form"
          onSubmit={(e: Event) => {
            e.preventDefault();
            send(`seats/${encodeURIComponent(seat)}/claim`, {
              name: name.trim(),
              ...(entropy.trim() ? { entropy: entropy.trim() } : {}),
            });
          }}
        >
          <div class="field">
            <label for="claim-name">{`${playLabel('yourName', lang)} *`}</label>
            <input
              id="claim-name"
              type="text"
              maxLength={100}
              required
              autoComplete="name"
              value={name}
              onInput={(e: Event) => setName((e.target as HTMLInputElement).value)}
            />
          </div>
          <div class="field">
            <label for="claim-entropy">{playLabel('diceEntropy', lang)}</label>
            <input
              id="claim-entropy"
              type="text"
              maxLength={128}
              aria-describedby="claim-entropy-help"
              value={entropy}
              onInput={(e: Event) => setEntropy((e.target as HTMLInputElement).value)}
            />
            <p id="claim-entropy-help" class="muted small">
              {playLabel('diceEntropyHelp', lang)}
            </p>
          </div>
          <button type="submit" class="primary" disabled={!name.trim()}>
            {playLabel('claimSeat', lang)}
          </button>
        </form>
      )}
      {waiting.length > 0 ? (
        <p class="muted">{playLabel('waitingForClaims', lang, { names: waiting.join(', ') })}</p>
      ) : (
        <button type="button" class="primary" data-action="start" onClick={() => send('start', {})}>
          {playLabel('startMatch', lang)}
        </button>
      )}
      {problem ? <ProblemNote error={problem} lang={lang} /> : null}
    </section>
  );
}
