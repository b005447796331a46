#!/usr/bin/env node
// The queuebook command. The CLI is written in TypeScript under src/cli/; this launcher
// bundles it with esbuild into node_modules/.cache/queuebook/ whenever a source file is newer
// than the last bundle (about a second), then runs it (with V8's code cache: build/cliLoad.js).
// No separate compile step to forget.
import {buildCli} from "../build/cli.js";
import {loadCli} from "../build/cliLoad.js";

const packageRoot = new URL("..", import.meta.url).pathname;
const cli = loadCli(await buildCli(packageRoot));
process.exitCode = await cli.exports.main(process.argv.slice(2), {packageRoot});
cli.keep();
