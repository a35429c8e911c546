import { h, type JSX } from 'preact';
import { own } from '@domain/shared/id-record';
import type { LocalizedText } from '@domain/shared/localized-text';
import type { Lang } from '@domain/rulesets/ruleset';
import type { Zone } from '@domain/table/table';
import { controllerOf, FLEET_PIECE, strongholdsOf, TRACKS } from '@domain/rulesets/rex/rex-board';
import type { BattlePlan } from '@domain/rulesets/rex/rex-events';
import { icon } from '../../icons';
import { pageWords } from '../../i18n';
import { ownerColour } from '../../session';
import type { BoardCtx } from '../../board-kit/board-ctx';
import { SeatChip, seatName } from '../../board-kit/seat-chip';
import { zoneTitle, ZonePick } from '../../board-kit/zone-pick';
import { ZonePieces } from '../../board-kit/piece-groups';
import { battleAt, battleSpans, type RulesetBoard } from '../../board-kit/ruleset-board';
import type { ViewEvent } from '../replay-engine';
import { localized } from '@domain/naming/name-index';
import { cityCells, sectorsOf } from './board-grid';

const words = pageWords({
  map: { en: 'Map of the city', ru: 'Карта города' },
  sector: { en: 'Sector {n}', ru: 'Сектор {n}' },
  sectors: {
    en: '{n, plural, one {sector} other {sectors}} {list}',
    ru: '{n, plural, one {сектор} other {секторы}} {list}',
  },
  shield: { en: 'Shielded', ru: 'Под Щитом' },
  stronghold: { en: 'Stronghold', ru: 'Крепость' },
  influence: { en: 'Influence here: {n}', ru: 'Влияние здесь: {n}' },
  controls: { en: 'held by {name}', ru: 'контролирует {name}' },
  battleHere: { en: 'Battle here', ru: 'Здесь бой' },
  strongholds: {
    en: '{n, plural, one {# Stronghold} other {# Strongholds}}',
    ru: '{n, plural, one {# Крепость} few {# Крепости} other {# Крепостей}}',
  },
  influenceOf: { en: 'Influence {n}', ru: 'Влияние {n}' },
  standings: { en: 'Strongholds held', ru: 'Крепости у игроков' },
  battle: { en: 'Battle: {location}', ru: 'Бой: {location}' },
  step: { en: 'Step: {step}', ru: 'Шаг: {step}' },
  closed: { en: 'Battle over', ru: 'Бой окончен' },
  troops: {
    en: '{n, plural, one {# troop} other {# troops}}, strength {s}',
    ru: '{n, plural, one {# войско} few {# войска} other {# войск}}, сила {s}',
  },
  dial: { en: 'Dial', ru: 'Число на Колесе' },
  leader: { en: 'Leader', ru: 'Лидер' },
  slot: { en: 'Slot', ru: 'Слот' },
  cards: { en: 'Cards', ru: 'Карты' },
  traitorCall: { en: 'Traitor call', ru: 'Вызов Предателя' },
  traitorNone: { en: 'no traitor', ru: 'без Предателя' },
  traitorOf: { en: 'Traitor! {leader}', ru: 'Предатель! {leader}' },
  betrayed: { en: 'a traitor', ru: 'предатель' },
  sealed: { en: 'sealed', ru: 'запечатано' },
  notYet: { en: 'not yet', ru: 'ещё нет' },
  noLeader: { en: 'no leader', ru: 'без лидера' },
  noCards: { en: 'none', ru: 'нет' },
  total: {
    en: '{total} (dial {dial} + leader {leader})',
    ru: '{total} (Колесо {dial} + Лидер {leader})',
  },
  won: { en: '{name} wins the battle', ru: 'Бой выигрывает {name}' },
  noWinner: { en: 'Nobody wins the battle', ru: 'Бой никто не выиграл' },
  tieBreak: { en: 'by the tie rule', ru: 'по правилу равенства' },
  byTraitor: { en: 'by a traitor', ru: 'из-за Предателя' },
  retreat: { en: 'tactical retreat', ru: 'тактическое отступление' },
  killed: { en: 'Killed: {leader}', ru: 'Убит: {leader}' },
  losses: { en: 'Losses', ru: 'Потери' },
  result: { en: 'Result', ru: 'Итог' },
  plans: { en: 'battle plans', ru: 'колёса боя' },
  cardsStep: { en: 'battle cards', ru: 'карты боя' },
  traitorStep: { en: 'traitor calls', ru: 'вызов Предателя' },
  lossesStep: { en: 'losses', ru: 'потери' },
  keepStep: {
    en: 'the winner keeps or discards cards',
    ru: 'победитель оставляет или сбрасывает карты',
  },
  lost: {
    en: '{n, plural, one {# troop lost} other {# troops lost}}',
    ru: '{n, plural, one {потеряно # войско} few {потеряно # войска} other {потеряно # войск}}',
  },
});

