// In-page editing: the editor chunk's weight (with and without what editorSlim.js
// leaves out), the first edit (editor.js loaded and CodeMirror mounted) from file://,
// Shift+Enter → dependents rendered on erlang-c.md (the in-browser compile included) and the
// in-page compile's own time there and in a notebook of 600 cells, in headless Chromium; then
// the same cell edited three ways side by side: in the page, as a file under `queuebook dev`,
// and as a file under Observable Framework's preview (when a Framework harness is named by
// QB_FRAMEWORK_PEER and can set one up here, offline).
import {spawn, spawnSync} from "node:child_process";
import {cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {createServer} from "node:net";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {gzipSync} from "node:zlib";
import {build} from "esbuild";
import {buildClient} from "../build/client.js";
import {editorSlim} from "../build/editorSlim.js";
import {buildSite} from "../src/site/build.js";
import {startPreview} from "../src/site/preview.js";
import {compileEdited} from "../src/client/editor/compile.js";
import {compileCellEdit} from "../src/client/editor/compileCell.js";
import {launchBrowser} from "../test/e2e/harness.js";
import {kb, median, ms, percentile} from "./stats.js";

const root = new URL("../", import.meta.url).pathname;
const runs = Number(process.env.BENCH_INPUTS ?? 60);
const loops = Number(process.env.BENCH_LOOPS ?? 15);
const erlang = readFileSync(join(root, "notebooks", "erlang-c.md"), "utf8");
/** erlang-c.md with its cell 3 computing n with `factor`. */
const withFactor = (factor: number) =>
  erlang.replace("const n = instances * WORKERS_PER_INSTANCE;", `const n = instances * WORKERS_PER_INSTANCE * ${factor};`);
const cell3 = (factor: number) =>
  `const n = instances * WORKERS_PER_INSTANCE * ${factor};\nconst s = serviceMs / 1000;\nconst a = lambda * s;\nconst wait = a < n ? erlangC(a, n) : 1;`;
/** erlang-c.md and 300 more prose + cell pairs below it (600 more cells, none depending on the edited one): what the compile and the redefinition keep. */
const big =
  erlang +
  Array.from({length: 300}, (_, i) => `\nMore ${i}: \${x${i}}.\n\n\`\`\`js\nconst x${i} = ${i ? `x${i - 1} + 1` : "1"};\n\`\`\`\n`).join(
    ""
  );

const assets = await buildClient(root);
const size = (file: string) => {
  const bytes = readFileSync(join(assets, file));
  return {raw: bytes.length, gzip: gzipSync(bytes, {level: 9}).length};
};
// client.js without any editing code (boot.ts stubbed; where edits go is editor.js, src/client/edits): what a reader who never edits pays for the buttons and the look for kept edits
const without = await build({
  entryPoints: [join(root, "src/client/main.ts")],
  bundle: true,
  minify: true,
  write: false,
  format: "iife",
  platform: "browser",
  logLevel: "silent",
  target: ["es2022", "chrome100", "firefox100", "safari15"],
  plugins: [
    {
      name: "no-edit",
      setup(b) {
        b.onResolve({filter: /edit\/boot\.js$/}, () => ({path: "boot", namespace: "stub"}));
        b.onLoad({filter: /.*/, namespace: "stub"}, () => ({contents: "export function startEditing() {}", loader: "js"}));
      }
    }
  ]
});
const fat = await build({
  entryPoints: [join(root, "src/client/editor/main.ts")],
  bundle: true,
  minify: true,
  write: false,
  format: "iife",
  platform: "browser",
  logLevel: "silent",
  legalComments: "eof",
  target: ["es2022", "chrome100", "firefox100", "safari15"]
});
const slim = await build({
  entryPoints: [join(root, "src/client/editor/main.ts")],
  bundle: true,
  minify: true,
  write: false,
  format: "iife",
  platform: "browser",
  logLevel: "silent",
  legalComments: "eof",
  target: ["es2022", "chrome100", "firefox100", "safari15"],
  plugins: [editorSlim()]
});
const gz = (bytes: Uint8Array) => gzipSync(bytes, {level: 9}).length;
const client = size("client.js");
const bare = without.outputFiles[0].contents;
const editor = size("editor.js");
console.log(
  `editor.js: ${kb(editor.raw)} (${kb(editor.gzip)} gzip; goal ≤ 250 KB gzip); without editorSlim.js ${kb(fat.outputFiles[0].contents.length)} (${kb(gz(fat.outputFiles[0].contents))} gzip), with ${kb(slim.outputFiles[0].contents.length)} (${kb(gz(slim.outputFiles[0].contents))} gzip)`
);
const bareGzip = gzipSync(bare, {level: 9}).length;
console.log(
  `client.js: ${kb(client.raw)} (${client.gzip} B gzip); without any editing code ${kb(bare.length)} (${bareGzip} B gzip): +${client.gzip - bareGzip} B, +${((client.gzip / bareGzip - 1) * 100).toFixed(1)} % (goal ±2 %)`
);
// What a reader downloads when opening a page (its HTML and every stylesheet and script it links:
// the page's bundle, client.js, the chunks its cells use), with this client.js and with the one
// without editing code: the issue's "±2 %" is of that download, client.js's own share above.
{
  const {tmpdir} = await import("node:os");
  const work = mkdtempSync(join(tmpdir(), "queuebook-bench-weight-"));
  const site = join(work, "site");
  await buildSite({root: join(root, "notebooks"), out: site, packageRoot: root});
  for (const name of ["erlang-c", "on-call", "arrival-lab"]) {
    const html = readFileSync(join(site, `${name}.html`));
    const linked = [...html.toString("utf8").matchAll(/<(?:script src|link rel="stylesheet" href)="([^"]+)"/g)].map((m) => m[1]);
    const total = gz(html) + linked.reduce((sum, href) => sum + gz(readFileSync(join(site, href))), 0);
    const withoutEditing = total - client.gzip + bareGzip;
    console.log(
      `${name}.html as a reader downloads it (${linked.length + 1} files): ${kb(total)} gzip; with client.js without editing code ${kb(withoutEditing)}: +${((total / withoutEditing - 1) * 100).toFixed(2)} % (goal ±2 %)`
    );
  }
  rmSync(work, {recursive: true, force: true});
}
if (process.env.BENCH_SIZES_ONLY) process.exit(0); // (the weights alone: no browser)

/** A free port on 127.0.0.1 (for a server that must be told one). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const {port} = server.address() as {port: number};
      server.close(() => resolve(port));
    });
  });
}

/** In the page: "N workers" in bold, as erlang-c's prose shows n (queuebook and Framework render it alike). */
const shows = (expected: string) => Array.from(document.querySelectorAll("strong")).some((s) => s.textContent === `${expected} workers`);

/** Median and p95 of `times`, one line. */
const summary = (times: number[]) => `p50 ${ms(percentile(50, times))}, p95 ${ms(percentile(95, times))} (${times.length} runs)`;

/**
 * Writes the notebook with cell 3's factor each time and times each write until the page shows
 * it (polled by Playwright each frame). A write the page has not shown after 15 s is a miss:
 * the page is reloaded to the file's state and the loop goes on.
 */
async function fileLoop(page: import("playwright-core").Page, write: (text: string) => void): Promise<{times: number[]; missed: number}> {
  const times: number[] = [];
  let missed = 0;
  for (let i = 0; i < loops + 2; i++) {
    const factor = 2 + (i % 2);
    const start = performance.now();
    write(withFactor(factor));
    try {
      await page.waitForFunction(shows, String(160 * factor), {polling: "raf", timeout: 15_000});
      if (i >= 2) times.push(performance.now() - start);
    } catch {
      missed++;
      await page.reload();
      await page.waitForFunction(shows, String(160 * factor), {timeout: 60_000});
    }
  }
  return {times, missed};
}

/** Opens the editor of #cell-3 and times `runs` Shift+Enter runs of cell 3 until the page shows them; also the in-page compile's own times. */
async function shiftEnter(
  page: import("playwright-core").Page,
  url: string,
  chart: boolean
): Promise<{times: number[]; compile: number[]; whole: number}> {
  await page.goto(url);
  await page.waitForFunction(() => /\d/.test(document.querySelector("#inline-1")?.textContent ?? ""));
  await page.evaluate(() => (document.querySelector("#cell-3")!.previousElementSibling as HTMLButtonElement).click());
  await page.waitForSelector("[data-qb-editor] .cm-content");
  const times: number[] = [];
  for (let i = 0; i < runs + 5; i++) {
    const factor = 2 + (i % 2);
    await page.focus("[data-qb-editor] .cm-content");
    await page.keyboard.press("Control+A");
    await page.keyboard.insertText(cell3(factor));
    const elapsed = await page.evaluate(
      ([expected, chart]) =>
        new Promise<number>((resolve) => {
          const plot = document.querySelector("main > .qb-cell:has(svg)");
          const oldSvg = plot?.querySelector("svg");
          const start = performance.now();
          // (no named inner functions: tsx would wrap them in a helper the page does not have)
          const observer = new MutationObserver(() => {
            const svg = plot?.querySelector("svg");
            if (document.querySelector("#inline-1")?.textContent === expected && (!chart || (svg && svg !== oldSvg)))
              observer.disconnect(), resolve(performance.now() - start);
          });
          observer.observe(document.querySelector("main")!, {childList: true, subtree: true, characterData: true});
          document
            .querySelector("[data-qb-editor] .cm-content")!
            .dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", code: "Enter", shiftKey: true, bubbles: true, cancelable: true}));
        }),
      [String(160 * factor), chart] as const
    );
    if (i >= 5) times.push(elapsed); // the first few warm up the compiler's code paths
  }
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByName("queuebook:edit-compile")
      .map((e) => ({duration: e.duration, whole: (e as PerformanceMeasure).detail?.whole === true}))
  );
  const compile = entries.slice(5).map((e) => e.duration);
  return {times, compile, whole: entries.filter((e) => e.whole).length};
}

