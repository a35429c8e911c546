import type { LocalizedText } from '../../../shared/localized-text';
import type { Piece } from '../../../table/table';
import { handOf, isBombarded, isShielded, locationOf, troopsAt, ZONES } from '../rex-board';
import { rexDecision, viewOf, type RexDraft, type RexView } from '../rex-draft';
import { CANCELLABLE_ABILITIES, type CancellableAbility, type StrategyEffect } from '../rex-events';
import { FACTIONS, type FactionId } from '../rex-factions';
import { closeAuction, closeLotIfDone, recruitmentDue } from '../rex-flow';
import { strikeSolOffensive } from './influence';
import { canDeploy, canMove, deployTroops, moveTroops, turnRange } from './maneuvers';
import { RULES } from '../rex-rules-text';
import { factionOf } from '../rex-state';
import { RexPlayStrategyParams } from './strategy.params';
import {
  places,
  otherSeats,
  sectorField,
  troopFields,
  ownTroops,
  cardValue,
  seatsOf,
  locationsOf,
  occupied,
  oneTroop,
  type RexChoices,
} from '../rex-choice-values';
import { byName, type FieldChoices } from '../../decision-choices';
import { ABILITY_NAMES } from '../rex-phrasing';

/**
 * Strategy cards played outside battle (`play-strategy`): each in the window its text gives
 * (or its option sets where the text gives none), with its effect on the table; the card goes
 * to the Strategy discard. Tactical Retreat and the attack and defense cards are played in
 * battle (`battle-cards`).
 */

/** The race each cancellable ability belongs to. */
const ABILITY_RACE: Record<CancellableAbility, FactionId> = {
  'sol-look': 'sol',
  'lazax-payment': 'lazax',
  'hacan-payment': 'hacan',
  'hacan-discount': 'hacan',
  'xxcha-flip': 'xxcha',
};

interface Window {
  open: boolean;
  /** Where the window is, said when the card is played outside it. */
  when: string;
  ruleRef: string;
}

const underWay = (v: Pick<RexView, 'rs'>): boolean =>
  v.rs.round >= 1 && v.rs.phase !== 'setup' && v.rs.phase !== 'ended' && !v.rs.result;

const ownManeuverTurn = (v: Pick<RexView, 'rs' | 'seat'>): boolean =>
  v.rs.maneuvers?.turn === v.seat;

/** When a card may be played (whatever its targets), with the rule that says so. */
export function windowOf(v: RexView, effect: StrategyEffect): Window {
  switch (effect) {
    case 'recruits':
      return {
        open: v.rs.phase === 'recruitment' && recruitmentDue(v).includes(v.seat),
        when: 'in the Recruitment phase, before the player recruits',
        ruleRef: RULES.recruitsStack,
      };
    case 'informant-deployment':
      return {
        open: ownManeuverTurn(v),
        when: 'in the player’s own Maneuvers turn',
        ruleRef: RULES.informantDeployment,
      };
    case 'accelerated-mobilization':
      return {
        open: ownManeuverTurn(v),
        when: 'in the player’s own Maneuvers turn, before its move',
        ruleRef: RULES.mobilization,
      };
    case 'diplomatic-intervention': {
      const auction = v.rs.auction;
      return {
        open:
          v.rs.phase === 'bidding' &&
          !!auction &&
          auction.lot === 1 &&
          !auction.high &&
          auction.bidSeats.length === 0,
        when: 'in the Bidding phase, before the first bid',
        ruleRef: RULES.diplomaticIntervention,
      };
    }
    case 'graviton-inverter':
      return v.opts.gravitonInverterWindow === 'bombardment'
        ? {
            open: v.rs.phase === 'bombardment',
            when: 'in the Bombardment phase, before the Fleet moves (option gravitonInverterWindow)',
            ruleRef: RULES.graviton,
          }
        : { open: underWay(v), when: 'while the game is under way', ruleRef: RULES.graviton };
    case 'radar-tracking':
      return v.opts.radarTrackingWindow === 'influence-phase'
        ? {
            open: v.rs.phase === 'influence' || v.rs.phase === 'ceasefire',
            when: 'in the Influence phase (option radarTrackingWindow)',
            ruleRef: RULES.radarTracking,
          }
        : { open: underWay(v), when: 'while the game is under way', ruleRef: RULES.radarTracking };
    case 'informant-cancellation':
      return {
        open: underWay(v),
        when: 'while the game is under way',
        ruleRef: RULES.informantCancellation,
      };
    case 'retreat':
      return { open: false, when: 'in battle, as a defense card', ruleRef: RULES.retreat };
  }
}

