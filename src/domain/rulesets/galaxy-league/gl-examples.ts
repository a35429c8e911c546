/** How a player sends each kind (published with its schema). */
export const EXAMPLES: Record<string, object> = {
  'propose-alliance': { members: ['anna', 'boris'] },
  'consent-alliance': { proposal: 'alliance-1-anna+boris' },
  'propose-dues-split': {
    shares: [
      { seat: 'anna', amount: 60 },
      { seat: 'boris', amount: 40 },
    ],
  },
  'leave-alliance': {},
  'decline-dues': {},
  'forfeit-planet': { planet: 'cinder' },
  'offer-swap': { mine: 'cinder', theirs: 'fornax' },
  'accept-swap': { offer: 'swap-cinder-fornax' },
  research: { technology: 'wormholes' },
  'change-capital': { planet: 'borealis' },
  'take-pause': {},
  'end-stage': {},
  'declare-attacks': {
    attacks: [{ ship: 'ship:anna:1', planet: 'ember' }],
    colonisations: [{ ships: ['ship:anna:3'], planet: 'orion' }],
  },
  'recall-ship': { ship: 'ship:anna:1' },
  'declare-joins': { joins: [{ ship: 'ship:boris:1', planet: 'orion' }] },
  'assign-defender': { ship: 'ship:boris:4', planet: 'ember' },
  'hire-mercenaries': { planet: 'ember', count: 1 },
  'link-battle': {
    planet: 'ember',
    match: 'battle-ember',
    headHash: 'a'.repeat(64),
    seats: [
      { seat: 'red', player: 'anna' },
      { seat: 'blue', player: 'boris' },
    ],
  },
  'report-battle': {
    planet: 'ember',
    winner: 'anna',
    points: [
      { seat: 'anna', points: 60 },
      { seat: 'boris', points: 20 },
    ],
    destroyed: [],
  },
  'confirm-battle': { planet: 'ember' },
  'choose-annexed': { territories: ['ember', 'fornax'] },
  'designate-capital': { planet: 'ember' },
  'enter-league': { capital: 'orion', planets: ['nexus'], technologies: ['wormholes', 'shipyard'] },
  'record-no-show': { planet: 'ember', absent: ['boris'] },
};
