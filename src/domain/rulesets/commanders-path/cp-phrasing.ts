import { own } from '../../shared/id-record';
import type { RecordedEvent } from '../../events/recorded-event';
import type { Lang } from '../ruleset';
import { DISTANCE_NAMES, WEAPON_NAMES } from './cp-cards';

/** Readable sentences, in English and Russian, for the ruleset's own events. */

type Data = Record<string, unknown>;
type Phrase = (data: Data, lang: Lang) => string;

const s = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(s) : []);
const t = (lang: Lang, en: string, ru: string): string => (lang === 'ru' ? ru : en);
const dist = (v: unknown, lang: Lang): string => own(DISTANCE_NAMES, s(v))?.[lang] ?? s(v);
const weapon = (v: unknown, lang: Lang): string => own(WEAPON_NAMES, s(v))?.[lang] ?? s(v);
const name = (v: unknown): string => {
  const o = v as { name?: string; piece?: string } | undefined;
  return o?.name ?? o?.piece ?? s(v);
};

/** "P − S = 10 − 3 = 7" from a recorded formula. */
export function renderFormula(target: Data): string {
  const formula = s(target.formula);
  const inputs = (target.inputs ?? {}) as Record<string, unknown>;
  // Annotations such as "(atmosphere)" are words, not arithmetic: leave them out of the numbers.
  let numeric = formula.replace(/\s*\([a-z][a-z -]+\)/g, '');
  for (const [key, value] of Object.entries(inputs))
    numeric = numeric.replace(new RegExp(`\\b${key}\\b`, 'g'), s(value));
  const applied = s(target.applied);
  return numeric.trim() === formula.trim()
    ? `${formula} = ${applied}`
    : `${formula} = ${numeric.trim()} → ${applied}`;
}

function targetLine(target: Data, lang: Lang): string {
  const dmg = `${s(target.damageAfter)}/${s(target.limit)}`;
  const parts = [`${s(target.name)}: ${renderFormula(target)}`];
  if (target.evaded) parts.push(t(lang, 'evaded', 'уклонился'));
  if (target.pointDefence) {
    const pd = target.pointDefence as Data;
    parts.push(
      t(
        lang,
        `point defence ${list(pd.faces).join(',')} shot down ${s(pd.intercepted)}`,
        `ПРО ${list(pd.faces).join(',')} сбила ${s(pd.intercepted)}`,
      ),
    );
  }
  if (target.manoeuvre) {
    const m = target.manoeuvre as Data;
    parts.push(
      t(
        lang,
        `manoeuvre ${s(m.attackerTotal)} vs ${s(m.defenderTotal)}`,
        `маневр ${s(m.attackerTotal)} против ${s(m.defenderTotal)}`,
      ),
    );
  }
  parts.push(t(lang, `damage ${dmg}`, `повреждения ${dmg}`));
  if (target.destroyed) parts.push(t(lang, 'destroyed', 'уничтожен'));
  return parts.join(', ');
}

