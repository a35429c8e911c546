import type { JSX } from 'preact';
import type { Lang } from '@domain/rulesets/ruleset';
import { type AuditView, type RngView, type ViewerContext } from '../api/client';
import { icon } from '../icons';
import { label } from '../i18n';
import { SeatNames } from '@domain/naming/seat-names';
import type { DiceCounts } from './replay-state';

/** A note's author: the player of the seat, the judge by name when the reader is that judge. */
export function Badges({
  lang,
  viewer,
  fromFile,
  audit,
  rng,
  dice,
  names,
}: {
  lang: Lang;
  viewer: ViewerContext;
  fromFile: boolean;
  audit: AuditView | null | undefined;
  rng: RngView | null | undefined;
  dice: DiceCounts;
  names: SeatNames;
}): JSX.Element {
  const who = fromFile
    ? label('fileView', lang)
    : viewer.viewer.kind === 'seat' && viewer.viewer.seat
      ? label('seatView', lang, { name: names.full(viewer.viewer.seat, lang) })
      : viewer.viewer.kind === 'judge'
        ? label('judgeView', lang)
        : viewer.viewer.kind === 'admin'
          ? label('adminView', lang)
          : // A public viewer whose token applies to the match is its organizer.
            viewer.token === 'applies'
            ? label('organizerView', lang)
            : label('publicView', lang);
  // A spectator behind the delay learns nothing of how far the match has gone: counts stop there.
  const seen = Math.min(audit?.eventCount ?? 0, viewer.horizon + 1);
  const serverChecks = dice.serverRolls + dice.shuffles;
  return (
    <div class="badges">
      <span
        class={`badge viewer viewer-${viewer.viewer.kind}`}
        data-viewer={viewer.viewer.kind}
        title={viewer.seesEverything ? label('everythingShown', lang) : undefined}
      >
        {icon('eye')}
        {` ${who}`}
      </span>
      {audit === undefined ? null : audit === null ? (
        <span class="badge muted">{label('auditUnknown', lang)}</span>
      ) : audit.verified ? (
        <span class="badge ok" data-audit="verified" data-count={seen}>
          {icon('check')}
          {` ${label('chainVerifiedCount', lang, { n: seen })}`}
        </span>
      ) : (
        <span class="badge bad" data-audit="broken" title={audit.message}>
          {icon('cross')}
          {` ${label('chainBroken', lang)} ${audit.brokenSeq ?? '?'}`}
        </span>
      )}
      {rng === undefined || rng === null ? null : !rng.verification.ok ? (
        <span class="badge bad" data-dice="bad" title={rng.verification.message}>
          {icon('cross')}
          {` ${label('diceBad', lang)} ${rng.verification.firstBadSeq ?? '?'}`}
        </span>
      ) : serverChecks === 0 ? (
        <span class="badge muted" data-dice="none">
          {icon('die')}
          {` ${label('diceNone', lang)}`}
        </span>
      ) : rng.revealed ? (
        <span class="badge ok" data-dice="verified" data-checked={rng.verification.checked ?? 0}>
          {icon('die')}
          {` ${label('diceVerified', lang, { rolls: dice.serverRolls, shuffles: dice.shuffles })}`}
        </span>
      ) : (
        <span class="badge muted" data-dice="committed">
          {icon('die')}
          {` ${label('diceCommitted', lang)}`}
        </span>
      )}
      {dice.reported > 0 ? (
        <span
          class="badge muted"
          data-dice-reported={dice.reported}
          data-dice-confirmed={dice.confirmed}
        >
          {icon('die')}
          {` ${label('diceReported', lang, { n: dice.reported, confirmed: dice.confirmed })}`}
        </span>
      ) : null}
    </div>
  );
}
