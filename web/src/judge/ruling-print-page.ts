import { h, type JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { Phraser } from '@domain/naming/phraser';
import { indexNames } from '@domain/naming/name-index';
import { SeatNames } from '@domain/naming/seat-names';
import { ApiError, tournamentNamesOf } from '../api/client';
import { label } from '../i18n';
import { Board } from '../board-kit/board';
import { ReplayEngine, type ClientTable, type ViewEvent } from '../replay/replay-engine';
import { serverSource, type ReplayData } from '../replay/replay-source';
import { recorderOf } from '../replay/event-log';
import { loadRulesetWords } from '../ruleset-words';
import { tableAt } from './dispute-state';
import { judgeWords } from './judge-words';
import { formatSecond, rulingWords as w } from './ruling-words';

type Data = Record<string, unknown>;

interface Printed extends ReplayData {
  phraser: Phraser;
  seatNames: SeatNames;
  ruling: ViewEvent;
  opened?: ViewEvent;
  /** The head judge's answer to an appeal of this ruling, or the answer that made it. */
  answer?: ViewEvent;
  /** The ruling this one replaced on appeal. */
  replaced?: ViewEvent;
  table?: ClientTable;
  tournament?: string;
}

/** A rule reference of the `«section»: «quote»` form (the rulesets' references), split. */
export function quotedRule(ruleRef: string): { section: string; quote: string } | undefined {
  const parts = /^«(.+?)»: «(.+)»$/su.exec(ruleRef.trim());
  return parts ? { section: parts[1], quote: parts[2] } : undefined;
}

/**
 * A ruling to print or share (`/judge/ruling/:matchId/:seq`, seq of its RulingIssued): the
 * claim, the verdict, the rule with its quote, the rationale, the remedy, the judge, the times
 * to the second, any appeal, and the table at the disputed event. Whoever may read the match
 * may read it; print styles drop the site's chrome.
 */
export function RulingPrintPage({
  lang,
  token,
  header,
  matchId,
  seq,
}: {
  lang: Lang;
  token: string | undefined;
  header(): JSX.Element;
  matchId: string;
  seq: number;
}): JSX.Element {
  const [printed, setPrinted] = useState<Printed | undefined>();
  const [error, setError] = useState<ApiError | undefined>();
  useEffect(() => {
    let live = true;
    (async () => {
      const loaded = await serverSource(matchId).load(() => undefined);
      const words = await loadRulesetWords(loaded.match.ruleset.id);
      const names = indexNames(loaded.events, words);
      const seatNames = new SeatNames(loaded.match.seats, words, names.claims, names.sides);
      seatNames.addPeopleOf(loaded.viewer);
      const ruling = loaded.events.find((e) => e.seq === seq && e.type === 'RulingIssued');
      if (!ruling) throw new ApiError(404, 'no-ruling', w('printMissing', lang));
      const disputeId = (ruling.data as Data).disputeId;
      const ofDispute = loaded.events.filter((e) => (e.data as Data)?.disputeId === disputeId);
      const opened = ofDispute.find((e) => e.type === 'DisputeOpened');
      const made = loaded.events[ruling.seq - 1];
      const answerBefore =
        made?.type === 'AppealDecided' && (made.data as Data).outcome === 'overturned'
          ? made
          : undefined;
      const appeal = ofDispute.find(
        (e) => e.type === 'RulingAppealed' && (e.data as Data).rulingSeq === ruling.seq,
      );
      const answerAfter = appeal
        ? ofDispute.find(
            (e) => e.type === 'AppealDecided' && (e.data as Data).appealSeq === appeal.seq,
          )
        : undefined;
      const replacedSeq = answerBefore
        ? ofDispute.find(
            (e) => e.type === 'RulingAppealed' && e.seq === (answerBefore.data as Data).appealSeq,
          )?.data
        : undefined;
      const engine = new ReplayEngine(loaded.events, {
        everything: loaded.viewer.seesEverything,
        ...(loaded.viewer.viewer.seat ? { seat: loaded.viewer.viewer.seat } : {}),
      });
      const atSeq = Number((opened?.data as Data | undefined)?.atSeq);
      const table = Number.isInteger(atSeq) ? await tableAt(engine, matchId, atSeq) : undefined;
      const tournamentId = (loaded.match as { tournamentId?: string }).tournamentId;
      const tournaments = tournamentId ? await tournamentNamesOf([tournamentId]) : new Map();
      if (!live) return;
      setPrinted({
        ...loaded,
        phraser: new Phraser(names, seatNames, words, loaded.ruleset),
        seatNames,
        ruling,
        ...(opened ? { opened } : {}),
        ...(answerBefore || answerAfter ? { answer: answerBefore ?? answerAfter } : {}),
        ...(replacedSeq
          ? { replaced: loaded.events[Number((replacedSeq as Data).rulingSeq)] }
          : {}),
        ...(table ? { table } : {}),
        ...(tournamentId ? { tournament: tournaments.get(tournamentId) ?? tournamentId } : {}),
      });
    })().catch(
      (e: unknown) =>
        live && setError(e instanceof ApiError ? e : new ApiError(0, 'error', String(e))),
    );
    return () => {
      live = false;
    };
  }, [matchId, seq, token]);

  const body = (): JSX.Element => {
    if (error)
      return h(
        'p',
        { class: 'notice error', role: 'alert', 'data-error': error.code },
        error.status === 404 ? error.detail || label('notFound', lang) : error.detail,
      );
    if (!printed) return h('p', { class: 'muted', 'aria-busy': 'true' }, label('loading', lang));
    return h(PrintedRuling, { lang, printed });
  };
  return h(
    'div',
    { class: 'page judge-page ruling-print-page' },
    h('div', { class: 'no-print' }, header()),
    h('main', { id: 'main' }, body()),
  );
}

function PrintedRuling({ lang, printed }: { lang: Lang; printed: Printed }): JSX.Element {
  const { ruling, opened, answer, replaced, match, phraser } = printed;
  const d = ruling.data as {
    decision?: string;
    rationale?: string;
    ruleRef?: string;
    remedy?: { kind?: string; toSeq?: number; decisions?: unknown[] };
  };
  const claim = opened?.data as { seat?: string; atSeq?: number; claim?: string } | undefined;
  const rule = d.ruleRef ? quotedRule(d.ruleRef) : undefined;
  const verdict =
    d.decision === 'upheld' || d.decision === 'rejected' || d.decision === 'amended'
      ? judgeWords(d.decision, lang)
      : String(d.decision ?? '');
  const remedy =
    d.remedy?.kind === 'rewind'
      ? w('remedyRewind', lang, { seq: Number(d.remedy.toSeq) })
      : d.remedy?.kind === 'corrective'
        ? w('remedyCorrective', lang, { n: d.remedy.decisions?.length ?? 0 })
        : w('remedyNone', lang);
  const row = (key: Parameters<typeof w>[0], value: JSX.Element | string, attr: string) =>
    h(
      'div',
      { class: 'ruling-row', 'data-field': attr },
      h('dt', null, w(key, lang)),
      h('dd', null, value),
    );
  const answerData = answer?.data as { outcome?: string; rationale?: string } | undefined;
  const share = typeof location === 'undefined' ? '' : location.href;
  return h(
    'article',
    { class: 'printed-ruling', 'data-ruling': ruling.seq },
    h('h1', null, w('printTitle', lang)),
    h(
      'p',
      { class: 'no-print ruling-print-actions' },
      h('button', { type: 'button', onClick: () => window.print() }, w('printButton', lang)),
      ' ',
      h('a', { href: share }, w('printLink', lang)),
    ),
    h(
      'dl',
      { class: 'ruling-fields' },
      row('printMatch', match.title || match.matchId, 'match'),
      printed.tournament ? row('printTournament', printed.tournament, 'tournament') : null,
      claim
        ? row(
            'printClaim',
            h(
              'span',
              null,
              `«${claim.claim ?? ''}» — `,
              w('printClaimBy', lang, {
                name: printed.seatNames.full(String(claim.seat), lang),
                seq: Number(claim.atSeq),
                when: formatSecond(opened?.meta.recordedAt, lang),
              }),
            ),
            'claim',
          )
        : null,
      row('printVerdict', h('strong', null, verdict), 'verdict'),
      d.ruleRef
        ? row(
            'printRule',
            rule
              ? h(
                  'span',
                  null,
                  h('span', { class: 'rule-section' }, rule.section),
                  h('blockquote', { class: 'rule-quote' }, rule.quote),
                )
              : d.ruleRef,
            'rule',
          )
        : null,
      row('printRationale', d.rationale ?? '', 'rationale'),
      row('printRemedy', remedy, 'remedy'),
      row('printJudge', recorderOf(ruling, phraser, lang), 'judge'),
      row(
        'printIssued',
        `${formatSecond(ruling.meta.recordedAt, lang)} · ${w('printEvent', lang, { seq: ruling.seq })}`,
        'issued',
      ),
    ),
    replaced
      ? h(
          'p',
          { class: 'notice', 'data-replaces': replaced.seq },
          w('printReplaces', lang, { seq: replaced.seq }),
        )
      : null,
    answer && answer.seq > ruling.seq
      ? h(
          'p',
          { class: 'notice', 'data-appeal': answerData?.outcome },
          w(
            answerData?.outcome === 'overturned' ? 'printAppealOverturned' : 'printAppealUpheld',
            lang,
            {
              rationale: answerData?.rationale ?? '',
            },
          ),
          ` (${recorderOf(answer, phraser, lang)}, ${formatSecond(answer.meta.recordedAt, lang)})`,
        )
      : null,
    printed.table && claim
      ? h(
          'section',
          { class: 'ruling-board', 'aria-labelledby': 'ruling-board-title' },
          h(
            'h2',
            { id: 'ruling-board-title' },
            w('printBoard', lang, { seq: Number(claim.atSeq) }),
          ),
          h(Board, {
            lang,
            seq: Number(claim.atSeq),
            pending: false,
            ct: printed.table,
            layout: printed.layout,
            viewer: printed.viewer,
            seats: match.seats.map((s) => s.seat),
            phraser,
            ended: false,
            events: printed.events,
            idPrefix: 'print-',
          }),
        )
      : null,
  );
}
