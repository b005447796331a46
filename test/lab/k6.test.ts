// The k6 export: the script type-checks against @types/k6, and its scheduling part, run in
// Node with stand-ins for k6's modules, sends each request at exactly lab gen's intended time,
// one VU per request, however slow the answers are. Nothing is sent anywhere.
import {spawnSync} from "node:child_process";
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {pathToFileURL} from "node:url";
import {afterAll, afterEach, describe, expect, it, vi} from "vitest";
import {formatPlan, parsePlan} from "../../src/lab/csv.js";
import {k6Script} from "../../src/lab/k6.js";
import {schedule, shapes} from "../../src/lab/schedule.js";
import {run} from "./support/spawn.js";
import {runMain} from "../support/inProcess.js";
import {spawningTestTimeout} from "../support/spawnBudget.js";

const root = new URL("../../", import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), "queuebook-k6-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
afterEach(() => vi.restoreAllMocks());

/** `tsc --noEmit` over one JS file with checkJs and only @types/k6; returns tsc's output and status. */
function typeCheck(name: string, script: string) {
  const project = join(dir, name);
  mkdirSync(project, {recursive: true});
  writeFileSync(join(project, "script.js"), script);
  const compilerOptions = {
    allowJs: true,
    checkJs: true,
    noEmit: true,
    strict: true,
    target: "es2020",
    lib: ["es2020"],
    module: "esnext",
    moduleResolution: "bundler",
    typeRoots: [join(root, "node_modules/@types")],
    types: ["k6"]
  };
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify({compilerOptions, files: ["script.js"]}));
  const result = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", project], {encoding: "utf8"});
  return {status: result.status, output: result.stdout + result.stderr};
}

/** Stand-ins for k6, k6/http and k6/execution reading and moving one shared virtual clock. */
function installStandIns(project: string) {
  const k6 = join(project, "node_modules/k6");
  mkdirSync(k6, {recursive: true});
  writeFileSync(
    join(k6, "package.json"),
    JSON.stringify({name: "k6", type: "module", exports: {".": "./index.js", "./http": "./http.js", "./execution": "./execution.js"}})
  );
  writeFileSync(join(k6, "index.js"), "export function sleep(s) { globalThis.__k6.clock += s * 1000; }\n");
  writeFileSync(join(k6, "http.js"), "export default {get(url, params) { return globalThis.__k6.get(url, params); }};\n");
  writeFileSync(
    join(k6, "execution.js"),
    "export default {get vu() { return {idInTest: globalThis.__k6.vu}; }, get scenario() { return {startTime: globalThis.__k6.startTime}; }};\n"
  );
}

interface Send {
  vu: number;
  /** When the VU began its iteration, ms after the scenario's start. */
  beganMs: number;
  i: number;
  offsetMs: number;
  url: string;
  tags: Record<string, string>;
}

/**
 * Runs the script's VUs as k6 would: each VU starts shortly after the scenario (a different
 * delay each), runs its iteration on its own clock, and its answer takes `answerMs(i)`.
 */
async function runScript(name: string, script: string, answerMs: (i: number) => number) {
  const project = join(dir, name);
  mkdirSync(project, {recursive: true});
  installStandIns(project);
  writeFileSync(join(project, "script.mjs"), script);
  const module = await import(pathToFileURL(join(project, "script.mjs")).href);
  const startTime = 1_700_000_000_000;
  const sends: Send[] = [];
  const state = {
    clock: 0,
    began: 0,
    vu: 0,
    startTime,
    get: (url: string, params: {tags: Record<string, string>}) => {
      const i = Number(params.tags.i);
      sends.push({vu: state.vu, beganMs: state.began - startTime, i, offsetMs: state.clock - startTime, url, tags: params.tags});
      state.clock += answerMs(i);
    }
  };
  (globalThis as {__k6?: unknown}).__k6 = state;
  vi.spyOn(Date, "now").mockImplementation(() => state.clock);
  const scenario = Object.values(module.options.scenarios)[0] as {executor: string; vus: number; iterations: number};
  for (let vu = 1; vu <= scenario.vus; vu++) {
    state.vu = vu;
    state.clock = state.began = startTime + ((vu * 7919) % 13) * 0.37; // VUs begin a few ms apart, in no order
    for (let k = 0; k < scenario.iterations; k++) module.default();
  }
  return {sends, scenario};
}

