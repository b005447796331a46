#!/usr/bin/env node
// `npm run jupyter:lab -- --root DIR [--labextension DIR]... [--overrides FILE] [--port N]`:
// the harness's JupyterLab for a person, built when needed (build.mjs), served by serve.py until
// Ctrl+C; prints the URL to open.
import {spawn} from "node:child_process";
import {existsSync} from "node:fs";
import {dirname, join, resolve} from "node:path";
import {fileURLToPath} from "node:url";
import {parseArgs} from "node:util";
import {labBuild} from "./build.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const usage = "usage: npm run jupyter:lab -- --root DIR [--labextension DIR]... [--overrides FILE] [--port N]";
/** The one Python with Debian's jupyterlab_server (not a pyenv one on the PATH). */
const python = "/usr/bin/python3";

/** Exits with status 2 and the usage after a one-line message. */
function fail(message) {
  console.error(`jupyter:lab: ${message}\n${usage}`);
  process.exit(2);
}

let options;
try {
  ({values: options} = parseArgs({
    options: {
      root: {type: "string"},
      labextension: {type: "string", multiple: true, default: []},
      overrides: {type: "string"},
      port: {type: "string", default: "0"}
    }
  }));
} catch (error) {
  fail(error.message);
}
if (!options.root) fail("--root is required");
if (!/^\d{1,5}$/.test(options.port)) fail(`--port ${options.port}: not a port number`);
if (!existsSync(python)) fail(`${python} not found: apt-get install -y python3-jupyterlab-server`);

const frontend = await labBuild().catch((error) => {
  console.error(`jupyter:lab: ${error.message}`);
  process.exit(1);
});
const args = [join(here, "serve.py"), "--frontend", frontend, "--root", resolve(options.root), "--port", options.port];
for (const folder of options.labextension) args.push("--labextension", resolve(folder));
if (options.overrides) args.push("--overrides", resolve(options.overrides));
const server = spawn(python, args, {stdio: ["ignore", "pipe", "inherit"]});
server.stdout.setEncoding("utf8").on("data", (text) => {
  for (const line of text.split("\n").filter(Boolean))
    console.log(line.startsWith("http") ? `JupyterLab (Ctrl+C stops it): ${line}` : line);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
