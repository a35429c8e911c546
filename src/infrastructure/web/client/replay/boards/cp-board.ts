import { h, type JSX } from 'preact';
import { statusName } from '../../../../../domain/naming/event-phrases';
import { CARD_KIND_NAMES } from '../../../../../domain/rulesets/commanders-path/cp-cards';
import { formulaText } from '../../../../../domain/rulesets/commanders-path/cp-phrasing';
import { own } from '../../../../../domain/shared/id-record';
import type { Piece, Zone } from '../../../../../domain/table/table';
import type { Lang } from '../../../../../domain/rulesets/ruleset';
import { icon } from '../../icons';
import { pageWords } from '../../i18n';
import { ownerColour } from '../../session';
import { type BoardCtx, Die, SeatChip, seatName, zoneTitle, ZonePick } from '../board';
import { battleAt, battleSpans, type RulesetBoard } from '../ruleset-board';
import type { ViewEvent } from '../replay-engine';
import { localized } from '../../../../../domain/naming/name-index';
import { attrLocalized } from '../timeline';

const words = pageWords({
  table: { en: 'The table', ru: 'Стол' },
  objects: { en: 'Space objects', ru: 'Космические объекты' },
  noObjects: { en: 'no space objects', ru: 'космических объектов нет' },
  openSpace: { en: 'Open space', ru: 'Открытый космос' },
  orbit: { en: 'In orbit', ru: 'На орбите' },
  surface: { en: 'On the object', ru: 'На объекте' },
  fleet: { en: 'Fleet', ru: 'Флот' },
  durability: { en: 'Damage {damage} of {limit}', ru: 'Урон {damage} из {limit}' },
  shield: { en: 'Shield {type}{power}', ru: 'Щит {type}{power}' },
  armor: { en: 'Armour {n}', ru: 'Броня {n}' },
  speed: { en: 'Speed {n}', ru: 'Скорость {n}' },
  strength: { en: 'Strength {n}', ru: 'Сила {n}' },
  income: {
    en: 'Income: {r} resources, {t} action tokens',
    ru: 'Доход: ресурсы {r}, фишки действия {t}',
  },
  weapons: { en: 'Weapons', ru: 'Оружие' },
  capturedBy: { en: 'captured by {name}', ru: 'захвачен: {name}' },
  controlledBy: { en: 'held by {name}', ru: 'контролирует {name}' },
  battle: { en: 'Battle: {location}', ru: 'Сражение: {location}' },
  versus: { en: 'attacks', ru: 'атакует' },
  round: {
    en: 'Round {round} · {distance}',
    ru: 'Раунд {round} · {distance}',
  },
  long: { en: 'long range', ru: 'дальняя дистанция' },
  medium: { en: 'medium range', ru: 'средняя дистанция' },
  short: { en: 'short range', ru: 'ближняя дистанция' },
  shot: { en: '{ship} fires {weapon}', ru: '{ship}: {weapon}' },
  passed: { en: 'passes', ru: 'пропускает атаку' },
  declined: { en: 'holds fire', ru: 'не стреляет' },
  hits: {
    en: '{hits} of {dice} hit (needs {need}+)',
    ru: 'попаданий {hits} из {dice} (нужно {need}+)',
  },
  pointDefence: {
    en: 'point defence {faces}: {n} shot down',
    ru: 'ПРО {faces}: сбито {n}',
  },
  evaded: { en: 'evaded', ru: 'уклонился' },
  damage: { en: 'damage {after}/{limit}', ru: 'урон {after}/{limit}' },
  destroyed: { en: 'destroyed', ru: 'уничтожен' },
  critical: {
    en: 'After the battle, critical damage: {names}',
    ru: 'После сражения, критический урон: {names}',
  },
  holder: { en: '{name} holds {location}', ru: '{location} остаётся за: {name}' },
  nobody: { en: 'Nobody holds {location}', ru: '{location} ни за кем' },
  noShots: { en: 'No shots yet', ru: 'Выстрелов ещё не было' },
});

