// Golden debriefs: what the debrief says for a set of runs, in every language the page offers
// (on-call: en, hu, pt, ig; the retry storm: en), kept in test/components/oncall/golden/ so
// that any change to a sentence, a number or a table cell shows up in review. A mismatch writes
// <name>-changed.txt beside the golden file (test/golden.ts).
import {readFileSync} from "node:fs";
import {describe, it} from "vitest";
import type {Action} from "../../../src/sim/kit/actions.js";
import {translator} from "../../../src/components/i18n.js";
import {debriefContent, type DebriefAsk, type DebriefContent} from "../../../src/components/oncall/debriefContent.js";
import {unitFormat, withFigures} from "../../../src/components/oncall/format.js";
import {createStore} from "../../../src/components/oncall/store.js";
import {expectGolden} from "../../golden.js";

const locales = new URL("../../../notebooks/locales/", import.meta.url).pathname;
const folder = new URL("golden/", import.meta.url).pathname;
const load = (notebook: string, lang: string) => JSON.parse(readFileSync(`${locales}${notebook}/${lang}.json`, "utf8"));

/** A run kept: its scenario, seed, minute, decisions and what the learner asked for. */
interface Case {
  name: string;
  scenario: string;
  seed: number;
  minute: number;
  actions: Action[];
  ask?: DebriefAsk;
}

const oncall: Case[] = [
  {name: "minute 0", scenario: "surge", seed: 1, minute: 0, actions: []},
  {name: "free play, a longer TTL", scenario: "free", seed: 1, minute: 60, actions: [{minute: 5, set: {ttlS: 300}}]},
  {name: "bad deploy at 09:40, nothing done, the textbook not asked for", scenario: "bad-deploy", seed: 1, minute: 40, actions: []},
  {
    name: "bad deploy, a late rollback, the textbook asked for",
    scenario: "bad-deploy",
    seed: 1,
    minute: 60,
    actions: [{minute: 31, press: "rollback"}],
    ask: {textbook: true}
  },
  {
    name: "surge, autoscaling after the wave arrived, asked",
    scenario: "surge",
    seed: 1,
    minute: 120,
    actions: [{minute: 36, set: {autoscaling: true}}],
    ask: {textbook: true}
  },
  {
    name: "cache flush, half the low-priority traffic shed early",
    scenario: "cache-flush",
    seed: 1,
    minute: 120,
    actions: [{minute: 2, set: {sheddingShare: 0.5}}]
  },
  {
    name: "cache flush at the day's end, shedding half",
    scenario: "cache-flush",
    seed: 1,
    minute: 1439,
    actions: [
      {minute: 2, set: {sheddingShare: 0.5}},
      {minute: 15, press: "warmup"},
      {minute: 15, set: {heavyFeature: false}}
    ]
  }
];

const retry: Case[] = [
  {name: "retry storm at minute 40, nothing done, asked", scenario: "retry-storm", seed: 3, minute: 40, actions: [], ask: {textbook: true}},
  {
    name: "retry storm, a retry budget after the surge",
    scenario: "retry-storm",
    seed: 3,
    minute: 40,
    actions: [{minute: 20, set: {retryBudget: 0.1}}]
  }
];

/** The debrief as plain text: intro, sentences by what they are about, the table, the textbook's steps, the notes and the chart. */
function written(c: Case, content: DebriefContent): string {
  const lines = [
    `## ${c.name} (${c.scenario}, seed ${c.seed}, minute ${c.minute}${c.actions.length ? `, ${JSON.stringify(c.actions)}` : ""}${c.ask ? `, asked ${JSON.stringify(c.ask)}` : ""})`,
    content.intro
  ];
  for (const s of content.sentences) lines.push(`[${s.about}] ${s.text}`);
  if (content.table) {
    lines.push(`| | ${content.table.runs.join(" | ")} |`);
    for (const row of content.table.rows) lines.push(`| ${row.label} | ${content.table.runs.map((name) => row.cells[name]).join(" | ")} |`);
  }
  for (const step of content.textbookSteps ?? []) lines.push(`- ${step}`);
  if (content.textbookNote) lines.push(content.textbookNote);
  for (const note of content.notes) lines.push(`(${note})`);
  if (content.chart)
    lines.push(
      `chart: ${content.chart.title}; ${content.chart.lines.map((l) => l.label).join(", ")}; minutes ${content.chart.span.join("–")}`
    );
  return lines.join("\n");
}

function golden(notebook: string, lang: string, cases: Case[]): void {
  const t = withFigures(translator({en: load(notebook, "en"), [lang]: load(notebook, lang)}, lang), lang);
  const format = unitFormat(lang);
  const text = cases
    .map((c) =>
      written(
        c,
        debriefContent(
          createStore({scenario: c.scenario, seed: c.seed, minute: c.minute, actions: c.actions}).frame(),
          t,
          format,
          {},
          c.ask
        )
      )
    )
    .join("\n\n");
  expectGolden(`${folder}debrief-${notebook}.${lang}.txt`, text + "\n");
}

describe("debriefContent(frame, t, format, options, ask): golden debriefs", () => {
  for (const lang of ["en", "hu", "pt", "ig"]) it(`on-call in ${lang}`, () => golden("on-call", lang, oncall));
  it("the retry storm in en", () => golden("retry-storm", "en", retry));
});
