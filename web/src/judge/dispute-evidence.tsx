import type { ComponentChildren, JSX } from 'preact';
import { useMemo, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { changeSentence, tableDifference } from '@domain/table/table-difference';
import { formatDateSeconds } from '../i18n';
import { recorderOf } from '../replay/event-log';
import type { ClientTable, ViewEvent } from '../replay/replay-engine';
import { type DisputeFacts, type Loaded } from './dispute-state';
import { leadUpOf, type LeadUpWhy } from './lead-up';
import { judgeWords as w } from './judge-words';

/**
 * What a ruling rests on, beside the boards: the claim (kept short on a phone), the way to
 * the ruling form, what led up to the disputed event, the events since, the written then →
 * now difference of the table, and the match's options with their quoted rules.
 */

/** The claim as the page's title, clamped to a few lines until the judge asks for all of it. */
export function DisputeClaim({ lang, claim }: { lang: Lang; claim: string }): JSX.Element {
  const [whole, setWhole] = useState(false);
  const long = claim.length > 90;
  return (
    <div class="dispute-claim-block">
      <h1 class={`dispute-claim${long && !whole ? ' clamped' : ''}`} id="dispute-claim">
        {w('disputeTitle', lang, { claim })}
      </h1>
      {long ? (
        <button
          type="button"
          class="link-button small"
          aria-expanded={whole}
          aria-controls="dispute-claim"
          onClick={() => setWhole((v) => !v)}
        >
          {whole ? w('claimLess', lang) : w('claimMore', lang)}
        </button>
      ) : null}
    </div>
  );
}

/** «К решению»: the ruling form is one step away from the top of a long page. */
export function JumpToRuling({ lang }: { lang: Lang }): JSX.Element {
  return (
    <p class="jump-to-ruling">
      <a class="button" href="#ruling-title">
        {w('jumpToRuling', lang)}
      </a>
    </p>
  );
}

/**
 * Where the other parts of the ruling mount: the corrective decisions made with the play
 * page's forms, and the judges' private notes. Empty until they are there.
 */
export function RulingSlot({
  name,
  children,
}: {
  name: 'corrective-decisions' | 'judge-notes';
  children?: ComponentChildren;
}): JSX.Element {
  return <div data-slot={name}>{children}</div>;
}

/** A dispute about an event a rewind already took back: it says so and offers the live line. */
export function VoidedDisputeBanner({
  lang,
  data,
  dispute,
}: {
  lang: Lang;
  data: Loaded;
  dispute: DisputeFacts;
}): JSX.Element | null {
  const voided = data.index.voided.get(dispute.atSeq);
  if (!voided) return null;
  const live = `/replay/${encodeURIComponent(data.match.matchId)}#seq=${voided.by}`;
  return (
    <div class="notice warn" role="status" data-voided-dispute={voided.by}>
      <p>{w('disputeOnVoided', lang, { seq: dispute.atSeq, by: voided.by })}</p>
      <p>
        <a href={live}>{w('toLiveLine', lang)}</a>
      </p>
    </div>
  );
}

const WHY_WORD: Record<LeadUpWhy, 'whyDecision' | 'whyChance' | 'whyBefore'> = {
  decision: 'whyDecision',
  chance: 'whyChance',
  before: 'whyBefore',
};

/** Rows of the log as the log names them, with who recorded each and when (to the second). */
function EventRows({
  lang,
  data,
  rows,
  disputedSeq,
  titleId,
}: {
  lang: Lang;
  data: Loaded;
  rows: readonly { event: ViewEvent; why?: LeadUpWhy }[];
  disputedSeq: number;
  titleId: string;
}): JSX.Element {
  const { phraser, index } = data;
  return (
    <div class="table-scroll" tabIndex={0} role="region" aria-labelledby={titleId}>
      <table class="events-table">
        <thead>
          <tr>
            <th scope="col">{w('colSeq', lang)}</th>
            <th scope="col">{w('colWhat', lang)}</th>
            <th scope="col">{w('colWho', lang)}</th>
            <th scope="col">{w('colRecorded', lang)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ event, why }) => {
            const voided = index.voided.get(event.seq);
            const subject = phraser.subjectOf(event);
            const about =
              subject ??
              (event.meta.actor.kind === 'seat'
                ? (event.meta.actor.seat ?? event.meta.actor.id)
                : undefined);
            const classes = [event.seq === disputedSeq ? 'disputed' : '', voided ? 'voided' : '']
              .filter(Boolean)
              .join(' ');
            return (
              <tr key={event.seq} data-seq={event.seq} data-why={why} class={classes}>
                <td>
                  <a href={`/replay/${encodeURIComponent(data.match.matchId)}#seq=${event.seq}`}>
                    #{event.seq}
                  </a>
                </td>
                <td>
                  {why ? <span class="tag why-tag">{w(WHY_WORD[why], lang)}</span> : null}
                  {why ? ' ' : null}
                  {phraser.logPhrase(event, lang)}
                  {event.seq === disputedSeq ? (
                    <span class="tag disputed-tag"> {w('disputedMark', lang)}</span>
                  ) : null}
                  {voided ? (
                    <span class="muted small"> — {w('voidedMark', lang, { by: voided.by })}</span>
                  ) : null}
                </td>
                <td>{about ? phraser.seats.seat(about, lang) : ''}</td>
                <td class="small">
                  {recorderOf(event, phraser, lang)}
                  <br />
                  <time class="muted" dateTime={event.meta.recordedAt}>
                    {formatDateSeconds(event.meta.recordedAt, lang)}
                  </time>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The events before the disputed one that it rests on: its decision, the rolls and cards before, a few more. */
export function LeadUp({
  lang,
  data,
  dispute,
}: {
  lang: Lang;
  data: Loaded;
  dispute: DisputeFacts;
}): JSX.Element {
  const rows = useMemo(
    () => leadUpOf(data.events, dispute.atSeq, data.index),
    [data, dispute.atSeq],
  );
  return (
    <section class="panel dispute-lead-up" aria-labelledby="lead-up-title">
      <h2 id="lead-up-title">{w('leadUp', lang, { n: rows.length })}</h2>
      <p class="muted small">{w('leadUpHint', lang)}</p>
      {rows.length === 0 ? (
        <p class="muted small">{w('leadUpNone', lang)}</p>
      ) : (
        <EventRows
          lang={lang}
          data={data}
          rows={rows}
          disputedSeq={dispute.atSeq}
          titleId="lead-up-title"
        />
      )}
    </section>
  );
}

/** The events from the disputed one to the head, with who recorded each and when. */
export function EventsSince({
  lang,
  data,
  from,
}: {
  lang: Lang;
  data: Loaded;
  from: number;
}): JSX.Element {
  const rows = data.events.slice(from).map((event) => ({ event }));
  return (
    <section class="panel dispute-events" aria-labelledby="between-title">
      <h2 id="between-title">{w('between', lang, { n: rows.length })}</h2>
      <EventRows lang={lang} data={data} rows={rows} disputedSeq={from} titleId="between-title" />
    </section>
  );
}

/** The then → now difference of the table, written with the match's names. */
export function TableDifferenceList({
  lang,
  data,
  tables,
  atSeq,
}: {
  lang: Lang;
  data: Loaded;
  tables: { at: ClientTable; now: ClientTable };
  atSeq: number;
}): JSX.Element {
  const changes = useMemo(() => tableDifference(tables.at.table, tables.now.table), [tables]);
  const last = data.events.length - 1;
  return (
    <section class="panel dispute-difference" aria-labelledby="difference-title">
      <h2 id="difference-title">{w('differenceTitle', lang, { from: atSeq, to: last })}</h2>
      {changes.length === 0 ? (
        <p class="muted small">{w('differenceNone', lang)}</p>
      ) : (
        <ul class="difference-list">
          {changes.map((change, i) => (
            <li key={i} data-change={change.kind}>
              {changeSentence(change, data.phraser, lang)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The match's options, each with the rule it interprets, quoted. */
export function MatchOptions({ lang, data }: { lang: Lang; data: Loaded }): JSX.Element | null {
  if (data.options.length === 0) return null;
  return (
    <section class="panel dispute-options" aria-labelledby="options-title">
      {/* Folded by default: a game's options are many, and the page is long already. */}
      <details>
        <summary>
          <h2 id="options-title">{w('optionsTitle', lang, { n: data.options.length })}</h2>
        </summary>
        <dl class="option-list">
          {data.options.map((option) => (
            <div key={option.id} data-option={option.id}>
              <dt>{option.title[lang]}</dt>
              <dd>
                <strong>{option.value[lang]}</strong>
                {option.set ? '' : ` (${w('optionDefault', lang)})`}
                {option.ruleRef ? <blockquote class="small">{option.ruleRef}</blockquote> : null}
              </dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  );
}
