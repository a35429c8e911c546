import { own } from '../../../shared/id-record';
import { influenceOf, ZONES } from '../rex-board';
import { closeCeasefire } from './influence';
import { rexDecision, type RexDraft } from '../rex-draft';
import {
  closeLotIfDone,
  endManeuverTurn,
  nextCombatStep,
  passFirstPlayerMarker,
  recruitmentDue,
  setPhase,
  startManeuvers,
} from '../rex-flow';
import { RULES, RULESET_CHOICES } from '../rex-rules-text';
import { allianceOf, factionOf } from '../rex-state';
import { RexNoParams } from './shared.params';

/**
 * A seat concedes (the text is silent; RULESET_CHOICES.concession says what this ruleset
 * does): its troops and leaders leave play for the box, its Reserve's Influence goes to the
 * Bank, its Strategy cards to the discard, its Traitor cards back into their deck, and it
 * leaves its alliance. The others play on (the last race left wins) or the match ends at once
 * (option concession). A battle the seat is fighting is finished first.
 */

export const concessionDecisions = {
  concede: rexDecision<RexNoParams>({
    summary: {
      en: 'Concede: your race leaves the game',
      ru: 'Сдаться: ваша раса выходит из игры',
    },
    params: RexNoParams,
    example: {},
    turn: 'any',
    available: ({ rs, seat }) =>
      rs.round >= 1 && rs.phase !== 'setup' && !rs.result && !rs.battle?.sides.includes(seat),
    decide(d) {
      if (d.rs.round < 1 || d.rs.phase === 'setup')
        return d.refuse(
          'not_begun',
          {
            en: 'The game has not begun: the organizer changes the seats instead',
            ru: 'Игра ещё не началась: вместо этого организатор меняет состав мест',
          },
          RULESET_CHOICES.concession,
        );
      if (d.rs.battle?.sides.includes(d.seat))
        return d.refuse(
          'battle_open',
          {
            en: `${d.seat} fights battle ${d.rs.battle.id}: it is finished before a concession`,
            ru: 'Вы участвуете в идущем бою: сначала он заканчивается, потом можно признать поражение',
          },
          RULESET_CHOICES.concession,
        );
      concede(d);
    },
  }),
};

function concede(d: RexDraft): void {
  const seat = d.seat;
  const pieces = Object.values(d.table.pieces);
  const removed = pieces
    .filter(
      (p) =>
        p.owner === seat &&
        (p.type === 'troop' || p.type === 'mechanized-troop' || p.type === 'leader') &&
        p.zone !== ZONES.box,
    )
    .map((p) => p.id);
  const hand = pieces.filter((p) => p.zone === ZONES.hand(seat)).map((p) => p.id);
  const traitors = pieces.filter((p) => p.zone === ZONES.traitors(seat)).map((p) => p.id);
  const influence = influenceOf(d.table, seat);
  if (removed.length > 0) {
    // Pieces in the Loss Bank are destroyed: back in play first, then out to the box.
    const lost = removed.filter((id) => own(d.table.pieces, id)?.status === 'destroyed');
    const inPlay = removed.filter((id) => !lost.includes(id));
    if (lost.length > 0) d.on('PiecesRestored', { pieces: lost, to: ZONES.box });
    if (inPlay.length > 0) d.on('PiecesMoved', { pieces: inPlay, to: ZONES.box });
  }
  if (hand.length > 0) d.on('CardsDiscarded', { pieces: hand, to: ZONES.strategyDiscard });
  if (traitors.length > 0) {
    d.on('PiecesMoved', { pieces: traitors, to: ZONES.traitorDeck });
    d.shuffle(ZONES.traitorDeck);
  }
  d.pay(seat, 'bank', influence);
  const alliance = allianceOf(d.rs, seat);
  if (alliance) {
    const members = alliance.members.filter((m) => m !== seat);
    d.own('AllianceLeft', {
      alliance: alliance.id,
      member: seat,
      members,
      ruleRef: RULES.leaveAlliance,
    });
    if (members.length < 2) d.own('AllianceDissolved', { alliance: alliance.id });
  }
  const faction = factionOf(d.rs, seat);
  d.own('SeatConceded', {
    seat,
    faction: faction ?? 'sol',
    removed,
    influence,
    strategyCards: hand.length,
    traitorCards: traitors.length,
    ruleRef: RULESET_CHOICES.concession,
  });
  const left = d.order;
  if (d.opts.concession === 'match-ends' || left.length <= 1) {
    d.on('PhaseStarted', { phase: 'ended', active: [] });
    d.finish(
      left,
      d.opts.concession === 'match-ends' ? 'concession' : 'last-race-left',
      RULESET_CHOICES.concession,
    );
    return;
  }
  resumeWithout(d, seat);
}

/** The phase goes on without the seat: whatever waited for it moves on. */
function resumeWithout(d: RexDraft, seat: string): void {
  if (d.rs.firstPlayer === seat) passFirstPlayerMarker(d);
  const active = d.table.turn.active;
  switch (d.rs.phase) {
    case 'influence':
    case 'bombardment':
      if (active.includes(seat)) setPhase(d, d.rs.phase, [d.rs.firstPlayer]);
      return;
    case 'ceasefire':
      if (d.order.every((s) => d.rs.ceasefire?.done.includes(s))) closeCeasefire(d);
      else
        setPhase(
          d,
          'ceasefire',
          active.filter((s) => s !== seat),
        );
      return;
    case 'bidding':
      if (d.rs.auction && d.rs.auction.lot >= 1) closeLotIfDone(d);
      return;
    case 'recruitment': {
      const due = recruitmentDue(d);
      if (due.length === 0) startManeuvers(d);
      else setPhase(d, 'recruitment', due);
      return;
    }
    case 'maneuvers':
      if (d.rs.maneuvers?.turn === seat) endManeuverTurn(d, seat);
      return;
    case 'combat':
      if (!d.rs.battle) nextCombatStep(d);
      return;
    default:
      return;
  }
}
