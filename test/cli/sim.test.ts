// `queuebook sim`: every case in-process through main(); a few as a real child process
// (node bin/queuebook.js sim …), so exit codes and the output streams are checked as a user sees them.
import {execFileSync} from "node:child_process";
import {mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {catalog} from "../../src/sim/catalog.js";
import {metricFields} from "../../src/sim/oncall/metrics.js";
import {runCli, type CliResult} from "./run.js";
import {expectUsageError, runMain} from "../support/simCli.js";
import {spawningTestTimeout} from "../support/spawnBudget.js";

const dir = mkdtempSync(join(tmpdir(), "queuebook-sim-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** Writes an actions file into the temporary folder and returns its path. */
function writeActions(name: string, text: string): string {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe("queuebook sim as a child process (node bin/queuebook.js)", {timeout: spawningTestTimeout}, () => {
  const sim = (args: string[]) => runCli(args, {cwd: dir});

  it("prints the table on stdout, nothing on stderr, exit 0", async () => {
    const {code, stdout, stderr} = await sim(["sim", "--minutes", "2"]);
    expect([code, stderr]).toEqual([0, ""]);
    expect(stdout.split("\n")[0]).toBe("Free play (free), seed 1, 2 minutes");
  });

  it("refuses a bad argument on stderr with the usage, exit 2", async () => {
    expectUsageError(await sim(["sim", "--seed", "abc"]), /--seed must be an integer, got "abc"/);
  });

  it("prints its usage for --help, exit 0", async () => {
    const {code, stdout} = await sim(["sim", "--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: queuebook sim \[options\]/);
  });
});

const prefix = "in-";
const sim = (args: string[]): Promise<CliResult> => runMain(args, dir);
const actionsFile = (name: string, text: string) => writeActions(prefix + name, text);

// One after another: each is CPU in this process, so side by side the last would wait for all the
// others' work within its own timeout.
describe("queuebook sim via main(argv)", () => {
  it("prints an hour of free play as a table by default", async () => {
    const {code, stdout, stderr} = await sim(["sim"]);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[0]).toBe("Free play (free), seed 1, 60 minutes");
    expect(lines[2]).toMatch(/^clock\s+req\/s\s+serve/);
    expect(lines[3]).toMatch(
      /^08:00\s+1125\s+10\s+0\s+52%\s+77%\s+19%\s+0%\s+0\.00%\s+\d+\s+0\.0×\s+-\s+100\.0%\s+4\.00\s+0\.00\s+30s\s+0%\s+100%$/
    );
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
    const file = actionsFile(
      "rollback.json",
      JSON.stringify([
        {minute: 20, press: "rollback"},
        {minute: 1, set: {fleetMin: 12}}
      ])
    );
    const {code, stdout} = await sim(["sim", "--scenario", "bad-deploy", "--minutes", "30", "--format", "json", "--actions", file]);
    expect(code).toBe(0);
    const metrics = JSON.parse(stdout);
    expect(metrics[1].starting).toBe(2);
    expect(metrics[20].fleetCostPerHour).toBeCloseTo(2 * 12 * 0.4, 10);
    expect(metrics[25].badBuildShare).toBe(0);
  });
  it("rejects an unknown scenario", async () => {
    // The shipped names as the catalog lists them (a lesson's registered scenario adds its own).
    const names = catalog.map((c) => c.name).join(", ");
    expectUsageError(
      await sim(["sim", "--scenario", "meltdown"]),
      new RegExp(`unknown scenario "meltdown" \\(scenarios: ${names}, or a \\.json file\\)`)
    );
  });
  it("rejects a bad number", async () => {
    expectUsageError(await sim(["sim", "--seed", "abc"]), /--seed must be an integer, got "abc"/);
    expectUsageError(await sim(["sim", "--minutes", "0"]), /--minutes must be at least 1, got 0$/);
  });
  it("rejects an unknown format and an unknown flag", async () => {
    expectUsageError(await sim(["sim", "--format", "xml"]), /unknown format "xml"/);
    expectUsageError(await sim(["sim", "--speed", "2"]), /--speed/);
  });
  it("rejects an actions file that is missing or not valid JSON", async () => {
    expectUsageError(await sim(["sim", "--actions", join(dir, "absent.json")]), /cannot read actions file .*absent\.json \(ENOENT\)/);
    const file = actionsFile("broken.json", '[{"minute": 3,\n "press": }]');
    expectUsageError(await sim(["sim", "--actions", file]), /actions file .*broken\.json: not valid JSON: Unexpected token/);
  });
  it("rejects an unknown control, a bad value and a minute out of range", async () => {
    const unknown = actionsFile("unknown.json", JSON.stringify([{minute: 2, set: {turbo: true}}]));
    expectUsageError(await sim(["sim", "--actions", unknown]), /action 0: unknown control "turbo"/);
    const range = actionsFile(
      "range.json",
      JSON.stringify([
        {minute: 1, set: {ttlS: 60}},
        {minute: 60, press: "warmup"}
      ])
    );
    expectUsageError(await sim(["sim", "--actions", range]), /action 1: minute 60 is out of range 0\.\.59/);
    const value = actionsFile("value.json", JSON.stringify([{minute: 1, set: {fleetMin: 99}}]));
    expectUsageError(await sim(["sim", "--actions", value]), /fleetMin must be between 1 and 40, got 99/);
  });
  it("resolves a relative actions file against the working directory", async () => {
    actionsFile("relative.json", "[]");
    const {code} = await sim(["sim", "--minutes", "1", "--actions", `${prefix}relative.json`]);
    expect(code).toBe(0);
  });
  it("says a negative or too large number is out of range, not that the argument is ambiguous", async () => {
    expectUsageError(await sim(["sim", "--minutes", "-1"]), /--minutes must be at least 1, got -1$/);
    expectUsageError(await sim(["sim", "--minutes=-1"]), /--minutes must be at least 1, got -1$/);
    expectUsageError(await sim(["sim", "--seed", "-5", "--minutes", "3"]), /--seed must be at least 0, got -5$/);
    expectUsageError(await sim(["sim", "--minutes", "10081"]), /--minutes must be at most 10080, got 10081$/);
    expectUsageError(await sim(["sim", "--minutes", "-1e3"]), /--minutes must be an integer, got "-1e3"$/);
    expectUsageError(await sim(["sim", "--scenario", "-x"]), /unknown scenario "-x"/);
    expectUsageError(await sim(["sim", "--format", "-j"]), /unknown format "-j"/);
    // A flag after a flag that wants a value is still a missing value, not the value.
    expectUsageError(await sim(["sim", "--minutes", "--format", "json"]), /--minutes/);
  });
  it("never echoes a huge argument back", async () => {
    const huge = "9".repeat(5000);
    for (const args of [["--minutes", huge], ["--seed", "x" + huge], ["--scenario", huge], [`--${"x".repeat(5000)}`]]) {
      const result = await sim(["sim", ...args]);
      expect(result.code).toBe(2);
      expect(result.stderr.split("\n")[0].length).toBeLessThan(300);
    }
  });
  it("prints the notebook link of a run at its last minute, and replays a link to the same numbers", async () => {
    const file = actionsFile(
      "link.json",
      JSON.stringify([
        {minute: 20, press: "rollback"},
        {minute: 12, set: {fleetMin: 12, ttlS: 90.5}}
      ])
    );
    const args = ["--scenario", "bad-deploy", "--seed", "7", "--minutes", "30", "--actions", file];
    const linked = await sim(["sim", ...args, "--link"]);
    expect(linked.stderr).toBe("");
    expect(linked.code).toBe(0);
    expect(linked.stdout).toBe("on-call.html#run=v1_bad-deploy_s7_m29_20rollback_12fleetMin12~ttlS90.5\n");
    const direct = await sim(["sim", ...args, "--format", "json"]);
    const link = linked.stdout.trim();
    for (const given of [
      link,
      `file:///Users/learner/site/${link.replace("#", "?lang=hu#/2&")}`,
      link.slice(link.indexOf("#")),
      link.slice(link.indexOf("=") + 1)
    ]) {
      const replayed = await sim(["sim", "--run", given, "--format", "json"]);
      expect(replayed.stderr).toBe("");
      expect(replayed.stdout).toBe(direct.stdout);
    }
    // The link's run gives the same link back.
    expect((await sim(["sim", "--run", link, "--link"])).stdout).toBe(linked.stdout);
  });
  it("replays minutes 0 … the link's minute with the decisions made by then", async () => {
    const replayed = JSON.parse((await sim(["sim", "--run", "#run=v1_surge_s3_m4_hu_2warmup_9rollback", "--format", "json"])).stdout);
    expect(replayed).toHaveLength(5);
    const warm = actionsFile("warm.json", JSON.stringify([{minute: 2, press: "warmup"}]));
    expect(replayed).toEqual(
      JSON.parse((await sim(["sim", "--scenario", "surge", "--seed", "3", "--minutes", "5", "--actions", warm, "--format", "json"])).stdout)
    );
  });
  it("refuses a hostile or broken link with the link's notice, quoting nothing from it", async () => {
    const cases: [string, RegExp][] = [
      ["on-call.html#/3", /--run: no run= part/],
      ["#run=%E0%A4%A", /--run: no run= part/],
      ['#run={"scenario":"free"}', /--run: not a run link/],
      ["#run=v1_free_s1_m0_<script>alert(1)</script>", /--run: the language code must be/],
      ["#run=v1_free_s99999999999_m0", /--run: the seed must be an integer from 0 to 4294967295$/],
      ["#run=v1_free_s1_m0_2turboOn", /--run: action 1: unknown control or button$/],
      ["#run=v1_free_s1_m0_" + "x".repeat(100_000), /--run: the link is longer than 100000 characters$/]
    ];
    for (const [link, problem] of cases) {
      const result = await sim(["sim", "--run", link]);
      expectUsageError(result, problem);
      expect(result.stderr.split("\n")[0]).not.toMatch(/script|turbo|xxx/);
    }
  });
  it("refuses --run with the flags it replaces, and --link with --format", async () => {
    expectUsageError(await sim(["sim", "--run", "v1_free_s1_m0", "--seed", "2"]), /--run replays the link's own run: leave out --seed/);
    expectUsageError(await sim(["sim", "--run", "v1_free_s1_m0", "--minutes", "2"]), /leave out --minutes/);
    expectUsageError(await sim(["sim", "--link", "--format", "json"]), /--link prints a link: leave out --format/);
  });
  it("reads only a regular actions file, at most 4 MB", async () => {
    const fifo = join(dir, `${prefix}fifo.json`);
    execFileSync("mkfifo", [fifo]);
    expectUsageError(await sim(["sim", "--actions", fifo]), /actions file .*fifo\.json is a FIFO, not a regular file$/);
    expectUsageError(await sim(["sim", "--actions", "/dev/zero"]), /actions file \/dev\/zero is a device, not a regular file$/);
    expectUsageError(await sim(["sim", "--actions", "/dev/null"]), /actions file \/dev\/null is a device, not a regular file$/);
    // A link is followed to what it names.
    const link = join(dir, `${prefix}zero.json`);
    symlinkSync("/dev/zero", link);
    expectUsageError(await sim(["sim", "--actions", link]), /actions file .*zero\.json is a device, not a regular file$/);
    const folder = join(dir, `${prefix}folder.json`);
    mkdirSync(folder);
    expectUsageError(await sim(["sim", "--actions", folder]), /actions file .*folder\.json is a folder, not a regular file$/);
    const big = actionsFile("big.json", "[" + " ".repeat(4 * 1024 * 1024) + "]");
    expectUsageError(await sim(["sim", "--actions", big]), /actions file .*big\.json is larger than 4 MB$/);
    // Just under the limit is read (and is a valid empty list).
    const under = actionsFile("under.json", "[" + " ".repeat(4 * 1024 * 1024 - 2) + "]");
    expect((await sim(["sim", "--minutes", "1", "--actions", under])).code).toBe(0);
  });
  it("handles 5,000 levels of nesting anywhere in an action without crashing", async () => {
    const deep = "[".repeat(5000) + "]".repeat(5000);
    const cases: [string, RegExp][] = [
      [deep, /actions file .*: action 0 must be an object, got an array of 1 item$/],
      [`[${deep}]`, /action 0 must be an object, got an array of 1 item$/],
      [`[{"minute": ${deep}, "press": "warmup"}]`, /action 0: minute must be an integer, got an array of 1 item$/],
      [`[{"minute": 1, "press": ${deep}}]`, /action 0: unknown button an array of 1 item/],
      [`[{"minute": 1, "set": ${deep}}]`, /action 0: set must be an object of controls, got an array of 1 item$/],
      [`[{"minute": 1, "set": {"ttlS": ${deep}}}]`, /action 0: ttlS must be a number, got an array of 1 item$/],
      [
        `[{"minute": 1, "set": {"autoscaling": ${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}}]`,
        /action 0: autoscaling must be true or false, got an object$/
      ]
    ];
    for (const [i, [text, problem]] of cases.entries()) {
      const result = await sim(["sim", "--actions", actionsFile(`deep${i}.json`, text)]);
      expectUsageError(result, problem);
      expect(result.stderr).not.toMatch(/RangeError|at .*\.js:\d+/);
    }
  });
  it("names a number too large for a double as written, not as null", async () => {
    const cases: [string, RegExp][] = [
      ['[{"minute": 1, "set": {"ttlS": 1e400}}]', /the number 1e400 \(line 1, column 32\) is too large$/],
      ['[{"minute": 1,\n  "set": {"ttlS": -1E+400}}]', /the number -1E\+400 \(line 2, column 19\) is too large$/],
      [`[{"minute": ${"9".repeat(400)}, "press": "warmup"}]`, /the number 9{60}… \(line 1, column 13\) is too large$/],
      // Inside a string it is only text: the unknown button is named, cut and quoted.
      ['[{"minute": 1, "press": "1e400"}]', /unknown button "1e400"/]
    ];
    for (const [i, [text, problem]] of cases.entries()) {
      const result = await sim(["sim", "--actions", actionsFile(`huge${i}.json`, text)]);
      expectUsageError(result, problem);
      expect(result.stderr).not.toMatch(/got null/);
    }
  });
  it("cuts a huge value, name or file name to a short quote", async () => {
    const long = "x".repeat(100_000);
    for (const [i, text] of [
      JSON.stringify([{minute: 1, press: long}]),
      JSON.stringify([{minute: 1, set: {[long]: 1}}]),
      JSON.stringify([{minute: 1, [long]: 1, press: "warmup"}]),
      JSON.stringify([{minute: 1, set: {fleetMin: long}}]),
      JSON.stringify([{minute: long, press: "warmup"}]),
      "[" + "1,".repeat(100_000) + "}"
    ].entries()) {
      const result = await sim(["sim", "--actions", actionsFile(`long${i}.json`, text)]);
      expect(result.code).toBe(2);
      const first = result.stderr.split("\n")[0];
      expect(first.length).toBeLessThan(300);
      expect(first).toMatch(/^queuebook sim: actions file /);
    }
    expectUsageError(await sim(["sim", "--actions", "y".repeat(200) + "\nz.json"]), /cannot read actions file y{60}… \(ENOENT\)$/);
  });
  it("accepts an actions file that starts with a byte-order mark", async () => {
    const file = actionsFile("bom.json", "\ufeff" + JSON.stringify([{minute: 1, press: "warmup"}]));
    expect((await sim(["sim", "--minutes", "2", "--actions", file])).code).toBe(0);
  });
  it("prints its usage for --help", async () => {
    const {code, stdout} = await sim(["sim", "--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^usage: queuebook sim \[options\]/);
    expect(stdout).toMatch(/--scenario NAME/);
  });
});
