/**
 * A rule reference: the section of the authoritative (Russian) rules text as it is headed
 * there, and the sentence quoted verbatim. Each game keeps its references in one module, and
 * a test checks every quote against the source text (`quotesNotInSource`).
 */
export function ruleRef(section: string, quote: string): string {
  return `«${section}»: «${quote}»`;
}

/** A rule reference split into its section and quote; undefined if it is not of the `ruleRef` form. */
export function parseRuleRef(reference: string): { section: string; quote: string } | undefined {
  const parts = /^«(.+?)»: «(.+)»$/su.exec(reference);
  return parts ? { section: parts[1], quote: parts[2] } : undefined;
}

/**
 * The references whose section or quote does not stand in `source` word for word (white
 * space folded, since the texts wrap lines and pad with non-breaking spaces). A reference
 * that is not of the `ruleRef` form is reported too.
 */
export function quotesNotInSource(references: Record<string, string>, source: string): string[] {
  const fold = (text: string): string => text.replace(/\s+/gu, ' ');
  const text = fold(source);
  return Object.entries(references).flatMap(([key, reference]) => {
    const parts = parseRuleRef(reference);
    if (!parts) return [`${key}: not a «section»: «quote» reference`];
    const { section, quote } = parts;
    const missing = [section, quote].filter((part) => !text.includes(fold(part)));
    return missing.map((part) => `${key}: «${part}» is not in the source`);
  });
}
