// Every language's table of the kit's words, for what runs outside the page: the site build
// (which languages have a script to link: src/site/page.ts), the asset build's check and tests.
// A page's own scripts never import this file (it would carry every language).
import {en, type UiKey, type UiStrings} from "./en.js";
import {hu} from "./hu.js";
import {ig} from "./ig.js";
import {ja} from "./ja.js";
import {pt} from "./pt.js";
import {lookUp} from "./text.js";

/** Each language's table by code, English first. */
export const uiTables: Readonly<Record<string, UiStrings>> = {en, hu, ig, ja, pt};

/** The languages other than English that have a table (each a script `ui-<code>.js`). */
export const uiLanguages: readonly string[] = Object.keys(uiTables).filter((code) => code !== "en");

/** The asset name of `lang`'s table script, or undefined when the kit has no table for it (English is bundled). */
export function uiScriptOf(lang: string): string | undefined {
  const code = lang.toLowerCase().split("-")[0];
  return uiLanguages.includes(code) ? `ui-${code}.js` : undefined;
}

/** `key` in `lang` (English for a language without a table), placeholders filled. */
export function uiString(lang: string, key: UiKey, vars?: Readonly<Record<string, string | number>>): string {
  return lookUp(uiTables, lang, key, vars);
}
