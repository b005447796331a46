// `queuebook sim`: runs a scenario (a shipped one by name, or a scenario record from a JSON file)
// from the terminal and prints its minutes as a table, CSV or JSON. The models are src/sim; this
// file only parses flags, reads files and formats output.
import type {Stats} from "node:fs";
import {resolve} from "node:path";
import {readBoundedSync} from "../io/readBounded.js";
import {
  MAX_ACTIONS_BYTES,
  MAX_LINK_ACTIONS,
  MAX_MINUTES,
  MAX_SEED,
  catalog,
  checkScenario,
  cutText,
  decodeRunLink,
  findScenario,
  modelOf,
  parseActionsJson,
  replayOptions,
  runLinkUrl,
  runValueOf,
  validateActions,
  type Action,
  type ControlSpec,
  type MetricsRow,
  type MinuteMetrics,
  type RunLink,
  type Scenario,
  type SimModel
} from "../sim/index.js";
import {CommandError, UsageError, wantsHelp, type Command, type Context} from "./command.js";
import {integerFlag, parseFlags} from "./flags.js";

const formats = ["table", "csv", "json"] as const;
type Format = (typeof formats)[number];

/** One control of a model in the help: its name and what it takes (range, unit, named choices). */
function controlLine(name: string, spec: ControlSpec): string {
  let takes: string;
  if (spec.type === "boolean") takes = "true | false";
  else if (spec.choices) takes = spec.choices.map((choice, i) => `${spec.min + i} ${choice}`).join(" | ");
  else
    takes = `${spec.type === "integer" ? "integer " : ""}${spec.min} … ${spec.max}${spec.share ? " (a share)" : spec.unit ? ` ${spec.unit}` : ""}`;
  return `                      ${name.padEnd(18)} ${takes}`;
}

/**
 * The help of `sim`, naming the controls, buttons and events of `model` (the on-call model's
 * unless a --scenario names another): `sim --scenario retry-storm --help` lists the retry model's.
 */
export function usageFor(model: SimModel, scenario = "free"): string {
  return `usage: queuebook sim [options]

Runs a scenario of the on-call simulator (or of a lesson's model) minute by minute and
prints each minute's dashboard.

options:
  --scenario NAME   ${catalog.map((c) => c.name).join(" | ")} (default free),
                    or FILE.json, a scenario record (name, model, clock, events, …;
                    see src/sim/README.md); with --run, the file of the link's scenario
  --seed N          seed of the random generator, 0 to ${MAX_SEED} (default 1)
  --minutes M       minutes to simulate, 1 to ${MAX_MINUTES} (default 60)
  --actions FILE    JSON array of timed actions (a regular file, at most 4 MB), e.g.
                    [{"minute": 12, "press": "${model.buttons[0] ?? "button"}"},
                     {"minute": 15, "set": {"${Object.keys(model.controls)[0] ?? "control"}": …}}]
                    the ${model.name} model's (scenario ${scenario}; \`sim --scenario NAME --help\`
                    lists another's):
                    controls:
${Object.entries(model.controls)
  .map(([name, spec]) => controlLine(name, spec))
  .join("\n")}
                    buttons: ${model.buttons.join(", ") || "none"}
                    events: ${Object.keys(model.eventKinds).join(", ") || "none"}
  --format F        table | csv | json (default table)
  --link            print the notebook link of the run at its last minute instead,
                    on-call.html#run=v1_<scenario>_s<seed>_m<minute>_<actions…>
  --run LINK        replay a notebook link (the whole link, its #hash, or the run= value):
                    its scenario, seed, decisions and minutes 0 … its minute; not with
                    --seed, --minutes or --actions
  -h, --help        show this help (with --scenario: that scenario's model)`;
}

const usage = usageFor(modelOf({}));

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

