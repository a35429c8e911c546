import { type WeaponKind, WEAPON_NAMES } from '../cp-cards';
import {
  battleShips,
  mustAttack,
  reserveOf,
  toAct,
  canBoard,
  canRam,
  weaponOptions,
} from '../cp-battle-flow';
import { advanceBattlePhase } from '../cp-flow';
import type { AvailabilityContext, DecisionSpec } from '../../ruleset';
import type { BattleState, CpState, PendingKind } from '../cp-state';
import {
  cpDecision,
  viewOf,
  type CpDraft,
  isDestroyed,
  kindOf,
  shipsAt,
  statsOf,
} from '../cp-table';
import { immediateCommanderCheck } from './victory';
import {
  CpAllowWithdrawalParams,
  CpAttackParams,
  CpAutoPassParams,
  CpBoardParams,
  CpBombParams,
  CpCivilParams,
  CpCounterFireParams,
  CpEchelonParams,
  CpEndRoundParams,
  CpEvadeParams,
  CpGroundAssaultParams,
  CpLandParams,
  CpNovaShieldsParams,
  CpNovaTargetsParams,
  CpRamParams,
  CpStartBattleParams,
  CpWithdrawParams,
} from './battle.params';
import { CpNoParams } from './shared.params';
import { attack, counterFire, evade, novaShields, novaTargets } from '../cp-attacks';
import { board, bomb, passAttack, ram } from '../cp-ram-board-bomb';
import {
  allowWithdrawal,
  chooseBattle,
  civilBuildings,
  designateEchelon,
  endRoundDecision,
  groundAssault,
  land,
  withdraw,
} from '../cp-battle-structure';
import { cardValues, placeName, type CpOfferContext } from '../cp-choice-values';
import { own } from '../../../shared/id-record';
import { capital, type LocalizedText } from '../../../shared/localized-text';
import { type Piece } from '../../../table/table';
import { both, byName, type ChoicesOf, type ChoiceValue } from '../../decision-choices';

/** Battle decisions («Как проходит сражение» and the weapon sections). */

// ---------------------------------------------------------------------------------------

/** The battle in progress, asked from the match as it stands: what `available` checks. */
function inBattle(
  ctx: AvailabilityContext<CpState>,
  test: (b: BattleState, view: CpDraft, seat: string) => boolean,
): boolean {
  const b = ctx.rs.battlePhase?.battle;
  return b !== undefined && test(b, viewOf(ctx.table, ctx.rs, ctx.options), ctx.seat);
}

/** The seat is the one to attack now (no choice pending). */
const attackTurn = (b: BattleState, view: CpDraft, seat: string): boolean =>
  b.step === 'attacks' && !b.pending && toAct(view, b) === seat;

const answers =
  (kind: PendingKind) =>
  (ctx: AvailabilityContext<CpState>): boolean =>
    inBattle(ctx, (b, _view, seat) => b.pending?.kind === kind && b.pending.seat === seat);

/** The seat's attack turn, with a weapon of a kind `kind` accepts that reaches a target. */
const withWeapon =
  (kind: (weapon: WeaponKind) => boolean) =>
  (ctx: AvailabilityContext<CpState>): boolean =>
    inBattle(
      ctx,
      (b, view, seat) =>
        attackTurn(b, view, seat) && weaponOptions(view, b, seat).some((o) => kind(o.weapon.kind)),
    );

/**
 * Every battle decision ends by running the battle forward. `offers`: its published example,
 * its params to try and its field choices.
 */
const spec = <P extends object>(
  summary: { en: string; ru: string },
  params: new () => P,
  body: (d: CpDraft, p: P) => void,
  available: (ctx: AvailabilityContext<CpState>) => boolean,
  offers: Pick<DecisionSpec<CpState, P>, 'example' | 'examples' | 'choices'> = {},
) =>
  cpDecision<P>({
    summary,
    params,
    ...offers,
    turn: 'any',
    phases: ['battle'],
    available,
    decide(d, p) {
      body(d, p);
      if (!immediateCommanderCheck(d)) advanceBattlePhase(d);
    },
  });

