// Runs the queuebook CLI from src/ through tsx: the fallback the CLI tests use while
// bin/queuebook.js cannot bundle (another command's file not written yet in this checkout).
import {main} from "../../../src/cli/main.js";

const packageRoot = new URL("../../../", import.meta.url).pathname;
process.exitCode = await main(process.argv.slice(2), {packageRoot});
