// Images a notebook's prose shows (`<img src>` in HTML, Markdown `![alt](src)`), found in the
// page and read under FileAttachment's rules (src/notebook/data.ts, readInside): a regular file
// inside the notebook folder, no link out of it, no device or pipe, at most the size limit,
// checked before a byte is read. A published page never carries the build machine, whatever an
// src says. The export inlines what this module reads; a site build copies the same files.
import {stat} from "node:fs/promises";
import {extname, resolve} from "node:path";
import {readInside} from "../notebook/data.js";
import {within} from "../notebook/messages.js";

/** The image types an src may name, by extension. */
export const IMAGE_TYPES: Readonly<Record<string, string>> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".avif": "image/avif"
};

/** Where images may come from: the notebook's folder (relative srcs), the notebook root (the confinement, and "/x.png"), the size limit. */
export interface ImageRules {
  folder: string;
  root: string;
  /** The root with links followed (realpath), as readInside compares it. */
  realRoot: string;
  maxBytes: number;
  /** What the command does with an image it may take, for its messages: the export inlines (the default), a site build copies. */
  action?: "inlined" | "copied";
}

/** An image read for the page, or why it is not: the end of a sentence about it ("is outside the notebook folder"). */
export type ImageRead = {bytes: Buffer; type: string; path: string} | {refused: string; overBudget?: boolean};

/** What an src names: a data: URL (kept as it is), a URL elsewhere (left out), or a file in the notebook root. */
export type ImageSource =
  | {kind: "data"}
  | {kind: "url"; scheme: string}
  | {kind: "file"; path: string}
  | {kind: "refused"; refused: string};

/** Classifies an src (entities already decoded) and, for a file, finds its path inside the root; never touches the disk. */
export function imageSource(src: string, rules: ImageRules): ImageSource {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(src)?.[1];
  if (scheme?.toLowerCase() === "data") return {kind: "data"};
  if (scheme || /^[\\/]{2}/.test(src)) return {kind: "url", scheme: scheme ? `${scheme.toLowerCase()}:` : "//"};
  // As a browser reads a URL path: the query and fragment are not part of the file, "\" is "/".
  const written = src.replace(/[?#].*$/s, "").replace(/\\/g, "/");
  let name: string;
  try {
    name = decodeURIComponent(written);
  } catch {
    return {kind: "refused", refused: "has a malformed %-escape"};
  }
  if (name === "" || name.includes("\0")) return {kind: "refused", refused: "is not a file name"};
  // As in Framework, a leading "/" is the notebook root, not the disk's root.
  const path = name.startsWith("/") ? resolve(rules.root, `.${name}`) : resolve(rules.folder, name);
  if (!within(path, rules.root))
    return {kind: "refused", refused: `is outside the notebook folder: only images inside it are ${rules.action ?? "inlined"}`};
  return {kind: "file", path};
}

/**
 * Reads the image file at `path` (from imageSource) if FileAttachment could attach it and it is
 * an image type. `budget`, when smaller than the size limit, is what is left of a total (the
 * export's images in all): a bigger file is refused by its size before it is read.
 */
export async function readImage(path: string, rules: ImageRules, budget = Infinity): Promise<ImageRead> {
  const type = IMAGE_TYPES[extname(path).toLowerCase()];
  const action = rules.action ?? "inlined";
  if (!type)
    return {
      refused: `is not an image type queuebook ${action === "inlined" ? "inlines" : "copies"} (${Object.keys(IMAGE_TYPES).join(", ")})`
    };
  if (budget < rules.maxBytes) {
    const size = await stat(path).then(
      (info) => (info.isFile() ? info.size : 0),
      () => 0
    );
    if (size > budget) return {refused: "would take the images past their total limit", overBudget: true};
  }
  const read = await readInside(path, rules.root, rules.realRoot, Math.min(rules.maxBytes, budget));
  if (!("bytes" in read)) return {refused: read.hint ? `${read.is}: ${read.hint.replace("attached", action)}` : read.is};
  return {bytes: read.bytes, type, path: read.path};
}

/** One `<img>` tag of a page: where it stands, and where its src and srcset values are (offsets in the page). */
export interface ImageTag {
  start: number;
  end: number;
  src?: Attribute;
  srcset?: Attribute;
}

/** An attribute inside a tag: the span of the whole `name="value"` and the value as written (entities not decoded). */
export interface Attribute {
  start: number;
  end: number;
  raw: string;
}

// A tag's attributes as the HTML tokenizer reads them: separated by spaces or "/" (or nothing
// after a quoted value), values double-, single- or unquoted (an unquoted one runs to a space or ">").
const ATTRIBUTE = /[\s/]*([^\s/>][^\s/>=]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/y;

/** Every `<img …>` start tag in `html`, in document order. */
export function imageTags(html: string): ImageTag[] {
  const tags: ImageTag[] = [];
  for (const match of html.matchAll(/<img(?=[\s/>])/gi)) {
    const tag: ImageTag = {start: match.index!, end: match.index! + match[0].length};
    let at = tag.end;
    for (;;) {
      ATTRIBUTE.lastIndex = at;
      const attr = ATTRIBUTE.exec(html);
      if (!attr) break;
      const name = attr[1].toLowerCase();
      const value = {start: at, end: ATTRIBUTE.lastIndex, raw: attr[2] ?? attr[3] ?? attr[4] ?? ""};
      // As in HTML, the first of two attributes with one name is the one that counts.
      if ((name === "src" || name === "srcset") && !tag[name]) tag[name] = value;
      at = ATTRIBUTE.lastIndex;
    }
    const close = /^\s*\/?>/.exec(html.slice(at, at + 64));
    tag.end = close ? at + close[0].length : at;
    tags.push(tag);
  }
  return tags;
}

const NAMED: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  period: ".",
  sol: "/",
  colon: ":",
  percnt: "%",
  num: "#",
  quest: "?",
  bsol: "\\"
};

/** An attribute value with its character references decoded (numeric ones, and the named ones a path may use). */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] !== "#") return Object.hasOwn(NAMED, ref.toLowerCase()) && ref === ref.toLowerCase() ? NAMED[ref] : whole;
    const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "\ufffd";
  });
}

