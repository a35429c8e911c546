import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { matchPath, postJson, type ApiError, type RulingPreview } from '../api/client';
import type { ClientTable } from '../replay/replay-engine';
import type { Touched } from '../replay/timeline';
import { CorrectiveDecisions, type CorrectiveDecision } from './corrective-decisions';
import { PreviewView } from './dispute-ruling';
import { formatDateSeconds } from '../i18n';
import { recorderOf } from '../replay/event-log';
import type { ViewEvent } from '../replay/replay-engine';
import { asApiError, type DisputeFacts, type Loaded } from './dispute-state';
import { Problem, useWrite } from './dispute-writes';
import { defaultRewindTarget } from './lead-up';
import { judgeWords as w } from './judge-words';

type Verdict = 'upheld' | 'rejected' | 'amended';
type BoardOf = (ct: ClientTable, seq: number, idPrefix: string, touched?: Touched) => JSX.Element;

/**
 * An appealed ruling on the dispute page (issue 41 item 6): who appealed and why, and the
 * head judge's answer, given here: the ruling kept, or overturned with a new ruling (its
 * verdict, rationale, rule, and its remedy: a rewind to before the disputed decision, or
 * corrective decisions chosen with the play page's forms), previewed first as a ruling is
 * (POST …/appeal/decision/dry-run) and then recorded
 * through POST …/disputes/:id/appeal/decision. Only the head judge (viewer.headJudge) is shown
 * the form, as only they are allowed it; other judges read the appeal and whom it waits on.
 */
export function AppealPanel({
  lang,
  data,
  dispute,
  disputeId,
  judging,
  reload,
  board,
  now,
}: {
  lang: Lang;
  data: Loaded;
  dispute: DisputeFacts;
  disputeId: string;
  judging: boolean;
  reload(): void;
  board: BoardOf;
  /** The table at the head, where an overturning answer's corrective decisions are chosen. */
  now: ClientTable | undefined;
}): JSX.Element | null {
  const { appeal, appealAnswer } = dispute;
  if (!appeal) return null;
  const a = (appeal.data ?? {}) as { seat?: string; reason?: string };
  const when = (e: ViewEvent): string => formatDateSeconds(e.meta.recordedAt, lang);
  return (
    <section class="panel appeal-panel" aria-labelledby="appeal-title" data-appeal={appeal.seq}>
      <h2 id="appeal-title">{w('appealTitle', lang)}</h2>
      <p>
        {a.seat
          ? w('appealBySeat', lang, {
              name: data.seatNames.full(a.seat, lang),
              when: when(appeal),
              reason: a.reason ?? '',
            })
          : w('appealByOrganizer', lang, { when: when(appeal), reason: a.reason ?? '' })}
      </p>
      {appealAnswer ? (
        <AnswerShown lang={lang} data={data} answer={appealAnswer} when={when(appealAnswer)} />
      ) : judging && data.viewer.headJudge ? (
        <AnswerForm
          lang={lang}
          data={data}
          dispute={dispute}
          disputeId={disputeId}
          reload={reload}
          board={board}
          now={now}
        />
      ) : judging ? (
        <p class="notice" role="status" data-appeal-awaiting="head-judge">
          {headJudgeName(data)
            ? w('appealAwaitingHead', lang, { name: headJudgeName(data) ?? '' })
            : w('appealAwaitingHeadUnnamed', lang)}
        </p>
      ) : null}
    </section>
  );
}

/** The head judge's name, as appointed (every judge of the match reads the list). */
function headJudgeName(data: Loaded): string | undefined {
  return data.viewer.judges?.find((judge) => judge.head)?.name || undefined;
}

function AnswerShown({
  lang,
  data,
  answer,
  when,
}: {
  lang: Lang;
  data: Loaded;
  answer: ViewEvent;
  when: string;
}): JSX.Element {
  const d = (answer.data ?? {}) as { outcome?: string; rationale?: string };
  const outcome = d.outcome === 'overturned' ? 'overturned' : 'upheld';
  return (
    <div data-appeal-answer={outcome}>
      <p>
        <strong>
          {w(`appealAnswered_${outcome}`, lang, {
            judge: recorderOf(answer, data.phraser, lang),
            when,
          })}
        </strong>
      </p>
      {d.rationale ? <p>{d.rationale}</p> : null}
    </div>
  );
}

