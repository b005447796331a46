// queuebook's command dispatcher: finds the command, turns usage errors into exit 2 with the
// usage, expected failures into one line and exit 1, and never prints a stack trace for either.
import {CommandError, UsageError, wantsHelp, type Command, type Context} from "./command.js";
import {oneLine} from "../io/oneLine.js";
import {labSummary} from "./lab/names.js";

/** The commands, loaded lazily so `queuebook sim` does not load the notebook compiler. */
const commands: Record<string, {summary: string; load: () => Promise<Command>}> = {
  dev: {summary: "preview server with live reload", load: async () => (await import("./dev.js")).command},
  build: {summary: "build notebooks into a static site", load: async () => (await import("./build.js")).command},
  export: {summary: "export one notebook as a single self-contained HTML file", load: async () => (await import("./export.js")).command},
  sim: {summary: "run the on-call simulator", load: async () => (await import("./sim.js")).command},
  lab: {summary: labSummary, load: async () => (await import("./lab/index.js")).command}
};

export const usage = `usage: queuebook <command> [options]

commands:
${Object.entries(commands)
  .map(([name, {summary}]) => `  ${name.padEnd(8)}${summary}`)
  .join("\n")}

Run "queuebook <command> --help" for a command's options.`;

/** Runs the CLI with `argv` (without node and script); returns the exit code. */
export async function main(argv: string[], options: Partial<Context> & {packageRoot: string}): Promise<number> {
  const context: Context = {
    cwd: process.cwd(),
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    env: process.env,
    ...options
  };
  const [name, ...args] = argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    (name ? context.stdout : context.stderr)(usage + "\n");
    return name ? 0 : 2;
  }
  const entry = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!entry) {
    context.stderr(`queuebook: unknown command "${name}"\n${usage}\n`);
    return 2;
  }
  const command = await entry.load();
  if (wantsHelp(args) && !command.subcommands) {
    context.stdout(command.usage + "\n");
    return 0;
  }
  try {
    return await command.run(args, context);
  } catch (error) {
    if (error instanceof UsageError) {
      context.stderr(`queuebook ${error.commandName ?? command.name}: ${error.message}\n${error.usage ?? command.usage}\n`);
      return 2;
    }
    if (error instanceof CommandError) {
      context.stderr(`queuebook ${error.commandName ?? command.name}: ${error.message}\n`);
      return error.code;
    }
    // A failure nobody foresaw: still one line (the stack only when asked for), exit 1.
    if (context.env.QUEUEBOOK_DEBUG) throw error;
    const message = oneLine(String((error as Error)?.message ?? error).split("\n")[0]).slice(0, 300);
    context.stderr(`queuebook ${command.name}: internal error: ${message} (QUEUEBOOK_DEBUG=1 shows the stack trace)\n`);
    return 1;
  }
}
