// The notebook's .md embedded in its page (src/site/pageSource.ts): text data that parses back
// to the file byte for byte, whatever the file holds, with its hash and blocks, its path inside
// the notebook folder only; the dev save marker only on dev pages, and no secret in any page.
import {mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {describe, expect, it} from "vitest";
import {compileNotebook} from "../../src/notebook/compile.js";
import {sourceBlocks} from "../../src/notebook/source.js";
import {sourceHash, type EmbeddedSource} from "../../src/notebook/sourceContract.js";
import {buildNotebook, pageLinks} from "../../src/site/notebook.js";
import {renderPage} from "../../src/site/page.js";
import {freshFolders} from "../support/folders.js";

const folder = freshFolders("qb-embed-");

/** The page's embedded source, read as a browser reads it: the element's text up to the first </script>. */
function embedded(html: string): EmbeddedSource {
  const match = /<script type="application\/json" id="qb-source">([\s\S]*?)<\/script>/.exec(html);
  expect(match, "the page embeds its source").toBeTruthy();
  return JSON.parse(match![1]);
}

const page = (md: string, options: {save?: string} = {}) => renderPage(compileNotebook(md, "nb.md"), {...pageLinks("nb"), ...options});

describe("renderPage(compiled, options) embeds the notebook's source", () => {
  it("as JSON text that gives back the .md byte for byte, with its hash and blocks", () => {
    const md = "---\r\ntitle: t\r\n---\r\n\r\n# A\r\n\r\n```js\r\n\tconst a = 1;\r\n```\r\n";
    const source = embedded(page(md));
    expect(source).toEqual({path: "nb.md", hash: sourceHash(md), text: md, blocks: sourceBlocks(md, compileNotebook(md, "nb.md").blocks)});
    expect(source.hash).toMatch(/^[0-9a-f]{16}$/);
  });
  it("keeps text that would end the element, open a comment or break a line in a script as text", () => {
    const hostile =
      '# </script><script>alert(1)</script>\n\n<!-- <script>\n\n```js\nconst s = "</script>\u2028\u2029";\n```\n\n<img src=x onerror=alert(1)>\n';
    const html = page(hostile);
    expect(embedded(html).text).toBe(hostile);
    const data = /id="qb-source">([\s\S]*?)<\/script>/.exec(html)![1];
    expect(data).not.toMatch(/[<\u2028\u2029]/);
  });
  it("names the notebook by its path inside the notebook folder, never the build machine's", async () => {
    const root = folder();
    mkdirSync(join(root, "course"));
    writeFileSync(join(root, "course", "week1.md"), "# Week 1\n\n```js\n1 + 1\n```\n");
    const built = await buildNotebook(join(root, "course", "week1.md"), root);
    expect(embedded(built.html).path).toBe("course/week1.md");
    expect(built.html).not.toContain(root);
  });
  it("names the save endpoint only on dev pages, and carries no token (writes need the browser's cookie, src/site/previewAccess.ts)", () => {
    expect(page("# x\n")).not.toMatch(/queuebook-save|queuebook-token/);
    const html = page("# x\n", {save: "/_queuebook/save"});
    expect(html).toContain('<meta name="queuebook-save" content="/_queuebook/save">');
    expect(html).not.toContain("queuebook-token");
  });
});
