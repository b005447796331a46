// A part of a page's URL hash that a lesson kit defines (on-call's `run=` link), as the export
// needs it: the language the value names, the value naming another, and the value in words for
// the report line. The site layer knows no kit's format: the command line hands the parts in
// (src/cli/stateParts.ts), so an export reads what the lessons it serves define.

/** One `key=value` hash part a kit defines. */
export interface StatePart {
  /** The part's key: the hash part is `key=value` (`run`). */
  key: string;
  /** The language the value names, when it names one; undefined also when the value does not decode. */
  language(value: string): string | undefined;
  /** The value naming `lang` instead; undefined when it does not decode. */
  withLanguage(value: string, lang: string): string | undefined;
  /** The value in words for the report line ("scenario bad-deploy, seed 7, minute 42, 1 decision"); undefined when it does not decode. */
  words(value: string): string | undefined;
}

/** The first part of `parts` (a hash split at `&`) that one of `known` defines, decoded: its index, definer and value; undefined when none, or its escapes are broken. */
export function findStatePart(
  parts: readonly string[],
  known: readonly StatePart[]
): {index: number; part: StatePart; value: string} | undefined {
  for (const [index, text] of parts.entries()) {
    const part = known.find((p) => text.startsWith(`${p.key}=`));
    if (!part) continue;
    try {
      return {index, part, value: decodeURIComponent(text.slice(part.key.length + 1))};
    } catch {
      return undefined; // the page says the link is broken; nothing to read
    }
  }
  return undefined;
}
