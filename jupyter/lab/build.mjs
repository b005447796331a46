#!/usr/bin/env node
// Assembles the harness's JupyterLab frontend (jupyter/lab/frontend/webpack.config.cjs) once for
// each set of inputs and keeps it in jupyter/node_modules/.cache/queuebook-jupyterlab/<hash>/
// (static/, schemas/, themes/): the inputs are the pinned packages (lockfile, core metadata) and
// the frontend's sources, so a warm run only hashes a few files. Beside node_modules so that a
// new `npm ci --prefix jupyter` drops it with the packages it was built from.
//
//   node jupyter/lab/build.mjs     prints the folder (building it when needed; progress on stderr)
import {createHash} from "node:crypto";
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync} from "node:fs";
import {createRequire} from "node:module";
import {dirname, join} from "node:path";
import {fileURLToPath} from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const jupyterDir = dirname(here);
const cacheRoot = join(jupyterDir, "node_modules", ".cache", "queuebook-jupyterlab");
const frontendDir = join(here, "frontend");

/** The hash of everything the frontend is built from. */
export function inputsHash() {
  const files = [
    join(jupyterDir, "package.json"),
    join(jupyterDir, "package-lock.json"),
    join(jupyterDir, "core", "package.json"),
    fileURLToPath(import.meta.url),
    ...readdirSync(frontendDir)
      .sort()
      .map((name) => join(frontendDir, name))
  ];
  const hash = createHash("sha256");
  for (const file of files) hash.update(file.slice(jupyterDir.length)).update("\0").update(readFileSync(file)).update("\0");
  return hash.digest("hex").slice(0, 16);
}

/** Whether process `pid` is alive (a lock's holder). */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/** Runs webpack on the frontend's configurations into `outDir`. */
async function compile(outDir) {
  const require = createRequire(join(jupyterDir, "package.json"));
  const webpack = require("webpack");
  const {frontendConfig} = require(join(frontendDir, "webpack.config.cjs"));
  const configs = frontendConfig({workDir: join(outDir, "src"), outDir});
  const stats = await new Promise((resolve, reject) => webpack(configs, (error, result) => (error ? reject(error) : resolve(result))));
  if (stats.hasErrors()) throw new Error(`webpack failed:\n${stats.toString({all: false, errors: true, colors: false})}`);
}

/**
 * The folder of the assembled frontend for the current inputs, built when missing. Concurrent
 * callers (test workers) build once: one holds `<hash>.lock` (its pid inside), the others wait
 * for the folder, polling every 250 ms for up to `waitMs`, and take a dead holder's lock over.
 */
export async function labBuild({log = (line) => process.stderr.write(`${line}\n`), waitMs = 15 * 60_000} = {}) {
  if (!existsSync(join(jupyterDir, "node_modules", "@jupyterlab", "builder"))) {
    throw new Error("jupyter/node_modules is missing or incomplete: run `npm run jupyter:install`");
  }
  const hash = inputsHash();
  const dir = join(cacheRoot, hash);
  const lock = `${dir}.lock`;
  mkdirSync(cacheRoot, {recursive: true});
  for (const deadline = Date.now() + waitMs; !existsSync(dir); ) {
    try {
      writeFileSync(lock, String(process.pid), {flag: "wx"});
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lock, "utf8"));
      if (holder && !alive(holder)) rmSync(lock, {force: true});
      else if (Date.now() > deadline)
        throw new Error(`the JupyterLab frontend build of process ${holder} did not finish within ${waitMs / 1000} s (${lock})`);
      else await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      if (existsSync(dir)) break;
      const started = process.hrtime.bigint();
      log(`building the JupyterLab frontend into ${dir} (a few minutes the first time)…`);
      const temporary = `${dir}.tmp-${process.pid}`;
      rmSync(temporary, {recursive: true, force: true});
      await compile(temporary);
      renameSync(temporary, dir);
      log(`built in ${(Number(process.hrtime.bigint() - started) / 1e9).toFixed(1)} s`);
      // Earlier builds are for inputs that are gone.
      for (const name of readdirSync(cacheRoot))
        if (name !== hash && !name.endsWith(".lock")) rmSync(join(cacheRoot, name), {recursive: true, force: true});
    } finally {
      rmSync(lock, {force: true});
    }
  }
  return dir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  labBuild().then(
    (dir) => console.log(dir),
    (error) => {
      console.error(`jupyter:lab:build: ${error.message}`);
      process.exit(1);
    }
  );
}
