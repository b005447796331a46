// esbuild for the build's passes, loaded on first use with require. esbuild's entry is CommonJS:
// an ES import of it makes Node scan its 97 KB for exports first (about 50 ms in a build of
// one page, where require takes about 20), and a command that never bundles (queuebook sim)
// loads none of it. `startEsbuild` spawns esbuild's service early, so it starts on the other
// core while the notebook is read and compiled instead of when the first bundle waits for it.
import {createRequire} from "node:module";
import type * as Esbuild from "esbuild";

let loaded: typeof Esbuild | undefined;

/** The esbuild API, required on first use. */
export function esbuild(): typeof Esbuild {
  loaded ??= createRequire(import.meta.url)("esbuild") as typeof Esbuild;
  return loaded;
}

let started = false;

/** Starts esbuild's service now (once), so the first transform or bundle finds it running. Never fails: a later call reports. */
export function startEsbuild(): void {
  if (started) return;
  started = true;
  esbuild()
    .transform("")
    .catch(() => {});
}
