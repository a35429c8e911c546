import { own } from '../../../shared/id-record';
import { byName, type ChoicesOf, type ChoiceValue } from '../../decision-choices';
import { credits, ownPlanet, planetValue, type Ctx } from '../gl-choice-values';
import { FACTIONS } from '../gl-factions';
import { refuse } from '../../kit/refuse';
import {
  galaxyLeagueDecision as decision,
  duesChargesOf,
  duesOf,
  type DuesCharge,
  type GalaxyLeagueDraft,
} from '../gl-draft';
import type { LocalizedText } from '../../../shared/localized-text';
import type { AvailabilityContext } from '../../ruleset';
import { territoriesOf } from '../gl-economy';
import { PLANET_COLOUR_NAMES, territoryOf } from '../gl-map';
import { galaxyLeagueOptions, type GalaxyLeagueOptions } from '../gl-options';
import { declareAttacks, declareJoins } from './orders';
import { RULES } from '../gl-rules-text';
import { joined, optionNamed, planetName, playerName } from '../gl-names';
import { STAGE_NAMES } from '../gl-phrasing';
import { actsInStage, allianceOf, allied, type GalaxyLeagueState } from '../gl-state';
import {
  GalaxyLeagueDuesSplitParams,
  GalaxyLeagueNoParams,
  GalaxyLeagueOfferSwapParams,
  GalaxyLeaguePlanetParams,
  GalaxyLeagueProposalParams,
  GalaxyLeagueProposeAllianceParams,
  GalaxyLeagueResearchParams,
  GalaxyLeagueSwapParams,
} from './preparation.params';

const PREPARATION = ['preparation'];
/** A member may leave at Preparation, or give notice at Battles to leave as the round ends. */
const LEAVING = ['preparation', 'battles'];
/** «Игроки могут сменить свою столицу за 50 ИК в начале 4го и 8го раундов». */
export const CAPITAL_CHANGE_COST = 50;
export const CAPITAL_CHANGE_ROUNDS = [4, 8];
export const MAX_PAUSES = 2;
/** «Игрок не может взять паузу во время последних трех раундов игры». */
export const NO_PAUSE_LAST_ROUNDS = 3;

function requireOwnPlanet(d: GalaxyLeagueDraft, planet: string, rule: string): void {
  if (!d.rs.map || !territoryOf(d.rs.map, planet))
    refuse(
      'unknown_planet',
      { en: `The map has no territory ${planet}`, ru: `На карте нет планеты «${planet}»` },
      rule,
    );
  if (own(d.rs.owner, planet) !== d.seat) {
    const name = planetName(d, planet);
    refuse(
      'not_your_planet',
      { en: `${name.en} is not one of your territories`, ru: `${name.ru} — не ваша планета` },
      rule,
    );
  }
}

const NOT_ALLIED = { en: 'You are in no alliance', ru: 'Вы не состоите в Альянсе' };
const STAGE_DONE = { en: 'You are done with this stage', ru: 'Вы уже завершили этот этап' };

/** A technology id the league's catalogue does not list (typed, so it has no name). */
export const noTechnology = (id: string): LocalizedText => ({
  en: `The league’s catalogue has no technology “${id}”`,
  ru: `В каталоге Лиги нет технологии «${id}»`,
});

const TOO_SMALL = {
  en: 'An alliance has at least 2 players: choose another player',
  ru: 'В Альянсе не меньше 2 игроков: выберите другого игрока',
};

/** The id a proposal of these members this round is recorded under. */
export const proposalId = (round: number, members: readonly string[]): string =>
  `alliance-${round}-${[...members].sort().join('+')}`;

/** The proposals that name the seat and await its consent. */
export function proposalsAwaiting(rs: GalaxyLeagueState, seat: string): string[] {
  return Object.entries(rs.proposals)
    .filter(([, p]) => p.members.includes(seat) && !p.consents.includes(seat))
    .map(([proposal]) => proposal);
}

/** Whether the two players' factions are hostile to each other. */
export function hostile(rs: GalaxyLeagueState, a: string, b: string): boolean {
  const fa = own(rs.players, a)?.faction;
  const fb = own(rs.players, b)?.faction;
  return rs.hostile.some(([x, y]) => (x === fa && y === fb) || (x === fb && y === fa));
}

/**
 * Why the first dues cannot be paid, with names and figures: the member short of its part,
 * or (option duesUnpayable «all-short») the members together.
 */
export function unpayableText(
  ctx: Pick<AvailabilityContext<GalaxyLeagueState>, 'seats'>,
  credits: (seat: string) => number,
  charges: readonly DuesCharge[],
  rule: 'member-short' | 'all-short',
): LocalizedText {
  const dues = charges.reduce((a, c) => a + c.amount, 0);
  const short = charges.find((c) => credits(c.seat) < c.amount);
  if (rule === 'all-short' || !short) {
    const together = charges.reduce((a, c) => a + Math.max(0, credits(c.seat)), 0);
    return {
      en: `The first dues of ${dues} IC cannot be paid: the members have ${together} IC together`,
      ru: `Первый взнос Альянса ${dues} ИК не оплатить: у членов Альянса вместе только ${together} ИК`,
    };
  }
  // Every member short of its part, with what it has and what it owes.
  const shorts = charges.filter((c) => credits(c.seat) < c.amount);
  const en = shorts.map(
    (c) => `${playerName(ctx, c.seat).en} has ${credits(c.seat)} IC of ${c.amount}`,
  );
  const ru = shorts.map(
    (c) => `у ${playerName(ctx, c.seat, 'gen').ru} ${credits(c.seat)} ИК из нужных ${c.amount}`,
  );
  return {
    en: `The first dues of ${dues} IC cannot be paid: ${en.join(', ')}`,
    ru: `Первый взнос Альянса ${dues} ИК не оплатить: ${ru.join(', ')}`,
  };
}

