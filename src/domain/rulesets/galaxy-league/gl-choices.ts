import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import { byName, type ChoicesOf, type ChoiceValue } from '../decision-choices';
import type { AvailabilityContext } from '../ruleset';
import { annexableOf, territoriesOf } from './gl-economy';
import { FACTIONS } from './gl-factions';
import { lightYears, planetName, playerName, shipName } from './gl-names';
import { galaxyLeagueOptions } from './gl-options';
import { attackPenalty, battleId, colonisationCost, freeShips, MAX_LY, reach } from './gl-orders';
import { PLANET_COLOUR_NAMES, territoryOf } from './gl-map';
import { duesOf } from './gl-draft';
import { firstDuesOf, hostile, proposalsAwaiting, unpayableText } from './gl-preparation';
import { allianceOf, allied, type GalaxyLeagueState, type LeagueBattle } from './gl-state';
import { creditsTrack, trackValue } from './gl-tracks';

/**
 * The field choices of the league's decisions (issue 39): a player picks, by name, only the
 * players, planets and ships the rules allow him now, with what helps choose (a distance in
 * light years, a penalty, a cost, a share of the dues). Kept in step with each `decide` by
 * the property test (decision-choices.spec).
 */

type Ctx = AvailabilityContext<GalaxyLeagueState>;

const planetValue = (ctx: Ctx, planet: string, hint?: LocalizedText): ChoiceValue => ({
  value: planet,
  name: planetName(ctx, planet),
  ...(hint && { hint }),
});

const credits = (ctx: Ctx, seat: string): number => trackValue(ctx.table, creditsTrack(seat));

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

/** Why the first dues cannot be paid (as `decide` says it: gl-preparation `unpayable`). */
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

/** Planets the seat may attack now, each with its distance and penalty. */
function attackPlaces(ctx: Ctx): ChoiceValue[] {
  const options = galaxyLeagueOptions(ctx.options);
  const extended = options.beyondThreeLy === 'extended';
  return Object.entries(ctx.rs.owner)
    .filter(
      ([, owner]) =>
        owner !== ctx.seat &&
        !allied(ctx.rs, ctx.seat, owner) &&
        !(
          own(ctx.rs.players, owner)?.pausedRound === ctx.rs.round &&
          options.pausedAttackable === 'no'
        ),
    )
    .flatMap(([planet, owner]) => {
      const { ly, beyond } = reach(ctx, ctx.seat, planet, options);
      if (!Number.isFinite(ly) || (ly > MAX_LY && !beyond)) return [];
      const penalty = attackPenalty(ly, extended);
      const whose = playerName(ctx, owner, 'gen');
      return [
        planetValue(ctx, planet, {
          en: `${whose.en}’s, ${ly} LY, penalty ${penalty}`,
          ru: `планета ${whose.ru}, ${lightYears(ly).ru}, штраф ${penalty}`,
        }),
      ];
    })
    .sort(byName());
}

/** Neutral planets the seat may colonise now, each with its distance and cost. */
function colonisationPlaces(ctx: Ctx, shipsFree: number): ChoiceValue[] {
  const options = galaxyLeagueOptions(ctx.options);
  const extended = options.beyondThreeLy === 'extended';
  return (ctx.rs.map?.territories ?? [])
    .filter((t) => own(ctx.rs.owner, t.id) === undefined)
    .flatMap((t) => {
      const { ly, beyond } = reach(ctx, ctx.seat, t.id, options);
      if (!Number.isFinite(ly) || (ly > MAX_LY && !beyond)) return [];
      const cost = colonisationCost(ly, extended);
      // Option colonisationFunds «at-declaration»: one the player cannot pay is refused.
      if (options.colonisationFunds === 'at-declaration' && cost.credits > credits(ctx, ctx.seat))
        return [];
      if (cost.ships > shipsFree) return [];
      const ships = cost.ships === 1 ? '1 звездолёт' : `${cost.ships} звездолёта`;
      return [
        planetValue(ctx, t.id, {
          en: `${ly} LY: ${cost.ships} ship${cost.ships > 1 ? 's' : ''} and ${cost.credits} IC`,
          ru: `${lightYears(ly).ru}: ${ships} и ${cost.credits} ИК`,
        }),
      ];
    })
    .sort(byName());
}

const shipValue = (ctx: Ctx, ship: string): ChoiceValue => ({
  value: ship,
  name: shipName(ctx, ship),
});

const sentIn = (chosen: Readonly<Record<string, unknown>>, path: string): Set<unknown> => {
  const entries = chosen[path];
  return new Set(
    (Array.isArray(entries) ? entries : []).flatMap((e: Record<string, unknown>) =>
      Array.isArray(e?.ships) ? (e.ships as unknown[]) : [e?.ship],
    ),
  );
};

/**
 * The sealed declaration: attacking ships to enemy planets in reach, and ships (two at 3 LY)
 * to neutral planets in reach; a ship sent in one list is not offered in the other.
 */
