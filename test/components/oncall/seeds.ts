// The user's seed documents (test/fixtures/seeds, byte-equal copies): the on-call text in
// Hungarian, Igbo and Portuguese, read into the same keys as the page's locale files, with the
// dashboard's opening values as each seed writes them. Tests compare the page against the
// seeds, never against the locale files they check. A missing seed fails, it never skips.
import {readFixture} from "../../support/fixtures.js";

/** The seed file of each language, under test/fixtures/seeds/. */
export const seedFiles: Record<string, string> = {hu: "000_122e2c848edbbcea.txt", ig: "001_ba82c91a2a4564c0.txt", pt: "002_31e6a105aa1669de.txt"};

const helpOrder = ["fleetMin", "autoscaling", "targetUtilization", "ttlS", "warmup", "sheddingShare", "heavyFeature", "rollback"];
const metricOrder = ["burn1h", "requests", "serving", "starting", "hitRate", "dbUtilization", "droppedShare", "fleetCostPerHour", "costSoFar", "cacheAgeS", "badBuildShare", "recommendationsShare"];

/** A seed's sentences by locale key, and its dashboard's opening values by metric field. */
export function readSeed(lang: string): {strings: Record<string, string>; opening: Record<string, string>} {
  const lines = readFixture(`seeds/${seedFiles[lang]}`).split("\n").filter((line) => line.trim() !== "");
  const strings: Record<string, string> = {intro: lines[0]};
  helpOrder.forEach((name, i) => (strings[`help.${name}`] = lines[1 + i]));
  const rows = lines.filter((line) => line.startsWith("|") && !line.startsWith("|---"));
  const opening: Record<string, string> = {};
  metricOrder.forEach((field, i) => {
    const [label, value] = rows[i].split("|").slice(1, 3).map((cell) => cell.trim());
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
