import { own } from '@domain/shared/id-record';
import type { JSX } from 'preact';
import { useMemo } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { AnnotateBar } from './annotate';
import { describeCondition } from '@domain/naming/event-phrases';
import { isLabel, label } from '../i18n';
import { Board } from '../board-kit/board';
import { lazyComponent } from '../charts/lazy';
import { EventLog } from './event-log';
import { LogPosition } from './log-position';
import { ReplayControls } from './replay-controls';
import type { ReplaySource } from './replay-source';
import { touchedBy } from './timeline';
import { diceCounts, useReplay } from './replay-state';
import { Badges } from './replay-badges';
import { ErrorView } from './replay-error';
import { localized } from '@domain/naming/name-index';
import { download } from '../play/keepsakes';
import type { ClientTable, ViewEvent } from './replay-engine';
import { newMatchLink, positionOfTable } from './saved-position';

export interface ReplayPageProps {
  source: ReplaySource;
  /** What the page says above the replay (the checks of a match file). */
  banner?: JSX.Element;
  lang: Lang;
  token: string | undefined;
  onToken(token: string | undefined): void;
  header(badges?: JSX.Element): JSX.Element;
}

/** The statuses a match enters the public transparency log with. */
const ENDED: ReadonlySet<string> = new Set(['finished', 'abandoned']);

/**
 * `/replay/:matchId` and `/replay/file`: the table at one seq, the log beside it, and the ways
 * to move in time.
 */
export function ReplayPage({
  source,
  banner,
  lang,
  token,
  onToken,
  header,
}: ReplayPageProps): JSX.Element {
  const { load, data, seq, setSeq, last, jump, notices, audit, rng, notes, shown, showNotes } =
    useReplay(source);

  const badges = useMemo(
    () =>
      data ? (
        <Badges
          lang={lang}
          viewer={data.viewer}
          fromFile={data.fromFile ?? false}
          audit={audit}
          rng={rng}
          dice={diceCounts(data.events)}
          names={data.phraser.seats}
        />
      ) : undefined,
    [data, lang, audit, rng],
  );

  if (load.status === 'error')
    return (
      <ErrorView lang={lang} error={load.error} header={header} token={token} onToken={onToken} />
    );
  if (!data)
    return (
      <div class="page">
        {header()}
        <main id="main" class="loading" aria-busy="true">
          <p>{`${label('loadingEvents', lang)}… ${load.status === 'loading' && load.progress ? load.progress : ''}`}</p>
        </main>
      </div>
    );

  const event = data.events[seq];
  const pieceOwner = (id: string): string | undefined =>
    own(shown?.table.table.pieces, id)?.owner ?? data.phraser.names.pieceOwners.get(id);
  const touched = touchedBy(event, pieceOwner);
  const seats = data.match.seats.map((s) => s.seat);
  const voided = data.index.voided.get(seq);
  const finished = data.index.finished;
  const ended = finished !== undefined && seq >= finished.seq;
  return (
    <div class="page replay-page">
      {header(badges)}
      <main id="main">
        <div class="replay-title">
          <a href="/" class="back">
            {label('backToList', lang)}
          </a>
          <h1>{data.match.title || label('untitledMatch', lang)}</h1>
          <span class={`status status-${data.match.status}`}>
            {label(isLabel(data.match.status) ? data.match.status : 'unknownStatus', lang)}
          </span>
        </div>
        {banner ?? null}
        {data.viewer.token === 'other-match' ? (
          <p class="notice warn" role="status">
            {label('tokenOtherMatch', lang)}
          </p>
        ) : null}
        {notices.map((n) => (
          <p class="notice warn" role="status" data-notice={n.key}>
            {label(n.key, lang, n.params)}
          </p>
        ))}
        <ReplayControls
          lang={lang}
          seq={seq}
          last={last}
          index={data.index}
          event={event}
          phrase={event ? data.phraser.logPhrase(event, lang) : ''}
          onJump={jump}
        />
        {voided ? (
          <p class="notice voided-banner" role="status" data-voided-by={voided.by}>
            {label('voidedBanner', lang, {
              cause: label(
                voided.cause === 'undo' ? 'voidedByUndoCause' : 'voidedByRulingCause',
                lang,
              ),
              by: voided.by,
            })}{' '}
            <button type="button" class="link-button" onClick={() => setSeq(voided.by)}>
              {label('toReplacingLine', lang)}
            </button>
          </p>
        ) : null}
        {ended && finished ? (
          <p class="winner-banner" role="status" data-winners={finished.winners.join(' ')}>
            {finished.winners.length > 0
              ? label('winner', lang, {
                  n: finished.winners.length,
                  names: finished.winners
                    .map((w: string) => data.phraser.seats.full(w, lang))
                    .join(', '),
                })
              : label('draw', lang)}
            {finished.condition ? (
              <span class="muted">{` — ${describeCondition(finished.condition, lang, data.phraser.nameOf)}`}</span>
            ) : null}
          </p>
        ) : null}
        {laidOutDecksOf(data.events).map((deck) => (
          <p class="notice" role="note" data-laid-out={deck}>
            {label('laidOutDeck', lang, {
              deck: localized(shown?.table.table.zones[deck]?.name, lang) ?? deck,
            })}
          </p>
        ))}
        {ENDED.has(data.match.status) && !data.fromFile ? (
          <LogPosition matchId={data.match.matchId} lang={lang} />
        ) : null}
        <div class="replay-body">
          {shown ? (
            <Board
              lang={lang}
              seq={shown.seq}
              pending={shown.seq !== seq}
              ct={shown.table}
              layout={data.layout}
              viewer={data.viewer}
              seats={seats}
              phraser={data.phraser}
              touched={shown.seq === seq ? touched : undefined}
              ended={ended}
              events={data.events}
            />
          ) : (
            <div class="board pending" aria-busy="true">
              {label('loading', lang)}
            </div>
          )}
          <EventLog
            lang={lang}
            seq={seq}
            events={data.events}
            index={data.index}
            notes={notes}
            phraser={data.phraser}
            onSelect={(s: number) => setSeq(s)}
          />
        </div>
        {shown && shown.seq === seq ? (
          <SavePositionBar
            lang={lang}
            ruleset={data.match.ruleset.id}
            matchId={data.match.matchId}
            seq={seq}
            table={shown.table}
          />
        ) : null}
        {token && !data.fromFile ? (
          <AnnotateBar
            lang={lang}
            matchId={data.match.matchId}
            seq={seq}
            onAdded={() =>
              void source.annotations().then(
                (list) => showNotes(list, data.phraser),
                () => undefined,
              )
            }
          />
        ) : null}
        <MatchCharts
          events={data.events}
          names={data.phraser.seats}
          lang={lang}
          resourceTracks={data.ruleset?.resourceTracks ?? []}
          derivedScores={data.scores}
        />
      </main>
    </div>
  );
}