type Remedy = 'none' | 'rewind' | 'corrective';

function AnswerForm({
  lang,
  data,
  dispute,
  disputeId,
  reload,
  board,
  now,
}: {
  lang: Lang;
  data: Loaded;
  dispute: DisputeFacts;
  disputeId: string;
  reload(): void;
  board: BoardOf;
  now: ClientTable | undefined;
}): JSX.Element {
  const [outcome, setOutcome] = useState<'upheld' | 'overturned' | undefined>();
  const [rationale, setRationale] = useState('');
  const [verdict, setVerdict] = useState<Verdict | undefined>();
  const [newRationale, setNewRationale] = useState('');
  const [ruleRef, setRuleRef] = useState('');
  const [remedy, setRemedy] = useState<Remedy>('none');
  const [corrective, setCorrective] = useState<CorrectiveDecision[]>([]);
  const [preview, setPreview] = useState<
    { key: string; result?: RulingPreview; problem?: ApiError; invalid?: string } | undefined
  >();
  const [busy, setBusy] = useState(false);
  const write = useWrite(reload, data.match.matchId);
  const toSeq = defaultRewindTarget(data.events, dispute.atSeq);
  const inPlay = data.match.status === 'started';
  const remedyAllowed = inPlay && verdict !== 'rejected';
  const answerPath = matchPath(
    data.match.matchId,
    `disputes/${encodeURIComponent(disputeId)}/appeal/decision`,
  );

  // The body the form says, or what the server would refuse, said first in the page's language.
  const built = ((): Record<string, unknown> | string => {
    if (rationale.trim() === '') return w('appealRationaleMissing', lang);
    if (outcome !== 'overturned') return { outcome, rationale };
    if (newRationale.trim() === '') return w('rationaleMissing', lang);
    if (ruleRef.trim() === '') return w('ruleRefMissing', lang);
    const decision = verdict ?? 'upheld';
    const kind = remedyAllowed ? remedy : 'none';
    if (kind === 'corrective' && corrective.length === 0) return w('correctiveMissing', lang);
    return {
      outcome,
      rationale,
      ruling: {
        decision,
        rationale: newRationale,
        ruleRef,
        remedy:
          kind === 'rewind'
            ? { kind: 'rewind', toSeq, cardOrder: 'reshuffle' }
            : kind === 'corrective'
              ? {
                  kind: 'corrective',
                  decisions: corrective.map(({ seat, kind: k, params }) => ({
                    seat,
                    kind: k,
                    params,
                  })),
                }
              : { kind: 'none' },
      },
    };
  })();
  const key = typeof built === 'string' ? built : JSON.stringify(built);
  const fresh = preview?.key === key;
  // An overturning answer is a ruling: answered once its preview (of this very form) is seen.
  const needsPreview = outcome === 'overturned';

  const runPreview = async (): Promise<void> => {
    if (typeof built === 'string') return setPreview({ key, invalid: built });
    setBusy(true);
    try {
      setPreview({ key, result: await postJson<RulingPreview>(`${answerPath}/dry-run`, built) });
    } catch (error) {
      setPreview({ key, problem: asApiError(error) });
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (event: Event): void => {
    event.preventDefault();
    if (typeof built === 'string') return setPreview({ key, invalid: built });
    if (needsPreview && (!fresh || !preview?.result)) return;
    void write.send(answerPath, built);
  };
  const radio = <T extends string>(
    name: string,
    value: T,
    checked: boolean,
    text: string,
    onPick: (value: T) => void,
  ): JSX.Element => (
    <label class="check">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onPick(value)}
      />{' '}
      {text}
    </label>
  );
  return (
    <div class="appeal-answer">
      <form id="appeal-form" onSubmit={onSubmit} noValidate>
        <fieldset class="field">
          <legend>{w('appealAnswerLegend', lang)}</legend>
          {radio(
            'appeal-outcome',
            'upheld',
            outcome === 'upheld',
            w('appealUphold', lang),
            setOutcome,
          )}
          {radio(
            'appeal-outcome',
            'overturned',
            outcome === 'overturned',
            w('appealOverturn', lang),
            setOutcome,
          )}
        </fieldset>
        <div class="field">
          <label for="f-appeal-rationale">{w('appealRationale', lang)}</label>
          <textarea
            id="f-appeal-rationale"
            rows={3}
            maxLength={4000}
            value={rationale}
            onInput={(e) => setRationale((e.target as HTMLTextAreaElement).value)}
          />
        </div>
        {outcome === 'overturned' ? (
          <fieldset class="field group appeal-new-ruling">
            <legend>{w('appealNewRuling', lang)}</legend>
            <fieldset class="field">
              <legend>{w('decisionLegend', lang)}</legend>
              {(['upheld', 'rejected', 'amended'] as const).map((v) =>
                radio('appeal-verdict', v, verdict === v, w(v, lang), setVerdict),
              )}
            </fieldset>
            <div class="field">
              <label for="f-appeal-new-rationale">{w('appealNewRationale', lang)}</label>
              <textarea
                id="f-appeal-new-rationale"
                rows={3}
                maxLength={4000}
                value={newRationale}
                onInput={(e) => setNewRationale((e.target as HTMLTextAreaElement).value)}
              />
            </div>
            <div class="field">
              <label for="f-appeal-rule">{w('ruleRef', lang)}</label>
              <input
                id="f-appeal-rule"
                maxLength={500}
                value={ruleRef}
                onInput={(e) => setRuleRef((e.target as HTMLInputElement).value)}
              />
            </div>
            {remedyAllowed ? (
              <fieldset class="field">
                <legend>{w('remedyLegend', lang)}</legend>
                {radio(
                  'appeal-remedy',
                  'none',
                  remedy === 'none',
                  w('remedyNone', lang),
                  setRemedy,
                )}
                {radio(
                  'appeal-remedy',
                  'rewind',
                  remedy === 'rewind',
                  w('appealNewRewind', lang, { seq: toSeq }),
                  setRemedy,
                )}
                {radio(
                  'appeal-remedy',
                  'corrective',
                  remedy === 'corrective',
                  w('remedyCorrective', lang),
                  setRemedy,
                )}
              </fieldset>
            ) : null}
          </fieldset>
        ) : null}
      </form>
      {/* A decision form is a form of its own: the corrective ones are chosen beside the answer's. */}
      {outcome === 'overturned' && remedyAllowed && remedy === 'corrective' ? (
        <CorrectiveDecisions
          lang={lang}
          data={data}
          now={now}
          decisions={corrective}
          onChange={setCorrective}
          onStale={reload}
        />
      ) : null}
      <div class="form-actions">
        {needsPreview ? (
          <button type="button" data-action="appeal-preview" disabled={busy} onClick={runPreview}>
            {busy ? w('sending', lang) : w('previewButton', lang)}
          </button>
        ) : null}
        <button
          type="submit"
          form="appeal-form"
          class="primary"
          disabled={
            write.busy || !outcome || (needsPreview && (!verdict || !fresh || !preview?.result))
          }
          aria-describedby="appeal-answer-help"
        >
          {write.busy ? w('sending', lang) : w('appealAnswerButton', lang)}
        </button>
        <p id="appeal-answer-help" class="muted small">
          {needsPreview && (!fresh || !preview?.result)
            ? preview && !fresh
              ? w('previewStale', lang)
              : w('appealNeedsPreview', lang)
            : ''}
        </p>
      </div>
      {preview?.invalid && !needsPreview ? (
        <p class="field-problem refusal" role="alert">
          {preview.invalid}
        </p>
      ) : null}
      <Problem lang={lang} problem={write.problem} id="appeal-problem" />
      {needsPreview && preview ? (
        <PreviewView lang={lang} data={data} preview={preview} fresh={fresh} board={board} />
      ) : null}
    </div>
  );
}