/**
 * Refuses a split of the dues that does not name every member once or does not add up to the
 * dues («Пропорциональность оплаты члены Альянса определяют самостоятельно»).
 */
function requireSplit(
  d: GalaxyLeagueDraft,
  members: readonly string[],
  shares: readonly { seat: string; amount: number }[],
): void {
  const sorted = [...members].sort();
  const named = shares.map((s) => s.seat).sort();
  if (JSON.stringify(sorted) !== JSON.stringify(named)) {
    const names = joined(
      d.rs.order.filter((s) => members.includes(s)).map((s) => playerName(d.ctx, s)),
    );
    refuse(
      'split_members',
      {
        en: `Name every member of the alliance once (${names.en})`,
        ru: `Укажите долю каждого члена Альянса, по одному разу (${names.ru})`,
      },
      RULES.duesSplit,
    );
  }
  const total = duesOf(members.length);
  const sum = shares.reduce((a, s) => a + s.amount, 0);
  if (sum !== total)
    refuse(
      'split_total',
      {
        en: `The parts add up to ${sum} IC, not the dues of ${total} IC`,
        ru: `Доли в сумме дают ${sum} ИК, а взнос Альянса — ${total} ИК`,
      },
      RULES.duesSplit,
    );
}

/**
 * The alliance that `members` would join: every member of one existing alliance is among them,
 * with new players in no alliance; undefined otherwise.
 */
export function joinedAlliance(
  rs: Readonly<GalaxyLeagueState>,
  members: readonly string[],
): string | undefined {
  const ids = new Set(members.map((m) => allianceOf(rs, m)?.id).filter((id) => id !== undefined));
  if (ids.size !== 1) return undefined;
  const [id] = ids;
  const alliance = own(rs.alliances, id!)!;
  const complete = alliance.members.every((m) => members.includes(m));
  return complete && members.length > alliance.members.length ? id : undefined;
}

/**
 * What a proposal charges when its last member consents: this round's dues at the proposed
 * split, else even («при создании Альянса необходимо сразу оплатить взносы»). Joining an
 * alliance, the new players pay what the larger alliance's dues add to the current ones
 * (evenly, the remainder from the first in seat order); the members have paid theirs.
 */
export function firstDuesOf(
  rs: Readonly<GalaxyLeagueState>,
  options: Pick<GalaxyLeagueOptions, 'allianceDuesBasis'>,
  proposal: { members: string[]; shares?: DuesCharge[]; joins?: string },
): DuesCharge[] {
  const shares = proposal.shares;
  const splits = Object.fromEntries(shares ? proposal.members.map((m) => [m, shares]) : []);
  const joining = proposal.joins !== undefined ? own(rs.alliances, proposal.joins) : undefined;
  if (!joining) return duesChargesOf(rs, options, { members: proposal.members, splits });
  const total = (members: string[]) =>
    duesChargesOf(rs, options, { members, splits: {} }).reduce((a, c) => a + c.amount, 0);
  const extra = Math.max(0, total(proposal.members) - total(joining.members));
  const newcomers = rs.order.filter(
    (s) => proposal.members.includes(s) && !joining.members.includes(s),
  );
  const even = Math.floor(extra / newcomers.length);
  const rest = extra - even * newcomers.length;
  return newcomers
    .map((seat, i) => ({ seat, amount: even + (i < rest ? 1 : 0) }))
    .filter((c) => c.amount > 0);
}

/**
 * Other players the seat may ally with: acting, of no hostile faction; one already in an
 * alliance stands for joining that alliance (the match keeps those the decider accepts).
 */
const proposeAlliance: ChoicesOf<GalaxyLeagueState> = (ctx) => {
  const max = galaxyLeagueOptions(ctx.options).allianceMaxSize;
  const values = ctx.rs.order
    .filter(
      (seat) =>
        seat !== ctx.seat &&
        own(ctx.rs.players, seat)?.status === 'active' &&
        !hostile(ctx.rs, ctx.seat, seat),
    )
    .map((seat) => ({
      value: seat,
      name: playerName(ctx, seat),
      hint: FACTIONS.find((f) => f.id === own(ctx.rs.players, seat)?.faction)?.name,
    }))
    .map(({ hint, ...v }) => (hint ? { ...v, hint } : v))
    .sort(byName());
  return [{ path: 'members', pick: 'many', min: 1, max: max - 1, tried: true, values }];
};

/**
 * The proposals awaiting the seat's consent, each with the first dues it would charge; one
 * whose dues a member cannot pay is offered refused, with the reason in names and figures.
 */
