// The contract every queuebook command implements: one file per command under src/cli/.
// Side effects come in through Context so tests can run a command in-process.

/** What a command may touch: its output streams, working directory and environment. */
export interface Context {
  packageRoot: string;
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
}

/** One CLI command: `run` returns the exit code. */
export interface Command {
  name: string;
  /** One line for the top-level help. */
  summary: string;
  /** Full usage text printed by --help and after a usage error. */
  usage: string;
  /** True when the command handles --help itself: lab (its subcommands), sim (its --scenario's model). */
  subcommands?: boolean;
  run(args: string[], context: Context): Promise<number>;
}

/**
 * Bad arguments: main prints "queuebook <cmd>: <message>" and the usage, exit 2.
 * A subcommand passes its own usage and full name ("lab gen").
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly usage?: string,
    readonly commandName?: string
  ) {
    super(message);
  }
}

/** An expected failure (missing folder, port in use): one line on stderr, exit 1 (or `code`). */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly code = 1,
    readonly commandName?: string
  ) {
    super(message);
  }
}

/** True when args ask for help. */
export function wantsHelp(args: string[]): boolean {
  return args.includes("--help") || args.includes("-h");
}
