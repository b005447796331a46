// `queuebook build` as a user runs it: exit codes, one-line errors, warnings with positions,
// and no half-written output. Through main() in this process; the real binary (a child process)
// for what only it shows: a build's exit status and output, a failure's, an unknown command's.
// Every build runs esbuild (a child process) and bundles the client when its sources changed:
// spawned work, so the tests get its budget (test/support/spawnBudget.ts), no speed asserted.
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterEach, beforeEach, describe, expect, it} from "vitest";
import {spawnSync} from "node:child_process";
import {packageRoot, runCli} from "./run.js";
import {runMain} from "../support/inProcess.js";
import {spawningTestTimeout} from "../support/spawnBudget.js";

/** `queuebook …args` in `cwd` (default: the package), in this process. */
const runIn = (args: string[], options: {cwd?: string} = {}) => runMain(args, options.cwd ?? packageRoot);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-build-"));
  mkdirSync(join(dir, "notebooks"));
});
afterEach(() => rmSync(dir, {recursive: true, force: true}));

const write = (name: string, text: string) => writeFileSync(join(dir, "notebooks", name), text);

describe("queuebook build [--root DIR] [-o OUT]", {timeout: spawningTestTimeout}, () => {
  it("builds one page and one script per notebook, an index and the assets (the real binary)", {timeout: spawningTestTimeout}, async () => {
    write("a.md", "---\ntitle: Page A\n---\n\n```js\n1 + 1\n```\n");
    mkdirSync(join(dir, "notebooks", "sub"));
    write("sub/b.md", "# Page B\n\n${2 * 3}\n");
    const result = await runCli(["build"], {cwd: dir});
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^built 2 notebooks into dist\/ in \d+ ms\n$/);
    const files = readdirSync(join(dir, "dist"), {recursive: true}).map(String).sort();
    expect(files).toEqual(
      expect.arrayContaining(["a.html", "a.js", "index.html", "sub/b.html", "sub/b.js", "_queuebook/client.js", "_queuebook/style.css"])
    );
    expect(readFileSync(join(dir, "dist", "sub", "b.html"), "utf8")).toContain('src="../_queuebook/client.js"');
    expect(readFileSync(join(dir, "dist", "index.html"), "utf8")).toContain("Page A");
  });

  it("still builds a notebook with a broken cell, warning with file, line and column", async () => {
    write("broken.md", "# Broken\n\n```js\nconst x = (1 + ;\n```\n");
    const result = await runIn(["build", "-o", "site"], {cwd: dir});
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("warning: notebooks/broken.md:4:16: SyntaxError: Unexpected token\n");
    expect(readFileSync(join(dir, "site", "broken.js"), "utf8")).toContain("Unexpected token");
  });

  it("fails in one line, exit 1, when the notebook folder is missing (the real binary)", {timeout: spawningTestTimeout}, async () => {
    const result = await runCli(["build", "--root", "nope"], {cwd: dir});
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("queuebook build: notebook folder not found: nope\n");
    expect(existsSync(join(dir, "dist"))).toBe(false);
  });

  it("builds the page when a FileAttachment is missing, the error shown at its cell with a warning", async () => {
    write("ok.md", "```js\n1\n```\n");
    write("data.md", '# Data\n\n```js\nconst rows = FileAttachment("data/missing.csv").csv();\n```\n\n```js\nconst fine = 1;\n```\n');
    const result = await runIn(["build"], {cwd: dir});
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      'warning: notebooks/data.md:4:14: FileAttachment "data/missing.csv" not found in the notebook folder (data/missing.csv)\n'
    );
    const script = readFileSync(join(dir, "dist", "data.js"), "utf8");
    expect(script).toContain("not found");
    expect(script).toContain("fine");
  });

  it("fails in one line on an unreadable notebook", async () => {
    write("ok.md", "# ok\n");
    symlinkSync(join(dir, "nowhere.md"), join(dir, "notebooks", "dangling.md")); // root can read any file; a dangling link cannot be read
    const result = await runIn(["build"], {cwd: dir});
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("queuebook build: cannot read notebooks/dangling.md: no such file or directory\n");
    expect(existsSync(join(dir, "dist"))).toBe(false);
  });

  it("refuses, in one line, a notebook that is a link out of the root, a pipe, or too big; nothing written", async () => {
    writeFileSync(join(dir, "outside.md"), "# Outside\n\nSECRET-NOTEBOOK\n");
    symlinkSync(join(dir, "outside.md"), join(dir, "notebooks", "linked.md"));
    const linked = await runIn(["build"], {cwd: dir});
    expect(linked.code).toBe(1);
    expect(linked.stderr).toMatch(
      /^queuebook build: cannot read notebooks\/linked\.md: it is a link to a file outside the notebook folder\n$/
    );
    expect(existsSync(join(dir, "dist"))).toBe(false);
    rmSync(join(dir, "notebooks", "linked.md"));
    spawnSync("mkfifo", [join(dir, "notebooks", "pipe.md")]);
    const pipe = await runIn(["build"], {cwd: dir});
    expect(pipe.code).toBe(1);
    expect(pipe.stderr).toBe("queuebook build: cannot read notebooks/pipe.md: it is not a regular file (a device, pipe or socket)\n");
    rmSync(join(dir, "notebooks", "pipe.md"));
    write("big.md", "# Big\n\n" + "x".repeat(3000) + "\n");
    const big = await runIn(["build", "--max-file-mb", "0.001"], {cwd: dir});
    expect(big.code).toBe(1);
    expect(big.stderr).toBe(
      "queuebook build: cannot read notebooks/big.md: it is 3,008 bytes, more than the limit of 1,048 bytes (--max-file-mb)\n"
    );
    expect(existsSync(join(dir, "dist"))).toBe(false);
  });

  it("rejects an unknown flag with the usage, exit 2", async () => {
    const result = await runIn(["build", "--nope"], {cwd: dir});
    expect(result.code).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe("queuebook build: Unknown option '--nope'");
    expect(result.stderr).toContain("usage: queuebook build");
  });

  it("prints its help with --help, exit 0", async () => {
    const result = await runIn(["build", "--help"], {cwd: dir});
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("usage: queuebook build [--root DIR] [-o OUT]");
  });
});

