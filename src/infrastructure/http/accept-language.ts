/** The languages the API writes its refusals in; English when the reader asks for neither. */
export const PROBLEM_LANGUAGES = ['en', 'ru'] as const;
export type ProblemLanguage = (typeof PROBLEM_LANGUAGES)[number];

interface Preference {
  q: number;
  /** Position of the range in the header: the earlier wins a tie. */
  order: number;
}

/**
 * The reader's language from `Accept-Language` (RFC 9110 §12.5.4): the supported language
 * with the highest q-value, the earlier range on a tie; a region (`ru-RU`) counts as its
 * language, `q=0` refuses one, and `*` stands for every language the header does not name.
 * Without an acceptable supported one, English.
 */
export function negotiateLanguage(header: string | string[] | undefined): ProblemLanguage {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'en';
  const named = new Map<ProblemLanguage, Preference>();
  let wildcard: Preference | undefined;
  value.split(',').forEach((range, order) => {
    const [tag = '', ...params] = range.split(';').map((part) => part.trim());
    const q = qualityOf(params);
    if (q === undefined || tag === '') return;
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === '*') {
      if (!wildcard || q > wildcard.q) wildcard = { q, order };
      return;
    }
    const language = PROBLEM_LANGUAGES.find((supported) => supported === primary);
    if (!language) return;
    const seen = named.get(language);
    if (!seen || q > seen.q) named.set(language, { q, order });
  });
  let best: { language: ProblemLanguage; q: number; order: number } | undefined;
  for (const language of PROBLEM_LANGUAGES) {
    const preference = named.get(language) ?? wildcard;
    if (!preference || preference.q === 0) continue;
    if (
      !best ||
      preference.q > best.q ||
      (preference.q === best.q && preference.order < best.order)
    )
      best = { language, ...preference };
  }
  return best?.language ?? 'en';
}

/** The q of a range's parameters: 1 without one, undefined when it is not a valid qvalue. */
function qualityOf(params: string[]): number | undefined {
  const q = params.find((param) => /^q\s*=/i.test(param));
  if (q === undefined) return 1;
  const text = q.replace(/^q\s*=\s*/i, '');
  if (!/^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(text)) return undefined;
  return Number(text);
}
