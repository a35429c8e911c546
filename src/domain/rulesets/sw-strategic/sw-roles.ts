import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import type { FieldChoices } from '../decision-choices';
import { violation, type Rejection } from '../rule-violation';
import type { AvailabilityContext, DecisionContext, DecisionSpec, SeatSpec } from '../ruleset';
import { SHIPS } from './sw-catalog';
import type { Legionnaire } from './sw-mission';
import { legionName } from './sw-names';
import { RULES } from './sw-rules-text';
import type { SwState } from './sw-state';

/**
 * Role seats (issue 45 item 3): a legion is played from one seat (`red`: every role, a club of
 * three) or from a seat per role of the text's [1.4], `<legion>:<role>` (`red:supply`), each
 * with its own seat token. A role seat takes only its role's decisions ([1.6]); the rules
 * underneath see the legion, so every rule of the game reads as before.
 */
export const ROLE_SEATS = [
  'commander',
  'supply',
  'squadron',
  'destroyer',
  'frigate',
  'cruiser',
  'ground',
] as const;
export type RoleSeat = (typeof ROLE_SEATS)[number];

/** The roles as the text names them ([1.4]; the ground squad of II [1.1]). */
export const ROLE_TITLES: Record<RoleSeat, LocalizedText> = {
  commander: { en: 'Battle Commander', ru: 'Командер космического сражения' },
  supply: { en: 'Supply Officer', ru: 'Офицер снабжения' },
  squadron: { en: 'Squadron Commander', ru: 'Командир эскадрильи' },
  destroyer: { en: 'Captain of destroyers', ru: 'Капитан эсминцев' },
  frigate: { en: 'Captain of frigates', ru: 'Капитан фрегатов' },
  cruiser: { en: 'Captain of cruisers', ru: 'Капитан крейсеров' },
  ground: { en: 'Ground battle squad', ru: 'Звено наземного сражения' },
};

const isRole = (role: string): role is RoleSeat => (ROLE_SEATS as readonly string[]).includes(role);

/** The legion a seat plays and its role: none for a legion seat, which holds every role. */
export function seatRole(seat: string): { legion: string; role?: RoleSeat } {
  const at = seat.lastIndexOf(':');
  const role = seat.slice(at + 1);
  return at > 0 && isRole(role) ? { legion: seat.slice(0, at), role } : { legion: seat };
}

/** The legions of a match's seats, in the order their first seat comes. */
export function legionsOfSeats(seats: readonly Pick<SeatSpec, 'seat'>[]): string[] {
  return [...new Set(seats.map((s) => seatRole(s.seat).legion))];
}

/** The seats that play a legion (its own seat, or its role seats). */
export function seatsOfLegion(seats: readonly Pick<SeatSpec, 'seat'>[], legion: string): string[] {
  return seats.map((s) => s.seat).filter((seat) => seatRole(seat).legion === legion);
}

/** «Легион I» → «Легиона I»: the legion after a role is in the genitive. */
function afterRole(role: LocalizedText, legion: LocalizedText): LocalizedText {
  const genitive = /^Легион(\s.*)$/.exec(legion.ru);
  return {
    en: `${legion.en} ${role.en}`,
    ru: genitive ? `${role.ru} Легиона${genitive[1]}` : `${role.ru} (${legion.ru})`,
  };
}

/** A seat as a person reads it: «Офицер снабжения Легиона I», or the legion for its own seat. */
export function roleSeatTitle(
  seat: string,
  legionTitle: (legion: string) => LocalizedText,
): LocalizedText {
  const { legion, role } = seatRole(seat);
  return role ? afterRole(ROLE_TITLES[role], legionTitle(legion)) : legionTitle(legion);
}

/** The role seat a legionnaire acts from: his role, his class as a captain, the ground squad. */
export function roleOfPerson(person: Legionnaire): RoleSeat | undefined {
  if (person.map === 'ground') return 'ground';
  if (person.role === 'captain') return person.class && rolesForClass(person.class)[0];
  return person.role;
}

/** The roles the legion's roster holds: each needs a seat when the legion is seated by role. */
export function rolesOfRoster(roster: readonly Legionnaire[]): RoleSeat[] {
  const held = new Set(roster.map(roleOfPerson).filter((r): r is RoleSeat => r !== undefined));
  return ROLE_SEATS.filter((r) => held.has(r));
}

