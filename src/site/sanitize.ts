// The no-script snapshot's sanitizer. A cell's output is whatever its code and data made, so the
// snapshot keeps only what is allowed explicitly: DOMPurify's allow-list of HTML, SVG and MathML
// (plus KaTeX's <semantics>/<annotation>), without scripts, event handlers, javascript: URLs,
// <style>, raw-text elements (<noscript>, <xmp>, …), frames, plugins, <base>/<meta>/<link>, and
// without anything that loads from elsewhere (only data: and #fragment references stay). It runs
// in a fresh, empty page of the Chromium that rendered the snapshot, opened once every page of the
// cells is closed, so no cell's code runs beside it; DOMPurify is read from node_modules and
// injected, nothing is fetched and nothing is added to what a reader downloads. The result is
// serialised again by a serialiser that escapes every "<" and ">" in text and attribute values:
// with no raw-text element left, the markup means the same wherever the page parses it (in a
// <p>, a comment, a <style> of the prose).
import {readFile} from "node:fs/promises";
import {createRequire} from "node:module";
import type {Browser, BrowserContext, Page} from "playwright-core";

/** Each cell's output as HTML, by the id of its element. */
export type Outputs = Record<string, string>;

let purify: Promise<string> | undefined;

/** DOMPurify's browser build, from node_modules (read once per process). */
function purifySource(): Promise<string> {
  purify ??= readFile(createRequire(import.meta.url).resolve("dompurify/purify.min.js"), "utf8");
  return purify;
}

/**
 * Defines `qbSanitize(html)` in the page: DOMPurify with the snapshot's policy, then the
 * escaping serialiser. A string, so it is the same program however this module was compiled.
 */
export const SANITIZER = String.raw`(function () {
  var LOADS = ["src", "srcset", "poster", "data", "background", "action", "formaction", "ping", "lowsrc", "dynsrc", "longdesc", "manifest", "codebase", "archive"];
  var FORBID = ["style", "script", "noscript", "xmp", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "meta", "link", "template", "slot", "noembed", "noframes", "plaintext", "listing", "portal", "audio", "video", "track", "use", "foreignobject", "annotation-xml"];
  var VOID = {area: 1, br: 1, col: 1, embed: 1, hr: 1, img: 1, input: 1, source: 1, track: 1, wbr: 1};
  var HTML = "http://www.w3.org/1999/xhtml";
  // CSS escapes (\75 rl) spell a url( as well: undo them before looking.
  var cssText = function (value) {
    return value.replace(/\\([0-9a-f]{1,6})\s?|\\([\s\S])/gi, function (_, hex, char) { return hex ? String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd) : char; });
  };
  var loadsElsewhere = function (value) {
    var css = cssText(value);
    var urls = css.match(/(?:url|image|image-set|src)\s*\(\s*['"]?\s*[^'")\s]*/gi) || [];
    return /@import|expression\s*\(/i.test(css) || urls.some(function (u) { return !/\(\s*['"]?\s*(#|data:)/i.test(u); });
  };
  DOMPurify.addHook("afterSanitizeAttributes", function (node) {
    Array.prototype.slice.call(node.attributes || []).forEach(function (attr) {
      var name = attr.name.toLowerCase();
      var value = attr.value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
      var loads = LOADS.indexOf(name) >= 0 || ((name === "href" || name === "xlink:href") && node.localName !== "a");
      // CSS values: a style, or an SVG presentation attribute (fill="url(…)", filter, mask, cursor).
      var css = name === "style" || (node.namespaceURI !== HTML && !/^(aria-|data-)/.test(name));
      if (name.indexOf("on") === 0 || /^(javascript|vbscript):/.test(value) || (loads && !/^(data:|#)/.test(value)) || (css && loadsElsewhere(attr.value))) node.removeAttribute(attr.name);
    });
  });
  var escapeText = function (text) { return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/\u00a0/g, "&nbsp;"); };
  var serialise = function (node) {
    if (node.nodeType === 3) return escapeText(node.data);
    if (node.nodeType === 11) return Array.prototype.map.call(node.childNodes, serialise).join("");
    if (node.nodeType !== 1) return ""; // comments, CDATA, processing instructions
    var html = node.namespaceURI === HTML;
    var name = html ? node.localName : node.tagName; // SVG keeps its case: linearGradient
    if (!/^[a-zA-Z][a-zA-Z0-9:-]*$/.test(name)) return "";
    var out = "<" + name;
    Array.prototype.forEach.call(node.attributes, function (attr) {
      if (/^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/.test(attr.name)) out += " " + attr.name + '="' + escapeText(attr.value).replace(/"/g, "&quot;") + '"';
    });
    out += ">";
    if (html && VOID[name]) return out;
    return out + Array.prototype.map.call(node.childNodes, serialise).join("") + "</" + name + ">";
  };
  window.qbSanitize = function (html) {
    return serialise(DOMPurify.sanitize(html, {
      FORBID_TAGS: FORBID,
      FORBID_ATTR: ["srcset", "ping", "formaction", "action"],
      ADD_TAGS: ["semantics", "annotation"],
      ADD_ATTR: ["encoding"],
      ALLOW_UNKNOWN_PROTOCOLS: false,
      RETURN_DOM_FRAGMENT: true
    }));
  };
})();`;

/**
 * The outputs made static and inert, sanitised in a fresh page that may load nothing: in a
 * context of its own when given the browser, or in `context` (the one that rendered them: a page
 * there costs half of a new context's CPU) once every page in it is closed, so that no cell's code
 * is left running beside the sanitiser. The page is closed after; the context is the caller's.
 */
export async function sanitizeOutputs(where: Browser | BrowserContext, outputs: Outputs): Promise<Outputs> {
  const own = "newContext" in where ? await where.newContext({javaScriptEnabled: true, serviceWorkers: "block"}) : undefined;
  const context = own ?? (where as BrowserContext);
  let page: Page | undefined;
  try {
    // (a page a cell opened may open another as it goes: until none is left)
    if (!own) while (context.pages().length) await context.pages()[0].close();
    page = await context.newPage();
    await page.route(/.*/, (route) => route.abort("blockedbyclient"));
    await page.setContent("<!doctype html><title>queuebook snapshot</title>");
    await page.addScriptTag({content: `${await purifySource()}\n${SANITIZER}`});
    return await page.evaluate((all) => {
      const sanitize = (window as unknown as {qbSanitize(html: string): string}).qbSanitize;
      const out: Record<string, string> = {};
      for (const id of Object.keys(all)) {
        const clean = sanitize(all[id]);
        if (clean.trim()) out[id] = clean;
      }
      return out;
    }, outputs);
  } finally {
    if (own) await own.close();
    else await page?.close();
  }
}
