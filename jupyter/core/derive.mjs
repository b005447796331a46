#!/usr/bin/env node
// Writes jupyter/core/package.json, the core metadata `build-labextension --core-path` reads,
// from JupyterLab's own dev_mode/package.json of a release on the same minor line.
//
//   node jupyter/core/derive.mjs <jupyterlab>/dev_mode/package.json 4.6.4
//
// The registry here holds every @jupyterlab/* package of release 4.6.4 but the repository mirror
// only tags 4.6.3; a patch release moves each @jupyterlab/* package by the same patch and keeps
// the third-party ranges, so the 4.6.3 metadata with the patch moved is 4.6.4's. The builder
// uses three keys: dependencies and resolutions (every shared package's required range) and
// jupyterlab.singletonPackages; test/jupyter/core.test.ts checks them against jupyter/package-lock.json.
import {readFileSync, writeFileSync} from "node:fs";
import {fileURLToPath} from "node:url";

const [source, release] = process.argv.slice(2);
if (!source || !/^\d+\.\d+\.\d+$/.test(release ?? "")) {
  console.error("usage: node jupyter/core/derive.mjs <jupyterlab>/dev_mode/package.json <release, e.g. 4.6.4>");
  process.exit(2);
}
const upstream = JSON.parse(readFileSync(source, "utf8"));
const [major, minor, patch] = release.split(".");
if (!upstream.jupyterlab.version.startsWith(`${major}.${minor}.`)) {
  console.error(`derive: ${source} is JupyterLab ${upstream.jupyterlab.version}, not on the ${major}.${minor} line`);
  process.exit(2);
}

/** An @jupyterlab/* range moved to the release's patch ("~4.7.3" → "~4.7.4"); any other range as it is. */
const moved = (name, range) => (name.startsWith("@jupyterlab/") ? range.replace(/^([~^]\d+\.\d+\.)\d+$/, `$1${patch}`) : range);
/** Every entry of a name → range map, moved. */
const moveAll = (ranges) => Object.fromEntries(Object.entries(ranges).map(([name, range]) => [name, moved(name, range)]));

const {jupyterlab} = upstream;
const core = {
  name: upstream.name,
  version: release,
  private: true,
  description: `JupyterLab ${release}'s core metadata for build-labextension --core-path, derived by jupyter/core/derive.mjs from JupyterLab ${upstream.version}'s dev_mode/package.json`,
  license: upstream.license,
  dependencies: moveAll(upstream.dependencies),
  resolutions: moveAll(upstream.resolutions),
  jupyterlab: {
    name: jupyterlab.name,
    version: release,
    extensions: jupyterlab.extensions,
    mimeExtensions: jupyterlab.mimeExtensions,
    singletonPackages: jupyterlab.singletonPackages
  }
};
const target = fileURLToPath(new URL("package.json", import.meta.url));
writeFileSync(target, JSON.stringify(core, null, 2) + "\n");
console.log(`wrote ${target}`);