/**
 * Who commands a ship of a class ([1.4]): the Supply Officer the transports, the Squadron
 * Commander the one-deck ships, a Captain his class, and the Battle Commander the cruisers too.
 */
export function rolesForClass(cls: string): RoleSeat[] {
  if (cls === 'transport') return ['supply'];
  if (cls === 'destroyer' || cls === 'frigate') return [cls];
  if (cls === 'cruiser') return ['cruiser', 'commander'];
  if (Object.hasOwn(SHIPS, cls)) return ['squadron'];
  return [];
}

type Params = Readonly<Record<string, unknown>>;
/** The roles that may take a decision with these params; undefined: the rules refuse it anyway. */
export type WhoMay = (
  rs: Readonly<SwState>,
  legion: string,
  params: Params,
) => RoleSeat[] | undefined;

export const fixed =
  (...roles: RoleSeat[]): WhoMay =>
  () =>
    roles;

/** The legion's ship named by `path`, by the roles its class gives. */
export const byShip =
  (path: string, only?: (cls: string) => boolean): WhoMay =>
  (rs, legion, params) => {
    const id = params[path];
    const ship = typeof id === 'string' ? own(rs.space.ships, id) : undefined;
    if (!ship || ship.legion !== legion || (only && !only(ship.class))) return undefined;
    return rolesForClass(ship.class);
  };

/** The legionnaire named by `path` acts from his own role's seat. */
export const byPerson =
  (path: string): WhoMay =>
  (rs, legion, params) => {
    const roster = rs.legions.find((l) => l.seat === legion)?.roster ?? [];
    const person = roster.find((p) => p.name === params[path]);
    const role = person && roleOfPerson(person);
    return role ? [role] : undefined;
  };

/** The specialist a ground reaction waits for (G3.11) answers from his seat. */
export const byReaction: WhoMay = (rs, legion) => {
  const reaction = rs.ground.reactions[0];
  const roster = rs.legions.find((l) => l.seat === legion)?.roster ?? [];
  const person = reaction && roster.find((p) => p.name === reaction.by);
  const role = person && roleOfPerson(person);
  return [role ?? 'ground'];
};

/** Every role that commands some ship: who may move, fire or lay a mine depends on the ship. */
export const SHIP_ROLES: RoleSeat[] = [
  'commander',
  'supply',
  'squadron',
  'destroyer',
  'frigate',
  'cruiser',
];

/**
 * Who takes a decision kind: the roles it may ever have (what a seat is offered), and the
 * roles that take it with these params; `path` names the field that says who acts (the
 * ship, the specialist), whose choices a seat sees only for its own role.
 */
export interface RoleRule {
  roles: readonly RoleSeat[];
  who: WhoMay;
  path?: string;
}

