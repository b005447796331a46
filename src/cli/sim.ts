// `queuebook sim`: runs the on-call simulator from the terminal and prints its minutes as a
// table, CSV or JSON. The model is src/sim; this file only parses flags and formats output.
import {closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats} from "node:fs";
import {resolve} from "node:path";
import {
  MAX_ACTIONS_BYTES, MAX_LINK_ACTIONS, MAX_MINUTES, MAX_SEED, cutText, decodeRunLink, isScenarioName, metricFields, parseActionsJson, replayOptions,
  run, runLinkUrl, runValueOf, scenarioNames, scenarios, validateActions, type Action, type MinuteMetrics, type RunLink, type ScenarioName
} from "../sim/index.js";
import {CommandError, UsageError, type Command, type Context} from "./command.js";
import {integerFlag, parseFlags} from "./flags.js";

const formats = ["table", "csv", "json"] as const;
type Format = (typeof formats)[number];

const usage = `usage: queuebook sim [options]

Runs the on-call simulator minute by minute and prints each minute's dashboard.

options:
  --scenario NAME   ${scenarioNames.join(" | ")} (default free)
  --seed N          seed of the random generator, 0 to ${MAX_SEED} (default 1)
  --minutes M       minutes to simulate, 1 to ${MAX_MINUTES} (default 60)
  --actions FILE    JSON array of timed actions (a regular file, at most 4 MB), e.g.
                    [{"minute": 12, "press": "rollback"},
                     {"minute": 15, "set": {"autoscaling": true, "targetUtilization": 0.6}}]
                    controls: fleetMin, autoscaling, targetUtilization, ttlS, sheddingShare,
                    heavyFeature, bootDelayMin; buttons: rollback, warmup
  --format F        table | csv | json (default table)
  --link            print the notebook link of the run at its last minute instead,
                    on-call.html#run=v1_<scenario>_s<seed>_m<minute>_<actions…>
  --run LINK        replay a notebook link (the whole link, its #hash, or the run= value):
                    its scenario, seed, decisions and minutes 0 … its minute; not with
                    --scenario, --seed, --minutes or --actions
  -h, --help        show this help`;

const footer = "Educational model, not for operational decisions. Real sites calibrate every constant to their own equipment and data.";

/** The flags of `sim`; a value after one of them is its value even when it starts with "-". */
const flagOptions = {
  scenario: {type: "string"},
  seed: {type: "string"},
  minutes: {type: "string"},
  actions: {type: "string"},
  format: {type: "string"},
  link: {type: "boolean"},
  run: {type: "string"}
} as const;

/** What a non-regular file is, for the message. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * The text of an actions file: only a regular file, at most MAX_ACTIONS_BYTES. The file is
 * checked before it is opened (a FIFO would block the open, /dev/zero never ends), opened
 * without blocking, checked again, and read with a cap, so nothing hangs or fills memory.
 */