const SIDE_ZONE = /^(objects|orbit|surface):/;

/** A card's kind as the rules name it, in lower case inside the card's line. */
function kindName(kind: unknown, lang: Lang): string {
  const named = typeof kind === 'string' ? own(CARD_KIND_NAMES, kind) : undefined;
  return named ? named[lang].toLowerCase() : '';
}

// ---- Cards ---------------------------------------------------------------------------------

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** A card on the table: its name, what it is, its figures, its damage and whether it is tapped. */
function CpCard({ piece, ctx }: { piece: Piece; ctx: BoardCtx }): JSX.Element {
  const { lang } = ctx;
  const a = piece.attrs;
  const name =
    localized(attrLocalized(piece), lang) ?? ctx.phraser.pieceName(piece.id, lang) ?? piece.type;
  const kind = typeof a.shipClass === 'string' ? a.shipClass : kindName(a.kind, lang);
  const damage = num(a.damage);
  const limit = num(a.durability);
  const shield = a.shield as { type?: string; power?: number } | undefined;
  const income = a.income as { resources?: number; actionTokens?: number } | undefined;
  const weapons = Array.isArray(a.weapons) ? (a.weapons as { text?: string; kind?: string }[]) : [];
  const stats = [
    damage !== undefined && limit !== undefined ? words('durability', lang, { damage, limit }) : '',
    shield?.power !== undefined
      ? words('shield', lang, { type: shield.type ?? '', power: shield.power })
      : '',
    num(a.armor) !== undefined ? words('armor', lang, { n: num(a.armor) ?? 0 }) : '',
    num(a.speed) !== undefined ? words('speed', lang, { n: num(a.speed) ?? 0 }) : '',
    num(a.strength) !== undefined ? words('strength', lang, { n: num(a.strength) ?? 0 }) : '',
    income ? words('income', lang, { r: income.resources ?? 0, t: income.actionTokens ?? 0 }) : '',
  ].filter(Boolean);
  const status =
    piece.status === 'active'
      ? ''
      : statusName(piece.status, lang, ctx.phraser.nameOf.gender?.(piece.id));
  const changed = ctx.touched?.pieces.has(piece.id);
  return h(
    'article',
    {
      class: `cp-card status-${piece.status}${changed ? ' changed' : ''}`,
      'data-pieces': piece.id,
      'data-status': piece.status,
      'data-damage': damage,
      style: { '--owner': ownerColour(piece.owner, ctx.seats) },
    },
    h(
      'header',
      null,
      piece.status === 'tapped'
        ? h('span', { class: 'tap-mark', 'aria-hidden': 'true' }, '↻ ')
        : null,
      h('strong', { class: 'card-name' }, name),
      kind ? h('span', { class: 'muted small' }, ` · ${kind}`) : null,
      status ? h('span', { class: `card-status status-${piece.status}` }, ` · ${status}`) : null,
      piece.capturedBy
        ? h(
            'span',
            { class: 'small' },
            ` · ${words('capturedBy', lang, { name: seatName(piece.capturedBy, ctx) })}`,
          )
        : null,
    ),
    damage !== undefined && limit
      ? h(
          'div',
          {
            class: 'damage-bar',
            role: 'img',
            'aria-label': words('durability', lang, { damage, limit }),
          },
          h('span', { style: { width: `${Math.min(100, (damage / limit) * 100)}%` } }),
        )
      : null,
    stats.length > 0 ? h('p', { class: 'card-stats small' }, stats.join(' · ')) : null,
    weapons.length > 0
      ? h(
          'p',
          { class: 'card-weapons small' },
          `${words('weapons', lang)}: ${weapons.map((w) => w.text ?? w.kind ?? '').join(', ')}`,
        )
      : null,
  );
}

