// Property test of the no-script snapshot (issue 15): hostile cell outputs, put into a live page
// the ways cells put them there (parsed HTML, text of a raw-text element, SVG built by hand),
// are read, sanitised and written into a page as export and `build --snapshot` do; that page,
// parsed again with scripts off as a reader without JavaScript parses it, holds no script, no
// event handler, no javascript: URL, nothing that loads from elsewhere, and no CSS of the cells.
// A few seeded runs here; QB_FUZZ_RUNS and QB_FUZZ_SEED run more, or one again.
import fc from "fast-check";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, Page} from "playwright-core";
import {closeBrowser, launchBrowser} from "../e2e/harness.js";
import {applySnapshot, readSnapshot} from "../../src/site/snapshot.js";
import {sanitizeOutputs} from "../../src/site/sanitize.js";

const runs = Number(process.env.QB_FUZZ_RUNS ?? 12);
const seed = Number(process.env.QB_FUZZ_SEED ?? 20261201);

const rawText = ["style", "noscript", "xmp", "textarea", "title", "iframe", "noembed", "noframes", "script", "template", "plaintext"];
const tags = [
  ...rawText,
  "img",
  "a",
  "svg",
  "math",
  "mi",
  "mtext",
  "mglyph",
  "annotation-xml",
  "foreignObject",
  "animate",
  "set",
  "use",
  "image",
  "object",
  "embed",
  "base",
  "meta",
  "link",
  "form",
  "button",
  "input",
  "details",
  "video",
  "source",
  "select",
  "option",
  "table",
  "p",
  "div",
  "span",
  "desc",
  "malignmark"
];
const attributes = [
  "onerror",
  "onload",
  "onclick",
  "ONFOCUS",
  "onbegin",
  "ontoggle",
  "href",
  "xlink:href",
  "src",
  "srcset",
  "action",
  "formaction",
  "data",
  "style",
  "attributeName",
  "to",
  "values",
  "encoding",
  "id",
  "class",
  "autofocus",
  "open",
  "fill",
  "is"
];
const values = [
  "javascript:window.pwned=1",
  " JaVaScRiPt:window.pwned=1",
  "java\tscript:window.pwned=1",
  "&#106;avascript:window.pwned=1",
  "vbscript:msgbox",
  "data:text/html,<script>window.pwned=1</script>",
  "window.pwned=1",
  "x",
  "https://example.com/x.png",
  "//example.com/x",
  "background:url(https://example.com/x)",
  "background:\\75rl(https://example.com/x)",
  "url(#ok)",
  "url(https://example.com/f)",
  "text/html",
  "application/xhtml+xml",
  "href",
  '"><img src=x onerror=window.pwned=1>',
  "</style><img src=x onerror=window.pwned=1>",
  "--><img src=x onerror=window.pwned=1>"
];
const tricks = [
  "<!--",
  "-->",
  "--!>",
  "<![CDATA[",
  "]]>",
  "</",
  "<!",
  "<?",
  "<img src=x onerror=window.pwned=1>",
  "</style>",
  "</noscript>",
  "</xmp>",
  "</textarea>",
  "</title>",
  "</script>",
  "<script>window.pwned=1</script>",
  "&lt;",
  '"',
  "'",
  "`",
  "<svg><style>",
  "</p>",
  "<math><mtext><table><mglyph><style>"
];

/** Hostile markup: elements with hostile attributes, nested up to a few levels, and raw tricks between them. */
const markup = fc.letrec<{node: string}>((tie) => ({
  node: fc.oneof(
    {depthSize: "small", withCrossShrink: true},
    fc.constantFrom(...tricks),
    fc.string({maxLength: 6}),
    fc
      .record({
        tag: fc.constantFrom(...tags),
        attrs: fc.array(fc.tuple(fc.constantFrom(...attributes), fc.constantFrom(...values)), {maxLength: 3}),
        children: fc.array(tie("node"), {maxLength: 3})
      })
      .map(
        ({tag, attrs, children}) =>
          `<${tag}${attrs.map(([n, v]) => ` ${n}="${v.replace(/"/g, "&quot;")}"`).join("")}>${children.join("")}</${tag}>`
      )
  )
})).node;

/** How a cell puts `markup` into its element in the live page. */
const ways = fc.constantFrom("innerHTML", "raw-text", "svg");

/** The places a page's prose may put a cell's element (the page's own context; only the first is a cell the live page renders). */
const TEMPLATE = `<!doctype html><html><head><title>t</title></head><body><main>
<div class="qb-cell" id="cell-1"></div>
<p><span class="qb-inline" id="inline-1"></span></p>
<table><tr><td><span class="qb-inline" id="inline-2"></span></td></tr></table>
<svg><text><span class="qb-inline" id="inline-3"></span></text></svg>
<!-- <span class="qb-inline" id="inline-4"></span> -->
<style>.page { color: red }<span class="qb-inline" id="inline-5"></span></style>
<textarea><span class="qb-inline" id="inline-6"></span></textarea>
</main></body></html>`;
const IDS = ["cell-1", "inline-1", "inline-2", "inline-3", "inline-4", "inline-5", "inline-6"];

let browser: Browser;
let live: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext();
  await context.route(/.*/, (route) => route.abort());
  live = await context.newPage();
}, 60_000);

afterAll(async () => {
  await closeBrowser(browser);
});