const work = mkdtempSync(join(tmpdir(), "queuebook-edit-bench-"));
const stops: (() => Promise<void> | void)[] = [];
try {
  await buildSite({root: join(root, "notebooks"), out: join(work, "site"), packageRoot: root});
  mkdirSync(join(work, "big"));
  writeFileSync(join(work, "big", "erlang-c.md"), big);
  cpSync(join(root, "src", "sim"), join(work, "src", "sim"), {recursive: true});
  writeFileSync(join(work, "package.json"), "{}\n");
  await buildSite({root: join(work, "big"), out: join(work, "big-site"), packageRoot: root});
  const url = `file://${join(work, "site", "erlang-c.html")}`;
  const browser = await launchBrowser();
  stops.push(() => browser.close());
  {
    // First edit: a fresh page each time, from the click to CodeMirror mounted.
    const first: number[] = [];
    for (let i = 0; i < 9; i++) {
      const page = await browser.newPage();
      await page.goto(url);
      await page.waitForFunction(() => /\d/.test(document.querySelector("#inline-1")?.textContent ?? ""));
      first.push(
        await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const button = document.querySelector("#cell-3")!.previousElementSibling as HTMLButtonElement;
              const start = performance.now();
              const observer = new MutationObserver(() => {
                if (document.querySelector("[data-qb-editor] .cm-content")) observer.disconnect(), resolve(performance.now() - start);
              });
              observer.observe(document.body, {childList: true, subtree: true});
              button.click();
            })
        )
      );
      await page.close();
    }
    console.log(
      `first edit (click → editor.js loaded + editor mounted, file://, no hover first): median ${ms(median(first))}, min ${ms(Math.min(...first))}, max ${ms(Math.max(...first))} (goal ≤ 300 ms median)`
    );

    const page = await browser.newPage();
    const small = await shiftEnter(page, url, true);
    console.log(
      `Shift+Enter → inline values and chart redrawn (erlang-c): ${summary(small.times)} (goal p95 ≤ 30 ms); of it the in-page compile: ${summary(small.compile)}, whole-notebook compiles ${small.whole}`
    );
    const large = await shiftEnter(page, `file://${join(work, "big-site", "erlang-c.html")}`, false);
    console.log(
      `Shift+Enter → inline value (erlang-c + 600 cells): ${summary(large.times)}; of it the in-page compile: ${summary(large.compile)}, whole-notebook compiles ${large.whole}`
    );
    await page.close();
    // what one run would cost compiling the whole 600-cell notebook (as before compileCell.ts), in Node's V8
    const whole: number[] = [];
    const one: number[] = [];
    let compiled = compileEdited(big, "erlang-c.md");
    for (let i = 0; i < 30; i++) {
      const next = big.replace(
        "const n = instances * WORKERS_PER_INSTANCE;",
        `const n = instances * WORKERS_PER_INSTANCE * ${2 + (i % 2)};`
      );
      let start = performance.now();
      compileEdited(next, "erlang-c.md");
      whole.push(performance.now() - start);
      start = performance.now();
      compiled = compileCellEdit(compiled, 2, next, "erlang-c.md") ?? compiled;
      one.push(performance.now() - start);
    }
    console.log(
      `compile of erlang-c + 600 cells in Node: the whole notebook ${summary(whole.slice(5))}; the edited cell only ${summary(one.slice(5))}`
    );
  }

  // The same edit of cell 3 as a file on disk: queuebook dev (edit → save → rebuild → live update).
  const devRoot = join(work, "dev", "notebooks");
  mkdirSync(devRoot, {recursive: true});
  cpSync(join(root, "src", "sim"), join(work, "dev", "src", "sim"), {recursive: true});
  writeFileSync(join(work, "dev", "package.json"), "{}\n");
  writeFileSync(join(devRoot, "erlang-c.md"), erlang);
  const preview = await startPreview({root: devRoot, packageRoot: root, port: 0});
  stops.push(() => preview.close());
  const inPage = await (async () => {
    const page = await browser.newPage();
    const {times} = await shiftEnter(page, url, false);
    await page.close();
    return times;
  })();
  const dev = await (async () => {
    const page = await browser.newPage();
    await page.goto(`${preview.url}erlang-c`);
    await page.waitForSelector('html[data-queuebook-live="connected"]');
    await page.waitForFunction(shows, "160");
    const times = await fileLoop(page, (text) => writeFileSync(join(devRoot, "erlang-c.md"), text));
    await page.close();
    return times;
  })();

  // Framework's preview, when the peer harness can install and prefill it here (no CDN).
  let framework: {times: number[]; missed: number} | string;
  // (a harness outside the repository, named by QB_FRAMEWORK_PEER; this workplace's is ../shared/tools/framework-peer.sh)
  const harness = process.env.QB_FRAMEWORK_PEER ?? join(root, "..", "shared", "tools", "framework-peer.sh");
  if (!existsSync(harness)) framework = "not run: no Framework harness (set QB_FRAMEWORK_PEER to framework-peer.sh)";
  else {
    const source = join(work, "fw-source");
    mkdirSync(join(source, "sim"), {recursive: true});
    // Framework refuses an import path that leaves its root ("non-local import"), even back in: ./sim/queue.js
    const local = (text: string) => text.replace('"../src/sim/formulas/queue.js"', '"./sim/queue.js"');
    writeFileSync(join(source, "index.md"), local(erlang));
    await build({
      entryPoints: [join(root, "src/sim/formulas/queue.ts")],
      bundle: true,
      format: "esm",
      outfile: join(source, "sim", "queue.js"),
      logLevel: "silent"
    });
    const peer = process.env.FRAMEWORK_PEER_DIR ?? join(tmpdir(), "queuebook-framework-peer");
    const setup = spawnSync("bash", [harness, source, peer], {encoding: "utf8", timeout: 900_000});
    if (setup.status !== 0) framework = `not run: the peer harness failed (${(setup.stdout + setup.stderr).trim().split("\n").pop()})`;
    else {
      const port = await freePort();
      const server = spawn("npx", ["observable", "preview", "--no-open", "--port", String(port)], {
        cwd: peer,
        stdio: "ignore",
        detached: true
      });
      stops.push(() => void process.kill(-server.pid!, "SIGTERM"));
      const page = await browser.newPage();
      // (the preview answers once it listens: retry the first load until then)
      for (let i = 0; ; i++) {
        try {
          await page.goto(`http://127.0.0.1:${port}/`);
          break;
        } catch (error) {
          if (i > 120) throw error;
          await new Promise((ok) => setTimeout(ok, 250));
        }
      }
      await page.waitForFunction(shows, "160", {timeout: 60_000});
      framework = await fileLoop(page, (text) => writeFileSync(join(peer, "src", "index.md"), local(text)));
      await page.close();
    }
  }
  console.log('\nThe same edit of cell 3 (n × 2, then × 3, …) until the page shows the new n ("N workers"):');
  console.log(`  in the page, Shift+Enter (file://):            ${summary(inPage)}`);
  const loopLine = (r: {times: number[]; missed: number}) =>
    `${summary(r.times)}${r.missed ? `; ${r.missed} of ${loops + 2} writes never shown (page reloaded)` : ""}`;
  console.log(`  the .md on disk, queuebook dev:                ${loopLine(dev)}`);
  console.log(`  the .md on disk, Observable Framework preview: ${typeof framework === "string" ? framework : loopLine(framework)}`);
  console.log("  (the file loops are timed from the write to Playwright's per-frame check of the page; Shift+Enter in the page itself)");
} finally {
  for (const stop of stops.reverse()) await stop();
  rmSync(work, {recursive: true, force: true});
}