function FleetBox({
  fleet,
  pieces,
  ctx,
}: {
  fleet: string | undefined;
  pieces: Piece[];
  ctx: BoardCtx;
}): JSX.Element {
  const owner = (fleet ? own(ctx.ct.table.fleets, fleet)?.owner : undefined) ?? pieces[0]?.owner;
  return h(
    'div',
    {
      class: `cp-fleet${fleet && ctx.touched?.fleets.has(fleet) ? ' changed' : ''}`,
      'data-fleet': fleet,
      style: { '--owner': ownerColour(owner, ctx.seats) },
    },
    h(
      'span',
      { class: 'fleet-name small' },
      owner ? `${words('fleet', ctx.lang)} · ${seatName(owner, ctx)}` : words('fleet', ctx.lang),
    ),
    pieces.map((piece) => h(CpCard, { key: piece.id, piece, ctx })),
  );
}

/** A zone's pieces: ships by fleet, the rest as cards. */
function ZoneContent({ zone, ctx }: { zone: string; ctx: BoardCtx }): JSX.Element[] {
  const pieces = ctx.piecesByZone.get(zone) ?? [];
  const fleets = new Map<string, Piece[]>();
  const loose: Piece[] = [];
  for (const piece of pieces)
    if (piece.fleet) fleets.set(piece.fleet, [...(fleets.get(piece.fleet) ?? []), piece]);
    else loose.push(piece);
  return [
    ...[...fleets].map(([fleet, members]) =>
      h(FleetBox, { key: fleet, fleet, pieces: members, ctx }),
    ),
    ...loose.map((piece) => h(CpCard, { key: piece.id, piece, ctx })),
  ];
}

function CpObject({ piece, ctx }: { piece: Piece; ctx: BoardCtx }): JSX.Element {
  const { lang } = ctx;
  const orbit = `orbit:${piece.id}`;
  const surface = `surface:${piece.id}`;
  const inOrbit = ctx.piecesByZone.get(orbit) ?? [];
  const onSurface = ctx.piecesByZone.get(surface) ?? [];
  const battle = cpBattleAt(ctx.events, ctx.seq)?.data.location;
  return h(
    'div',
    {
      class: `cp-object${battle === orbit || battle === surface ? ' battle' : ''}`,
      'data-zone': orbit,
    },
    h(CpCard, { piece, ctx }),
    h(ZonePick, {
      zone: orbit,
      name: `${words('orbit', lang)}: ${ctx.phraser.pieceName(piece.id, lang)}`,
      ctx,
    }),
    inOrbit.length > 0
      ? h(
          'div',
          { class: 'cp-orbit' },
          h('span', { class: 'muted small' }, words('orbit', lang)),
          ZoneContent({ zone: orbit, ctx }),
        )
      : null,
    onSurface.length > 0
      ? h(
          'div',
          { class: 'cp-surface', 'data-zone': surface },
          h('span', { class: 'muted small' }, words('surface', lang)),
          ZoneContent({ zone: surface, ctx }),
        )
      : null,
  );
}

