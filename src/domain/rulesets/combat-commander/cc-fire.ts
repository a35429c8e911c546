import { own } from '../../shared/id-record';
import type { Piece, Table } from '../../table/table';
import { UNIT_KINDS } from './cc-draft';
import { hexDistance, hexesBetween, hexOfZone, hexZone } from './cc-map';
import type { CcState } from './cc-state';
import type { RollPurpose } from './decisions/rolls.params';

/**
 * Who may fire at whom now, as far as the excerpt gives it (issue 45 item 2); the decision
 * (decisions/rolls.ts) and its choices both ask here.
 *
 * - The firers are the pieces the card allowing the roll activated («Подразделение или игрока
 *   можно активировать для выполнения только одного Приказа в Ход»): in one's own Turn the
 *   units (and Leader) of the Fire Order being carried out, in the opponent's Turn those of
 *   one's Op Fire, whose target is one of the enemy units moving («обстрелять движущиеся силы
 *   противника»).
 * - Range [3.1.2]: the target's hex within the firer's own Range; a Weapon has its own [11].
 * - Line of fire [10, 10.2, 10.3]: the scenario's obstacle hexes between block it (option
 *   lineOfFire); the Hindrance hexes crossed are recorded.
 * - Ordnance [O20.2] never joins a Fire Group: it fires alone, a Targeting roll first.
 */

export interface FireView {
  table: Readonly<Table>;
  rs: Readonly<CcState>;
  seat: string;
  options: Readonly<Record<string, unknown>>;
}

const range = (p: Readonly<Piece>): number =>
  typeof p.attrs.range === 'number' ? p.attrs.range : 0;
const firepower = (p: Readonly<Piece>): number => (typeof p.attrs.fp === 'number' ? p.attrs.fp : 0);
export const isOrdnance = (p: Readonly<Piece> | undefined): boolean => p?.attrs.ordnance === true;
export const carrierOf = (p: Readonly<Piece>): string | undefined =>
  typeof p.attrs.unit === 'string' ? p.attrs.unit : undefined;

/** The pieces the card allowing the seat's Fire now activated (units, Leader, Op Fire's Weapons). */
export function fireActivated(rs: Readonly<CcState>, seat: string): string[] {
  const turn = rs.turn;
  if (!turn) return [];
  if (turn.seat === seat) return [...(turn.orderUnits ?? [])];
  return (turn.opFirePieces ?? []).filter((o) => o.seat === seat).flatMap((o) => o.pieces);
}

/** Op Fire shoots at the enemy forces moving: the units the opponent's Order activated. */
export function opFireTargets(rs: Readonly<CcState>, seat: string): string[] | undefined {
  return rs.turn && rs.turn.seat !== seat ? [...(rs.turn.orderUnits ?? [])] : undefined;
}

/** The line of fire between two hexes: the first obstacle hex between, and the Hindrances crossed. */
export function lineOfFire(
  view: Pick<FireView, 'table' | 'options'>,
  from: string,
  to: string,
): { checked: boolean; obstacle?: string; hindrances: string[] } {
  if (view.options.lineOfFire === 'not-checked') return { checked: false, hindrances: [] };
  const between = hexesBetween(from, to);
  const attrs = (hex: string) => own(view.table.zones, hexZone(hex))?.attrs ?? {};
  return {
    checked: true,
    obstacle: between.find((hex) => attrs(hex).obstacle === true),
    hindrances: between.filter((hex) => attrs(hex).hindrance === true),
  };
}

export type FirerProblem =
  | { kind: 'range'; at: string; range: number; distance: number }
  | { kind: 'obstacle'; at: string; obstacle: string };

