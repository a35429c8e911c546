import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { matchPath } from '../api/client';
import { formatDateSeconds } from '../i18n';
import { recorderOf } from '../replay/event-log';
import type { ViewEvent } from '../replay/replay-engine';
import type { DisputeFacts, Loaded } from './dispute-state';
import { Problem, useWrite } from './dispute-writes';
import { defaultRewindTarget } from './lead-up';
import { judgeWords as w } from './judge-words';

type Verdict = 'upheld' | 'rejected' | 'amended';

/**
 * An appealed ruling on the dispute page (issue 41 item 6): who appealed and why, and the
 * head judge's answer, given here: the ruling kept, or overturned with a new ruling (its
 * verdict, rationale, rule, and a rewind to before the disputed decision if it takes one),
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
}: {
  lang: Lang;
  data: Loaded;
  dispute: DisputeFacts;
  disputeId: string;
  judging: boolean;
  reload(): void;
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

function AnswerForm({
  lang,
  data,
  dispute,
  disputeId,
  reload,
}: {
  lang: Lang;
  data: Loaded;
  dispute: DisputeFacts;
  disputeId: string;
  reload(): void;
}): JSX.Element {
  const [outcome, setOutcome] = useState<'upheld' | 'overturned' | undefined>();
  const [rationale, setRationale] = useState('');
  const [verdict, setVerdict] = useState<Verdict | undefined>();
  const [newRationale, setNewRationale] = useState('');
  const [ruleRef, setRuleRef] = useState('');
  const [rewind, setRewind] = useState(false);
  const [invalid, setInvalid] = useState<string | undefined>();
  const write = useWrite(reload, data.match.matchId);
  const toSeq = defaultRewindTarget(data.events, dispute.atSeq);
  const inPlay = data.match.status === 'started';

  const onSubmit = (event: Event): void => {
    event.preventDefault();
    // What the server would refuse is said first, in the page's language.
    if (rationale.trim() === '') return setInvalid(w('appealRationaleMissing', lang));
    if (outcome === 'overturned') {
      if (newRationale.trim() === '') return setInvalid(w('rationaleMissing', lang));
      if (ruleRef.trim() === '') return setInvalid(w('ruleRefMissing', lang));
    }
    setInvalid(undefined);
    const decision = verdict ?? 'upheld';
    void write.send(
      matchPath(data.match.matchId, `disputes/${encodeURIComponent(disputeId)}/appeal/decision`),
      outcome === 'overturned'
        ? {
            outcome,
            rationale,
            ruling: {
              decision,
              rationale: newRationale,
              ruleRef,
              remedy:
                rewind && decision !== 'rejected' && inPlay
                  ? { kind: 'rewind', toSeq, cardOrder: 'reshuffle' }
                  : { kind: 'none' },
            },
          }
        : { outcome, rationale },
    );
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
    <form class="appeal-answer" onSubmit={onSubmit} noValidate>
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
          {inPlay && verdict !== 'rejected' ? (
            <label class="check">
              <input
                type="checkbox"
                checked={rewind}
                onChange={(e) => setRewind((e.target as HTMLInputElement).checked)}
              />{' '}
              {w('appealNewRewind', lang, { seq: toSeq })}
            </label>
          ) : null}
        </fieldset>
      ) : null}
      {invalid ? (
        <p class="field-problem refusal" role="alert">
          {invalid}
        </p>
      ) : null}
      <div class="form-actions">
        <button
          type="submit"
          class="primary"
          disabled={write.busy || !outcome || (outcome === 'overturned' && !verdict)}
        >
          {write.busy ? w('sending', lang) : w('appealAnswerButton', lang)}
        </button>
      </div>
      <Problem lang={lang} problem={write.problem} id="appeal-problem" />
    </form>
  );
}
