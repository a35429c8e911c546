import { refusalNote } from './refusal-note';
import { type TableActions } from './table-requests-state';
import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { FileButton } from '../file-button';
import { upperFirst } from '@domain/shared/localized-text';
import { playLabel } from './play-labels';
import type { Phraser } from '@domain/naming/phraser';
import {
  download,
  forgetSeals,
  keepSeal,
  pendingSeals,
  readSealedReceipt,
  restoreSealsFromDevice,
  receiptsFile,
  receiptsOf,
  refusesTheChoice,
  sealedReceiptFile,
  type PendingSeal,
} from './keepsakes';

const IMPORT_PROBLEMS = {
  unreadable: 'sealImportUnreadable',
  'other-match': 'sealImportOtherMatch',
  mismatch: 'sealImportMismatch',
} as const;

/** The seat's sealed choices not yet revealed: reveal, save as a file, or import one. */
export function SealedChoices({
  sealable,
  onlyDue,
  lang,
  matchId,
  seat,
  closed,
  offeredKinds,
  phraser,
  actions,
}: {
  sealable: boolean;
  /** Only the seals due for reveal, without the import (at the top of the page). */
  onlyDue: boolean;
  lang: Lang;
  matchId: string;
  seat: string;
  closed: ReadonlySet<string>;
  offeredKinds: ReadonlySet<string>;
  phraser: Phraser;
  actions: TableActions;
}): JSX.Element | null {
  const [importProblem, setImportProblem] = useState<string | undefined>();
  const refused = actions.refusedSeals;
  // Seals kept on the device come back into this tab (a reload, another tab with the link).
  useEffect(() => {
    void restoreSealsFromDevice(matchId, seat).then((added) => {
      if (added > 0) actions.sealsChanged();
    });
  }, [matchId, seat]);
  if (closed.size > 0) void forgetSeals(matchId, seat, closed);
  const seals = pendingSeals(matchId, seat).filter(
    (s) => !closed.has(s.sealId) && (!onlyDue || offeredKinds.has(s.kind)),
  );
  if (!sealable && seals.length === 0) return null;
  const reveal = async (seal: PendingSeal, voidIfRefused = false): Promise<void> => {
    const body = {
      params: seal.params,
      salt: seal.salt,
      ...(voidIfRefused ? { voidIfRefused } : {}),
    };
    const recorded = await actions.send(
      'seal',
      `decisions/sealed/${seal.sealId}/reveal`,
      body,
      (error) => {
        if (refusesTheChoice(error)) actions.sealRefused(seal.sealId);
      },
    );
    if (recorded) actions.sealsChanged();
  };
  const importFile = async (file: File | undefined): Promise<void> => {
    setImportProblem(undefined);
    if (!file) return;
    const read = await readSealedReceipt(await file.text(), matchId, seat);
    if (typeof read === 'string') setImportProblem(playLabel(IMPORT_PROBLEMS[read], lang));
    else if (closed.has(read.sealId)) setImportProblem(playLabel('sealImportClosed', lang));
    else {
      await keepSeal(read);
      actions.sealsChanged();
    }
  };
  return (
    <section
      class={`${onlyDue ? '' : 'panel '}sealed-choices`}
      aria-labelledby={onlyDue ? undefined : 'sealed-title'}
    >
      {onlyDue ? null : <h2 id="sealed-title">{playLabel('sealedChoices', lang)}</h2>}
      {seals.length === 0 ? <p class="muted small">{playLabel('noSealedChoices', lang)}</p> : null}
      {seals.map((seal) => (
        <div class="request" data-seal={seal.sealId} data-seal-kind={seal.kind}>
          <p>
            <strong>{upperFirst(phraser.nameOf.decision?.(seal.kind, lang) ?? seal.kind)}</strong>
            {`: ${phraser.paramsText(seal.params, lang) || '—'}`}
          </p>
          {offeredKinds.has(seal.kind) ? null : (
            <p class="muted small">{playLabel('revealWhenAllSealed', lang)}</p>
          )}
          {refused.has(seal.sealId) ? (
            <p class="choice-refused">
              {playLabel('choiceRefused', lang)}{' '}
              <button type="button" data-action="void-seal" onClick={() => void reveal(seal, true)}>
                {playLabel('voidChoice', lang)}
              </button>
            </p>
          ) : null}
          <button
            type="button"
            class="primary"
            data-action="reveal"
            onClick={() => void reveal(seal)}
          >
            {playLabel('revealChoice', lang)}
          </button>{' '}
          <button
            type="button"
            data-action="save-seal"
            onClick={() =>
              download(
                `sealed-${matchId}-${seal.sealId}.json`,
                sealedReceiptFile(seal),
                'application/json',
              )
            }
          >
            {playLabel('saveSealedReceipt', lang)}
          </button>
        </div>
      ))}
      {refusalNote(actions, 'seal', lang)}
      {onlyDue ? null : (
        <div class="field">
          <label for="seal-import">{playLabel('importSealedReceipt', lang)}</label>
          <FileButton
            id="seal-import"
            text={playLabel('chooseSealedReceipt', lang)}
            accept="application/json,.json"
            onFile={(file) => void importFile(file)}
          />
          {importProblem ? (
            <p class="field-problem" role="alert">
              {importProblem}
            </p>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** The signed receipts of this seat's writes, as the file `matchlog verify --receipts` reads. */
export function ReceiptsPanel({
  lang,
  matchId,
  count,
}: {
  lang: Lang;
  matchId: string;
  count: number;
}): JSX.Element {
  const receipts = receiptsOf(matchId);
  return (
    <section
      class="panel receipts"
      aria-labelledby="receipts-title"
      data-receipts={receipts.length}
      data-events={count}
    >
      <h2 id="receipts-title">{playLabel('receipts', lang)}</h2>
      <p class="muted small">{playLabel('receiptsHelp', lang, { n: receipts.length })}</p>
      <button
        type="button"
        data-action="save-receipts"
        disabled={receipts.length === 0}
        onClick={() =>
          download(`receipts-${matchId}.ndjson`, receiptsFile(receipts), 'application/x-ndjson')
        }
      >
        {playLabel('saveReceipts', lang)}
      </button>
    </section>
  );
}
