// `npm run bench`: runs every bench/*.bench.ts (or those named on the command line) one after
// another with tsx, so no two benchmarks compete for this machine's two cores.
import {spawnSync} from "node:child_process";
import {readdirSync} from "node:fs";

const here = new URL(".", import.meta.url).pathname;
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((name) => name.endsWith(".bench.ts"))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.startsWith(w)))
  .sort();
if (files.length === 0) {
  console.error(`bench: no benchmark matches ${wanted.join(", ")}`);
  process.exit(2);
}
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}\n`);
  const result = spawnSync(process.execPath, ["--import", "tsx", here + file], {stdio: "inherit"});
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
