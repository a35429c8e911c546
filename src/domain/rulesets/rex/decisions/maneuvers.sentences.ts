import { when, type DecisionSentence } from '../../../naming/decision-sentences';
import { TROOPS_RU, TROOPS_EN } from '../rex-phrasing';

/** What a seat did, in the Maneuvers (decisions/maneuvers.ts). */
export const maneuverSentences: Record<string, DecisionSentence> = {
  deploy: when(['location', 'troops'], {
    en: `deploys ${TROOPS_EN} to {location}`,
    ru: `высаживает ${TROOPS_RU} → {location}`,
  }),
  move: when(['from', 'to', 'troops'], {
    en: `moves ${TROOPS_EN} from {from} to {to}`,
    ru: `перемещает ${TROOPS_RU}: {from} → {to}`,
  }),
  'end-turn': () => ({ en: 'ends the turn', ru: 'заканчивает ход' }),
};
