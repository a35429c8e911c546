import { own } from '../../shared/id-record';
import { tableEvent } from '../../table/table-events';
import { RULES } from './cp-rules-text';
import { refuse } from '../kit';
import { capital, cardNamed } from './cp-words';
import { controllerOf, isDestroyed, kindOf, objectOfOrbit, Z, type CpDraft } from './cp-table';
import { commanderHost } from './decisions/victory';

/**
 * Moves the seat's Commander: ship to ship in one fleet, or between an object and a ship
 * on its orbit; in production, or at the start of a battle phase (before its first round).
 */
export function moveCommander(d: CpDraft, to: string): void {
  const seat = d.seat;
  if (d.table.turn.phase === 'battle') {
    const phase = d.rs.battlePhase;
    if (!phase || phase.roundsBegun)
      refuse(
        'commander_window',
        {
          en: 'The Commander moves at the start of a battle phase, before its first round',
          ru: 'Командора перемещают в начале фазы сражения, до её первого раунда',
        },
        RULES.commanderMove,
      );
  }
  const host = commanderHost(d.table, d.rs, seat);
  if (!host)
    refuse(
      'no_commander_host',
      { en: 'Your Commander is not placed', ru: 'Ваш Командор ещё не размещён' },
      RULES.commanderPlacement,
    );
  const target = d.piece(to);
  const from = cardNamed(d, host.id);
  const onto = capital(cardNamed(d, to));
  if (isDestroyed(target) || target.id === host.id)
    refuse(
      'commander_target',
      {
        en: `${onto.en} is not another card in play`,
        ru: `${onto.ru}: это не другая карта в игре`,
      },
      RULES.commanderMove,
    );
  const hostKind = kindOf(host);
  const targetKind = kindOf(target);
  let allowed = false;
  if (hostKind === 'ship' && targetKind === 'ship')
    allowed = target.owner === seat && target.zone === host.zone;
  else if (hostKind === 'object' && targetKind === 'ship')
    allowed = target.owner === seat && target.zone === Z.orbit(host.id);
  else if (hostKind === 'ship' && targetKind === 'object')
    allowed = controllerOf(target) === seat && objectOfOrbit(d.table, host.zone)?.id === target.id;
  if (!allowed)
    refuse(
      'commander_target',
      {
        en: `The Commander moves ship to ship within one fleet, or between an object and a ship on its orbit; ${from.en} → ${onto.en} is neither`,
        ru: `Командор переходит с корабля на корабль одного флота или между объектом и кораблём на его орбите; переход ${from.ru} → ${onto.ru} не из таких`,
      },
      RULES.commanderMove,
    );
  d.emit(
    tableEvent('PieceChanged', {
      piece: own(d.rs.decks, seat)!.commanderPiece,
      attrs: { host: to },
    }),
  );
  d.own('CommanderMoved', { seat, from: host.id, to, ruleRef: RULES.commanderMove });
}
