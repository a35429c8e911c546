import { own, setOwn } from '../../../shared/id-record';
import type { LocalizedText } from '../../../shared/localized-text';
import { ruCount } from '../../../shared/localized-text';
import type { Piece } from '../../../table/table';
import type { DecisionContext } from '../../ruleset';
import {
  battlesOf,
  handOf,
  leadersOf,
  leaderStrength,
  locationOf,
  strengthOf,
  troopsAt,
  ZONES,
} from '../rex-board';
import { rexDecision, type RexDraft } from '../rex-draft';
import { SLOTS, type BattlePlan, type Slot } from '../rex-events';
import {
  dialCap,
  lazaxLossChoices,
  LEADER,
  MECHANIZED,
  TROOP,
  troopStrength,
} from '../rex-factions';
import { nextCombatStep, setPhase } from '../rex-flow';
import { RULES } from '../rex-rules-text';
import { alliesOf, factionOf, turnOrder, type BattleState, type RexState } from '../rex-state';
import {
  RexBattleCardsParams,
  RexBattlePlanParams,
  RexCallTraitorParams,
  RexKeepCardsParams,
  RexStartBattleParams,
  RexTakeLossesParams,
} from './battle.params';
import {
  num,
  range,
  places,
  seatValue,
  ownTroops,
  strengthHint,
  pieceName,
  cardValue,
  seatsOf,
  occupied,
  type RexChoices,
} from '../rex-choice-values';
import { byName, type FieldChoices } from '../../decision-choices';

/**
 * Battles. Each side seals its battle wheel (dial, leader, slot); both are revealed once
 * both are sealed. Then the sides whose slot calls for cards seal them, and they are
 * revealed together; then the sides facing a leader may call a Traitor (sealed too, since
 * both may). Cards resolve in turn order; the higher total (dial + leader) wins, ties to
 * the earlier player; the loser loses every troop there, the winner as many as the dial.
 */

type Ctx = DecisionContext<RexState>;

const SLOT_CARDS: Record<Slot, LocalizedText> = {
  none: { en: 'no Strategy card is played', ru: 'Карты Стратегий не играются' },
  attack: { en: 'only one attack card may be played', ru: 'можно сыграть только одну карту атаки' },
  defense: {
    en: 'only one defense card may be played',
    ru: 'можно сыграть только одну карту защиты',
  },
  'attack-defense': {
    en: 'one attack and one defense card may be played',
    ru: 'можно сыграть одну карту атаки и одну карту защиты',
  },
};

/** A sealed battle choice, as «уже вскрыли …» names it. */
const KIND_RU: Readonly<Record<string, string>> = {
  'battle-plan': 'Колесо Битвы',
  'battle-cards': 'карты боя',
  'call-traitor': 'вызов Предателя',
};

const wantsAttack = (slot: Slot) => slot === 'attack' || slot === 'attack-defense';
const wantsDefense = (slot: Slot) => slot === 'defense' || slot === 'attack-defense';

function opponentOf(battle: BattleState, seat: string): string {
  return battle.sides.find((s) => s !== seat) as string;
}

/** Leaders a seat may put on the wheel here: alive, in the Reserve, not fought elsewhere this round. */
export function availableLeaders(
  d: Pick<RexDraft, 'table' | 'rs'>,
  seat: string,
  location: string,
): Piece[] {
  return leadersOf(d.table, seat).filter(
    (p) =>
      p.status !== 'destroyed' &&
      p.zone === ZONES.reserve(seat) &&
      (own(d.rs.leaderUse, p.id) === undefined || own(d.rs.leaderUse, p.id) === location),
  );
}

function nameOf(d: RexDraft, piece: string): { en: string; ru: string } | undefined {
  const name = own(d.table.pieces, piece)?.attrs.name as { en?: unknown; ru?: unknown } | undefined;
  return typeof name?.en === 'string' && typeof name?.ru === 'string'
    ? { en: name.en, ru: name.ru }
    : undefined;
}

function cardAttrs(d: RexDraft, card: string | undefined): Record<string, unknown> {
  return (card && own(d.table.pieces, card)?.attrs) || {};
}

/**
 * Sealed battle decisions are accepted from any seat in any phase and checked here, so that
 * a seal that belongs to no battle can still be revealed (and voided) rather than stay open.
 * A reveal that belongs to no battle step of this seat (a plan sealed outside a battle) is
 * recorded as void, so that the seat is not left holding a seal it can never reveal.
 */
function stepCheck(d: RexDraft, kind: string, step: BattleState['step']): 'void' | BattleState {
  const battle = d.rs.battle;
  if (!battle || battle.step !== step || !battle.stepSeats.includes(d.seat)) {
    d.own('SealVoided', {
      seat: d.seat,
      kind,
      reason: `no ${step} step of a battle of ${d.seat} is open`,
    });
    return 'void';
  }
  if (!battle.due.includes(d.seat))
    return d.refuse(
      'already_revealed',
      {
        en: `${d.seat} has already revealed its ${kind}`,
        ru: `Вы уже вскрыли: ${KIND_RU[kind] ?? 'этот выбор'}`,
      },
      RULES.wheelsRevealed,
    );
  const waiting = battle.stepSeats.filter(
    (s) => s !== d.seat && battle.due.includes(s) && own(battle.sealed, s) === undefined,
  );
  if (waiting.length > 0)
    return d.refuse(
      'reveal_too_early',
      {
        en: `Both sides reveal together: ${waiting.join(', ')} has not sealed its ${kind} in this battle yet`,
        ru: `Обе стороны вскрывают вместе, а ${waiting.map((s) => d.who(s).ru).join(', ')} ещё не запечатал(а) свой выбор (${KIND_RU[kind] ?? 'выбор'}) в этом бою`,
      },
      step === 'plans' ? RULES.wheelsRevealed : RULES.cardsRevealed,
    );
  return battle;
}

