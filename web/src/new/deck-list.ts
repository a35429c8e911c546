import type { PieceTypeSpec } from '@domain/rulesets/ruleset';

/** The params of a `register-deck` decision: the commander and the cards with their copies. */
export interface DeckParams {
  commander: { catalog: string };
  cards: { catalog: string; copies: number }[];
}

export type ParsedDeck = { ok: true; deck: DeckParams } | { ok: false; line: number; text: string };

/**
 * A deck list as players write and share it, one card a line, the commander on a line of its
 * own, in Russian or English names or catalog ids:
 *
 *     Командор: Рейн
 *     4 Экзорцист
 *     2x chimera
 *
 * or the `register-deck` params as JSON (what a deck file exported elsewhere holds). Names are
 * looked up in the ruleset's catalog; the server still checks the deck when it is registered.
 */
export function parseDeckList(text: string, catalog: readonly PieceTypeSpec[]): ParsedDeck {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return parseJsonDeck(trimmed);
  const byName = new Map<string, PieceTypeSpec>();
  for (const entry of catalog)
    for (const name of [entry.id, entry.name.en, entry.name.ru])
      byName.set(normalized(name), entry);
  let commander: string | undefined;
  const cards: { catalog: string; copies: number }[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/\s(#|\/\/).*$/, '').trim();
    if (!line) continue;
    const counted = /^(\d{1,3})\s*[x×х*]?\s+(.+)$/i.exec(line);
    // "Commander: X" names the commander; a commander's card named alone is one too.
    const lead = /^(?:commander|командор)\s*:\s*(.+)$/i.exec(line);
    const name = counted ? counted[2] : line;
    const entry =
      byName.get(normalized(name)) ?? (lead ? byName.get(normalized(lead[1])) : undefined);
    if (!entry) return { ok: false, line: index + 1, text: name };
    if (!counted && (lead || entry.kind === 'commander')) commander = entry.id;
    else {
      const copies = counted ? Number(counted[1]) : 1;
      const same = cards.find((c) => c.catalog === entry.id);
      if (same) same.copies += copies;
      else cards.push({ catalog: entry.id, copies });
    }
  }
  if (!commander) return { ok: false, line: 0, text: 'commander' };
  if (!cards.length) return { ok: false, line: 0, text: 'cards' };
  return { ok: true, deck: { commander: { catalog: commander }, cards } };
}

function parseJsonDeck(text: string): ParsedDeck {
  try {
    const value = JSON.parse(text) as Partial<DeckParams>;
    if (typeof value?.commander === 'object' && Array.isArray(value.cards))
      return { ok: true, deck: value as DeckParams };
    return { ok: false, line: 1, text: 'commander, cards' };
  } catch {
    return { ok: false, line: 1, text: 'JSON' };
  }
}

/** Names compare without case, quotes or repeated spaces: «Магнум-К» = "магнум-к". */
function normalized(name: string): string {
  return name
    .toLowerCase()
    .replace(/[«»"“”„']/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
