// `queuebook export` against `queuebook build` for the same notebook: wall clock of the whole
// command (median of alternating runs) and size — the one self-contained file (and gzip)
// against the bytes the built page loads from its folder (page, script, the assets it links).
// Export is measured with the no-script snapshot (Chromium) and without it (--no-snapshot).
// Notebooks: every shipped one (notebooks/*.md; goal for on-call: export ≤ 2 MB), or those named
// in BENCH_NOTEBOOKS (comma-separated). The editor chunk an export carries is reported apart
// (stored deflated and base64-encoded, as src/site/export.ts writes it).
import {spawnSync} from "node:child_process";
import {cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {gzipSync} from "node:zlib";
import {kb, median, ms} from "./stats.js";

const packageRoot = new URL("../", import.meta.url).pathname;
const notebooks = join(packageRoot, "notebooks");
const runs = Number(process.env.BENCH_RUNS ?? 5);
const work = mkdtempSync(join(tmpdir(), "queuebook-bench-export-"));
const cli = join(packageRoot, "bin/queuebook.js");

function time(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [cli, ...args], {cwd: work, stdio: ["ignore", "ignore", "pipe"]});
  if (result.status !== 0) throw new Error(`queuebook ${args.join(" ")} failed: ${result.stderr}`);
  // A warning (an import that does not resolve) would make this a bench of a broken page.
  if (/warning:|skipped/.test(String(result.stderr)))
    throw new Error(`queuebook ${args.join(" ")} warned: ${String(result.stderr).split("\n")[0]}`);
  return performance.now() - started;
}

/** The bytes a built page loads: itself, the stylesheets and scripts it links. */
function pageWeight(dir: string, page: string): {bytes: number; gzip: number; files: number} {
  const html = readFileSync(join(dir, page), "utf8");
  const files = [page, ...Array.from(html.matchAll(/(?:href|src)="([^"#?:]+\.(?:css|js))"/g), (m) => m[1])];
  let bytes = 0,
    gzip = 0;
  for (const file of files) {
    const body = readFileSync(join(dir, file));
    bytes += body.length;
    gzip += gzipSync(body).length;
  }
  return {bytes, gzip, files: files.length};
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

console.log(
  `| notebook | build (whole site of one page) | export, no snapshot | export with snapshot | built page loads | export file (gzip) |`
);
console.log(`|---|---|---|---|---|---|`);
const shipped = readdirSync(notebooks)
  .filter((f) => f.endsWith(".md"))
  .map((f) => f.replace(/\.md$/, ""))
  .sort();
const names = process.env.BENCH_NOTEBOOKS ? process.env.BENCH_NOTEBOOKS.split(",") : shipped;
let editorChunk = 0;
const roots: string[] = [];
process.on("exit", () => roots.forEach((root) => rmSync(root, {recursive: true, force: true})));
for (const name of names) {
  const source = join(notebooks, `${name}.md`);
  if (!existsSync(source)) {
    console.log(`| ${name} | (not in notebooks/ yet) | | | | |`);
    continue;
  }
  // The build gets a folder holding only this notebook (and what it reads beside it), beside
  // notebooks/ in the project, so that its imports (../src/…) resolve as they do from there.
  const root = mkdtempSync(join(packageRoot, `.bench-export-${name}-`));
  roots.push(root);
  cpSync(notebooks, root, {recursive: true, filter: (from) => statSync(from).isDirectory() || from === source || !from.endsWith(".md")});
  const site = join(work, `${name}-site`);
  const file = join(work, `${name}.html`);
  const build = () => time(["build", "--root", root, "-o", site]);
  const plain = () => time(["export", join(root, `${name}.md`), "-o", file, "--no-snapshot"]);
  const full = () => time(["export", join(root, `${name}.md`), "-o", file]);
  build(), plain(), full(); // warm: the CLI and the client assets are bundled once and cached
  const times = {build: [] as number[], plain: [] as number[], full: [] as number[]};
  for (let i = 0; i < runs; i++) {
    times.build.push(build());
    times.plain.push(plain());
    times.full.push(full());
  }
  const built = pageWeight(site, `${name}.html`);
  const exported = readFileSync(file);
  editorChunk = /data-encoding="deflate-raw-base64">([^<]*)</.exec(exported.toString("latin1"))?.[1].length ?? 0;
  console.log(
    `| ${name} | ${ms(median(times.build))} | ${ms(median(times.plain))} | ${ms(median(times.full))} | ${mb(built.bytes)} (${kb(built.gzip)}), ${built.files} files | ${mb(exported.length)} (${kb(gzipSync(exported).length)}) |`
  );
}
console.log(`\nmedians of ${runs} alternating runs, wall clock of the whole command; goal for on-call: export ≤ 2 MB`);
console.log(`the editor chunk inside each export: ${mb(editorChunk)} (deflated, base64), inflated on the first edit`);
rmSync(work, {recursive: true, force: true});