/**
 * The seat owes a sealed choice in this step of the open battle: to seal it, or, once it
 * has, to reveal it when every other side owing one has sealed too (they reveal together).
 */
function stepDue(step: BattleState['step']) {
  return ({ rs, seat }: { rs: RexState; seat: string }): boolean => {
    const battle = rs.battle;
    if (!battle || battle.step !== step || !battle.stepSeats.includes(seat)) return false;
    if (!battle.due.includes(seat)) return false;
    return (
      own(battle.sealed, seat) === undefined ||
      battle.due.every((other) => own(battle.sealed, other) !== undefined)
    );
  };
}

function battleRevealAfter(step: BattleState['step']) {
  return (ctx: Ctx): string[] => {
    const battle = ctx.rs.battle;
    return battle && battle.step === step ? [...battle.stepSeats] : [];
  };
}

const SLOT_NAMES: Record<Slot, LocalizedText> = {
  none: { en: 'No cards', ru: 'Без карт' },
  attack: { en: 'Attack', ru: 'Атака' },
  defense: { en: 'Defense', ru: 'Защита' },
  'attack-defense': { en: 'Attack and defense', ru: 'Атака и защита' },
};

/** Start a battle: only where one can be fought, then with whom there. */
const startBattleChoices: RexChoices = (ctx, chosen) => {
  const battles = battlesOf(ctx.table, ctx.rs, ctx.seat, turnOrder(ctx.rs));
  const where = new Set(battles.map((b) => b.location));
  const fields: FieldChoices[] = [
    { path: 'location', pick: 'one', values: places(ctx, (l) => where.has(l.id)) },
  ];
  const battle = battles.find((b) => b.location === chosen.location);
  if (battle)
    fields.push({
      path: 'opponent',
      pick: 'one',
      values: battle.opponents.map((s) => seatValue(ctx, s)),
    });
  return fields;
};

/** The battle wheel: the dial's range, the seat's own leaders free here (strength shown), the slot. */
const battlePlanChoices: RexChoices = (ctx) => {
  const battle = ctx.rs.battle;
  const faction = factionOf(ctx.rs, ctx.seat);
  if (!battle || !faction) return [];
  const troops = ownTroops(ctx, battle.location);
  const cap = dialCap(
    faction,
    troops.map((p) => p.type),
  );
  const leaders = availableLeaders(ctx, ctx.seat, battle.location).map((p) => ({
    value: p.id,
    name: pieceName(p),
    hint: strengthHint(leaderStrength(p)),
  }));
  return [
    { path: 'dial', pick: 'one', values: range(0, cap) },
    // A leader that can fight must (the reveal of a wheel without it would be refused).
    ...(leaders.length > 0
      ? [{ path: 'leader', pick: 'one' as const, required: true as const, values: leaders }]
      : []),
    {
      path: 'slot',
      pick: 'one',
      // Without a leader no card is played (sealed kinds are never tried: the decider refuses
      // a reveal until the other side has sealed).
      values: (leaders.length > 0 ? SLOTS : (['none'] as const)).map((slot) => ({
        value: slot,
        name: SLOT_NAMES[slot],
      })),
    },
  ];
};

/** Battle cards: the seat's own attack or defense cards, for the slots its wheel opened. */
const battleCardsChoices: RexChoices = (ctx) => {
  const slot = own(ctx.rs.battle?.plans ?? {}, ctx.seat)?.slot ?? 'none';
  const hand = handOf(ctx.table, ctx.seat);
  const of = (category: string) =>
    hand
      .filter((p) => p.attrs.category === category)
      .map(cardValue)
      .sort(byName());
  const fields: FieldChoices[] = [];
  const attack = of('attack');
  const defense = of('defense');
  // A slot the wheel opened must take a card of its kind when the hand holds one.
  if ((slot === 'attack' || slot === 'attack-defense') && attack.length > 0)
    fields.push({ path: 'attack', pick: 'one', required: true, values: attack });
  if ((slot === 'defense' || slot === 'attack-defense') && defense.length > 0)
    fields.push({ path: 'defense', pick: 'one', required: true, values: defense });
  return fields;
};

/** A Traitor: only the seat's own Traitor cards naming the leader on the opponent's wheel. */
const callTraitorChoices: RexChoices = (ctx) => {
  const battle = ctx.rs.battle;
  const opponent = battle?.sides.find((s) => s !== ctx.seat);
  const target = opponent ? own(battle?.plans ?? {}, opponent)?.leader : undefined;
  if (!target) return [];
  const cards = Object.values(ctx.table.pieces)
    .filter((p) => p.zone === ZONES.traitors(ctx.seat) && p.attrs.leader === target)
    .map((p) => ({
      ...cardValue(p),
      ...(typeof p.attrs.strength === 'number' ? { hint: strengthHint(p.attrs.strength) } : {}),
    }));
  return cards.length > 0 ? [{ path: 'traitor', pick: 'one', values: cards }] : [];
};

