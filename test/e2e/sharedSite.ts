// The browser project's global setup: the shipped notebooks (notebooks/) built once for the run,
// into a temporary folder that every browser file serving that folder reads (startSite in
// harness.ts); nothing writes into it. It was built by each of 15 files, about 0.9 s each. It is
// served once too, on one origin for the run, so a tab kept from an earlier file (takeTab) has the
// site's scripts in its caches already.
import {mkdtemp, rm} from "node:fs/promises";
import {tmpdir} from "node:os";
import {join} from "node:path";
import type {TestProject} from "vitest/node";
import {buildSite} from "../../src/site/build.js";
import {serveStatic} from "./harness.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The folder notebooks/ was built into for this run. */
    notebooksSite: string;
    /** `http://127.0.0.1:PORT` serving notebooksSite. */
    notebooksOrigin: string;
  }
}

const packageRoot = new URL("../../", import.meta.url).pathname;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = await mkdtemp(join(tmpdir(), "queuebook-shared-site-"));
  const out = join(work, "site");
  await buildSite({root: join(packageRoot, "notebooks"), out, packageRoot});
  const server = await serveStatic(out, {unchanging: true});
  project.provide("notebooksSite", out);
  project.provide("notebooksOrigin", server.origin);
  return async () => {
    await server.close();
    await rm(work, {recursive: true, force: true});
  };
}
