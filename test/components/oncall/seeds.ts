// The user's seed documents (test/fixtures/seeds, byte-equal copies): the on-call text in
// Hungarian, Igbo and Portuguese, read into the same keys as the page's strings, with the
// dashboard's opening values as each seed writes them. The views' words live in the locale files,
// the lesson's sentences (intro, briefs, the model's notes, the footer) in on-call.md's language
// blocks: `seedMismatches` reads each where it lives. Tests compare the page against the seeds,
// never against the files they check. A missing seed fails, it never skips.
import {readFileSync} from "node:fs";
import {readFixture} from "../../support/fixtures.js";

/** The seed file of each language, under test/fixtures/seeds/. */
export const seedFiles: Record<string, string> = {
  hu: "000_122e2c848edbbcea.txt",
  ig: "001_ba82c91a2a4564c0.txt",
  pt: "002_31e6a105aa1669de.txt"
};

const helpOrder = ["fleetMin", "autoscaling", "targetUtilization", "ttlS", "warmup", "sheddingShare", "heavyFeature", "rollback"];
const metricOrder = [
  "burn1h",
  "requests",
  "serving",
  "starting",
  "hitRate",
  "dbUtilization",
  "droppedShare",
  "fleetCostPerHour",
  "costSoFar",
  "cacheAgeS",
  "badBuildShare",
  "recommendationsShare"
];

/** A seed's sentences by locale key, and its dashboard's opening values by metric field. */
export function readSeed(lang: string): {strings: Record<string, string>; opening: Record<string, string>} {
  const lines = readFixture(`seeds/${seedFiles[lang]}`)
    .split("\n")
    .filter((line) => line.trim() !== "");
  const strings: Record<string, string> = {intro: lines[0]};
  helpOrder.forEach((name, i) => (strings[`help.${name}`] = lines[1 + i]));
  const rows = lines.filter((line) => line.startsWith("|") && !line.startsWith("|---"));
  const opening: Record<string, string> = {};
  metricOrder.forEach((field, i) => {
    const [label, value] = rows[i]
      .split("|")
      .slice(1, 3)
      .map((cell) => cell.trim());
    strings[`metric.${field}`] = label;
    opening[field] = value;
  });
  const rest = lines.slice(9).filter((line) => !line.startsWith("|"));
  const [badDeploy, surge, flush, intro, relations, footer] = rest;
  Object.assign(strings, {"brief.bad-deploy": badDeploy, "brief.surge": surge, "brief.cache-flush": flush, "model.intro": intro, footer});
  // The relations line: each note follows a relation's citations, before the next relation.
  const assumption = relations.slice(relations.indexOf("[6]") + 3, relations.indexOf("N = instances"));
  const p99End = relations.indexOf("an approximation)[3][6]") + "an approximation)[3][6]".length;
  strings["note.assumption"] = assumption;
  strings["note.approximation"] = relations.slice(p99End, relations.indexOf("busy workers"));
  strings["note.randomness"] = relations.slice(relations.lastIndexOf(assumption) + assumption.length);
  return {strings, opening};
}

/** A language block of a notebook's Markdown: its language, its text, its named text's key (a view's sentence) or its passage's number (prose in place, from 0). */
export interface ProseBlock {
  lang: string;
  text: string;
  name?: string;
  passage?: number;
  line: number;
}

/** The top-level `<div lang="…">` blocks of `markdown` as written (src/page/prose.ts): consecutive unnamed ones are one passage. */
export function proseBlocks(markdown: string): ProseBlock[] {
  const blocks: ProseBlock[] = [];
  const open = /^<div lang="([^"]+)"(?: data-text="([^"]+)")?>\n([\s\S]*?)\n<\/div>$/gm;
  let passage = -1;
  let end = -1;
  for (const match of markdown.matchAll(open)) {
    const [whole, lang, name, body] = match;
    const start = match.index!;
    if (!name && (end < 0 || markdown.slice(end, start).trim() !== "")) passage++;
    end = name ? -1 : start + whole.length;
    blocks.push({lang, text: body.trim(), line: markdown.slice(0, start).split("\n").length, ...(name ? {name} : {passage})});
  }
  return blocks;
}

/** The on-call notebook's source. */
export const onCallMarkdown = (): string => readFileSync(new URL("../../../notebooks/on-call.md", import.meta.url), "utf8");

/** Where on-call.md keeps a seed sentence that is not a view's word: the intro is its first passage, the rest named texts of their key. */
export const inNotebook: Record<string, {passage: number} | {name: string}> = {
  intro: {passage: 0},
  ...Object.fromEntries(
    [
      "brief.bad-deploy",
      "brief.surge",
      "brief.cache-flush",
      "model.intro",
      "note.assumption",
      "note.approximation",
      "note.randomness",
      "footer"
    ].map((key) => [key, {name: key}])
  )
};

/** The sentence the page shows for a seed's `key` in `lang`: the notebook's block when it lives there, else the locale table's. */
export function shownSentence(key: string, lang: string, markdown: string, table: Record<string, string>): string | undefined {
  const place = inNotebook[key];
  if (!place) return table[key];
  const block = proseBlocks(markdown).find(
    (b) => b.lang === lang && ("name" in place ? b.name === place.name : b.passage === place.passage)
  );
  return block?.text;
}

/** The seed's sentences of `lang` that the page does not show as they are (none when it keeps them all). */
export function seedMismatches(lang: string, markdown: string, table: Record<string, string>): string[] {
  return Object.entries(readSeed(lang).strings)
    .filter(([key, sentence]) => shownSentence(key, lang, markdown, table) !== sentence)
    .map(([key]) => key);
}
