// `queuebook build` as a user runs it: exit codes, one-line errors, warnings with positions,
// and no half-written output.
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {runCli} from "./run.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-build-"));
  mkdirSync(join(dir, "notebooks"));
});
afterEach(() => rmSync(dir, {recursive: true, force: true}));

const write = (name: string, text: string) => writeFileSync(join(dir, "notebooks", name), text);

describe("queuebook build [--root DIR] [-o OUT]", () => {
  it("builds one page and one script per notebook, an index and the assets", async () => {
    write("a.md", "---\ntitle: Page A\n---\n\n```js\n1 + 1\n```\n");
    mkdirSync(join(dir, "notebooks", "sub"));
    write("sub/b.md", "# Page B\n\n${2 * 3}\n");
    const result = await runCli(["build"], {cwd: dir});
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^built 2 notebooks into dist\/ in \d+ ms\n$/);
    const files = readdirSync(join(dir, "dist"), {recursive: true}).map(String).sort();
    expect(files).toEqual(expect.arrayContaining(["a.html", "a.js", "index.html", "sub/b.html", "sub/b.js", "_queuebook/client.js", "_queuebook/style.css"]));
    expect(readFileSync(join(dir, "dist", "sub", "b.html"), "utf8")).toContain('src="../_queuebook/client.js"');
    expect(readFileSync(join(dir, "dist", "index.html"), "utf8")).toContain("Page A");
  });

  it("still builds a notebook with a broken cell, warning with file, line and column", async () => {
    write("broken.md", "# Broken\n\n```js\nconst x = (1 + ;\n```\n");
    const result = await runCli(["build", "-o", "site"], {cwd: dir});
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("warning: notebooks/broken.md:4:16: SyntaxError: Unexpected token\n");
    expect(readFileSync(join(dir, "site", "broken.js"), "utf8")).toContain("Unexpected token");
  });

  it("fails in one line, exit 1, when the notebook folder is missing", async () => {
    const result = await runCli(["build", "--root", "nope"], {cwd: dir});
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("queuebook build: notebook folder not found: nope\n");
    expect(existsSync(join(dir, "dist"))).toBe(false);
  });

  it("fails in one line on a missing FileAttachment and leaves the old output untouched", async () => {
    mkdirSync(join(dir, "dist"));
    writeFileSync(join(dir, "dist", ".queuebook-site"), "");
    writeFileSync(join(dir, "dist", "old.html"), "old");
    write("ok.md", "```js\n1\n```\n");
    write("data.md", "# Data\n\n```js\nconst rows = FileAttachment(\"data/missing.csv\").csv();\n```\n");
    const result = await runCli(["build"], {cwd: dir});
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('queuebook build: data.md:4:14: FileAttachment "data/missing.csv" not found (notebooks/data/missing.csv)\n');
    expect(readdirSync(join(dir, "dist")).sort()).toEqual([".queuebook-site", "old.html"]);
    expect(readdirSync(dir).sort()).toEqual(["dist", "notebooks"]);
  });

  it("fails in one line on an unreadable notebook", async () => {
    write("ok.md", "# ok\n");
    symlinkSync(join(dir, "nowhere.md"), join(dir, "notebooks", "dangling.md")); // root can read any file; a dangling link cannot be read
    const result = await runCli(["build"], {cwd: dir});
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("queuebook build: cannot read notebooks/dangling.md: no such file or directory\n");
    expect(existsSync(join(dir, "dist"))).toBe(false);
  });

  it("rejects an unknown flag with the usage, exit 2", async () => {
    const result = await runCli(["build", "--nope"], {cwd: dir});
    expect(result.code).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe("queuebook build: Unknown option '--nope'");
    expect(result.stderr).toContain("usage: queuebook build");
  });

  it("prints its help with --help, exit 0", async () => {
    const result = await runCli(["build", "--help"], {cwd: dir});
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("usage: queuebook build [--root DIR] [-o OUT]");
  });
});

describe("queuebook <command>", () => {
  it("rejects an unknown command with the usage, exit 2", async () => {
    const result = await runCli(["frobnicate"]);
    expect(result.code).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe('queuebook: unknown command "frobnicate"');
    expect(result.stderr).toContain("usage: queuebook <command>");
  });
});
