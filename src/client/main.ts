// The browser client's entry: window.queuebook = {notebook, provide, library, …} (its contract:
// pageApi.ts). The parts:
// runtime.ts (the runtime and its scheduling), cells.ts (one cell's variables and rendering),
// chunks.ts (optional libraries), live.ts (defining and redefining cells), i18n.ts (the page's
// language), reload.ts (dev live updates).
import type {NotebookDefinition} from "../notebook/contract.js";
import {loadBuiltins, loadChunks, needChunk} from "./chunks.js";
import {setLanguages} from "./i18n.js";
import {library, provided} from "./library.js";
import {define} from "./live.js";
import {startReload} from "./reload.js";
import {startPresent} from "./present/mode.js";
import {startSkipLink} from "./skipLink.js";
import {startEditing} from "./editor/boot.js";
import {startRenderAll} from "./renderAll.js";
import {installPageApi} from "./pageApi.js";
import {ui} from "./ui/text.js";

export type {CellDefinition, NotebookDefinition} from "../notebook/contract.js";

let calls = 0;

/** Defines the notebook's cells; called again on a live update, it redefines only what changed. */
export function notebook(definition: NotebookDefinition): void {
  if (document.readyState === "loading") {
    // a bundle loaded before <main> was parsed: define the cells once their elements exist
    document.addEventListener("DOMContentLoaded", () => notebook(definition), {once: true});
    return;
  }
  const call = ++calls;
  setLanguages(definition.languages);
  const chunks = loadChunks(definition.cells);
  if (chunks) {
    chunks.then(() => call === calls && define(definition)); // a newer call wins
    return;
  }
  define(definition);
}

/** Hands over the libraries of the optional chunks (Plot and d3, katex, marked). */
export function provide(objects: Record<string, unknown>): void {
  Object.assign(provided, objects);
}

installPageApi({notebook, provide, library, loadBuiltins, needChunk, ui});
startReload();
startSkipLink(); // the first key press reaches "Skip to content" (src/client/skipLink.ts)
startPresent(); // presentation mode: the p key or ?present (src/client/present/mode.ts)
startEditing(); // edit buttons; the editor and where edits go load on first use, or at once when edits are kept (src/client/editor/)
startRenderAll(); // before a snapshot or print every view renders (src/client/renderAll.ts)