const sectorNumber = (zone: Zone): number | undefined =>
  typeof zone.attrs.number === 'number' ? zone.attrs.number : undefined;

// ---- Battles, read from the events --------------------------------------------------------

interface RexBattleData {
  location: string;
  sides: string[];
}

function rexBattleOpened(event: ViewEvent): { id: string; data: RexBattleData } | undefined {
  const d = (event.data ?? {}) as { battle?: unknown; location?: unknown; sides?: unknown };
  if (event.type !== 'BattleOpened' || typeof d.battle !== 'string') return undefined;
  return {
    id: d.battle,
    data: {
      location: typeof d.location === 'string' ? d.location : '',
      sides: Array.isArray(d.sides) ? d.sides.map(String) : [],
    },
  };
}

function rexBattleAt(events: readonly ViewEvent[], seq: number) {
  return battleAt(battleSpans(events, rexBattleOpened), seq);
}

// ---- The map -----------------------------------------------------------------------------

function RexMap({ ctx }: { ctx: BoardCtx }): JSX.Element {
  const { lang } = ctx;
  const zones = Object.values(ctx.ct.table.zones);
  const { size, cells } = cityCells(zones);
  const battle = rexBattleAt(ctx.events, ctx.seq);
  return h(
    'section',
    { class: 'rex-board', 'aria-label': words('map', lang) },
    h(
      'div',
      {
        class: 'rex-frame',
        tabIndex: 0,
        role: 'region',
        'aria-label': words('map', lang),
      },
      h(
        'div',
        {
          class: 'rex-map',
          style: { '--size': String(size - 2) },
          'data-grid': size,
        },
        zones.map((zone) => {
          const cell = cells.get(zone.id);
          if (!cell) return null;
          const style = { gridRow: String(cell.row + 1), gridColumn: String(cell.col + 1) };
          return zone.kind === 'sector'
            ? h(SectorBox, { key: zone.id, zone, ctx, style })
            : h(LocationBox, {
                key: zone.id,
                zone,
                ctx,
                style,
                battle: battle?.data.location === zone.id,
              });
        }),
      ),
    ),
  );
}

function SectorBox({
  zone,
  ctx,
  style,
}: {
  zone: Zone;
  ctx: BoardCtx;
  style: Record<string, string>;
}): JSX.Element {
  const pieces = ctx.piecesByZone.get(zone.id) ?? [];
  const fleet = pieces.find((p) => p.type === FLEET_PIECE);
  const others = pieces.filter((p) => p !== fleet);
  const n = sectorNumber(zone) ?? 0;
  const fleetName = fleet ? (ctx.phraser.pieceType(FLEET_PIECE, ctx.lang) ?? FLEET_PIECE) : '';
  return h(
    'div',
    {
      class: `rex-sector${fleet ? ' storm' : ''}${ctx.touched?.zones.has(zone.id) ? ' changed' : ''}`,
      'data-zone': zone.id,
      'data-sector': n,
      style,
      title: fleet ? `${words('sector', ctx.lang, { n })}: ${fleetName}` : undefined,
    },
    h('span', { class: 'sector-number', 'aria-label': words('sector', ctx.lang, { n }) }, n),
    h(ZonePick, { zone: zone.id, name: words('sector', ctx.lang, { n }), ctx }),
    fleet
      ? h(
          'span',
          { class: 'storm-mark', 'data-pieces': fleet.id },
          icon('fleet'),
          h('span', { class: 'sr-only' }, fleetName),
        )
      : null,
    others.length > 0 ? h(ZonePieces, { pieces: others, ctx }) : null,
  );
}

