// The state and language an export opens at, made to agree. A kit's state part may name its
// language (on-call's `run=v1_free_s1_m0_en`) and the page follows it, so `--state <link> --lang
// hu` would silently give an English report in a file that says hu. An explicit --lang wins: the
// part's language becomes it. Without --lang, the language the part names (when the notebook
// declares it) is the export's language, so the file says what it shows.
import {findStatePart, type StatePart} from "./statePart.js";

/**
 * `state` (a URL hash without `#`) and `lang` as the export uses them: with `lang` given, the
 * language of a part that `parts` define becomes `lang`; without it, `lang` becomes the part's
 * language when `declared` holds it. Other parts are kept as written.
 */
export function agreeStateAndLanguage(
  state: string | undefined,
  lang: string | undefined,
  declared: readonly string[],
  parts: readonly StatePart[] = []
): {state: string | undefined; lang: string | undefined} {
  if (state === undefined) return {state, lang};
  const split = state.split("&");
  const found = findStatePart(split, parts);
  const named = found?.part.language(found.value);
  if (lang === undefined) return {state, lang: named !== undefined && declared.includes(named) ? named : undefined};
  if (!found || named === lang) return {state, lang};
  const value = found.part.withLanguage(found.value, lang);
  if (value === undefined) return {state, lang};
  split[found.index] = `${found.part.key}=${encodeURIComponent(value)}`;
  return {state: split.join("&"), lang};
}
