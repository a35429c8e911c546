import { own } from '../../shared/id-record';
import type { LocalizedText } from '../../shared/localized-text';
import type { Table } from '../../table/table';

/**
 * Zones and pieces as a refusal names them: the name the table gives them (a zone's name, a
 * piece's own `attrs.name`), else its type (freeform types are names), else its id.
 */
export function zoneName(table: Readonly<Table>, zone: string): LocalizedText {
  return own(table.zones, zone)?.name ?? { en: zone, ru: zone };
}

export function pieceName(table: Readonly<Table>, piece: string): LocalizedText {
  const found = own(table.pieces, piece);
  const name = found?.attrs?.name as unknown;
  if (typeof name === 'string' && name) return { en: name, ru: name };
  if (name && typeof name === 'object') {
    const { en, ru } = name as Partial<LocalizedText>;
    if (typeof en === 'string' && typeof ru === 'string') return { en, ru };
  }
  const label = found?.type ?? piece;
  return { en: label, ru: label };
}