/** The winner's cards: only those played in this battle, in the order played. */
const keepCardsChoices: RexChoices = (ctx) => {
  const cards = (ctx.rs.battle?.keep?.cards ?? [])
    .map((id) => own(ctx.table.pieces, id))
    .filter((p): p is Piece => p !== undefined)
    .map(cardValue);
  return [{ path: 'discard', pick: 'many', min: 0, max: cards.length, values: cards }];
};

/** Lazax's losses: the ways the rules allow to lose the strength dialled. */
const takeLossesChoices: RexChoices = (ctx, chosen) => {
  const battle = ctx.rs.battle;
  if (!battle?.losses) return [];
  const there = ownTroops(ctx, battle.location);
  const ways = lazaxLossChoices(
    there.filter((p) => p.type === TROOP).length,
    there.filter((p) => p.type === MECHANIZED).length,
    battle.losses.dial,
  );
  const regular = [...new Set(ways.map((w) => w.regular))].sort((a, b) => a - b);
  const mech = ways
    .filter((w) => chosen.troops === undefined || w.regular === chosen.troops)
    .map((w) => w.mechanized);
  return [
    { path: 'troops', pick: 'one', values: regular.map(num) },
    { path: 'mechanized', pick: 'one', values: [...new Set(mech)].sort((a, b) => a - b).map(num) },
  ];
};