const declareAttacks: ChoicesOf<GalaxyLeagueState> = (ctx, chosen) => {
  const free = freeShips(ctx, ctx.seat);
  const inColonisations = sentIn(chosen, 'colonisations');
  const inAttacks = sentIn(chosen, 'attacks');
  return [
    {
      path: 'attacks',
      pick: 'places',
      item: 'ship',
      place: 'planet',
      optional: true,
      values: free
        .filter((s) => s.attacking && !inColonisations.has(s.id))
        .map((s) => shipValue(ctx, s.id)),
      places: attackPlaces(ctx),
    },
    {
      path: 'colonisations',
      pick: 'places',
      item: 'ships',
      place: 'planet',
      optional: true,
      grouped: true,
      values: free.filter((s) => !inAttacks.has(s.id)).map((s) => shipValue(ctx, s.id)),
      places: colonisationPlaces(ctx, free.filter((s) => !inAttacks.has(s.id)).length),
    },
  ];
};

/** Planets of the seat or an ally under attack this round. */
function defendedPlanets(ctx: Ctx, own_only: boolean): string[] {
  return Object.values(ctx.rs.battles)
    .filter(
      (b) =>
        b.round === ctx.rs.round &&
        b.kind === 'capture' &&
        b.owner !== undefined &&
        (b.owner === ctx.seat || (!own_only && allied(ctx.rs, ctx.seat, b.owner))),
    )
    .map((b) => b.planet);
}

const assignDefender: ChoicesOf<GalaxyLeagueState> = (ctx) => [
  {
    path: 'ship',
    pick: 'one',
    tried: true,
    values: freeShips(ctx, ctx.seat).map((s) => shipValue(ctx, s.id)),
  },
  {
    path: 'planet',
    pick: 'one',
    tried: true,
    values: defendedPlanets(ctx, false)
      .map((p) => planetValue(ctx, p))
      .sort(byName()),
  },
];

const hireMercenaries: ChoicesOf<GalaxyLeagueState> = (ctx) => [
  {
    path: 'planet',
    pick: 'one',
    tried: true,
    values: defendedPlanets(ctx, true)
      .filter((p) => own(ctx.rs.players, ctx.seat)?.capital !== p)
      .map((p) => planetValue(ctx, p))
      .sort(byName()),
  },
];

/** The seat's own planets (for a capital, a forfeit). */
const ownPlanet: ChoicesOf<GalaxyLeagueState> = (ctx) => [
  {
    path: 'planet',
    pick: 'one',
    tried: true,
    values: territoriesOf(ctx.rs, ctx.seat)
      .map((p) => planetValue(ctx, p))
      .sort(byName()),
  },
];

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

/** The seat's ships sent this round, to be recalled. */
const recallShip: ChoicesOf<GalaxyLeagueState> = (ctx) => [
  {
    path: 'ship',
    pick: 'one',
    tried: true,
    values: Object.keys(ctx.rs.committed)
      .filter((ship) => own(ctx.table.pieces, ship)?.owner === ctx.seat)
      .map((ship) => {
        const battle = own(ctx.rs.battles, own(ctx.rs.committed, ship)!);
        return {
          ...shipValue(ctx, ship),
          ...(battle && {
            hint: {
              en: `to ${planetName(ctx, battle.planet).en}`,
              ru: `к планете ${planetName(ctx, battle.planet).ru}`,
            },
          }),
        };
      }),
  },
];

/** Battles of this round the seat takes part in (a report to confirm). */
const battlePlanet: ChoicesOf<GalaxyLeagueState> = (ctx) => [
  {
    path: 'planet',
    pick: 'one',
    tried: true,
    values: Object.values(ctx.rs.battles)
      .filter((b) => own(ctx.rs.battles, battleId(ctx.rs.round, b.planet)) === b)
      .map((b) => planetValue(ctx, b.planet))
      .sort(byName()),
  },
];

/** The battles of this round, each once, in the order of their planets' names. */
const roundBattles = (ctx: Ctx): LeagueBattle[] =>
  Object.values(ctx.rs.battles).filter(
    (b) => own(ctx.rs.battles, battleId(ctx.rs.round, b.planet)) === b,
  );

/** Who fights a battle: its attackers, then its defenders, each once. */
export const fighters = (battle: LeagueBattle): string[] => [
  ...new Set([...battle.attackers.map((a) => a.seat), ...battle.defenders.map((d) => d.seat)]),
];

/**
 * The sealed joins: the seat's free attacking ships to the battles and colonisations others
 * declared that it may join (none of its own, no ally's planet, no ally's colonisation), each
 * with its distance (over 3 LY counted as 3) and its penalty or cost.
 */