const effectOf = (card: Piece): StrategyEffect | undefined =>
  card.attrs.effect as StrategyEffect | undefined;

const nameOf = (card: Piece): LocalizedText =>
  (card.attrs.name as LocalizedText | undefined) ?? { en: card.id, ru: card.id };

const mobilizationRange = (v: RexView, from: string) =>
  v.opts.acceleratedMobilizationRange === 'adjacent'
    ? { range: 1, ruleRef: RULES.mobilizationRange }
    : turnRange(v, from);

/** Whether the card has some target it could be played on now (its window open). */
function hasTarget(v: RexView, effect: StrategyEffect): boolean {
  switch (effect) {
    case 'informant-deployment':
      return canDeploy(v, 'informant');
    case 'accelerated-mobilization':
      return canMove(v, mobilizationRange);
    case 'diplomatic-intervention':
      return (v.rs.auction?.bidders.length ?? 0) > 0;
    case 'graviton-inverter':
      return v.map.locations.some(
        (l) => isShielded(v.rs, l) && troopsAt(v.table, l.id, v.seat).length > 0,
      );
    case 'radar-tracking':
      return v.rs.influenceDiscard.length > 0;
    case 'informant-cancellation':
      return v.rs.seats.some((s) => Object.values(ABILITY_RACE).includes(s.faction));
    default:
      return true;
  }
}

/** Cards in the seat's hand it could play now, on some target. */
function playable(v: RexView): Piece[] {
  return handOf(v.table, v.seat).filter((card) => {
    const effect = effectOf(card);
    return effect !== undefined && windowOf(v, effect).open && hasTarget(v, effect);
  });
}

/** A special Strategy card of the seat's own, then the targets its effect needs. */
const playStrategyChoices: RexChoices = (ctx, chosen) => {
  const special = handOf(ctx.table, ctx.seat).filter((p) => p.attrs.category === 'special');
  const fields: FieldChoices[] = [
    { path: 'card', pick: 'one', tried: true, values: special.map(cardValue).sort(byName()) },
  ];
  const card = special.find((p) => p.id === chosen.card);
  if (!card) return fields;
  const anywhere = { path: 'location', pick: 'one' as const, tried: true as const };
  switch (card.attrs.effect) {
    case 'informant-deployment':
      return [
        ...fields,
        { ...anywhere, values: places(ctx) },
        ...sectorField(ctx, chosen.location),
        ...troopFields(ctx, ownTroops(ctx, ZONES.reserve(ctx.seat)), true),
      ];
    case 'accelerated-mobilization': {
      const from = places(ctx, (l) => ownTroops(ctx, l.id).length > 0);
      const group = typeof chosen.from === 'string' ? ownTroops(ctx, chosen.from) : [];
      return [
        ...fields,
        { path: 'from', pick: 'one', tried: true, values: from },
        ...(group.length > 0
          ? [
              { ...anywhere, values: places(ctx, (l) => l.id !== chosen.from) },
              ...sectorField(ctx, chosen.location),
              ...troopFields(ctx, group, false),
            ]
          : []),
      ];
    }
    case 'graviton-inverter':
      return [...fields, { ...anywhere, values: places(ctx) }];
    case 'diplomatic-intervention':
      return [...fields, { path: 'seat', pick: 'one', tried: true, values: otherSeats(ctx) }];
    case 'informant-cancellation':
      return [
        ...fields,
        { path: 'seat', pick: 'one', tried: true, values: otherSeats(ctx) },
        {
          path: 'ability',
          pick: 'one',
          tried: true,
          values: CANCELLABLE_ABILITIES.map((a) => ({ value: a, name: { ...ABILITY_NAMES[a] } })),
        },
      ];
    default:
      return fields;
  }
};

