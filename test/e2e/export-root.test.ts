// `queuebook export --root DIR` of a Framework-shaped project's page in a subfolder: its
// root-relative imports (a module using observablehq:stdlib, one importing npm:), files,
// csv({array}), a dynamic npm: import and images resolve against the project's root, and the
// file runs from file:// in Chromium asking for nothing; nothing outside the root is read.
// Without --root the root is build's default folder (notebooks/) when the notebook is in it,
// else the notebook's own folder (as before); a root that is missing, not a folder or not
// above the notebook is one line and the usage, exit 2, nothing written.
import {spawn} from "node:child_process";
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser} from "playwright-core";
import {closeBrowser, chromiumPath, launchBrowser} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const framework = join(packageRoot, "test/e2e/framework");
const SECRET = "SECRET-BESIDE-THE-ROOT";
const base = realpathSync(mkdtempSync(join(tmpdir(), "queuebook-export-root-")));
let browser: Browser | undefined;

/** Runs `queuebook …args` in `cwd`. */
function cli(args: string[], cwd = base): Promise<{code: number | null; stdout: string; stderr: string}> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(packageRoot, "bin/queuebook.js"), ...args], {
      cwd,
      env: {...process.env, QUEUEBOOK_CHROMIUM: chromiumPath},
      stdio: ["ignore", "pipe", "pipe"]
    });
    let stdout = "",
      stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({code, stdout, stderr}));
  });
}

// Lines as the warnings name them: the image written on line 32 climbs out of the root.
const page = `---
title: A page in a subfolder
---

# A page in a subfolder

\`\`\`js
import {two} from "/components/math.js";
import {loadServers, loadNote, hasGenerators} from "/lib/util.js";
import {serversChart} from "/components/chart.js";
\`\`\`

\`\`\`js
const servers = await loadServers();
const note = await loadNote();
const rows = FileAttachment("/data/servers.csv").csv({array: true});
const attached = FileAttachment("/data/servers.csv");
const d3 = await import("npm:d3");
\`\`\`

<p id="two">${"${two}"}</p>
<p id="module">${"${servers.length} ${note.trim()} ${hasGenerators}"}</p>
<p id="rows">${"${JSON.stringify(rows[0])} ${rows.length} ${attached.name}"}</p>
<p id="d3">${"${d3.sum([1, 2, 3])}"}</p>

<div id="chart">${"${serversChart(servers)}"}</div>

![a picture from the root](/data/pic.png)

<img id="up" src="../data/pic.png" alt="a picture one folder up">

<img id="outside" src="../../secret.png" alt="">
`;

/** A Framework-shaped project at `dir`: components/, lib/, data/ and the page in sub/. */
function project(dir: string) {
  for (const folder of ["components", "lib", "data"]) cpSync(join(framework, folder), join(dir, folder), {recursive: true});
  mkdirSync(join(dir, "sub"));
  writeFileSync(join(dir, "sub", "page.md"), page);
}

beforeAll(async () => {
  writeFileSync(join(base, "secret.png"), SECRET);
  project(join(base, "fw"));
  project(join(base, "course", "notebooks"));
  mkdirSync(join(base, "fw", "sub", "deeper"));
  symlinkSync(join(base, "fw"), join(base, "fw-link"));
  const made = await cli(["export", "--root", "fw", "fw/sub/page.md", "-o", "page.html"]);
  expect(made.stderr).toBe(
    'warning: fw/sub/page.md:32:24: image "../../secret.png" is outside the notebook folder: only images inside it are inlined; left out of the export\n'
  );
  expect(made.code).toBe(0);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await closeBrowser(browser);
  rmSync(base, {recursive: true, force: true});
});

