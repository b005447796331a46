// The class grader against a heavy learner (node bench/run.js gradeClass): a class of 30, 29
// learners with the committed lab folder and one with a valid 250 MB srv-even.csv; then the
// same with that file hard-linked as srv-even, srv-poisson and srv-burst; then a learner just
// inside the default budget (31 MB). `queuebook lab grade --class` runs as a user runs it; its
// wall time and peak RSS (the process tree's, from /proc, every 20 ms) are printed. The files
// are written to the system's temporary folder and removed at the end.
import {spawn} from "node:child_process";
import {closeSync, cpSync, linkSync, mkdtempSync, openSync, rmSync, writeSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {performance} from "node:perf_hooks";
import {fileURLToPath} from "node:url";
import {treeUsage} from "./processTree.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const committed = join(root, "notebooks/data/arrival-lab");

/** Writes a valid server dump of about `mb` megabytes (seq,arrive,start,end,qlen; one request at a time). */
function writeDump(file: string, mb: number): void {
  const fd = openSync(file, "w");
  writeSync(fd, "seq,arrive,start,end,qlen\n");
  let bytes = 0,
    i = 0;
  while (bytes < mb * 1e6) {
    const chunk: string[] = [];
    for (; chunk.length < 10_000 && bytes < mb * 1e6; i++) {
      const t = i * 0.0005;
      const line = `${i},${t.toFixed(6)},${t.toFixed(6)},${(t + 0.0004).toFixed(6)},1\n`;
      chunk.push(line);
      bytes += line.length;
    }
    writeSync(fd, chunk.join(""));
  }
  closeSync(fd);
}

/** A class folder of 30: 29 copies of the committed lab, and `heavy` filling in the 30th. */
function makeClass(base: string, name: string, heavy: (dir: string) => void): string {
  const klass = join(base, name);
  for (let i = 1; i < 30; i++) cpSync(committed, join(klass, `learner-${String(i).padStart(2, "0")}`), {recursive: true});
  const dir = join(klass, "heavy");
  cpSync(committed, dir, {recursive: true});
  heavy(dir);
  return klass;
}

/** Runs `queuebook lab grade --class` on `klass`: wall seconds, peak RSS in MB, the heavy learner's row. */
function grade(klass: string): Promise<{seconds: number; rssMb: number; row: string; code: number | null}> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [join(root, "bin/queuebook.js"), "lab", "grade", "--class", klass], {
      stdio: ["ignore", "pipe", "inherit"]
    });
    let out = "",
      peak = 0;
    const poll = setInterval(() => (peak = Math.max(peak, treeUsage(child.pid!).rss)), 20);
    child.stdout.on("data", (d) => (out += d));
    child.on("close", (code) => {
      clearInterval(poll);
      resolve({
        seconds: (performance.now() - started) / 1000,
        rssMb: peak / 1024,
        row: out.split("\n").find((line) => line.startsWith("heavy,")) ?? "(no row)",
        code
      });
    });
  });
}

const base = mkdtempSync(join(tmpdir(), "queuebook-bench-grade-class-"));
try {
  const dump = join(base, "dump-250.csv");
  writeDump(dump, 250);
  const cases: [string, (dir: string) => void][] = [
    [
      "one learner with a valid 250 MB srv-even.csv",
      (dir) => (rmSync(join(dir, "srv-even.csv")), linkSync(dump, join(dir, "srv-even.csv")))
    ],
    [
      "the same file hard-linked as srv-even, srv-poisson and srv-burst",
      (dir) => {
        for (const shape of ["even", "poisson", "burst"])
          rmSync(join(dir, `srv-${shape}.csv`)), linkSync(dump, join(dir, `srv-${shape}.csv`));
      }
    ],
    ["one learner with a 31 MB srv-even.csv (inside the default 32 MB)", (dir) => writeDump(join(dir, "srv-even.csv"), 31)]
  ];
  console.log("| class of 30 | wall | peak RSS | exit | the heavy learner's row |\n|---|---|---|---|---|");
  for (const [i, [label, heavy]] of cases.entries()) {
    const klass = makeClass(base, `class-${i}`, heavy);
    const result = await grade(klass);
    console.log(
      `| ${label} | ${result.seconds.toFixed(1)} s | ${result.rssMb.toFixed(0)} MB | ${result.code} | ${result.row.slice(0, 160)} |`
    );
    rmSync(klass, {recursive: true, force: true});
  }
} finally {
  rmSync(base, {recursive: true, force: true});
}
