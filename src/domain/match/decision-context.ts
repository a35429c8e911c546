import { hasOwn, own, setOwn } from '../shared/id-record';
import {
  DICE_SPEC_LIMITS,
  entropyString,
  parseDiceSpec,
  rollDice,
  shuffleOrder,
  type DiceSpecError,
} from '../dice';
import type { LocalizedText } from '../shared/localized-text';
import type { NewEvent } from '../events/recorded-event';
import { RejectionSignal, violation } from '../rulesets/rule-violation';
import type { CitedMatch, DecisionContext, RollOutcome } from '../rulesets/ruleset';
import { tableEvent } from '../table/table-events';
import { diceModeOf, type DiceMode } from '../dice/dice-modes';
import type { DiceRolledData } from './match-events';
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
  if (!parsed.ok)
    throw new RejectionSignal(violation('invalid_dice', diceSpecMessage(parsed.error)));
  return parsed.sides;
}

/** Why a dice spec is refused, in both languages. */
function diceSpecMessage(error: DiceSpecError): LocalizedText {
  const { minCount, maxCount, minSides, maxSides, maxTotalDice } = DICE_SPEC_LIMITS;
  const term = error.term ?? '';
  const ru: Record<DiceSpecError['code'], string> = {
    syntax: term
      ? `«${term}» — не запись кубиков: нужно NdM, например «3d6» или «d20»`
      : 'Кубики не указаны: нужно, например, «3d6» или «2d6+1d8»',
    count: `«${term}»: кубиков должно быть от ${minCount} до ${maxCount}`,
    sides: `«${term}»: у кубика от ${minSides} до ${maxSides} граней`,
    'too-many-dice': `За один бросок — не больше ${maxTotalDice} кубиков`,
  };
  return { en: error.message, ru: ru[error.code] };
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
      if (!deck)
        throw new RejectionSignal(
          violation('unknown_deck', {
            en: `There is no deck ${deckId}`,
            ru: `Колоды «${deckId}» на столе нет`,
          }),
        );
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
      violation('reported_dice_not_allowed', {
        en: `This match rolls server dice for ${purpose}: leave the faces out`,
        ru: `В этом матче бросок «${purpose}» делает сервер: не вводите выпавшие грани`,
      }),
    );
  if (!reported && mode === 'reported')
    throw new RejectionSignal(
      violation('reported_dice_required', {
        en: `This match uses physical dice for ${purpose}: report the faces rolled at the table`,
        ru: `В этом матче бросок «${purpose}» делают настоящими кубиками: введите грани, выпавшие за столом`,
      }),
    );
}

function checkReportedFaces(sides: readonly number[], faces: readonly number[]): void {
  if (faces.length !== sides.length) {
    throw new RejectionSignal(
      violation('reported_dice_count', {
        en: `${faces.length} faces reported for ${sides.length} dice (${diceSpecOf(sides)})`,
        ru: `Введено граней: ${faces.length}, а кубиков ${sides.length} (${diceSpecOf(sides)})`,
      }),
    );
  }
  faces.forEach((face, i) => {
    if (!Number.isInteger(face) || face < 1 || face > sides[i]) {
      throw new RejectionSignal(
        violation('reported_face_out_of_range', {
          en: `Die ${i + 1} is a d${sides[i]}: face ${face} is impossible`,
          ru: `Кубик ${i + 1} — d${sides[i]}: грани ${face} у него нет`,
        }),
      );
    }
  });
}
