// A lesson's locale checks itself at build time: each key its page reads by name (the kit's views
// it bundles, and its scenarios' records: src/components/localeKeys.ts) that a locale table it
// imports lacks is a warning naming the key and who reads it. The first table (English, the
// fallback) lacking a key means the page shows the key itself; another language lacking it shows
// the English. One warning per table, at the line of the notebook that imports it. Besides the
// views' literal `t("…")` calls it counts the kit's words a view asks for with a fallback
// (`kitWord(t, "…")`: the page shows the kit's own word, the build still names the key) and the
// keys a notebook's own options make the views build (notebookKeys).
import {readFile} from "node:fs/promises";
import {basename, relative, sep} from "node:path";
import {keysRead, missingKeys, pageScenarioKeys} from "../components/localeKeys.js";
import type {Warning} from "../notebook/compile.js";

/** A locale table of a lesson: notebooks/locales/<lesson>/<lang>.json. */
const LOCALE = /[\\/]locales[\\/][^\\/]+[\\/]([a-z]{2,3})\.json$/;
/** How many keys one warning names before it counts the rest. */
const NAMED = 8;

/**
 * The warnings for the notebook at `path` (relative to `root`, its text `markdown`) whose bundle
 * read `inputs` (absolute paths): none when it imports no locale table.
 */
export async function localeWarnings(path: string, markdown: string, inputs: readonly string[], root: string): Promise<Warning[]> {
  const tables = inputs
    .filter((file) => LOCALE.test(file))
    .sort((a, b) => Number(!a.endsWith(`${sep}en.json`)) - Number(!b.endsWith(`${sep}en.json`)));
  if (tables.length === 0) return [];
  const read = new Map<string, string>();
  const views = inputs.filter((file) => file.includes(`${sep}src${sep}components${sep}`) && /\.[jt]s$/.test(file));
  const sources = await Promise.all(views.map((file) => readFile(file, "utf8")));
  views.forEach((file, i) => {
    const name = file.slice(file.lastIndexOf(`${sep}src${sep}`) + 1);
    for (const key of keysRead(sources[i])) if (!read.has(key)) read.set(key, name);
    for (const key of kitWordsRead(sources[i])) if (!read.has(key)) read.set(key, `${name}; the kit's own word is shown meanwhile`);
  });
  for (const key of notebookKeys(markdown)) if (!read.has(key)) read.set(key, basename(path));
  // The scenarios this page plays.
  for (const [key, who] of pageScenarioKeys(basename(path).replace(/\.md$/, ".html"))) if (!read.has(key)) read.set(key, who);
  const named = new Set([...markdown.matchAll(/data-text="([^"]+)"/g)].map((m) => m[1]));
  const warnings: Warning[] = [];
  const texts = await Promise.all(tables.map((file) => readFile(file, "utf8")));
  for (const [i, file] of tables.entries()) {
    let table: Record<string, unknown>;
    try {
      table = JSON.parse(texts[i]);
    } catch {
      continue; // the bundle has already refused a table that is not JSON
    }
    const missing = missingKeys(read, table, named);
    if (missing.length === 0) continue;
    const shown = missing
      .slice(0, NAMED)
      .map((m) => `"${m.key}" (${m.readBy})`)
      .join(", ");
    const more = missing.length > NAMED ? ` and ${missing.length - NAMED} more` : "";
    const effect = i === 0 ? "the page shows each key itself" : `the ${LOCALE.exec(file)![1]} page shows them in its first language`;
    const at = locate(markdown, relative(root, file));
    warnings.push({path, line: at.line, column: at.column, message: `locale ${relative(root, file)} lacks ${shown}${more}: ${effect}`});
  }
  return warnings;
}

/** The keys of `kitWord(t, "…")` calls in a view's source (src/components/oncall/chartWords.ts). */
export function kitWordsRead(source: string): string[] {
  return [...new Set([...source.matchAll(/\bkitWord\(\s*t\s*,\s*"([\w.-]+)"/g)].map((m) => m[1]))];
}

/** The text of each call of `name(…)` in `code`, to its closing parenthesis (strings are not parsed: a view's options hold none with parentheses that matter). */
function callsOf(code: string, name: string): string[] {
  const out: string[] = [];
  for (const match of code.matchAll(new RegExp(`\\b${name}\\(`, "g"))) {
    let depth = 0;
    for (let i = match.index! + name.length; i < code.length; i++) {
      if (code[i] === "(") depth++;
      else if (code[i] === ")" && --depth === 0) {
        out.push(code.slice(match.index!, i + 1));
        break;
      }
    }
  }
  return out;
}

/**
 * The keys a notebook's own options make the kit's views read: each `key: "…"` (a chart's series,
 * a reference line), `chart.<id>` of each chart given to chartsView, `metric.<field>` of each
 * metric given to dashboardView, `debrief.<field>` of each percentMeasure and `debrief.<id>` of each
 * measure given to debriefPanel.
 */
export function notebookKeys(markdown: string): string[] {
  const code = [...markdown.matchAll(/^```(?:js|ts|javascript)\b[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]).join("\n");
  const keys = new Set<string>();
  const each = (text: string, pattern: RegExp, key: (name: string) => string) => {
    for (const m of text.matchAll(pattern)) keys.add(key(m[1]));
  };
  each(code, /\bkey:\s*"([\w.-]+)"/g, (k) => k);
  for (const call of callsOf(code, "chartsView")) each(call, /\bid:\s*"([\w-]+)"/g, (id) => `chart.${id}`);
  for (const call of callsOf(code, "dashboardView")) each(call, /\bfield:\s*"(\w+)"/g, (field) => `metric.${field}`);
  for (const call of callsOf(code, "debriefPanel")) {
    each(call, /\bpercentMeasure\(\s*"(\w+)"/g, (field) => `debrief.${field}`);
    each(call, /\bid:\s*"(\w+)"/g, (id) => `debrief.${id}`);
  }
  return [...keys];
}

/** The line and column where the notebook names `file` (its import), else the top. */
function locate(markdown: string, file: string): {line: number; column: number} {
  const at = markdown.indexOf(basename(file.replace(/[\\/][^\\/]+$/, "")) + "/" + basename(file));
  if (at < 0) return {line: 1, column: 1};
  const before = markdown.slice(0, at).split("\n");
  return {line: before.length, column: before.at(-1)!.length + 1};
}
