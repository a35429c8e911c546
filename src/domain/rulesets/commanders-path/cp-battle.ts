import { type WeaponKind } from './cp-cards';
import {
  battleShips,
  mustAttack,
  reserveOf,
  toAct,
  canBoard,
  canRam,
  weaponOptions,
} from './cp-battle-flow';
import { advanceBattlePhase } from './cp-flow';
import type { AvailabilityContext } from '../ruleset';
import type { BattleState, CpState, PendingKind } from './cp-state';
import { cpDecision, viewOf, type CpDraft } from './cp-table';
import { immediateCommanderCheck } from './cp-victory';
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
  CpNoParams,
  CpNovaShieldsParams,
  CpNovaTargetsParams,
  CpRamParams,
  CpStartBattleParams,
  CpWithdrawParams,
} from './cp.params';
import { attack, counterFire, evade, novaShields, novaTargets } from './cp-attacks';
import { board, bomb, passAttack, ram } from './cp-ram-board-bomb';
import {
  allowWithdrawal,
  chooseBattle,
  civilBuildings,
  designateEchelon,
  endRoundDecision,
  groundAssault,
  land,
  withdraw,
} from './cp-battle-structure';

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

/** Every battle decision ends by running the battle forward. */
const spec = <P extends object>(
  summary: { en: string; ru: string },
  params: new () => P,
  body: (d: CpDraft, p: P) => void,
  available: (ctx: AvailabilityContext<CpState>) => boolean,
) =>
  cpDecision<P>({
    summary,
    params,
    turn: 'any',
    phases: ['battle'],
    available,
    decide(d, p) {
      body(d, p);
      if (!immediateCommanderCheck(d)) advanceBattlePhase(d);
    },
  });

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
  ),
  'allow-withdrawal': spec(
    {
      en: 'Allow or refuse a slower ship’s withdrawal',
      ru: 'Разрешить или запретить выход из боя более медленного корабля',
    },
    CpAllowWithdrawalParams,
    allowWithdrawal,
    (ctx) => inBattle(ctx, (b, _view, seat) => b.pendingWithdrawals.some((w) => w.seat !== seat)),
  ),
  attack: spec(
    { en: 'Attack with one weapon', ru: 'Атаковать одним видом оружия' },
    CpAttackParams,
    attack,
    withWeapon(() => true),
  ),
  ram: spec({ en: 'Ram (Short round)', ru: 'Таран (малая дистанция)' }, CpRamParams, ram, (ctx) =>
    inBattle(ctx, (b, view, seat) => attackTurn(b, view, seat) && canRam(view, b, seat)),
  ),
  board: spec(
    { en: 'Board (Short round)', ru: 'Абордаж (малая дистанция)' },
    CpBoardParams,
    board,
    (ctx) => inBattle(ctx, (b, view, seat) => attackTurn(b, view, seat) && canBoard(view, b, seat)),
  ),
  bomb: spec(
    {
      en: 'Bomb ground units or buildings (Short round)',
      ru: 'Бомбить отряды или постройки (малая дистанция)',
    },
    CpBombParams,
    bomb,
    withWeapon((kind) => kind === 'bombs'),
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
  ),
  evade: spec(
    {
      en: 'Evasive manoeuvre: tap to take no damage (or not)',
      ru: 'Маневр уклонения: повернуть корабль (или нет)',
    },
    CpEvadeParams,
    evade,
    answers('evasive'),
  ),
  'nova-targets': spec(
    { en: 'Choose the Nova’s targets', ru: 'Выбрать цели “Новы”' },
    CpNovaTargetsParams,
    novaTargets,
    answers('nova-targets'),
  ),
  'nova-shields': spec(
    {
      en: 'Subtract shields from a Nova (they are lost for the battle phase)',
      ru: 'Уменьшить урон “Новы” щитом (щит и мазер теряются до конца фазы)',
    },
    CpNovaShieldsParams,
    novaShields,
    answers('nova-shields'),
  ),
  'counter-fire': spec(
    {
      en: 'Fire back after out-manoeuvring a light attacker (or decline)',
      ru: 'Ответный огонь после маневрирования (или отказ)',
    },
    CpCounterFireParams,
    counterFire,
    answers('counter-fire'),
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
  ),
  'ground-assault': spec(
    {
      en: 'Go on against the ground units, or end the battle',
      ru: 'Продолжить против наземных отрядов или завершить сражение',
    },
    CpGroundAssaultParams,
    groundAssault,
    (ctx) => inBattle(ctx, (b, _view, seat) => b.groundChoice === seat),
  ),
  land: spec(
    {
      en: 'Land troops after the battle (or decline)',
      ru: 'Высадить десант после сражения (или отказ)',
    },
    CpLandParams,
    land,
    (ctx) => inBattle(ctx, (b, _view, seat) => b.landingBy === seat),
  ),
  'civil-buildings': spec(
    {
      en: 'Destroy or take the civil buildings of a captured object',
      ru: 'Уничтожить или захватить гражданские постройки захваченного объекта',
    },
    CpCivilParams,
    civilBuildings,
    (ctx) => (ctx.rs.battlePhase?.pendingCivil ?? []).some((p) => p.captor === ctx.seat),
  ),
};

export const autoPassDecision = cpDecision<CpAutoPassParams>({
  summary: {
    en: 'Standing order: do not ask me about second echelons, withdrawals and distance manoeuvres',
    ru: 'Постоянный приказ: не спрашивать о втором эшелоне, выходе из боя и маневрах дистанции',
  },
  params: CpAutoPassParams,
  turn: 'any',
  decide(d, { on }) {
    d.own('AutoPassSet', { seat: d.seat, on });
    if (d.table.turn.phase === 'battle') advanceBattlePhase(d);
  },
});

export { reserveOf, battleShips };