const autoPassDecision = cpDecision<CpAutoPassParams>({
  summary: {
    en: 'Standing order: do not ask me about second echelons, withdrawals and distance manoeuvres',
    ru: 'Постоянный приказ: не спрашивать о втором эшелоне, выходе из боя и маневрах дистанции',
  },
  params: CpAutoPassParams,
  example: { on: true },
  turn: 'any',
  decide(d, { on }) {
    d.own('AutoPassSet', { seat: d.seat, on });
    if (d.table.turn.phase === 'battle') advanceBattlePhase(d);
  },
});

/** The ids of the seat's pieces and the other side's in the battle waiting. */
function sides(ctx: CpOfferContext): { mine: string[]; theirs: string[] } {
  const { mine, theirs } = battleSides(ctx);
  return { mine: mine.map((p) => p.id), theirs: theirs.map((p) => p.id) };
}

const weaponKindsOf = ({ table }: CpOfferContext, id: string): string[] =>
  ((table.pieces[id]?.attrs.weapons as { kind: string }[] | undefined) ?? []).map((w) => w.kind);

const shipAndTarget = (ctx: CpOfferContext) => {
  const { mine, theirs } = sides(ctx);
  return mine.flatMap((ship) => theirs.map((target) => ({ ship, target })));
};

/** The seat's pieces and the other side's in the battle waiting (none without one). */
export function battleSides(ctx: CpOfferContext): { mine: Piece[]; theirs: Piece[] } {
  const b = ctx.rs.battlePhase?.battle;
  if (!b) return { mine: [], theirs: [] };
  const here = Object.values(ctx.table.pieces).filter(
    (p) => p.status !== 'destroyed' && (p.zone === b.location || p.zone === `surface:${b.object}`),
  );
  return {
    mine: here.filter((p) => p.owner === ctx.seat),
    theirs: here.filter((p) => p.owner !== ctx.seat),
  };
}

/** In a battle a ship is chosen by its hull and the damage it has taken, not its cost. */
function fighting(ctx: CpOfferContext, pieces: readonly Piece[]): ChoiceValue[] {
  return cardValues(ctx, pieces, false).map((v) => {
    const a = ctx.table.pieces[v.value as string].attrs;
    const hull = typeof a.shipClass === 'string' ? a.shipClass : undefined;
    const damage =
      typeof a.durability === 'number'
        ? {
            en: `damage ${Number(a.damage ?? 0)} of ${a.durability}`,
            ru: `урон ${Number(a.damage ?? 0)} из ${a.durability}`,
          }
        : undefined;
    const parts = [hull ? both(hull) : undefined, damage].filter(
      (p): p is LocalizedText => p !== undefined,
    );
    return parts.length
      ? {
          ...v,
          hint: { en: parts.map((p) => p.en).join(', '), ru: parts.map((p) => p.ru).join(', ') },
        }
      : v;
  });
}

type Weapon = { kind: string; text?: string; targets?: number };

const weaponsOf = (piece: Piece | undefined): Weapon[] =>
  (piece?.attrs.weapons as Weapon[] | undefined) ?? [];

/** Start a battle: the places where fleets must fight, as the Priority holder chooses. */
const startBattleChoices: ChoicesOf<CpState> = (ctx) => [
  {
    path: 'location',
    pick: 'one',
    values: (ctx.rs.battlePhase?.queue ?? [])
      .map((q) => ({ value: q.location, name: placeName(ctx, q.location) }))
      .sort(byName()),
  },
];

/**
 * Attack: one of the seat's ships (or armed objects) in the battle, one of its weapons,
 * the enemy targets (lasers «N/P» up to N, a Nova up to 3); the decider keeps the ships,
 * weapons and targets it accepts in this round.
 */
