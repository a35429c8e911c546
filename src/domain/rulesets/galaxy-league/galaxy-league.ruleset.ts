import { setOwn } from '../../shared/id-record';
import { ILLUSTRATIVE_MAP } from './gl-map';
import { GALAXY_LEAGUE_POSITION } from './gl-position';
import { undoUnlessRevealed } from '../kit';
import { BATTLE_DECISIONS } from './decisions/battles';
import { ENTRY_DECISIONS } from './decisions/entry';
import { ORDER_DECISIONS } from './decisions/orders';
import { PREPARATION_DECISIONS } from './decisions/preparation';
import type { BoardLayout, DecisionSpec, Derived, Ruleset } from '../ruleset';
import { GALAXY_LEAGUE_OPTIONS } from './gl-options';
import { SHIP_TYPES } from './gl-factions';
import { galaxyLeagueSetup } from './gl-setup';
import { standingsOf } from './gl-standings';
import { creditsTrack } from './gl-tracks';
import {
  actsInStage,
  evolveGalaxyLeague,
  initialGalaxyLeagueState,
  type GalaxyLeagueState,
} from './gl-state';
import { GalaxyLeagueSetupParams } from './galaxy-league.params';
import { RULES } from './gl-rules-text';

/**
 * Battle for the Galaxy, the league («Битва за Галактику. Правила Лиги»): one match runs the
 * whole league, its seats are the league's players with their factions, its rounds are the
 * league's weeks, and its battles are other matches linked to it (campaign links).
 */
export const galaxyLeagueRuleset: Ruleset<GalaxyLeagueState> = {
  id: 'galaxy-league',
  version: '0.3.0',
  title: { en: 'Battle for the Galaxy: the league', ru: 'Битва за Галактику: Лига' },
  rules: RULES,
  summary: {
    en: 'A league over a map of planets: income, alliances, technologies, declared attacks and colonisations, defence and mercenaries; its battles are matches played at club nights and linked to it.',
    ru: 'Лига на карте планет: доход, альянсы, технологии, заявленные атаки и колонизации, защита и наёмники; её бои — партии, сыгранные на игротеках и связанные с ней.',
  },
  options: GALAXY_LEAGUE_OPTIONS,
  // Credits are spent; battle wins and technologies count in the standings.
  resourceTracks: [creditsTrack('')],
  catalog: [
    {
      id: SHIP_TYPES.attacking,
      kind: 'ship',
      name: { en: 'Attacking starship', ru: 'Атакующий звездолёт' },
    },
    {
      id: SHIP_TYPES.defensive,
      kind: 'ship',
      name: { en: 'Defensive starship', ru: 'Защитный звездолёт' },
    },
  ],
  seats: { min: 2, max: 32 },
  // «в игру может войти новый, не заявленный ранее игрок»: its player claims the kept seat
  // when it comes, after the league has started.
  lateSeats: (setup) => {
    const entrants = (setup as { entrants?: unknown }).entrants;
    return Array.isArray(entrants) ? entrants.filter((s) => typeof s === 'string') : [];
  },
  setupParams: GalaxyLeagueSetupParams,
  initialState: initialGalaxyLeagueState,
  setup: galaxyLeagueSetup,
  decisions: {
    ...PREPARATION_DECISIONS,
    ...ENTRY_DECISIONS,
    ...ORDER_DECISIONS,
    ...BATTLE_DECISIONS,
  } as Record<string, DecisionSpec<GalaxyLeagueState, never>>,
  evolve: evolveGalaxyLeague,
  derive(table, rs): Derived {
    const standings = standingsOf(table, rs);
    return {
      scores: Object.fromEntries(standings.map((row) => [row.seat, row.total])),
      control: { ...rs.owner },
      standings,
      round: rs.round,
      stage: rs.stage,
      // Who the stage still waits for: players acting in it and not done with it.
      waitingFor: rs.order.filter((seat) => actsInStage(rs, seat) && !rs.done.includes(seat)),
    };
  },
  undo: undoUnlessRevealed(new Set(['MatchCited'])),
  layout(table, setup): BoardLayout {
    const positions: Record<string, { x: number; y: number }> = {};
    for (const zone of Object.values(table.zones)) {
      const position = mapPosition(setup, zone.id);
      if (position) setOwn(positions, zone.id, position);
    }
    return Object.keys(positions).length > 0
      ? { kind: 'positions', width: 100, height: 100, positions }
      : { kind: 'areas' };
  },
  position: GALAXY_LEAGUE_POSITION,
};

/** Where the setup's map (or the illustrative one) draws a territory. */
function mapPosition(
  setup: Readonly<Record<string, unknown>>,
  id: string,
): { x: number; y: number } | undefined {
  const map = (
    setup as { map?: { territories?: { id: string; position?: { x: number; y: number } }[] } }
  ).map;
  const territories = map?.territories ?? ILLUSTRATIVE_MAP.territories;
  return territories.find((t) => t.id === id)?.position;
}
