import { own } from '../../shared/id-record';
import type { DecisionSpec } from '../ruleset';
import { ccDecision, UNIT_KINDS, type CcDraft } from './cc-draft';
import type { CcEffect } from './cc-events';
import { hexOfZone, normalizeHex, onMap } from './cc-map';
import { CC_OPTIONS, OUTCOME_OPTION, type OutcomeAbout } from './cc-options';
import { RULES } from './cc-rules-text';
import type { CcState, PendingOutcome } from './cc-state';
import { CcOutcomeIdParams, CcStateOutcomeParams, type CcEffectParams } from './cc.params';

/**
 * What the excerpt lacks (fire and melee resolution, movement costs and LOS, Recover and
 * Rout, the Event texts, repair, victory points, Sudden Death, the end): a player states the
 * outcome under the option that names the missing rule, and the other player confirms it
 * (or a judge records the confirmation) — never an invented rule. The break ladder, Cover,
 * compass directions and Objective control that the text does state are applied by the
 * ruleset when the outcome is.
 */

export function lackingRule(about: OutcomeAbout): string {
  return CC_OPTIONS.find((o) => o.id === OUTCOME_OPTION[about])?.ruleRef ?? RULES.victory;
}

const PIECE_KINDS = new Set(['break', 'eliminate', 'recover', 'repair', 'move', 'exit']);

function checkEffect(
  d: CcDraft,
  about: OutcomeAbout,
  effect: CcEffectParams,
  at: string,
): CcEffect {
  const rule = lackingRule(about);
  const out: CcEffect = { kind: effect.kind };
  if (effect.kind === 'return') {
    // "Choose one eliminated unit" means any side's unit [Example A].
    const piece = effect.piece === undefined ? undefined : own(d.table.pieces, effect.piece);
    const to = effect.to === undefined ? undefined : normalizeHex(effect.to);
    if (!piece || !UNIT_KINDS.has(piece.type) || piece.status !== 'destroyed')
      return d.refuse(
        'not_eliminated',
        `${at}: ${effect.piece ?? 'no unit'} is no eliminated unit`,
        rule,
      );
    if (!to || !onMap(to, d.rs.grid))
      return d.refuse(
        'off_map',
        `${at}: a returned unit is placed in a hex of the map`,
        RULES.hexId,
      );
    return { kind: 'return', piece: piece.id, to };
  }
  if (PIECE_KINDS.has(effect.kind)) {
    const piece = effect.piece === undefined ? undefined : own(d.table.pieces, effect.piece);
    if (!piece || piece.type === 'fate-card' || piece.status === 'destroyed')
      d.refuse('unknown_piece', `${at}: ${effect.piece ?? 'no piece'} is no piece in play`, rule);
    out.piece = piece.id;
    if (effect.kind === 'recover' && (!UNIT_KINDS.has(piece.type) || piece.status !== 'broken'))
      d.refuse('not_broken', `${at}: only a broken unit recovers`, RULES.breakLadder);
    if (effect.kind === 'repair' && (piece.type !== 'weapon' || piece.status !== 'broken'))
      d.refuse('not_broken', `${at}: only a broken Weapon is repaired`, RULES.repair);
    if (
      (effect.kind === 'move' || effect.kind === 'exit') &&
      !(UNIT_KINDS.has(piece.type) && hexOfZone(piece.zone))
    )
      d.refuse('not_on_map', `${at}: ${piece.id} is no unit on the map`, rule);
    if (effect.kind === 'move') {
      if (effect.to !== undefined) out.to = normalizeHex(effect.to);
      if (effect.direction !== undefined) out.direction = effect.direction;
      if (effect.distance !== undefined) out.distance = effect.distance;
      const to = d.targetHex(out, hexOfZone(piece.zone));
      if (!to || !onMap(to, d.rs.grid))
        d.refuse(
          'off_map',
          `${at}: the move ends off the map`,
          effect.direction ? RULES.compass : RULES.hexId,
        );
    }
  }
  if (effect.kind === 'vp' || effect.kind === 'end') {
    if (about !== 'victory')
      d.refuse(
        'wrong_rule',
        `${at}: victory points and the end are stated under "victory"`,
        RULES.victory,
      );
    if (effect.seat !== undefined && !d.rs.sides.some((s) => s.seat === effect.seat))
      d.refuse('unknown_seat', `${at}: no seat ${effect.seat}`, RULES.victory);
    if (effect.kind === 'vp' && (effect.seat === undefined || effect.amount === undefined))
      d.refuse('incomplete', `${at}: a vp effect names the seat and the amount`, RULES.victory);
    if (effect.seat !== undefined) out.seat = effect.seat;
    if (effect.amount !== undefined) out.amount = effect.amount;
  }
  return out;
}

