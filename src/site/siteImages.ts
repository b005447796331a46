// The images a page's prose shows (`![a](./pic.png)`, `<img src="/pic.png">`), copied into the
// built site beside the page, so they load from a static server and from file:// as in
// Framework. Read under FileAttachment's rules by src/site/images.ts (inside the notebook root,
// regular files, the size limit); Framework's root-relative "/…" srcs and links become relative
// to the page, since a site opened from disk has no root to start from. An image that may not
// be copied is left out as the export leaves it out: its src goes (a page opened from disk
// would otherwise ask for `file:///…/etc/hostname`), with a warning where the notebook writes it.
import {realpath} from "node:fs/promises";
import {dirname, relative, sep} from "node:path";
import {quote} from "../notebook/messages.js";
import {decodeEntities, imageLocator, imageSource, imageTags, readImage, type ImageRules} from "./images.js";
import {urlPath} from "./page.js";

/** A refused image: where the notebook writes it (1-based; 0 when it cannot be found) and why. */
export interface ImageProblem {
  line: number;
  column: number;
  message: string;
}

/** A page's HTML with root-relative srcs and links made relative, and the image files it shows. */
export interface PageImages {
  html: string;
  /** By path inside the site (relative to the root, "/"-separated): the image's bytes. */
  images: Map<string, Buffer>;
  /** One per image left out (outside the root, not an image type, too big, missing) and per srcset. */
  problems: ImageProblem[];
}

/**
 * Finds the images of the page made from `file` (inside `root`, its text `markdown`, which
 * locates each refused one) and rewrites its root-relative srcs and links. URLs elsewhere and
 * data: URLs stay as written: a site may show an image from the web, as Framework's does.
 */
export async function pageImages(html: string, file: string, root: string, maxBytes: number, markdown = ""): Promise<PageImages> {
  const rules: ImageRules = {folder: dirname(file), root, realRoot: await realpath(root).catch(() => root), maxBytes, action: "copied"};
  const up = "../".repeat(relative(root, file).split(sep).length - 1);
  const locate = imageLocator(markdown);
  const images = new Map<string, Buffer>();
  const problems: ImageProblem[] = [];
  const edits: {start: number; end: number; text: string}[] = [];
  const leaveOut = (attr: {start: number; end: number}, at: {line: number; column: number}, message: string) => {
    problems.push({...at, message});
    edits.push({start: attr.start, end: attr.end, text: ""});
  };
  for (const tag of imageTags(html)) {
    // The locator takes srcs in page order: src and srcset in the order they are written.
    for (const attr of [tag.src, tag.srcset].filter((a) => a !== undefined).sort((x, y) => x.start - y.start)) {
      const value = decodeEntities(attr.raw);
      if (attr === tag.srcset) {
        // Its other files are not copied: a browser choosing one would find nothing, or ask the disk.
        leaveOut(attr, locate(attr.raw), `image srcset ${quote(value)} is not copied: left out of the page (only an src is)`);
        continue;
      }
      if (value === "") continue;
      const at = locate(attr.raw);
      const found = imageSource(value, rules);
      if (found.kind === "data" || found.kind === "url") continue;
      if (found.kind === "refused") {
        leaveOut(attr, at, `image ${quote(value)} ${found.refused}; left out of the page`);
        continue;
      }
      const read = await readImage(found.path, rules);
      if ("refused" in read) {
        leaveOut(attr, at, `image ${quote(value)} ${read.refused}; left out of the page`);
        continue;
      }
      const inSite = relative(root, found.path).split(sep).join("/");
      images.set(inSite, read.bytes);
      if (value.startsWith("/")) edits.push({start: attr.start, end: attr.end, text: ` src="${urlPath(up + inSite)}"`});
    }
  }
  let out = "";
  let last = 0;
  for (const edit of edits) {
    out += html.slice(last, edit.start) + edit.text;
    last = edit.end;
  }
  out += html.slice(last);
  // Links to "/…" (not "//host") lead to the same place from a page in a subfolder.
  out = out.replace(/(<a\s[^>]*?\bhref=")\/(?!\/)/gi, (_, before) => before + (up || "./"));
  return {html: out, images, problems};
}
