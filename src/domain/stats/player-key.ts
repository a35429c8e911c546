/**
 * Cyrillic letters that look like Latin ones, folded to the Latin letter after lower-casing,
 * so «Мах» typed in Cyrillic and "Max" in Latin are one player. The pairs cover capital and
 * small forms (capital В, Н, М, Т look like B, H, M, T even though the small forms do not);
 * ё goes with е, as Russian writing mostly does.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  і: 'i',
  ј: 'j',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
};

/**
 * The key a player is known by across matches: NFKC (full-width and compatibility forms
 * become plain letters), lower case, Cyrillic look-alikes folded to Latin (LOOK_ALIKES),
 * whitespace trimmed and collapsed. Names that only differ in case, script look-alikes or
 * spacing are one player; the name shown is the one they used.
 */
export function playerKey(name: string): string {
  const lower = name.normalize('NFKC').toLowerCase().trim().replace(/\s+/gu, ' ');
  let key = '';
  for (const char of lower) key += Object.hasOwn(LOOK_ALIKES, char) ? LOOK_ALIKES[char] : char;
  return key;
}