export const battleDecisions = {
  'start-battle': rexDecision<RexStartBattleParams>({
    summary: {
      en: 'Start one of your battles (you choose the order)',
      ru: 'Начать один из своих боёв (в любом порядке)',
    },
    params: RexStartBattleParams,
    example: { location: 'imperial-fleet-base', opponent: 'sol' },
    examples: (ctx) =>
      occupied(ctx).flatMap((location) => seatsOf(ctx).map((opponent) => ({ location, opponent }))),
    choices: startBattleChoices,
    turn: 'active',
    phases: ['combat'],
    available: ({ rs, table, seat }) =>
      !rs.battle && battlesOf(table, rs, seat, turnOrder(rs)).length > 0,
    decide(d, { location, opponent }) {
      if (d.rs.battle)
        return d.refuse(
          'battle_open',
          {
            en: `Battle ${d.rs.battle.id} is not over yet`,
            ru: `Идущий бой (${d.place(d.rs.battle.location).ru}) ещё не закончен`,
          },
          RULES.duels,
        );
      const where = locationOf(d.table, location);
      if (!where)
        return d.refuse(
          'unknown_location',
          { en: `There is no location ${location}`, ru: `Локации «${location}» на поле нет` },
          RULES.combat,
        );
      if (where.roles.includes('no-battle'))
        return d.refuse(
          'no_battle_here',
          {
            en: `No battles are fought in ${location}`,
            ru: `В локации «${d.place(location).ru}» бои не ведутся`,
          },
          RULES.noBattleCouncil,
        );
      if (alliesOf(d.rs, d.seat).includes(opponent))
        return d.refuse(
          'allies',
          {
            en: `${opponent} is ${d.seat}'s ally`,
            ru: `${d.who(opponent).ru} — ваш союзник: с союзником не сражаются`,
          },
          RULES.alliesNeverShare,
        );
      const order = turnOrder(d.rs);
      const battle = battlesOf(d.table, d.rs, d.seat, order).find((b) => b.location === location);
      if (!battle || !battle.opponents.includes(opponent))
        return d.refuse(
          'no_battle',
          {
            en: `${d.seat} and ${opponent} do not both have troops in ${location}`,
            ru: `В локации «${d.place(location).ru}» нет Войск и ваших, и противника (${d.who(opponent).ru})`,
          },
          RULES.combat,
        );
      const sides = order.filter((s) => s === d.seat || s === opponent);
      const id = `battle-${d.rs.round}-${d.rs.battleSerial + 1}`;
      d.own('BattleOpened', {
        battle: id,
        location,
        aggressor: d.seat,
        sides,
        report: sides.map((seat) => {
          const troops = troopsAt(d.table, location, seat);
          const usable = new Set(availableLeaders(d, seat, location).map((p) => p.id));
          return {
            seat,
            troops: troops.length,
            strength: strengthOf(troops),
            handSize: handOf(d.table, seat).length,
            leaders: leadersOf(d.table, seat)
              .filter((p) => p.status !== 'destroyed')
              .map((p) => ({
                leader: p.id,
                strength: leaderStrength(p),
                available: usable.has(p.id),
              })),
          };
        }),
        ruleRef: battle.opponents.length > 1 ? RULES.duels : RULES.situationReport,
      });
      setPhase(d, 'combat', sides);
    },
  }),

  'battle-plan': rexDecision<RexBattlePlanParams>({
    summary: {
      en: 'Set your battle wheel: dial, leader and slot (sealed; both revealed together)',
      ru: 'Выставить Колесо Битвы: число, Лидер и слот (запечатано; вскрываются вместе)',
    },
    params: RexBattlePlanParams,
    example: { dial: 4, leader: 'leader:sol:5', slot: 'attack' },
    examples: ({ table, rs, seat }) => [
      { dial: 0, slot: 'none' },
      ...(rs.battle ? availableLeaders({ table, rs }, seat, rs.battle.location) : []).map((p) => ({
        dial: 0,
        leader: p.id,
        slot: 'none' as const,
      })),
    ],
    choices: battlePlanChoices,
    turn: 'any',
    sealing: 'required',
    sealRuleRef: RULES.wheelsRevealed,
    revealAfter: battleRevealAfter('plans'),
    available: stepDue('plans'),
    decide(d, { dial, leader, slot }) {
      const battle = stepCheck(d, 'battle-plan', 'plans');
      if (battle === 'void') return;
      const faction = factionOf(d.rs, d.seat);
      if (!faction)
        return d.refuse(
          'unknown_seat',
          { en: `${d.seat} has no race`, ru: 'У вашего места нет фракции' },
          RULES.dial,
        );
      const troops = troopsAt(d.table, battle.location, d.seat);
      const cap = dialCap(
        faction,
        troops.map((p) => p.type),
      );
      if (dial > cap)
        return d.refuse(
          'dial_too_high',
          {
            en: `${d.seat} has ${faction === 'lazax' ? `strength ${strengthOf(troops)}` : `${troops.length} troops`} in ${battle.location}: the dial goes from 0 to ${cap}, not ${dial}`,
            ru: `У вас в локации «${d.place(battle.location).ru}» ${faction === 'lazax' ? `сила ${strengthOf(troops)}` : ruCount(troops.length, 'Войско', 'Войска', 'Войск')}: на Колесе можно выставить от 0 до ${cap}, а не ${dial}`,
          },
          faction === 'lazax' && strengthOf(troops) > cap ? RULES.lazaxDialCap : RULES.dial,
        );
      const usable = availableLeaders(d, d.seat, battle.location);
      if (leader) {
        const piece = own(d.table.pieces, leader);
        if (!piece || piece.type !== LEADER || piece.owner !== d.seat)
          return d.refuse(
            'not_your_leader',
            {
              en: `${leader} is not a leader of ${d.seat}`,
              ru: `«${d.piece(leader).ru}» — не ваш Лидер`,
            },
            RULES.leaderSlot,
          );
        if (piece.status === 'destroyed')
          return d.refuse(
            'leader_dead',
            {
              en: `${leader} is in the Loss Bank`,
              ru: `Лидер «${d.piece(leader).ru}» в Банке Потерь`,
            },
            RULES.noLeader,
          );
        const foughtAt = own(d.rs.leaderUse, leader);
        if (foughtAt && foughtAt !== battle.location)
          return d.refuse(
            'leader_fought_elsewhere',
            {
              en: `${leader} fought in ${foughtAt} this round: it cannot fight in ${battle.location}`,
              ru: `Лидер «${d.piece(leader).ru}» уже сражался в этом раунде в локации «${d.place(foughtAt).ru}»: в локации «${d.place(battle.location).ru}» он сражаться не может`,
            },
            RULES.leaderReuse,
          );
        if (!usable.some((p) => p.id === leader))
          return d.refuse(
            'leader_unavailable',
            {
              en: `${leader} is not in ${d.seat}'s Reserve`,
              ru: `Лидера «${d.piece(leader).ru}» нет в вашем Резерве`,
            },
            RULES.leaderSlot,
          );
      } else {
        if (usable.length > 0)
          return d.refuse(
            'leader_required',
            {
              en: `${d.seat} has a leader it can play (${usable.map((p) => p.id).join(', ')}) and must play one`,
              ru: `У вас есть Лидер, которого можно выставить (${usable.map((p) => d.piece(p.id).ru).join(', ')}), и выставить его обязательно`,
            },
            RULES.leaderRequired,
          );
        if (slot !== 'none')
          return d.refuse(
            'no_leader_no_cards',
            {
              en: 'Without a leader no Strategy cards are played: slot must be none',
              ru: 'Без Лидера Карты Стратегий не играются: ячейка должна быть пустой',
            },
            RULES.noLeader,
          );
      }
      const plan: BattlePlan = { dial, leader: leader ?? null, slot };
      const leaderName = leader ? nameOf(d, leader) : undefined;
      d.own('BattlePlanRevealed', {
        battle: battle.id,
        seat: d.seat,
        plan,
        ...(leaderName ? { leaderName } : {}),
      });
      if (leader) d.on('PiecesMoved', { pieces: [leader], to: ZONES.battle });
      if (d.rs.battle && d.rs.battle.due.length === 0) afterWheels(d);
    },
  }),

  'battle-cards': rexDecision<RexBattleCardsParams>({
    summary: {
      en: 'Play the battle cards your slot calls for (sealed; revealed together)',
      ru: 'Сыграть Карты Стратегий по слоту Колеса (запечатано; вскрываются вместе)',
    },
    params: RexBattleCardsParams,
    example: { attack: 'strategy:3' },
    examples: ({ table, seat }) => {
      const hand = handOf(table, seat).map((p) => p.id);
      return [
        {},
        ...hand.flatMap((card) => [{ attack: card }, { defense: card }]),
        ...hand.flatMap((attack) => hand.map((defense) => ({ attack, defense }))),
      ];
    },
    choices: battleCardsChoices,
    turn: 'any',
    sealing: 'required',
    sealRuleRef: RULES.cardsRevealed,
    revealAfter: battleRevealAfter('cards'),
    available: stepDue('cards'),
    decide(d, { attack, defense }) {
      const battle = stepCheck(d, 'battle-cards', 'cards');
      if (battle === 'void') return;
      const slot = own(battle.plans, d.seat)?.slot ?? 'none';
      const hand = handOf(d.table, d.seat);
      for (const [card, category] of [
        [attack, 'attack'],
        [defense, 'defense'],
      ] as const) {
        if (!card) continue;
        if (!hand.some((p) => p.id === card))
          return d.refuse(
            'not_in_hand',
            {
              en: `${card} is not in ${d.seat}'s hand`,
              ru: `Карты «${d.piece(card).ru}» нет у вас в руке`,
            },
            RULES.slotMustPlay,
          );
        if (cardAttrs(d, card).category !== category)
          return d.refuse(
            'wrong_card_type',
            {
              en: `${card} is not a${category === 'attack' ? 'n attack' : ' defense'} card`,
              ru: `«${d.piece(card).ru}» — не карта ${category === 'attack' ? 'атаки' : 'защиты'}`,
            },
            RULES.slotMustPlay,
          );
      }
      if ((attack && !wantsAttack(slot)) || (defense && !wantsDefense(slot)))
        return d.refuse(
          'slot_mismatch',
          {
            en: `The leader is in the ${slot} slot: ${own(SLOT_CARDS, slot)?.en}`,
            ru: `Лидер стоит в такой ячейке, что ${own(SLOT_CARDS, slot)?.ru ?? 'эти карты не играются'}`,
          },
          RULES.oneOfEach,
        );
      const holds = (category: string) =>
        hand.some((p) => cardAttrs(d, p.id).category === category);
      if (wantsAttack(slot) && !attack && holds('attack'))
        return d.refuse(
          'must_play_attack',
          {
            en: `The ${slot} slot calls for an attack card and ${d.seat} holds one`,
            ru: 'Ячейка Лидера требует карту атаки, а у вас она есть',
          },
          RULES.slotMustPlay,
        );
      if (wantsDefense(slot) && !defense && holds('defense'))
        return d.refuse(
          'must_play_defense',
          {
            en: `The ${slot} slot calls for a defense card and ${d.seat} holds one`,
            ru: 'Ячейка Лидера требует карту защиты, а у вас она есть',
          },
          RULES.slotMustPlay,
        );
      const pieces = [attack, defense].filter((c): c is string => Boolean(c));
      if (pieces.length > 0)
        d.on('CardsPlayed', {
          pieces,
          to: ZONES.battle,
          types: pieces.map((id) => own(d.table.pieces, id)?.type ?? ''),
        });
      d.own('BattleCardsRevealed', {
        battle: battle.id,
        seat: d.seat,
        ...(attack ? { attack } : {}),
        ...(defense ? { defense } : {}),
        names: pieces.map((id) => nameOf(d, id) ?? { en: id, ru: id }),
      });
      if (d.rs.battle && d.rs.battle.due.length === 0) traitorStep(d);
    },
  }),

  'call-traitor': rexDecision<RexCallTraitorParams>({
    summary: {
      en: 'Reveal a Traitor card against the opponent’s leader, or not (sealed; revealed together)',
      ru: 'Вскрыть Карту Предателя против Лидера противника или нет (запечатано; вскрываются вместе)',
    },
    params: RexCallTraitorParams,
    example: { traitor: 'traitor:letnev:4' },
    examples: ({ table, seat }) => [
      {},
      ...Object.values(table.pieces)
        .filter((p) => p.zone === ZONES.traitors(seat))
        .map((p) => ({ traitor: p.id })),
    ],
    choices: callTraitorChoices,
    turn: 'any',
    sealing: 'required',
    sealRuleRef: RULES.traitor,
    revealAfter: battleRevealAfter('traitor'),
    available: stepDue('traitor'),
    decide(d, { traitor }) {
      const battle = stepCheck(d, 'call-traitor', 'traitor');
      if (battle === 'void') return;
      if (traitor) {
        const card = own(d.table.pieces, traitor);
        if (!card || card.zone !== ZONES.traitors(d.seat))
          return d.refuse(
            'not_your_traitor',
            {
              en: `${traitor} is not among ${d.seat}'s Traitor cards`,
              ru: `«${d.piece(traitor).ru}» нет среди ваших карт Предателей`,
            },
            RULES.traitor,
          );
        const target = own(battle.plans, opponentOf(battle, d.seat))?.leader;
        if (card.attrs.leader !== target)
          return d.refuse(
            'traitor_mismatch',
            {
              en: `${traitor} names ${String(card.attrs.leader)}, not the leader on the opponent’s wheel (${target ?? 'none'})`,
              ru: `Карта Предателя называет Лидера «${d.piece(String(card.attrs.leader)).ru}», а на Колесе противника ${target ? `Лидер «${d.piece(target).ru}»` : 'Лидера нет'}`,
            },
            RULES.traitor,
          );
      }
      d.own('TraitorCallRevealed', { battle: battle.id, seat: d.seat, traitor: traitor ?? null });
      if (d.rs.battle && d.rs.battle.due.length === 0) resolveBattle(d);
    },
  }),

  'take-losses': rexDecision<RexTakeLossesParams>({
    summary: {
      en: 'Lazax: choose which troops are lost (a Mechanized troop counts 2)',
      ru: 'Лазакс: выбрать погибшие Войска (Механизированное считается за два)',
    },
    params: RexTakeLossesParams,
    example: { troops: 2, mechanized: 0 },
    examples: ({ table, rs, seat }) => {
      const there = rs.battle ? troopsAt(table, rs.battle.location, seat) : [];
      const counts = Array.from({ length: there.length + 1 }, (_, n) => n);
      return counts.flatMap((troops) => counts.map((mechanized) => ({ troops, mechanized })));
    },
    choices: takeLossesChoices,
    turn: 'active',
    phases: ['combat'],
    available: ({ rs: { battle }, seat }) =>
      !!battle && battle.step === 'losses' && battle.due.includes(seat) && !!battle.losses,
    decide(d, { troops, mechanized }) {
      const battle = d.rs.battle;
      if (!battle || battle.step !== 'losses' || !battle.due.includes(d.seat) || !battle.losses)
        return d.refuse(
          'no_losses_due',
          {
            en: `${d.seat} has no battle losses to choose`,
            ru: 'Вам не нужно выбирать потери в бою',
          },
          RULES.lazaxLosses,
        );
      const atBattle = troopsAt(d.table, battle.location, d.seat);
      const regular = atBattle.filter((p) => p.type === TROOP);
      const mech = atBattle.filter((p) => p.type === MECHANIZED);
      const choices = lazaxLossChoices(regular.length, mech.length, battle.losses.dial);
      if (!choices.some((c) => c.regular === troops && c.mechanized === mechanized))
        return d.refuse(
          'losses_not_allowed',
          {
            en: `Dial ${battle.losses.dial}: lose at least ${battle.losses.dial} in strength and no troop more than needed; allowed: ${choices.map((c) => `${c.regular} troops + ${c.mechanized} Mechanized`).join('; ')}`,
            ru: `На Колесе ${battle.losses.dial}: потерять нужно не меньше ${battle.losses.dial} силы и ни одного Войска сверх нужного; можно: ${choices.map((c) => `${c.regular} обычных + ${c.mechanized} Механизированных`).join('; ')}`,
          },
          `${RULES.lazaxLosses} / ${RULES.lazaxMustLose}`,
        );
      takeLosses(d, battle, d.seat, [...regular.slice(0, troops), ...mech.slice(0, mechanized)]);
      afterLosses(d);
    },
  }),

  'keep-cards': rexDecision<RexKeepCardsParams>({
    summary: {
      en: 'Winner: keep or discard each battle card you played',
      ru: 'Победитель: оставить или сбросить каждую сыгранную Карту Стратегии',
    },
    params: RexKeepCardsParams,
    example: { discard: ['strategy:3'] },
    examples: () => [{ discard: [] }],
    choices: keepCardsChoices,
    turn: 'active',
    phases: ['combat'],
    available: ({ rs: { battle }, seat }) =>
      !!battle && battle.step === 'keep' && battle.keep?.seat === seat,
    decide(d, { discard }) {
      const battle = d.rs.battle;
      if (!battle || battle.step !== 'keep' || !battle.keep || battle.keep.seat !== d.seat)
        return d.refuse(
          'no_cards_due',
          {
            en: `${d.seat} has no battle cards to keep or discard`,
            ru: 'У вас нет карт боя, которые нужно оставить или сбросить',
          },
          RULES.winnerKeeps,
        );
      const played = battle.keep.cards;
      const foreign = discard.find((c) => !played.includes(c));
      if (foreign)
        return d.refuse(
          'not_played',
          {
            en: `${foreign} was not played by ${d.seat} in this battle`,
            ru: `Карту «${d.piece(foreign).ru}» вы в этом бою не играли`,
          },
          RULES.winnerKeeps,
        );
      const kept = played.filter((c) => !discard.includes(c));
      if (discard.length > 0)
        d.on('CardsDiscarded', { pieces: discard, to: ZONES.strategyDiscard });
      if (kept.length > 0) d.on('PiecesMoved', { pieces: kept, to: ZONES.hand(d.seat) });
      d.own('BattleCardsKept', { battle: battle.id, seat: d.seat, kept, discarded: [...discard] });
      closeBattle(d);
    },
  }),
};

