import type { JSX } from 'preact';
import type { Lang } from '@domain/rulesets/ruleset';
import { type StateView } from '../api/client';
import { playLabel } from './play-labels';
import { Phraser } from '@domain/naming/phraser';

/** Whose turn it is, in words: the seat's own turn stands out. */
export function TurnBanner({
  lang,
  state,
  seat,
  ended,
  phraser,
  canAct,
}: {
  lang: Lang;
  state: StateView;
  seat: string | undefined;
  ended: boolean;
  phraser: Phraser;
  canAct: boolean;
}): JSX.Element | null {
  if (state.status === 'created') return null;
  if (ended)
    return (
      <p class="turn-banner ended" role="status" data-turn="ended">
        {playLabel('matchEnded', lang)}
      </p>
    );
  const active = state.table.turn.active;
  const mine = seat !== undefined && active.includes(seat);
  const others = active.filter((s) => s !== seat).map((s) => phraser.seats.full(s, lang));
  // The seat's turn with nothing to decide (its choice sealed, the others' awaited) is theirs.
  const text =
    mine && canAct
      ? playLabel('yourTurn', lang)
      : others.length > 0
        ? playLabel('waitingFor', lang, { names: others.join(', ') })
        : canAct
          ? playLabel('anyoneActs', lang)
          : playLabel('waitingForOthers', lang);
  return (
    <p
      class={`turn-banner${mine && canAct ? ' mine' : ''}`}
      role="status"
      aria-live="polite"
      data-turn={mine && canAct ? 'mine' : 'other'}
    >
      {text}
    </p>
  );
}
