import type { NewEvent } from '../../events/recorded-event';
import { own, setOwn } from '../../shared/id-record';
import { lossCostSum, type Table } from '../../table/table';
import { tableEvent, type PieceSpec, type ZoneSpec } from '../../table/table-events';
import {
  handZoneId,
  refuse,
  TABLE_DECISIONS,
  toPieceSpec,
  toZoneSpec,
  undoUnlessRevealed,
} from '../kit';
import { diceModesFromSource, REPORTED_ROLL_CONFIRMATION_OPTION } from '../dice-source';
import { FreeformSetupParams } from '../kit/table-decisions.params';
import { type Derived, type Ruleset } from '../ruleset';
import { declarationDecisions } from './decisions/declarations';
import { FREEFORM_POSITION } from './freeform-position';
import { evolveResult, type FreeformState } from './freeform-state';

/**
 * Freeform: any game can be logged with no rules enforced. It is the kit's table decisions
 * (which check only that what a decision names exists) plus a sealed declaration; when a
 * phase names active seats, the seat acting must be one of them. Judges can use it today
 * for a game no ruleset covers yet. A result one seat declares waits for the other seats'
 * confirmation (decisions/declarations.ts).
 */

/**
 * Cards played are revealed: an undo would un-see them. (Rolls, draws, shuffles and reveals
 * are barriers for every ruleset: the engine refuses undos across them.)
 */
const REVEALS = new Set(['CardsPlayed']);

/**
 * A freeform match's points, for readers and for a campaign that links it (a league battle
 * takes each player's points): per owner, the sum of its tracks named `points`, `points-…`
 * or `points:…`. Undefined when the match keeps none.
 */
export function pointsByOwner(table: Readonly<Table>): Record<string, number> | undefined {
  let scores: Record<string, number> | undefined;
  for (const track of Object.values(table.tracks)) {
    if (track.owner === undefined || !/^points(?:$|[-:])/.test(track.id)) continue;
    scores ??= {};
    setOwn(scores, track.owner, (own(scores, track.owner) ?? 0) + track.value);
  }
  return scores;
}

export const freeformRuleset: Ruleset<FreeformState> = {
  id: 'freeform',
  version: '1.0.0',
  title: { en: 'Freeform', ru: 'Свободная запись' },
  summary: {
    en: 'Logs any game without enforcing its rules: zones, pieces, fleets, losses, tracks, cards and dice.',
    ru: 'Запись любой игры без проверки правил: зоны, фигуры, флоты, потери, треки, карты и кубики.',
  },
  options: [
    {
      id: 'diceSource',
      title: { en: 'Dice source', ru: 'Источник кубиков' },
      description: {
        en: 'Server: every roll uses provable server dice. Reported: players roll real dice and report the faces. Either: each roll chooses (faces given: reported; left out: server). Fixed at match creation and checked by matchlog verify.',
        ru: 'Сервер: все броски — проверяемые серверные кубики. Физические: игроки сообщают значения настоящих кубиков. Любые: каждый бросок выбирает сам (значения указаны — физические, нет — серверные). Фиксируется при создании партии и проверяется при сверке выгрузки матча.',
      },
      type: 'enum',
      choices: [
        { value: 'server', title: { en: 'Server dice', ru: 'Серверные кубики' } },
        { value: 'reported', title: { en: 'Reported dice', ru: 'Физические кубики' } },
        { value: 'either', title: { en: 'Either', ru: 'Любые' } },
      ],
      default: 'either',
    },
    REPORTED_ROLL_CONFIRMATION_OPTION,
  ],
  diceModes: (options) => diceModesFromSource(options.diceSource, options.reportedRollConfirmation),
  catalog: [],
  seats: { min: 1, max: 16 },
  setupParams: FreeformSetupParams,
  initialState: () => ({}),
  setup({ seats, params }) {
    const setup = params as FreeformSetupParams;
    const hands: ZoneSpec[] = seats.map(({ seat }) => ({
      id: handZoneId(seat),
      kind: 'hand',
      owner: seat,
      name: { en: `${seat}'s hand`, ru: `Рука ${seat}` },
      visibility: 'owner',
    }));
    const zones = [...hands, ...(setup.zones ?? []).map(toZoneSpec)];
    const zoneIds = new Set(zones.map((z) => z.id));
    if (zoneIds.size !== zones.length)
      return refuse('duplicate_zone', {
        en: 'Zone ids must be unique (hand:<seat> zones are created for every seat)',
        ru: 'Идентификаторы зон не должны повторяться (зона руки hand:<место> создаётся для каждого места сама)',
      });
    const pieces = setup.pieces ?? [];
    const pieceIds = new Set<string>();
    const specs: PieceSpec[] = [];
    for (const [index, piece] of pieces.entries()) {
      if (!zoneIds.has(piece.zone))
        return refuse('unknown_zone', {
          en: `Piece ${index} is placed in unknown zone ${piece.zone}`,
          ru: `Фигура ${index + 1} стоит в зоне «${piece.zone}», а такой зоны нет`,
        });
      const id = piece.id ?? `p${index + 1}`;
      if (pieceIds.has(id))
        return refuse('duplicate_piece', {
          en: `Piece id ${id} is used twice`,
          ru: `Идентификатор фигуры «${id}» встречается дважды`,
        });
      pieceIds.add(id);
      specs.push(toPieceSpec(piece, id));
    }
    const events: NewEvent[] = [tableEvent('ZonesCreated', { zones })];
    if (specs.length > 0) events.push(tableEvent('PiecesCreated', { pieces: specs }));
    return events;
  },
  publicSetup(params, hidden) {
    // The pieces set out in hidden zones are recorded committed, not in the public params;
    // the others keep the id they were given (`p<n>` counted in the full list).
    const pieces = (params as FreeformSetupParams).pieces ?? [];
    return {
      ...params,
      pieces: pieces
        .map((piece, index) => ({ ...piece, id: piece.id ?? `p${index + 1}` }))
        .filter((piece) => !hidden.has(piece.id)),
    };
  },
  decisions: {
    ...(TABLE_DECISIONS as Ruleset<FreeformState>['decisions']),
    ...declarationDecisions,
  },
  evolve: evolveResult,
  derive(table: Readonly<Table>): Derived {
    const losses: Record<string, { count: number; cost: number }> = {};
    for (const [owner, pile] of Object.entries(table.losses)) {
      setOwn(losses, owner, { count: pile.length, cost: lossCostSum(table as Table, owner) });
    }
    const scores = pointsByOwner(table);
    return scores ? { losses, scores } : { losses };
  },
  undo: undoUnlessRevealed(REVEALS),
  position: FREEFORM_POSITION,
};
