import { own } from '../../../shared/id-record';
import { ruCount } from '../../../shared/localized-text';
import { influenceOf, leaderStrength, ZONES } from '../rex-board';
import { cardEffectsOf, factionOf } from '../rex-state';
import { rexDecision, viewOf } from '../rex-draft';
import { MECHANIZED, TROOP } from '../rex-factions';
import {
  closeLotIfDone,
  openLot,
  piecesIn,
  recruitmentDue,
  setPhase,
  startManeuvers,
} from '../rex-flow';
import { RULES, RULESET_CHOICES } from '../rex-rules-text';
import { RexBidParams, RexRecruitParams } from './bidding.params';
import { RexNoParams } from './shared.params';
import { range, strengthHint, pieceName, type RexChoices } from '../rex-choice-values';
import { byName } from '../../decision-choices';

/**
 * Bidding and Recruitment. The auction procedure is missing from the excerpt: lots are
 * dealt face down, one per player with room in hand; any eligible player bids higher than
 * the current bid or passes (a pass is final for that lot); the lot goes to the last bidder
 * when every other bidder has passed, paid to the payee of option auctionPayee; a lot
 * nobody bids on returns to the bottom of the deck. Recruitment buys troops back from the
 * Loss Bank and at most one leader.
 */

/** Recruit from the own Loss Bank: how many troops (none is a choice), and a dead leader of its own. */
const recruitChoices: RexChoices = (ctx) => {
  const lost = Object.values(ctx.table.pieces).filter(
    (p) => p.zone === ZONES.losses(ctx.seat) && p.owner === ctx.seat,
  );
  const troops = lost.filter((p) => p.type === TROOP || p.type === MECHANIZED);
  const leaders = lost
    .filter((p) => p.type === 'leader')
    .map((p) => ({ value: p.id, name: pieceName(p), hint: strengthHint(leaderStrength(p)) }))
    .sort(byName());
  const mech = troops.filter((p) => p.type === MECHANIZED).length;
  return [
    { path: 'troops', pick: 'one', tried: true, values: range(0, troops.length) },
    ...(factionOf(ctx.rs, ctx.seat) === 'lazax' && mech > 0
      ? [{ path: 'mechanized', pick: 'one' as const, tried: true as const, values: range(0, mech) }]
      : []),
    ...(leaders.length > 0
      ? [{ path: 'leader', pick: 'one' as const, tried: true as const, values: leaders }]
      : []),
  ];
};

/** A bid: above the highest so far, up to the Influence the seat holds. */
const bidChoices: RexChoices = (ctx) => {
  const least = (ctx.rs.auction?.high?.amount ?? 0) + 1;
  return [
    {
      path: 'amount',
      pick: 'one',
      tried: true,
      values: range(least, influenceOf(ctx.table, ctx.seat)),
    },
  ];
};

