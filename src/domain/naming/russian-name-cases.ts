/**
 * People's names in the Russian cases a sentence puts them in («против Бориса», «поправку
 * Ани Смирновой»). Players type their names freely, so the forms follow the regular
 * declension of Russian given names, patronymics and surnames; a name the rules cannot
 * decline with confidence (Latin letters, foreign endings, a feminine name ending in a
 * consonant) stays as typed, which Russian grammar allows for indeclinable names.
 */

/** The oblique cases a sentence asks for; the nominative is the name as typed. */
export type RussianCase = 'gen' | 'dat' | 'acc' | 'ins' | 'pre';

type Sex = 'm' | 'f';

/** Given names in -а/-я borne by men: their surname, if any, is masculine. */
const MALE_NAMES_IN_A = new Set([
  'никита',
  'илья',
  'лёва',
  'лева',
  'миша',
  'ваня',
  'петя',
  'вася',
  'коля',
  'толя',
  'дима',
  'фома',
  'кузьма',
  'савва',
  'гоша',
  'паша',
  'гриша',
  'серёжа',
  'сережа',
  'алёша',
  'алеша',
  'лёша',
  'леша',
  'юра',
  'вова',
  'валера',
  'костя',
  'федя',
  'сеня',
  'стёпа',
  'степа',
  'тёма',
  'тема',
  'гена',
  'боря',
  'витя',
  'слава',
  'саша',
  'женя',
  'лёня',
  'леня',
  'даня',
]);

/** Feminine given names ending in -ь (third declension: «Любови»). */
const FEMALE_NAMES_IN_SOFT_SIGN = new Set(['любовь', 'нинель', 'адель', 'эсфирь', 'руфь']);

/** Names whose vowel drops before an ending: Павел → Павла, Лев → Льва, Пётр → Петра. */
const FLEETING_VOWEL: Readonly<Record<string, string>> = {
  павел: 'Павл',
  лев: 'Льв',
  пётр: 'Петр',
  петр: 'Петр',
};

const CYRILLIC_WORD = /^[А-Яа-яЁё]+$/;
const HUSHING_OR_VELAR = /[гкхжшчщ]$/i;
const HUSHING = /[жшчщц]$/i;

/** The name in the case, word by word; words it cannot decline are kept as typed. */
export function nameInCase(name: string, grammaticalCase: RussianCase): string {
  const words = name.trim().split(/\s+/);
  if (words.length === 0 || words[0] === '') return name;
  const sex = sexOf(words);
  return name.replace(/[А-Яа-яЁё]+(?:-[А-Яа-яЁё]+)*/gu, (word, offset: number) => {
    const isGiven = offset === name.search(/\S/);
    return word
      .split('-')
      .map((part) => inflectWord(part, grammaticalCase, sex, isGiven))
      .join('-');
  });
}

function sexOf(words: readonly string[]): Sex {
  for (const word of words.slice(1)) {
    const lower = word.toLowerCase();
    if (/(ова|ева|ёва|ина|ына|ская|цкая|овна|евна|ична|инична)$/.test(lower)) return 'f';
    if (/(ов|ев|ёв|ин|ын|ский|цкий|ович|евич|ич)$/.test(lower)) return 'm';
  }
  const given = (words[0] ?? '').toLowerCase().split('-')[0] ?? '';
  if (/[ая]$/.test(given)) return MALE_NAMES_IN_A.has(given) ? 'm' : 'f';
  if (FEMALE_NAMES_IN_SOFT_SIGN.has(given)) return 'f';
  return 'm';
}

function inflectWord(word: string, c: RussianCase, sex: Sex, isGiven: boolean): string {
  if (!CYRILLIC_WORD.test(word) || word.length < 2) return word;
  const lower = word.toLowerCase();
  const keepCase = (stem: string, ending: string): string => restoreCase(word, stem + ending);
  if (!isGiven) {
    const surname = inflectSurname(word, lower, c, sex);
    if (surname !== undefined) return surname;
  }
  // Indeclinable endings: Шарло, Мари, Гюго, Ню.
  if (/[оеиуюэыё]$/.test(lower)) return word;
  if (/ия$/.test(lower))
    return keepCase(word.slice(0, -1), { gen: 'и', dat: 'и', acc: 'ю', ins: 'ей', pre: 'и' }[c]);
  if (/я$/.test(lower))
    return keepCase(word.slice(0, -1), { gen: 'и', dat: 'е', acc: 'ю', ins: 'ей', pre: 'е' }[c]);
  if (/а$/.test(lower)) {
    const stem = word.slice(0, -1);
    const gen = HUSHING_OR_VELAR.test(stem) ? 'и' : 'ы';
    const ins = HUSHING.test(stem) ? 'ей' : 'ой';
    return keepCase(stem, { gen, dat: 'е', acc: 'у', ins, pre: 'е' }[c]);
  }
  if (sex === 'f') {
    if (!/ь$/.test(lower)) return word;
    const stem = word.slice(0, -1);
    return keepCase(stem, { gen: 'и', dat: 'и', acc: 'ь', ins: 'ью', pre: 'и' }[c]);
  }
  if (/ий$/.test(lower))
    return keepCase(word.slice(0, -1), { gen: 'я', dat: 'ю', acc: 'я', ins: 'ем', pre: 'и' }[c]);
  if (/[йь]$/.test(lower))
    return keepCase(word.slice(0, -1), { gen: 'я', dat: 'ю', acc: 'я', ins: 'ем', pre: 'е' }[c]);
  const stem = FLEETING_VOWEL[lower] ?? word;
  const ins = HUSHING.test(stem) ? 'ем' : 'ом';
  return keepCase(stem, { gen: 'а', dat: 'у', acc: 'а', ins, pre: 'е' }[c]);
}

/** Russian surnames of the adjectival and possessive kinds; undefined for any other word. */
function inflectSurname(word: string, lower: string, c: RussianCase, sex: Sex): string | undefined {
  const cut = (n: number, ending: string) =>
    restoreCase(word, word.slice(0, word.length - n) + ending);
  if (/(ский|цкий)$/.test(lower))
    return cut(2, { gen: 'ого', dat: 'ому', acc: 'ого', ins: 'им', pre: 'ом' }[c]);
  if (/(ская|цкая)$/.test(lower))
    return cut(2, { gen: 'ой', dat: 'ой', acc: 'ую', ins: 'ой', pre: 'ой' }[c]);
  if (/(ова|ева|ёва|ина|ына)$/.test(lower) && sex === 'f')
    return cut(1, { gen: 'ой', dat: 'ой', acc: 'у', ins: 'ой', pre: 'ой' }[c]);
  if (/(ов|ев|ёв|ин|ын)$/.test(lower) && sex === 'm')
    return cut(0, { gen: 'а', dat: 'у', acc: 'а', ins: 'ым', pre: 'е' }[c]);
  // Черных, Долгих and the like never change.
  if (/(их|ых)$/.test(lower)) return word;
  // Any other surname of a woman ending in a consonant stays as it is (Ирина Кравец).
  if (sex === 'f' && !/[ая]$/.test(lower)) return word;
  return undefined;
}

/** An all-capital name stays all capitals; otherwise the typed letters keep their case. */
function restoreCase(original: string, inflected: string): string {
  return original === original.toUpperCase() ? inflected.toUpperCase() : inflected;
}