// ---- Steps -------------------------------------------------------------------------------------

function afterWheels(d: RexDraft): void {
  const battle = d.rs.battle as BattleState;
  d.own('BattleWheelsRevealed', {
    battle: battle.id,
    plans: structuredClone(battle.plans),
    ruleRef: RULES.wheelsRevealed,
  });
  const due = battle.sides.filter(
    (s) => own(battle.plans, s)?.leader && own(battle.plans, s)?.slot !== 'none',
  );
  if (due.length > 0) {
    d.own('BattleStepStarted', { battle: battle.id, step: 'cards', due });
    setPhase(d, 'combat', due);
    return;
  }
  traitorStep(d);
}

function traitorStep(d: RexDraft): void {
  const battle = d.rs.battle as BattleState;
  // A side may call a Traitor only against a leader on the opponent's wheel.
  const callers = battle.sides.filter((s) => own(battle.plans, opponentOf(battle, s))?.leader);
  if (callers.length > 0) {
    d.own('BattleStepStarted', { battle: battle.id, step: 'traitor', due: callers });
    setPhase(d, 'combat', callers);
    return;
  }
  resolveBattle(d);
}

function killLeader(
  d: RexDraft,
  battle: BattleState,
  leader: string,
  by: string,
  ruleRef: string,
): void {
  const owner = own(d.table.pieces, leader)?.owner ?? '';
  d.on('PiecesDestroyed', { pieces: [leader], cause: by === 'traitor' ? 'traitor' : 'battle' });
  const name = nameOf(d, leader);
  d.own('LeaderKilled', {
    battle: battle.id,
    leader,
    owner,
    by,
    ruleRef,
    ...(name ? { name } : {}),
  });
}

