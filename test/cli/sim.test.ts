// `queuebook sim`: every case runs twice, in-process through main() and as a real child
// process (node bin/queuebook.js sim …), so exit codes and stderr are checked as a user sees them.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {main} from "../../src/cli/main.js";
import {metricFields} from "../../src/sim/metrics.js";
import {packageRoot, runCli, type CliResult} from "./run.js";

const dir = mkdtempSync(join(tmpdir(), "queuebook-sim-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** Writes an actions file into the temporary folder and returns its path. */
function writeActions(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

async function inProcess(args: string[]): Promise<CliResult> {
  let stdout = "", stderr = "";
  const code = await main(args, {packageRoot, cwd: dir, env: {}, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t)});
  return {code, stdout, stderr};
}

const ways: [string, string, (args: string[]) => Promise<CliResult>][] = [
  ["main(argv)", "in-", inProcess],
  ["node bin/queuebook.js", "spawned-", (args) => runCli(args, {cwd: dir})]
];
// Each spawned case waits mostly on process start-up, so they run concurrently.

/** Checks a usage error: exit 2, one line naming the problem, then the usage. */
function expectUsageError(result: CliResult, problem: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe("");
  const [first, second] = result.stderr.split("\n");
  expect(first).toMatch(/^queuebook sim: /);
  expect(first).toMatch(problem);
  expect(second).toBe("usage: queuebook sim [options]");
}

for (const [way, prefix, sim] of ways) {
  // Each way writes its own files, so concurrent cases never read a file being written.
  const actionsFile = (name: string, text: string) => writeActions(prefix + name, text);
  describe.concurrent(`queuebook sim via ${way}`, () => {
    it("prints an hour of free play as a table by default", async () => {
      const {code, stdout, stderr} = await sim(["sim"]);
      expect(stderr).toBe("");
      expect(code).toBe(0);
      const lines = stdout.split("\n");
      expect(lines[0]).toBe("Free play (free), seed 1, 60 minutes");
      expect(lines[2]).toMatch(/^clock\s+req\/s\s+serve/);
      expect(lines[3]).toMatch(/^08:00\s+1125\s+10\s+0\s+52%\s+77%\s+19%\s+0%\s+0\.00%\s+\d+\s+0\.0×\s+-\s+100\.0%\s+4\.00\s+0\.00\s+30s\s+0%\s+100%$/);
      expect(lines.filter((line) => /^\d\d:\d\d /.test(line))).toHaveLength(60);
      expect(stdout).toMatch(/Educational model, not for operational decisions/);
    });
    it("prints the array of per-minute objects as json", async () => {
      const {code, stdout} = await sim(["sim", "--scenario", "bad-deploy", "--seed", "7", "--minutes", "3", "--format", "json"]);
      expect(code).toBe(0);
      const metrics = JSON.parse(stdout);
      expect(metrics).toHaveLength(3);
      expect(Object.keys(metrics[0])).toEqual([...metricFields]);
      expect(metrics[0].clock).toBe("09:00");
      expect(metrics[0].budgetLeft).toBe(0.2);
    });
    it("reports the fast-burn alert from the minute burn1h reaches 14.4× in json, csv and table", async () => {
      const args = ["sim", "--scenario", "bad-deploy", "--minutes", "45"];
      const json = JSON.parse((await sim([...args, "--format", "json"])).stdout);
      const first = json.findIndex((m: {burn1h: number}) => m.burn1h >= 14.4);
      expect(first).toBeGreaterThan(10);
      expect(json.map((m: {alert: boolean}) => m.alert)).toEqual(json.map((_: unknown, i: number) => i >= first));
      const csv = (await sim([...args, "--format", "csv"])).stdout.trimEnd().split("\n");
      const column = csv[0].split(",").indexOf("alert");
      expect(csv.slice(1).map((line) => line.split(",")[column])).toEqual(json.map((m: {alert: boolean}) => String(m.alert)));
      const table = (await sim(args)).stdout.split("\n").filter((line) => /^\d\d:\d\d /.test(line));
      expect(table.map((line) => / FIRED /.test(line))).toEqual(json.map((m: {alert: boolean}) => m.alert));
    });
    it("prints csv with the metric names as header", async () => {
      const {code, stdout} = await sim(["sim", "--minutes", "2", "--format", "csv"]);
      expect(code).toBe(0);
      const lines = stdout.trimEnd().split("\n");
      expect(lines).toHaveLength(3);
      expect(lines[0]).toBe(metricFields.join(","));
      expect(lines[1]).toMatch(/^0,08:00,1125,1125,10,0,/);
    });
    it("applies an actions file", async () => {
      const file = actionsFile("rollback.json", JSON.stringify([{minute: 20, press: "rollback"}, {minute: 1, set: {fleetMin: 12}}]));
      const {code, stdout} = await sim(["sim", "--scenario", "bad-deploy", "--minutes", "30", "--format", "json", "--actions", file]);
      expect(code).toBe(0);
      const metrics = JSON.parse(stdout);
      expect(metrics[1].starting).toBe(2);
      expect(metrics[20].fleetCostPerHour).toBeCloseTo(2 * 12 * 0.4, 10);
      expect(metrics[25].badBuildShare).toBe(0);
    });
    it("rejects an unknown scenario", async () => {
      expectUsageError(await sim(["sim", "--scenario", "meltdown"]), /unknown scenario "meltdown" \(scenarios: free, bad-deploy, surge, cache-flush\)/);
    });
    it("rejects a bad number", async () => {
      expectUsageError(await sim(["sim", "--seed", "abc"]), /--seed must be an integer, got "abc"/);
      expectUsageError(await sim(["sim", "--minutes", "0"]), /--minutes must be between 1 and \d+, got 0/);
    });
    it("rejects an unknown format and an unknown flag", async () => {
      expectUsageError(await sim(["sim", "--format", "xml"]), /unknown format "xml"/);
      expectUsageError(await sim(["sim", "--speed", "2"]), /--speed/);
    });
    it("rejects an actions file that is missing or not valid JSON", async () => {
      expectUsageError(await sim(["sim", "--actions", join(dir, "absent.json")]), /cannot read actions file .*absent\.json \(ENOENT\)/);
      const file = actionsFile("broken.json", '[{"minute": 3,\n "press": }]');
      expectUsageError(await sim(["sim", "--actions", file]), /actions file .*broken\.json is not valid JSON: /);
    });
    it("rejects an unknown control, a bad value and a minute out of range", async () => {
      const unknown = actionsFile("unknown.json", JSON.stringify([{minute: 2, set: {turbo: true}}]));
      expectUsageError(await sim(["sim", "--actions", unknown]), /action 0: unknown control "turbo"/);
      const range = actionsFile("range.json", JSON.stringify([{minute: 1, set: {ttlS: 60}}, {minute: 60, press: "warmup"}]));
      expectUsageError(await sim(["sim", "--actions", range]), /action 1: minute 60 is out of range 0\.\.59/);
      const value = actionsFile("value.json", JSON.stringify([{minute: 1, set: {fleetMin: 99}}]));
      expectUsageError(await sim(["sim", "--actions", value]), /fleetMin must be between 1 and 40, got 99/);
    });
    it("resolves a relative actions file against the working directory", async () => {
      actionsFile("relative.json", "[]");
      const {code} = await sim(["sim", "--minutes", "1", "--actions", `${prefix}relative.json`]);
      expect(code).toBe(0);
    });
    it("prints its usage for --help", async () => {
      const {code, stdout} = await sim(["sim", "--help"]);
      expect(code).toBe(0);
      expect(stdout).toMatch(/^usage: queuebook sim \[options\]/);
      expect(stdout).toMatch(/--scenario NAME/);
    });
  });
}
