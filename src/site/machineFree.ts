// A rendered page's links to itself, made relative. A page is rendered at an address that is no
// path of this machine (renderAt.ts), so nothing of the machine is in what it wrote, in any
// encoding. What remains is the render's own address where the page wrote it: the on-call share
// field's `https://queuebook.invalid/on-call.html#run=…` would be a dead link in the published
// file, so the page's folder at that address is taken out (`on-call.html#run=…`; the address is
// percent-encoded, so HTML escaping leaves it as it is). An encoded copy
// (`encodeURIComponent(location.href)`) keeps the render's address: it names no machine and is
// the same for everyone.
import type {RenderedPage} from "./snapshotFill.js";

/** The rendered page with the folder of `pageUrl` (where it was rendered) taken out of its outputs, styles and hash. */
export function relativeToPage(rendered: RenderedPage, pageUrl: string): RenderedPage {
  const folderUrl = pageUrl.slice(0, pageUrl.lastIndexOf("/") + 1);
  const clean = (text: string) => text.split(folderUrl).join("");
  return {
    outputs: Object.fromEntries(Object.entries(rendered.outputs).map(([id, html]) => [id, clean(html)])),
    styles: rendered.styles.map(clean),
    hash: clean(rendered.hash)
  };
}
