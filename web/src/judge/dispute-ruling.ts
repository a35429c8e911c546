import { h, type JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { TableView } from '@domain/match/match-view';
import type { Lang } from '@domain/rulesets/ruleset';
import { matchPath, postJson, type ApiError, type RulingPreview } from '../api/client';
import { formatDateSeconds } from '../i18n';
import { recorderOf } from '../replay/event-log';
import { Phraser } from '@domain/naming/phraser';
import { fromTableView, type ClientTable, type ViewEvent } from '../replay/replay-engine';
import { indexNames } from '@domain/naming/name-index';
import type { Touched } from '../replay/timeline';
import { asApiError, type DisputeFacts, type Loaded } from './dispute-state';
import { Problem, useWrite } from './dispute-writes';
import { defaultRewindTarget } from './lead-up';
import { CorrectiveDecisions, type CorrectiveDecision } from './corrective-decisions';
import { RulingSlot } from './dispute-evidence';
import { judgeWords as w } from './judge-words';
import { rulingWords } from './ruling-words';

/**
 * The ruling: its form (verdict, rationale, the rule picked or typed, the remedy), the
 * preview of the table it would leave (POST …/ruling/dry-run), the ruling once issued.
 */

export type Verdict = 'upheld' | 'rejected' | 'amended';
type RemedyKind = 'none' | 'rewind' | 'corrective';

interface RulingFormState {
  decision: Verdict;
  rationale: string;
  ruleRef: string;
  remedy: RemedyKind;
  toSeq: string;
  /** What the rewind does with the cards its voided events revealed (fair rewinds). */
  cardOrder: 'reshuffle' | 'keep';
  keepOrderReason: string;
  corrective: CorrectiveDecision[];
}

type RulingBody = {
  decision: Verdict;
  rationale: string;
  ruleRef: string;
  remedy:
    | { kind: 'none' }
    | { kind: 'rewind'; toSeq: number; cardOrder: 'reshuffle' | 'keep'; keepOrderReason?: string }
    | { kind: 'corrective'; decisions: { seat: string; kind: string; params: unknown }[] };
};

/** The body the form says, or what keeps it from being one (in the page's language). */
function rulingBody(form: RulingFormState, lang: Lang): RulingBody | string {
  // What the server would refuse in English is said here first, in the page's language.
  if (form.rationale.trim() === '') return w('rationaleMissing', lang);
  if (form.ruleRef.trim() === '') return w('ruleRefMissing', lang);
  const base = { decision: form.decision, rationale: form.rationale, ruleRef: form.ruleRef };
  if (form.remedy === 'none' || form.decision === 'rejected')
    return { ...base, remedy: { kind: 'none' } };
  if (form.remedy === 'rewind') {
    const toSeq = Number(form.toSeq);
    if (form.toSeq.trim() === '' || !Number.isInteger(toSeq) || toSeq < 0)
      return w('toSeqInvalid', lang);
    if (form.cardOrder === 'keep') {
      if (form.keepOrderReason.trim() === '') return w('keepOrderReasonMissing', lang);
      return {
        ...base,
        remedy: { kind: 'rewind', toSeq, cardOrder: 'keep', keepOrderReason: form.keepOrderReason },
      };
    }
    return { ...base, remedy: { kind: 'rewind', toSeq, cardOrder: 'reshuffle' } };
  }
  if (form.corrective.length === 0) return w('correctiveMissing', lang);
  const decisions = form.corrective.map(({ seat, kind, params }) => ({ seat, kind, params }));
  return { ...base, remedy: { kind: 'corrective', decisions } };
}

export function RulingPanel({
  lang,
  data,
  dispute,
  disputeId,
  judging,
  inPlay,
  reload,
  board,
  now,
}: {
  lang: Lang;
  data: Loaded;
  dispute: DisputeFacts;
  disputeId: string;
  judging: boolean;
  inPlay: boolean;
  reload(): void;
  board(ct: ClientTable, seq: number, idPrefix: string, touched?: Touched): JSX.Element;
  /** The table at the head, where corrective decisions are chosen. */
  now: ClientTable | undefined;
}): JSX.Element {
  const { match, phraser } = data;
  const [form, setForm] = useState<RulingFormState>(() => ({
    decision: 'upheld',
    rationale: '',
    ruleRef: dispute.ruleRef ?? '',
    remedy: 'none',
    toSeq: String(defaultRewindTarget(data.events, dispute.atSeq)),
    cardOrder: 'reshuffle',
    keepOrderReason: '',
    corrective: [],
  }));
  const [preview, setPreview] = useState<
    { key: string; result?: RulingPreview; problem?: ApiError; invalid?: string } | undefined
  >();
  const [busy, setBusy] = useState(false);
  const issue = useWrite(reload, data.match.matchId);
  const built = useMemo(() => rulingBody(form, lang), [form, lang]);
  const key = typeof built === 'string' ? built : JSON.stringify(built);
  const fresh = preview?.key === key;
  const rulingPath = matchPath(match.matchId, `disputes/${encodeURIComponent(disputeId)}/ruling`);

  if (dispute.ruling) return h(RulingShown, { lang, data, ruling: dispute.ruling });
  if (!judging) return h('div', null);

  const set = (patch: Partial<RulingFormState>): void => setForm((f) => ({ ...f, ...patch }));
  const runPreview = async (): Promise<void> => {
    if (typeof built === 'string') {
      setPreview({ key, invalid: built });
      return;
    }
    setBusy(true);
    try {
      const result = await postJson<RulingPreview>(`${rulingPath}/dry-run`, built);
      setPreview({ key, result });
    } catch (error) {
      setPreview({ key, problem: asApiError(error) });
    } finally {
      setBusy(false);
    }
  };
  const onSubmit = (event: Event): void => {
    event.preventDefault();
    if (typeof built === 'string' || !fresh || !preview?.result) return;
    void issue.send(rulingPath, built);
  };
  const toSeq = Number(form.toSeq);
  const toEvent = Number.isInteger(toSeq) ? data.events[toSeq] : undefined;
  const radio = <T extends string>(
    name: string,
    value: T,
    checked: boolean,
    text: string,
    onPick: (v: T) => void,
    disabled = false,
  ): JSX.Element =>
    h(
      'label',
      { class: 'check' },
      h('input', {
        type: 'radio',
        name,
        value,
        checked,
        disabled,
        onChange: () => onPick(value),
      }),
      ` ${text}`,
    );
  const remedyAllowed = form.decision !== 'rejected' && inPlay;

  return h(
    'section',
    { class: 'panel dispute-ruling', 'aria-labelledby': 'ruling-title' },
    h('h2', { id: 'ruling-title' }, w('rulingTitle', lang)),
    !inPlay ? h('p', { class: 'muted small' }, w('notInPlay', lang)) : null,
    h(
      'form',
      { class: 'ruling-form', id: 'ruling-form', onSubmit, noValidate: true },
      h(
        'fieldset',
        { class: 'field' },
        h('legend', null, w('decisionLegend', lang)),
        (['upheld', 'rejected', 'amended'] as const).map((v) =>
          radio('decision', v, form.decision === v, w(v, lang), (decision) => set({ decision })),
        ),
      ),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'f-rationale' }, w('rationale', lang)),
        h('textarea', {
          id: 'f-rationale',
          rows: 3,
          required: true,
          maxLength: 4000,
          value: form.rationale,
          onInput: (e: Event) => set({ rationale: (e.target as HTMLTextAreaElement).value }),
        }),
      ),
      h(RulePicker, { lang, data, value: form.ruleRef, onPick: (ruleRef) => set({ ruleRef }) }),
      h(
        'div',
        { class: 'field' },
        h('label', { for: 'f-rule-ref' }, w('ruleRef', lang)),
        h('input', {
          id: 'f-rule-ref',
          required: true,
          maxLength: 500,
          value: form.ruleRef,
          onInput: (e: Event) => set({ ruleRef: (e.target as HTMLInputElement).value }),
        }),
      ),
      h(
        'fieldset',
        { class: 'field', 'aria-describedby': remedyAllowed ? undefined : 'remedy-note' },
        h('legend', null, w('remedyLegend', lang)),
        radio(
          'remedy',
          'none',
          form.remedy === 'none' || !remedyAllowed,
          w('remedyNone', lang),
          (remedy) => set({ remedy }),
        ),
        radio(
          'remedy',
          'rewind',
          remedyAllowed && form.remedy === 'rewind',
          w('remedyRewind', lang),
          (remedy) => set({ remedy }),
          !remedyAllowed,
        ),
        radio(
          'remedy',
          'corrective',
          remedyAllowed && form.remedy === 'corrective',
          w('remedyCorrective', lang),
          (remedy) => set({ remedy }),
          !remedyAllowed,
        ),
        form.decision === 'rejected'
          ? h('p', { id: 'remedy-note', class: 'muted small' }, w('rejectedNoRemedy', lang))
          : null,
      ),
      remedyAllowed && form.remedy === 'rewind'
        ? h(
            'div',
            { class: 'field' },
            h('label', { for: 'f-to-seq' }, w('rewindTo', lang)),
            h('input', {
              id: 'f-to-seq',
              type: 'number',
              min: 0,
              max: data.events.length - 2,
              value: form.toSeq,
              'aria-describedby': 'f-to-seq-help',
              onInput: (e: Event) => set({ toSeq: (e.target as HTMLInputElement).value }),
            }),
            h(
              'p',
              { id: 'f-to-seq-help', class: 'field-help muted small' },
              toEvent
                ? w('rewindToHint', lang, { seq: toSeq, what: phraser.logPhrase(toEvent, lang) })
                : '',
              toEvent ? h('br', null) : null,
              w('rewindToDefault', lang, { seq: defaultRewindTarget(data.events, dispute.atSeq) }),
            ),
            h(
              'fieldset',
              { class: 'field', 'data-card-order': form.cardOrder },
              h('legend', null, w('cardOrderLegend', lang)),
              radio(
                'card-order',
                'reshuffle',
                form.cardOrder === 'reshuffle',
                w('cardOrderReshuffle', lang),
                (cardOrder) => set({ cardOrder }),
              ),
              radio(
                'card-order',
                'keep',
                form.cardOrder === 'keep',
                w('cardOrderKeep', lang),
                (cardOrder) => set({ cardOrder }),
              ),
            ),
            form.cardOrder === 'keep'
              ? h(
                  'div',
                  { class: 'field' },
                  h('label', { for: 'f-keep-order-reason' }, w('keepOrderReason', lang)),
                  h('textarea', {
                    id: 'f-keep-order-reason',
                    rows: 2,
                    required: true,
                    maxLength: 1000,
                    value: form.keepOrderReason,
                    onInput: (e: Event) =>
                      set({ keepOrderReason: (e.target as HTMLTextAreaElement).value }),
                  }),
                )
              : null,
          )
        : null,
    ),
    // A decision form is a form of its own: the corrective ones are chosen beside the ruling's.
    h(
      RulingSlot,
      { name: 'corrective-decisions' },
      remedyAllowed && form.remedy === 'corrective'
        ? h(CorrectiveDecisions, {
            lang,
            data,
            now,
            decisions: form.corrective,
            onChange: (corrective: CorrectiveDecision[]) => set({ corrective }),
            onStale: reload,
          })
        : null,
    ),
    h(
      'div',
      { class: 'form-actions' },
      h(
        'button',
        { type: 'button', 'data-action': 'preview', disabled: busy, onClick: runPreview },
        busy ? w('sending', lang) : w('previewButton', lang),
      ),
      h(
        'button',
        {
          type: 'submit',
          form: 'ruling-form',
          class: 'primary',
          'data-action': 'issue',
          disabled: issue.busy || !fresh || !preview?.result,
          'aria-describedby': 'issue-help',
        },
        issue.busy ? w('sending', lang) : w('issueButton', lang),
      ),
      h(
        'p',
        { id: 'issue-help', class: 'muted small' },
        !fresh || !preview?.result
          ? preview && !fresh
            ? w('previewStale', lang)
            : w('issueNeedsPreview', lang)
          : '',
      ),
    ),
    h(Problem, { lang, problem: issue.problem, id: 'issue-problem' }),
    preview ? h(PreviewView, { lang, data, preview, fresh, board }) : null,
  );
}

