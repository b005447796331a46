// A snapshot is rendered at https://queuebook.invalid/<page>, never from a file: a cell that
// shows its own address in any encoding (URI, base64, escape(), hex, reversed, a stack trace)
// puts no form of a path of this machine into an export or a built site. The page's own
// decoding of each form is the neutral address; the file holds none of the forms of the
// notebook's folder, the temporary folder, the site's folder or the project.
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {buildSite} from "../../src/site/build.js";
import {exportNotebook} from "../../src/site/export.js";
import {RENDER_ORIGIN} from "../../src/site/renderAt.js";
import {chromiumPath} from "../e2e/harness.js";
import {encodedForms} from "../support/encodedForms.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let work: string;

// Every way the cell writes its address, as data a test can decode again.
const leak = `# Where am I

\`\`\`js
const href = location.href;
const forms = {
  uri: encodeURIComponent(href),
  uriOnce: encodeURI(href),
  escaped: escape(href),
  base64: btoa(href),
  hex: Array.from(href, (c) => c.charCodeAt(0).toString(16).padStart(2, "0")).join(""),
  reversed: [...href].reverse().join(""),
  path: location.pathname,
  base: document.baseURI,
  stack: String(new Error("where").stack)
};
display(html\`<pre class="forms">\${JSON.stringify(forms)}</pre>\`);
\`\`\`

Raw: <span class="raw">\${href}</span>
`;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "queuebook-render-at-"));
  mkdirSync(join(work, "nb", "sub"), {recursive: true});
  writeFileSync(join(work, "nb", "leak.md"), leak);
  writeFileSync(join(work, "nb", "sub", "leak.md"), leak);
});
afterAll(() => void (work && rmSync(work, {recursive: true, force: true})));

/** The forms the cell wrote into the snapshot of `html`, decoded back to addresses. */
function decodedForms(html: string): Record<string, string> {
  const match = /<pre class="forms">([^<]*)<\/pre>/.exec(html);
  expect(match, "the snapshot holds the cell's output").not.toBeNull();
  const text = match![1]
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
  const forms = JSON.parse(text) as Record<string, string>;
  return {
    uri: decodeURIComponent(forms.uri),
    uriOnce: decodeURI(forms.uriOnce),
    escaped: unescape(forms.escaped),
    base64: atob(forms.base64),
    hex: forms.hex.replace(/../g, (pair) => String.fromCharCode(parseInt(pair, 16))),
    reversed: [...forms.reversed].reverse().join(""),
    path: forms.path,
    base: forms.base,
    stack: forms.stack
  };
}

/** Checks that `html` holds no form (raw, URI-encoded, escape(), HTML-escaped, base64, hex) of any of `secrets`. */
function expectNoneOf(html: string, secrets: string[]): void {
  for (const secret of secrets)
    for (const [how, form] of encodedForms(secret)) expect(html.includes(form), `${how} of ${secret}: ${form}`).toBe(false);
}

describe("rendered at RENDER_ORIGIN: no address of this machine in any encoding", {timeout: 120_000}, () => {
  it("exportNotebook: the page's every encoding of its address decodes to the neutral one; no form of a machine path is in the file", async () => {
    const result = await exportNotebook({
      file: join(work, "nb", "leak.md"),
      packageRoot,
      chromium: chromiumPath,
      snapshotTimeoutMs: 60_000
    });
    expect(result.snapshotSkipped).toBeUndefined();
    const forms = decodedForms(result.html);
    const address = `${RENDER_ORIGIN}/leak.html`;
    expect(forms).toEqual({...forms, uri: address, escaped: address, base64: address, hex: address, reversed: address, path: "/leak.html"});
    // written as they are (encodeURI changes nothing in it), the address and the stack's script are made relative to the file
    expect([forms.base, forms.uriOnce]).toEqual(["leak.html", "leak.html"]);
    expect(forms.stack).toMatch(/leak\.html:\d+/);
    expectNoneOf(result.html, [
      work,
      join(tmpdir(), "queuebook-export"),
      "queuebook-export-",
      "queuebook-render-at-",
      packageRoot.replace(/\/$/, "")
    ]);
    expect(result.html.includes("file://")).toBe(false);
  });

  it("buildSite --snapshot: a page in a subfolder renders with the site's files, at its neutral address; no form of the site's folder is in it", async () => {
    const out = join(work, "site-out");
    const skipped: string[] = [];
    await buildSite({
      root: join(work, "nb"),
      out,
      packageRoot,
      snapshot: {chromium: chromiumPath, timeoutMs: 60_000, skipped: (reason) => void skipped.push(reason)}
    });
    expect(skipped).toEqual([]);
    for (const page of ["leak.html", "sub/leak.html"]) {
      const html = readFileSync(join(out, page), "utf8");
      const forms = decodedForms(html);
      expect(forms.base64, page).toBe(`${RENDER_ORIGIN}/${page}`);
      expect(forms.uri, page).toBe(`${RENDER_ORIGIN}/${page}`);
      expectNoneOf(html, [work, out, `${out}.tmp-`, "queuebook-render-at-", packageRoot.replace(/\/$/, "")]);
    }
  });
});
