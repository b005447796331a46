// One notebook exported as a single file and opened from file:// in Chromium: what the
// presentation tests start from.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import type {Browser} from "playwright-core";
import {exportNotebook} from "../../src/site/export.js";
import {closeBrowser, launchBrowser} from "../e2e/harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;

/** `markdown` exported (no snapshot) into a fresh temporary folder as `<name>.html`, and Chromium open; `close()` removes both. */
export async function exportedPage(markdown: string, name = "deck"): Promise<{url: string; browser: Browser; close(): Promise<void>}> {
  const dir = mkdtempSync(join(tmpdir(), `queuebook-${name}-`));
  try {
    writeFileSync(join(dir, `${name}.md`), markdown);
    const {html} = await exportNotebook({file: join(dir, `${name}.md`), packageRoot, snapshot: false});
    writeFileSync(join(dir, `${name}.html`), html);
    const browser = await launchBrowser();
    return {
      url: `file://${join(dir, `${name}.html`)}`,
      browser,
      async close() {
        await closeBrowser(browser);
        rmSync(dir, {recursive: true, force: true});
      }
    };
  } catch (error) {
    rmSync(dir, {recursive: true, force: true});
    throw error;
  }
}