/**
 * Finds, in the notebook's text, where each image's src is written (1-based line and column),
 * taking srcs in page order: each is looked for after the previous one, as written in the page,
 * with its entities decoded, or URL-decoded; failing that, in the text as marked writes a link
 * (backslash escapes and character references undone, URL-encoded: `![](a\_ü.png)` is `a_%C3%BC.png`).
 */
export function imageLocator(markdown: string): (raw: string) => {line: number; column: number} {
  const starts = [0];
  for (let i = markdown.indexOf("\n"); i >= 0; i = markdown.indexOf("\n", i + 1)) starts.push(i + 1);
  // The text as marked writes a link's destination (backslash escapes and character references
  // undone, then URL-encoded as encodeURI does, "%" kept), and where each character came from.
  let encoded: {text: string; at: number[]} | undefined;
  const asWritten = () => {
    if (encoded) return encoded;
    const at: number[] = [];
    let text = "";
    const put = (chars: string, from: number) => {
      let out: string;
      try {
        out = encodeURI(chars).replace(/%25/g, "%");
      } catch {
        out = chars; // a lone surrogate
      }
      for (let k = 0; k < out.length; k++) at.push(from);
      text += out;
    };
    const reference = /&(?:#x[0-9a-f]+|#\d+|[a-z]+);/iy;
    for (let i = 0; i < markdown.length; i++) {
      if (markdown[i] === "&") {
        reference.lastIndex = i;
        const ref = reference.exec(markdown)?.[0];
        const value = ref === undefined ? undefined : decodeEntities(ref);
        if (ref !== undefined && value !== undefined && value !== ref) {
          put(value, i);
          i += ref.length - 1;
          continue;
        }
      }
      if (markdown[i] === "\\" && /[!-/:-@[-`{-~]/.test(markdown[i + 1] ?? "")) i++;
      const code = markdown.codePointAt(i)!;
      put(String.fromCodePoint(code), i);
      if (code > 0xffff) i++;
    }
    return (encoded = {text, at});
  };
  let cursor = 0;
  const position = (at: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= at) lo = mid;
      else hi = mid - 1;
    }
    return {line: lo + 1, column: at - starts[lo] + 1};
  };
  return (raw) => {
    const decoded = decodeEntities(raw);
    const forms = [raw, decoded];
    const first = (text: string, from: number) =>
      Math.min(
        ...forms
          .filter(Boolean)
          .map((f) => text.indexOf(f, from))
          .filter((i) => i >= 0)
      );
    let at = first(markdown, cursor);
    if (!Number.isFinite(at)) at = first(markdown, 0);
    if (!Number.isFinite(at)) {
      const {text, at: origin} = asWritten();
      const from = origin.findIndex((i) => i >= cursor);
      let found = first(text, Math.max(0, from));
      if (!Number.isFinite(found)) found = first(text, 0);
      if (Number.isFinite(found)) at = origin[found];
    }
    if (!Number.isFinite(at)) return {line: 0, column: 0};
    cursor = at + 1;
    return position(at);
  };
}
