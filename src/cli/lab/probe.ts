// `queuebook lab probe <URL> [count]`: idle response times, one request at a time.
import {CommandError} from "../command.js";
import {formatProbe} from "../../lab/csv.js";
import {probe} from "../../lab/probe.js";
import {expectArgs, integerArg, urlArg, type Subcommand} from "./args.js";

const usage = `usage: queuebook lab probe <URL> [count]

Sends <count> GETs (default 6) one at a time, each on a new connection like curl, and prints
each total time in seconds, one per line (curl -s -o /dev/null -w '%{time_total}\\n').`;

/** The probe subcommand. */
export const subcommand: Subcommand = {
  name: "probe",
  summary: "idle response times",
  usage,
  async run(args, context) {
    expectArgs(args, 1, 2);
    const url = urlArg(args[0]);
    const count = args[1] === undefined ? 6 : integerArg("count", args[1], 1, 10_000);
    let times: number[];
    try {
      times = await probe(url, count);
    } catch (error) {
      throw new CommandError((error as Error).message);
    }
    context.stdout(formatProbe(times));
    return 0;
  }
};
