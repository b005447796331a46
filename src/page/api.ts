// The contract between the page's scripts: what they share on `globalThis.queuebook`, as
// src/notebook/contract.ts is the contract between the compiler and the client. A page runs
// several classic scripts, each its own bundle (client.js; the chunks plot.js, katex.js,
// duckdb.js …; editor.js; jupyter-frame.js; the notebook's bundle), so they cannot share
// modules: they meet on this one object. Who sets what:
//   client.js (main.ts)          notebook, provide, library, loadBuiltins, needChunk, ui
//   client.js (editor/boot.ts)     current, import, loadEditor, defined
//   editor.js (editor/main.ts)     editor;  (edits/start.ts) edits
//   jupyter-frame.js             jupyter (edits/jupyterHost.ts); moduleMap, moduleMapBuiltins (jupyter/frame.ts at the repo root)
//   a chunk                      calls provide({…}) with its library (src/client/plot.ts, libs/*.ts)
//   _queuebook/ui-<lang>.js      globalThis.queuebookUi[lang] = {…} (src/client/ui/text.ts reads it)
// Only types and a few accessors live here, so every chunk may import it without carrying code.
// It lives in src/page/ (what the client and the views both import; it imports neither): the
// editor's part of the object (loadEditor, editor, edits) is added by src/client/pageApi.ts, where its types are.
import type {NotebookDefinition} from "../notebook/contract.js";

/** How a lesson's frame talks to its JupyterLab tab (set by src/client/jupyter/frame.ts; absent on every other page). */
export interface JupyterPort {
  keep(expected: string, text: string): Promise<{ok: true; hash: string} | {ok: false; message: string}>;
  /** The document is `text` now, by this frame's own edit. */
  rendered(text: string): void;
}

/** `globalThis.queuebook`: the page's shared object. */
export interface PageApi {
  /** Defines the notebook's cells; called again, redefines only what changed (a bundle, a live update, an edit). */
  notebook(definition: NotebookDefinition): void;
  /** A chunk hands over its library (`{Plot}`, `{katex}`, `{duckdb: …}`). */
  provide(objects: Record<string, unknown>): void;
  /** The page's copy of a shared package or chunk library (`d3`, `Plot`, `stdlib`); throws when its chunk is not loaded. */
  library(name: string): unknown;
  /** Loads the chunks of these built-in or module names not loaded yet; undefined when none is missing. */
  loadBuiltins(names: Iterable<string>): Promise<void> | undefined;
  /** The library a chunk provides for `name`, loading the chunk first. */
  needChunk(name: string): Promise<unknown>;
  /** The kit's word `key` in the page's language (src/client/ui/text.ts), for views bundled apart from client.js: they carry no table of their own. */
  ui(key: string, vars?: Readonly<Record<string, string | number>>): string;
  /** The notebook as last defined (editor/boot.ts). */
  current?: () => NotebookDefinition;
  /** A module the page's bundle holds, by specifier (editor/boot.ts → editor/modules.ts). */
  import?: (specifier: string) => Promise<unknown>;
  /** Settles once the notebook was first defined (editor/boot.ts). */
  defined?: Promise<void>;
  /** The lesson frame's port to its JupyterLab tab. */
  jupyter?: JupyterPort;
  /** A lesson's module map in JupyterLab: the project modules by specifier (set by jupyter/frame.ts's modules.js). */
  moduleMap?: Record<string, () => Promise<unknown>>;
  /** The built-ins the module map's modules read (their chunks load before the first of them runs). */
  moduleMapBuiltins?: string[];
}

interface PageGlobals {
  queuebook?: PageApi;
  queuebookUi?: unknown;
}

const globals = globalThis as PageGlobals;

/** Sets the page's shared object (client.js does, once). */
export function installPageApi(api: PageApi): PageApi {
  return (globals.queuebook = api);
}

/** The page's shared object, or undefined where client.js has not run (a test, a worker, a page without it). */
export function maybePageApi(): PageApi | undefined {
  return globals.queuebook;
}

/** The page's shared object; throws, naming client.js, where it has not run. */
export function pageApi(): PageApi {
  const api = globals.queuebook;
  if (!api) throw new Error("queuebook's client.js has not run on this page (no globalThis.queuebook)");
  return api;
}

/** `globalThis.queuebookUi`: the page-language tables the `ui-<lang>.js` scripts loaded, unchecked (ui/text.ts checks each entry). */
export function uiTablesGlobal(): unknown {
  return globals.queuebookUi;
}