export const strategyDecisions = {
  'play-strategy': rexDecision<RexPlayStrategyParams>({
    summary: {
      en: 'Play a Strategy card outside battle (Recruits, Informant, Accelerated Mobilization, Diplomatic Intervention, Graviton Inverter, Radar Tracking)',
      ru: 'Сыграть Карту Стратегии вне боя («Новобранцы», «Информатор», «Ускоренная Мобилизация», «Дипломатическое Вмешательство», «Инвертор Гравитона», «Отслеживание Радаром»)',
    },
    params: RexPlayStrategyParams,
    example: { card: 'strategy:2', location: 'south-power-station' },
    examples: (ctx) =>
      handOf(ctx.table, ctx.seat).flatMap((piece) => {
        const card = piece.id;
        switch (piece.attrs.effect) {
          case 'informant-deployment':
            return locationsOf(ctx).flatMap((location) => oneTroop({ card, location }));
          case 'accelerated-mobilization':
            return occupied(ctx).flatMap((from) =>
              locationsOf(ctx).flatMap((location) => oneTroop({ card, from, location })),
            );
          case 'graviton-inverter':
            return locationsOf(ctx).map((location) => ({ card, location }));
          case 'diplomatic-intervention':
            return seatsOf(ctx).map((target) => ({ card, seat: target }));
          case 'informant-cancellation':
            return seatsOf(ctx).flatMap((target) =>
              CANCELLABLE_ABILITIES.map((ability) => ({ card, seat: target, ability })),
            );
          default:
            return [{ card }];
        }
      }),
    choices: playStrategyChoices,
    turn: 'any',
    available: (ctx) => playable(viewOf(ctx)).length > 0,
    decide(d, params) {
      const card = handOf(d.table, d.seat).find((p) => p.id === params.card);
      if (!card)
        return d.refuse(
          'not_in_hand',
          {
            en: `${params.card} is not in ${d.seat}'s hand`,
            ru: `Карты «${d.piece(params.card).ru}» нет у вас в руке`,
          },
          RULES.noFreeDiscard,
        );
      const effect = effectOf(card);
      const name = nameOf(card);
      if (effect === undefined || effect === 'retreat')
        return d.refuse(
          'played_in_battle',
          {
            en: `${name.en} is played in battle, with battle-cards`,
            ru: `«${name.ru}» играют в бою, вместе с картами боя`,
          },
          effect === 'retreat' ? RULES.retreat : RULES.slotMustPlay,
        );
      const window = windowOf(d, effect);
      if (!window.open)
        return d.refuse(
          'out_of_window',
          {
            en: `${name.en} is played ${window.when}; now is phase ${d.rs.phase}`,
            ru: `«${name.ru}» сейчас не играют: для неё не та фаза`,
          },
          window.ruleRef,
        );
      const target = checkTargets(d, effect, params, window.ruleRef);
      d.own('StrategyCardPlayed', {
        seat: d.seat,
        card: card.id,
        effect,
        name,
        ...target,
        ruleRef: window.ruleRef,
      });
      d.on('CardsPlayed', { pieces: [card.id], to: ZONES.strategyDiscard, types: [card.type] });
      applyEffect(d, effect, params);
    },
  }),
};

