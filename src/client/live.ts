// Defining a notebook's cells, first and again on each live update: only cells whose hash
// changed (or whose files changed) are redefined; removed cells are disposed.
import type {NotebookDefinition} from "../notebook/contract.js";
import {defineCell, disposeCell, findRoot, type CellState} from "./cells.js";
import {diffCells, filesChanged} from "./diff.js";
import {awaitFiles, currentFiles, ensureRuntime, setFiles} from "./runtime.js";
import {registerModules} from "./editor/modules.js";

const cells = new Map<string, CellState>();
/** The last definition's path and languages (the in-page editor recompiles against them). */
let notebook: Pick<NotebookDefinition, "path" | "languages"> = {path: ""};

let defined: () => void = () => {};
/** Resolves once the notebook's cells were first defined (stored edits are replayed after that). */
export const firstDefined = new Promise<void>((resolve) => (defined = resolve));

/** The notebook as defined now: path, files, languages and the cells in order (for the in-page editor). */
export function currentNotebook(): NotebookDefinition {
  return {...notebook, files: currentFiles(), cells: Array.from(cells.values(), (s) => s.def)};
}

/**
 * The element a kept cell renders into now: the one it holds while that is still in the page under
 * the cell's identity (no search: a redefinition then costs the changed cells, not the whole page),
 * else the one the page has now (rebuilt by a live update, or an edit gave the element another
 * cell's id).
 */
function currentRoot(id: string, root: Element): Element | null {
  if (root.isConnected && (root.getAttribute("data-cell") ?? root.id) === id) return root;
  return findRoot(id);
}

let calls = 0;

export function define(definition: NotebookDefinition): void {
  const call = ++calls;
  if (definition.filesArriving && cells.size) {
    // the library's FileAttachment waits only before its first use: cells already running get the new files at once, all together
    const {filesArriving, ...rest} = definition;
    void filesArriving.then(({files, refused}) => call === calls && define({...rest, files, refused}));
    return;
  }
  ensureRuntime();
  const {path, cells: defs} = definition;
  notebook = {path, languages: definition.languages};
  if (definition.modules) registerModules(definition.modules);
  const newFiles = definition.filesArriving ? {} : (definition.files ?? {});
  const refreshFiles = filesChanged(currentFiles(), newFiles);
  if (definition.filesArriving) awaitFiles(definition.filesArriving);
  else setFiles(newFiles, definition.refused);
  const diff = diffCells(
    Array.from(cells.values(), (s) => s.def),
    defs
  );
  const redo = new Set([...diff.changed, ...diff.added]);
  if (refreshFiles) {
    for (const id of diff.unchanged) if (cells.get(id)!.def.inputs.includes("FileAttachment")) redo.add(id);
  }
  for (const id of diff.removed) disposeCell(cells.get(id)!), cells.delete(id);
  for (const id of redo) {
    const state = cells.get(id);
    if (state) disposeCell(state), cells.delete(id);
  }
  // names that only cells with errors define get a failing placeholder
  const placeholders = new Set<string>();
  for (const def of defs) if (def.error) for (const name of def.outputs ?? []) placeholders.add(name);
  for (const def of defs) if (!def.error) for (const name of def.outputs ?? []) placeholders.delete(name);
  const next = new Map<string, CellState>();
  for (const def of defs) {
    let state = cells.get(def.id);
    if (state && !redo.has(def.id)) {
      // kept as it runs; an edit above it may have moved it in the notebook (its errors say where)
      state.origin.line = def.line;
      state.origin.column = def.column;
      const root = currentRoot(def.id, state.root);
      if (root && root !== state.root) {
        // the page was rebuilt without this element: carry the output over
        root.replaceChildren(...state.root.childNodes);
        state.root = root;
      }
    } else {
      state = defineCell(def, path, placeholders);
    }
    next.set(def.id, state);
  }
  cells.clear();
  for (const [id, state] of next) cells.set(id, state);
  defined();
}