const attackChoices: ChoicesOf<CpState> = (ctx, chosen) => {
  const { mine, theirs } = battleSides(ctx);
  const armed = mine.filter((p) => weaponsOf(p).length > 0);
  const ship = armed.find((p) => p.id === chosen.ship);
  const weapons = ship ? weaponsOf(ship) : [...new Set(armed.flatMap(weaponsOf))];
  const weapon = weapons.find((w) => w.kind === chosen.weapon);
  const most = weapon?.kind === 'nova' ? 3 : weapon?.kind === 'lasers' ? (weapon.targets ?? 1) : 1;
  return [
    { path: 'ship', pick: 'one', tried: true, values: fighting(ctx, armed) },
    {
      path: 'weapon',
      pick: 'one',
      tried: true,
      values: [...new Map(weapons.map((w) => [w.kind, w])).values()].map((w) => ({
        value: w.kind,
        name: capital(own(WEAPON_NAMES, w.kind) ?? both(w.kind)),
        ...(w.text ? { hint: both(w.text) } : {}),
      })),
    },
    {
      path: 'targets',
      pick: 'many',
      min: 1,
      max: Math.max(1, Math.min(most, theirs.length)),
      tried: true,
      values: fighting(ctx, theirs),
    },
  ];
};

/**
 * Withdraw at the start of a round: the seat's ships in the battle (none chosen is a pass),
 * and where they go: a new sector or a sector with no enemy ships.
 */
const withdrawChoices: ChoicesOf<CpState> = (ctx) => {
  const { mine } = battleSides(ctx);
  const ships = mine.filter((p) => kindOf(p) === 'ship');
  const enemyAt = (zone: string) =>
    Object.values(ctx.table.pieces).some(
      (p) => p.zone === zone && p.owner !== ctx.seat && kindOf(p) === 'ship' && !isDestroyed(p),
    );
  const sectors = Object.keys(ctx.table.zones)
    .filter((z) => z.startsWith('sector:') && !enemyAt(z))
    .map((z) => ({ value: z, name: placeName(ctx, z) }))
    .sort(byName());
  return [
    { path: 'ships', pick: 'many', min: 0, max: ships.length, values: cardValues(ctx, ships) },
    {
      path: 'to',
      pick: 'one',
      values: [{ value: 'new', name: { en: 'A new sector', ru: 'Новый сектор' } }, ...sectors],
    },
  ];
};

/**
 * Ram and board (the Short round): the seat's ships in the battle, then the enemy ship or
 * station; the match keeps those the decider accepts (a light ship rammed only by a light one,
 * no boarding boats, a crewless target). The evasion and boarding dice stay the dice fields.
 */
const shipAgainstShipChoices: ChoicesOf<CpState> = (ctx) => {
  const { mine, theirs } = battleSides(ctx);
  const ships = mine.filter((p) => kindOf(p) === 'ship');
  return [
    { path: 'ship', pick: 'one', tried: true, values: fighting(ctx, ships) },
    { path: 'target', pick: 'one', tried: true, values: fighting(ctx, theirs) },
  ];
};

/** Bombs: the seat's ships that carry them (their powers add up), and what they bomb. */
const bombChoices: ChoicesOf<CpState> = (ctx) => {
  const { mine, theirs } = battleSides(ctx);
  const bombers = mine.filter((p) => weaponsOf(p).some((w) => w.kind === 'bombs'));
  return [
    {
      path: 'ships',
      pick: 'many',
      min: 1,
      max: Math.max(1, bombers.length),
      tried: true,
      values: fighting(ctx, bombers),
    },
    { path: 'target', pick: 'one', tried: true, values: fighting(ctx, theirs) },
  ];
};

/** The attack waiting on the seat's answer, when it is of `kind`. */
function pendingAttack(ctx: CpOfferContext, kind: string): Record<string, unknown> | undefined {
  const pending = ctx.rs.battlePhase?.battle?.pending;
  return pending && pending.kind === kind && pending.seat === ctx.seat ? pending.attack : undefined;
}

