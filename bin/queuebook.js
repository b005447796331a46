#!/usr/bin/env node
// The queuebook command. The CLI is written in TypeScript under src/cli/; this launcher
// bundles it with esbuild into node_modules/.cache/queuebook/ whenever a source file is newer
// than the last bundle (about a second), then runs it. No separate compile step to forget.
import {createRequire} from "node:module";
import {buildCli} from "../build/cli.js";

const packageRoot = new URL("..", import.meta.url).pathname;
const {main} = createRequire(import.meta.url)(await buildCli(packageRoot));
process.exitCode = await main(process.argv.slice(2), {packageRoot});
