import type { LocalizedText } from '../../shared/localized-text';
import { byName, type ChoicesOf, type ChoiceValue, type FieldChoices } from '../decision-choices';
import { SHIPS, UNITS } from './sw-catalog';
import { add, dir, distance, type Hex } from './sw-hex';
import { pieceName, STEP_NAMES } from './sw-names';
import type { SwState } from './sw-state';
import { STEPS } from './sw.params';

/**
 * The field choices of the Star Wars moves (issue 39): a seat moves only its own ships and
 * units, named as the board names them («Эсминец 8», «Пехота 3»), then builds the steps from
 * those the rules accept next (the match tries each with the decider: decisionChoices).
 */

const UNIT_NAMES: Record<string, LocalizedText> = {
  infantry: { en: 'Infantry', ru: 'Пехота' },
  walker: { en: 'Walker', ru: 'Шагоход' },
  fighter: { en: 'Fighter', ru: 'Истребитель' },
};

/** Move a ship: the seat's ships on the map (speed and cells moved), then its next steps. */
const moveShip: ChoicesOf<SwState> = (ctx, chosen) => {
  const ships = Object.values(ctx.rs.space.ships).filter(
    (s) => s.legion === ctx.seat && s.status === 'map',
  );
  const values: ChoiceValue[] = ships
    .map((s) => {
      const speed = SHIPS[s.class].speed;
      return {
        value: s.id,
        name: pieceName(s.id),
        hint: {
          en: `speed ${speed}, moved ${s.moved}`,
          ru: `скорость ${speed}, пройдено ${s.moved}`,
        },
      };
    })
    .sort(byName());
  const ship = ships.find((s) => s.id === chosen.ship);
  if (!ship) return [{ path: 'ship', pick: 'one', values }];
  return [
    { path: 'ship', pick: 'one', values },
    {
      path: 'steps',
      pick: 'sequence',
      max: 12,
      values: STEPS.map((step) => ({ value: step, name: STEP_NAMES[step] })),
    },
  ];
};

const at = (h: Hex): string => `(${h.q}, ${h.r})`;

/** Move a ground unit: the seat's units, then the hex each next step leads to. */
const moveUnit: ChoicesOf<SwState> = (ctx, chosen) => {
  const units = Object.values(ctx.rs.ground.units).filter((u) => u.legion === ctx.seat);
  const nameOf = (id: string, kind: string): LocalizedText => {
    const name = pieceName(id);
    return name.ru === id ? (UNIT_NAMES[kind] ?? name) : name;
  };
  const values: ChoiceValue[] = units
    .map((u) => ({
      value: u.id,
      name: nameOf(u.id, u.kind),
      hint: {
        en: `at ${at(u.hexes[0])}, ${UNITS[u.kind].hexes} hex`,
        ru: `на гексе ${at(u.hexes[0])}`,
      },
    }))
    .sort(byName());
  const unit = units.find((u) => u.id === chosen.unit);
  if (!unit) return [{ path: 'unit', pick: 'one', values }];
  const steps = Array.isArray(chosen.steps) ? (chosen.steps as unknown[]) : [];
  let here = unit.hexes[0];
  for (const step of steps) if (typeof step === 'number') here = add(here, dir(step));
  return [
    { path: 'unit', pick: 'one', values },
    {
      path: 'steps',
      pick: 'sequence',
      max: 30,
      values: [0, 1, 2, 3, 4, 5].map((d) => {
        const to = add(here, dir(d));
        return { value: d, name: { en: `To hex ${at(to)}`, ru: `На гекс ${at(to)}` } };
      }),
    },
  ];
};

const deckName = (n: number): LocalizedText =>
  n === 1 ? { en: 'Deck 1 (bow)', ru: 'Палуба 1 (нос)' } : { en: `Deck ${n}`, ru: `Палуба ${n}` };

/** Cells apart: «3 клетки», «1 клетка», «5 клеток». */
function cellsApart(n: number): LocalizedText {
  const m10 = n % 10;
  const m100 = n % 100;
  const form =
    m10 === 1 && m100 !== 11
      ? 'клетка'
      : m10 >= 2 && m10 <= 4 && (m100 < 12 || m100 > 14)
        ? 'клетки'
        : 'клеток';
  return {
    en: `${n} cell${n === 1 ? '' : 's'} away`,
    ru: `в ${n} ${form === 'клетка' ? 'клетке' : 'клетках'}`,
  };
}

/**
 * A turbolaser volley: the seat's armed ships, then the targets its decks reach (the match
 * keeps those some deck of the ship may fire on), the decks that fire, the target's deck.
 */
const fire: ChoicesOf<SwState> = (ctx, chosen) => {
  const { space } = ctx.rs;
  const ships = Object.values(space.ships).filter(
    (s) => s.legion === ctx.seat && s.status === 'map' && s.class !== 'transport',
  );
  const shipValues: ChoiceValue[] = ships
    .map((s) => ({
      value: s.id,
      name: pieceName(s.id),
      hint: { en: `${s.decks.length} decks`, ru: `палуб: ${s.decks.length}` },
    }))
    .sort(byName());
  const fields: FieldChoices[] = [{ path: 'ship', pick: 'one', tried: true, values: shipValues }];
  const ship = ships.find((s) => s.id === chosen.ship);
  if (!ship) return fields;
  const from = (cells: readonly Hex[]) =>
    Math.min(...ship.decks.flatMap((d) => cells.map((c) => distance(d.cell, c))));
  const enemyShips = Object.values(space.ships).filter(
    (s) => s.status === 'map' && s.legion !== ctx.seat,
  );
  const targets: ChoiceValue[] = [
    ...enemyShips.map((s) => ({
      value: s.id,
      name: pieceName(s.id),
      hint: cellsApart(from(s.decks.map((d) => d.cell))),
    })),
    ...Object.values(space.mines).map((m) => ({
      value: m.id,
      name: pieceName(m.id),
      hint: cellsApart(from([m.cell])),
    })),
    ...Object.values(space.stations)
      .filter((s) => s.owner !== ctx.seat)
      .map((s) => ({ value: s.id, name: pieceName(s.id), hint: cellsApart(from([s.cell])) })),
  ].sort(byName());
  fields.push({ path: 'target', pick: 'one', tried: true, values: targets });
  fields.push({
    path: 'decks',
    pick: 'many',
    min: 1,
    max: ship.decks.length,
    tried: true,
    values: ship.decks.map((_, i) => ({ value: i + 1, name: deckName(i + 1) })),
  });
  const target = enemyShips.find((s) => s.id === chosen.target);
  if (target && target.decks.length > 1)
    fields.push({
      path: 'targetDeck',
      pick: 'one',
      tried: true,
      values: target.decks.map((_, i) => ({ value: i + 1, name: deckName(i + 1) })),
    });
  return fields;
};

export const SW_CHOICES: Record<string, ChoicesOf<SwState>> = {
  'move-ship': moveShip,
  'move-unit': moveUnit,
  fire,
};