/** What a ruling (or an appeal's answer) would record, and the table it would leave. */
export function PreviewView({
  lang,
  data,
  preview,
  fresh,
  board,
}: {
  lang: Lang;
  data: Loaded;
  preview: { result?: RulingPreview; problem?: ApiError; invalid?: string };
  fresh: boolean;
  board(ct: ClientTable, seq: number, idPrefix: string, touched?: Touched): JSX.Element;
}): JSX.Element {
  const { result, problem, invalid } = preview;
  const synthetic = useMemo(() => previewEvents(data, result), [data, result]);
  const phraser = useMemo(
    () =>
      new Phraser(
        indexNames([...data.events, ...synthetic]),
        data.seatNames,
        data.words,
        data.ruleset,
      ),
    [data, synthetic],
  );
  return h(
    'section',
    {
      class: `ruling-preview${fresh ? '' : ' stale'}`,
      'aria-labelledby': 'preview-title',
      'aria-live': 'polite',
      'data-preview': result ? (result.withheld ? 'withheld' : 'shown') : 'refused',
    },
    invalid
      ? h('p', { class: 'field-problem refusal', role: 'alert', id: 'preview-title' }, invalid)
      : problem
        ? h('div', { id: 'preview-title' }, h(Problem, { lang, problem, id: 'preview-problem' }))
        : result
          ? [
              h('h3', { id: 'preview-title' }, w('previewTitle', lang, { seq: result.resultSeq })),
              !fresh ? h('p', { class: 'notice warn' }, w('previewStale', lang)) : null,
              voidedBranchSummary(result, lang),
              result.withheld
                ? h(
                    'p',
                    { class: 'notice warn', 'data-withheld': 'true' },
                    w('previewWithheld', lang),
                  )
                : [
                    h('p', { class: 'muted small' }, w('previewEvents', lang)),
                    h(
                      'ol',
                      { class: 'preview-events', start: result.seq + 1 },
                      synthetic.map((e) => h('li', { key: e.seq }, phraser.logPhrase(e, lang))),
                    ),
                    result.table
                      ? board(
                          fromTableView(result.table as unknown as TableView, true),
                          result.resultSeq,
                          'preview-',
                        )
                      : null,
                  ],
            ]
          : null,
  );
}

