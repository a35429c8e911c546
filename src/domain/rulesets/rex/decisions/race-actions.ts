import type { LocalizedText } from '../../../shared/localized-text';
import { isBlocked, locationOf, troopsAt } from '../rex-board';
import { rexDecision, viewOf, type RexDraft, type RexView } from '../rex-draft';
import { allyIn, allyThere, flipFaceUpWhereShared, pickTroops } from './maneuvers';
import { RULES, RULESET_CHOICES } from '../rex-rules-text';
import { cardEffectsOf, factionOf } from '../rex-state';
import { RexFlipTroopsParams, RexSolOffensiveMoveParams } from './race-actions.params';
import { places, troopFields, ownTroops, locationsOf, type RexChoices } from '../rex-choice-values';
import { type FieldChoices } from '../../decision-choices';

/**
 * Race actions the faction sheets give and the text describes: Xxcha turns troops face down
 * (they turn face up again where face-up Xxcha troops join them), and Sol and its allies,
 * immune to the Sol Offensive, may use it to move troops out of a struck location.
 */

/** Whether Xxcha may flip now (its window, and no Informant–Cancellation this round), with the rule. */
function flipWindow(v: RexView): { open: boolean; why: LocalizedText; ruleRef: string } {
  if (factionOf(v.rs, v.seat) !== 'xxcha')
    return {
      open: false,
      why: {
        en: 'Only Xxcha turns troops face down',
        ru: 'Переворачивать Войска лицом вниз может только Кззча',
      },
      ruleRef: RULES.xxchaFaceDown,
    };
  if (cardEffectsOf(v.rs).cancelled.some((c) => c.seat === v.seat && c.ability === 'xxcha-flip'))
    return {
      open: false,
      why: {
        en: 'Informant–Cancellation: Xxcha turns no troops face down this round',
        ru: '«Информатор – Аннулирования»: в этом раунде Кззча не переворачивает Войска',
      },
      ruleRef: RULES.xxchaFaceDown,
    };
  const underWay = v.rs.round >= 1 && v.rs.phase !== 'setup' && !v.rs.result;
  const open =
    v.opts.xxchaFlipWindow === 'any-time' ? underWay : underWay && v.rs.maneuvers?.turn === v.seat;
  return {
    open,
    why:
      v.opts.xxchaFlipWindow === 'any-time'
        ? {
            en: 'Troops are turned face down while the game is under way',
            ru: 'Войска переворачивают лицом вниз, только пока идёт игра',
          }
        : {
            en: 'Xxcha turns troops face down in its own Maneuvers turn (option xxchaFlipWindow)',
            ru: 'Кззча переворачивает Войска лицом вниз в свой ход Маневров (опция матча)',
          },
    ruleRef: `${RULES.xxchaFaceDown} / ${RULESET_CHOICES.missingText}`,
  };
}

const faceUpTroops = (v: Pick<RexView, 'table' | 'seat'>, location: string) =>
  troopsAt(v.table, location, v.seat).filter((p) => p.attrs.faceDown !== true);

/** What a face-down troop counts for, as the options say when it is flipped. */
function faceDownCounts(d: RexDraft): string[] {
  return [
    ...(d.opts.faceDownControl === 'counted' ? ['control'] : []),
    ...(d.opts.faceDownCollection === 'collected' ? ['collection'] : []),
    ...(d.opts.faceDownCombat === 'battle' ? ['combat'] : []),
  ];
}

function struckFor(v: Pick<RexView, 'rs' | 'seat'>) {
  const struck = v.rs.influencePhase.struck;
  return struck && struck.seats.includes(v.seat) && !struck.moved.includes(v.seat)
    ? struck
    : undefined;
}

/** Xxcha turns face down its troops in one of the locations they stand in. */
const flipTroopsChoices: RexChoices = (ctx) => [
  {
    path: 'location',
    pick: 'one',
    tried: true,
    values: places(ctx, (l) => ownTroops(ctx, l.id).length > 0),
  },
];

/** The Sol Offensive: a struck location holding the seat's troops, then any place, how many. */
const solOffensiveMoveChoices: RexChoices = (ctx, chosen) => {
  const struck = new Set(ctx.rs.influencePhase.struck?.locations ?? []);
  const fields: FieldChoices[] = [
    {
      path: 'from',
      pick: 'one',
      tried: true,
      values: places(ctx, (l) => struck.has(l.id) && ownTroops(ctx, l.id).length > 0),
    },
  ];
  if (typeof chosen.from !== 'string' || !struck.has(chosen.from)) return fields;
  return [
    ...fields,
    { path: 'to', pick: 'one', tried: true, values: places(ctx, (l) => l.id !== chosen.from) },
    ...troopFields(ctx, ownTroops(ctx, chosen.from), false),
  ];
};

