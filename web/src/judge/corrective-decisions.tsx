import type { JSX } from 'preact';
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { getCorrectiveDecisions, type ApiError, type LegalDecisions } from '../api/client';
import { label } from '../i18n';
import { DecisionForm, type DecisionKind } from '../play/decision-form';
import type { SchemaIndex } from '../play/params-schema';
import { zonesOnMap } from '../play/pickers';
import type { ClientTable, ViewEvent } from '../replay/replay-engine';
import { asApiError, type Loaded } from './dispute-state';
import { Problem } from './dispute-writes';
import { judgeWords as w } from './judge-words';

/**
 * A ruling's corrective decisions, chosen with the play page's decision forms (issue 41 item
 * 6): the judge picks the seat on whose behalf the ruling decides, then one of the kinds the
 * rules allow that seat now (GET legal-decisions?seat=…&for=corrective), then fills its form:
 * the same fields, pickers and rule choices a player gets, in the names the board uses,
 * nothing chosen beforehand. The decisions chosen are listed as the log will phrase them.
 * Outside the ruling's own form: a decision form is a form of its own.
 */

export interface CorrectiveDecision {
  seat: string;
  kind: string;
  params: Record<string, unknown>;
}

export function CorrectiveDecisions({
  lang,
  data,
  now,
  decisions,
  onChange,
  onStale,
}: {
  lang: Lang;
  data: Loaded;
  /** The table at the head, where the decisions are made. */
  now: ClientTable | undefined;
  decisions: readonly CorrectiveDecision[];
  onChange(decisions: CorrectiveDecision[]): void;
  /** The match moved on: the page reads it again. */
  onStale(): void;
}): JSX.Element {
  const { match, phraser } = data;
  const [seat, setSeat] = useState('');
  const [offers, setOffers] = useState<{
    seat: string;
    legal?: LegalDecisions;
    problem?: ApiError;
  }>();
  const [chosen, setChosen] = useState<string | undefined>();
  useEffect(() => {
    setChosen(undefined);
    if (!seat) return;
    let live = true;
    getCorrectiveDecisions(match.matchId, seat).then(
      (legal) => live && setOffers({ seat, legal }),
      (error: unknown) => live && setOffers({ seat, problem: asApiError(error) }),
    );
    return () => {
      live = false;
    };
  }, [seat, match.matchId, data.events.length]);

  const specs = useMemo(
    () => new Map((data.ruleset?.decisions ?? []).map((d) => [d.kind, d as DecisionKind])),
    [data.ruleset],
  );
  const schemas = data.schemas as SchemaIndex;
  // The decisions are made at the head of the match.
  const head = data.events.length - 1;
  const onMap = useMemo(() => zonesOnMap(data.layout), [data.layout]);
  const shown = offers?.seat === seat ? offers : undefined;
  const offered = (shown?.legal?.kinds ?? []).filter((k) => specs.has(k.kind));
  const chosenSpec = chosen ? specs.get(chosen) : undefined;

  return (
    <section
      class="panel corrective-decisions"
      aria-labelledby="corrective-title"
      aria-busy={seat !== '' && !shown ? 'true' : 'false'}
    >
      <h3 id="corrective-title">{w('correctiveTitle', lang)}</h3>
      <p class="muted small">{w('correctiveHelp', lang)}</p>
      {decisions.length === 0 ? (
        <p class="muted" data-corrective-count="0">
          {w('correctiveNone', lang)}
        </p>
      ) : (
        <div>
          <p>{w('correctiveChosen', lang)}</p>
          <ol class="corrective-chosen" data-corrective-count={decisions.length}>
            {decisions.map((d, i) => (
              <li key={i} data-corrective-kind={d.kind}>
                <span>{phraser.logPhrase(chosenEvent(data, d, head + 2 + i), lang)}</span>{' '}
                <button
                  type="button"
                  class="link-button"
                  onClick={() => onChange(decisions.filter((_, j) => j !== i))}
                >
                  {w('correctiveRemove', lang, { n: i + 1 })}
                </button>
              </li>
            ))}
          </ol>
        </div>
      )}
      <div class="field">
        <label for="f-corrective-seat">{w('correctiveSeat', lang)}</label>
        <select
          id="f-corrective-seat"
          value={seat}
          onChange={(e) => setSeat((e.target as HTMLSelectElement).value)}
        >
          <option value="">{w('correctivePickSeat', lang)}</option>
          {match.seats.map((s) => (
            <option key={s.seat} value={s.seat}>
              {data.seatNames.full(s.seat, lang)}
            </option>
          ))}
        </select>
      </div>
      {seat === '' ? null : !shown ? (
        <p class="muted">{label('loading', lang)}</p>
      ) : shown.problem ? (
        <Problem lang={lang} problem={shown.problem} id="corrective-problem" />
      ) : offered.length === 0 ? (
        <p class="muted">{shown.legal?.reason ?? w('correctiveNoKinds', lang)}</p>
      ) : (
        <div class="kind-list" role="group" aria-label={w('correctiveKinds', lang)}>
          {offered.map((k) => (
            <button
              key={k.kind}
              type="button"
              class="kind-button"
              data-kind={k.kind}
              aria-pressed={chosen === k.kind}
              onClick={() => setChosen(chosen === k.kind ? undefined : k.kind)}
            >
              {k.summary[lang] || k.kind}
            </button>
          ))}
        </div>
      )}
      {chosenSpec && shown?.legal && now ? (
        <DecisionForm
          key={`${seat} ${chosenSpec.kind} ${decisions.length}`}
          lang={lang}
          matchId={match.matchId}
          seat={seat}
          seq={head}
          spec={chosenSpec}
          schemas={schemas}
          picker={{ table: now.table, phraser, lang, seat, onMap }}
          words={data.words}
          ruleChoices={shown.legal.kinds.find((k) => k.kind === chosenSpec.kind)?.choices === true}
          diceSource={data.diceSource}
          choosing={{
            label: w('correctiveChoose', lang),
            onChosen: (params) => {
              onChange([...decisions, { seat, kind: chosenSpec.kind, params }]);
              setChosen(undefined);
            },
          }}
          onRecorded={() => undefined}
          onStale={onStale}
          onCancel={() => setChosen(undefined)}
        />
      ) : null}
    </section>
  );
}

/** A chosen decision as the ruling will record it, so that the log's words phrase it. */
function chosenEvent(data: Loaded, d: CorrectiveDecision, seq: number): ViewEvent {
  return {
    eventId: `corrective-${seq}`,
    matchId: data.match.matchId,
    seq,
    type: 'DecisionMade',
    data: { decisionId: `corrective-${seq}`, ...d, judgeRecorded: true },
    meta: {
      actor: { kind: 'judge', id: data.viewer.actorId ?? 'judge' },
      recordedAt: new Date().toISOString(),
      ruleset: data.match.ruleset,
      visibility: 'public',
      prevHash: '',
      hash: '',
    },
  };
}