/** What the rewind's voided events revealed, and what the ruling does with those cards (fair rewinds). */
function voidedBranchSummary(result: RulingPreview, lang: Lang): JSX.Element | null {
  const summary = (result.voidedBranch as { summary?: { en: string; ru: string } } | undefined)
    ?.summary;
  return summary
    ? h(
        'p',
        { class: 'notice', 'data-voided-branch': 'true' },
        lang === 'ru' ? summary.ru : summary.en,
      )
    : null;
}

/** The preview's events as the log would hold them, so that they are phrased as the log is. */
function previewEvents(data: Loaded, result: RulingPreview | undefined): ViewEvent[] {
  if (!result?.events) return [];
  const actor = { kind: 'judge' as const, id: data.viewer.actorId ?? 'judge' };
  return result.events.map((e, i) => ({
    eventId: `preview-${i}`,
    matchId: data.match.matchId,
    seq: result.seq + 1 + i,
    type: e.type,
    data: e.data,
    meta: {
      actor,
      recordedAt: new Date().toISOString(),
      ruleset: data.match.ruleset,
      visibility: e.visibility as ViewEvent['meta']['visibility'],
      prevHash: '',
      hash: '',
    },
  }));
}

function RulingShown({
  lang,
  data,
  ruling,
}: {
  lang: Lang;
  data: Loaded;
  ruling: ViewEvent;
}): JSX.Element {
  const d = (ruling.data ?? {}) as { decision?: string; rationale?: string; ruleRef?: string };
  const verdict: Verdict | undefined =
    d.decision === 'upheld' || d.decision === 'rejected' || d.decision === 'amended'
      ? d.decision
      : undefined;
  return h(
    'section',
    { class: 'panel dispute-ruling', 'aria-labelledby': 'ruling-title', 'data-ruled': d.decision },
    h('h2', { id: 'ruling-title' }, w('rulingTitle', lang)),
    h(
      'p',
      null,
      h(
        'strong',
        null,
        w('rulingIssued', lang, {
          decision: verdict ? w(verdict, lang) : String(d.decision),
          judge: recorderOf(ruling, data.phraser, lang),
          when: formatDateSeconds(ruling.meta.recordedAt, lang),
        }),
      ),
    ),
    d.rationale ? h('p', null, d.rationale) : null,
    d.ruleRef ? h('p', { class: 'muted small' }, `${w('ruleRef', lang)}: ${d.ruleRef}`) : null,
    h('p', { class: 'muted small' }, `#${ruling.seq}: ${data.phraser.logPhrase(ruling, lang)}`),
    h(
      'p',
      null,
      h(
        'a',
        { href: `/judge/ruling/${encodeURIComponent(data.match.matchId)}/${ruling.seq}` },
        rulingWords('printable', lang),
      ),
    ),
  );
}