/** A Nova's targets: exactly as many enemy ships as its die gave, in order of choice. */
const novaTargetsChoices: ChoicesOf<CpState> = (ctx) => {
  const attack = pendingAttack(ctx, 'nova-targets');
  const nova = attack?.nova as { count?: number } | undefined;
  const count = nova?.count ?? 1;
  const ships = battleSides(ctx).theirs.filter((p) => kindOf(p) === 'ship');
  return [
    {
      path: 'targets',
      pick: 'many',
      min: count,
      max: count,
      tried: true,
      values: attack ? fighting(ctx, ships) : [],
    },
  ];
};

/** The seat's shielded ships the Nova hit: each may give up its shield for the battle phase. */
const novaShieldsChoices: ChoicesOf<CpState> = (ctx) => {
  const attack = pendingAttack(ctx, 'nova-shields');
  const targets = Array.isArray(attack?.targets) ? (attack.targets as unknown[]) : [];
  const shielded = targets
    .map((id) => (typeof id === 'string' ? ctx.table.pieces[id] : undefined))
    .filter((p): p is Piece => p !== undefined && statsOf(p).shield !== undefined);
  return [
    {
      path: 'sacrifice',
      pick: 'many',
      min: 0,
      max: shielded.length,
      values: fighting(ctx, shielded),
    },
  ];
};

/**
 * Counter-fire: the attacked ship's weapons that fire at Short range (bombs do not); none
 * chosen declines it. The match keeps those the decider accepts against the attacker.
 */
const counterFireChoices: ChoicesOf<CpState> = (ctx) => {
  const attack = pendingAttack(ctx, 'counter-fire');
  const from = typeof attack?.from === 'string' ? ctx.table.pieces[attack.from] : undefined;
  const weapons = [...new Map(weaponsOf(from).map((w) => [w.kind, w])).values()].filter(
    (w) => w.kind !== 'bombs',
  );
  return [
    {
      path: 'weapon',
      pick: 'one',
      tried: true,
      values: weapons.map((w) => ({
        value: w.kind,
        name: capital(own(WEAPON_NAMES, w.kind) ?? both(w.kind)),
        ...(w.text ? { hint: both(w.text) } : {}),
      })),
    },
  ];
};

/** The second echelon: at most half of the seat's fleet at the battle, held back. */
const designateEchelonChoices: ChoicesOf<CpState> = (ctx) => {
  const b = ctx.rs.battlePhase?.battle;
  const ships = b ? shipsAt(ctx.table, b.location, ctx.seat) : [];
  return [
    {
      path: 'second',
      pick: 'many',
      min: 0,
      max: Math.floor(ships.length / 2),
      values: fighting(ctx, ships),
    },
  ];
};

/** A landing: the seat's ships on the orbit that carry a landing party (none declines it). */
const landChoices: ChoicesOf<CpState> = (ctx) => {
  const b = ctx.rs.battlePhase?.battle;
  const ships =
    b && b.landingBy === ctx.seat
      ? shipsAt(ctx.table, b.location, ctx.seat).filter((p) => statsOf(p).landing > 0)
      : [];
  return [
    {
      path: 'ships',
      pick: 'many',
      min: 0,
      max: ships.length,
      values: cardValues(ctx, ships, false).map((v) => {
        const landing = statsOf(ctx.table.pieces[v.value as string]).landing;
        return { ...v, hint: { en: `landing ${landing}`, ru: `десант ${landing}` } };
      }),
    },
  ];
};

