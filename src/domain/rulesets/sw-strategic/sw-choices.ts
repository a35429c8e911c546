import type { LocalizedText } from '../../shared/localized-text';
import { byName, type ChoicesOf, type ChoiceValue } from '../decision-choices';
import { SHIPS, UNITS } from './sw-catalog';
import { add, dir, type Hex } from './sw-hex';
import { named } from './sw-phrasing';
import type { SwState } from './sw-state';
import { STEPS, type Step } from './sw.params';

/**
 * The field choices of the Star Wars moves (issue 39): a seat moves only its own ships and
 * units, named as the board names them («Эсминец 8», «Пехота 3»), then builds the steps from
 * those the rules accept next (the match tries each with the decider: decisionChoices).
 */

const both = (id: string): LocalizedText => ({ en: named(id, 'en'), ru: named(id, 'ru') });

const STEP_NAMES: Record<Step, LocalizedText> = {
  forward: { en: 'Forward', ru: 'Вперёд' },
  'forward-left': { en: 'Forward left', ru: 'Вперёд и влево' },
  'forward-right': { en: 'Forward right', ru: 'Вперёд и вправо' },
  back: { en: 'Back', ru: 'Назад' },
  'back-left': { en: 'Back left', ru: 'Назад и влево' },
  'back-right': { en: 'Back right', ru: 'Назад и вправо' },
  'turn-left': { en: 'Turn left', ru: 'Поворот влево' },
  'turn-right': { en: 'Turn right', ru: 'Поворот вправо' },
};

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
        name: both(s.id),
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
    const name = both(id);
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

export const SW_CHOICES: Record<string, ChoicesOf<SwState>> = {
  'move-ship': moveShip,
  'move-unit': moveUnit,
};