describe("k6Script", () => {
  it(
    "type-checks against @types/k6, and the check catches a wrong k6 API",
    () => {
      const script = k6Script({shape: "poisson", count: 50, rate: 25, seed: 7, url: "http://127.0.0.1:8080/work"});
      const good = typeCheck("types-good", script);
      expect(good.output).toBe("");
      expect(good.status).toBe(0);
      const bad = typeCheck("types-bad", script.replace("= exec.vu.idInTest - 1", "= exec.vu.idInTests - 1"));
      expect(bad.status).not.toBe(0);
      expect(bad.output).toContain("idInTests");
    },
    spawningTestTimeout
  );

  for (const shape of shapes) {
    it(`${shape}: sends each request once, at lab gen's intended time, even when answers are slow`, async () => {
      const [count, rate, seed] = [150, 25, 7];
      const plan = parsePlan("plan.csv", formatPlan(schedule(shape, count, rate, seed))); // what lab gen writes
      const url = "http://127.0.0.1:8080/work";
      // Every fifth answer takes 5 s, far longer than the gaps between sends.
      const {sends, scenario} = await runScript(`run-${shape}`, k6Script({shape, count, rate, seed, url}), (i) =>
        i % 5 === 0 ? 5000 : 40
      );
      expect(scenario).toMatchObject({executor: "per-vu-iterations", vus: count, iterations: 1});
      expect(sends.filter((s) => s.offsetMs > plan[s.i].intended * 1000 + 1e-3).every((s) => s.beganMs < 5)).toBe(true);
      expect(sends.map((s) => s.i).sort((a, b) => a - b)).toEqual(plan.map((p) => p.i));
      for (const send of sends) {
        // At its intended time, or as soon as its VU began if that was later (only at the very start); to 1 µs, the plan's resolution.
        expect(Math.abs(send.offsetMs - Math.max(plan[send.i].intended * 1000, send.beganMs))).toBeLessThan(1e-3);
        expect(send).toMatchObject({url, tags: {shape, intended: plan[send.i].intended.toFixed(6)}});
      }
    });
  }
});

describe("queuebook lab k6", () => {
  it("writes the script with -o, prints it without, and sends nothing (the real binary)", {timeout: spawningTestTimeout}, async () => {
    const out = join(dir, "cli");
    mkdirSync(out);
    const [written, printed] = await Promise.all([
      run(["lab", "k6", "burst", "24", "25", "7", "http://127.0.0.1:9/work", "-o", "script.js"], out),
      run(["lab", "k6", "burst", "24", "25", "7", "http://127.0.0.1:9/work"], out)
    ]);
    expect(written.code).toBe(0);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toBe(k6Script({shape: "burst", count: 24, rate: 25, seed: 7, url: "http://127.0.0.1:9/work"}));
    expect((await import("node:fs")).readFileSync(join(out, "script.js"), "utf8")).toBe(printed.stdout);
  });

  it("exits 2 with one line and the usage for bad arguments", async () => {
    for (const args of [
      ["square", "10", "25", "7", "http://x/"],
      ["even", "0", "25", "7", "http://x/"],
      ["even", "10", "25", "7", "ftp://x/"],
      ["even", "10", "25", "7"],
      ["even", "10", "25", "7", "http://x/", "-o"],
      ["even", "3", "1e7", "7", "http://x/"],
      ["even", "2", "1e-7", "7", "http://x/"]
    ]) {
      const result = await runMain(["lab", "k6", ...args], root);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toMatch(/^queuebook lab k6: \S.*\nusage: queuebook lab k6 /);
    }
  });
});
