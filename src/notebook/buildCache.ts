// What the pages of one site build read alike, read once for all of them: the files a project
// module attaches (moduleStdlib.ts, read by resolve.ts) and the stamp of the modules a page's
// cells import (bundle.ts). A site build makes one for its pages; the dev server makes none, as
// it rebuilds a page because one of these files changed. In a site build the files cells and
// project modules attach are not embedded in each page: each is written once into the site
// (src/site/sharedFiles.ts) and a page loads it when a cell first reads it.
import type {SharedFile} from "./data.js";
import type {ModuleStdlib} from "./moduleStdlib.js";

export type {SharedFile};

export interface BuildCache {
  /** What a module's `observablehq:stdlib` stand-in embeds, by module, root and size limit. */
  moduleFiles: Map<string, Promise<ModuleStdlib>>;
  /** The stamp of a page's imported modules, by project and the sorted files. */
  stamps: Map<string, string>;
  /** The files cells and project modules attach, by key (a hash of the type and bytes), to write into the site once. */
  sharedFiles: Map<string, SharedFile>;
}

/** An empty cache, for the pages of one build. */
export function buildCache(): BuildCache {
  return {moduleFiles: new Map(), stamps: new Map(), sharedFiles: new Map()};
}
