// `queuebook lab closed <URL> <users> <think_s> <duration_s> <out.csv>`: closed-loop users.
import {formatClosed} from "../../lab/csv.js";
import {runClosedLoop} from "../../lab/closedLoop.js";
import {writeFileAtomic} from "../../io/write.js";
import {httpTransport, loadAgent} from "../../lab/http.js";
import {expectArgs, integerArg, outputArg, timerSecondsArg, urlArg, type Subcommand} from "./args.js";

const usage = `usage: queuebook lab closed <URL> <users> <think_s> <duration_s> <out.csv>

Each user sends one GET, waits for the answer, thinks <think_s> seconds and repeats until
<duration_s> has passed. Writes CSV user,sent,received,code (seconds from the start; an error
column is added when a request got no HTTP answer). The file appears only when complete.`;

/** The closed-loop subcommand. */
export const subcommand: Subcommand = {
  name: "closed",
  summary: "closed-loop virtual users",
  usage,
  async run(args, context) {
    expectArgs(args, 5);
    const url = urlArg(args[0]);
    const users = integerArg("users", args[1], 1, 10_000);
    const thinkS = timerSecondsArg("think_s", args[2], true);
    const durationS = timerSecondsArg("duration_s", args[3]);
    const out = outputArg(args[4], context, "a recorded closed loop");
    const agent = loadAgent();
    try {
      const rows = await runClosedLoop(url, {users, thinkS, durationS, transport: httpTransport({agent})});
      writeFileAtomic(out, formatClosed(rows));
      const ok = rows.filter((r) => r.code === 200).length;
      context.stderr(`lab closed: ${rows.length} requests, ${ok} answered 200 → ${args[4]}\n`);
    } finally {
      agent.destroy();
    }
    return 0;
  }
};