export const battleDecisions = {
  'start-battle': spec(
    {
      en: 'Choose the next battle (Priority holder)',
      ru: 'Выбрать следующее сражение (Приоритет)',
    },
    CpStartBattleParams,
    chooseBattle,
    (ctx) => {
      const phase = ctx.rs.battlePhase;
      return !!phase && !phase.battle && phase.queue.length > 0 && ctx.seat === ctx.rs.priority;
    },
    {
      example: { location: 'orbit:blue-c7' },
      examples: ({ rs }) => (rs.battlePhase?.queue ?? []).map((q) => ({ location: q.location })),
      choices: startBattleChoices,
    },
  ),
  'designate-echelon': spec(
    {
      en: 'Designate the second echelon (at most half the ships)',
      ru: 'Выделить второй эшелон (не более половины кораблей)',
    },
    CpEchelonParams,
    designateEchelon,
    (ctx) =>
      inBattle(ctx, (b, _view, seat) => b.step === 'echelon' && !b.echelonDone.includes(seat)),
    { example: { second: ['red-c19'] }, examples: () => [{}], choices: designateEchelonChoices },
  ),
  withdraw: spec(
    {
      en: 'Withdraw ships at the start of a round (or pass)',
      ru: 'Вывести корабли из боя в начале раунда (или пас)',
    },
    CpWithdrawParams,
    withdraw,
    (ctx) =>
      inBattle(ctx, (b, _view, seat) => b.step === 'withdrawals' && !b.withdrawDone.includes(seat)),
    { example: { ships: ['red-c18'], to: 'new' }, examples: () => [{}], choices: withdrawChoices },
  ),
  'allow-withdrawal': spec(
    {
      en: 'Allow or refuse a slower ship’s withdrawal',
      ru: 'Разрешить или запретить выход из боя более медленного корабля',
    },
    CpAllowWithdrawalParams,
    allowWithdrawal,
    (ctx) => inBattle(ctx, (b, _view, seat) => b.pendingWithdrawals.some((w) => w.seat !== seat)),
    { example: { allow: true }, examples: () => [{ allow: false }, { allow: true }] },
  ),
  attack: spec(
    { en: 'Attack with one weapon', ru: 'Атаковать одним видом оружия' },
    CpAttackParams,
    attack,
    withWeapon(() => true),
    {
      example: { ship: 'red-c18', weapon: 'missiles', targets: ['blue-c9'], hitFaces: [5, 2] },
      examples: (ctx) => {
        const { mine, theirs } = sides(ctx);
        return mine.flatMap((ship) =>
          weaponKindsOf(ctx, ship).flatMap((weapon) =>
            theirs.map((t) => ({ ship, weapon, targets: [t] })),
          ),
        );
      },
      choices: attackChoices,
    },
  ),
  ram: spec(
    { en: 'Ram (Short round)', ru: 'Таран (малая дистанция)' },
    CpRamParams,
    ram,
    (ctx) => inBattle(ctx, (b, view, seat) => attackTurn(b, view, seat) && canRam(view, b, seat)),
    {
      example: { ship: 'red-c18', target: 'blue-c9', evadeFace: 3 },
      examples: shipAndTarget,
      choices: shipAgainstShipChoices,
    },
  ),
  board: spec(
    { en: 'Board (Short round)', ru: 'Абордаж (малая дистанция)' },
    CpBoardParams,
    board,
    (ctx) => inBattle(ctx, (b, view, seat) => attackTurn(b, view, seat) && canBoard(view, b, seat)),
    {
      example: { ship: 'red-c18', target: 'blue-c9', faces: [5, 3] },
      examples: shipAndTarget,
      choices: shipAgainstShipChoices,
    },
  ),
  bomb: spec(
    {
      en: 'Bomb ground units or buildings (Short round)',
      ru: 'Бомбить отряды или постройки (малая дистанция)',
    },
    CpBombParams,
    bomb,
    withWeapon((kind) => kind === 'bombs'),
    {
      example: { ships: ['red-c18'], target: 'blue-c7' },
      examples: (ctx) => shipAndTarget(ctx).map(({ ship, target }) => ({ ships: [ship], target })),
      choices: bombChoices,
    },
  ),
  'pass-attack': spec(
    {
      en: 'Pass (only when no attack is compulsory)',
      ru: 'Пас (только если атака не обязательна)',
    },
    CpNoParams,
    (d) => passAttack(d),
    (ctx) =>
      inBattle(ctx, (b, view, seat) => attackTurn(b, view, seat) && !mustAttack(view, b, seat)),
    { example: {}, examples: () => [{}] },
  ),
  evade: spec(
    {
      en: 'Evasive manoeuvre: tap to take no damage (or not)',
      ru: 'Маневр уклонения: повернуть корабль (или нет)',
    },
    CpEvadeParams,
    evade,
    answers('evasive'),
    { example: { evade: true }, examples: () => [{ evade: false }] },
  ),
  'nova-targets': spec(
    { en: 'Choose the Nova’s targets', ru: 'Выбрать цели “Новы”' },
    CpNovaTargetsParams,
    novaTargets,
    answers('nova-targets'),
    { example: { targets: ['blue-c9', 'blue-c10'] }, choices: novaTargetsChoices },
  ),
  'nova-shields': spec(
    {
      en: 'Subtract shields from a Nova (they are lost for the battle phase)',
      ru: 'Уменьшить урон “Новы” щитом (щит и мазер теряются до конца фазы)',
    },
    CpNovaShieldsParams,
    novaShields,
    answers('nova-shields'),
    {
      example: { sacrifice: ['blue-c9'] },
      examples: () => [{ sacrifice: [] }],
      choices: novaShieldsChoices,
    },
  ),
  'counter-fire': spec(
    {
      en: 'Fire back after out-manoeuvring a light attacker (or decline)',
      ru: 'Ответный огонь после маневрирования (или отказ)',
    },
    CpCounterFireParams,
    counterFire,
    answers('counter-fire'),
    {
      example: { weapon: 'lasers', hitFaces: [6] },
      examples: () => [{}],
      choices: counterFireChoices,
    },
  ),
  'end-round': spec(
    {
      en: 'Distance manoeuvre at the end of the round (or none)',
      ru: 'Маневр дистанции в конце раунда (или нет)',
    },
    CpEndRoundParams,
    endRoundDecision,
    (ctx) =>
      inBattle(
        ctx,
        (b, _view, seat) => b.step === 'round-end' && b.awaitingManoeuvre.includes(seat),
      ),
    { example: { manoeuvre: 'stop' }, examples: () => [{}] },
  ),
  'ground-assault': spec(
    {
      en: 'Go on against the ground units, or end the battle',
      ru: 'Продолжить против наземных отрядов или завершить сражение',
    },
    CpGroundAssaultParams,
    groundAssault,
    (ctx) => inBattle(ctx, (b, _view, seat) => b.groundChoice === seat),
    { example: { continue: true }, examples: () => [{ continue: false }] },
  ),
  land: spec(
    {
      en: 'Land troops after the battle (or decline)',
      ru: 'Высадить десант после сражения (или отказ)',
    },
    CpLandParams,
    land,
    (ctx) => inBattle(ctx, (b, _view, seat) => b.landingBy === seat),
    { example: { ships: ['red-c18'] }, examples: () => [{ ships: [] }], choices: landChoices },
  ),
  'civil-buildings': spec(
    {
      en: 'Destroy or take the civil buildings of a captured object',
      ru: 'Уничтожить или захватить гражданские постройки захваченного объекта',
    },
    CpCivilParams,
    civilBuildings,
    (ctx) => (ctx.rs.battlePhase?.pendingCivil ?? []).some((p) => p.captor === ctx.seat),
    {
      example: { object: 'blue-c7', choice: 'capture' },
      examples: ({ rs }) =>
        (rs.battlePhase?.pendingCivil ?? []).map((p) => ({ object: p.object, choice: 'destroy' })),
    },
  ),
  'set-auto-pass': autoPassDecision,
};

export { reserveOf, battleShips };
