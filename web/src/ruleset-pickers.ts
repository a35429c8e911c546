import type { SpecialValue, Target } from './play/pickers';

/**
 * What an id field of a decision kind names, per game, where its name alone does not say it
 * (RulesetWords.picker): the play page's choosers, not the words a reader is told. A game's
 * picker is registered with it in games.ts.
 */
export type RulesetPicker = (
  kind: string,
  field: string,
) => { targets?: Target[]; specials?: SpecialValue[] } | undefined;

/** `to: "new"`: ships deploy, move or withdraw to a sector not yet on the table (commanders-path/decisions/*.params.ts). */
const NEW_SECTOR: SpecialValue = {
  value: 'new',
  label: { en: 'A new sector', ru: 'Новый сектор' },
};

/** Where a Commanders Path `to` names a piece (the object whose orbit, the Commander's host). */
const TO_PIECE = new Set(['commercial-run', 'move-upgrade', 'move-commander', 'move-ground']);
const TO_NEW_SECTOR = new Set(['deploy', 'move-ships', 'withdraw']);

export const COMMANDERS_PATH_PICKER: RulesetPicker = (kind, field) => {
  if (field !== 'to') return undefined;
  if (TO_PIECE.has(kind)) return { targets: ['pieces'] };
  if (TO_NEW_SECTOR.has(kind)) return { targets: ['zones'], specials: [NEW_SECTOR] };
  if (kind === 'produce') return { targets: ['zones', 'pieces'] };
  return undefined;
};

/** An alliance is offered, and Influence given, to a player. */
export const REX_PICKER: RulesetPicker = (kind, field) =>
  field === 'to' && (kind === 'offer-alliance' || kind === 'transfer-influence')
    ? { targets: ['seats'] }
    : undefined;
