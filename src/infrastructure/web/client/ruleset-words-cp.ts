import { cpTerm, describeCpEvent } from '../../../domain/rulesets/commanders-path/cp-phrasing';
import type { SpecialValue } from './play/pickers';
import type { RulesetWords } from './ruleset-words';

/** `to: "new"`: ships deploy, move or withdraw to a sector not yet on the table (cp.params.ts). */
const NEW_SECTOR: SpecialValue = {
  value: 'new',
  label: { en: 'A new sector', ru: 'Новый сектор' },
};

/** Where a Commanders Path `to` names a piece (the object whose orbit, the Commander's host). */
const TO_PIECE = new Set(['commercial-run', 'move-upgrade', 'move-commander', 'move-ground']);
const TO_NEW_SECTOR = new Set(['deploy', 'move-ships', 'withdraw']);

export const CP_WORDS: RulesetWords = {
  describe: describeCpEvent,
  term: (term, lang, names) => cpTerm(term, lang, names),
  picker(kind, field) {
    if (field !== 'to') return undefined;
    if (TO_PIECE.has(kind)) return { targets: ['pieces'] };
    if (TO_NEW_SECTOR.has(kind)) return { targets: ['zones'], specials: [NEW_SECTOR] };
    if (kind === 'produce') return { targets: ['zones', 'pieces'] };
    return undefined;
  },
};