/** The targets the card names, checked before anything is recorded. */
function checkTargets(
  d: RexDraft,
  effect: StrategyEffect,
  { location, from, troops, seat, ability }: RexPlayStrategyParams,
  ruleRef: string,
): { location?: string; target?: string; ability?: CancellableAbility } {
  const need = (what: LocalizedText): never =>
    d.refuse(
      'target_missing',
      { en: `This card needs ${what.en}`, ru: `Для этой карты нужно указать ${what.ru}` },
      ruleRef,
    );
  switch (effect) {
    case 'informant-deployment':
      if (!location || !troops)
        return need({
          en: 'a location and troops to deploy',
          ru: 'локацию и Войска для развёртывания',
        });
      return { location };
    case 'accelerated-mobilization':
      if (!from || !location || !troops)
        return need({
          en: 'from, location and troops to move',
          ru: 'откуда, куда и какие Войска перемещаются',
        });
      return { location };
    case 'diplomatic-intervention':
      if (!seat)
        return need({
          en: 'the seat barred from the auction',
          ru: 'игрока, которого отстраняют от торгов',
        });
      if (!d.rs.auction?.bidders.includes(seat))
        return d.refuse(
          'not_a_bidder',
          {
            en: `${seat} is not a bidder in this auction`,
            ru: `${d.who(seat).ru} не участвует в этих торгах`,
          },
          ruleRef,
        );
      return { target: seat };
    case 'graviton-inverter': {
      if (!location) return need({ en: 'a shielded location', ru: 'локацию под Щитом' });
      const where = locationOf(d.table, location);
      if (!where)
        return d.refuse(
          'unknown_location',
          { en: `There is no location ${location}`, ru: `Локации «${location}» на поле нет` },
          ruleRef,
        );
      if (!isShielded(d.rs, where))
        return d.refuse(
          'not_shielded',
          {
            en: `${location} is not protected by a shield`,
            ru: `Локация «${d.place(location).ru}» не под Щитом`,
          },
          ruleRef,
        );
      if (troopsAt(d.table, location, d.seat).length === 0)
        return d.refuse(
          'no_troops_there',
          {
            en: `${d.seat} has no troops in ${location}`,
            ru: `У вас нет Войск в локации «${d.place(location).ru}»`,
          },
          ruleRef,
        );
      return { location };
    }
    case 'radar-tracking':
      if (d.rs.influenceDiscard.length === 0)
        return d.refuse(
          'no_influence_generated',
          {
            en: 'No Influence card has placed Influence yet: Radar Tracking has no locations',
            ru: 'Ни одна карта Влияния ещё не выкладывала Влияние: у «Отслеживания Радаром» нет локаций',
          },
          ruleRef,
        );
      return {};
    case 'informant-cancellation': {
      if (!seat || !ability)
        return need({
          en: 'the seat and the ability cancelled',
          ru: 'игрока и отменяемую способность',
        });
      const race = factionOf(d.rs, seat);
      if (race !== ABILITY_RACE[ability])
        return d.refuse(
          'not_that_race',
          {
            en: `${ability} is ${ABILITY_RACE[ability]}'s ability; ${seat} plays ${race ?? 'no race'}`,
            ru: `Эта способность — фракции ${FACTIONS[ABILITY_RACE[ability]].name.ru}, а ${d.who(seat).ru} играет ${race ? `за ${FACTIONS[race].name.ru}` : 'без фракции'}`,
          },
          ruleRef,
        );
      return { target: seat, ability };
    }
    default:
      return {};
  }
}

function applyEffect(d: RexDraft, effect: StrategyEffect, params: RexPlayStrategyParams): void {
  const { location = '', from = '', troops = 0, mechanized, path, seat = '', ability } = params;
  switch (effect) {
    case 'informant-deployment':
      deployTroops(d, { location, troops, mechanized }, 'informant');
      return;
    case 'accelerated-mobilization':
      moveTroops(d, { from, to: location, troops, mechanized, path }, mobilizationRange(d, from));
      return;
    case 'diplomatic-intervention':
      interveneInAuction(d, seat);
      return;
    case 'graviton-inverter': {
      const where = locationOf(d.table, location);
      const destroyed = isBombarded(d.rs, where)
        ? troopsAt(d.table, location).map((p) => p.id)
        : [];
      if (destroyed.length > 0)
        d.on('PiecesDestroyed', { pieces: destroyed, cause: 'graviton-inverter' });
      d.own('ShieldInverted', {
        location,
        until: d.opts.gravitonInverterShield,
        destroyed,
        ruleRef: destroyed.length > 0 ? RULES.gravitonBombarded : RULES.graviton,
      });
      return;
    }
    case 'radar-tracking': {
      const discard = d.rs.influenceDiscard;
      strikeSolOffensive(
        d,
        params.card,
        discard[discard.length - 1],
        'top-discard',
        RULES.radarTracking,
      );
      return;
    }
    case 'informant-cancellation':
      if (ability)
        d.own('AbilityCancelled', {
          seat,
          ability,
          by: d.seat,
          ruleRef: RULES.informantCancellation,
        });
      return;
    default:
      return;
  }
}

/**
 * Diplomatic Intervention: one bidder fewer, and one Strategy card fewer dealt — the last
 * lot goes back under the Strategy deck, as an unsold lot does. Jol-Nar barred still looks.
 */
function interveneInAuction(d: RexDraft, seat: string): void {
  d.own('BidderBarred', { seat, by: d.seat, ruleRef: RULES.diplomaticIntervention });
  const auction = d.rs.auction;
  if (!auction) return;
  const card = auction.cards[auction.cards.length - 1];
  if (card) {
    d.on(
      'CardsDrawn',
      { deck: ZONES.auction, to: ZONES.strategyDeck, count: 1, secret: { pieces: [card] } },
      'judges',
    );
    d.own('AuctionLotWithdrawn', {
      lot: auction.cards.length,
      ruleRef: RULES.diplomaticIntervention,
    });
  }
  const after = d.rs.auction;
  if (!after || after.lot > after.cards.length) closeAuction(d);
  else closeLotIfDone(d);
}
