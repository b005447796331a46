// The kit's words in the page's language, for the chrome client.js and editor.js draw. The
// English table is bundled; each other language's table is a small classic script of its own
// (`_queuebook/ui-hu.js`: `queuebookUi.hu = {…}`, built by build/client.js from hu.ts), which a
// page links (or, exported, inlines) only for the languages it declares (src/site/page.ts). The
// language is the page's `<html lang>`, which src/client/i18n.ts sets and announces with
// LANGUAGE_EVENT on each change, so chrome drawn earlier follows the picker (followLanguage).
import {en, type UiKey, type UiStrings} from "./en.js";
import {uiTablesGlobal} from "../pageApi.js";

/** The event i18n.ts dispatches on `document` after the page's language changed. */
export const LANGUAGE_EVENT = "queuebook:language";

/** Fills `{name}` placeholders of `template` from `vars` (a name it lacks stays as written). */
export function fill(template: string, vars?: Readonly<Record<string, string | number>>): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (Object.hasOwn(vars, name) ? String(vars[name]) : match));
}

/** The table of `lang` among `tables` (a region's tag reads as its language), else undefined. */
export function tableOf(tables: Readonly<Record<string, Partial<UiStrings>>>, lang: string): Partial<UiStrings> | undefined {
  const code = lang.toLowerCase();
  return (
    (Object.hasOwn(tables, code) ? tables[code] : undefined) ??
    (Object.hasOwn(tables, code.split("-")[0]) ? tables[code.split("-")[0]] : undefined)
  );
}

/** `key` in `lang` from `tables`, English where the table lacks it, placeholders filled. */
export function lookUp(
  tables: Readonly<Record<string, Partial<UiStrings>>>,
  lang: string,
  key: UiKey,
  vars?: Readonly<Record<string, string | number>>
): string {
  const table = tableOf(tables, lang);
  const text = table && Object.hasOwn(table, key) && typeof table[key] === "string" ? table[key]! : en[key];
  return fill(text, vars);
}

/** The tables the page's language scripts loaded. */
function loaded(): Readonly<Record<string, Partial<UiStrings>>> {
  const tables = uiTablesGlobal();
  return tables && typeof tables === "object" ? (tables as Record<string, Partial<UiStrings>>) : {};
}

/** The page's language (its `<html lang>`). */
export function pageLanguage(): string {
  return (typeof document !== "undefined" && document.documentElement.lang) || "en";
}

/** `key` in the page's language. */
export function ui(key: UiKey, vars?: Readonly<Record<string, string | number>>): string {
  return lookUp(loaded(), pageLanguage(), key, vars);
}

/** Runs `apply` now and after each change of the page's language; returns the unsubscribe. */
export function followLanguage(apply: () => void): () => void {
  apply();
  const listener = () => apply();
  document.addEventListener(LANGUAGE_EVENT, listener);
  return () => document.removeEventListener(LANGUAGE_EVENT, listener);
}
