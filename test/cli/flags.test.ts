// parseFlags(args, options) and integerFlag(name, value, …): a value starting with "-" belongs
// to its flag, a flag never swallows another flag, and integer checks name the bound that failed.
import {describe, expect, it} from "vitest";
import {UsageError} from "../../src/cli/command.js";
import {integerFlag, parseFlags} from "../../src/cli/flags.js";

const options = {
  out: {type: "string", short: "o"},
  port: {type: "string"},
  snapshot: {type: "boolean"},
  help: {type: "boolean", short: "h"}
} as const;
const withPositionals = (args: string[]) => parseFlags(args, options, true);
const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error("no error");
};

describe("parseFlags(args, options)", () => {
  it("gives a value with one leading - to the flag before it, long or short", () => {
    expect(parseFlags(["--port", "-1"], options).values.port).toBe("-1");
    expect(parseFlags(["-o", "-2.5"], options).values.out).toBe("-2.5");
    expect(parseFlags(["-o", "-site"], options).values.out).toBe("-site");
    expect(parseFlags(["--port=-2", "--snapshot"], options).values).toEqual({port: "-2", snapshot: true});
  });

  it("never takes a flag as a value, the command's own or a mistyped long one: the value is missing", () => {
    expect(failure(() => parseFlags(["--out", "--snapshot"], options))).toBe("Option '--out' argument missing");
    expect(failure(() => parseFlags(["-o", "-h"], options))).toBe("Option '-o' argument missing");
    expect(failure(() => parseFlags(["-o", "--snapshto"], options))).toBe("Option '-o' argument missing");
    expect(failure(() => parseFlags(["--out"], options))).toBe("Option '-o, --out <value>' argument missing");
  });

  it("leaves everything after -- as positionals, and never takes -- as a value", () => {
    expect(withPositionals(["--", "--port", "-5"]).positionals).toEqual(["--port", "-5"]);
    expect(withPositionals(["d", "--port", "-1", "--", "-2"])).toMatchObject({values: {port: "-1"}, positionals: ["d", "-2"]});
    expect(failure(() => withPositionals(["d", "--port", "--"]))).toBe("Option '--port' argument missing");
  });

  it("turns unknown flags into a UsageError of one line", () => {
    expect(failure(() => parseFlags(["--nope"], options))).toBe("Unknown option '--nope'");
  });
});

describe("integerFlag(name, value, fallback, min, max)", () => {
  it("returns the fallback when the flag is absent and the integer when it is in range", () => {
    expect(integerFlag("--port", undefined, 3000, 0, 65535)).toBe(3000);
    expect(integerFlag("--port", " 8080 ", 3000, 0, 65535)).toBe(8080);
  });

  it("names the bound that failed, and quotes a non-integer cut short with control characters escaped", () => {
    expect(failure(() => integerFlag("--port", "-1", 3000, 0, 65535))).toBe("--port must be at least 0, got -1");
    expect(failure(() => integerFlag("--port", "70000", 3000, 0, 65535))).toBe("--port must be at most 65535, got 70000");
    expect(failure(() => integerFlag("--port", "1e3", 3000, 0, 65535))).toBe('--port must be an integer, got "1e3"');
    expect(failure(() => integerFlag("--port", "8\n0", 3000, 0, 65535))).toBe('--port must be an integer, got "8\\n0"');
    expect(failure(() => integerFlag("--port", "9".repeat(500), 3000, 0, 65535))).toMatch(/^--port must be an integer, got "9+…"$/);
  });
});
