import type { JSX } from 'preact';
import type { Lang } from '@domain/rulesets/ruleset';
import { isLabel, label } from '../i18n';
import { playLabel } from './play-labels';
import { Board } from '../board-kit/board';
import { EventLog } from '../replay/event-log';
import { AnnotateBar } from '../replay/annotate';
import { DecisionForm, type DecisionKind } from './decision-form';
import type { SchemaIndex } from './params-schema';
import { RulingNotice, TableRequests, WaitingForYou } from './table-requests';
import { sealsDue, waitingSummary } from './table-requests-state';
import { usePlayTable } from './play-state';
import { TurnBanner } from './turn-banner';
import { SeatStart } from './seat-start';

export interface PlayPageProps {
  matchId: string;
  lang: Lang;
  token: string | undefined;
  header(badges?: JSX.Element): JSX.Element;
}

/**
 * `/play/:matchId`: the table as the seat's link shows it. The board from the seat's view,
 * whose turn it is, the decisions the seat can make now (each a form generated from its
 * schema), its sealed choices, undo requests, disputes and the other seats' reported dice to
 * confirm, and the receipts of everything it recorded. It follows the match live; a page
 * behind the match reloads rather than record against an old table.
 */
export function PlayPage({ matchId, lang, token, header }: PlayPageProps): JSX.Element {
  const {
    data,
    error,
    notice,
    connected,
    chosen,
    setChosen,
    picking,
    setPicking,
    selectedSeq,
    setSelectedSeq,
    loadNotes,
    onStale,
    onRecorded,
    actions,
    view,
    notes,
    open,
    localCheck,
  } = usePlayTable(matchId, lang, token);
  if (error)
    return (
      <div class="page">
        {header()}
        <main id="main" class="error-page">
          <div class="error-box" role="alert" data-error={error.code}>
            <h1>{playLabel('playErrorTitle', lang)}</h1>
            {error.status === 401 || error.status === 403 ? (
              <p class="error-summary" data-notice="private">
                {playLabel('privateNoSeat', lang)}
              </p>
            ) : null}
            <p class="error-detail">{error.detail}</p>
            <p>
              <a href="/" class="button">
                {label('backToList', lang)}
              </a>
            </p>
          </div>
        </main>
      </div>
    );
  if (!data || !view)
    return (
      <div class="page">
        {header()}
        <main id="main" class="loading" aria-busy="true">
          <p>{label('loading', lang)}</p>
        </main>
      </div>
    );

  const { match, viewer, state, legal, ruleset, words } = data;
  const seat = viewer.viewer.kind === 'seat' ? viewer.viewer.seat : undefined;
  const seats = match.seats.map((s) => s.seat);
  const ended = match.status === 'finished' || match.status === 'abandoned';
  const seq = match.seq;
  const kinds = new Map((ruleset?.decisions ?? []).map((d) => [d.kind, d as DecisionKind]));
  const offered = (legal?.kinds ?? []).filter((k) => kinds.has(k.kind));
  const adjustments = offered.filter((k) => k.adjustment);
  const kindButton = (k: (typeof offered)[number]): JSX.Element => (
    <button
      key={k.kind}
      type="button"
      class="kind-button"
      data-kind={k.kind}
      aria-pressed={chosen === k.kind}
      onClick={() => {
        actions.clear();
        setChosen(chosen === k.kind ? undefined : k.kind);
      }}
    >
      {k.summary[lang] || k.kind}
    </button>
  );
  const chosenSpec = chosen ? kinds.get(chosen) : undefined;
  const picker = { table: view.ct.table, phraser: view.phraser, lang, seat, onMap: view.onMap };
  const schemas = (ruleset?.schemas ?? {}) as SchemaIndex;
  const diceSource =
    typeof match.options?.diceSource === 'string' ? match.options.diceSource : undefined;
  const offeredKinds = new Set(offered.map((k) => k.kind));
  const waiting =
    seat && open && !ended
      ? waitingSummary(open, sealsDue(matchId, seat, open.closedSeals, offeredKinds).length, lang)
      : undefined;
  const yourTurn =
    seat !== undefined && !ended && state.table.turn.active.includes(seat) && offered.length > 0;
  const badge = (
    <span class="badges">
      <span class={`badge viewer viewer-${viewer.viewer.kind}`} data-viewer={viewer.viewer.kind}>
        {seat
          ? label('seatView', lang, { name: view.phraser.seats.full(seat, lang) })
          : playLabel('readOnlyBadge', lang)}
      </span>
      {waiting || yourTurn ? (
        <span class="badge waits" data-waits={waiting ? 'answer' : 'turn'}>
          {waiting ?? playLabel('yourTurn', lang)}
        </span>
      ) : null}
    </span>
  );

  return (
    <div class="page play-page">
      {header(badge)}
      <main id="main">
        <div class="replay-title">
          <a href={`/replay/${encodeURIComponent(matchId)}`} class="back">
            {playLabel('openReplay', lang)}
          </a>
          <h1>{match.title || label('untitledMatch', lang)}</h1>
          <span class={`status status-${match.status}`}>
            {label(isLabel(match.status) ? match.status : 'unknownStatus', lang)}
          </span>
        </div>
        {seat ? null : (
          <p class="notice warn" role="status" data-notice="read-only">
            {playLabel(
              viewer.token === 'other-match' ? 'readOnlyOtherMatch' : 'readOnlyNoSeat',
              lang,
            )}
          </p>
        )}
        {notice ? (
          <p class="notice warn" role="alert" data-notice={notice.key}>
            {playLabel(notice.key, lang, notice.params)}
          </p>
        ) : null}
        {connected ? null : (
          <p class="notice" role="status" data-notice="offline">
            {playLabel('liveLost', lang)}
          </p>
        )}
        <TurnBanner
          lang={lang}
          state={state}
          seat={seat}
          ended={ended}
          phraser={view.phraser}
          canAct={offered.length > 0}
        />
        {seat && open?.ruling ? (
          <RulingNotice
            lang={lang}
            matchId={matchId}
            ruling={open.ruling}
            phraser={view.phraser}
            actions={actions}
          />
        ) : null}
        {seat && open && !ended ? (
          <WaitingForYou
            lang={lang}
            matchId={matchId}
            seat={seat}
            open={open}
            phraser={view.phraser}
            offeredKinds={offeredKinds}
            actions={actions}
            onSelectSeq={setSelectedSeq}
          />
        ) : null}
        <div class="play-body">
          <div class="play-actions">
            {seat && match.status === 'created' ? (
              <SeatStart
                lang={lang}
                match={match}
                seat={seat}
                phraser={view.phraser}
                onRecorded={onRecorded}
              />
            ) : null}
            {seat && match.status === 'started' ? (
              <section class="panel decisions" aria-labelledby="decisions-title">
                <h2 id="decisions-title">{playLabel('yourDecisions', lang)}</h2>
                {offered.length === 0 ? (
                  <p class="muted">
                    {open?.paused !== undefined
                      ? playLabel('pausedShort', lang)
                      : (legal?.reason ?? playLabel('nothingToDecide', lang))}
                  </p>
                ) : (
                  [
                    <div
                      class="kind-list"
                      role="group"
                      aria-label={playLabel('yourDecisions', lang)}
                    >
                      {offered.filter((k) => !k.adjustment).map(kindButton)}
                    </div>,
                    // Corrections of the table (a card text no catalogue knows) stay folded
                    // below the game's own decisions, open while one of them is chosen.
                    adjustments.length > 0 ? (
                      <details
                        class="kind-adjustments"
                        open={adjustments.some((k) => k.kind === chosen)}
                      >
                        <summary>
                          {playLabel('adjustments', lang, { n: adjustments.length })}
                        </summary>
                        <div
                          class="kind-list"
                          role="group"
                          aria-label={playLabel('adjustmentsGroup', lang)}
                        >
                          {adjustments.map(kindButton)}
                        </div>
                      </details>
                    ) : null,
                  ]
                )}
                {chosenSpec ? (
                  <DecisionForm
                    key={`${chosenSpec.kind}`}
                    lang={lang}
                    matchId={matchId}
                    seat={seat}
                    seq={seq}
                    spec={chosenSpec}
                    schemas={schemas}
                    picker={picker}
                    words={words}
                    ruleChoices={
                      legal?.kinds.find((k) => k.kind === chosenSpec.kind)?.choices === true
                    }
                    diceSource={diceSource}
                    localCheck={localCheck}
                    onRecorded={onRecorded}
                    onStale={onStale}
                    onCancel={() => setChosen(undefined)}
                    picking={picking}
                    onPicking={setPicking}
                  />
                ) : null}
              </section>
            ) : null}
            {seat ? (
              <TableRequests
                lang={lang}
                matchId={matchId}
                seat={seat}
                seq={seq}
                ended={ended}
                events={data.events}
                phraser={view.phraser}
                offeredKinds={offeredKinds}
                sealable={[...kinds.values()].some((k) => k.sealing !== undefined)}
                selectedSeq={selectedSeq}
                actions={actions}
              />
            ) : null}
          </div>
          <div class="play-table">
            <Board
              lang={lang}
              seq={state.seq}
              pending={false}
              ct={view.ct}
              layout={data.layout}
              viewer={viewer}
              seats={seats}
              phraser={view.phraser}
              ended={ended}
              events={data.events}
              picking={picking}
            />
            <EventLog
              lang={lang}
              seq={selectedSeq ?? data.events.length - 1}
              events={data.events}
              index={view.index}
              notes={notes?.bySeq ?? new Map()}
              phraser={view.phraser}
              onSelect={(s: number) => setSelectedSeq(s)}
            />
            {seat ? (
              <AnnotateBar
                lang={lang}
                matchId={matchId}
                seq={selectedSeq ?? data.events.length - 1}
                onAdded={loadNotes}
                onAction={actions.clear}
              />
            ) : null}
          </div>
        </div>
      </main>
    </div>
  );
}