function readActionsText(file: string, cwd: string): string {
  const path = resolve(cwd, file);
  const name = cutText(file);
  const fail = (problem: string) => new UsageError(`actions file ${name} ${problem}`);
  const notRegular = (stats: Stats) => fail(`is ${kindOf(stats)}, not a regular file`);
  // Our own refusals pass through; anything the file system threw is named by its code.
  const cannotRead = (error: unknown) =>
    error instanceof UsageError ? error : new UsageError(`cannot read actions file ${name} (${(error as NodeJS.ErrnoException).code ?? "unknown error"})`);
  let fd: number;
  try {
    const stats = statSync(path);
    if (!stats.isFile()) throw notRegular(stats);
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw cannotRead(error);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw notRegular(stats);
    const tooLarge = () => fail(`is larger than ${MAX_ACTIONS_BYTES / 1024 / 1024} MB`);
    if (stats.size > MAX_ACTIONS_BYTES) throw tooLarge();
    const buffer = Buffer.alloc(MAX_ACTIONS_BYTES + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    if (length > MAX_ACTIONS_BYTES) throw tooLarge();
    return buffer.toString("utf8", 0, length);
  } catch (error) {
    throw cannotRead(error);
  } finally {
    closeSync(fd);
  }
}

/** Reads and validates the actions file, or throws a UsageError naming the problem. */
function readActions(file: string, cwd: string, minutes: number): Action[] {
  const parsed = parseActionsJson(readActionsText(file, cwd));
  if (!parsed.ok) throw new UsageError(`actions file ${cutText(file)}: ${parsed.error}`);
  const {actions, errors} = validateActions(parsed.json, {minutes});
  if (errors.length) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? "s" : ""})` : "";
    throw new UsageError(`actions file ${cutText(file)}: ${errors[0]}${more}`);
  }
  return actions;
}

/** The run a --run link names, or a UsageError with the link's notice. */
function readRunLink(text: string): RunLink {
  const value = runValueOf(text);
  if (value === undefined) throw new UsageError("--run: no run= part in the link (expected on-call.html#run=v1_…)");
  const result = decodeRunLink(value);
  if (!result.ok) throw new UsageError(`--run: ${result.notice}`);
  return result.run;
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

/** `queuebook sim [--scenario …] [--seed N] [--minutes M] [--actions FILE] [--format …] [--link] [--run LINK]`. */
export const command: Command = {
  name: "sim",
  summary: "run the on-call simulator",
  usage,
  async run(args: string[], context: Context): Promise<number> {
    const {values} = parseFlags(args, flagOptions);
    const format = (values.format ?? "table") as Format;
    if (!formats.includes(format)) throw new UsageError(`unknown format "${cutText(format)}" (formats: ${formats.join(", ")})`);
    if (values.link && values.format !== undefined) throw new UsageError("--link prints a link: leave out --format");
    let scenario: ScenarioName, seed: number, minutes: number, actions: readonly Action[], lang: string | undefined;
    if (values.run !== undefined) {
      const clash = (["scenario", "seed", "minutes", "actions"] as const).find((name) => values[name] !== undefined);
      if (clash) throw new UsageError(`--run replays the link's own run: leave out --${clash}`);
      const link = readRunLink(values.run);
      ({scenario, lang} = link);
      ({seed, minutes, actions} = replayOptions(link));
    } else {
      const name = values.scenario ?? "free";
      if (!isScenarioName(name)) throw new UsageError(`unknown scenario "${cutText(name)}" (scenarios: ${scenarioNames.join(", ")})`);
      scenario = name;
      seed = integerFlag("--seed", values.seed, 1, 0, MAX_SEED);
      minutes = integerFlag("--minutes", values.minutes, 60, 1, MAX_MINUTES);
      actions = values.actions === undefined ? [] : readActions(values.actions, context.cwd, minutes);
    }
    if (values.link) {
      if (actions.length > MAX_LINK_ACTIONS) throw new UsageError(`a link holds at most ${MAX_LINK_ACTIONS} actions, the run has ${actions.length}`);
      const link: RunLink = {scenario, seed, actions: [...actions], minute: minutes - 1};
      if (lang !== undefined) link.lang = lang;
      let url: string;
      try {
        url = runLinkUrl(link);
      } catch (error) {
        throw new UsageError(`this run does not fit in a link: ${cutText((error as Error).message, 120)}`);
      }
      context.stdout(url + "\n");
      return 0;
    }
    let metrics: MinuteMetrics[];
    try {
      metrics = run(scenario, {seed, minutes, actions});
    } catch (error) {
      // Everything was validated above; a RangeError here would be the model's own bug.
      throw new CommandError(`the run failed: ${cutText((error as Error).message, 200)}`);
    }
    const title = `${scenarios[scenario].title} (${scenario}), seed ${seed}, ${minutes} minute${minutes === 1 ? "" : "s"}${actions.length ? `, ${actions.length} action${actions.length === 1 ? "" : "s"}` : ""}`;
    context.stdout(formatMetrics(metrics, format, title));
    return 0;
  }
};