/** Why a piece (at its hex) cannot fire at `targetHex`, if it cannot. */
export function firerProblem(
  view: Pick<FireView, 'table' | 'options'>,
  piece: Readonly<Piece>,
  targetHex: string,
): FirerProblem | undefined {
  const at = hexOfZone(piece.zone);
  if (!at) return undefined;
  const distance = hexDistance(at, targetHex);
  if (distance > range(piece)) return { kind: 'range', at, range: range(piece), distance };
  const obstacle = lineOfFire(view, at, targetHex).obstacle;
  return obstacle ? { kind: 'obstacle', at, obstacle } : undefined;
}

/** What a Fire or Targeting roll records of its firers: own FP, Range and distance [3.1, 11]. */
export function fireRecord(
  view: Pick<FireView, 'table' | 'options'>,
  firers: readonly string[],
  targetHex: string,
) {
  const hindrances = new Set<string>();
  let checked = false;
  const listed = firers.flatMap((id) => {
    const piece = own(view.table.pieces, id);
    const at = piece ? hexOfZone(piece.zone) : undefined;
    if (!piece || !at) return [];
    const line = lineOfFire(view, at, targetHex);
    checked = line.checked;
    for (const hex of line.hindrances) hindrances.add(hex);
    return [
      {
        piece: id,
        hex: at,
        fp: firepower(piece),
        range: range(piece),
        distance: hexDistance(at, targetHex),
      },
    ];
  });
  return {
    hex: targetHex,
    firers: listed,
    hindrances: [...hindrances].sort(),
    lineOfFire: checked ? ('checked' as const) : ('not-checked' as const),
  };
}

const onMapPiece = (p: Readonly<Piece> | undefined): p is Readonly<Piece> =>
  p !== undefined && p.status !== 'destroyed' && hexOfZone(p.zone) !== undefined;

/** The enemy units the seat may fire at now (the moving ones under Op Fire). */
export function fireTargets(view: FireView): Readonly<Piece>[] {
  const moving = opFireTargets(view.rs, view.seat);
  return Object.values(view.table.pieces).filter(
    (p) =>
      UNIT_KINDS.has(p.type) &&
      p.owner !== view.seat &&
      onMapPiece(p) &&
      (moving === undefined || moving.includes(p.id)),
  );
}

/**
 * The seat's pieces that may fire for this roll, each with the targets it reaches: for Fire
 * the activated units and the Weapons they carry (Ordnance only at a target its Targeting roll
 * named), for Targeting the Ordnance they carry.
 */
export function firers(
  view: FireView,
  purpose: RollPurpose,
): { piece: Readonly<Piece>; targets: Readonly<Piece>[] }[] {
  if (purpose !== 'fire' && purpose !== 'targeting') return [];
  const activated = fireActivated(view.rs, view.seat);
  const targets = fireTargets(view);
  const reach = (piece: Readonly<Piece>, among: readonly Readonly<Piece>[]) =>
    among.filter((t) => firerProblem(view, piece, hexOfZone(t.zone)!) === undefined);
  const out: { piece: Readonly<Piece>; targets: Readonly<Piece>[] }[] = [];
  for (const piece of Object.values(view.table.pieces)) {
    if (piece.owner !== view.seat || !onMapPiece(piece)) continue;
    if (UNIT_KINDS.has(piece.type)) {
      if (purpose === 'fire' && activated.includes(piece.id))
        out.push({ piece, targets: reach(piece, targets) });
      continue;
    }
    if (piece.type !== 'weapon' || piece.status === 'broken') continue;
    const carrier = carrierOf(piece);
    if (!activated.includes(piece.id) && !(carrier !== undefined && activated.includes(carrier)))
      continue;
    if (purpose === 'targeting') {
      if (isOrdnance(piece)) out.push({ piece, targets: reach(piece, targets) });
      continue;
    }
    const aimed = isOrdnance(piece)
      ? targets.filter((t) =>
          (view.rs.turn?.targeted ?? []).some(
            (x) => x.seat === view.seat && x.weapon === piece.id && x.target === t.id,
          ),
        )
      : targets;
    out.push({ piece, targets: reach(piece, aimed) });
  }
  return out.filter((f) => f.targets.length > 0);
}
