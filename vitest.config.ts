// Two projects: "unit" (no browser; `npm run test:unit`) and "browser" (one Chromium a worker,
// its tabs reused: takeTab in test/e2e/harness.ts). `npm test` runs both in one pool: the
// browser files in parallel with each other, then the unit files (beside the last browser files).
import {availableParallelism} from "node:os";
import {configDefaults, defineConfig} from "vitest/config";
import {LongestFirst} from "./test/support/fileOrder.js";
import {scaled} from "./test/support/spawnBudget.js";

const browserFiles = ["test/e2e/**/*.test.ts", "test/**/*.browser.test.ts"];
// Everything about jupyter/ (its own npm install): a JupyterLab served by Debian's jupyterlab_server.
const jupyterFiles = ["test/jupyter/**/*.test.ts"];

export default defineConfig({
  test: {
    // A bound that catches a hang, never a speed: QUEUEBOOK_TEST_TIME_FACTOR scales it (and spawned
    // work's own budget, test/support/spawnBudget.ts) on a machine slower than a loaded 2-core one.
    testTimeout: scaled(20_000),
    hookTimeout: scaled(60_000),
    // vitest's default is one worker fewer than the cores: one worker on a 2-core machine, so
    // every file ran in turn. The files spend much of their time waiting on Chromium, child
    // processes and lab timers, so a worker more than the cores keeps them busy: on the 2-core
    // test machine 3 workers took 326 s (625 CPU-s) where 2 took 350 s (605 CPU-s).
    maxWorkers: availableParallelism() + 1,
    // Each project's files longest first, by the times of test/file-times.json (test/support/fileOrder.ts).
    sequence: {sequencer: LongestFirst},
    projects: [
      // The unit files share their worker's module graph (isolate: false): 179 → 103 CPU-s for the
      // project on the 2-core test machine, the same 1,670 tests passing, files shuffled or not. A
      // file that changes a global puts it back (vi.unstubAllGlobals, the fuzz's saved env).
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...browserFiles, ...jupyterFiles],
          isolate: false
        }
      },
      // A condition in a page is polled for up to 10 s rather than 1 s: a loaded machine renders late.
      // notebooks/ is built once for the run (test/e2e/sharedSite.ts), not once a file.
      // Its files share their worker's module graph too, and with it one Chromium and its kept tabs
      // (launchBrowser, closeBrowser and takeTab in test/e2e/harness.ts).
      {
        extends: true,
        test: {
          name: "browser",
          include: browserFiles,
          exclude: [...configDefaults.exclude, ...jupyterFiles],
          globalSetup: ["test/e2e/sharedSite.ts"],
          expect: {poll: {timeout: 10_000}},
          isolate: false,
          env: {QUEUEBOOK_TEST_SHARED_BROWSER: "1"}
        }
      },
      // test/jupyter/harness.ts: the frontend is built once for its inputs (jupyter/lab/build.mjs, about a
      // minute; .ci/run builds it before the tests) and reused after; a hook may wait for that build.
      // Its files share the worker's Chromium with the browser files (launchBrowser).
      {
        extends: true,
        test: {
          name: "jupyter",
          include: jupyterFiles,
          hookTimeout: 300_000,
          expect: {poll: {timeout: 10_000}},
          isolate: false,
          env: {QUEUEBOOK_TEST_SHARED_BROWSER: "1"}
        }
      }
    ]
  }
});
