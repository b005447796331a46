// The images a page's prose shows (`![a](./pic.png)`, `<img src="/pic.png">`), copied into the
// built site beside the page, so they load from a static server and from file:// as in
// Framework. Read under FileAttachment's rules by src/site/images.ts (inside the notebook root,
// regular files, the size limit); Framework's root-relative "/…" srcs and links become relative
// to the page, since a site opened from disk has no root to start from.
import {realpath} from "node:fs/promises";
import {dirname, relative, sep} from "node:path";
import {decodeEntities, imageSource, imageTags, readImage, type ImageRules} from "./images.js";
import {urlPath} from "./page.js";

/** A page's HTML with root-relative srcs and links made relative, and the image files it shows. */
export interface PageImages {
  html: string;
  /** By path inside the site (relative to the root, "/"-separated): the image's bytes. */
  images: Map<string, Buffer>;
  /** One line per image left as written (outside the root, not an image type, too big, missing). */
  problems: string[];
}

/** Finds the images of the page made from `file` (inside `root`) and rewrites its root-relative srcs and links. */
export async function pageImages(html: string, file: string, root: string, maxBytes: number): Promise<PageImages> {
  const rules: ImageRules = {folder: dirname(file), root, realRoot: await realpath(root).catch(() => root), maxBytes};
  const up = "../".repeat(relative(root, file).split(sep).length - 1);
  const images = new Map<string, Buffer>();
  const problems: string[] = [];
  let out = "";
  let last = 0;
  for (const tag of imageTags(html)) {
    if (!tag.src) continue;
    const src = decodeEntities(tag.src.raw);
    const found = imageSource(src, rules);
    if (found.kind === "data" || found.kind === "url") continue;
    if (found.kind === "refused") {
      problems.push(`image ${JSON.stringify(src)} ${found.refused}`);
      continue;
    }
    const read = await readImage(found.path, rules);
    if ("refused" in read) {
      problems.push(`image ${JSON.stringify(src)} ${read.refused}`);
      continue;
    }
    const inSite = relative(root, found.path).split(sep).join("/");
    images.set(inSite, read.bytes);
    if (src.startsWith("/")) {
      out += html.slice(last, tag.src.start) + ` src="${urlPath(up + inSite)}"`;
      last = tag.src.end;
    }
  }
  out += html.slice(last);
  // Links to "/…" (not "//host") lead to the same place from a page in a subfolder.
  out = out.replace(/(<a\s[^>]*?\bhref=")\/(?!\/)/gi, (_, before) => before + (up || "./"));
  return {html: out, images, problems};
}
