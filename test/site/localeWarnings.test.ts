// A lesson's locale checks itself at build time: a key its views read by name, or its scenario's
// records make them read, that a table it imports lacks is a warning naming the key and its reader.
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {keysRead, scenarioKeys} from "../../src/components/localeKeys.js";
import {retryStorm} from "../../src/sim/retry/model.js";
import {kitWordsRead, localeWarnings, notebookKeys} from "../../src/site/localeWarnings.js";

const repo = new URL("../../", import.meta.url).pathname;
const root = mkdtempSync(join(tmpdir(), "queuebook-locale-"));
afterAll(() => rmSync(root, {recursive: true, force: true}));

/** A copy of the retry storm's English table in the temporary notebooks folder, without `drop`, and its path. */
function table(lang: string, drop: string[]): string {
  const keys = JSON.parse(readFileSync(join(repo, "notebooks/locales/retry-storm/en.json"), "utf8"));
  for (const key of drop) delete keys[key];
  mkdirSync(join(root, "locales/retry-storm"), {recursive: true});
  const file = join(root, `locales/retry-storm/${lang}.json`);
  writeFileSync(file, JSON.stringify(keys));
  return file;
}

const markdown = '```js\nimport en from "./locales/retry-storm/en.json";\nimport hu from "./locales/retry-storm/hu.json";\n```\n';
const charts = join(repo, "src/components/oncall/charts.ts");

describe("localeWarnings(path, markdown, inputs, root)", () => {
  it("names a key a bundled view reads that the English table lacks, with its reader, at the import", async () => {
    const warnings = await localeWarnings(
      "retry-storm.md",
      markdown,
      [table("en", ["log.later"]), charts, join(repo, "src/components/oncall/log.ts")],
      root
    );
    expect(warnings).toEqual([
      {
        path: "retry-storm.md",
        line: 2,
        column: 27,
        message: 'locale locales/retry-storm/en.json lacks "log.later" (src/components/oncall/log.ts): the page shows each key itself'
      }
    ]);
  });
  it("names a kit's word a view asks for with kitWord (the retry storm's chart.table, once shown raw), saying the page shows the kit's word meanwhile", async () => {
    const warnings = await localeWarnings("retry-storm.md", markdown, [table("en", ["chart.table"]), charts], root);
    expect(warnings.map((w) => w.message)).toEqual([
      `locale locales/retry-storm/en.json lacks "chart.table" (src/components/oncall/charts.ts; the kit's own word is shown meanwhile): the page shows each key itself`
    ]);
  });
  it("names the keys the notebook's own options make the views build: a chart's series and title, a dashboard metric, a debrief measure", async () => {
    const page = readFileSync(join(repo, "notebooks/retry-storm.md"), "utf8");
    const warnings = await localeWarnings(
      "retry-storm.md",
      page,
      [table("en", ["chart.load.goodput", "chart.wait", "metric.queueWaitS", "debrief.minutesDown"]), charts],
      root
    );
    expect(warnings).toHaveLength(1);
    for (const key of ["chart.load.goodput", "chart.wait", "metric.queueWaitS", "debrief.minutesDown"])
      expect(warnings[0].message).toContain(`"${key}" (retry-storm.md)`);
  });
  it("reads notebookKeys only from code fences, and kitWordsRead only from kitWord(t, …) calls", () => {
    expect(
      notebookKeys(
        'key: "prose.only"\n```js\nchartsView(t, w, Plot, f, {charts: [{id: "a", series: [{key: "chart.a.x"}]}]});\ndashboardView(t, f, {metrics: [{field: "m"}]});\n```\n'
      )
    ).toEqual(["chart.a.x", "chart.a", "metric.m"]);
    expect(kitWordsRead('kitWord(t, "chart.table"); t("x.y"); kitWord(other, "no")')).toEqual(["chart.table"]);
  });
  it("names the keys its scenario's records make the views read (a control's help), and another language's gaps as such", async () => {
    const warnings = await localeWarnings(
      "retry-storm.md",
      markdown,
      [table("en", []), table("hu", ["help.jitter", "event.slowdown"]), charts],
      root
    );
    expect(warnings.map((w) => w.message)).toEqual([
      'locale locales/retry-storm/hu.json lacks "help.jitter" (the retry-storm scenario): the hu page shows them in its first language'
    ]);
  });
  it("is quiet for a complete table, for a page without locale tables, and for the page's own named texts", async () => {
    expect(await localeWarnings("retry-storm.md", markdown, [table("en", []), charts], root)).toEqual([]);
    expect(await localeWarnings("retry-storm.md", "", [charts], root)).toEqual([]);
    const named = `${markdown}<div lang="en" data-text="chart.table">\n\nThe numbers\n\n</div>\n`;
    expect(await localeWarnings("retry-storm.md", named, [table("en", ["chart.table"]), charts], root)).toEqual([]);
  });
});

describe("keysRead(source) and scenarioKeys(scenario)", () => {
  it("reads the literal keys of t(…) calls, not the built ones", () => {
    expect(keysRead('t("chart.table"); t(\'a.b\'); t(`c.d`); t(`event.${kind}`); format(x); it("x.y"); t( "e.f", {n})')).toEqual([
      "chart.table",
      "a.b",
      "c.d",
      "e.f"
    ]);
  });
  it("lists what the retry storm's record makes the views read: controls, button, events, measures", () => {
    const keys = scenarioKeys(retryStorm);
    for (const key of [
      "control.retryBudget",
      "help.retryBudget",
      "button.restart",
      "help.restart",
      "event.surge",
      "debrief.minutesDown",
      "amount.goodputShare.more",
      "debrief.peakOffered"
    ])
      expect(keys).toContain(key);
    expect(keys).not.toContain("amount.peakOffered.more");
  });
});