const consentAlliance: ChoicesOf<GalaxyLeagueState> = (ctx) => {
  const options = galaxyLeagueOptions(ctx.options);
  const values = proposalsAwaiting(ctx.rs, ctx.seat).map((proposal): ChoiceValue => {
    const proposed = own(ctx.rs.proposals, proposal)!;
    const { members, consents } = proposed;
    const others = members.filter((m) => m !== ctx.seat).map((m) => playerName(ctx, m, 'ins'));
    const charges = firstDuesOf(ctx.rs, options, proposed);
    const dues = charges.reduce((a, c) => a + c.amount, 0);
    const parts = charges.map((c) => ({ name: playerName(ctx, c.seat), amount: c.amount }));
    const name = {
      en: `Alliance with ${others.map((n) => n.en).join(', ')}`,
      ru: `Альянс с ${others.map((n) => n.ru).join(', ')}`,
    };
    const hint = {
      en: `dues ${dues} IC: ${parts.map((p) => `${p.name.en} ${p.amount}`).join(', ')}`,
      ru: `взнос ${dues} ИК: ${parts.map((p) => `${p.name.ru} ${p.amount}`).join(', ')}`,
    };
    // Only the last consent forms the alliance and charges the first dues.
    const last = members.every((m) => m === ctx.seat || consents.includes(m));
    const refused = last ? duesRefusal(ctx, charges) : undefined;
    return { value: proposal, name, hint, ...(refused && { refused }) };
  });
  return [{ path: 'proposal', pick: 'one', values: values.sort(byName()) }];
};

/** Why the first dues cannot be paid (as `decide` says it: `unpayableText` above). */
function duesRefusal(
  ctx: Ctx,
  charges: readonly { seat: string; amount: number }[],
): LocalizedText | undefined {
  const options = galaxyLeagueOptions(ctx.options);
  const short = charges.find((c) => credits(ctx, c.seat) < c.amount);
  if (!short) return undefined;
  const dues = charges.reduce((a, c) => a + c.amount, 0);
  if (options.duesUnpayable === 'all-short') {
    const together = charges.reduce((a, c) => a + Math.max(0, credits(ctx, c.seat)), 0);
    if (together >= dues) return undefined;
  }
  return unpayableText(ctx, (seat) => credits(ctx, seat), charges, options.duesUnpayable);
}

/** Technologies of the catalogue not researched yet, with cost; then where a structure goes. */
const research: ChoicesOf<GalaxyLeagueState> = (ctx, chosen) => {
  const mine = own(ctx.rs.players, ctx.seat)?.technologies ?? [];
  const values = ctx.rs.technologies
    .filter((t) => !mine.includes(t.id))
    .map((t) => ({
      value: t.id,
      name: t.name,
      hint: { en: `${t.cost} IC`, ru: `${t.cost} ИК` },
    }))
    .sort(byName());
  const fields: ReturnType<ChoicesOf<GalaxyLeagueState>> = [
    { path: 'technology', pick: 'one', tried: true, values },
  ];
  const tech = ctx.rs.technologies.find((t) => t.id === chosen.technology);
  if (tech?.structure) fields.push({ ...ownPlanet(ctx, chosen)[0], path: 'structureAt' });
  return fields;
};

/** Planets not swapped yet («не чаще одного раза на каждую планету»). */
const unswapped = (ctx: Ctx, planet: string): boolean => !ctx.rs.swapped.includes(planet);

/**
 * A swap with an ally: one's own planet, then an ally's planet of the same colour, neither
 * swapped before; each named with its colour and, for the ally's, whose it is.
 */
const offerSwap: ChoicesOf<GalaxyLeagueState> = (ctx, chosen) => {
  const map = ctx.rs.map;
  const colourOf = (planet: string) => (map ? territoryOf(map, planet)?.colour : undefined);
  // «лиловая», as it reads after a planet's name.
  const colourName = (planet: string): LocalizedText | undefined => {
    const colour = colourOf(planet);
    if (!colour) return undefined;
    const { en, ru } = PLANET_COLOUR_NAMES[colour];
    return { en: en.toLowerCase(), ru: ru.toLowerCase() };
  };
  const allyPlanets = Object.entries(ctx.rs.owner)
    .filter(
      ([p, owner]) => owner !== ctx.seat && allied(ctx.rs, ctx.seat, owner) && unswapped(ctx, p),
    )
    .map(([p]) => p);
  const mine = territoriesOf(ctx.rs, ctx.seat)
    .filter((p) => unswapped(ctx, p) && allyPlanets.some((q) => colourOf(q) === colourOf(p)))
    .map((p) => planetValue(ctx, p, colourName(p)))
    .sort(byName());
  const picked = typeof chosen.mine === 'string' ? chosen.mine : undefined;
  const theirs = allyPlanets
    .filter((p) => picked === undefined || colourOf(p) === colourOf(picked))
    .map((p) => {
      const colour = colourName(p);
      const whose = playerName(ctx, own(ctx.rs.owner, p)!, 'gen');
      return planetValue(ctx, p, {
        en: `${colour ? `${colour.en}, ` : ''}${whose.en}’s`,
        ru: `${colour ? `${colour.ru}, ` : ''}у ${whose.ru}`,
      });
    })
    .sort(byName());
  return [
    { path: 'mine', pick: 'one', tried: true, values: mine },
    { path: 'theirs', pick: 'one', tried: true, values: theirs },
  ];
};

/** The swaps offered to the seat: «Бореалис за Эмбер», from whom. */
const acceptSwap: ChoicesOf<GalaxyLeagueState> = (ctx) => [
  {
    path: 'offer',
    pick: 'one',
    tried: true,
    values: Object.entries(ctx.rs.swapOffers)
      .filter(([, o]) => o.to === ctx.seat)
      .map(([offer, o]) => {
        const [given, taken] = [planetName(ctx, o.mine), planetName(ctx, o.theirs)];
        const from = playerName(ctx, o.from, 'gen');
        return {
          value: offer,
          name: {
            en: `${given.en} for your ${taken.en}`,
            ru: `${given.ru} за вашу планету ${taken.ru}`,
          },
          hint: { en: `${from.en}’s offer`, ru: `предложение ${from.ru}` },
        };
      })
      .sort(byName()),
  },
];