function CpTable({ ctx }: { ctx: BoardCtx }): JSX.Element {
  const { lang, seats } = ctx;
  const zones = Object.values(ctx.ct.table.zones);
  const sectors = zones.filter((z) => z.kind === 'sector');
  const battle = cpBattleAt(ctx.events, ctx.seq)?.data.location;
  return h(
    'section',
    { class: 'cp-table', 'aria-label': words('table', lang) },
    seats.map((seat) => {
      const objects = ctx.piecesByZone.get(`objects:${seat}`) ?? [];
      return h(
        'section',
        {
          class: 'cp-side',
          'data-seat': seat,
          'data-zone': `objects:${seat}`,
          style: { '--owner': ownerColour(seat, seats) },
          'aria-label': `${words('objects', lang)}: ${seatName(seat, ctx)}`,
        },
        h('h3', { class: 'zone-name' }, ctx.phraser.zoneName(`objects:${seat}`, lang)),
        objects.length === 0
          ? h('p', { class: 'muted small' }, words('noObjects', lang))
          : h(
              'div',
              { class: 'cp-objects' },
              objects.map((piece) => h(CpObject, { key: piece.id, piece, ctx })),
            ),
      );
    }),
    sectors.some((z) => (ctx.piecesByZone.get(z.id) ?? []).length > 0)
      ? h(
          'section',
          { class: 'cp-space', 'aria-label': words('openSpace', lang) },
          h('h3', null, words('openSpace', lang)),
          h(
            'div',
            { class: 'cp-objects' },
            sectors
              .filter((z) => (ctx.piecesByZone.get(z.id) ?? []).length > 0)
              .map((zone: Zone) =>
                h(
                  'div',
                  {
                    key: zone.id,
                    class: `cp-sector${battle === zone.id ? ' battle' : ''}`,
                    'data-zone': zone.id,
                  },
                  h('strong', { class: 'zone-name' }, zoneTitle(zone, ctx)),
                  h(ZonePick, { zone: zone.id, name: zoneTitle(zone, ctx), ctx }),
                  ZoneContent({ zone: zone.id, ctx }),
                ),
              ),
          ),
        )
      : null,
  );
}

// ---- Battles -------------------------------------------------------------------------------

interface CpBattleData {
  location: string;
  attacker: string;
  defender: string;
}

function cpBattleOpened(event: ViewEvent): { id: string; data: CpBattleData } | undefined {
  const d = (event.data ?? {}) as Record<string, unknown>;
  if (event.type !== 'BattleStarted' || typeof d.battle !== 'string') return undefined;
  return {
    id: d.battle,
    data: {
      location: String(d.location ?? ''),
      attacker: String(d.attacker ?? ''),
      defender: String(d.defender ?? ''),
    },
  };
}

function cpBattleAt(events: readonly ViewEvent[], seq: number) {
  return battleAt(battleSpans(events, cpBattleOpened), seq);
}

type Data = Record<string, unknown>;

function Shot({ d, ctx }: { d: Data; ctx: BoardCtx }): JSX.Element {
  const { lang } = ctx;
  const seat = String(d.seat ?? '');
  const attacker = (d.attacker ?? {}) as { name?: string; piece?: string };
  const weapon = (d.weapon ?? {}) as { text?: string; kind?: string };
  const dice = d.hitDice as { faces: number[]; need: number; hits: number } | undefined;
  const targets = Array.isArray(d.targets) ? (d.targets as Data[]) : [];
  return h(
    'li',
    { class: 'shot', 'data-seat': seat, style: { '--owner': ownerColour(seat, ctx.seats) } },
    h(
      'p',
      { class: 'shot-head' },
      h(
        'strong',
        null,
        words('shot', lang, {
          ship: attacker.name ?? ctx.phraser.pieceName(attacker.piece ?? '', lang),
          weapon: weapon.text ?? weapon.kind ?? '',
        }),
      ),
      h('span', { class: 'muted small' }, ` (${seatName(seat, ctx)})`),
      d.declined ? h('span', { class: 'muted' }, ` · ${words('declined', lang)}`) : null,
    ),
    dice
      ? h(
          'p',
          { class: 'shot-dice small', 'data-hits': dice.hits },
          dice.faces.map((face) => h(Die, { face, sides: 6 })),
          ` ${words('hits', lang, { hits: dice.hits, dice: dice.faces.length, need: dice.need })}`,
        )
      : null,
    targets.length > 0
      ? h(
          'ul',
          { class: 'shot-targets small' },
          targets.map((t) => {
            const pd = t.pointDefence as { faces: number[]; intercepted: number } | undefined;
            return h(
              'li',
              {
                'data-target': String(t.piece ?? ''),
                'data-destroyed': t.destroyed ? 'true' : undefined,
              },
              // Point defence first: the hits it leaves are the formula's.
              `→ ${String(t.name ?? '')}: `,
              pd
                ? `${words('pointDefence', lang, { faces: pd.faces.join(', '), n: pd.intercepted })} · `
                : '',
              formulaText(t, lang),
              t.evaded ? ` · ${words('evaded', lang)}` : '',
              ` · ${words('damage', lang, { after: String(t.damageAfter ?? ''), limit: String(t.limit ?? '') })}`,
              t.destroyed
                ? h('strong', { class: 'destroyed' }, ` · ${words('destroyed', lang)}`)
                : null,
            );
          }),
        )
      : null,
  );
}

