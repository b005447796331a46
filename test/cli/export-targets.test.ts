// `queuebook export -o / --pdf` targets (issue 15): /dev/stdout (a link), /dev/full and /dev/null
// (devices), a FIFO, links and notebooks are refused before any rendering, in one line with
// exit 2, and stay what they were; a regular file or a new name is written. In-process.
import {execFileSync} from "node:child_process";
import {existsSync, linkSync, lstatSync, readFileSync, symlinkSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {main} from "../../src/cli/main.js";
import {freshFolders} from "../support/folders.js";
import {tree} from "../support/tree.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const fresh = freshFolders("queuebook-export-targets-");

/** A folder with a notebook, another notebook, a FIFO and links. */
function folder(): string {
  const dir = fresh();
  writeFileSync(join(dir, "page.md"), "# Page\n\n```js\n1 + 1\n```\n");
  writeFileSync(join(dir, "other.md"), "# someone else's\n");
  writeFileSync(join(dir, "old.html"), "old");
  execFileSync("mkfifo", [join(dir, "pipe.html")]);
  symlinkSync("old.html", join(dir, "link.html"));
  symlinkSync("nowhere.html", join(dir, "dangling.html"));
  linkSync(join(dir, "page.md"), join(dir, "hard.html"));
  return dir;
}

async function exportIn(dir: string, args: string[]) {
  let stdout = "",
    stderr = "";
  // QUEUEBOOK_CHROMIUM points nowhere: a refusal must come before any rendering is tried.
  const code = await main(["export", "page.md", ...args], {
    packageRoot,
    cwd: dir,
    env: {QUEUEBOOK_CHROMIUM: join(dir, "no-chromium")},
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t)
  });
  return {code, stdout, stderr};
}

const isCharDevice = (path: string) => lstatSync(path).isCharacterDevice();

describe("queuebook export <nb> -o / --pdf TARGET", () => {
  it.runIf(process.platform === "linux")(
    "refuses /dev/stdout, /dev/full and /dev/null for -o and --pdf; the devices stay devices",
    async () => {
      const dir = folder();
      const cases = [
        ["-o", "/dev/stdout"],
        ["-o", "/dev/full"],
        ["--pdf", "/dev/full"],
        ["--pdf", "/dev/null", "-o", "x.html"]
      ];
      for (const args of cases) {
        const result = await exportIn(dir, ["--no-snapshot", ...args]);
        expect(result.code, args.join(" ")).toBe(2);
        expect(result.stderr, args.join(" ")).toMatch(
          /^queuebook export: cannot write \/dev\/\w+: it is (a device|a symbolic link), not a regular file: refusing to replace it\nusage: /
        );
      }
      expect(isCharDevice("/dev/full") && isCharDevice("/dev/null")).toBe(true);
      expect(existsSync(join(dir, "x.html"))).toBe(false); // -o is not written when --pdf is refused
      expect(lstatSync("/dev/stdout").isFile()).toBe(false);
    }
  );

  it("refuses a FIFO, links, another notebook and a hard link to the notebook: one line, exit 2, nothing changed", async () => {
    const dir = folder();
    const before = tree(dir);
    const expected: Record<string, RegExp> = {
      "pipe.html": /it is a named pipe \(FIFO\)/,
      "link.html": /it is a symbolic link/,
      "dangling.html": /it is a symbolic link/,
      "other.md": /it is a notebook \(\.md\)/,
      "hard.html": /it is an input of this command/
    };
    for (const [name, reason] of Object.entries(expected)) {
      for (const flag of ["-o", "--pdf"]) {
        const result = await exportIn(dir, ["--no-snapshot", flag, name]);
        expect(result.code, `${flag} ${name}`).toBe(2);
        const [first, second] = result.stderr.split("\n");
        expect(first, `${flag} ${name}`).toMatch(
          new RegExp(`^queuebook export: cannot write ${name.replace(".", "\\.")}: ${reason.source}`)
        );
        expect(second).toMatch(/^usage: queuebook export /);
      }
    }
    expect(tree(dir)).toEqual(before);
  });

  it("writes a regular file over an earlier export, and a new name", async () => {
    const dir = folder();
    for (const name of ["old.html", "new.html"]) {
      const result = await exportIn(dir, ["--no-snapshot", "-o", name]);
      expect(result.code, name).toBe(0);
      expect(readFileSync(join(dir, name), "utf8")).toMatch(/^<!doctype html>/i);
    }
    expect(lstatSync(join(dir, "link.html")).isSymbolicLink()).toBe(true);
  });
});