describe("queuebook export --root DIR <subfolder page>", {timeout: 90_000}, () => {
  it("runs from file:// with the root's modules, files and images, asking for nothing", async () => {
    const context = await browser!.newContext();
    const url = `file://${join(base, "page.html")}`;
    const requests: string[] = [];
    const errors: string[] = [];
    await context.route(/.*/, (route) => {
      if (route.request().url() === url) return route.continue();
      requests.push(route.request().url());
      return route.abort();
    });
    const tab = await context.newPage();
    tab.on("pageerror", (e) => errors.push(e.message));
    tab.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    await tab.goto(url);
    await expect.poll(() => tab.locator("#two").textContent()).toBe("2");
    await expect.poll(() => tab.locator("#module").textContent()).toBe("3 a note beside the module true");
    await expect.poll(() => tab.locator("#rows").textContent()).toBe('["server","rate"] 4 servers.csv');
    await expect.poll(() => tab.locator("#d3").textContent()).toBe("6");
    await expect.poll(() => tab.locator("#chart svg rect").count()).toBe(3);
    const sizes = await tab
      .locator("main img")
      .evaluateAll((imgs: HTMLImageElement[]) => imgs.map((i) => [i.id, i.hasAttribute("src"), i.naturalWidth]));
    expect(sizes).toEqual([
      ["", true, 4],
      ["up", true, 4],
      ["outside", false, 0]
    ]);
    expect(await tab.locator(".qb-error").count()).toBe(0);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("carries no byte from outside the root, and its no-script snapshot shows the values", async () => {
    const html = readFileSync(join(base, "page.html"), "utf8");
    for (const leak of [SECRET, Buffer.from(SECRET).toString("base64").slice(0, 16), base]) expect(html.includes(leak), leak).toBe(false);
    const context = await browser!.newContext({javaScriptEnabled: false});
    const tab = await context.newPage();
    await tab.goto(`file://${join(base, "page.html")}`);
    expect(await tab.locator("#two").textContent()).toBe("2");
    expect(await tab.locator("#rows").textContent()).toBe('["server","rate"] 4 servers.csv');
    await context.close();
  });

  it("takes a root or a notebook given through a link, and a root written with ..", async () => {
    for (const [root, notebook] of [
      ["fw-link", "fw/sub/page.md"],
      ["fw", "fw-link/sub/page.md"],
      ["fw/sub/..", "fw/sub/page.md"]
    ]) {
      const result = await cli(["export", "--root", root, notebook, "-o", "again.html", "--no-snapshot"]);
      expect(result.stderr, root).toMatch(
        /^warning: fw\/sub\/page\.md:32:24: image "\.\.\/\.\.\/secret\.png" is outside the notebook folder[^\n]*\n$/
      );
      expect(result.code, root).toBe(0);
    }
  });
});

describe("queuebook export <notebook> without --root", {timeout: 60_000}, () => {
  it("takes notebooks/ when the notebook is inside it, as build does: the subfolder page's / reaches it", async () => {
    const result = await cli(["export", "notebooks/sub/page.md", "-o", "default.html", "--no-snapshot"], join(base, "course"));
    expect(result.stderr).toBe(
      'warning: notebooks/sub/page.md:32:24: image "../../secret.png" is outside the notebook folder: only images inside it are inlined; left out of the export\n'
    );
    expect(result.code).toBe(0);
  });

  it("otherwise takes the notebook's own folder, as before: its / is that folder", async () => {
    const result = await cli(["export", "fw/sub/page.md", "-o", "own.html", "--no-snapshot"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning: fw/sub/page.md:8:1: Could not resolve "/components/math.js"');
    expect(result.stderr).toContain('FileAttachment "/data/servers.csv" not found in the notebook folder (data/servers.csv)');
  });
});

describe("queuebook export --root DIR: bad roots", {timeout: 60_000}, () => {
  const cases: [string, string[], string][] = [
    ["a missing folder", ["--root", "nowhere"], "queuebook export: --root nowhere: no such folder"],
    ["a file", ["--root", "fw/data/servers.csv"], "queuebook export: --root fw/data/servers.csv: not a folder"],
    [
      "a folder beside the notebook",
      ["--root", "fw/lib"],
      "queuebook export: the notebook fw/sub/page.md is not inside --root fw/lib: give a folder at or above it"
    ],
    [
      "a folder below the notebook",
      ["--root", "fw/sub/deeper"],
      "queuebook export: the notebook fw/sub/page.md is not inside --root fw/sub/deeper: give a folder at or above it"
    ],
    [
      "another project",
      ["--root", "course/notebooks"],
      "queuebook export: the notebook fw/sub/page.md is not inside --root course/notebooks: give a folder at or above it"
    ]
  ];
  for (const [name, args, line] of cases) {
    it(`refuses ${name} in one line and the usage, exit 2, writing nothing`, async () => {
      const out = `bad-${name.replace(/\W+/g, "-")}.html`;
      const result = await cli(["export", ...args, "fw/sub/page.md", "-o", out]);
      expect(result.code).toBe(2);
      const [first, second] = result.stderr.split("\n");
      expect(first).toBe(line);
      expect(second).toMatch(/^usage: queuebook export <notebook\.md> \[--root DIR\]/);
      expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
      expect(result.stdout).toBe("");
      expect(existsSync(join(base, out))).toBe(false);
    });
  }

  it("refuses a notebook that is a link out of the root, whatever its name says", async () => {
    symlinkSync(join(base, "course", "notebooks", "sub", "page.md"), join(base, "fw", "sub", "linked.md"));
    const result = await cli(["export", "--root", "fw", "fw/sub/linked.md", "-o", "linked.html", "--no-snapshot"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe("queuebook export: cannot read fw/sub/linked.md: it is a link to a file outside the notebook folder\n");
    expect(existsSync(join(base, "linked.html"))).toBe(false);
  });
});
