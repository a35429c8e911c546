import { ruCount, type LocalizedText } from '../../../shared/localized-text';
import { zoneName } from '../../kit';
import { influenceOf, mapOf, troopsAt, TRACKS } from '../rex-board';
import { rexDecision, viewOf, type RexDraft, type RexView } from '../rex-draft';
import { setPhase } from '../rex-flow';
import { closeCeasefire } from './influence';
import { RULES, RULESET_CHOICES } from '../rex-rules-text';
import { allianceOf, alliesOf, factionOf } from '../rex-state';
import { RexNoParams } from './shared.params';
import { RexOfferAllianceParams, RexTransferParams } from './alliances.params';
import { range, otherSeats, seatsOf, type RexChoices } from '../rex-choice-values';

/**
 * Alliances in Ceasefire windows (up to 3 members, one alliance per player, formed by every
 * pair exchanging Alliance Benefit cards), leaving an alliance, and Influence transfers,
 * which are irreversible.
 */

export const MAX_ALLIANCE = 3;

/** A refusal as `refuse` takes it: code, message, rule. */
type Refusal = [code: string, message: LocalizedText, ruleRef: string];

/** A seat's group: its alliance's members, or itself alone. */
export function groupOf(d: Pick<RexDraft, 'rs'>, seat: string): string[] {
  return allianceOf(d.rs, seat)?.members ?? [seat];
}

function sharedLocation(d: Pick<RexView, 'table'>, a: string[], b: string[]): string | undefined {
  return mapOf(d.table).locations.find((l) => {
    const owners = new Set(troopsAt(d.table, l.id).map((p) => p.owner));
    return a.some((s) => owners.has(s)) && b.some((s) => owners.has(s));
  })?.id;
}

function ceasefireActive(d: RexDraft): void {
  const done = d.rs.ceasefire?.done ?? [];
  setPhase(
    d,
    'ceasefire',
    d.order.filter((s) => !done.includes(s)),
  );
}

function conceded(v: RexView, to: string): Refusal {
  return [
    'conceded',
    { en: `${to} has conceded`, ru: `${v.who(to).ru} уже признал(а) поражение` },
    RULESET_CHOICES.concession,
  ];
}

/** Why the seat may not offer its Alliance Benefit card to `to` (deciding and offering ask this). */
function offerRefusal(v: RexView, to: string): Refusal | undefined {
  if (to === v.seat)
    return [
      'self_alliance',
      { en: 'A player cannot ally with itself', ru: 'С самим собой союз не заключают' },
      RULES.allianceSize,
    ];
  if (!v.rs.seats.some((s) => s.seat === to))
    return [
      'unknown_seat',
      { en: `There is no seat ${to}`, ru: `В матче нет места «${to}»` },
      RULES.allianceSize,
    ];
  if ((v.rs.conceded ?? []).includes(to)) return conceded(v, to);
  const mine = groupOf(v, v.seat);
  const theirs = groupOf(v, to);
  if (mine.includes(to))
    return [
      'already_allied',
      {
        en: `${v.seat} and ${to} are already allies`,
        ru: `Вы уже в союзе с игроком ${v.who(to).ru}`,
      },
      RULES.oneAlliance,
    ];
  if (mine.length > 1 && theirs.length > 1)
    return [
      'one_alliance',
      {
        en: `${to} is in another alliance: it must leave it first`,
        ru: `${v.who(to).ru} — в другом Альянсе: сначала нужно из него выйти`,
      },
      RULES.oneAlliance,
    ];
  if (mine.length + theirs.length > MAX_ALLIANCE)
    return [
      'alliance_size',
      {
        en: `An alliance has at most ${MAX_ALLIANCE} players; ${[...mine, ...theirs].join(', ')} would be ${mine.length + theirs.length}`,
        ru: `В Альянсе не больше ${MAX_ALLIANCE} игроков, а вместе было бы ${mine.length + theirs.length}: ${[...mine, ...theirs].map((seat) => v.who(seat).ru).join(', ')}`,
      },
      RULES.allianceSize,
    ];
  if (v.opts.alliesSharingLocation === 'refuse') {
    const shared = sharedLocation(v, mine, theirs);
    if (shared)
      return [
        'allies_share_location',
        {
          en: `${mine.join(', ')} and ${theirs.join(', ')} both have troops in ${shared}; allies never share a location (option alliesSharingLocation)`,
          ru: `Войска обеих сторон стоят в локации «${zoneName(v.table, shared).ru}», а союзники никогда не делят локацию (опция матча)`,
        },
        RULES.alliesNeverShare,
      ];
  }
  return undefined;
}

