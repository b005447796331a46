// The state and language an export opens at, made to agree. A shared on-call link names its
// language (`run=v1_free_s1_m0_en`) and the page follows it, so `--state <link> --lang hu` would
// silently give an English report in a file that says hu. An explicit --lang wins: the link's
// language part is rewritten to it. Without --lang, the language the link names (when the
// notebook declares it) is the export's language, so the file says what it shows.
import {decodeRunLink, encodeRunLink, type RunLink} from "../sim/link.js";

/** The state's `run=` link, decoded, with the index of its part; undefined when there is none or it does not decode. */
function runPart(parts: readonly string[]): {index: number; run: RunLink} | undefined {
  const index = parts.findIndex((part) => part.startsWith("run="));
  if (index < 0) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(parts[index].slice(4));
  } catch {
    return undefined; // the page says the link is broken; nothing to agree with
  }
  const result = decodeRunLink(value);
  return result.ok ? {index, run: result.run} : undefined;
}

/**
 * `state` (a URL hash without `#`) and `lang` as the export uses them: with `lang` given, a run
 * link's language becomes `lang`; without it, `lang` becomes the link's language when `declared`
 * holds it. Parts other than `run=` are kept as written.
 */
export function agreeStateAndLanguage(
  state: string | undefined,
  lang: string | undefined,
  declared: readonly string[]
): {state: string | undefined; lang: string | undefined} {
  if (state === undefined) return {state, lang};
  const parts = state.split("&");
  const found = runPart(parts);
  if (!found) return {state, lang};
  if (lang === undefined)
    return {state, lang: found.run.lang !== undefined && declared.includes(found.run.lang) ? found.run.lang : undefined};
  if (found.run.lang === lang) return {state, lang};
  parts[found.index] = `run=${encodeURIComponent(encodeRunLink({...found.run, lang}))}`;
  return {state: parts.join("&"), lang};
}
