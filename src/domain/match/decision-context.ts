import { hasOwn, own, setOwn } from '../shared/id-record';
import { entropyString, parseDiceSpec, rollDice, shuffleOrder } from '../dice';
import type { NewEvent } from '../events/recorded-event';
import { RejectionSignal, violation } from '../rulesets/rule-violation';
import type { CitedMatch, DecisionContext, RollOutcome } from '../rulesets/ruleset';
import { tableEvent } from '../table/table-events';
import { diceModeOf, type DiceMode, type DiceRolledData } from './match-events';
import type { MatchState } from './match-state';

/** "2d6+1d8" from [6, 6, 8]: the readable form of a roll. */
export function diceSpecOf(sides: readonly number[]): string {
  const terms: string[] = [];
  let i = 0;
  while (i < sides.length) {
    let j = i;
    while (j < sides.length && sides[j] === sides[i]) j += 1;
    terms.push(`${j - i}d${sides[i]}`);
    i = j;
  }
  return terms.join('+');
}

export function parseDiceOrReject(spec: string): number[] {
  const parsed = parseDiceSpec(spec);
  if (!parsed.ok) throw new RejectionSignal(violation('invalid_dice', parsed.error.message));
  return parsed.sides;
}

/**
 * The context a ruleset decides in. Rolls and shuffles advance per-purpose counters
 * local to the decision, so two rolls of one purpose in one decision get k and k+1.
 */
export function createDecisionContext<RS>(
  state: MatchState<RS>,
  seat: string,
  seed: Uint8Array,
  cited: readonly CitedMatch[] = [],
  byJudge = false,
): DecisionContext<RS> {
  const counters: Record<string, number> = {};
  const nextK = (purpose: string): number => {
    const k = own(counters, purpose) ?? own(state.rollCounters, purpose) ?? 0;
    setOwn(counters, purpose, k + 1);
    return k;
  };
  const issuedIds = new Set<string>();
  let pieceSerial = state.pieceCounter;
  const entropy =
    state.status === 'created' ? entropyString(state.seats.map((s) => s.entropy)) : state.entropy;

  return {
    matchId: state.matchId,
    seat,
    table: state.table,
    rs: state.rs,
    options: state.options,
    seats: state.seats,
    nextSeq: state.lastSeq + 1,
    ...(byJudge ? { byJudge: true } : {}),
    roll(purpose: string, sides: number[], reportedFaces?: number[]): RollOutcome {
      checkDiceMode(diceModeOf(state.dice, purpose), purpose, reportedFaces !== undefined);
      if (reportedFaces) {
        checkReportedFaces(sides, reportedFaces);
        const data: DiceRolledData = {
          seat,
          purpose,
          spec: diceSpecOf(sides),
          sides,
          faces: [...reportedFaces],
          source: 'reported',
          reporter: seat,
        };
        return { faces: [...reportedFaces], event: { type: 'DiceRolled', data } };
      }
      const k = nextK(purpose);
      const faces = rollDice({ seed, matchId: state.matchId, purpose, k, entropy, sides });
      const data: DiceRolledData = {
        seat,
        purpose,
        spec: diceSpecOf(sides),
        sides,
        faces,
        source: 'server',
        k,
      };
      return { faces, event: { type: 'DiceRolled', data } };
    },
    shuffle(deckId: string, current?: readonly string[]): NewEvent {
      const deck = own(state.table.decks, deckId);
      if (!deck) throw new RejectionSignal(violation('unknown_deck', `There is no deck ${deckId}`));
      const before = [...(current ?? deck.order)];
      const k = nextK(`shuffle:${deckId}`);
      const order = shuffleOrder({
        seed,
        matchId: state.matchId,
        deckId,
        k,
        entropy,
        items: before,
      });
      return tableEvent(
        'DeckShuffled',
        { deck: deckId, k, count: order.length, secret: { order, before } },
        'judges',
      );
    },
    cited(matchId: string): CitedMatch | undefined {
      return cited.find((match) => match.matchId === matchId);
    },
    newPieceId(prefix: string): string {
      let id: string;
      do {
        pieceSerial += 1;
        id = `${prefix}${pieceSerial}`;
      } while (hasOwn(state.table.pieces, id) || issuedIds.has(id));
      issuedIds.add(id);
      return id;
    },
  };
}

/** The match fixed at creation which dice a purpose uses: a roll of the other kind is refused. */
function checkDiceMode(mode: DiceMode, purpose: string, reported: boolean): void {
  if (reported && mode === 'server')
    throw new RejectionSignal(
      violation(
        'reported_dice_not_allowed',
        `This match rolls server dice for ${purpose}: leave the faces out`,
      ),
    );
  if (!reported && mode === 'reported')
    throw new RejectionSignal(
      violation(
        'reported_dice_required',
        `This match uses physical dice for ${purpose}: report the faces rolled at the table`,
      ),
    );
}

function checkReportedFaces(sides: readonly number[], faces: readonly number[]): void {
  if (faces.length !== sides.length) {
    throw new RejectionSignal(
      violation(
        'reported_dice_count',
        `${faces.length} faces reported for ${sides.length} dice (${diceSpecOf(sides)})`,
      ),
    );
  }
  faces.forEach((face, i) => {
    if (!Number.isInteger(face) || face < 1 || face > sides[i]) {
      throw new RejectionSignal(
        violation(
          'reported_face_out_of_range',
          `Die ${i + 1} is a d${sides[i]}: face ${face} is impossible`,
        ),
      );
    }
  });
}
