// `queuebook lab server <port> <service_ms> <workers>`: runs the lab server on 127.0.0.1 until
// SIGINT or SIGTERM.
import {CommandError} from "../command.js";
import {close, createLabServer, defaultMaxRecords, listen} from "../../lab/server.js";
import {expectArgs, integerArg, timerMsArg, type Subcommand} from "./args.js";

const usage = `usage: queuebook lab server <port> <service_ms> <workers>

Serves on 127.0.0.1:<port> (0 picks a free port; the first stdout line names it):
  GET /work   holds one of <workers> slots for <service_ms> (a timer, not CPU), FIFO, then 200
  GET /reset  clears the records
  GET /dump   CSV seq,arrive,start,end,qlen (seconds since start or the last reset; qlen counts
              the requests in the system at that arrival, itself included, so max(qlen) is the
              maximum concurrency)
Other paths answer 404, other methods 405. At ${defaultMaxRecords.toLocaleString("en")} records /work answers 503
until /reset. Stops cleanly on SIGINT or SIGTERM.`;

/** The lab server subcommand. */
export const subcommand: Subcommand = {
  name: "server",
  summary: "the lab server",
  usage,
  async run(args, context) {
    expectArgs(args, 3);
    const port = integerArg("port", args[0], 0, 65535);
    const serviceMs = timerMsArg("service_ms", args[1], true);
    const workers = integerArg("workers", args[2], 1, 100_000);
    const {server} = createLabServer({serviceMs, workers, log: (message) => context.stderr(message + "\n")});
    let bound: number;
    try {
      bound = await listen(server, port);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EADDRINUSE") throw new CommandError(`port ${port} is in use`);
      if (code === "EACCES") throw new CommandError(`no permission to listen on port ${port}`);
      throw new CommandError(`cannot listen on port ${port}: ${(error as Error).message}`);
    }
    // The handlers go in before "listening" is printed, so a signal right after it is clean.
    const stopped = new Promise<string>((resolve) => {
      const stop = (name: string) => {
        process.off("SIGINT", onInt).off("SIGTERM", onTerm);
        resolve(name);
      };
      const onInt = () => stop("SIGINT");
      const onTerm = () => stop("SIGTERM");
      process.on("SIGINT", onInt).on("SIGTERM", onTerm);
    });
    context.stdout(`listening on http://127.0.0.1:${bound} (service ${serviceMs} ms, ${workers} workers)\n`);
    const signal = await stopped;
    await close(server);
    context.stderr(`lab server: stopped (${signal})\n`);
    return 0;
  }
};
