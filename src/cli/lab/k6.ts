// `queuebook lab k6 <even|poisson|burst> <count> <rate> <seed> <URL> [-o script.js]`: a k6
// script that sends lab gen's schedule open loop. Nothing is sent; the URL is only written.
import {UsageError} from "../command.js";
import {writeFileAtomic} from "../../io/write.js";
import {k6Script} from "../../lab/k6.js";
import {isShape, shapes} from "../../lab/schedule.js";
import {integerArg, outputArg, rateArg, type Subcommand} from "./args.js";

const usage = `usage: queuebook lab k6 <even|poisson|burst> <count> <rate> <seed> <URL> [-o script.js]

Writes a k6 script (to stdout, or atomically to -o) that sends the same schedule as
"queuebook lab gen <shape> <count> <rate> <seed>": each request at its intended time, open
loop (one VU per request, per-vu-iterations), so a slow answer never delays the next send.
Run it with: K6_CSV_TIME_FORMAT=unix_micro k6 run --out csv=k6-<shape>.csv script.js
and upload the CSV to the arrival-lab notebook. The script's comment explains running it
distributed (k6 cloud, k6-operator). Nothing is sent by this command.`;

/** The k6 export subcommand. */
export const subcommand: Subcommand = {
  name: "k6",
  summary: "a k6 script sending gen's schedule open loop",
  usage,
  async run(args, context) {
    const positional: string[] = [];
    let out: string | undefined;
    for (let i = 0; i < args.length; i++) {
      if (args[i] === "-o" || args[i] === "--out") {
        if (args[i + 1] === undefined) throw new UsageError(`${args[i]} needs a file name`);
        out = args[++i];
      } else if (/^--?[a-zA-Z]/.test(args[i])) throw new UsageError(`unknown option ${args[i]}`);
      else positional.push(args[i]);
    }
    if (positional.length !== 5) throw new UsageError(`expected 5 arguments, got ${positional.length}`);
    const [shape, countArg, rateText, seedArg, urlValue] = positional;
    if (!isShape(shape)) throw new UsageError(`unknown shape "${shape}" (expected ${shapes.join(", ")})`);
    const count = integerArg("count", countArg, 1, 100_000);
    const rate = rateArg("rate", rateText, count);
    const seed = integerArg("seed", seedArg);
    const url = httpUrl(urlValue);
    const path = out === undefined ? undefined : outputArg(out, context, "a k6 script");
    const script = k6Script({shape, count, rate, seed, url});
    if (path === undefined) context.stdout(script);
    else {
      writeFileAtomic(path, script);
      context.stderr(`lab k6: ${count} ${shape} requests at ${rate}/s → ${out}\n`);
    }
    return 0;
  }
};

/** An http:// or https:// URL (k6 may run anywhere, so https is allowed here). */
function httpUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`malformed URL "${value}"`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new UsageError(`URL must start with http:// or https://, got "${value}"`);
  return url.href;
}
