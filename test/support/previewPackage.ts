// A private copy of the package for tests of the preview server: its sources copied
// (a test may break one and fix it), node_modules linked package by package (so its own
// .cache holds the client it builds), a notebooks folder beside. Two reasons: a dev server on
// the shared work tree reloads its pages whenever anyone edits src/client, and a test that
// breaks the client must never break it for anyone else.
import {cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";

const packageRoot = new URL("../../", import.meta.url).pathname;

/** A package copy: `packageRoot` to start the preview with, `notebooks` (empty) to serve; `remove()` when done. */
export interface PreviewPackage {
  packageRoot: string;
  notebooks: string;
  remove(): void;
}

/** Makes a package copy under a new temporary folder named with `prefix`. */
export function previewPackage(prefix: string): PreviewPackage {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  for (const part of ["package.json", "package-lock.json", "src"]) cpSync(join(packageRoot, part), join(dir, part), {recursive: true});
  mkdirSync(join(dir, "node_modules"));
  for (const name of readdirSync(join(packageRoot, "node_modules"))) {
    if (name !== ".cache") symlinkSync(join(packageRoot, "node_modules", name), join(dir, "node_modules", name));
  }
  mkdirSync(join(dir, "notebooks"));
  return {packageRoot: dir + "/", notebooks: join(dir, "notebooks"), remove: () => rmSync(dir, {recursive: true, force: true})};
}
