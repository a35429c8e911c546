import { h, type JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { upperFirst } from '@domain/shared/localized-text';
import type { Lang } from '@domain/rulesets/ruleset';
import { getLogInclusion } from '../api/client';
import { formatDate } from '../i18n';

interface Position {
  index: number;
  treeSize: number;
  checkpointTime?: string;
  /** The sentence, from the verifier's words: loaded with it, off the page's own chunk. */
  text: Record<Lang, string>;
}

/**
 * Where a finished match is in the public transparency log (GET /api/v1/log/proof/inclusion):
 * «В открытом журнале под номером N, контрольная точка от <время>», so a judge or a seat can
 * name the entry a monitor checks. Nothing is shown while the match is not in the log (404)
 * or the log cannot be read: the page works without it.
 */
export function LogPosition({
  matchId,
  lang,
}: {
  matchId: string;
  lang: Lang;
}): JSX.Element | null {
  const [position, setPosition] = useState<Position | undefined>();
  useEffect(() => {
    let live = true;
    setPosition(undefined);
    void (async () => {
      const answer = await getLogInclusion(matchId).catch(() => undefined);
      if (!answer || !live) return;
      // The checkpoint's reader and the sentence come with the verifier's code, a chunk of its
      // own: the viewer's first load does not carry them.
      const [{ logPositionText }, { parseCheckpoint }] = await Promise.all([
        import('@domain/export/verdict-text'),
        import('@domain/transparency/checkpoint'),
      ]);
      let time: string | undefined;
      try {
        time =
          answer.checkpoint === undefined ? undefined : parseCheckpoint(answer.checkpoint).time;
      } catch {
        // A checkpoint that does not read: the position stands, without its time.
      }
      const checkpointTime = time === undefined ? undefined : formatDate(time, lang);
      const place = {
        index: answer.index,
        treeSize: answer.treeSize,
        ...(checkpointTime === undefined ? {} : { checkpointTime }),
      };
      if (live) setPosition({ ...place, text: logPositionText(place) });
    })();
    return () => {
      live = false;
    };
  }, [matchId, lang]);
  if (!position) return null;
  return h(
    'p',
    { class: 'small muted log-position', 'data-log-position': position.index },
    upperFirst(position.text[lang]),
  );
}