export const raceDecisions = {
  'flip-troops': rexDecision<RexFlipTroopsParams>({
    summary: {
      en: 'Xxcha: turn your troops in a location face down',
      ru: 'Кззча: перевернуть свои Войска в локации лицом вниз',
    },
    params: RexFlipTroopsParams,
    example: { location: 'imperial-palace' },
    examples: (ctx) => locationsOf(ctx).map((location) => ({ location })),
    choices: flipTroopsChoices,
    turn: 'any',
    available: (ctx) => {
      const v = viewOf(ctx);
      return flipWindow(v).open && v.map.locations.some((l) => faceUpTroops(v, l.id).length > 0);
    },
    decide(d, { location }) {
      const window = flipWindow(d);
      if (!window.open) return d.refuse('out_of_window', window.why, window.ruleRef);
      if (!locationOf(d.table, location))
        return d.refuse(
          'unknown_location',
          { en: `There is no location ${location}`, ru: `Локации «${location}» на поле нет` },
          RULES.xxchaFaceDown,
        );
      const troops = faceUpTroops(d, location);
      if (troops.length === 0)
        return d.refuse(
          'nothing_to_flip',
          {
            en: `${d.seat} has no face-up troops in ${location}`,
            ru: `У вас нет Войск лицом вверх в локации «${d.place(location).ru}»`,
          },
          RULES.xxchaFaceDown,
        );
      const counts = faceDownCounts(d);
      for (const piece of troops)
        d.on('PieceChanged', {
          piece: piece.id,
          attrs: { faceDown: true, faceDownCountsFor: counts },
        });
      d.own('TroopsFlipped', {
        seat: d.seat,
        location,
        troops: troops.map((p) => p.id),
        faceDown: true,
        ruleRef: RULES.xxchaFaceDown,
      });
    },
  }),

  'sol-offensive-move': rexDecision<RexSolOffensiveMoveParams>({
    summary: {
      en: 'Sol or its ally: move troops out of a location the Sol Offensive struck, to any location',
      ru: 'Сол или союзник: переместить Войска из локации «Наступления Сол» в любую локацию',
    },
    params: RexSolOffensiveMoveParams,
    example: { from: 'archive-hall', to: 'vel-terro', troops: 3 },
    examples: (ctx) =>
      (ctx.rs.influencePhase.struck?.locations ?? []).flatMap((from) =>
        locationsOf(ctx).map((to) => ({ from, to, troops: 1 })),
      ),
    choices: solOffensiveMoveChoices,
    turn: 'any',
    available: (ctx) => {
      const v = viewOf(ctx);
      const struck = struckFor(v);
      return (
        !!struck &&
        struck.locations.some((l) => troopsAt(v.table, l, v.seat).length > 0) &&
        v.map.locations.some((l) => !isBlocked(v.rs, l, v.opts.troopSectors) && !allyThere(v, l.id))
      );
    },
    decide(d, { from, to, troops, mechanized = 0 }) {
      const struck = struckFor(d);
      if (!struck)
        return d.refuse(
          'no_sol_offensive',
          {
            en: `${d.seat} has no Sol Offensive to use now (Sol and its allies, once, before the next Influence card)`,
            ru: '«Наступлением Сол» вам сейчас не воспользоваться: им пользуются Сол и союзники, один раз, до следующей карты Влияния',
          },
          RULES.solImmune,
        );
      if (!struck.locations.includes(from))
        return d.refuse(
          'not_struck',
          {
            en: `The Sol Offensive struck ${struck.locations.join(' and ')}, not ${from}`,
            ru: `«Наступление Сол» ударило по локациям ${struck.locations.map((l) => `«${d.place(l).ru}»`).join(' и ')}, а не по «${d.place(from).ru}»`,
          },
          RULES.solImmune,
        );
      const target = locationOf(d.table, to);
      if (!target || to === from)
        return d.refuse(
          'unknown_location',
          { en: `${to} is not another location`, ru: 'Войска перемещают в другую локацию поля' },
          RULES.solImmune,
        );
      if (isBlocked(d.rs, target, d.opts.troopSectors))
        return d.refuse(
          'bombarded_sector',
          {
            en: `${to} is in sector ${d.rs.bombarded}, under bombardment`,
            ru: `Локация «${d.place(to).ru}» в секторе ${d.rs.bombarded} под Бомбардировкой`,
          },
          RULES.bombardedSector,
        );
      const ally = allyThere(d, to);
      if (ally) return d.refuse('ally_location', allyIn(d, ally, to), RULES.allyLocations);
      const picked = pickTroops(d, from, troops, mechanized);
      if ('missing' in picked) return d.refuse('not_there', picked.missing, RULES.solImmune);
      d.on('PiecesMoved', { pieces: picked.pieces, to });
      d.own('SolOffensiveMoved', {
        seat: d.seat,
        from,
        to,
        troops: picked.pieces,
        ruleRef: RULES.solImmune,
      });
      flipFaceUpWhereShared(d, to);
    },
  }),
};
