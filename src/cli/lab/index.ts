// `queuebook lab <subcommand>`: the arrival lab's tools, one file per subcommand. This file
// only dispatches, prints help, and names usage errors after the subcommand ("lab gen").
import {CommandError, UsageError, wantsHelp, type Command} from "../command.js";
import {oneLine} from "../../io/oneLine.js";
import {WriteError} from "../../io/write.js";
import {LabInputError} from "../../lab/table.js";
import type {Subcommand} from "./args.js";
import {labSummary, type LabSubcommandName} from "./names.js";

const subcommands: Record<LabSubcommandName, () => Promise<Subcommand>> = {
  server: async () => (await import("./server.js")).subcommand,
  gen: async () => (await import("./gen.js")).subcommand,
  closed: async () => (await import("./closed.js")).subcommand,
  probe: async () => (await import("./probe.js")).subcommand,
  analyze: async () => (await import("./analyze.js")).subcommand,
  record: async () => (await import("./record.js")).subcommand,
  grade: async () => (await import("./grade.js")).subcommand,
  k6: async () => (await import("./k6.js")).subcommand
};

const usage = `usage: queuebook lab <subcommand> [arguments]

subcommands:
  server <port> <service_ms> <workers>                       the lab server (GET /work, /reset, /dump)
  gen <even|poisson|burst> <count> <rate> <seed> <out.csv> [URL]
                                                             write a plan, or send it open loop
  closed <URL> <users> <think_s> <duration_s> <out.csv>      closed-loop virtual users
  probe <URL> [count]                                        idle response times, one at a time
  analyze <dir>                                              the lab's answer files from its CSVs
  record [--out DIR]                                         the whole lab end to end (30–40 s)
  grade <dir>                                                check a lab folder against the lab's rules
  k6 <even|poisson|burst> <count> <rate> <seed> <URL> [-o script.js]
                                                             a k6 script sending gen's schedule open loop

Run "queuebook lab <subcommand> --help" for its arguments.`;

/** The lab command: dispatches to src/cli/lab/<subcommand>.ts. */
export const command: Command = {
  name: "lab",
  summary: labSummary,
  usage,
  subcommands: true,
  async run(args, context) {
    const [name, ...rest] = args;
    if (name === "--help" || name === "-h" || name === "help") return (context.stdout(usage + "\n"), 0);
    if (name === undefined) throw new UsageError("missing subcommand", usage);
    if (!Object.hasOwn(subcommands, name)) throw new UsageError(`unknown subcommand ${JSON.stringify(name)}`, usage);
    const subcommand = await subcommands[name as LabSubcommandName]();
    if (wantsHelp(rest)) return (context.stdout(subcommand.usage + "\n"), 0);
    try {
      return await subcommand.run(rest, context);
    } catch (error) {
      // An argument or a path may carry control characters (a newline in a file name): one line, escaped.
      if (error instanceof UsageError && !error.commandName)
        throw new UsageError(oneLine(error.message), error.usage ?? subcommand.usage, `lab ${name}`);
      if (error instanceof CommandError && !error.commandName) throw new CommandError(oneLine(error.message), error.code, `lab ${name}`);
      // Expected failures from the lab's modules: bad input files, an output that cannot be written.
      if (error instanceof LabInputError || error instanceof WriteError) throw new CommandError(oneLine(error.message), 1, `lab ${name}`);
      throw error;
    }
  }
};
