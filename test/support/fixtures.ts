// The user's documents the tests compare against (the seeds, the spec), copied byte for byte
// into test/fixtures/ so the suite reads nothing outside the repository. A missing fixture fails
// the test that reads it, in one line naming the file: it is never a reason to skip.
import {readFileSync} from "node:fs";
import {fileURLToPath} from "node:url";

/** test/fixtures/ of this checkout. */
export const fixturesDir = fileURLToPath(new URL("../fixtures/", import.meta.url));

/** The text of `test/fixtures/<path>`; throws "missing fixture test/fixtures/<path>" when absent. */
export function readFixture(path: string): string {
  try {
    return readFileSync(fixturesDir + path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(`missing fixture test/fixtures/${path} (${code}): see test/fixtures/README.md`);
  }
}
