// main(argv): the dispatcher's promise that no failure prints a stack trace.
import {describe, expect, it, vi} from "vitest";
import {main} from "../../src/cli/main.js";
import {packageRoot} from "./run.js";

function capture(env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [],
    err: string[] = [];
  return {
    out,
    err,
    options: {packageRoot, cwd: packageRoot, env, stdout: (t: string) => void out.push(t), stderr: (t: string) => void err.push(t)}
  };
}

describe("main(argv, options)", () => {
  it("turns an unforeseen error into one line, exit 1, control characters escaped", async () => {
    const sim = await import("../../src/cli/sim.js");
    const spy = vi.spyOn(sim.command, "run").mockRejectedValueOnce(new TypeError("boom\nsecond line\u001b[31m"));
    const {err, options} = capture();
    expect(await main(["sim"], options)).toBe(1);
    spy.mockRestore();
    expect(err.join("")).toBe("queuebook sim: internal error: boom (QUEUEBOOK_DEBUG=1 shows the stack trace)\n");
  });
  it("escapes the controls of that one line, C1 and line separators included (src/io/oneLine.ts)", async () => {
    const sim = await import("../../src/cli/sim.js");
    const spy = vi.spyOn(sim.command, "run").mockRejectedValueOnce(new TypeError("boom\u001b[31m\u009b2J\u2028\r"));
    const {err, options} = capture();
    expect(await main(["sim"], options)).toBe(1);
    spy.mockRestore();
    expect(err.join("")).toBe(
      "queuebook sim: internal error: boom\\u001b[31m\\u009b2J\\u2028\\r (QUEUEBOOK_DEBUG=1 shows the stack trace)\n"
    );
  });
  it("rethrows with the stack when QUEUEBOOK_DEBUG is set", async () => {
    const sim = await import("../../src/cli/sim.js");
    const spy = vi.spyOn(sim.command, "run").mockRejectedValueOnce(new Error("boom"));
    const {options} = capture({QUEUEBOOK_DEBUG: "1"});
    await expect(main(["sim"], options)).rejects.toThrow("boom");
    spy.mockRestore();
  });
  it("answers an unknown command with the usage, exit 2", async () => {
    const {err, options} = capture();
    expect(await main(["frobnicate"], options)).toBe(2);
    expect(err.join("")).toMatch(/^queuebook: unknown command "frobnicate"\nusage: queuebook <command>/);
  });
  it("lists in --help every subcommand of the lab that lab --help lists (grade and k6 too)", async () => {
    const top = capture(),
      lab = capture();
    expect(await main(["--help"], top.options)).toBe(0);
    expect(await main(["lab", "--help"], lab.options)).toBe(0);
    const listed = [...lab.out.join("").matchAll(/^ {2}([a-z0-9]+) /gm)].map((match) => match[1]);
    expect(listed).toEqual(["server", "gen", "closed", "probe", "analyze", "record", "grade", "k6"]);
    const labLine = top.out
      .join("")
      .split("\n")
      .find((line) => line.startsWith("  lab "));
    expect(labLine).toBe(`  lab     arrival-process lab tools (${listed.join(", ")})`);
  });
});