/**
 * How the seat proposes to split its alliance's dues: each member's part, adding up to the
 * dues (a member may pay nothing).
 */
const proposeDuesSplit: ChoicesOf<GalaxyLeagueState> = (ctx) => {
  const mine = allianceOf(ctx.rs, ctx.seat);
  const unit = { en: 'IC', ru: 'ИК' };
  // Out of an alliance, nothing to split: the kind is not offered.
  if (!mine) return [{ path: 'shares', pick: 'counts', item: 'seat', count: 'amount', values: [] }];
  const dues = duesOf(mine.alliance.members.length);
  return [
    {
      path: 'shares',
      pick: 'counts',
      item: 'seat',
      count: 'amount',
      total: { min: dues, max: dues, unit },
      values: ctx.rs.order
        .filter((seat) => mine.alliance.members.includes(seat))
        .map((seat) => ({
          value: seat,
          name: playerName(ctx, seat),
          hint: { en: `has ${credits(ctx, seat)} IC`, ru: `есть ${credits(ctx, seat)} ИК` },
          min: 0,
          max: dues,
        })),
    },
  ];
};

/** Every decision of the Preparation stage, and the end of any stage. */
export const PREPARATION_DECISIONS = {
  'propose-alliance': decision({
    summary: { en: 'Propose an alliance', ru: 'Предложить Альянс' },
    params: GalaxyLeagueProposeAllianceParams,
    example: { members: ['anna', 'boris'] },
    choices: proposeAlliance,
    turn: 'any',
    phases: PREPARATION,
    turnRuleRef: RULES.joinAlliance,
    decide(d, { members, shares }) {
      d.requireActing(d.seat, RULES.joinAlliance);
      // The proposer is a member whether or not the list names it; a player named who is in an
      // alliance brings the whole alliance, which the others then join with every member's
      // consent («вступает в Альянс (необходимо согласие всех игроков членов-Альянса)»).
      const unique = [
        ...new Set(
          [d.seat, ...members].flatMap(
            (seat) => allianceOf(d.rs, seat)?.alliance.members ?? [seat],
          ),
        ),
      ];
      if (unique.length < 2) refuse('alliance_too_small', TOO_SMALL, RULES.duesSize);
      if (unique.length > d.options.allianceMaxSize)
        refuse(
          'alliance_too_large',
          {
            en: `An alliance has at most ${d.options.allianceMaxSize} players (${optionNamed('allianceMaxSize').en})`,
            ru: `В Альянсе не больше ${d.options.allianceMaxSize} игроков (${optionNamed('allianceMaxSize').ru})`,
          },
          RULES.duesSize,
        );
      // Every member of one existing alliance with new players: the new players join it
      // («вступает в Альянс (необходимо согласие всех игроков членов-Альянса)»).
      const joins = joinedAlliance(d.rs, unique);
      for (const member of unique) {
        d.requireActing(member, RULES.joinAlliance);
        const membership = allianceOf(d.rs, member);
        if (membership && membership.id !== joins) {
          const name = playerName(d.ctx, member);
          refuse(
            'already_allied',
            { en: `${name.en} is already in an alliance`, ru: `${name.ru} уже в Альянсе` },
            RULES.allianceTerm,
          );
        }
      }
      for (const a of unique)
        for (const b of unique)
          if (hostile(d.rs, a, b)) {
            const [na, nb] = [playerName(d.ctx, a), playerName(d.ctx, b)];
            refuse(
              'hostile_factions',
              {
                en: `${na.en} and ${nb.en} play hostile factions`,
                ru: `${na.ru} и ${nb.ru} играют за враждебные фракции`,
              },
              RULES.allianceHostility,
            );
          }
      const proposal = proposalId(d.rs.round, unique);
      const proposed = own(d.rs.proposals, proposal);
      if (proposed) {
        const waiting = proposed.members.filter((m) => !proposed.consents.includes(m));
        const names = waiting.map((m) => playerName(d.ctx, m));
        refuse(
          'already_proposed',
          {
            en: `This alliance is already proposed; waiting for the consent of ${names.map((n) => n.en).join(', ')}`,
            ru: `Этот Альянс уже предложен; ждём согласия: ${names.map((n) => n.ru).join(', ')}`,
          },
          RULES.joinAlliance,
        );
      }
      if (shares) requireSplit(d, unique, shares);
      d.own('AllianceProposed', {
        proposal,
        members: unique,
        by: d.seat,
        ...(shares ? { shares: shares.map((s) => ({ seat: s.seat, amount: s.amount })) } : {}),
        ...(joins !== undefined ? { joins } : {}),
      });
    },
  }),
  'consent-alliance': decision({
    summary: { en: 'Consent to an alliance', ru: 'Согласиться на Альянс' },
    params: GalaxyLeagueProposalParams,
    example: { proposal: 'alliance-1-anna+boris' },
    choices: consentAlliance,
    turn: 'any',
    phases: PREPARATION,
    turnRuleRef: RULES.joinAlliance,
    // Offered while a proposal awaits the seat's consent, even one it cannot give now: the
    // form then says why (the first dues a member cannot pay) instead of hiding the kind.
    available: (ctx) => proposalsAwaiting(ctx.rs, ctx.seat).length > 0,
    examples: (ctx) => proposalsAwaiting(ctx.rs, ctx.seat).map((proposal) => ({ proposal })),
    decide(d, { proposal }) {
      const proposed = own(d.rs.proposals, proposal);
      if (!proposed || !proposed.members.includes(d.seat))
        refuse(
          'unknown_proposal',
          {
            en: 'No such alliance was proposed to you',
            ru: 'Такой Альянс вам не предлагали',
          },
          RULES.joinAlliance,
        );
      if (proposed.consents.includes(d.seat))
        refuse(
          'already_consented',
          { en: 'You consented already', ru: 'Вы уже согласились на этот Альянс' },
          RULES.joinAlliance,
        );
      d.own('AllianceConsented', { proposal, seat: d.seat });
      if (!proposed.members.every((m) => d.rs.proposals[proposal]?.consents.includes(m))) return;
      // Formed with every member's consent, to the proposed split (else even); this round's
      // dues are paid at once (firstDuesOf).
      const shares = proposed.shares;
      const joining =
        proposed.joins !== undefined ? own(d.rs.alliances, proposed.joins) : undefined;
      if (proposed.joins !== undefined && !joining)
        refuse(
          'alliance_gone',
          {
            en: 'The alliance this proposal joins has broken up',
            ru: 'Альянс, в который предлагалось вступить, уже распался',
          },
          RULES.joinAlliance,
        );
      const due = firstDuesOf(d.rs, d.options, proposed);
      const charges = d.payableCharges(due);
      if (!charges)
        refuse(
          'dues_unpayable',
          unpayableText(d.ctx, (seat) => d.credits(seat), due, d.options.duesUnpayable),
          RULES.allianceFirstDues,
        );
      if (joining && proposed.joins !== undefined) {
        const members = d.rs.order.filter((s) => proposed.members.includes(s));
        d.own('AllianceJoined', {
          alliance: proposed.joins,
          seats: members.filter((m) => !joining.members.includes(m)),
          members,
          round: d.rs.round,
          // A new composition is a new agreement: bound this round and 2 more, at least.
          lastBoundRound: Math.max(joining.lastBoundRound, d.rs.round + 2),
          ...(shares ? { shares: shares.map((s) => ({ ...s })) } : {}),
        });
        if (charges.length > 0) d.payDues(proposed.joins, d.rs.round, charges);
        return;
      }
      d.own('AllianceFormed', {
        alliance: proposal,
        members: [...proposed.members],
        round: d.rs.round,
        lastBoundRound: d.rs.round + 2,
        ...(shares ? { shares: shares.map((s) => ({ ...s })) } : {}),
      });
      d.payDues(proposal, d.rs.round, charges);
    },
  }),
  'propose-dues-split': decision({
    summary: { en: 'Propose how the dues are split', ru: 'Предложить доли взноса' },
    params: GalaxyLeagueDuesSplitParams,
    example: {
      shares: [
        { seat: 'anna', amount: 60 },
        { seat: 'boris', amount: 40 },
      ],
    },
    choices: proposeDuesSplit,
    turn: 'any',
    phases: PREPARATION,
    turnRuleRef: RULES.duesSplit,
    decide(d, { shares }) {
      const mine = allianceOf(d.rs, d.seat);
      if (!mine) refuse('not_allied', NOT_ALLIED, RULES.duesSplit);
      requireSplit(d, mine.alliance.members, shares);
      d.own('DuesSplitProposed', {
        alliance: mine.id,
        seat: d.seat,
        shares: shares.map((s) => ({ seat: s.seat, amount: s.amount })),
      });
    },
  }),
  'leave-alliance': decision({
    summary: { en: 'Leave the alliance', ru: 'Выйти из Альянса' },
    params: GalaxyLeagueNoParams,
    example: {},
    turn: 'any',
    phases: LEAVING,
    turnRuleRef: RULES.leaveAlliance,
    available: (ctx) => {
      const mine = allianceOf(ctx.rs, ctx.seat);
      if (!mine || mine.alliance.leaving?.includes(ctx.seat)) return false;
      return ctx.rs.stage === 'battles'
        ? ctx.rs.round >= mine.alliance.lastBoundRound
        : ctx.rs.round > mine.alliance.lastBoundRound;
    },
    decide(d) {
      const mine = allianceOf(d.rs, d.seat);
      if (!mine) refuse('not_allied', NOT_ALLIED, RULES.leaveAlliance);
      if (mine.alliance.leaving?.includes(d.seat))
        refuse(
          'leaving_already',
          {
            en: 'You leave the alliance when this round ends already',
            ru: 'Вы уже выходите из Альянса по окончании этого раунда',
          },
          RULES.leaveAlliance,
        );
      // At Battles, the last stage of a round: notice to leave as the round ends, so the
      // next round's dues are not taken from the one leaving (the term ends with this round).
      if (d.rs.stage === 'battles' && d.rs.round >= mine.alliance.lastBoundRound) {
        d.own('AllianceExitNoted', { alliance: mine.id, seat: d.seat, round: d.rs.round });
        return;
      }
      if (d.rs.round <= mine.alliance.lastBoundRound)
        refuse(
          'alliance_bound',
          {
            en: `The alliance is bound until the end of round ${mine.alliance.lastBoundRound}`,
            ru: `Отказаться от Альянса нельзя до конца ${mine.alliance.lastBoundRound}-го раунда`,
          },
          RULES.allianceTerm,
        );
      d.own('AllianceLeft', { alliance: mine.id, seat: d.seat });
      if (mine.alliance.members.length - 1 < 2)
        d.own('AllianceDissolved', {
          alliance: mine.id,
          members: mine.alliance.members.filter((m) => m !== d.seat),
          reason: 'members-left',
        });
    },
  }),
  'decline-dues': decision({
    summary: { en: 'Decline to pay the alliance’s dues', ru: 'Отказаться платить взнос Альянса' },
    params: GalaxyLeagueNoParams,
    example: {},
    turn: 'any',
    phases: PREPARATION,
    turnRuleRef: RULES.duesAtPreparation,
    available: (ctx) => {
      const mine = allianceOf(ctx.rs, ctx.seat);
      return (
        mine?.alliance.paid?.round === ctx.rs.round && ctx.rs.round > mine.alliance.lastBoundRound
      );
    },
    decide(d) {
      const mine = allianceOf(d.rs, d.seat);
      if (!mine) refuse('not_allied', NOT_ALLIED, RULES.duesAtPreparation);
      const { alliance } = mine;
      if (d.rs.round <= alliance.lastBoundRound)
        refuse(
          'dues_bound',
          {
            en: `Until the end of round ${alliance.lastBoundRound} the alliance’s dues are taken even against its members’ will`,
            ru: `До конца ${alliance.lastBoundRound}-го раунда взносы Альянса взимаются даже при нежелании его членов`,
          },
          RULES.duesBound,
        );
      if (alliance.paid?.round !== d.rs.round)
        refuse(
          'no_dues_taken',
          {
            en: 'No dues of your alliance were taken this round',
            ru: 'В этом раунде взнос вашего Альянса не взимался',
          },
          RULES.duesAtPreparation,
        );
      // «если взнос не оплачивается, то уже на этом этапе Альянс распадается»: the alliance
      // breaks up, and the dues taken at the round's start go back to whoever paid them.
      d.own('AllianceDissolved', {
        alliance: mine.id,
        members: [...alliance.members],
        reason: 'dues-declined',
      });
      for (const { seat, amount } of alliance.paid.charges) d.changeCredits(seat, amount);
    },
  }),
  'forfeit-planet': decision({
    summary: { en: 'Give up a planet for unpaid dues', ru: 'Отдать планету за неуплату взноса' },
    params: GalaxyLeaguePlanetParams,
    example: { planet: 'cinder' },
    choices: ownPlanet,
    turn: 'any',
    phases: PREPARATION,
    turnRuleRef: RULES.duesDefault,
    available: (ctx) => own(ctx.rs.forfeits, ctx.seat) !== undefined,
    examples: (ctx) => territoriesOf(ctx.rs, ctx.seat).map((planet) => ({ planet })),
    decide(d, { planet }) {
      const alliance = own(d.rs.forfeits, d.seat);
      if (!alliance)
        refuse(
          'nothing_to_forfeit',
          { en: 'Your alliance’s dues were paid', ru: 'Взнос вашего Альянса оплачен' },
          RULES.duesDefault,
        );
      requireOwnPlanet(d, planet, RULES.duesDefault);
      d.own('PlanetForfeited', { seat: d.seat, territory: planet, alliance });
      d.own('ControlChanged', { territory: planet, from: d.seat, cause: 'dues-unpaid' });
    },
  }),
  'offer-swap': decision({
    summary: { en: 'Offer an ally a planet swap', ru: 'Предложить союзнику обмен планетами' },
    params: GalaxyLeagueOfferSwapParams,
    example: { mine: 'cinder', theirs: 'fornax' },
    choices: offerSwap,
    turn: 'any',
    phases: PREPARATION,
    turnRuleRef: RULES.allySwap,
    decide(d, { mine, theirs }) {
      requireOwnPlanet(d, mine, RULES.allySwap);
      const to = own(d.rs.owner, theirs);
      if (!to || !allied(d.rs, d.seat, to)) {
        const name = planetName(d, theirs);
        refuse(
          'not_allied_planet',
          { en: `${name.en} is not an ally’s planet`, ru: `${name.ru} — не планета союзника` },
          RULES.allySwap,
        );
      }
      const map = d.rs.map!;
      if (territoryOf(map, mine)?.colour !== territoryOf(map, theirs)?.colour)
        refuse(
          'different_colour',
          {
            en: 'Allies swap planets of the same colour',
            ru: 'Союзники меняются только планетами одинакового типа (цвета)',
          },
          RULES.allySwap,
        );
      const before = [mine, theirs].find((p) => d.rs.swapped.includes(p));
      if (before !== undefined) {
        const name = planetName(d, before);
        refuse(
          'swapped_before',
          {
            en: `Each planet is swapped at most once, and ${name.en} was`,
            ru: `Каждой планетой меняются не больше одного раза, а планетой ${name.ru} уже менялись`,
          },
          RULES.allySwap,
        );
      }
      d.own('SwapOffered', { offer: `swap-${mine}-${theirs}`, from: d.seat, mine, to, theirs });
    },
  }),
  'accept-swap': decision({
    summary: { en: 'Accept a planet swap', ru: 'Принять обмен планетами' },
    params: GalaxyLeagueSwapParams,
    example: { offer: 'swap-cinder-fornax' },
    choices: acceptSwap,
    turn: 'any',
    phases: PREPARATION,
    turnRuleRef: RULES.allySwap,
    examples: (ctx) =>
      Object.entries(ctx.rs.swapOffers)
        .filter(([, o]) => o.to === ctx.seat)
        .map(([offer]) => ({ offer })),
    decide(d, { offer }) {
      const offered = own(d.rs.swapOffers, offer);
      if (!offered || offered.to !== d.seat)
        refuse(
          'unknown_offer',
          { en: 'No such swap is offered to you', ru: 'Такой обмен вам не предлагали' },
          RULES.allySwap,
        );
      if (
        own(d.rs.owner, offered.mine) !== offered.from ||
        own(d.rs.owner, offered.theirs) !== d.seat
      )
        refuse(
          'swap_stale',
          {
            en: 'One of the planets changed hands since the offer',
            ru: 'Одна из планет после предложения обмена сменила владельца',
          },
          RULES.allySwap,
        );
      d.own('PlanetsSwapped', {
        offer,
        a: offered.from,
        planetOfA: offered.mine,
        b: d.seat,
        planetOfB: offered.theirs,
      });
    },
  }),
  research: decision({
    summary: { en: 'Research a technology', ru: 'Исследовать технологию' },
    params: GalaxyLeagueResearchParams,
    example: { technology: 'wormholes' },
    choices: research,
    turn: 'any',
    phases: PREPARATION,
    turnRuleRef: RULES.research,
    examples: (ctx) =>
      ctx.rs.technologies
        .filter((t) => !own(ctx.rs.players, ctx.seat)?.technologies.includes(t.id))
        .map((t) =>
          t.structure
            ? { technology: t.id, structureAt: own(ctx.rs.players, ctx.seat)?.capital ?? '' }
            : { technology: t.id },
        ),
    decide(d, { technology, structureAt }) {
      d.requireActing(d.seat, RULES.research);
      const tech = d.rs.technologies.find((t) => t.id === technology);
      if (!tech) refuse('unknown_technology', noTechnology(technology), RULES.research);
      const name = tech.name;
      if (own(d.rs.players, d.seat)!.technologies.includes(technology))
        refuse(
          'already_researched',
          {
            en: `You have ${name.en} already`,
            ru: `Технология «${name.ru}» у вас уже изучена`,
          },
          RULES.research,
        );
      if (d.credits(d.seat) < tech.cost)
        refuse(
          'not_enough_credits',
          {
            en: `${name.en} costs ${tech.cost} IC; you have ${d.credits(d.seat)}`,
            ru: `Технология «${name.ru}» стоит ${tech.cost} ИК, а у вас ${d.credits(d.seat)} ИК`,
          },
          RULES.research,
        );
      if (tech.structure) {
        if (structureAt === undefined)
          refuse(
            'structure_needed',
            {
              en: `${name.en} builds a structure: place it now (choose the planet)`,
              ru: `Технология «${name.ru}» строит сооружение: разместите его сейчас (выберите планету)`,
            },
            RULES.research,
          );
        requireOwnPlanet(d, structureAt, RULES.research);
      } else if (structureAt !== undefined)
        refuse(
          'no_structure',
          {
            en: `${name.en} builds no structure`,
            ru: `Технология «${name.ru}» не строит сооружений`,
          },
          RULES.research,
        );
      d.own('TechnologyResearched', {
        seat: d.seat,
        technology,
        cost: tech.cost,
        points: tech.points,
        ...(tech.structure ? { structureAt } : {}),
      });
      d.changeCredits(d.seat, -tech.cost);
      d.changeOther(d.seat, tech.points);
    },
  }),
  'change-capital': decision({
    summary: { en: 'Move the capital (50 IC)', ru: 'Сменить столицу (50 ИК)' },
    params: GalaxyLeaguePlanetParams,
    example: { planet: 'borealis' },
    choices: ownPlanet,
    turn: 'any',
    phases: PREPARATION,
    turnRuleRef: RULES.capitalChange,
    available: (ctx) =>
      CAPITAL_CHANGE_ROUNDS.includes(ctx.rs.round) ||
      own(ctx.rs.players, ctx.seat)?.faction === 'amoebas',
    examples: (ctx) =>
      territoriesOf(ctx.rs, ctx.seat)
        .filter((planet) => planet !== own(ctx.rs.players, ctx.seat)?.capital)
        .map((planet) => ({ planet })),
    decide(d, { planet }) {
      d.requireActing(d.seat, RULES.capitalChange);
      const player = own(d.rs.players, d.seat)!;
      if (!CAPITAL_CHANGE_ROUNDS.includes(d.rs.round) && player.faction !== 'amoebas')
        refuse(
          'not_capital_round',
          {
            en: `The capital moves only at the start of rounds 4 and 8 (this is round ${d.rs.round})`,
            ru: `Сменить столицу можно только в начале 4-го и 8-го раундов, а сейчас идёт ${d.rs.round}-й`,
          },
          RULES.capitalChange,
        );
      requireOwnPlanet(d, planet, RULES.capitalChange);
      if (player.capital === planet) {
        const name = planetName(d, planet);
        refuse(
          'already_capital',
          { en: `${name.en} is your capital`, ru: `${name.ru} уже ваша столица` },
          RULES.capitalChange,
        );
      }
      if (d.credits(d.seat) < CAPITAL_CHANGE_COST)
        refuse(
          'not_enough_credits',
          {
            en: `Moving the capital costs ${CAPITAL_CHANGE_COST} IC; you have ${d.credits(d.seat)}`,
            ru: `Смена столицы стоит ${CAPITAL_CHANGE_COST} ИК, а у вас ${d.credits(d.seat)} ИК`,
          },
          RULES.capitalChange,
        );
      d.own('CapitalSet', {
        seat: d.seat,
        territory: planet,
        cause: 'moved',
        cost: CAPITAL_CHANGE_COST,
      });
      d.changeCredits(d.seat, -CAPITAL_CHANGE_COST);
    },
  }),
  'take-pause': decision({
    summary: { en: 'Pause for this round', ru: 'Взять паузу на этот раунд' },
    params: GalaxyLeagueNoParams,
    example: {},
    turn: 'any',
    phases: PREPARATION,
    turnRuleRef: RULES.pause,
    decide(d) {
      d.requireActing(d.seat, RULES.pause);
      const player = own(d.rs.players, d.seat)!;
      if (d.rs.round > d.rs.rounds - NO_PAUSE_LAST_ROUNDS)
        refuse(
          'late_pause',
          {
            en: `No pause in the last ${NO_PAUSE_LAST_ROUNDS} rounds (this is round ${d.rs.round} of ${d.rs.rounds})`,
            ru: `В последние ${NO_PAUSE_LAST_ROUNDS} раунда игры паузу не берут, а сейчас идёт ${d.rs.round}-й раунд из ${d.rs.rounds}`,
          },
          RULES.noLatePause,
        );
      if (player.pausesUsed >= MAX_PAUSES)
        refuse(
          'no_pauses_left',
          {
            en: `Each player pauses at most ${MAX_PAUSES} times a game`,
            ru: `Паузу берут не больше ${MAX_PAUSES} раз за игру`,
          },
          RULES.pause,
        );
      if (d.rs.done.includes(d.seat)) refuse('stage_done', STAGE_DONE, RULES.pause);
      // The round's income is taken back unless option pausedIncome gives it.
      const received = d.incomeThisRound(d.seat);
      const returned = d.options.pausedIncome === 'no' ? Math.min(received, d.credits(d.seat)) : 0;
      d.own('PauseTaken', {
        seat: d.seat,
        round: d.rs.round,
        used: player.pausesUsed + 1,
        incomeReturned: returned,
      });
      d.changeCredits(d.seat, -returned);
      // The stage may now be complete without this player.
      if (d.actingSeats().length > 0 && d.actingSeats().every((s) => d.rs.done.includes(s)))
        d.advanceStage();
    },
  }),
  'end-stage': decision({
    summary: { en: 'Done with this stage', ru: 'Завершить этап' },
    params: GalaxyLeagueNoParams,
    example: {},
    turn: 'any',
    turnRuleRef: RULES.phases,
    available: (ctx) =>
      !ctx.rs.done.includes(ctx.seat) &&
      ((ctx.rs.stage !== 'attack' && ctx.rs.stage !== 'joining') ||
        galaxyLeagueOptions(ctx.options).emptyDeclaration === 'end-stage') &&
      !(ctx.rs.stage === 'battles' && Object.keys(ctx.rs.battles).length > 0),
    decide(d) {
      // A seat kept for a new player ends the Preparation of rounds 4 and 8 without entering.
      if (own(d.rs.players, d.seat)?.status !== 'entrant' || !actsInStage(d.rs, d.seat))
        d.requireActing(d.seat, RULES.phases);
      if (d.rs.done.includes(d.seat)) refuse('stage_done', STAGE_DONE, RULES.phases);
      if (
        (d.rs.stage === 'attack' || d.rs.stage === 'joining') &&
        d.options.emptyDeclaration === 'end-stage'
      ) {
        // Option emptyDeclaration «end-stage»: ending the stage declares nothing.
        if (d.rs.stage === 'attack') declareAttacks(d, [], []);
        else declareJoins(d, []);
        return;
      }
      if (d.rs.stage === 'attack' || d.rs.stage === 'joining') {
        const stage = STAGE_NAMES[d.rs.stage];
        const sealed =
          d.rs.stage === 'attack'
            ? { en: 'Declare attacks and colonisations', ru: 'Заявить атаки и колонизации' }
            : { en: 'Join battles and colonisations', ru: 'Присоединиться к боям и колонизациям' };
        refuse(
          'declare_sealed',
          {
            en: `The ${stage.en} stage ends with every player’s sealed declaration: seal “${sealed.en}” (empty to declare nothing)`,
            ru: `Этап «${stage.ru}» заканчивается запечатанными заявками всех игроков: запечатайте заявку «${sealed.ru}» (пустую, если заявлять нечего)`,
          },
          d.rs.stage === 'attack' ? RULES.conflicts : RULES.joinersCompete,
        );
      }
      if (d.rs.stage === 'battles' && Object.keys(d.rs.battles).length > 0)
        refuse(
          'battles_open',
          {
            en: 'Every declared battle is played and recorded before the round ends',
            ru: 'До конца раунда все заявленные бои проводятся и записываются',
          },
          RULES.battlesPhase,
        );
      if (own(d.rs.annexing, d.seat))
        refuse(
          'annex_pending',
          {
            en: 'Choose the territories you annex first (“Annex 2 territories next to the captured capital”)',
            ru: 'Сначала выберите присоединяемые территории («Присоединить 2 территории у захваченной столицы»)',
          },
          RULES.annexation,
        );
      if (
        own(d.rs.players, d.seat)?.capital === undefined &&
        territoriesOf(d.rs, d.seat).length > 0
      )
        refuse(
          'capital_needed',
          {
            en: 'Name your new capital first (“Name a new capital”)',
            ru: 'Сначала назначьте новую столицу («Назначить новую столицу»)',
          },
          RULES.newCapital,
        );
      // A member left with no planet has none to give up: its forfeit does not hold it up.
      if (own(d.rs.forfeits, d.seat) && territoriesOf(d.rs, d.seat).length > 0)
        refuse(
          'forfeit_pending',
          {
            en: 'Choose the planet your alliance’s unpaid dues cost you first (“Give up a planet for unpaid dues”)',
            ru: 'Сначала выберите планету, которую вы теряете за неуплату взноса Альянса («Отдать планету за неуплату взноса»)',
          },
          RULES.duesDefault,
        );
      d.markDone(d.seat);
    },
  }),
};
