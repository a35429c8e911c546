import { own } from '../../../shared/id-record';
import {
  FLEET_PIECE,
  hasParts,
  influenceAt,
  isShielded,
  TRACKS,
  troopSector,
  troopsAt,
  ZONES,
} from '../rex-board';
import { rexDecision, type RexDraft } from '../rex-draft';
import { draw, endRound } from '../rex-flow';
import { nextSector, SECTOR_COUNT, sectorZoneId } from '../rex-map';
import { RULES } from '../rex-rules-text';
import { cardEffectsOf, factionOf } from '../rex-state';
import { RexNoParams } from './shared.params';

/**
 * Bombardment: the first player draws a Bombardment card, the Dreadnought Fleet moves sector
 * by sector (18 is followed by 1), destroying troops and Influence in every unshielded
 * location of each sector it enters, and stops: that sector is under bombardment until the
 * Fleet moves again. The card is shuffled back and the First Player marker passes left.
 */

/** How many sectors the Fleet moves for a card: N (steps), or forward to sector N (sector). */
export function fleetSteps(
  mode: 'steps' | 'sector',
  from: number,
  value: number,
  ownSector: 'no-move' | 'full-lap' = 'no-move',
): number {
  if (mode === 'steps') return value;
  const steps = (value - from + SECTOR_COUNT) % SECTOR_COUNT;
  return steps === 0 && ownSector === 'full-lap' ? SECTOR_COUNT : steps;
}

/** The Fleet enters a sector: troops and Influence in its unshielded locations are destroyed. */
export function bombard(d: RexDraft, sector: number): void {
  for (const location of d.map.locations) {
    if (!location.sectors.includes(sector) || isShielded(d.rs, location)) continue;
    // With parts (option troopSectors), only the troops in the sector the Fleet enters.
    const troops = troopsAt(d.table, location.id)
      .filter(
        (p) => !hasParts(location, d.opts.troopSectors) || troopSector(p, location) === sector,
      )
      .map((p) => p.id);
    const influence = influenceAt(d.table, location.id);
    if (troops.length === 0 && influence === 0) continue;
    if (troops.length > 0) d.on('PiecesDestroyed', { pieces: troops, cause: 'bombardment' });
    if (influence > 0) {
      d.track(TRACKS.location(location.id), -influence);
      d.toBank(influence);
    }
    d.own('BombardmentHit', {
      sector,
      location: location.id,
      troops,
      influence,
      ruleRef: RULES.bombardmentDestroys,
    });
  }
}

export const bombardmentDecisions = {
  'draw-bombardment': rexDecision<RexNoParams>({
    summary: {
      en: 'Draw the Bombardment card and move the Dreadnought Fleet',
      ru: 'Взять Карту Бомбардировки и переместить Флот Дредноутов',
    },
    params: RexNoParams,
    example: {},
    turn: 'active',
    phases: ['bombardment'],
    available: ({ table }) => (own(table.decks, ZONES.bombardmentDeck)?.order.length ?? 0) > 0,
    decide(d) {
      const [card] = draw(d, ZONES.bombardmentDeck, ZONES.bombardmentRevealed, 1, 'public');
      if (!card)
        return d.refuse(
          'deck_empty',
          { en: 'The Bombardment deck is empty', ru: 'Колода Бомбардировки пуста' },
          RULES.bombardmentDraw,
        );
      const value = Number(own(d.table.pieces, card)?.attrs.value ?? 0);
      const mode = d.opts.bombardmentCard;
      d.own('BombardmentCardRevealed', {
        card,
        value,
        mode,
        ruleRef: mode === 'steps' ? RULES.bombardmentSteps : RULES.bombardmentToSector,
      });
      let sector = d.rs.fleetSector;
      for (
        let step = fleetSteps(mode, sector, value, d.opts.bombardmentOwnSector);
        step > 0;
        step -= 1
      ) {
        const to = nextSector(sector);
        d.own('DreadnoughtFleetStepped', { from: sector, to });
        d.on('PiecesMoved', { pieces: [FLEET_PIECE], to: sectorZoneId(to) });
        bombard(d, to);
        sector = to;
      }
      d.own('DreadnoughtFleetStopped', { sector, ruleRef: RULES.bombardedSector });
      d.on('PiecesMoved', { pieces: [card], to: ZONES.bombardmentDeck });
      d.shuffle(ZONES.bombardmentDeck);
      endRound(d);
    },
  }),

  'peek-bombardment': rexDecision<RexNoParams>({
    summary: {
      en: 'Sol: look at the top Bombardment card (once per round)',
      ru: 'Сол: посмотреть верхнюю Карту Бомбардировки (раз в раунд)',
    },
    params: RexNoParams,
    example: {},
    turn: 'any',
    available: ({ rs, table, seat }) =>
      factionOf(rs, seat) === 'sol' &&
      rs.round >= 1 &&
      rs.solPeekRound !== rs.round &&
      !cardEffectsOf(rs).cancelled.some((c) => c.seat === seat && c.ability === 'sol-look') &&
      (own(table.decks, ZONES.bombardmentDeck)?.order.length ?? 0) > 0,
    decide(d) {
      if (factionOf(d.rs, d.seat) !== 'sol')
        return d.refuse(
          'not_sol',
          {
            en: 'Only Sol looks at the top Bombardment card',
            ru: 'Верхнюю карту Бомбардировки смотрит только Сол',
          },
          RULES.solLook,
        );
      if (d.rs.round < 1)
        return d.refuse(
          'not_begun',
          { en: 'The game has not begun', ru: 'Игра ещё не началась' },
          RULES.solLook,
        );
      if (cardEffectsOf(d.rs).cancelled.some((c) => c.seat === d.seat && c.ability === 'sol-look'))
        return d.refuse(
          'look_cancelled',
          {
            en: 'Informant–Cancellation: Sol does not look until the next Bombardment phase',
            ru: '«Информатор – Аннулирования»: Сол не смотрит карту до следующей Фазы Бомбардировки',
          },
          RULES.solLook,
        );
      if (d.rs.solPeekRound === d.rs.round)
        return d.refuse(
          'already_looked',
          {
            en: `Sol has looked this round (${d.rs.round})`,
            ru: `Сол уже смотрел карту в этом раунде (${d.rs.round})`,
          },
          RULES.solLook,
        );
      const card = own(d.table.decks, ZONES.bombardmentDeck)?.order[0];
      if (!card)
        return d.refuse(
          'deck_empty',
          { en: 'The Bombardment deck is empty', ru: 'Колода Бомбардировки пуста' },
          RULES.solLook,
        );
      d.own(
        'BombardmentTopPeeked',
        {
          seat: d.seat,
          round: d.rs.round,
          secret: { card, value: Number(own(d.table.pieces, card)?.attrs.value ?? 0) },
        },
        `seat:${d.seat}`,
      );
    },
  }),
};
