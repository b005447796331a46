// Loads the bundled CLI (build/cli.js) with V8's code cache beside it: the first run of a bundle
// compiles it as require would and, once its command has run, keeps what V8 compiled in
// main.cjs.v8cache; later runs hand that to V8 instead of parsing and compiling the megabyte
// again (Node 20 has no compile cache of its own; Node 22's module.enableCompileCache does this).
// The cache sits in the bundle's own stamped folder, so a new bundle starts without one; V8
// checks it and falls back to compiling when it does not fit (another Node, other flags). A
// cache that cannot be written (a read-only install) is simply not kept.
import {readFileSync, renameSync, rmSync, writeFileSync} from "node:fs";
import {createRequire, Module} from "node:module";
import {dirname} from "node:path";
import {Script} from "node:vm";

/** The CLI's exports, and `keep()`, which writes the code cache when this run compiled without one. */
export function loadCli(entry) {
  const cacheFile = `${entry}.v8cache`;
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // first run of this bundle
  }
  // (no import() in the bundle: build/cli.js refuses one, since a script compiled here has no loader for it)
  const script = new Script(Module.wrap(readFileSync(entry, "utf8")), {filename: entry, cachedData});
  const module = new Module(entry);
  module.filename = entry;
  module.paths = Module._nodeModulePaths(dirname(entry));
  script.runInThisContext()(module.exports, createRequire(entry), module, entry, dirname(entry));
  module.loaded = true;
  return {
    exports: module.exports,
    keep() {
      if (cachedData && script.cachedDataRejected === false) return; // (V8 used it)
      const tmp = `${cacheFile}.tmp-${process.pid}`;
      try {
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, cacheFile);
      } catch {
        rmSync(tmp, {force: true});
      }
    }
  };
}
