// What the preview server sends one open page after a rebuild, judged against the build that
// page shows (not against the build before the rebuild): builds of a page may end out of
// order (a change's rebuild and a new tab's request run at once), and a page served the newer
// one must not be sent the older one's cells, nor be left on them when the next rebuild
// matches what the server last built.
import type {BuiltNotebook} from "./notebook.js";

/** Nothing (the page shows this build already), the changed cells, or a reload (other <script> chunks in the head). */
export type LiveStep = "none" | "update" | "reload";

type Shown = Pick<BuiltNotebook, "script" | "compiled">;

/** Whether two builds show and run the same (the source too: it is the file the next save expects). */
export function sameBuild(a: Shown, b: Shown): boolean {
  return a.script === b.script && a.compiled.html === b.compiled.html && a.compiled.markdown === b.compiled.markdown;
}

/** The step that brings a page showing `shown` (undefined: not known, or an error) to `latest`. */
export function liveStep(shown: Shown | undefined, latest: Shown): LiveStep {
  if (!shown || shown.compiled.chunks.join() !== latest.compiled.chunks.join()) return "reload";
  return sameBuild(shown, latest) ? "none" : "update";
}
