// Bundles src/cli/main.ts for Node when any file under src/ (or this script, or the lock file)
// changed since the last bundle.
// The output folder's name is a stamp of the sources (count and newest mtime), built in a
// temporary folder and renamed into place, so concurrent runs never see a half-written CLI.
// One CommonJS file with the pure-JavaScript packages inside: Node loads it in about 35 ms,
// where the same code as ES chunks importing the packages took about 100 (a module's own
// resolve, read and link, and a scan of each CommonJS package's exports, a hundred times over).
// Left outside: esbuild (a service with a binary of its own, required on first use) and
// playwright-core (large, loaded only by --snapshot, export and PDF). A command's code runs
// only when the command is chosen (esbuild wraps each lazily imported module in an init).
import {existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync} from "node:fs";
import {join} from "node:path";
import {sourceFiles} from "./sourceFiles.js";

/** Returns the path of the bundled CLI (CommonJS: load it with require), building it first if stale. */
export async function buildCli(packageRoot) {
  const src = join(packageRoot, "src");
  let newest = 0,
    count = 0;
  for (const name of sourceFiles(src)) {
    if (!/\.(ts|js|json)$/.test(name)) continue;
    newest = Math.max(newest, statSync(join(src, name)).mtimeMs);
    count++;
  }
  // (and this script, and the lock file: the bundle carries the installed packages)
  for (const file of [
    join(packageRoot, "build", "cli.js"),
    join(packageRoot, "build", "sourceFiles.js"),
    join(packageRoot, "build", "cliLoad.js"),
    join(packageRoot, "package-lock.json")
  ]) {
    try {
      newest = Math.max(newest, statSync(file).mtimeMs);
    } catch {
      // no lock file: the sources make the stamp
    }
  }
  const cache = join(packageRoot, "node_modules", ".cache", "queuebook");
  const stamp = `cli-${count}-${Math.floor(newest)}`;
  const dir = join(cache, stamp);
  const entry = join(dir, "main.cjs");
  if (!existsSync(entry)) {
    const {build} = await import("esbuild");
    mkdirSync(cache, {recursive: true});
    const tmp = `${dir}.tmp-${process.pid}`;
    const result = await build({
      entryPoints: [join(src, "cli", "main.ts")],
      outfile: join(tmp, "main.cjs"),
      bundle: true,
      format: "cjs",
      platform: "node",
      target: "node20",
      external: ["esbuild", "playwright-core"],
      // the sources' createRequire(import.meta.url) resolves from the bundle, as it did from an ES chunk
      define: {"import.meta.url": "__queuebookUrl"},
      banner: {js: 'const __queuebookUrl = require("node:url").pathToFileURL(__filename).href;'},
      sourcemap: "linked", // a separate .map: the CLI loads a third of the bytes; node --enable-source-maps still finds it
      metafile: true,
      logLevel: "error"
    });
    // The bundle runs as a script compiled with its code cache (cliLoad.js), where import() has
    // no loader: what it leaves outside is required, so an import() left in it is a mistake.
    const dynamic = Object.values(result.metafile.outputs).flatMap((o) => o.imports.filter((i) => i.kind === "dynamic-import"));
    if (dynamic.length) {
      rmSync(tmp, {recursive: true, force: true});
      throw new Error(`the CLI imports ${dynamic.map((i) => i.path).join(", ")} with import(): require it (createRequire) instead`);
    }
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, {recursive: true, force: true}); // another process won the race
    }
    for (const old of readdirSync(cache)) {
      if (old.startsWith("cli-") && old !== stamp && !old.includes(".tmp-")) rmSync(join(cache, old), {recursive: true, force: true});
    }
  }
  return entry;
}
