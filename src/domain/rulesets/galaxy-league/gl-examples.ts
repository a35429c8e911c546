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
  'forfeit-planet': { planet: 'cinder' },
  'offer-swap': { mine: 'cinder', theirs: 'fornax' },
  'accept-swap': { offer: 'swap-cinder-fornax' },
  research: { technology: 'wormholes' },
  'change-capital': { planet: 'borealis' },
  'take-pause': {},
  'end-stage': {},
};
