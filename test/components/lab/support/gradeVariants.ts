// Lab folders the grader sees differently: the committed one and copies that each break a rule,
// together reaching every wording of every check (test/components/lab/checks.test.ts).
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";

const folder = new URL("../../../../notebooks/data/arrival-lab/", import.meta.url).pathname;
/** The committed lab folder, name → text. */
export const committed = new Map(readdirSync(folder).map((name) => [name, readFileSync(join(folder, name), "utf8")]));

const setKey = (f: Map<string, string>, name: string, key: string, value: string) =>
  f.set(name, f.get(name)!.replace(new RegExp(`^${key}=.*$`, "m"), `${key}=${value}`));
const setCell = (f: Map<string, string>, name: string, row: number, column: number, value: string) =>
  f.set(
    name,
    f
      .get(name)!
      .split("\n")
      .map((line, i) =>
        i === row
          ? line
              .split("\t")
              .map((c, j) => (j === column ? value : c))
              .join("\t")
          : line
      )
      .join("\n")
  );
const dropLast = (text: string) => text.trimEnd().split("\n").slice(0, -1).join("\n") + "\n";

/** [what, change to a copy of the committed folder]. */
export const variants: [string, (f: Map<string, string>) => void][] = [
  ["committed", () => {}],
  ["missing answer file", (f) => f.delete("05-note.txt")],
  ["missing input and answers", (f) => (f.delete("closed.csv"), f.delete("arrival-model.txt"), f.delete("latency.tsv"))],
  ["wrong service_ms and workers", (f) => (setKey(f, "01-target.txt", "service_ms", "40"), setKey(f, "01-target.txt", "workers", "1"))],
  ["utilization with 3 decimals", (f) => setKey(f, "01-target.txt", "utilization", "0.275")],
  ["mean_r_s with 1 decimal", (f) => setKey(f, "think.txt", "mean_r_s", "0.0")],
  ["ratio with 2 decimals", (f) => setKey(f, "05-note.txt", "ratio", "6.00")],
  [
    "evidence citing no file",
    (f) =>
      setKey(
        f,
        "arrival-model.txt",
        "evidence",
        "burst arrivals put 12 requests in the system at once while the formula asked for 2 workers"
      )
  ],
  ["a key missing", (f) => f.set("05-note.txt", "worst=burst\n")],
  [
    "wrong cv and rows out of order",
    (f) => (setCell(f, "schedules.tsv", 1, 3, "1.000"), f.set("latency.tsv", f.get("latency.tsv")!.split("\n").reverse().join("\n")))
  ],
  ["wrong worst and ratio", (f) => (setKey(f, "05-note.txt", "worst", "poisson"), setKey(f, "05-note.txt", "ratio", "12.0"))],
  ["a think time the CSV does not show", (f) => setKey(f, "think.txt", "think_s", "0.300")],
  [
    "model rules broken",
    (f) => (
      setKey(f, "arrival-model.txt", "model", "uniform"),
      setKey(f, "arrival-model.txt", "workers", "1"),
      setKey(f, "arrival-model.txt", "evidence", "burst put 12 at once"),
      setKey(f, "arrival-model.txt", "risk", "short")
    )
  ],
  [
    "evidence with one number and a file",
    (f) =>
      setKey(f, "arrival-model.txt", "evidence", "capacity.txt shows that bursts pile requests up far beyond what the mean of 25 suggests")
  ],
  [
    "evidence with one number and no file",
    (f) =>
      setKey(
        f,
        "arrival-model.txt",
        "evidence",
        "bursts pile requests up far beyond what the mean of 25 suggests, so the formula is not enough"
      )
  ],
  ["model format", (f) => setKey(f, "arrival-model.txt", "workers", "12.5")],
  ["record counts differ", (f) => f.set("srv-poisson.csv", dropLast(f.get("srv-poisson.csv")!))],
  ["qlen against the sweep", (f) => f.set("srv-burst.csv", f.get("srv-burst.csv")!.replace(/,12\n/g, ",11\n"))],
  [
    "poisson plan not exponential, burst of another rate",
    (f) => (
      f.set("sched-poisson.csv", f.get("sched-even.csv")!),
      f.set("sched-burst.csv", f.get("sched-burst.csv")!.split("\n").slice(0, 152).join("\n") + "\n")
    )
  ],
  ["an input that does not parse", (f) => f.set("run-even.csv", f.get("run-even.csv")!.replace("0.041476", "abc"))],
  ["probes not six", (f) => f.set("01-probe.txt", "0.044\n0.045\n")],
  ["srv inputs broken: no capacity", (f) => (f.delete("srv-even.csv"), f.delete("srv-burst.csv"))],
  ["analysis fails", (f) => f.set("closed.csv", "user,sent,received,code\n")]
];

/** The folder after one variant's change. */
export function variant(change: (f: Map<string, string>) => void): Map<string, string> {
  const files = new Map(committed);
  change(files);
  return files;
}