function joinOr(items: string[], or: string): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} ${or} ${items.at(-1)}`;
}

/** The refusal of a decision outside the seat's role, naming the role that takes it ([1.6]). */
export function outsideRole(
  rs: Readonly<SwState>,
  seat: string,
  summary: LocalizedText,
  roles: readonly RoleSeat[],
): Rejection {
  const { legion } = seatRole(seat);
  const title = (s: string) => roleSeatTitle(s, (l) => legionName(rs, l));
  const mine = title(seat);
  const theirs = roles.map((r) => title(`${legion}:${r}`));
  return violation(
    'not_your_role',
    {
      en: `«${summary.en}» is not a decision of the ${mine.en}: the ${joinOr(
        theirs.map((t) => t.en),
        'or the',
      )} takes it. Players act only in their own roles`,
      ru: `«${summary.ru}» — не решение роли «${mine.ru}»: его принимает ${joinOr(
        theirs.map((t) => t.ru),
        'или',
      )}. Игроки действуют только в своих ролях`,
    },
    RULES.roles,
  );
}

/** The context as the rules underneath read it: the seat's legion. */
function asLegion<C extends AvailabilityContext<SwState>>(ctx: C): C {
  const { legion } = seatRole(ctx.seat);
  return legion === ctx.seat ? ctx : { ...ctx, seat: legion };
}

function mayTake(rule: RoleRule, role: RoleSeat | undefined): boolean {
  return role === undefined || rule.roles.includes(role);
}

/**
 * A decision of the game as a role seat takes it: offered only to the roles that take it,
 * refused outside them with [1.6], and decided for the seat's legion. A Game Master's
 * decision (a judge's) is no role's.
 */
export function roleSeated(
  rule: RoleRule | undefined,
  spec: DecisionSpec<SwState, never>,
): DecisionSpec<SwState, never> {
  if (spec.by === 'judge' || !rule)
    return {
      ...spec,
      ...(spec.available && { available: (ctx) => spec.available!(asLegion(ctx)) }),
      ...(spec.examples && { examples: (ctx) => spec.examples!(asLegion(ctx)) }),
      ...(spec.choices && { choices: (ctx, chosen) => spec.choices!(asLegion(ctx), chosen) }),
      decide: (ctx, params) => spec.decide(asLegion(ctx), params),
    };
  const refusal = (ctx: AvailabilityContext<SwState>, params: Params): Rejection | undefined => {
    const { legion, role } = seatRole(ctx.seat);
    if (role === undefined) return undefined;
    const roles = rule.who(ctx.rs, legion, params);
    if (roles === undefined || roles.includes(role)) return undefined;
    return outsideRole(ctx.rs, ctx.seat, spec.summary, roles);
  };
  const shipsFor = (ctx: AvailabilityContext<SwState>): boolean => {
    const { legion, role } = seatRole(ctx.seat);
    if (role === undefined || rule.path !== 'ship') return true;
    return Object.values(ctx.rs.space.ships).some(
      (s) =>
        s.legion === legion &&
        s.status !== 'destroyed' &&
        rule.who(ctx.rs, legion, { ship: s.id })?.includes(role),
    );
  };
  return {
    ...spec,
    available: (ctx) =>
      mayTake(rule, seatRole(ctx.seat).role) &&
      shipsFor(ctx) &&
      (spec.available?.(asLegion(ctx)) ?? true),
    ...(spec.examples && {
      examples: (ctx) =>
        mayTake(rule, seatRole(ctx.seat).role)
          ? spec.examples!(asLegion(ctx)).filter((p) => !refusal(ctx, p as Params))
          : [],
    }),
    ...(spec.choices && {
      choices: (ctx, chosen) =>
        mayTake(rule, seatRole(ctx.seat).role)
          ? spec.choices!(asLegion(ctx), chosen).map((field) => ownRoleValues(ctx, field, refusal))
          : [],
    }),
    decide: (ctx: DecisionContext<SwState>, params: never) => {
      const refused = refusal(ctx, params as Params);
      if (refused) return refused;
      const events = spec.decide(asLegion(ctx), params);
      return Array.isArray(events) ? events.map((e) => winnersAsSeats(ctx, e)) : events;
    },
  };
}

/**
 * A field offers only what the seat's role may take: the ships its role commands, its own
 * specialists, the map it ends its turn on.
 */
function ownRoleValues(
  ctx: AvailabilityContext<SwState>,
  field: FieldChoices,
  refusal: (ctx: AvailabilityContext<SwState>, params: Params) => Rejection | undefined,
): FieldChoices {
  if (!('values' in field) || field.pick !== 'one') return field;
  const values = field.values.filter((v) => !refusal(ctx, { [field.path]: v.value }));
  return { ...field, values };
}

/** A legion's win is its seats' win: MatchFinished names seats. */
function winnersAsSeats<E extends { type: string; data?: unknown }>(
  ctx: DecisionContext<SwState>,
  event: E,
): E {
  if (event.type !== 'MatchFinished') return event;
  const data = event.data as { winners?: string[] };
  if (!Array.isArray(data.winners)) return event;
  const winners = data.winners.flatMap((legion) => seatsOfLegion(ctx.seats, legion));
  return { ...event, data: { ...data, winners } };
}

/**
 * A phase's decisions as role seats take them (see roleSeated), each kind by the roles its
 * phase declares for it; a kind a judge records (the Game Master's) has none.
 */
export function withRoleSeats(
  roles: Readonly<Record<string, RoleRule>>,
  decisions: Record<string, DecisionSpec<SwState, never>>,
): Record<string, DecisionSpec<SwState, never>> {
  return Object.fromEntries(
    Object.entries(decisions).map(([kind, spec]) => [kind, roleSeated(own(roles, kind), spec)]),
  );
}
