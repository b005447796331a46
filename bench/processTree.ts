// What a process and everything below it use, from /proc (Linux): the benchmarks that run a
// command or a browser measure its whole tree this way.
import {readdirSync, readFileSync} from "node:fs";

/** Of `pid` and all its descendants: RSS in KB; CPU time in clock ticks (100 a second), user + system (`ticks`) and that of the children each has waited for (`reapedTicks`). 0 where /proc is absent. */
export function treeUsage(pid: number): {rss: number; ticks: number; reapedTicks: number} {
  const total = {rss: 0, ticks: 0, reapedTicks: 0};
  try {
    total.rss += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
      .replace(/^.*\) /, "")
      .split(" ");
    total.ticks += Number(stat[11]) + Number(stat[12]); // utime, stime (fields 14 and 15)
    total.reapedTicks += Number(stat[13]) + Number(stat[14]); // cutime, cstime (fields 16 and 17)
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean)) {
        const usage = treeUsage(Number(child));
        total.rss += usage.rss;
        total.ticks += usage.ticks;
        total.reapedTicks += usage.reapedTicks;
      }
    }
  } catch {
    // the process ended between reads
  }
  return total;
}
