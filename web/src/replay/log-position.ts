import { h, type JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { logPositionText } from '@domain/export';
import { upperFirst } from '@domain/shared/localized-text';
import { parseCheckpoint } from '@domain/transparency/checkpoint';
import type { Lang } from '@domain/rulesets/ruleset';
import { getLogInclusion } from '../api/client';
import { formatDate } from '../i18n';

interface Position {
  index: number;
  treeSize: number;
  checkpointTime?: string;
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
    getLogInclusion(matchId).then(
      (answer) => {
        if (!live) return;
        let time: string | undefined;
        try {
          time =
            answer.checkpoint === undefined ? undefined : parseCheckpoint(answer.checkpoint).time;
        } catch {
          // A checkpoint that does not read: the position stands, without its time.
        }
        setPosition({
          index: answer.index,
          treeSize: answer.treeSize,
          ...(time === undefined ? {} : { checkpointTime: formatDate(time, lang) }),
        });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [matchId, lang]);
  if (!position) return null;
  return h(
    'p',
    { class: 'small muted log-position', 'data-log-position': position.index },
    upperFirst(logPositionText(position)[lang]),
  );
}
