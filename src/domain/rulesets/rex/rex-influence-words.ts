import type { LocalizedText } from '../../shared/localized-text';
import { nameInCase } from '../../naming/russian-name-cases';
import type { RexDraft } from './rex-draft';

/**
 * A seat spending more Influence than it holds (a bid, a gift), named by its player in both
 * languages: «У Бориса 10 Влияния, а не 25».
 */
export function notHeld(
  d: Pick<RexDraft, 'seat' | 'seatName'>,
  held: number,
  amount: number,
): LocalizedText {
  const name = d.seatName(d.seat);
  return {
    en: `${name.en} has ${held} Influence, not ${amount}`,
    ru: `У ${nameInCase(name.ru, 'gen')} ${held} Влияния, а не ${amount}`,
  };
}