/** In which context the seat may give `to` Influence, or why not (deciding and offering ask this). */
function transferContext(v: RexView, to: string): 'ceasefire' | 'bidding' | 'any-time' | Refusal {
  if (to === v.seat || !v.rs.seats.some((s) => s.seat === to))
    return [
      'unknown_seat',
      {
        en: `${to} is not another seat of this match`,
        ru: 'Влияние передают другому игроку этого матча',
      },
      RULES.transfersIrreversible,
    ];
  if ((v.rs.conceded ?? []).includes(to)) return conceded(v, to);
  if (v.rs.phase === 'ceasefire') return 'ceasefire';
  if (
    v.rs.phase === 'bidding' &&
    factionOf(v.rs, v.seat) === 'lazax' &&
    alliesOf(v.rs, v.seat).includes(to)
  ) {
    if (v.rs.auction?.bidSeats.includes(to))
      return [
        'ally_already_bid',
        {
          en: `${to} has already bid this phase: Lazax gives before the ally bids`,
          ru: `${v.who(to).ru} уже сделал(а) ставку в эту фазу: Лазакс передаёт Влияние до ставки союзника`,
        },
        RULES.lazaxGift,
      ];
    return 'bidding';
  }
  if (v.opts.influenceTransfers === 'any-time' && v.rs.phase !== 'setup') return 'any-time';
  return [
    'no_ceasefire',
    {
      en: 'Influence is given only while a Ceasefire card is in play (and by Lazax to an ally during Bidding)',
      ru: 'Влияние передают только пока разыграна карта «Временное прекращение огня» (и Лазакс союзнику во время торгов)',
    },
    RULES.bribesInCeasefire,
  ];
}

/** Influence given to another race: whom, and 1 up to what the seat holds. */
const transferInfluenceChoices: RexChoices = (ctx) => [
  { path: 'to', pick: 'one', tried: true, values: otherSeats(ctx) },
  { path: 'amount', pick: 'one', values: range(1, influenceOf(ctx.table, ctx.seat)) },
];

/** The Alliance Benefit card offered to another race the rules let it ally with. */
const offerAllianceChoices: RexChoices = (ctx) => [
  { path: 'to', pick: 'one', tried: true, values: otherSeats(ctx) },
];

