// Starts the page's edits, in the editor chunk (editor.js, which client.js loads on first use or
// at once when edits are kept for the page: src/client/editor/boot.ts): reads the embedded source
// (src/site/pageSource.ts), picks the host (the dev server's save endpoint when the page carries
// its token, else localStorage), finds stored edits (offered for review, applied through the
// editor's replay only when the learner chooses Apply; or set aside) and mounts the edits bar.
// `queuebook.edits` is what the editor (src/client/editor) calls.
import type {EmbeddedSource} from "../../notebook/sourceContract.js";
import type {SourceEdit} from "../../notebook/source.js";
import {mountBar, type Bar} from "./bar.js";
import {devHost, devSaveTarget} from "./devHost.js";
import {jupyterHost, jupyterPort} from "./jupyterHost.js";
import {createEdits, type Edits} from "./state.js";
import {clearStored, discardSetAside, localHost, pageScope, readStored, type StoredEdits} from "./store.js";
import {pageApi} from "../pageApi.js";

/** The embedded source, if the page has one of the right shape. */
export function embeddedSource(): EmbeddedSource | undefined {
  try {
    const value = JSON.parse(document.getElementById("qb-source")?.textContent ?? "null");
    if (
      value &&
      typeof value.path === "string" &&
      typeof value.hash === "string" &&
      typeof value.text === "string" &&
      Array.isArray(value.blocks)
    )
      return value;
  } catch {
    // no source, or not JSON: the page is not editable into a file
  }
  return undefined;
}

let started: Edits | undefined;
let bar: Bar | undefined;

/** Opens the review of edits kept in this browser when some wait for the learner's decision (an edit button pressed meanwhile); false when none wait. */
export function reviewKept(): boolean {
  return bar?.review() ?? false;
}

/** The page's edits, started on the first call (undefined on a page without an embedded source). */
export function startEdits(): Edits | undefined {
  if (started) return started;
  const source = embeddedSource();
  if (!source) return undefined;
  const target = devSaveTarget();
  // a lesson in JupyterLab: edits go into the tab's document (src/client/jupyter/frame.ts)
  const port = jupyterPort();
  const scope = pageScope(source.path);
  let kept: readonly SourceEdit[] = [];
  let setAside: StoredEdits | null | undefined;
  let dropped = 0;
  if (!target && !port) {
    const found = readStored(source, scope);
    if (found && "kept" in found) kept = found.kept;
    else if (found) [setAside, dropped] = [found.setAside ?? null, found.dropped];
  }
  const host = port ? jupyterHost(source, port) : target ? devHost(source, target) : localHost(source, scope);
  const edits = (started = createEdits(source, host, kept));
  pageApi().edits = edits;
  bar = mountBar(edits, source, {
    dev: !!target,
    // (JupyterLab marks the tab unsaved; its save, or Ctrl+S here, writes the file)
    marker: port ? "bar.jupyter" : undefined, // "Edited in JupyterLab · Ctrl+S saves", in the page's language
    setAside,
    dropped,
    discardSetAside: () => discardSetAside(scope, setAside ?? undefined),
    discardKept() {
      edits.discardPending();
      clearStored(source, scope);
    },
    async revert() {
      // dev: the original (the file as this page last knew it) goes back into the file, refused like any save if the file changed
      const result = await host.keep([], edits.original());
      if (!result.ok) return result.message;
      if (!target && !port) clearStored(source, scope);
      location.reload();
      return undefined;
    }
  });
  return edits;
}
