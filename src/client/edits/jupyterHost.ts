// Edits in a lesson inside JupyterLab (src/client/jupyter/frame.ts): each change hands the
// notebook as edited to the tab, which puts it into JupyterLab's document (the tab shows it
// unsaved; Ctrl+S or File → Save writes the .md through Jupyter). As a dev save does, each
// names the version it was made to: the tab refuses one made to a version the document no
// longer has (another editor changed it), and the learner's text stays in the editor.
import type {EmbeddedSource} from "../../notebook/sourceContract.js";
import type {EditHost, SaveResult} from "./state.js";
import {maybePageApi, pageApi, type JupyterPort} from "../pageApi.js";

export type {JupyterPort} from "../pageApi.js";

/** Called once by the frame (jupyter-frame.js): this page is a lesson in JupyterLab. On the page's shared object, since the editor is another script (editor.js). */
export function setJupyterPort(value: JupyterPort): void {
  pageApi().jupyter = value;
}

/** The frame's port when this page is a lesson in JupyterLab, else undefined. */
export function jupyterPort(): JupyterPort | undefined {
  return maybePageApi()?.jupyter;
}

/** The host of a lesson in JupyterLab: keeps one change at a time, in order, each expecting the version the last one left. */
export function jupyterHost(source: EmbeddedSource, to: JupyterPort): EditHost {
  let expected = source.hash;
  let queue: Promise<unknown> = Promise.resolve();
  const sending = new Set<string>();
  let era = 0;
  const send = async (text: string): Promise<SaveResult> => {
    const from = era;
    sending.add(text);
    const answer = await to.keep(expected, text);
    sending.delete(text);
    if (!answer.ok) return {ok: false, message: answer.message};
    if (from === era) (expected = answer.hash), to.rendered(text);
    return {ok: true};
  };
  return {
    keep(_edits, text) {
      const result = queue.then(() => send(text));
      queue = result;
      return result;
    },
    adopt(update) {
      if (update.hash === expected || sending.has(update.text)) return false;
      expected = update.hash;
      era++;
      return true;
    }
  };
}
