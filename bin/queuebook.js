#!/usr/bin/env node
// The queuebook command. The CLI is written in TypeScript under src/cli/; this launcher
// bundles it with esbuild into node_modules/.cache/queuebook/ whenever a source file is newer
// than the last bundle (about 100 ms), then runs it. No separate compile step to forget.
import {buildCli} from "../build/cli.js";

const packageRoot = new URL("..", import.meta.url).pathname;
const entry = await buildCli(packageRoot);
const {main} = await import(entry);
process.exitCode = await main(process.argv.slice(2), {packageRoot});