function CpBattle({ ctx }: { ctx: BoardCtx }): JSX.Element | null {
  const span = cpBattleAt(ctx.events, ctx.seq);
  if (!span) return null;
  const { lang, phraser } = ctx;
  const rounds: { round: number; distance: string; shots: JSX.Element[] }[] = [];
  let critical: string[] = [];
  let holder: string | null | undefined;
  for (let seq = span.open; seq <= ctx.seq; seq += 1) {
    const event = ctx.events[seq];
    const d = (event?.data ?? {}) as Data;
    if (!event || d.battle !== span.id) continue;
    if (event.type === 'BattleRoundBegan')
      rounds.push({ round: Number(d.round), distance: String(d.distance ?? ''), shots: [] });
    const current = rounds.at(-1);
    if (event.type === 'AttackResolved' && current)
      current.shots.push(h(Shot, { key: event.seq, d, ctx }));
    if (event.type === 'AttackPassed' && current)
      current.shots.push(
        h(
          'li',
          { key: event.seq, class: 'shot passed muted' },
          `${seatName(String(d.seat), ctx)} · ${words('passed', lang)}`,
        ),
      );
    if (event.type === 'CriticalDamageApplied' && Array.isArray(d.destroyed))
      critical = (d.destroyed as { piece: string }[]).map((p) => phraser.pieceName(p.piece, lang));
    if (event.type === 'BattleEnded') holder = typeof d.holder === 'string' ? d.holder : null;
  }
  const location = phraser.zoneName(span.data.location, lang);
  const distanceName = (d: string): string =>
    d === 'long' || d === 'medium' || d === 'short' ? words(d, lang) : d;
  return h(
    'section',
    {
      class: 'panel battle-panel cp-battle',
      'data-battle': span.id,
      'data-location': span.data.location,
      'aria-labelledby': `${ctx.ids}battle-title`,
    },
    h(
      'h3',
      { id: `${ctx.ids}battle-title` },
      icon('battle'),
      ` ${words('battle', lang, { location })}`,
    ),
    h(
      'p',
      { class: 'battle-sides-line' },
      h(SeatChip, { seat: span.data.attacker, ctx }),
      ` ${words('versus', lang)} `,
      h(SeatChip, { seat: span.data.defender, ctx }),
    ),
    rounds.length === 0
      ? h('p', { class: 'muted small' }, words('noShots', lang))
      : rounds.map((r) =>
          h(
            'div',
            { class: 'battle-round', 'data-round': r.round },
            h(
              'h4',
              null,
              words('round', lang, { round: r.round, distance: distanceName(r.distance) }),
            ),
            r.shots.length > 0
              ? h('ol', { class: 'shots' }, r.shots)
              : h('p', { class: 'muted small' }, words('noShots', lang)),
          ),
        ),
    critical.length > 0
      ? h(
          'p',
          { class: 'battle-critical' },
          words('critical', lang, { names: critical.join(', ') }),
        )
      : null,
    holder !== undefined
      ? h(
          'p',
          { class: 'battle-result', 'data-winner': holder ?? '' },
          holder
            ? words('holder', lang, { name: phraser.seats.full(holder, lang), location })
            : words('nobody', lang, { location }),
        )
      : null,
  );
}

export const CP_BOARD: RulesetBoard = {
  reflows: true,
  draws: (zone) => SIDE_ZONE.test(zone.id) || zone.kind === 'sector',
  Map: CpTable,
  Battle: CpBattle,
};