function playedCards(d: RexDraft, seat: string): string[] {
  const cards = own(d.rs.battle?.cards, seat);
  return [cards?.attack, cards?.defense].filter((c): c is string =>
    Boolean(c && own(d.table.pieces, c)?.zone === ZONES.battle),
  );
}

function discardPlayed(d: RexDraft, seat: string): void {
  const cards = playedCards(d, seat);
  if (cards.length > 0) d.on('CardsDiscarded', { pieces: cards, to: ZONES.strategyDiscard });
}

function leaderHome(d: RexDraft, seat: string): void {
  const leader = own(d.rs.battle?.plans, seat)?.leader;
  if (
    leader &&
    own(d.table.pieces, leader)?.zone === ZONES.battle &&
    own(d.table.pieces, leader)?.status !== 'destroyed'
  )
    d.on('PiecesMoved', { pieces: [leader], to: ZONES.reserve(seat) });
}

function takeLosses(d: RexDraft, battle: BattleState, seat: string, pieces: Piece[]): void {
  if (pieces.length > 0)
    d.on('PiecesDestroyed', { pieces: pieces.map((p) => p.id), cause: 'battle' });
  d.own('BattleLossesTaken', {
    battle: battle.id,
    seat,
    troops: pieces.map((p) => p.id),
    strength: pieces.reduce((s, p) => s + troopStrength(p.type), 0),
    ruleRef: factionOf(d.rs, seat) === 'lazax' ? RULES.lazaxLosses : RULES.winnerLosses,
  });
}