const phrases: Record<string, Phrase> = {
  DeckRegistered: (d, l) =>
    t(
      l,
      `${s(d.seat)} registered a deck of ${s(d.count)} cards`,
      `${s(d.seat)} зарегистрировал колоду из ${s(d.count)} карт`,
    ),
  DeckBound: (d, l) =>
    t(
      l,
      `${s(d.seat)}'s cards were bound to hidden ids`,
      `Карты ${s(d.seat)} привязаны к скрытым номерам`,
    ),
  HandDrawn: (d, l) =>
    t(
      l,
      `${s(d.seat)} drew ${s(d.count)} cards (${s(d.reason)})`,
      `${s(d.seat)} взял ${s(d.count)} карт (${s(d.reason)})`,
    ),
  HandDealt: (d, l) =>
    Number(d.deal) === 0
      ? t(
          l,
          `${s(d.seat)} took the opening hand of ${s(d.size)}`,
          `${s(d.seat)} взял на руку ${s(d.size)} карт`,
        )
      : t(
          l,
          `${s(d.seat)} redealt (${s(d.deal)}): ${s(d.size)} cards`,
          `${s(d.seat)} пересдал (${s(d.deal)}-й раз): ${s(d.size)} карт`,
        ),
  SetupSpent: (d, l) =>
    t(
      l,
      `${s(d.seat)} spent ${s(d.spent)} setup resources; ${s(d.leftover)} became action tokens`,
      `${s(d.seat)} потратил ${s(d.spent)} ресурсов; ${s(d.leftover)} — в фишки действия`,
    ),
  CommandersRevealed: (_d, l) =>
    t(l, 'Commanders and abilities revealed', 'Командоры и способности открыты'),
  InitiativeTied: (_d, l) =>
    t(l, 'Initiatives are equal: D6 decides', 'Инициатива равна: решает D6'),
  InitiativeRolled: (d, l) =>
    t(
      l,
      `Initiative dice tied (${JSON.stringify(d.faces)}): roll again`,
      `Равные кубики инициативы (${JSON.stringify(d.faces)}): перебросить`,
    ),
  InitiativeDetermined: (d, l) =>
    t(
      l,
      `Priority: ${s(d.priority)} (${s(d.method)})`,
      `Приоритет: ${s(d.priority)} (${s(d.method)})`,
    ),
  CommanderPlaced: (d, l) =>
    t(
      l,
      `${s(d.seat)}'s Commander is placed on ${s(d.host)}`,
      `Командор ${s(d.seat)} размещен на ${s(d.host)}`,
    ),
  Deployed: (d, l) => t(l, `${s(d.seat)} deployed`, `${s(d.seat)} провел расстановку`),
  CardsRevealed: (d, l) =>
    t(
      l,
      `${s(d.seat)} revealed ${list((d.cards as Data[] | undefined)?.map((c) => c.name)).join(', ')}`,
      `${s(d.seat)} открыл: ${list((d.cards as Data[] | undefined)?.map((c) => c.name)).join(', ')}`,
    ),
  TurnBegan: (d, l) => t(l, `Turn ${s(d.turn)} begins`, `Начинается ход ${s(d.turn)}`),
  IncomeReceived: (d, l) =>
    t(
      l,
      `${s(d.seat)} receives ${s(d.resources)} resources and ${s(d.actionTokens)} action tokens`,
      `${s(d.seat)} получает ${s(d.resources)} ресурсов и ${s(d.actionTokens)} фишек действия`,
    ),
  ResourcesDone: (d, l) =>
    t(l, `${s(d.seat)} finished the resource phase`, `${s(d.seat)} завершил получение ресурсов`),
  CommercialRunCompleted: (d, l) =>
    t(
      l,
      `${s(d.seat)}: commercial run of ${s(d.ship)} to ${s(d.to)} (+${s(d.resources)} resources); run tokens: ${s(d.runTokens)}`,
      `${s(d.seat)}: коммерческий рейс ${s(d.ship)} на ${s(d.to)} (+${s(d.resources)} ресурсов); фишек рейса: ${s(d.runTokens)}`,
    ),
  SmugglingRunResolved: (d, l) =>
    d.success
      ? t(
          l,
          `${s(d.seat)}: smuggling run of ${s(d.ship)} succeeded (D6 ${s(d.face)} ≥ 4)`,
          `${s(d.seat)}: контрабандный рейс ${s(d.ship)} удался (D6 ${s(d.face)} ≥ 4)`,
        )
      : t(
          l,
          `${s(d.seat)}: smuggler ${s(d.ship)} intercepted (D6 ${s(d.face)} < 4) and destroyed`,
          `${s(d.seat)}: контрабандист ${s(d.ship)} перехвачен (D6 ${s(d.face)} < 4) и уничтожен`,
        ),
  ProductionBegan: (d, l) => t(l, `${s(d.seat)}'s production`, `Производство ${s(d.seat)}`),
  ProductionStepReached: (d, l) =>
    t(
      l,
      `${s(d.seat)} reaches production step ${s(d.step)}`,
      `${s(d.seat)}: шаг производства ${s(d.step)}`,
    ),
  ActionTokensSpent: (d, l) =>
    t(
      l,
      `${s(d.seat)} spent ${s(d.count)} action tokens on ${s(d.for)}`,
      `${s(d.seat)} потратил ${s(d.count)} фишек действия: ${s(d.for)}`,
    ),
  ProductionProgressed: (d, l) =>
    d.complete
      ? t(
          l,
          `${s(d.seat)} built ${s(d.name)} (${s(d.cost)})`,
          `${s(d.seat)} построил ${s(d.name)} (${s(d.cost)})`,
        )
      : t(
          l,
          `${s(d.seat)} put ${s(d.paid)} into ${s(d.piece)} (${s(d.tokens)} tokens)`,
          `${s(d.seat)} вложил ${s(d.paid)} в ${s(d.piece)} (${s(d.tokens)} фишек)`,
        ),
  GroundCardLost: (d, l) =>
    t(
      l,
      `${s(d.piece)} has no suitable object and goes to Losses`,
      `Для ${s(d.piece)} нет подходящего объекта: карта в потерях`,
    ),
  AbilityPlayed: (d, l) =>
    t(
      l,
      `${s(d.seat)} played the ability ${s(d.name)} (variant ${Number(d.variant) + 1})`,
      `${s(d.seat)} сыграл способность ${s(d.name)} (вариант ${Number(d.variant) + 1})`,
    ),
  UpgradeAttached: (d, l) =>
    t(
      l,
      `${s(d.seat)} put ${s(d.name)} under ${s(d.target)}`,
      `${s(d.seat)} сыграл улучшение ${s(d.name)} на ${s(d.target)}`,
    ),
  UpgradeMoved: (d, l) =>
    t(
      l,
      `${s(d.seat)} moved ${s(d.piece)} from ${s(d.from)} to ${s(d.to)}`,
      `${s(d.seat)} переместил ${s(d.piece)} с ${s(d.from)} на ${s(d.to)}`,
    ),
  SituationPlayed: (d, l) =>
    t(
      l,
      `${s(d.seat)} played the situation ${s(d.name)}`,
      `${s(d.seat)} сыграл карту обстановки ${s(d.name)}`,
    ),
  SituationFailed: (d, l) =>
    t(
      l,
      `${s(d.seat)}'s situation card failed its roll (D6 ${s(d.need)}+)`,
      `Карта обстановки ${s(d.seat)} не прошла бросок (D6 ${s(d.need)}+)`,
    ),
  SituationDiscarded: (d, l) =>
    t(
      l,
      `${s(d.seat)} put ${s(d.piece)} into Losses`,
      `${s(d.seat)} поместил ${s(d.piece)} в потери`,
    ),
  CommanderMoved: (d, l) =>
    t(
      l,
      `${s(d.seat)}'s Commander moved from ${s(d.from)} to ${s(d.to)}`,
      `Командор ${s(d.seat)} перешел с ${s(d.from)} на ${s(d.to)}`,
    ),
  ActionTokensBought: (d, l) =>
    t(
      l,
      `${s(d.seat)} bought ${s(d.count)} action tokens`,
      `${s(d.seat)} купил ${s(d.count)} фишек действия`,
    ),
  ProductionEnded: (d, l) =>
    t(
      l,
      `${s(d.seat)} ended production; ${s(d.burned)} resources burned`,
      `${s(d.seat)} завершил производство; сгорело ${s(d.burned)} ресурсов`,
    ),
  MovementBegan: (d, l) => t(l, `${s(d.seat)}'s movement`, `Перемещение ${s(d.seat)}`),
  ShipsMoved: (d, l) =>
    t(
      l,
      `${s(d.seat)} moved ${list(d.ships).join(', ')} to ${s(d.to)}`,
      `${s(d.seat)} переместил ${list(d.ships).join(', ')} в ${s(d.to)}`,
    ),
  GroundCardMoved: (d, l) =>
    t(
      l,
      `${s(d.seat)} moved ${s(d.piece)} to ${s(d.to)}`,
      `${s(d.seat)} переместил ${s(d.piece)} на ${s(d.to)}`,
    ),
  MovementEnded: (d, l) => t(l, `${s(d.seat)} ended movement`, `${s(d.seat)} завершил перемещение`),
  TacticalCardPlayed: (d, l) =>
    t(
      l,
      `${s(d.seat)} played the tactical card ${s(d.name)}`,
      `${s(d.seat)} сыграл тактическую карту ${s(d.name)}`,
    ),
  TacticalCardFailed: (d, l) =>
    t(
      l,
      `${s(d.seat)}'s tactical card failed its roll (D6 ${s(d.need)}+)`,
      `Тактическая карта ${s(d.seat)} не прошла бросок (D6 ${s(d.need)}+)`,
    ),
  BattlePhaseBegan: (d, l) =>
    t(
      l,
      `Battle phase of ${s(d.mover)}: ${(d.battles as unknown[] | undefined)?.length ?? 0} battle(s)`,
      `Фаза сражения ${s(d.mover)}: сражений — ${(d.battles as unknown[] | undefined)?.length ?? 0}`,
    ),
  BattleStarted: (d, l) =>
    t(
      l,
      `Battle at ${s(d.location)}: ${s(d.attacker)} attacks ${s(d.defender)}`,
      `Сражение: ${s(d.location)}; нападает ${s(d.attacker)}, обороняется ${s(d.defender)}`,
    ),
  EchelonDesignated: (d, l) =>
    t(
      l,
      `${s(d.seat)}'s second echelon: ${list(d.second).join(', ') || 'none'}`,
      `Второй эшелон ${s(d.seat)}: ${list(d.second).join(', ') || 'нет'}`,
    ),
  BattleRoundBegan: (d, l) =>
    t(
      l,
      `Round ${s(d.round)}: ${dist(d.distance, l)} distance; ships untap`,
      `Раунд ${s(d.round)}: ${dist(d.distance, l)} дистанция; корабли разворачиваются`,
    ),
  SecondEchelonEntered: (d, l) =>
    t(
      l,
      `${s(d.seat)}'s second echelon enters: ${list(d.ships).join(', ')}`,
      `Второй эшелон ${s(d.seat)} вступает в бой: ${list(d.ships).join(', ')}`,
    ),
  TacticalSuperiorityApplied: (d, l) =>
    t(
      l,
      `Tactical superiority: ${s(d.loser)}'s ships are destroyed (${list(d.ships).join(', ')})`,
      `Тактическое превосходство: корабли ${s(d.loser)} уничтожены (${list(d.ships).join(', ')})`,
    ),
  WithdrawalsDeclared: (d, l) =>
    t(
      l,
      `${s(d.seat)} withdraws ${list(d.withdrawn).join(', ') || 'nothing'}${list((d.pending as Data[] | undefined)?.map((p) => p.ship)).length ? `; asks to withdraw ${list((d.pending as Data[]).map((p) => p.ship)).join(', ')}` : ''}`,
      `${s(d.seat)} выводит из боя: ${list(d.withdrawn).join(', ') || 'никого'}${list((d.pending as Data[] | undefined)?.map((p) => p.ship)).length ? `; просит разрешения для ${list((d.pending as Data[]).map((p) => p.ship)).join(', ')}` : ''}`,
    ),
  ShipsWithdrew: (d, l) =>
    t(
      l,
      `${list(d.ships).join(', ')} left the battle for ${s(d.to)}${d.consentedBy ? ` (allowed by ${s(d.consentedBy)})` : ''}`,
      `${list(d.ships).join(', ')} вышли из боя в ${s(d.to)}${d.consentedBy ? ` (с разрешения ${s(d.consentedBy)})` : ''}`,
    ),
  WithdrawalRefused: (d, l) =>
    t(
      l,
      `${s(d.refusedBy)} refused the withdrawal of ${list(d.ships).join(', ')}`,
      `${s(d.refusedBy)} не разрешил выход из боя ${list(d.ships).join(', ')}`,
    ),
  AttacksBegan: (_d, l) => t(l, 'Attacks begin', 'Начинаются атаки'),
  AttackPending: (d, l) =>
    t(
      l,
      `${s(d.awaiting)} must choose: ${s(d.kind)}`,
      `${s(d.awaiting)} должен выбрать: ${s(d.kind)}`,
    ),
  AttackResolved: (d, l) => {
    if (d.declined)
      return t(
        l,
        `${name(d.attacker)} does not fire back`,
        `${name(d.attacker)} не открывает ответный огонь`,
      );
    const w = d.weapon as Data | undefined;
    const head = t(
      l,
      `${name(d.attacker)} ${d.counter ? 'fires back' : 'attacks'} with ${weapon(w?.kind, l)} (${s(w?.text)})`,
      `${name(d.attacker)} ${d.counter ? 'отвечает' : 'атакует'}: ${weapon(w?.kind, l)} (${s(w?.text)})`,
    );
    const dice = d.hitDice as Data | undefined;
    const diceText = dice
      ? t(
          l,
          `; dice ${list(dice.faces).join(',')}, ${s(dice.need)}+ → ${s(dice.hits)} hit(s)`,
          `; кубики ${list(dice.faces).join(',')}, ${s(dice.need)}+ → попаданий: ${s(dice.hits)}`,
        )
      : '';
    const nova = d.nova as Data | undefined;
    const novaText = nova
      ? nova.fired
        ? t(
            l,
            `; Nova fires (D6 ${s(nova.activation)}), ${s(nova.count)} target(s) (D6 ${s(nova.countFace)})`,
            `; “Нова” срабатывает (D6 ${s(nova.activation)}), целей: ${s(nova.count)} (D6 ${s(nova.countFace)})`,
          )
        : t(
            l,
            `; Nova fails (D6 ${s(nova.activation)} < 4)`,
            `; “Нова” не сработала (D6 ${s(nova.activation)} < 4)`,
          )
      : '';
    const targets = ((d.targets as Data[] | undefined) ?? [])
      .map((x) => targetLine(x, l))
      .join('; ');
    return `${head}${diceText}${novaText}${targets ? `: ${targets}` : ''}`;
  },
  EvasionDecided: (d, l) =>
    d.evade
      ? t(l, `${s(d.ship)} turns to evade`, `${s(d.ship)} поворачивается и уклоняется`)
      : t(l, `${s(d.ship)} does not evade`, `${s(d.ship)} не уклоняется`),
  NovaTargetsChosen: (d, l) =>
    t(
      l,
      `Nova targets: ${list(d.targets).join(', ')}`,
      `Цели “Новы”: ${list(d.targets).join(', ')}`,
    ),
  NovaShieldsDecided: (d, l) =>
    t(
      l,
      `Shields given up against the Nova: ${list(d.sacrifice).join(', ') || 'none'}`,
      `Щиты против “Новы”: ${list(d.sacrifice).join(', ') || 'нет'}`,
    ),
  RamResolved: (d, l) => {
    if (d.evaded)
      return t(
        l,
        `${name(d.rammer)} rams ${name(d.target)}, which evades`,
        `${name(d.rammer)} таранит ${name(d.target)}, но тот уклоняется`,
      );
    const a = d.toTarget as Data | undefined;
    const b = d.toRammer as Data | undefined;
    return t(
      l,
      `${name(d.rammer)} rams ${name(d.target)}: target ${a ? renderFormula(a) : '0'}, rammer ${b ? renderFormula(b) : '0'}`,
      `${name(d.rammer)} таранит ${name(d.target)}: цели ${a ? renderFormula(a) : '0'}, тарану ${b ? renderFormula(b) : '0'}`,
    );
  },
  BoardingResolved: (d, l) => {
    const last = ((d.rolls as Data[] | undefined) ?? []).slice(-1)[0] ?? {};
    const totals = `${s(last.boarderDie)}+${s(d.boarding)}=${s(last.boarderTotal)} vs ${s(last.defenderDie)}+${s(d.crew)}${Number(d.crewBonus) ? `${Number(d.crewBonus) > 0 ? '+' : ''}${s(d.crewBonus)}` : ''}=${s(last.defenderTotal)}`;
    return d.success
      ? t(
          l,
          `${s(d.ship)} boards ${s(d.target)}: ${totals}, taken`,
          `${s(d.ship)} берет на абордаж ${s(d.target)}: ${totals}, успех`,
        )
      : t(
          l,
          `${s(d.ship)} fails to board ${s(d.target)}: ${totals}`,
          `Абордаж ${s(d.ship)} против ${s(d.target)} провален: ${totals}`,
        );
  },
  BoardingRewardOwed: (d, l) =>
    t(
      l,
      `${s(d.seat)} will receive ${s(d.amount)} resources in the next resource phase`,
      `${s(d.seat)} получит ${s(d.amount)} ресурсов в следующую фазу получения ресурсов`,
    ),
  BombingResolved: (d, l) =>
    t(
      l,
      `${list(d.ships).join(', ')} bomb ${s(d.target)} for ${s(d.total)} (${s(d.damageAfter)}/${s(d.limit)})${d.destroyed ? ', destroyed' : ''}`,
      `${list(d.ships).join(', ')} бомбят ${s(d.target)}: ${s(d.total)} (${s(d.damageAfter)}/${s(d.limit)})${d.destroyed ? ', уничтожен' : ''}`,
    ),
  AttackPassed: (d, l) => t(l, `${s(d.seat)} passes`, `${s(d.seat)} пасует`),
  BattleRoundEnded: (d, l) =>
    t(
      l,
      `Round ${s(d.round)} (${dist(d.distance, l)}) ends`,
      `Раунд ${s(d.round)} (${dist(d.distance, l)}) окончен`,
    ),
  ManoeuvreDeclared: (d, l) =>
    d.kind === 'none'
      ? t(l, `${s(d.seat)} declares no manoeuvre`, `${s(d.seat)} не маневрирует`)
      : t(
          l,
          `${s(d.seat)}: ${s(d.kind)}${d.distance ? ` → ${dist(d.distance, l)}` : ''}`,
          `${s(d.seat)}: ${s(d.kind)}${d.distance ? ` → ${dist(d.distance, l)}` : ''}`,
        ),
  GroundAssaultOffered: (d, l) =>
    t(
      l,
      `${s(d.seat)} may go on against the ground units`,
      `${s(d.seat)} может продолжить бой с наземными отрядами`,
    ),
  GroundAssaultChosen: (d, l) =>
    d.continue
      ? t(
          l,
          `${s(d.seat)} goes on against the ground units`,
          `${s(d.seat)} продолжает бой с наземными отрядами`,
        )
      : t(l, `${s(d.seat)} ends the battle`, `${s(d.seat)} завершает сражение`),
  FleetRetreated: (d, l) =>
    t(
      l,
      `${s(d.seat)}'s fleet retreats to ${s(d.to)} (${s(d.why)})`,
      `Флот ${s(d.seat)} отступает в ${s(d.to)} (${s(d.why)})`,
    ),
  ForcedRetreat: (d, l) =>
    t(
      l,
      `${s(d.seat)} has nothing to fight with on the orbit and must retreat`,
      `${s(d.seat)} нечем сражаться на орбите — вынужден отступить`,
    ),
  BattleStalemate: (d, l) =>
    t(l, `Stalemate (${s(d.why)}): the battle stops`, `Тупик (${s(d.why)}): бой прекращается`),
  BattleEnded: (d, l) =>
    t(
      l,
      `The battle at ${s(d.location)} ends${d.holder ? `; ${s(d.holder)} holds the field` : ''}`,
      `Сражение (${s(d.location)}) завершено${d.holder ? `; поле за ${s(d.holder)}` : ''}`,
    ),
  LandingResolved: (d, l) =>
    d.declined
      ? t(l, `${s(d.seat)} does not land`, `${s(d.seat)} не высаживает десант`)
      : t(
          l,
          `${s(d.seat)} lands ${s(d.landing)} against ${s(d.ground)}: units destroyed`,
          `${s(d.seat)} высаживает десант ${s(d.landing)} против ${s(d.ground)}: отряды уничтожены`,
        ),
  CriticalDamageApplied: (d, l) =>
    t(
      l,
      `After the battle: ${((d.destroyed as Data[] | undefined) ?? []).map((x) => `${s(x.piece)} (${s(x.damage)} ≥ ${s(x.critical)})`).join(', ') || 'no ship'} lost to critical damage; other damage cleared`,
      `После сражения: критические повреждения — ${((d.destroyed as Data[] | undefined) ?? []).map((x) => `${s(x.piece)} (${s(x.damage)} ≥ ${s(x.critical)})`).join(', ') || 'нет'}; остальные повреждения сняты`,
    ),
  StationBoardingResolved: (d, l) =>
    t(
      l,
      `Boarded station ${s(d.station)}: ${s(d.outcome)}`,
      `Станция ${s(d.station)} после абордажа: ${s(d.outcome)}`,
    ),
  StationDestroyed: (d, l) =>
    t(
      l,
      `Station ${s(d.station)} destroyed with its military buildings`,
      `Станция ${s(d.station)} уничтожена вместе с военными постройками`,
    ),
  ShipsCastAdrift: (d, l) =>
    t(
      l,
      `${list(d.ships).join(', ')} are now in open space (${s(d.to)})`,
      `${list(d.ships).join(', ')} теперь в открытом космосе (${s(d.to)})`,
    ),
  BuiltInDestroyed: (d, l) =>
    t(
      l,
      `Built-in ${s(d.piece)} destroyed (special damage token)`,
      `Встроенное свойство ${s(d.piece)} уничтожено (особая фишка повреждений)`,
    ),
  BattleClosed: (_d, l) => t(l, 'Battle closed', 'Сражение закрыто'),
  ObjectControlChanged: (d, l) =>
    t(
      l,
      `${s(d.object)}: control passes from ${s(d.from)} to ${s(d.to)} (${s(d.via)})`,
      `${s(d.object)}: контроль переходит от ${s(d.from)} к ${s(d.to)} (${s(d.via)})`,
    ),
  ObjectCaptured: (d, l) =>
    t(l, `${s(d.by)} captures ${s(d.object)}`, `${s(d.by)} захватывает ${s(d.object)}`),
  BlockadeChanged: (d, l) =>
    d.by
      ? t(l, `${s(d.by)} blockades ${s(d.object)}`, `${s(d.by)} блокирует ${s(d.object)}`)
      : t(l, `The blockade of ${s(d.object)} is lifted`, `Блокада ${s(d.object)} снята`),
  CivilBuildingsPending: (d, l) =>
    t(
      l,
      `${s(d.captor)} decides the civil buildings of ${s(d.object)}`,
      `${s(d.captor)} решает судьбу гражданских построек ${s(d.object)}`,
    ),
  CivilBuildingsResolved: (d, l) =>
    t(
      l,
      `${s(d.captor)} chose to ${s(d.choice)} the civil buildings of ${s(d.object)}`,
      `${s(d.captor)}: гражданские постройки ${s(d.object)} — ${d.choice === 'destroy' ? 'уничтожены' : 'захвачены'}`,
    ),
  AutoPassSet: (d, l) =>
    d.on
      ? t(
          l,
          `${s(d.seat)} will not be asked about echelons, withdrawals and manoeuvres`,
          `${s(d.seat)}: не спрашивать об эшелоне, выходе из боя и маневрах`,
        )
      : t(l, `${s(d.seat)} will be asked again`, `${s(d.seat)}: снова спрашивать`),
  ControlChecked: (_d, l) => t(l, 'Capture and blockade checked', 'Захват и блокада проверены'),
  BattlePhaseEnded: (d, l) =>
    t(l, `${s(d.mover)}'s battle phase ends`, `Фаза сражения ${s(d.mover)} окончена`),
  ManualAdjustmentProposed: (d, l) =>
    t(
      l,
      `${s(d.seat)} proposes a manual ${s(d.kind)} (${s(d.id)})`,
      `${s(d.seat)} предлагает ручную поправку ${s(d.kind)} (${s(d.id)})`,
    ),
  ManualAdjustmentApplied: (d, l) =>
    t(
      l,
      `${s(d.seat)} applies a manual ${s(d.kind)}`,
      `${s(d.seat)} применяет ручную поправку ${s(d.kind)}`,
    ),
  ManualAdjustmentApproved: (d, l) =>
    t(
      l,
      `${s(d.approvedBy)} approves ${s(d.seat)}'s manual ${s(d.kind)} (${s(d.id)})`,
      `${s(d.approvedBy)} одобряет ручную поправку ${s(d.seat)}: ${s(d.kind)} (${s(d.id)})`,
    ),
  ManualAdjustmentRejected: (d, l) =>
    t(
      l,
      `${s(d.by)} rejects manual adjustment ${s(d.id)}`,
      `${s(d.by)} отклоняет ручную поправку ${s(d.id)}`,
    ),
};

export const CP_EVENT_TYPES: readonly string[] = Object.keys(phrases);

export function describeCpEvent(event: RecordedEvent, lang: Lang): string | undefined {
  const phrase = own(phrases, event.type);
  if (!phrase || event.data === null || typeof event.data !== 'object') return undefined;
  try {
    return phrase(event.data as Data, lang);
  } catch {
    return undefined;
  }
}