function LocationBox({
  zone,
  ctx,
  style,
  battle,
}: {
  zone: Zone;
  ctx: BoardCtx;
  style: Record<string, string>;
  battle: boolean;
}): JSX.Element {
  const { lang } = ctx;
  const pieces = ctx.piecesByZone.get(zone.id) ?? [];
  const holder = controllerOf(ctx.ct.table, zone.id);
  const influence = own(ctx.ct.table.tracks, TRACKS.location(zone.id))?.value ?? 0;
  const list = sectorsOf(zone);
  const name = zoneTitle(zone, ctx);
  const shielded = zone.attrs.shielded === true;
  const stronghold = zone.attrs.stronghold === true;
  return h(
    'div',
    {
      class: `rex-location${battle ? ' battle' : ''}${stronghold ? ' stronghold' : ''}${holder ? ' held' : ''}${ctx.touched?.zones.has(zone.id) ? ' changed' : ''}`,
      'data-zone': zone.id,
      'data-controller': holder ?? undefined,
      'data-battle': battle ? 'true' : undefined,
      style: holder ? { ...style, '--owner': ownerColour(holder, ctx.seats) } : style,
    },
    h(
      'header',
      { class: 'rex-location-head' },
      h('span', { class: 'zone-name' }, name),
      h(ZonePick, { zone: zone.id, name, ctx }),
      shielded
        ? h(
            'span',
            { class: 'mark mark-shield', title: words('shield', lang) },
            icon('shield'),
            h('span', { class: 'sr-only' }, words('shield', lang)),
          )
        : null,
      stronghold
        ? h(
            'span',
            { class: 'mark mark-stronghold', title: words('stronghold', lang) },
            icon('stronghold'),
            h('span', { class: 'sr-only' }, words('stronghold', lang)),
          )
        : null,
    ),
    h(
      'p',
      { class: 'rex-location-meta' },
      list.length > 0 ? words('sectors', lang, { n: list.length, list: rangeText(list) }) : null,
      influence > 0
        ? h(
            'span',
            {
              class: 'influence-here',
              'data-influence': influence,
              title: words('influence', lang, { n: influence }),
            },
            ' ',
            icon('influence'),
            influence,
            h('span', { class: 'sr-only' }, ` (${words('influence', lang, { n: influence })})`),
          )
        : null,
    ),
    battle
      ? h('p', { class: 'battle-tag' }, icon('battle'), ` ${words('battleHere', lang)}`)
      : null,
    holder
      ? h('p', { class: 'sr-only' }, words('controls', lang, { name: seatName(holder, ctx) }))
      : null,
    pieces.length > 0 ? h(ZonePieces, { pieces, ctx }) : null,
  );
}

/** "3–4", "16–18, 1–2": runs of consecutive sectors. */
function rangeText(list: number[]): string {
  const runs: string[] = [];
  let start = list[0];
  let prev = list[0];
  for (const n of [...list.slice(1), NaN]) {
    if (n === prev + 1) {
      prev = n;
      continue;
    }
    runs.push(start === prev ? String(start) : `${start}–${prev}`);
    start = n;
    prev = n;
  }
  return runs.join(', ');
}

/** Who holds how many Strongholds (the victory condition counts them), and their Influence. */
function Standings({ ctx }: { ctx: BoardCtx }): JSX.Element {
  const { lang, seats } = ctx;
  return h(
    'dl',
    { class: 'rex-standings', 'aria-label': words('standings', lang) },
    seats.map((seat) => {
      const held = strongholdsOf(ctx.ct.table, seat).length;
      const influence = own(ctx.ct.table.tracks, TRACKS.seat(seat))?.value ?? 0;
      return h(
        'div',
        { class: 'standing', 'data-seat': seat, 'data-strongholds': held },
        h('dt', null, h(SeatChip, { seat, ctx })),
        h(
          'dd',
          null,
          icon('stronghold'),
          ` ${words('strongholds', lang, { n: held })} · `,
          icon('influence'),
          ` ${words('influenceOf', lang, { n: influence })}`,
        ),
      );
    }),
  );
}

const STEPS = {
  plans: 'plans',
  cards: 'cardsStep',
  traitor: 'traitorStep',
  losses: 'lossesStep',
  keep: 'keepStep',
} as const;

function stepName(step: string, lang: Lang): string {
  const key = own(STEPS, step);
  return key ? words(key, lang) : step;
}

// ---- The battle panel ----------------------------------------------------------------------

