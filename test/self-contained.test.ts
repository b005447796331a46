// The suite runs in any clone: no test, helper, benchmark or module names a file outside the
// package (the user's seeds and spec are copies under test/fixtures/), and a missing fixture fails.
import {readdirSync, readFileSync} from "node:fs";
import {dirname, join} from "node:path";
import {fileURLToPath} from "node:url";
import {describe, expect, it} from "vitest";
import {outsidePaths} from "./support/outsidePaths.js";
import {readFixture} from "./support/fixtures.js";

const root = fileURLToPath(new URL("..", import.meta.url)).replace(/\/$/, "");
const scanned = ["test", "bench", "src", "build", "bin"];
// Generated and notebook text, not code that reads files; and the scanner and this file, whose
// examples of escaping paths are text.
const notCode = new Set(["test/output", "test/input", "test/support/outsidePaths.ts", "test/self-contained.test.ts"]);
// The ones allowed: two benches time the Framework peer when its harness is there (and say so when it is not).
const peer = join(dirname(root), "shared/tools/framework-peer.sh");
const allowed = ["bench/notebook.bench.ts", "bench/edit.bench.ts"].map((file) => ({file, target: peer}));

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), {withFileTypes: true}).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (notCode.has(path)) return [];
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|js|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

describe("the suite reads nothing outside the package", () => {
  it("no source under test/, bench/, src/, build/ or bin/ builds a path out of the package", () => {
    const files = scanned.flatMap(sources);
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) => outsidePaths(join(root, file), readFileSync(join(root, file), "utf8"), root));
    const unexpected = found.filter((f) => !allowed.some((a) => a.file === f.file && a.target === f.target));
    expect(unexpected.map((f) => `${f.file}:${f.line}: ${f.source} → ${f.target}`)).toEqual([]);
  });

  it("has the user's seeds and spec under test/fixtures/, and a missing one fails in one line", () => {
    for (const name of ["000_122e2c848edbbcea", "001_ba82c91a2a4564c0", "002_31e6a105aa1669de", "003_13d5c54a9ee7623f"]) {
      expect(readFixture(`seeds/${name}.txt`).length, name).toBeGreaterThan(1000);
    }
    expect(readFixture("spec/oncall-simulator.md")).toContain("| metric | opening value |");
    expect(() => readFixture("seeds/missing.txt")).toThrow(/^missing fixture test\/fixtures\/seeds\/missing\.txt \(ENOENT\)/);
  });
});

describe("outsidePaths(file, text, root)", () => {
  const pkg = "/home/u/queuebook";
  const at = (file: string, text: string) => outsidePaths(`${pkg}/${file}`, text, pkg).map((f) => f.target);

  it("resolves new URL(literal, import.meta.url) against the file", () => {
    expect(at("test/e2e/a.test.ts", `readFileSync(new URL("../../../shared/seeds/x.txt", import.meta.url))`)).toEqual([
      "/home/u/shared/seeds/x.txt"
    ]);
    expect(at("test/components/lab/a.test.ts", `new URL('../../../../shared/seeds/', import.meta.url)`)).toEqual(["/home/u/shared/seeds/"]);
    expect(at("test/e2e/a.test.ts", "new URL(`../../../${name}`, import.meta.url)")).toEqual(["/home/u/"]);
    expect(at("test/e2e/a.test.ts", `new URL("../../notebooks/", import.meta.url); new URL("./x", import.meta.url)`)).toEqual([]);
  });

  it("follows a name bound to a path into join, resolve and +", () => {
    const bound = `const packageRoot = new URL("../../", import.meta.url).pathname;\n`;
    expect(at("test/e2e/a.test.ts", bound + `join(packageRoot, "../shared/spec/oncall-simulator.md")`)).toEqual([
      "/home/u/shared/spec/oncall-simulator.md"
    ]);
    expect(at("test/e2e/a.test.ts", bound + `resolve(packageRoot, "..", "shared")`)).toEqual(["/home/u/shared"]);
    expect(at("test/e2e/a.test.ts", bound + `const up = join(packageRoot, "..");\nreadFileSync(up + "x")`)).toEqual([
      "/home/u",
      "/home/u/x"
    ]);
    expect(
      at("test/a/b.test.ts", `const here = fileURLToPath(new URL(".", import.meta.url));\njoin(here, "..", "..", "..", "seeds")`)
    ).toEqual(["/home/u/seeds"]);
    expect(at("test/client/a.test.ts", `join(import.meta.dirname, "..", "..", "..")`)).toEqual(["/home/u"]);
    expect(
      at("test/e2e/a.test.ts", bound + `join(packageRoot, "notebooks", "data"); join(packageRoot, name, ".."); join(tmp, "../x")`)
    ).toEqual([]);
  });

  it("flags the checkout's surroundings by absolute path, not the package's own or other paths", () => {
    expect(at("test/a.test.ts", `const seeds = "/home/u/shared/seeds";`)).toEqual(["/home/u/shared/seeds"]);
    expect(at("test/a.test.ts", `"/home/u/queuebook/notebooks"; "/etc/passwd"; "/work"`)).toEqual([]);
  });
});