const declareJoins: ChoicesOf<GalaxyLeagueState> = (ctx) => {
  const options = galaxyLeagueOptions(ctx.options);
  const places = roundBattles(ctx)
    .filter(
      (b) =>
        b.owner !== ctx.seat &&
        !b.attackers.some((a) => a.seat === ctx.seat) &&
        !(b.kind === 'capture' && b.owner !== undefined && allied(ctx.rs, ctx.seat, b.owner)) &&
        !(b.kind === 'colonisation' && b.attackers.some((a) => allied(ctx.rs, ctx.seat, a.seat))),
    )
    .flatMap((b) => {
      const ly = Math.min(MAX_LY, reach(ctx, ctx.seat, b.planet, options).ly);
      if (!Number.isFinite(ly)) return [];
      const distance = lightYears(ly);
      if (b.kind === 'colonisation') {
        const cost = colonisationCost(ly).credits;
        return [
          planetValue(ctx, b.planet, {
            en: `colonisation, ${distance.en}, ${cost} IC if won`,
            ru: `колонизация, ${distance.ru}, ${cost} ИК при победе`,
          }),
        ];
      }
      const whose = playerName(ctx, b.owner!, 'gen');
      const penalty = attackPenalty(ly);
      return [
        planetValue(ctx, b.planet, {
          en: `${whose.en}’s, ${distance.en}, penalty ${penalty}`,
          ru: `планета ${whose.ru}, ${distance.ru}, штраф ${penalty}`,
        }),
      ];
    })
    .sort(byName());
  return [
    {
      path: 'joins',
      pick: 'places',
      item: 'ship',
      place: 'planet',
      optional: true,
      values: freeShips(ctx, ctx.seat)
        .filter((s) => s.attacking)
        .map((s) => shipValue(ctx, s.id)),
      places,
    },
  ];
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

/** The seat's open battles not reported yet, then who fought: the winner, points, the destroyed. */
const reportBattle: ChoicesOf<GalaxyLeagueState> = (ctx, chosen) => {
  const open = roundBattles(ctx).filter((b) => !b.report && fighters(b).includes(ctx.seat));
  const fields: ReturnType<ChoicesOf<GalaxyLeagueState>> = [
    {
      path: 'planet',
      pick: 'one',
      values: open.map((b) => planetValue(ctx, b.planet)).sort(byName()),
    },
  ];
  const battle = open.find((b) => b.planet === chosen.planet);
  if (!battle) return fields;
  const people = fighters(battle).map((seat) => ({ value: seat, name: playerName(ctx, seat) }));
  return [
    ...fields,
    { path: 'winner', pick: 'one', values: people },
    {
      path: 'points',
      pick: 'counts',
      item: 'seat',
      count: 'points',
      scores: true,
      values: people.map((p) => ({ ...p, min: 0, max: MAX_BATTLE_POINTS })),
    },
    { path: 'destroyed', pick: 'many', min: 0, max: people.length, values: people },
  ];
};

/** The most points a report's form takes for one participant (a battle scores far less). */
const MAX_BATTLE_POINTS = 999;

/** The seat's open battles, then the other participants who did not come. */
const recordNoShow: ChoicesOf<GalaxyLeagueState> = (ctx, chosen) => {
  const open = roundBattles(ctx).filter((b) => !b.report && fighters(b).includes(ctx.seat));
  const battle = open.find((b) => b.planet === chosen.planet);
  return [
    {
      path: 'planet',
      pick: 'one',
      tried: true,
      values: open.map((b) => planetValue(ctx, b.planet)).sort(byName()),
    },
    ...(battle
      ? [
          {
            path: 'absent',
            pick: 'many' as const,
            min: 1,
            max: fighters(battle).length - 1,
            values: fighters(battle)
              .filter((seat) => seat !== ctx.seat)
              .map((seat) => ({ value: seat, name: playerName(ctx, seat) })),
          },
        ]
      : []),
  ];
};

/** The loser's territories next to the captured capital: 2 of them, or all when fewer are left. */
const chooseAnnexed: ChoicesOf<GalaxyLeagueState> = (ctx) => {
  const annexing = own(ctx.rs.annexing, ctx.seat);
  const eligible = annexing ? annexableOf(ctx.rs, annexing.from, annexing.capital) : [];
  const due = Math.min(2, eligible.length);
  return [
    {
      path: 'territories',
      pick: 'many',
      min: due,
      max: due,
      values: eligible.map((p) => planetValue(ctx, p)).sort(byName()),
    },
  ];
};

export const GL_CHOICES: Record<string, ChoicesOf<GalaxyLeagueState>> = {
  'propose-alliance': proposeAlliance,
  'consent-alliance': consentAlliance,
  'declare-attacks': declareAttacks,
  'assign-defender': assignDefender,
  'hire-mercenaries': hireMercenaries,
  'change-capital': ownPlanet,
  'forfeit-planet': ownPlanet,
  'designate-capital': ownPlanet,
  research,
  'recall-ship': recallShip,
  'confirm-battle': battlePlanet,
  'declare-joins': declareJoins,
  'offer-swap': offerSwap,
  'accept-swap': acceptSwap,
  'propose-dues-split': proposeDuesSplit,
  'report-battle': reportBattle,
  'record-no-show': recordNoShow,
  'choose-annexed': chooseAnnexed,
};
