import type { JSX } from 'preact';
import type { Table } from '@domain/table/table';
import { label } from '../i18n';
import type { BoardCtx } from './board-ctx';
import { Die } from './die';
import { SeatChip } from './seat-chip';

/** The round, the phase, who acts and who has priority, and the last roll with its dice. */
export function TurnBar({
  table,
  ctx,
  ended,
}: {
  table: Table;
  ctx: BoardCtx;
  ended?: boolean;
}): JSX.Element | null {
  const { turn, lastRoll } = table;
  const { lang, touched, phraser } = ctx;
  const live = !ended && (turn.phase || turn.active.length > 0 || turn.priority);
  // Nothing to say yet (a freeform table before its first round): no empty bar.
  if (turn.round === 0 && !live && !lastRoll) return null;
  return (
    <div class={`turn-bar${touched?.turn ? ' changed' : ''}`}>
      {/* Before the first round starts there is no round to name («Раунд 0»). */}
      {turn.round > 0 ? (
        <span class="turn-item" data-round={turn.round}>
          {`${label('round', lang)} `}
          <strong>{turn.round}</strong>
        </span>
      ) : null}
      {turn.phase && !ended ? (
        <span class="turn-item" data-phase={turn.phase}>
          {`${label('phase', lang)} `}
          <strong>{phraser.term(turn.phase, lang)}</strong>
        </span>
      ) : null}
      {turn.active.length > 0 && !ended ? (
        <span class="turn-item" data-active={turn.active.join(' ')}>
          {`${label('active', lang)} `}
          {turn.active.map((seat) => (
            <SeatChip seat={seat} ctx={ctx} />
          ))}
        </span>
      ) : null}
      {turn.priority && !ended ? (
        <span class="turn-item">
          {`${label('priority', lang)} `}
          <SeatChip seat={turn.priority} ctx={ctx} />
        </span>
      ) : null}
      {lastRoll ? (
        <span
          class={`turn-item roll${touched?.roll ? ' changed' : ''}`}
          data-roll-seq={lastRoll.seq}
          aria-label={`${label('lastRoll', lang)}: ${phraser.term(lastRoll.purpose, lang)}, ${lastRoll.faces.join(', ')}${lastRoll.value !== undefined ? ` = ${lastRoll.value}` : ''}${lastRoll.trigger ? `, ${phraser.term(lastRoll.trigger, lang)}${lastRoll.triggerIgnored ? ` (${label('triggerIgnored', lang)})` : ''}` : ''}`}
        >
          <span class="muted">
            {`${label('lastRoll', lang)} (#${lastRoll.seq}) ${phraser.term(lastRoll.purpose, lang)}`}
          </span>
          {lastRoll.faces.map((face, i) => (
            <Die face={face} sides={lastRoll.sides[i] ?? 6} />
          ))}
          {lastRoll.source === 'reported' ? (
            <span class="muted small">{label('reported', lang)}</span>
          ) : null}
          {lastRoll.source === 'card' && lastRoll.value !== undefined ? (
            <strong class="roll-value" data-combine={lastRoll.combine}>
              {/* The faces as numbers, then what they make: "5 + 1 = 6" beside the dice. */}
              {`${lastRoll.faces.join(lastRoll.combine === 'product' ? ' × ' : ' + ')} = ${lastRoll.value}`}
            </strong>
          ) : null}
          {lastRoll.trigger ? (
            <span
              class={`roll-trigger${lastRoll.triggerIgnored ? ' ignored' : ''}`}
              data-trigger={lastRoll.trigger}
              title={lastRoll.triggerIgnored ? label('triggerIgnored', lang) : undefined}
            >
              {/* The word printed in the trigger's frame, as the ruleset translates it. */}
              {phraser.term(lastRoll.trigger, lang)}
            </span>
          ) : null}
        </span>
      ) : null}
    </div>
  );
}