/**
 * The rule of the ruling picked from the ruleset's rules references and the match's options,
 * each with its quote (it fills the «Правило» field, which stays free to type in).
 */
function RulePicker({
  lang,
  data,
  value,
  onPick,
}: {
  lang: Lang;
  data: Loaded;
  value: string;
  onPick(ruleRef: string): void;
}): JSX.Element | null {
  // A ruling's ruleRef holds at most 500 characters: longer references are typed, shortened.
  const fits = (ref: string | undefined): ref is string => !!ref && ref.length <= 500;
  const rules = data.rules.filter((r) => fits(r.ref));
  const options = data.options.filter((o) => fits(o.ruleRef));
  if (rules.length === 0 && options.length === 0) return null;
  const known = new Set([...rules.map((r) => r.ref), ...options.map((o) => o.ruleRef)]);
  return h(
    'div',
    { class: 'field' },
    h('label', { for: 'f-rule-pick' }, w('ruleFromList', lang)),
    h(
      'select',
      {
        id: 'f-rule-pick',
        class: 'rule-pick',
        value: known.has(value) ? value : '',
        onChange: (e: Event) => {
          const picked = (e.target as HTMLSelectElement).value;
          if (picked) onPick(picked);
        },
      },
      h('option', { value: '' }, w('ruleTyped', lang)),
      rules.length > 0
        ? h(
            'optgroup',
            { label: w('ruleGroupRules', lang) },
            rules.map((r) =>
              h('option', { key: r.key, value: r.ref, title: r.quote }, `${r.section}: ${r.quote}`),
            ),
          )
        : null,
      options.length > 0
        ? h(
            'optgroup',
            { label: w('ruleGroupOptions', lang) },
            options.map((o) =>
              h(
                'option',
                { key: o.id, value: o.ruleRef, title: o.ruleRef },
                `${o.title[lang]} (${o.value[lang]}): ${o.ruleRef}`,
              ),
            ),
          )
        : null,
    ),
  );
}
