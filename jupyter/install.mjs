#!/usr/bin/env node
// `npm run jupyter:install`: installs jupyter/'s packages (npm ci) unless jupyter/node_modules
// already holds exactly this lockfile's, recorded by a stamp (the lockfile's hash) written after
// a successful install. The assembled frontend is kept in jupyter/node_modules/.cache, so an
// install that is not needed is skipped rather than repeated (it would drop that cache too).
import {spawnSync} from "node:child_process";
import {createHash} from "node:crypto";
import {existsSync, readFileSync, writeFileSync} from "node:fs";
import {dirname, join} from "node:path";
import {fileURLToPath} from "node:url";

const jupyterDir = dirname(fileURLToPath(import.meta.url));
const stamp = join(jupyterDir, "node_modules", ".queuebook-installed-lock");
const lockHash = createHash("sha256")
  .update(readFileSync(join(jupyterDir, "package-lock.json")))
  .digest("hex");

if (existsSync(stamp) && readFileSync(stamp, "utf8") === lockHash) {
  console.log("jupyter:install: jupyter/node_modules is up to date with jupyter/package-lock.json");
} else {
  const npm = spawnSync("npm", ["ci", "--no-audit", "--no-fund"], {cwd: jupyterDir, stdio: "inherit"});
  if (npm.status !== 0) {
    console.error(`jupyter:install: npm ci in jupyter/ failed (exit ${npm.status ?? npm.signal})`);
    process.exit(1);
  }
  writeFileSync(stamp, lockHash);
}
