// `queuebook sim --scenario`: a shipped lesson's scenario by name, and any scenario record from
// a JSON file — checked with one line per refusal (exit 2 and the usage, nothing on stdout), run
// to the numbers of its model, and carried in a link that `--run` replays (with the file).
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {catalog, modelOf} from "../../src/sim/catalog.js";
import {retryFields, retryStorm, simulateRetry} from "../../src/sim/retry/model.js";
import {expectUsageError, runMain} from "../support/simCli.js";

const dir = mkdtempSync(join(tmpdir(), "queuebook-sim-scenario-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

/** `queuebook sim ...args` in this process, in the temporary folder. */
const sim = (args: string[]) => runMain(["sim", ...args], dir);

function write(name: string, json: unknown): string {
  writeFileSync(join(dir, name), typeof json === "string" ? json : JSON.stringify(json));
  return name;
}

const mine = {
  ...JSON.parse(JSON.stringify(retryStorm)),
  name: "my-storm",
  page: "my-storm.html",
  events: [{kind: "slowdown", minute: 5, factor: 3, durationMin: 2}]
};

describe("queuebook sim --scenario", () => {
  it("runs the retry storm by name, with the retry model's fields", async () => {
    const {code, stdout} = await sim(["--scenario", "retry-storm", "--minutes", "30", "--format", "json"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(JSON.parse(JSON.stringify(simulateRetry(retryStorm, {seed: 1, minutes: 30}).metrics)));
    const csv = await sim(["--scenario", "retry-storm", "--minutes", "3", "--format", "csv"]);
    expect(csv.stdout.split("\n")[0]).toBe(retryFields.join(","));
    const table = await sim(["--scenario", "retry-storm", "--minutes", "3"]);
    expect(table.stdout).toMatch(/^Retry storm \(retry-storm\), seed 1, 3 minutes\n\n.*offered.*goodput/);
  });
  it("runs a scenario record from a JSON file, with that model's actions", async () => {
    const file = write("mine.json", mine);
    const actions = write("mine-actions.json", [{minute: 2, set: {shedding: true}}]);
    const {code, stdout} = await sim(["--scenario", file, "--minutes", "20", "--actions", actions, "--format", "json"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toEqual(
      JSON.parse(JSON.stringify(simulateRetry(mine, {seed: 1, minutes: 20, actions: [{minute: 2, set: {shedding: true}}]}).metrics))
    );
  });
  it("writes a file scenario's link to its page, and --run replays it with the file", async () => {
    const file = write("mine2.json", mine);
    const actions = write("mine2-actions.json", [{minute: 4, press: "restart"}]);
    const link = await sim(["--scenario", file, "--minutes", "12", "--actions", actions, "--link"]);
    expect(link.stdout).toBe("my-storm.html#run=v1_my-storm_s1_m11_4restart\n");
    const replay = await sim(["--scenario", file, "--run", link.stdout.trim(), "--format", "json"]);
    expect(replay.code).toBe(0);
    expect(JSON.parse(replay.stdout)).toEqual(
      JSON.parse(JSON.stringify(simulateRetry(mine, {seed: 1, minutes: 12, actions: [{minute: 4, press: "restart"}]}).metrics))
    );
    // Without the file the link names a scenario the command does not know.
    expectUsageError(await sim(["--run", link.stdout.trim()]), /--run: unknown scenario/);
  });
  it("refuses a scenario file in one line: unreadable, not JSON, or not a scenario", async () => {
    mkdirSync(join(dir, "folder.json"));
    expectUsageError(await sim(["--scenario", "missing.json"]), /cannot read scenario file missing\.json \(ENOENT\)/);
    expectUsageError(await sim(["--scenario", "folder.json"]), /scenario file folder\.json is a folder, not a regular file/);
    expectUsageError(await sim(["--scenario", write("broken.json", '{"name": ')]), /scenario file broken\.json: not valid JSON/);
    expectUsageError(
      await sim(["--scenario", write("huge.json", `{"baseRate": 1e400}`)]),
      /the number 1e400 \(line 1, column 14\) is too large/
    );
    expectUsageError(
      await sim(["--scenario", write("kind.json", {...mine, events: [{kind: "deploy", minute: 1}]})]),
      /scenario file kind\.json: event 0: unknown kind "deploy" \(kinds: surge, slowdown\)/
    );
    expectUsageError(
      await sim(["--scenario", write("many.json", {...mine, name: "X", startClock: "9"})]),
      /name must be .*\(and 1 more problem\)$/
    );
    // The shipped names as the catalog lists them (a lesson that registers one adds its name).
    const names = catalog.map((c) => c.name).join(", ");
    expectUsageError(await sim(["--scenario", "nope"]), new RegExp(`unknown scenario "nope" \\(scenarios: ${names}, or a \\.json file\\)`));
  });
  it("--help lists the controls, buttons and events of the model the scenario names (every shipped one, and a file's)", async () => {
    for (const scenario of [...catalog.map((c) => c.name), write("help.json", mine)]) {
      const {code, stdout} = await sim(["--scenario", scenario, "--help"]);
      expect(code).toBe(0);
      const model = modelOf(catalog.find((c) => c.name === scenario) ?? mine);
      for (const name of [...Object.keys(model.controls), ...model.buttons, ...Object.keys(model.eventKinds)])
        expect([scenario, stdout]).toEqual([scenario, expect.stringContaining(name)]);
      expect(stdout).toContain(`the ${model.name} model's`);
    }
    expect((await sim(["--scenario", "retry-storm", "--help"])).stdout).not.toContain("fleetMin");
    expectUsageError(await sim(["--scenario", "nope", "--help"]), /unknown scenario "nope"/);
  });
  it("refuses actions of another model, and --scenario NAME with --run", async () => {
    const actions = write("oncall-actions.json", [{minute: 1, press: "rollback"}]);
    expectUsageError(
      await sim(["--scenario", "retry-storm", "--actions", actions]),
      /action 0: unknown button "rollback" \(buttons: restart\)/
    );
    expectUsageError(await sim(["--scenario", "surge", "--run", "v1_surge_s1_m3"]), /leave out --scenario/);
  });
});
