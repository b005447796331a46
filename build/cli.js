// Bundles src/cli/main.ts for Node when any file under src/ changed since the last bundle.
// The output folder's name is a stamp of the sources (count and newest mtime), built in a
// temporary folder and renamed into place, so concurrent runs never see a half-written CLI.
import {existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync} from "node:fs";
import {join} from "node:path";

/** Returns the path (file URL) of the bundled CLI entry, building it first if stale. */
export async function buildCli(packageRoot) {
  const src = join(packageRoot, "src");
  let newest = 0,
    count = 0;
  for (const name of readdirSync(src, {recursive: true})) {
    if (!/\.(ts|js|json)$/.test(name)) continue;
    newest = Math.max(newest, statSync(join(src, name)).mtimeMs);
    count++;
  }
  const cache = join(packageRoot, "node_modules", ".cache", "queuebook");
  const stamp = `cli-${count}-${Math.floor(newest)}`;
  const dir = join(cache, stamp);
  const entry = join(dir, "main.js");
  if (!existsSync(entry)) {
    const {build} = await import("esbuild");
    mkdirSync(cache, {recursive: true});
    const tmp = `${dir}.tmp-${process.pid}`;
    await build({
      entryPoints: [join(src, "cli", "main.ts")],
      outdir: tmp,
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "node",
      target: "node20",
      packages: "external",
      sourcemap: "linked", // a separate .map: the CLI loads a third of the bytes; node --enable-source-maps still finds it
      logLevel: "error"
    });
    try {
      renameSync(tmp, dir);
    } catch {
      rmSync(tmp, {recursive: true, force: true}); // another process won the race
    }
    for (const old of readdirSync(cache)) {
      if (old.startsWith("cli-") && old !== stamp && !old.includes(".tmp-")) rmSync(join(cache, old), {recursive: true, force: true});
    }
  }
  return new URL(`file://${entry}`).href;
}
