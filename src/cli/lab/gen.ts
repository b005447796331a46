// `queuebook lab gen <even|poisson|burst> <count> <rate> <seed> <out.csv> [URL]`: writes the
// plan, or sends it open loop and writes what happened.
import {UsageError} from "../command.js";
import {formatPlan, formatRun} from "../../lab/csv.js";
import {writeFileAtomic} from "../../io/write.js";
import {httpTransport, loadAgent} from "../../lab/http.js";
import {sendOpenLoop} from "../../lab/openLoop.js";
import {isShape, schedule, shapes} from "../../lab/schedule.js";
import {expectArgs, integerArg, outputArg, rateArg, urlArg, type Subcommand} from "./args.js";

const usage = `usage: queuebook lab gen <even|poisson|burst> <count> <rate> <seed> <out.csv> [URL]

Without URL writes the plan, CSV i,intended (seconds from the start):
  even     interval 1/rate
  poisson  exponential intervals with mean 1/rate (mulberry32(seed), inverse CDF)
  burst    groups of 12 at (i // 12) * (12 / rate)
With URL sends each request at its intended time, open loop (a slow answer never delays the
next send), and writes i,intended,sent,received,code,error; code 0 with an error means no
HTTP answer (refused, reset, timeout). The file appears only when complete. The rate is at
most 1,000,000/s, and count / rate at most 2147483.647 s (what one timer holds).`;

/** The generator subcommand. */
export const subcommand: Subcommand = {
  name: "gen",
  summary: "write a plan, or send it open loop",
  usage,
  async run(args, context) {
    expectArgs(args, 5, 6);
    const [shape, countArg, rateText, seedArg, outArg, urlValue] = args;
    if (!isShape(shape)) throw new UsageError(`unknown shape "${shape}" (expected ${shapes.join(", ")})`);
    const count = integerArg("count", countArg, 1, 10_000_000);
    const rate = rateArg("rate", rateText, count);
    const seed = integerArg("seed", seedArg);
    const url = urlValue === undefined ? undefined : urlArg(urlValue);
    const out = outputArg(outArg, context, url === undefined ? "a plan" : "a recorded run");
    const intended = schedule(shape, count, rate, seed);
    if (url === undefined) {
      writeFileAtomic(out, formatPlan(intended));
      return 0;
    }
    const agent = loadAgent();
    try {
      const rows = await sendOpenLoop(url, intended, {transport: httpTransport({agent})});
      writeFileAtomic(out, formatRun(rows));
      const ok = rows.filter((r) => r.code === 200).length;
      context.stderr(`lab gen: ${rows.length} sent, ${ok} answered 200, ${rows.length - ok} other → ${outArg}\n`);
    } finally {
      agent.destroy();
    }
    return 0;
  }
};
