// `queuebook sim`: runs the on-call simulator from the terminal and prints its minutes as a
// table, CSV or JSON. The model is src/sim; this file only parses flags and formats output.
import {readFileSync} from "node:fs";
import {resolve} from "node:path";
import {MAX_MINUTES, isScenarioName, metricFields, run, scenarioNames, scenarios, validateActions, type Action, type MinuteMetrics} from "../sim/index.js";
import {UsageError, type Command, type Context} from "./command.js";
import {integerFlag, parseFlags} from "./flags.js";

const formats = ["table", "csv", "json"] as const;
type Format = (typeof formats)[number];

const usage = `usage: queuebook sim [options]

Runs the on-call simulator minute by minute and prints each minute's dashboard.

options:
  --scenario NAME   ${scenarioNames.join(" | ")} (default free)
  --seed N          seed of the random generator, 0 to 4294967295 (default 1)
  --minutes M       minutes to simulate, 1 to ${MAX_MINUTES} (default 60)
  --actions FILE    JSON array of timed actions, e.g.
                    [{"minute": 12, "press": "rollback"},
                     {"minute": 15, "set": {"autoscaling": true, "targetUtilization": 0.6}}]
                    controls: fleetMin, autoscaling, targetUtilization, ttlS, sheddingShare,
                    heavyFeature, bootDelayMin; buttons: rollback, warmup
  --format F        table | csv | json (default table)
  -h, --help        show this help`;

const footer = "Educational model, not for operational decisions. Real sites calibrate every constant to their own equipment and data.";

/** Reads and validates the actions file, or throws a UsageError naming the problem. */
function readActions(file: string, cwd: string, minutes: number): Action[] {
  let text: string;
  try {
    text = readFileSync(resolve(cwd, file), "utf8");
  } catch (error) {
    throw new UsageError(`cannot read actions file ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`actions file ${file} is not valid JSON: ${(error as Error).message.replace(/\s+/g, " ")}`);
  }
  const {actions, errors} = validateActions(json, {minutes});
  if (errors.length) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? "s" : ""})` : "";
    throw new UsageError(`actions file ${file}: ${errors[0]}${more}`);
  }
  return actions;
}

const percent = (x: number) => `${(100 * x).toFixed(0)}%`;

/** The table columns: header, width and how to show a value. */
const columns: [string, number, (m: MinuteMetrics) => string][] = [
  ["clock", 5, (m) => m.clock],
  ["req/s", 6, (m) => m.requests.toFixed(0)],
  ["serve", 5, (m) => String(m.serving)],
  ["start", 5, (m) => String(m.starting)],
  ["util", 5, (m) => percent(m.utilization)],
  ["hit", 4, (m) => percent(m.hitRate)],
  ["DB", 4, (m) => percent(m.dbUtilization)],
  ["drop", 4, (m) => percent(m.droppedShare)],
  ["errors", 6, (m) => `${(100 * m.errorRate).toFixed(2)}%`],
  ["p99ms", 5, (m) => m.p99Ms.toFixed(0)],
  ["burn1h", 6, (m) => `${m.burn1h.toFixed(1)}×`],
  // "FIRED" from the minute the fast-burn page fires (latched, as in the JSON's alert).
  ["alert", 5, (m) => (m.alert ? "FIRED" : "-")],
  ["budget", 6, (m) => `${(100 * m.budgetLeft).toFixed(1)}%`],
  ["$/h", 6, (m) => m.fleetCostPerHour.toFixed(2)],
  ["$total", 7, (m) => m.costSoFar.toFixed(2)],
  ["age", 5, (m) => `${m.cacheAgeS.toFixed(0)}s`],
  ["bad", 4, (m) => percent(m.badBuildShare)],
  ["recs", 4, (m) => percent(m.recommendationsShare)]
];

/** Formats the metrics in `format`, ending with a newline. */
export function formatMetrics(metrics: MinuteMetrics[], format: Format, title = ""): string {
  if (format === "json") return `[\n${metrics.map((m) => JSON.stringify(m)).join(",\n")}\n]\n`;
  if (format === "csv") {
    const rows = metrics.map((m) => metricFields.map((field) => String(m[field])).join(","));
    return `${metricFields.join(",")}\n${rows.join("\n")}\n`;
  }
  const line = (cells: string[]) => cells.map((cell, i) => cell.padStart(columns[i][1])).join("  ");
  const rows = metrics.map((m) => line(columns.map(([, , show]) => show(m))));
  return `${title ? title + "\n\n" : ""}${line(columns.map(([name]) => name))}\n${rows.join("\n")}\n\n${footer}\n`;
}

/** `queuebook sim [--scenario …] [--seed N] [--minutes M] [--actions FILE] [--format …]`. */
export const command: Command = {
  name: "sim",
  summary: "run the on-call simulator",
  usage,
  async run(args: string[], context: Context): Promise<number> {
    const {values} = parseFlags(args, {
      scenario: {type: "string"},
      seed: {type: "string"},
      minutes: {type: "string"},
      actions: {type: "string"},
      format: {type: "string"}
    });
    const scenario = values.scenario ?? "free";
    if (!isScenarioName(scenario)) throw new UsageError(`unknown scenario "${scenario}" (scenarios: ${scenarioNames.join(", ")})`);
    const seed = integerFlag("--seed", values.seed, 1, 0, 0xffffffff);
    const minutes = integerFlag("--minutes", values.minutes, 60, 1, MAX_MINUTES);
    const format = (values.format ?? "table") as Format;
    if (!formats.includes(format)) throw new UsageError(`unknown format "${format}" (formats: ${formats.join(", ")})`);
    const actions = values.actions === undefined ? [] : readActions(values.actions, context.cwd, minutes);
    const metrics = run(scenario, {seed, minutes, actions});
    const title = `${scenarios[scenario].title} (${scenario}), seed ${seed}, ${minutes} minute${minutes === 1 ? "" : "s"}${actions.length ? `, ${actions.length} action${actions.length === 1 ? "" : "s"}` : ""}`;
    context.stdout(formatMetrics(metrics, format, title));
    return 0;
  }
};