export function resolveBattle(d: RexDraft): void {
  const battle = d.rs.battle as BattleState;
  const [first, second] = battle.sides;
  const traitors = battle.sides.filter((s) => own(battle.calls, s));
  const plans = battle.plans;
  const totals: Record<string, { dial: number; leader: number; total: number }> = {};
  const setTotals = (leaderCounts: (seat: string) => number) => {
    for (const seat of battle.sides) {
      const dial = own(plans, seat)?.dial ?? 0;
      const leader = leaderCounts(seat);
      setOwn(totals, seat, { dial, leader, total: dial + leader });
    }
  };
  const aliveStrength = (seat: string) => {
    const leader = own(plans, seat)?.leader;
    const piece = leader ? own(d.table.pieces, leader) : undefined;
    return piece && piece.status !== 'destroyed' ? leaderStrength(piece) : 0;
  };

  if (traitors.length > 0) {
    for (const seat of traitors) {
      const card = own(battle.calls, seat) as string;
      const leader = own(plans, opponentOf(battle, seat))?.leader as string;
      d.own('TraitorRevealed', {
        battle: battle.id,
        seat,
        card,
        leader,
        ruleRef: RULES.traitorEffects,
      });
      killLeader(d, battle, leader, 'traitor', RULES.traitorEffects);
      // The Traitor card was just revealed (TraitorRevealed): it goes back by the rules.
      d.onHidden('PiecesMoved', { pieces: [card], to: ZONES.traitorDeck });
      d.shuffle(ZONES.traitorDeck);
    }
    setTotals(aliveStrength);
    const winner = traitors.length === 1 ? traitors[0] : null;
    const losers = battle.sides.filter((s) => s !== winner);
    d.own('BattleResolved', {
      battle: battle.id,
      winner,
      losers,
      totals,
      tieBreak: false,
      byTraitor: true,
      retreat: false,
      ruleRef: winner ? RULES.traitor : RULES.bothTraitors,
    });
    for (const seat of losers) {
      const troops = troopsAt(d.table, battle.location, seat);
      if (troops.length > 0)
        d.on('PiecesDestroyed', { pieces: troops.map((p) => p.id), cause: 'battle' });
      discardPlayed(d, seat);
      leaderHome(d, seat);
    }
    if (winner) {
      leaderHome(d, winner);
      // A Traitor winner loses no troops; the cards had no effect, the winner keeps or discards them.
      return keepStep(d, winner);
    }
    return closeBattle(d);
  }

  const retreaters = battle.sides.filter(
    (s) => cardAttrs(d, own(battle.cards, s)?.defense).effect === 'retreat',
  );
  if (retreaters.length > 0) {
    d.own('TacticalRetreatResolved', {
      battle: battle.id,
      seats: retreaters,
      ruleRef: retreaters.length === 2 ? RULES.bothRetreat : RULES.retreat,
    });
    for (const seat of retreaters) {
      const troops = troopsAt(d.table, battle.location, seat);
      if (troops.length > 0)
        d.on('PiecesMoved', { pieces: troops.map((p) => p.id), to: ZONES.reserve(seat) });
    }
    setTotals(aliveStrength);
    const winner = retreaters.length === 1 ? opponentOf(battle, retreaters[0]) : null;
    d.own('BattleResolved', {
      battle: battle.id,
      winner,
      losers: retreaters.length === 1 ? retreaters : [],
      totals,
      tieBreak: false,
      byTraitor: false,
      retreat: true,
      ruleRef:
        retreaters.length === 2 ? RULES.bothRetreat : `${RULES.retreat} / ${RULES.retreatNoLosses}`,
    });
    for (const seat of battle.sides) leaderHome(d, seat);
    for (const seat of retreaters) discardPlayed(d, seat);
    if (winner) return keepStep(d, winner);
    return closeBattle(d);
  }

  // The cards resolve in turn order: the first player's first.
  for (const seat of [first, second]) {
    const attack = own(battle.cards, seat)?.attack;
    if (!attack) continue;
    const opponent = opponentOf(battle, seat);
    const target = own(plans, opponent)?.leader;
    const targetPiece = target ? own(d.table.pieces, target) : undefined;
    if (!target || !targetPiece || targetPiece.status === 'destroyed') continue;
    const weapon = cardAttrs(d, attack).weapon;
    const defense = own(battle.cards, opponent)?.defense;
    const stops = cardAttrs(d, defense).stops;
    if (defense && Array.isArray(stops) && stops.includes(weapon)) {
      const [cardName, byName] = [nameOf(d, attack), nameOf(d, defense)];
      d.own('AttackStopped', {
        battle: battle.id,
        card: attack,
        by: defense,
        ruleRef: RULES.shieldStops,
        ...(cardName && byName ? { names: { card: cardName, by: byName } } : {}),
      });
      continue;
    }
    const strength = leaderStrength(targetPiece);
    killLeader(d, battle, target, attack, RULES.killedLeader);
    if (cardAttrs(d, attack).payout === true) {
      const short = d.bankPays(seat, strength);
      d.own('InfluenceGained', {
        seat,
        amount: strength - short,
        cause: attack,
        ...(short > 0 ? { short } : {}),
        ruleRef: RULES.biologicalWeapon,
      });
    }
  }
  setTotals((seat) => {
    const plan = own(plans, seat);
    if (d.opts.slotWithoutCard === 'leader-counts-zero' && plan && plan.leader) {
      const cards = own(battle.cards, seat) ?? {};
      if ((wantsAttack(plan.slot) && !cards.attack) || (wantsDefense(plan.slot) && !cards.defense))
        return 0;
    }
    return aliveStrength(seat);
  });
  const tieBreak = totals[first].total === totals[second].total;
  const winner = totals[first].total >= totals[second].total ? first : second;
  const loser = opponentOf(battle, winner);
  d.own('BattleResolved', {
    battle: battle.id,
    winner,
    losers: [loser],
    totals,
    tieBreak,
    byTraitor: false,
    retreat: false,
    ruleRef: tieBreak ? RULES.tie : RULES.totals,
  });
  const lost = troopsAt(d.table, battle.location, loser);
  if (lost.length > 0) d.on('PiecesDestroyed', { pieces: lost.map((p) => p.id), cause: 'battle' });
  discardPlayed(d, loser);
  leaderHome(d, loser);
  leaderHome(d, winner);
  const dial = own(plans, winner)?.dial ?? 0;
  const survivors = troopsAt(d.table, battle.location, winner);
  const regular = survivors.filter((p) => p.type === TROOP);
  const mech = survivors.filter((p) => p.type === MECHANIZED);
  const choices = lazaxLossChoices(regular.length, mech.length, dial);
  if (factionOf(d.rs, winner) === 'lazax' && choices.length > 1) {
    d.own('BattleStepStarted', { battle: battle.id, step: 'losses', due: [winner], dial });
    setPhase(d, 'combat', [winner]);
    return;
  }
  const [only] = choices;
  const pieces =
    factionOf(d.rs, winner) === 'lazax' && only
      ? [...regular.slice(0, only.regular), ...mech.slice(0, only.mechanized)]
      : survivors.slice(0, dial);
  takeLosses(d, battle, winner, pieces);
  afterLosses(d);
}

function afterLosses(d: RexDraft): void {
  const battle = d.rs.battle as BattleState;
  keepStep(d, battle.winner as string);
}

function keepStep(d: RexDraft, winner: string): void {
  const battle = d.rs.battle as BattleState;
  const cards = playedCards(d, winner);
  if (cards.length === 0) return closeBattle(d);
  d.own('BattleStepStarted', { battle: battle.id, step: 'keep', due: [winner], cards });
  setPhase(d, 'combat', [winner]);
}

function closeBattle(d: RexDraft): void {
  const battle = d.rs.battle as BattleState;
  for (const seat of battle.sides) leaderHome(d, seat);
  d.own('BattleClosed', { battle: battle.id });
  nextCombatStep(d);
}