/** Applies a stated outcome; an Event's statement also ends its trigger. */
function applyOutcome(d: CcDraft, outcome: Pick<PendingOutcome, 'about' | 'effects'>): void {
  d.applyEffects(outcome.effects, outcome.about);
  if (outcome.about === 'event' && d.rs.pending?.trigger === 'event') d.resolveTrigger();
}

export const outcomeDecisions: Record<string, DecisionSpec<CcState, never>> = {
  'state-outcome': ccDecision<CcStateOutcomeParams>({
    summary: {
      en: 'State an outcome the rules excerpt lacks',
      ru: 'Заявить результат, которого нет в отрывке правил',
    },
    params: CcStateOutcomeParams,
    turn: 'any',
    available: (ctx) => ctx.rs.begun && !ctx.rs.ended,
    decide(d, { about, effects, note }) {
      d.requireBegun();
      const pending = d.rs.pending;
      if (about === 'event') {
        if (pending?.trigger !== 'event' || pending.event === undefined)
          return d.refuse('no_event', 'No Event is being resolved', RULES.event);
        if (pending.seat !== d.seat)
          d.refuse(
            'not_the_reader',
            'The player who reads the Event makes its choices',
            RULES.eventChoices,
          );
        if (Object.values(d.rs.outcomes.pending).some((o) => o.about === 'event'))
          d.refuse(
            'event_stated',
            'The Event’s outcome is already stated: confirm or reject it first',
            RULES.event,
          );
      }
      const checked = effects.map((e, i) => checkEffect(d, about, e, `effects.${i}`));
      const id = `o${d.rs.outcomes.next}`;
      const asStated = d.options[OUTCOME_OPTION[about]] === 'as-stated';
      d.own('OutcomeStated', {
        id,
        seat: d.seat,
        about,
        effects: checked,
        ...(note ? { note } : {}),
        ...(about === 'event' && pending ? { roll: pending.roll } : {}),
        ruleRef: about === 'event' ? `${lackingRule(about)} / ${RULES.golden}` : lackingRule(about),
        ...(asStated ? { applied: true } : {}),
      });
      if (asStated) applyOutcome(d, { about, effects: checked });
    },
  }),

  'confirm-outcome': ccDecision<CcOutcomeIdParams>({
    summary: {
      en: 'Confirm the other player’s stated outcome',
      ru: 'Подтвердить заявленный соперником результат',
    },
    params: CcOutcomeIdParams,
    turn: 'any',
    available: (ctx) => Object.values(ctx.rs.outcomes.pending).some((o) => o.seat !== ctx.seat),
    decide(d, { id }) {
      const outcome = own(d.rs.outcomes.pending, id);
      if (!outcome)
        return d.refuse('no_outcome', `No stated outcome ${id} awaits confirmation`, RULES.victory);
      if (outcome.seat === d.seat)
        d.refuse(
          'own_outcome',
          'A stated outcome is confirmed by the other player',
          lackingRule(outcome.about),
        );
      d.own('OutcomeConfirmed', { id, by: d.seat });
      applyOutcome(d, outcome);
    },
  }),

  'reject-outcome': ccDecision<CcOutcomeIdParams>({
    summary: {
      en: 'Reject (or withdraw) a stated outcome',
      ru: 'Отклонить (или отозвать) заявленный результат',
    },
    params: CcOutcomeIdParams,
    turn: 'any',
    available: (ctx) => Object.keys(ctx.rs.outcomes.pending).length > 0,
    decide(d, { id }) {
      if (!own(d.rs.outcomes.pending, id))
        d.refuse('no_outcome', `No stated outcome ${id} awaits confirmation`, RULES.victory);
      d.own('OutcomeRejected', { id, by: d.seat });
    },
  }),
};