describe("queuebook <command>", {timeout: spawningTestTimeout}, () => {
  it("rejects an unknown command with the usage, exit 2 (the real binary)", {timeout: spawningTestTimeout}, async () => {
    const result = await runCli(["frobnicate"]);
    expect(result.code).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe('queuebook: unknown command "frobnicate"');
    expect(result.stderr).toContain("usage: queuebook <command>");
  });
});

describe("queuebook build: a page never leaks the machine, and one broken cell never fails the build", {
  timeout: spawningTestTimeout
}, () => {
  it("refuses files outside the root at their cells (absolute, ../, links out, /proc, folders), builds the rest", async () => {
    writeFileSync(join(dir, "secret.txt"), "SECRET-OUTSIDE-ROOT");
    mkdirSync(join(dir, "notebooks", "data"));
    symlinkSync(join(dir, "secret.txt"), join(dir, "notebooks", "data", "link.txt"));
    writeFileSync(join(dir, "notebooks", "data", "ok.csv"), "a\n1\n");
    const cells = ["/proc/self/environ", "/etc/passwd", "../secret.txt", "data/link.txt", "data", "data/ok.csv"].map(
      (name) => "```js\nFileAttachment(" + JSON.stringify(name) + ").text()\n```\n"
    );
    write("leak.md", "# Leak\n\n" + cells.join("\n"));
    const result = await runIn(["build"], {cwd: dir});
    expect(result.code).toBe(0);
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(5);
    expect(lines).toEqual([
      expect.stringMatching(
        /^warning: notebooks\/leak\.md:4:1: FileAttachment "\/proc\/self\/environ" not found in the notebook folder \(proc\/self\/environ\); a leading "\/" is the notebook folder$/
      ),
      expect.stringMatching(
        /^warning: notebooks\/leak\.md:8:1: FileAttachment "\/etc\/passwd" not found in the notebook folder \(etc\/passwd\); a leading "\/" is the notebook folder$/
      ),
      expect.stringMatching(/^warning: notebooks\/leak\.md:12:1: FileAttachment "\.\.\/secret\.txt" is outside the notebook folder/),
      expect.stringMatching(
        /^warning: notebooks\/leak\.md:16:1: FileAttachment "data\/link\.txt" is a link to a file outside the notebook folder/
      ),
      expect.stringMatching(/^warning: notebooks\/leak\.md:20:1: FileAttachment "data" is a folder, not a file$/)
    ]);
    const site = readdirSync(join(dir, "dist"), {recursive: true})
      .map(String)
      .filter((f) => /\.(html|js)$/.test(f) && !f.startsWith("_queuebook"));
    for (const file of site) {
      const text = readFileSync(join(dir, "dist", file), "utf8");
      expect(text).not.toContain("SECRET-OUTSIDE-ROOT");
      expect(text).not.toContain("root:x:0:0");
      expect(text).not.toContain("PATH=");
      expect(text).not.toContain(dir); // messages name paths relative to the root, never the build machine's folders
    }
    expect(readFileSync(join(dir, "dist", "leak.js"), "utf8")).toContain('"data/ok.csv":{"mimeType":"text/csv"'); // the file inside is embedded
  });

  it("limits the size of an attached file with --max-file-mb, and rejects a bad value with the usage", async () => {
    writeFileSync(join(dir, "notebooks", "big.txt"), "x".repeat(2000));
    write("big.md", '```js\nFileAttachment("big.txt").text()\n```\n');
    const small = await runIn(["build", "--max-file-mb", "0.001"], {cwd: dir});
    expect(small.code).toBe(0);
    expect(small.stderr).toBe(
      'warning: notebooks/big.md:2:1: FileAttachment "big.txt" is 2,000 bytes, more than the limit of 1,048 bytes (--max-file-mb)\n'
    );
    for (const bad of ["0", "-1", "lots", "1e9", "2000"]) {
      const result = await runIn(["build", `--max-file-mb=${bad}`], {cwd: dir});
      expect(result.code).toBe(2);
      expect(result.stderr.split("\n")[0]).toMatch(
        /^queuebook build: --max-file-mb must be a number of megabytes above 0 and at most 1024, got "/
      );
    }
  });

  it("builds every broken cell as an error at its cell, exit 0, one warning line each", async () => {
    writeFileSync(join(dir, "notebooks", "helper.js"), "export const x = 1;\n");
    writeFileSync(join(dir, "notebooks", "x.csv"), "a\n1\n");
    const cells = [
      "const a = 1; a = 2;",
      'import {x} from "./helper.js";\nx = 1;',
      "#!/usr/bin/env node\n1",
      'import d from "./x.csv";',
      'const m = await import("./x.csv");',
      'import {x as y} from "./Helper.js";',
      'import "/etc/passwd";',
      'FileAttachment("a\\nb.csv")'
    ];
    write("broken.md", "# Broken\n\n" + cells.map((c) => "```js\n" + c + "\n```\n").join("\n") + "\n```js\nconst fine = 42;\n```\n");
    const result = await runIn(["build"], {cwd: dir});
    expect(result.code).toBe(0);
    const lines = result.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(cells.length);
    for (const line of lines) expect(line).toMatch(/^warning: notebooks\/broken\.md:\d+:\d+: \S/);
    expect(result.stderr).not.toMatch(/notebooks\/broken\.md:\d+:\d+: .*broken\.md:\d+/); // the position is not repeated
    expect(result.stderr).toContain('FileAttachment("x.csv")');
    expect(result.stderr).toContain('"a\\nb.csv"');
    expect(readFileSync(join(dir, "dist", "broken.js"), "utf8")).toContain("fine");
  });

  it("builds Markdown nested deeper than marked can recurse as plain text, one warning line each, no stack trace", async () => {
    write(
      "deep.md",
      "# Deep\n\n" + "> ".repeat(4000) + "quoted\n\n" + "*".repeat(5000) + "x" + "*".repeat(5000) + "\n\n```js\nconst after = 1;\n```\n"
    );
    const result = await runIn(["build"], {cwd: dir});
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      [3, 5]
        .map(
          (line) =>
            `warning: notebooks/deep.md:${line}:1: this Markdown block is nested too deeply to lay out (more than 32 levels): shown as plain text\n`
        )
        .join("")
    );
    expect(readFileSync(join(dir, "dist", "deep.html"), "utf8")).toContain("quoted");
    expect(readFileSync(join(dir, "dist", "deep.js"), "utf8")).toContain("after");
  });

  it("builds a notebook in a subfolder that imports a local module and a shared package, and links it from the index", async () => {
    mkdirSync(join(dir, "notebooks", "week-1"));
    writeFileSync(join(dir, "notebooks", "week-1", "helper.js"), "export const week = 1;\n");
    write(
      "week-1/intro.md",
      '# Week one\n\n```js\nimport {week} from "./helper.js";\n```\n\n```js\nimport * as Inputs from "npm:@observablehq/inputs";\n```\n\n${week}\n'
    );
    const result = await runIn(["build"], {cwd: dir});
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(readFileSync(join(dir, "dist", "index.html"), "utf8")).toContain('href="week-1/intro.html"');
    const script = readFileSync(join(dir, "dist", "week-1", "intro.js"), "utf8");
    expect(script).toContain("week");
    expect(script).toContain('library("Inputs")');
  });

  it("URL-encodes every link it writes (a#b.md → a%23b.html)", async () => {
    write("a#b.md", "# Hash\n\n```js\n1\n```\n");
    write("50% off?.md", "# Percent\n");
    const result = await runIn(["build"], {cwd: dir});
    expect(result.code).toBe(0);
    const index = readFileSync(join(dir, "dist", "index.html"), "utf8");
    expect(index).toContain('href="a%23b.html"');
    expect(index).toContain('href="50%25%20off%3F.html"');
    expect(readFileSync(join(dir, "dist", "a#b.html"), "utf8")).toContain('<script src="a%23b.js"></script>');
  });
});