export const allianceDecisions = {
  'offer-alliance': rexDecision<RexOfferAllianceParams>({
    summary: {
      en: 'Give a player your Alliance Benefit card (an alliance forms when every pair has exchanged)',
      ru: 'Дать игроку Карту Альянсных Преимуществ (союз образуется, когда обменялись все пары)',
    },
    params: RexOfferAllianceParams,
    example: { to: 'hacan' },
    examples: (ctx) => seatsOf(ctx).map((to) => ({ to })),
    choices: offerAllianceChoices,
    turn: 'any',
    phases: ['ceasefire'],
    available: (ctx) => {
      const view = viewOf(ctx);
      return ctx.rs.seats.some(({ seat }) => !offerRefusal(view, seat));
    },
    decide(d, { to }) {
      const refusal = offerRefusal(d, to);
      if (refusal) {
        const [code, message, ruleRef] = refusal;
        return d.refuse(code, message, ruleRef);
      }
      const mine = groupOf(d, d.seat);
      const theirs = groupOf(d, to);
      d.own('AllianceCardsOffered', { from: d.seat, to });
      const exchanged = mine.every((a) =>
        theirs.every(
          (b) =>
            d.rs.offers.some((o) => o.from === a && o.to === b) &&
            d.rs.offers.some((o) => o.from === b && o.to === a),
        ),
      );
      if (exchanged) {
        const members = d.order.filter((s) => mine.includes(s) || theirs.includes(s));
        const existing = allianceOf(d.rs, d.seat) ?? allianceOf(d.rs, to);
        if (existing) {
          const joiner = mine.length === 1 ? d.seat : to;
          d.own('AllianceJoined', { alliance: existing.id, member: joiner, members });
        } else {
          d.own('AllianceFormed', {
            alliance: `alliance-${d.rs.allianceSerial + 1}`,
            members,
            ruleRef: RULES.allianceCards,
          });
        }
      }
      ceasefireActive(d);
    },
  }),

  'leave-alliance': rexDecision<RexNoParams>({
    summary: { en: 'Leave your alliance', ru: 'Выйти из Альянса' },
    params: RexNoParams,
    example: {},
    turn: 'any',
    phases: ['ceasefire'],
    available: (ctx) => allianceOf(ctx.rs, ctx.seat) !== undefined,
    decide(d) {
      const alliance = allianceOf(d.rs, d.seat);
      if (!alliance)
        return d.refuse(
          'not_allied',
          { en: `${d.seat} is not in an alliance`, ru: 'Вы не состоите в Альянсе' },
          RULES.leaveAlliance,
        );
      const members = alliance.members.filter((m) => m !== d.seat);
      d.own('AllianceLeft', {
        alliance: alliance.id,
        member: d.seat,
        members,
        ruleRef: RULES.leaveAlliance,
      });
      if (members.length < 2) d.own('AllianceDissolved', { alliance: alliance.id });
      ceasefireActive(d);
    },
  }),

  'transfer-influence': rexDecision<RexTransferParams>({
    summary: {
      en: 'Give Influence to another player (irreversible)',
      ru: 'Передать Влияние другому игроку (необратимо)',
    },
    params: RexTransferParams,
    example: { to: 'hacan', amount: 3 },
    examples: (ctx) => seatsOf(ctx).map((to) => ({ to, amount: 1 })),
    choices: transferInfluenceChoices,
    turn: 'any',
    available: (ctx) => {
      const view = viewOf(ctx);
      return (
        influenceOf(ctx.table, ctx.seat) > 0 &&
        ctx.rs.seats.some(({ seat }) => typeof transferContext(view, seat) === 'string')
      );
    },
    decide(d, { to, amount }) {
      const context = transferContext(d, to);
      if (typeof context !== 'string') {
        const [code, message, ruleRef] = context;
        return d.refuse(code, message, ruleRef);
      }
      const held = influenceOf(d.table, d.seat);
      if (amount > held)
        // No sentence of the excerpt says so (not Secrecy): the restored rule.
        return d.refuse(
          'not_enough_influence',
          {
            en: `${d.seat} has ${held} Influence, not ${amount}`,
            ru: `У вас только ${ruCount(held, 'единица Влияния', 'единицы Влияния', 'единиц Влияния')}, а не ${amount}`,
          },
          RULESET_CHOICES.missingText,
        );
      d.track(TRACKS.seat(d.seat), -amount);
      d.track(TRACKS.seat(to), amount);
      d.own('InfluenceTransferred', {
        from: d.seat,
        to,
        amount,
        context,
        ruleRef: RULES.transfersIrreversible,
      });
      if (context === 'ceasefire') ceasefireActive(d);
    },
  }),

  'end-ceasefire': rexDecision<RexNoParams>({
    summary: {
      en: 'Done with alliances and deals in this Ceasefire',
      ru: 'Закончить с союзами и сделками в этом «Прекращении огня»',
    },
    params: RexNoParams,
    example: {},
    turn: 'any',
    phases: ['ceasefire'],
    available: (ctx) => !ctx.rs.ceasefire?.done.includes(ctx.seat),
    decide(d) {
      if (d.rs.ceasefire?.done.includes(d.seat))
        return d.refuse(
          'already_done',
          {
            en: `${d.seat} is already done in this Ceasefire`,
            ru: 'Вы уже закончили с союзами и сделками в этом «Прекращении огня»',
          },
          RULES.allianceWindow,
        );
      d.own('CeasefireSeatDone', { seat: d.seat });
      if (d.order.every((seat) => d.rs.ceasefire?.done.includes(seat))) closeCeasefire(d);
      else ceasefireActive(d);
    },
  }),
};