/** What a reader without JavaScript gets from `html`: everything that could run or load, listed. */
async function dangers(html: string): Promise<string[]> {
  return live.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, "text/html"); // scripting is off in a parsed document
    const found: string[] = [];
    for (const element of doc.querySelectorAll("*")) {
      const name = element.localName;
      if (
        ["script", "iframe", "frame", "object", "embed", "base", "meta", "link", "noscript", "template", "xmp", "plaintext"].includes(
          name
        ) &&
        element.closest("main")
      )
        found.push(`<${name}>`);
      if (name === "style" && element.textContent !== '.page { color: red }<span class="qb-inline" id="inline-5"></span>')
        found.push(`a <style> of the cells: ${element.textContent}`);
      if (name === "animate" || name === "set") found.push(`<${name}>`);
      for (const attr of Array.from(element.attributes)) {
        const value = attr.value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
        if (attr.name.toLowerCase().startsWith("on")) found.push(`${name} ${attr.name}`);
        if (/^(javascript|vbscript):/.test(value)) found.push(`${name} ${attr.name}=${attr.value}`);
        const loads =
          ["src", "srcset", "poster", "data", "action", "formaction", "background"].includes(attr.name.toLowerCase()) ||
          (/(^|:)href$/.test(attr.name) && name !== "a");
        if (loads && !/^(data:|#)/.test(value)) found.push(`${name} ${attr.name}=${attr.value} loads`);
        if (
          /url\(\s*['"]?(?!#|data:)/i.test(attr.value) &&
          (attr.name === "style" || element.namespaceURI !== "http://www.w3.org/1999/xhtml")
        )
          found.push(`${name} ${attr.name}=${attr.value} loads`);
      }
    }
    if (doc.body.textContent?.includes("\u0000")) found.push("a NUL");
    return found;
  }, html);
}

/** Puts each output into the live page's cells the way `way` says, as cells do. */
async function render(outputs: string[], way: string): Promise<void> {
  await live.setContent(TEMPLATE.replace(/<!--[\s\S]*?-->|<style>[\s\S]*?<\/style>|<textarea>[\s\S]*?<\/textarea>/g, ""));
  await live.evaluate(
    ({outputs, way, ids}) => {
      ids.forEach((id, i) => {
        const root = document.getElementById(id);
        if (!root) return;
        const markup = outputs[i % outputs.length];
        if (way === "innerHTML")
          root.innerHTML = markup; // parsed with scripting on: <noscript>'s content is text
        else if (way === "raw-text")
          for (const tag of ["style", "noscript", "xmp", "textarea", "title", "iframe", "noembed", "script"])
            root.append(Object.assign(document.createElement(tag), {textContent: markup}));
        else {
          const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
          for (const tag of ["style", "title", "script", "desc"])
            svg.append(Object.assign(document.createElementNS("http://www.w3.org/2000/svg", tag), {textContent: markup}));
          const foreign = document.createElementNS("http://www.w3.org/2000/svg", "foreignObject");
          foreign.innerHTML = markup;
          svg.append(foreign);
          root.append(svg);
        }
      });
    },
    {outputs, way, ids: IDS}
  );
}

describe("the no-script snapshot of hostile cell outputs (seeded property)", () => {
  it(`holds no script, handler, javascript: URL, outside load or cell CSS, parsed with scripts off, for ${runs} runs from seed ${seed}`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(markup, {minLength: 1, maxLength: 4}), ways, async (outputs, way) => {
        await render(outputs, way);
        const snapshot = await sanitizeOutputs(browser, await readSnapshot(live));
        const page = applySnapshot(TEMPLATE, snapshot);
        expect(await dangers(page)).toEqual([]);
        // and the page's own text-only places were not written into
        for (const id of ["inline-4", "inline-5", "inline-6"]) expect(page.includes(`id="${id}" data-qb-snapshot`)).toBe(false);
      }),
      {numRuns: runs, seed}
    );
  }, 240_000);

  it("sanitised in the context that rendered the outputs: its pages (a popup a cell opened too) are closed first, the result the same as in a context of its own", async () => {
    const context = await browser.newContext();
    try {
      const cells = await context.newPage();
      await cells.setContent("<p>cells</p>");
      await Promise.all([context.waitForEvent("page"), cells.evaluate(() => void window.open("about:blank", "_blank"))]);
      expect(context.pages()).toHaveLength(2);
      const outputs = {"cell-1": '<img src="x" onerror="alert(1)"><b>kept</b><style>b{}</style>'};
      const there = await sanitizeOutputs(context, outputs);
      expect(context.pages()).toEqual([]);
      expect(there).toEqual(await sanitizeOutputs(browser, outputs));
      expect(there["cell-1"]).toContain("<b>kept</b>");
      expect(await dangers(applySnapshot(TEMPLATE, there))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("keeps what a chart and a formula are made of: SVG shapes, gradients by #id, KaTeX's MathML with its annotation", async () => {
    const chart =
      '<svg viewBox="0 0 10 10"><defs><linearGradient id="g"><stop offset="0"></stop></linearGradient></defs><rect fill="url(#g)" width="5" height="5"></rect><text x="1">label</text><title>tip</title></svg>';
    const formula =
      '<span class="katex"><math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><msup><mi>x</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">x^2</annotation></semantics></math></span>';
    await render([chart + formula], "innerHTML");
    const snapshot = await sanitizeOutputs(browser, await readSnapshot(live));
    expect(snapshot["cell-1"]).toBe(chart + formula);
  });
});
