// Empty folders for a test file's cases, all under one temporary folder removed after the file.
import {mkdirSync, mkdtempSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll} from "vitest";

/** A function that makes a new empty folder per call, under a temporary folder named with `prefix` (removed after all tests). */
export function freshFolders(prefix: string): () => string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(root, {recursive: true, force: true}));
  let n = 0;
  return () => {
    const dir = join(root, `d${n++}`);
    mkdirSync(dir);
    return dir;
  };
}
