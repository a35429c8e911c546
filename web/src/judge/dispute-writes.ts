import { h, type JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Lang } from '@domain/rulesets/ruleset';
import { postJson, type ApiError, type Receipt } from '../api/client';
import { download, keepReceipt, receiptsFile, receiptsOf } from '../play/keepsakes';
import { asApiError } from './dispute-state';
import { judgeWords as w } from './judge-words';

/** The dispute page's writes: sending one, its problem beside the form, and the receipts kept. */

/**
 * The signed receipts of the judge's writes to this match (pause, comments, the ruling and its
 * rewind), kept as the seat pages keep theirs: with them `matchlog verify --receipts` and the
 * browser's file check catch a ruling rewritten or removed later, whoever holds the key.
 */
export function JudgeReceipts({ lang, matchId }: { lang: Lang; matchId: string }): JSX.Element {
  const receipts = receiptsOf(matchId);
  return h(
    'section',
    {
      class: 'panel receipts',
      'aria-labelledby': 'judge-receipts-title',
      'data-receipts': receipts.length,
    },
    h('h2', { id: 'judge-receipts-title' }, w('receiptsTitle', lang)),
    h('p', { class: 'muted small' }, w('receiptsHelp', lang, { n: receipts.length })),
    h(
      'button',
      {
        type: 'button',
        'data-action': 'save-receipts',
        disabled: receipts.length === 0,
        onClick: () =>
          download(`receipts-${matchId}.ndjson`, receiptsFile(receipts), 'application/x-ndjson'),
      },
      w('saveReceipts', lang),
    ),
  );
}

/** A write of the page: sending, then the problem beside the form or a reload. */
export function useWrite(
  reload: () => void,
  matchId: string,
): {
  busy: boolean;
  problem: ApiError | undefined;
  send(path: string, body?: unknown): Promise<boolean>;
} {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<ApiError | undefined>();
  return {
    busy,
    problem,
    async send(path, body = {}) {
      setBusy(true);
      try {
        const result = await postJson<{ receipt?: Receipt }>(path, body);
        keepReceipt(matchId, result?.receipt);
        setProblem(undefined);
        reload();
        return true;
      } catch (error) {
        setProblem(asApiError(error));
        return false;
      } finally {
        setBusy(false);
      }
    },
  };
}

export function Problem({
  lang,
  problem,
  id,
}: {
  lang: Lang;
  problem: ApiError | undefined;
  id: string;
}): JSX.Element | null {
  if (!problem) return null;
  const fields = problem.problem?.errors ?? [];
  return h(
    'div',
    { class: 'field-problem refusal', role: 'alert', id, 'data-problem': problem.code },
    w('refused', lang, { detail: problem.detail }),
    fields.length > 0
      ? h(
          'ul',
          null,
          fields.map((f) => h('li', null, `${f.path}: ${f.messages.join('; ')}`)),
        )
      : null,
  );
}