export const biddingDecisions = {
  'deal-auction': rexDecision<RexNoParams>({
    summary: {
      en: 'Deal the remaining auction lots from the reshuffled Strategy deck',
      ru: 'Раздать оставшиеся лоты из перемешанной колоды Карт Стратегий',
    },
    params: RexNoParams,
    example: {},
    turn: 'active',
    phases: ['bidding'],
    available: ({ rs: { auction } }) =>
      !!auction && auction.owed > 0 && Math.max(0, auction.lot) >= auction.cards.length,
    decide(d) {
      const auction = d.rs.auction;
      const next = Math.max(0, auction?.lot ?? 0);
      if (!auction || auction.owed === 0 || next < auction.cards.length)
        return d.refuse(
          'nothing_to_deal',
          { en: 'No auction lot is waiting to be dealt', ru: 'Нераздатых лотов торгов нет' },
          RULES.strategyReshuffle,
        );
      openLot(d, next);
    },
  }),

  bid: rexDecision<RexBidParams>({
    summary: {
      en: 'Bid on the Strategy card up for auction',
      ru: 'Сделать ставку на Карту Стратегии',
    },
    params: RexBidParams,
    example: { amount: 2 },
    examples: ({ rs }) => [{ amount: (rs.auction?.high?.amount ?? 0) + 1 }],
    choices: bidChoices,
    turn: 'active',
    phases: ['bidding'],
    available: ({ rs: { auction }, table, seat }) =>
      !!auction &&
      auction.bidders.includes(seat) &&
      !auction.passed.includes(seat) &&
      influenceOf(table, seat) > (auction.high?.amount ?? 0),
    decide(d, { amount }) {
      const auction = d.rs.auction;
      if (!auction)
        return d.refuse(
          'no_auction',
          {
            en: 'No Strategy card is up for auction',
            ru: 'Сейчас на торгах нет Карты Стратегии',
          },
          RULESET_CHOICES.phaseOrder,
        );
      if (!auction.bidders.includes(d.seat))
        return d.refuse(
          'not_a_bidder',
          {
            en: `${d.seat} cannot bid on this lot (hand full, or barred)`,
            ru: 'Вы не можете торговаться за этот лот: рука полна или торги для вас закрыты',
          },
          RULES.diplomaticIntervention,
        );
      if (auction.passed.includes(d.seat))
        return d.refuse(
          'passed',
          {
            en: `${d.seat} has passed on lot ${auction.lot}`,
            ru: 'Вы уже спасовали на этом лоте',
          },
          RULESET_CHOICES.missingText,
        );
      if (auction.high && amount <= auction.high.amount) {
        const high = d.who(auction.high.seat);
        return d.refuse(
          'bid_too_low',
          {
            en: `The bid to beat is ${auction.high.amount}, by ${high.en}`,
            ru: `Нужно ставить больше ${auction.high.amount}: столько ставит ${high.ru}`,
          },
          RULESET_CHOICES.missingText,
        );
      }
      const held = influenceOf(d.table, d.seat);
      if (amount > held)
        // The bidding rules are not in the excerpt (RULESET_CHOICES.missingText), not Secrecy.
        return d.refuse(
          'not_enough_influence',
          {
            en: `${d.seat} has ${held} Influence, not ${amount}`,
            ru: `У вас только ${ruCount(held, 'единица Влияния', 'единицы Влияния', 'единиц Влияния')}, а ставка — ${amount}`,
          },
          RULESET_CHOICES.missingText,
        );
      d.own('BidPlaced', { lot: auction.lot, seat: d.seat, amount });
      closeLotIfDone(d);
    },
  }),

  'pass-bid': rexDecision<RexNoParams>({
    summary: { en: 'Pass on the Strategy card up for auction', ru: 'Пасовать на торгах' },
    params: RexNoParams,
    example: {},
    turn: 'active',
    phases: ['bidding'],
    available: ({ rs: { auction }, seat }) => !!auction && auction.high?.seat !== seat,
    decide(d) {
      const auction = d.rs.auction;
      if (!auction)
        return d.refuse(
          'no_auction',
          {
            en: 'No Strategy card is up for auction',
            ru: 'Сейчас на торгах нет Карты Стратегии',
          },
          RULESET_CHOICES.phaseOrder,
        );
      if (auction.high?.seat === d.seat)
        return d.refuse(
          'high_bidder',
          {
            en: `${d.seat} holds the high bid`,
            ru: 'Высшая ставка — ваша: пасовать на ней нельзя',
          },
          RULESET_CHOICES.missingText,
        );
      d.own('BidPassed', { lot: auction.lot, seat: d.seat });
      closeLotIfDone(d);
    },
  }),

  recruit: rexDecision<RexRecruitParams>({
    summary: {
      en: 'Recruit troops (and at most one leader) back from the Loss Bank',
      ru: 'Нанять Войска (и не более одного Лидера) из Банка Потерь',
    },
    params: RexRecruitParams,
    example: { troops: 3 },
    examples: () => [{ troops: 0 }],
    choices: recruitChoices,
    turn: 'active',
    phases: ['recruitment'],
    available: (ctx) => recruitmentDue(viewOf(ctx)).includes(ctx.seat),
    decide(d, { troops, mechanized = 0, leader }) {
      if (!recruitmentDue(d).includes(d.seat))
        return d.refuse(
          'already_recruited',
          {
            en: `${d.seat} has recruited this phase`,
            ru: 'Вы уже нанимали в эту Фазу Найма',
          },
          RULES.recruitment,
        );
      const lost = piecesIn(d, ZONES.losses(d.seat)).filter((p) => p.owner === d.seat);
      const regular = troops - mechanized;
      if (regular < 0)
        return d.refuse(
          'bad_count',
          {
            en: 'mechanized cannot exceed troops',
            ru: 'Механизированных Войск не может быть больше, чем Войск всего',
          },
          RULES.recruitment,
        );
      const regularLost = lost.filter((p) => p.type === TROOP);
      const mechLost = lost.filter((p) => p.type === MECHANIZED);
      if (regular > regularLost.length || mechanized > mechLost.length)
        return d.refuse(
          'not_in_loss_bank',
          {
            en: `${d.seat}'s Loss Bank holds ${regularLost.length} troops and ${mechLost.length} Mechanized`,
            ru: `В вашем Банке Потерь ${ruCount(regularLost.length, 'Войско', 'Войска', 'Войск')} и ${ruCount(mechLost.length, 'Механизированное Войско', 'Механизированных Войска', 'Механизированных Войск')}`,
          },
          RULES.recruitment,
        );
      const leaderPiece = leader
        ? lost.find((p) => p.id === leader && p.type === 'leader')
        : undefined;
      if (leader && !leaderPiece)
        return d.refuse(
          'leader_not_lost',
          {
            en: `${leader} is not in ${d.seat}'s Loss Bank`,
            ru: `Лидера «${d.piece(leader).ru}» нет в вашем Банке Потерь`,
          },
          RULES.leaderRecruit,
        );
      const cards = own(cardEffectsOf(d.rs).recruits, d.seat) ?? 0;
      const free = Math.min(troops, d.opts.freeRecruits + cards * d.opts.recruitsCardTroops);
      const leaderCost = leaderPiece
        ? d.opts.leaderRecruitCost === 'strength'
          ? leaderStrength(leaderPiece)
          : d.opts.troopRecruitCost
        : 0;
      const cost = (troops - free) * d.opts.troopRecruitCost + leaderCost;
      const held = influenceOf(d.table, d.seat);
      if (cost > held)
        return d.refuse(
          'cannot_pay',
          {
            en: `Recruiting costs ${cost} Influence; ${d.seat} has ${held}`,
            ru: `Найм стоит ${ruCount(cost, 'единицу Влияния', 'единицы Влияния', 'единиц Влияния')}, а у вас только ${held}`,
          },
          RULES.recruitment,
        );
      const pieces = [
        ...regularLost.slice(0, regular).map((p) => p.id),
        ...mechLost.slice(0, mechanized).map((p) => p.id),
        ...(leaderPiece ? [leaderPiece.id] : []),
      ];
      if (pieces.length > 0) d.on('PiecesRestored', { pieces, to: ZONES.reserve(d.seat) });
      d.pay(d.seat, 'bank', cost);
      d.own('TroopsRecruited', {
        seat: d.seat,
        troops: pieces.filter((id) => id !== leaderPiece?.id),
        ...(leaderPiece ? { leader: leaderPiece.id } : {}),
        cost,
        free,
        ruleRef: leaderPiece ? RULES.leaderRecruit : RULES.recruitment,
      });
      const due = recruitmentDue(d);
      if (due.length === 0) startManeuvers(d);
      else setPhase(d, 'recruitment', due);
    },
  }),
};
