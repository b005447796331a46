// The CLI's loader (build/cliLoad.js): a CommonJS bundle run with V8's code cache beside it,
// kept after the first run, used by the next, and compiled afresh when the cache does not fit.
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, describe, expect, it} from "vitest";
import {loadCli} from "../../build/cliLoad.js";

const dir = mkdtempSync(join(tmpdir(), "qb-cli-load-"));
afterAll(() => rmSync(dir, {recursive: true, force: true}));
const entry = join(dir, "main.cjs");
writeFileSync(
  entry,
  'const {join} = require("node:path");\nexports.main = (argv) => join("a", ...argv);\nexports.where = () => [__filename, module.id === __filename];\n'
);

describe("loadCli(entry)", () => {
  it("runs the bundle as require would, and keeps V8's code cache after the first run only", () => {
    const first = loadCli(entry);
    expect(first.exports.main(["b"])).toBe(join("a", "b"));
    expect(first.exports.where()).toEqual([entry, true]);
    expect(existsSync(`${entry}.v8cache`)).toBe(false);
    first.keep();
    const cache = readFileSync(`${entry}.v8cache`);
    expect(cache.length).toBeGreaterThan(0);
    const second = loadCli(entry);
    expect(second.exports.main(["c"])).toBe(join("a", "c"));
    writeFileSync(`${entry}.v8cache`, "x"); // (a later run that used the cache writes nothing)
    second.keep();
    expect(readFileSync(`${entry}.v8cache`, "utf8")).toBe("x");
  });

  it("compiles afresh when the cache does not fit, and writes a good one in its place", () => {
    // (another bundle: V8 keeps what this process compiled, and would not read a cache for the first one again)
    const other = join(dir, "other.cjs");
    writeFileSync(other, "exports.main = () => 'other';\n");
    writeFileSync(`${other}.v8cache`, "not a code cache");
    const cli = loadCli(other);
    expect(cli.exports.main()).toBe("other");
    cli.keep();
    expect(readFileSync(`${other}.v8cache`, "utf8")).not.toBe("not a code cache");
  });
});