/** The text of an actions or scenario file: only a regular file, at most MAX_ACTIONS_BYTES (src/io/readBounded.ts: nothing hangs or fills memory). */
function readInputText(file: string, cwd: string, what: string): string {
  const read = readBoundedSync(resolve(cwd, file), MAX_ACTIONS_BYTES);
  const name = cutText(file);
  switch (read.problem) {
    case undefined:
      return read.bytes.toString("utf8");
    case "folder":
    case "not-regular":
      throw new UsageError(`${what} file ${name} is ${kindOf(read.stats)}, not a regular file`);
    case "too-large":
      throw new UsageError(`${what} file ${name} is larger than ${MAX_ACTIONS_BYTES / 1024 / 1024} MB`);
    default:
      throw new UsageError(`cannot read ${what} file ${name} (${read.code})`);
  }
}

/** The first problem, and how many more there are, on one line. */
function firstProblem(errors: readonly string[]): string {
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? "s" : ""})` : "";
  return `${errors[0]}${more}`;
}

/** Reads and validates the actions file against the scenario's model, or throws a UsageError naming the problem. */
function readActions(file: string, cwd: string, minutes: number, model: SimModel): Action[] {
  const parsed = parseActionsJson(readInputText(file, cwd, "actions"));
  if (!parsed.ok) throw new UsageError(`actions file ${cutText(file)}: ${parsed.error}`);
  const {actions, errors} = validateActions(parsed.json, {minutes, vocabulary: model});
  if (errors.length) throw new UsageError(`actions file ${cutText(file)}: ${firstProblem(errors)}`);
  return actions;
}

/** A shipped scenario by name, or a scenario record read from a JSON file and checked. */
function readScenario(value: string, cwd: string): Scenario {
  const shipped = findScenario(value);
  if (shipped) return shipped;
  if (!/\.json$/i.test(value))
    throw new UsageError(`unknown scenario "${cutText(value)}" (scenarios: ${catalog.map((c) => c.name).join(", ")}, or a .json file)`);
  const parsed = parseActionsJson(readInputText(value, cwd, "scenario"));
  if (!parsed.ok) throw new UsageError(`scenario file ${cutText(value)}: ${parsed.error}`);
  const check = checkScenario(parsed.json);
  if (!check.ok) throw new UsageError(`scenario file ${cutText(value)}: ${firstProblem(check.errors)}`);
  return check.scenario;
}

/** The run a --run link names (its scenario shipped, or `own`), or a UsageError with the link's notice. */
function readRunLink(text: string, own: Scenario | null): RunLink {
  const value = runValueOf(text);
  if (value === undefined) throw new UsageError("--run: no run= part in the link (expected on-call.html#run=v1_…)");
  const result = decodeRunLink(value, own ? (name) => (name === own.name ? own : findScenario(name)) : findScenario);
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

/** A column of another model's table: its field, written to 4 significant digits. */
function genericColumns(fields: readonly string[]): [string, number, (m: MetricsRow) => string][] {
  const show = (value: unknown) =>
    typeof value === "number"
      ? Number.isInteger(value)
        ? String(value)
        : String(Number(value.toPrecision(4)))
      : value === true
        ? "FIRED"
        : value === false
          ? "-"
          : String(value);
  return fields.filter((f) => f !== "minute").map((field) => [field, Math.max(5, field.length), (m) => show(m[field])]);
}

/** Formats the metrics in `format`, ending with a newline; `fields` are the model's (on-call's by default, with its table). */
export function formatMetrics(metrics: readonly MetricsRow[], format: Format, title = "", fields: readonly string[] | null = null): string {
  const names = fields ?? (modelOf({}).fields as readonly string[]);
  if (format === "json") return `[\n${metrics.map((m) => JSON.stringify(m)).join(",\n")}\n]\n`;
  if (format === "csv") {
    const rows = metrics.map((m) => names.map((field) => String(m[field])).join(","));
    return `${names.join(",")}\n${rows.join("\n")}\n`;
  }
  const table = (fields ? genericColumns(fields) : columns) as [string, number, (m: MetricsRow) => string][];
  const line = (cells: string[]) => cells.map((cell, i) => cell.padStart(table[i][1])).join("  ");
  const rows = metrics.map((m) => line(table.map(([, , show]) => show(m))));
  return `${title ? title + "\n\n" : ""}${line(table.map(([name]) => name))}\n${rows.join("\n")}\n\n${footer}\n`;
}

/** `queuebook sim [--scenario …] [--seed N] [--minutes M] [--actions FILE] [--format …] [--link] [--run LINK]`. */
export const command: Command = {
  name: "sim",
  summary: "run the on-call simulator",
  usage,
  // Its help names the controls of the model its --scenario names (main leaves --help to it).
  subcommands: true,
  async run(args: string[], context: Context): Promise<number> {
    if (wantsHelp(args)) {
      const {values} = parseFlags(args, {...flagOptions, help: {type: "boolean", short: "h"}});
      const scenario = readScenario(values.scenario ?? "free", context.cwd);
      context.stdout(usageFor(modelOf(scenario), scenario.name) + "\n");
      return 0;
    }
    const {values} = parseFlags(args, flagOptions);
    const format = (values.format ?? "table") as Format;
    if (!formats.includes(format)) throw new UsageError(`unknown format "${cutText(format)}" (formats: ${formats.join(", ")})`);
    if (values.link && values.format !== undefined) throw new UsageError("--link prints a link: leave out --format");
    let scenario: Scenario, seed: number, minutes: number, actions: readonly Action[], lang: string | undefined;
    if (values.run !== undefined) {
      const clash = (["seed", "minutes", "actions"] as const).find((name) => values[name] !== undefined);
      if (clash) throw new UsageError(`--run replays the link's own run: leave out --${clash}`);
      // A scenario file may come with a link: it supplies the scenario the link names.
      const own = values.scenario === undefined ? null : readScenario(values.scenario, context.cwd);
      if (own && findScenario(values.scenario!) === own)
        throw new UsageError("--run replays the link's own scenario: leave out --scenario (or give the scenario's JSON file)");
      const link = readRunLink(values.run, own);
      scenario = own && own.name === link.scenario ? own : findScenario(link.scenario)!;
      lang = link.lang;
      ({seed, minutes, actions} = replayOptions(link));
    } else {
      scenario = readScenario(values.scenario ?? "free", context.cwd);
      seed = integerFlag("--seed", values.seed, 1, 0, MAX_SEED);
      minutes = integerFlag("--minutes", values.minutes, 60, 1, MAX_MINUTES);
      actions = values.actions === undefined ? [] : readActions(values.actions, context.cwd, minutes, modelOf(scenario));
    }
    const model = modelOf(scenario);
    if (values.link) {
      if (actions.length > MAX_LINK_ACTIONS)
        throw new UsageError(`a link holds at most ${MAX_LINK_ACTIONS} actions, the run has ${actions.length}`);
      const link: RunLink = {scenario: scenario.name, seed, actions: [...actions], minute: minutes - 1};
      if (lang !== undefined) link.lang = lang;
      let url: string;
      try {
        url = runLinkUrl(link, scenario.page ?? "on-call.html", (name) => (name === scenario.name ? scenario : findScenario(name)));
      } catch (error) {
        throw new UsageError(`this run does not fit in a link: ${cutText((error as Error).message, 120)}`);
      }
      context.stdout(url + "\n");
      return 0;
    }
    let metrics: MetricsRow[];
    try {
      metrics = model.simulate(scenario, {seed, minutes, actions}).metrics;
    } catch (error) {
      // Everything was validated above; a RangeError here would be the model's own bug.
      throw new CommandError(`the run failed: ${cutText((error as Error).message, 200)}`);
    }
    const title = `${cutText(scenario.title, 80)} (${scenario.name}), seed ${seed}, ${minutes} minute${minutes === 1 ? "" : "s"}${actions.length ? `, ${actions.length} action${actions.length === 1 ? "" : "s"}` : ""}`;
    context.stdout(formatMetrics(metrics, format, title, model.name === "oncall" ? null : model.fields));
    return 0;
  }
};