interface SideView {
  troops?: number;
  strength?: number;
  plan?: BattlePlan;
  leaderName?: string;
  cards?: string[];
  traitor?: { called: false } | { called: true; leader: string; leaderId: string };
  total?: { dial: number; leader: number; total: number };
  lost?: number;
  /** The sealed choices of the side not yet revealed, by kind: "sealed" only once sealed. */
  sealed?: Set<string>;
}

function RexBattle({ ctx }: { ctx: BoardCtx }): JSX.Element | null {
  const span = rexBattleAt(ctx.events, ctx.seq);
  if (!span) return null;
  const { lang, phraser } = ctx;
  const sides = new Map<string, SideView>(span.data.sides.map((s) => [s, {}]));
  let step: string | undefined;
  let result:
    { winner: string | null; tieBreak: boolean; byTraitor: boolean; retreat: boolean } | undefined;
  const killed: string[] = [];
  const pieceName = (id: string, recorded?: LocalizedText): string =>
    localized(recorded, lang) ?? phraser.pieceName(id, lang);
  for (let seq = span.open; seq <= ctx.seq; seq += 1) {
    const event = ctx.events[seq];
    const d = (event?.data ?? {}) as Record<string, unknown>;
    if (!event || (d.battle !== undefined && d.battle !== span.id)) continue;
    const side = typeof d.seat === 'string' ? sides.get(d.seat) : undefined;
    switch (event.type) {
      case 'BattleOpened':
        for (const r of (d.report as { seat: string; troops: number; strength: number }[]) ?? [])
          Object.assign(sides.get(r.seat) ?? {}, { troops: r.troops, strength: r.strength });
        break;
      case 'BattleStepStarted':
        step = typeof d.step === 'string' ? d.step : step;
        break;
      case 'DecisionSealed':
        if (side && typeof d.kind === 'string') (side.sealed ??= new Set()).add(d.kind);
        break;
      case 'BattlePlanRevealed':
        if (side) {
          side.plan = d.plan as BattlePlan;
          if (side.plan?.leader)
            side.leaderName = pieceName(side.plan.leader, d.leaderName as LocalizedText);
        }
        break;
      case 'BattleWheelsRevealed':
        for (const [seat, plan] of Object.entries((d.plans ?? {}) as Record<string, BattlePlan>)) {
          const s = sides.get(seat);
          if (!s) continue;
          s.plan = plan;
          if (plan.leader && !s.leaderName) s.leaderName = pieceName(plan.leader);
        }
        break;
      case 'BattleCardsRevealed':
        if (side) {
          const names = (d.names as LocalizedText[] | undefined) ?? [];
          const ids = [d.attack, d.defense].filter((c): c is string => typeof c === 'string');
          side.cards = ids.map((id, i) => pieceName(id, names[i]));
        }
        break;
      case 'TraitorCallRevealed':
        if (side)
          side.traitor =
            typeof d.traitor === 'string'
              ? { called: true, leader: pieceName(d.traitor), leaderId: d.traitor }
              : { called: false };
        break;
      case 'TraitorRevealed':
        if (side && typeof d.leader === 'string')
          side.traitor = { called: true, leader: pieceName(d.leader), leaderId: d.leader };
        break;
      case 'LeaderKilled':
        if (typeof d.leader === 'string')
          killed.push(pieceName(d.leader, d.name as LocalizedText | undefined));
        break;
      case 'BattleResolved':
        result = {
          winner: typeof d.winner === 'string' ? d.winner : null,
          tieBreak: d.tieBreak === true,
          byTraitor: d.byTraitor === true,
          retreat: d.retreat === true,
        };
        for (const [seat, total] of Object.entries(
          (d.totals ?? {}) as Record<string, SideView['total']>,
        )) {
          const s = sides.get(seat);
          if (s) s.total = total;
        }
        break;
      case 'BattleLossesTaken':
        if (side) side.lost = (side.lost ?? 0) + (Array.isArray(d.troops) ? d.troops.length : 0);
        break;
    }
  }
  const closed = span.close !== undefined && ctx.seq >= span.close;
  // A leader on a wheel that the other side's Traitor call named: marked in its own row too.
  const betrayed = new Set(
    [...sides.values()].flatMap((s) => (s.traitor?.called ? [s.traitor.leaderId] : [])),
  );
  const row = (
    name: string,
    value: string | JSX.Element | (string | JSX.Element | null)[],
    key: string,
  ): JSX.Element =>
    h('div', { class: 'battle-row', 'data-row': key }, h('dt', null, name), h('dd', null, value));
  return h(
    'section',
    {
      class: 'panel battle-panel rex-battle',
      'data-battle': span.id,
      'data-location': span.data.location,
      'aria-labelledby': `${ctx.ids}battle-title`,
    },
    h(
      'h3',
      { id: `${ctx.ids}battle-title` },
      icon('battle'),
      ` ${words('battle', lang, { location: phraser.zoneName(span.data.location, lang) })}`,
      h(
        'span',
        { class: 'muted small battle-step' },
        closed
          ? ` · ${words('closed', lang)}`
          : step
            ? ` · ${words('step', lang, { step: stepName(step, lang) })}`
            : '',
      ),
    ),
    h(
      'div',
      { class: 'battle-sides' },
      span.data.sides.map((seat) => {
        const s = sides.get(seat) ?? {};
        const winner = result?.winner === seat;
        // Not revealed yet: "sealed" once the side sealed that choice, "not yet" before.
        const notRevealed = (kind: string): JSX.Element =>
          h('span', { class: 'muted' }, words(s.sealed?.has(kind) ? 'sealed' : 'notYet', lang));
        return h(
          'div',
          {
            class: `battle-side${winner ? ' winner' : ''}`,
            'data-seat': seat,
            style: { '--owner': ownerColour(seat, ctx.seats) },
          },
          h(
            'header',
            null,
            h(SeatChip, { seat, ctx }),
            s.troops !== undefined
              ? h(
                  'span',
                  { class: 'muted small' },
                  ` ${words('troops', lang, { n: s.troops, s: s.strength ?? 0 })}`,
                )
              : null,
          ),
          h(
            'dl',
            null,
            row(
              words('dial', lang),
              s.plan
                ? h('strong', { class: 'dial', 'data-dial': s.plan.dial }, s.plan.dial)
                : notRevealed('battle-plan'),
              'dial',
            ),
            row(
              words('leader', lang),
              s.plan
                ? s.plan.leader
                  ? [
                      s.leaderName ?? '',
                      betrayed.has(s.plan.leader)
                        ? h('span', { class: 'traitor' }, ` — ${words('betrayed', lang)}`)
                        : null,
                    ]
                  : words('noLeader', lang)
                : notRevealed('battle-plan'),
              'leader',
            ),
            s.plan ? row(words('slot', lang), phraser.term(s.plan.slot, lang), 'slot') : null,
            row(
              words('cards', lang),
              s.cards
                ? s.cards.length
                  ? s.cards.join(', ')
                  : words('noCards', lang)
                : notRevealed('battle-cards'),
              'cards',
            ),
            row(
              words('traitorCall', lang),
              s.traitor
                ? s.traitor.called
                  ? h(
                      'strong',
                      { class: 'traitor' },
                      words('traitorOf', lang, { leader: s.traitor.leader }),
                    )
                  : words('traitorNone', lang)
                : notRevealed('call-traitor'),
              'traitor',
            ),
            s.total ? row(words('result', lang), words('total', lang, s.total), 'total') : null,
            s.lost ? row(words('losses', lang), words('lost', lang, { n: s.lost }), 'lost') : null,
          ),
        );
      }),
    ),
    result
      ? h(
          'p',
          { class: 'battle-result', 'data-winner': result.winner ?? '' },
          result.winner
            ? words('won', lang, { name: phraser.seats.full(result.winner, lang) })
            : words('noWinner', lang),
          [
            result.tieBreak ? words('tieBreak', lang) : '',
            result.byTraitor ? words('byTraitor', lang) : '',
            result.retreat ? words('retreat', lang) : '',
          ]
            .filter(Boolean)
            .map((text) => h('span', { class: 'muted' }, ` · ${text}`)),
          killed.map((leader) =>
            h('span', { class: 'killed' }, ` · ${words('killed', lang, { leader })}`),
          ),
        )
      : null,
  );
}

export const REX_BOARD: RulesetBoard = {
  draws: (zone) => zone.kind === 'sector' || zone.kind === 'location',
  Map: RexMap,
  Summary: Standings,
  Battle: RexBattle,
};