/** The charts under the replay load as a chunk of their own (uPlot with them). */
const MatchCharts = lazyComponent(() =>
  import('../charts/match-charts').then((m) => m.MatchCharts),
);

/** The decks the organizer laid out in the starting position (MatchCreated's `laidOutDecks`). */
function laidOutDecksOf(events: readonly ViewEvent[]): string[] {
  const created = events[0];
  if (created?.type !== 'MatchCreated') return [];
  const decks = (created.data as { laidOutDecks?: unknown }).laidOutDecks;
  return Array.isArray(decks) ? decks.filter((d): d is string => typeof d === 'string') : [];
}

/** «Сохранить этот момент как позицию»: the shown table as a position, to a file or to /new. */
function SavePositionBar({
  lang,
  ruleset,
  matchId,
  seq,
  table,
}: {
  lang: Lang;
  ruleset: string;
  matchId: string;
  seq: number;
  table: ClientTable;
}): JSX.Element {
  const position = positionOfTable(table);
  return (
    <div class="save-position" data-seq={seq}>
      <button
        type="button"
        class="button"
        title={label('savePositionHint', lang)}
        onClick={() =>
          download(
            `position-${matchId}-${seq}.json`,
            `${JSON.stringify({ ruleset, position }, null, 2)}\n`,
            'application/json',
          )
        }
      >
        {label('savePosition', lang)}
      </button>{' '}
      <a class="link-button" href={newMatchLink(ruleset, position)}>
        {label('newMatchFromPosition', lang)}
      </a>
    </div>
  );
}
