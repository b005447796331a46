// A rendered page without the machine that rendered it. The snapshot is taken from a file in a
// folder of this machine (a temporary folder for an export, the site folder for a build), and a
// page may write its own address into its output (the on-call share field:
// `file:///tmp/queuebook-export-XXXXXX/on-call.html#run=…`). Published, that would carry the
// machine's paths, and two exports of the same notebook would differ.
import {pathToFileURL} from "node:url";
import type {RenderedPage} from "./snapshot.js";

/**
 * The rendered page with nothing of the machine that rendered it: the page was opened from
 * `work` (a temporary folder), so a link it wrote of itself (the on-call share field:
 * `file:///tmp/queuebook-export-XXXXXX/on-call.html#run=…`) becomes relative to the page
 * (`on-call.html#run=…`), and the folder's path is taken out wherever else it shows.
 */
export function withoutMachine(rendered: RenderedPage, work: string): RenderedPage {
  const folderUrl = pathToFileURL(work).href + "/";
  // as written, and as the sanitiser's serialiser escapes text and attribute values
  const escaped = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  const forms = [folderUrl, work + "/", work].flatMap((form) => [form, escaped(form)]);
  const clean = (text: string) => forms.reduce((out, form) => out.split(form).join(""), text);
  return {
    outputs: Object.fromEntries(Object.entries(rendered.outputs).map(([id, html]) => [id, clean(html)])),
    styles: rendered.styles.map(clean),
    hash: clean(rendered.hash)
  };
}
