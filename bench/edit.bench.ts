// In-page editing (issue 17): the editor chunk's weight, the first edit (editor.js loaded and
// CodeMirror mounted) from file://, and Shift+Enter → dependents rendered on erlang-c.md
// (the in-browser compile of the whole notebook included), in headless Chromium.
import {mkdtempSync, readFileSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {gzipSync} from "node:zlib";
import {build} from "esbuild";
import {buildClient} from "../build/client.js";
import {buildSite} from "../src/site/build.js";
import {launchBrowser} from "../test/e2e/harness.js";
import {kb, median, ms, percentile} from "./stats.js";

const root = new URL("../", import.meta.url).pathname;
const runs = Number(process.env.BENCH_INPUTS ?? 60);

const assets = await buildClient(root);
const size = (file: string) => {
  const bytes = readFileSync(join(assets, file));
  return {raw: bytes.length, gzip: gzipSync(bytes, {level: 9}).length};
};
// client.js without the edit buttons (boot.ts stubbed): what a reader who never edits pays for them
const without = await build({
  entryPoints: [join(root, "src/client/main.ts")], bundle: true, minify: true, write: false, format: "iife", platform: "browser", logLevel: "silent",
  target: ["es2022", "chrome100", "firefox100", "safari15"],
  plugins: [{name: "no-edit", setup(b) {
    b.onResolve({filter: /edit\/boot\.js$/}, () => ({path: "boot", namespace: "stub"}));
    b.onLoad({filter: /.*/, namespace: "stub"}, () => ({contents: "export function startEditing() {}", loader: "js"}));
  }}]
});
const client = size("client.js");
const bare = without.outputFiles[0].contents;
const editor = size("editor.js");
console.log(`editor.js: ${kb(editor.raw)} (${kb(editor.gzip)} gzip; goal ≤ 250 KB gzip)`);
console.log(`client.js: ${kb(client.raw)} (${kb(client.gzip)} gzip); without the edit buttons ${kb(bare.length)} (${kb(gzipSync(bare, {level: 9}).length)} gzip)`);

const work = mkdtempSync(join(tmpdir(), "queuebook-edit-bench-"));
try {
  await buildSite({root: join(root, "notebooks"), out: join(work, "site"), packageRoot: root});
  const url = `file://${join(work, "site", "erlang-c.html")}`;
  const browser = await launchBrowser();
  try {
    // First edit: a fresh page each time, from the click to CodeMirror mounted.
    const first: number[] = [];
    for (let i = 0; i < 9; i++) {
      const page = await browser.newPage();
      await page.goto(url);
      await page.waitForFunction(() => /\d/.test(document.querySelector("#inline-1")?.textContent ?? ""));
      first.push(await page.evaluate(() => new Promise<number>((resolve) => {
        const button = document.querySelector("#cell-3")!.previousElementSibling as HTMLButtonElement;
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelector("[data-qb-editor] .cm-content")) observer.disconnect(), resolve(performance.now() - start);
        });
        observer.observe(document.body, {childList: true, subtree: true});
        button.click();
      })));
      await page.close();
    }
    console.log(`first edit (editor.js loaded + editor mounted, file://): median ${ms(median(first))}, min ${ms(Math.min(...first))}, max ${ms(Math.max(...first))} (goal ≤ 300 ms median)`);

    // Shift+Enter → the cell's dependents (inline values, formula, chart) rendered.
    const page = await browser.newPage();
    await page.goto(url);
    await page.waitForFunction(() => /\d/.test(document.querySelector("#inline-1")?.textContent ?? ""));
    await page.evaluate(() => (document.querySelector("#cell-3")!.previousElementSibling as HTMLButtonElement).click());
    await page.waitForSelector("[data-qb-editor] .cm-content");
    const times: number[] = [];
    for (let i = 0; i < runs + 5; i++) {
      const factor = 2 + (i % 2);
      await page.focus("[data-qb-editor] .cm-content");
      await page.keyboard.press("Control+A");
      await page.keyboard.insertText(`const n = instances * WORKERS_PER_INSTANCE * ${factor};\nconst s = serviceMs / 1000;\nconst a = lambda * s;\nconst wait = a < n ? erlangC(a, n) : 1;`);
      const elapsed = await page.evaluate((expected) => new Promise<number>((resolve) => {
        const chart = document.querySelector("main > .qb-cell:has(svg)")!;
        const oldSvg = chart.querySelector("svg");
        const start = performance.now();
        // (no named inner functions: tsx would wrap them in a helper the page does not have)
        const observer = new MutationObserver(() => {
          const svg = chart.querySelector("svg");
          if (document.querySelector("#inline-1")?.textContent === expected && svg && svg !== oldSvg) observer.disconnect(), resolve(performance.now() - start);
        });
        observer.observe(document.querySelector("main")!, {childList: true, subtree: true, characterData: true});
        document.querySelector("[data-qb-editor] .cm-content")!.dispatchEvent(new KeyboardEvent("keydown", {key: "Enter", code: "Enter", shiftKey: true, bubbles: true, cancelable: true}));
      }), String(160 * factor));
      if (i >= 5) times.push(elapsed); // the first few warm up the compiler's code paths
    }
    console.log(`Shift+Enter → dependents rendered (erlang-c, ${times.length} runs): p50 ${ms(percentile(50, times))}, p95 ${ms(percentile(95, times))}, max ${ms(Math.max(...times))} (goal p95 ≤ 30 ms)`);
    await page.close();
  } finally {
    await browser.close();
  }
} finally {
  rmSync(work, {recursive: true, force: true});
}
