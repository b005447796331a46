// Edits under `queuebook dev`: each change saves the notebook as edited to its .md through the
// dev server (src/site/save.ts). The page holds no secret: the browser sends the session cookie
// the terminal's sign-in link set (src/site/previewAccess.ts; a browser not signed in is told to
// open that link) and the page adds `X-Queuebook-Write: 1`. The server refuses
// a save when the file changed on disk since this page loaded it (or last saved it): the
// learner's text stays in the editor and the message says what happened. A dev live update
// tells the page the file's new version (reload.ts, `queuebook:source`): a change made outside
// the page (another editor) becomes what the next save expects, so saving goes on.
import type {EmbeddedSource, SaveRequest} from "../../notebook/sourceContract.js";
import type {EditHost, SaveResult} from "./state.js";

/** The dev page's save endpoint, when the page names one (only `queuebook dev` pages do). */
export function devSaveTarget(): {url: string} | undefined {
  const url = document.querySelector('meta[name="queuebook-save"]')?.getAttribute("content");
  return url ? {url} : undefined;
}

/** The host of a dev page: saves one at a time, in order, each expecting the hash the last one left (or the last live update brought). */
export function devHost(source: EmbeddedSource, target: {url: string}): EditHost {
  let expected = source.hash;
  let queue: Promise<unknown> = Promise.resolve();
  /** The texts of saves sent and not yet answered: a live update bringing one is this page's own save coming back. */
  const sending = new Set<string>();
  /** Bumped by each adopted update: an answer to a save sent before it no longer sets what the next save expects. */
  let era = 0;
  const save = async (text: string): Promise<SaveResult> => {
    const body: SaveRequest = {path: source.path, expected, text};
    const from = era;
    sending.add(text);
    let response: Response;
    try {
      response = await fetch(target.url, {
        method: "POST",
        headers: {"content-type": "application/json", "x-queuebook-write": "1"},
        credentials: "same-origin",
        body: JSON.stringify(body)
      });
    } catch {
      sending.delete(text);
      return {ok: false, message: `not saved: the dev server does not answer (is queuebook dev still running?)`};
    }
    const reply = await response.json().catch(() => ({}));
    sending.delete(text);
    if (response.ok && typeof reply.hash === "string") {
      if (from === era) expected = reply.hash;
      return {ok: true};
    }
    return {ok: false, message: typeof reply.error === "string" ? reply.error : `not saved: the dev server answered ${response.status}`};
  };
  return {
    keep(_edits, text) {
      const result = queue.then(() => save(text));
      queue = result;
      return result;
    },
    adopt(update) {
      if (update.path !== source.path || update.hash === expected || sending.has(update.text)) return false;
      expected = update.hash;
      era++;
      return true;
    }
  };
}
