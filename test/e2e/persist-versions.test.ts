// Where static edits go when a browser meets more than one copy of a notebook, in Chromium from
// file:// (one storage for every file:// page): two sites that each ship a `calc.md` keep their
// own edits; a page rebuilt from another version sets its edits aside per version, and opening
// the first version again offers its edits back (applied on the learner's Apply); the set-aside
// versions are bounded, the oldest dropped with a notice; an entry under the key edits had before
// they were kept per page is neither read nor adopted.
import {cpSync, mkdirSync, writeFileSync} from "node:fs";
import {join} from "node:path";
import {pathToFileURL} from "node:url";
import type {Browser, BrowserContext, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {buildSite} from "../../src/site/build.js";
import {freshFolders} from "../support/folders.js";
import {closeBrowser, launchBrowser} from "./harness.js";
import {applyKept} from "./keptEdits.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const folder = freshFolders("qb-persist-versions-");
/** A notebook whose shown value is `k` times 10; `title` makes another version of the same notebook. */
const notebook = (title: string, k: number) => `# ${title}\n\n\`\`\`js\nconst k = ${k};\n\`\`\`\n\nShown: <b id="v">\${k * 10}</b>\n`;
let browser: Browser;
let built: Record<"a" | "b" | "v1" | "v2", string>;
let live: string; // the folder a site's versions are copied into in turn: one page path, several versions
let work: string;

async function site(name: string, markdown: string): Promise<string> {
  const root = join(work, name, "notebooks");
  mkdirSync(root, {recursive: true});
  writeFileSync(join(root, "calc.md"), markdown);
  const out = join(work, name, "site");
  await buildSite({root, out, packageRoot});
  return out;
}

beforeAll(async () => {
  work = folder();
  // two courses with a notebook of the same name, and two versions of one course's notebook
  built = {
    a: await site("a", notebook("Course A", 1)),
    b: await site("b", notebook("Course B", 2)),
    v1: await site("v1", notebook("Version 1", 3)),
    v2: await site("v2", notebook("Version 2", 3))
  };
  live = join(work, "live");
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => closeBrowser(browser));

const pageOf = (out: string) => pathToFileURL(join(out, "calc.html")).href;

/** Opens `url` in `context`, starts its edits and waits for the notebook and its edits to be ready. */
async function open(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => (window as any).queuebook.loadEditor()); // (edits start with the editor chunk, as on a first edit)
  await page.waitForFunction(() => (window as any).queuebook?.edits && /\d/.test(document.querySelector("#v")?.textContent ?? ""));
  return page;
}

/** Edits the page's cell (block 1) to `const k = value;` through the page's edits API and the editor's replay on reload. */
async function editK(page: Page, value: number): Promise<void> {
  expect(await page.evaluate((v) => (window as any).queuebook.edits.replace(1, `const k = ${v};`), value)).toEqual({ok: true});
}

/** The value shown once the page settled (stored edits are replayed by the editor after load). */
async function shown(page: Page, expected: string): Promise<void> {
  await page.waitForFunction((v) => document.querySelector("#v")?.textContent === v, expected);
}

/** Puts version `name`'s built site at the one live path (file:// keeps its storage across them). */
function install(name: "v1" | "v2"): string {
  cpSync(built[name], live, {recursive: true, force: true});
  return pageOf(live);
}

describe("static edits across sites and versions (file://)", () => {
  it("two sites that each ship calc.md keep their own edits: neither sets the other's aside", async () => {
    const context = await browser.newContext();
    try {
      const a = await open(context, pageOf(built.a));
      await editK(a, 7);
      await a.close();
      const b = await open(context, pageOf(built.b));
      await shown(b, "20"); // B's own original
      expect(await b.locator("[data-qb-set-aside]").count()).toBe(0);
      expect(await b.locator("[data-qb-edits-bar]").isVisible()).toBe(false);
      await editK(b, 9);
      await b.close();
      const again = await open(context, pageOf(built.a));
      await applyKept(again);
      await shown(again, "70"); // A's edit, replayed
      expect(await again.locator("[data-qb-set-aside]").count()).toBe(0);
      expect(await again.locator("[data-qb-edited]").isVisible()).toBe(true);
      await again.close();
      const bAgain = await open(context, pageOf(built.b));
      await applyKept(bAgain);
      await shown(bAgain, "90");
    } finally {
      await context.close();
    }
  }, 60_000); // (many pages, each loading the editor chunk)

  it("a rebuilt page sets the old version's edits aside, and the old version opened again brings them back (each version's own)", async () => {
    const context = await browser.newContext();
    try {
      const first = await open(context, install("v1"));
      await editK(first, 4);
      await first.close();
      const second = await open(context, install("v2"));
      await second.locator("[data-qb-set-aside]").waitFor();
      await shown(second, "30"); // not applied to the other version
      await editK(second, 5);
      await second.close();
      const back = await open(context, install("v1"));
      await shown(back, "30"); // offered, not applied before the learner's Apply
      await applyKept(back);
      await shown(back, "40"); // version 1's edit again
      expect(await back.locator("[data-qb-set-aside]").count()).toBe(0);
      await back.close();
      const forth = await open(context, install("v2"));
      await applyKept(forth);
      await shown(forth, "50"); // and version 2's, kept aside meanwhile
      await forth.close();
      // Revert forgets this version's edits only
      const revert = await open(context, install("v1"));
      await applyKept(revert);
      await shown(revert, "40");
      await Promise.all([revert.waitForEvent("load"), revert.locator("button[data-qb-revert]").click()]);
      await shown(revert, "30");
      await revert.close();
      const last = await open(context, install("v2"));
      await applyKept(last);
      await shown(last, "50");
    } finally {
      await context.close();
    }
  }, 60_000); // (many pages, each loading the editor chunk)

  it("keeps at most five set-aside versions: the oldest goes, and the notice says so", async () => {
    const context = await browser.newContext();
    try {
      const page = await open(context, install("v1"));
      const keys = await page.evaluate(() => {
        const scope = `${location.pathname.replace(/\.html$/, "")}|calc.md`;
        return {live: `queuebook:edits:${scope}`, aside: `queuebook:edits-set-aside:${scope}`};
      });
      const entry = (n: number) => ({
        v: 1,
        hash: `${n}`.padStart(16, "0"),
        edits: [{op: "replace", block: 1, text: `const k = ${n};`}],
        text: `version ${n}`
      });
      await page.evaluate(
        ([k, list, current]) => {
          localStorage.setItem(k.aside, JSON.stringify(list));
          localStorage.setItem(k.live, JSON.stringify(current));
        },
        [keys, [1, 2, 3, 4, 5].map(entry), entry(6)] as const
      );
      await page.reload();
      await page.locator("[data-qb-set-aside]").waitFor();
      expect(await page.locator("[data-qb-set-aside-dropped]").textContent()).toContain("keeps edits to 5 versions");
      expect(await page.locator("a[data-qb-set-aside-download]").getAttribute("download")).toBe("calc.edited-earlier.md");
      const texts = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).map((e: any) => e.text), keys.aside);
      expect(texts).toEqual(["version 2", "version 3", "version 4", "version 5", "version 6"]);
      // Discard lets go of the one just set aside, not of the other versions'
      await page.locator("button[data-qb-set-aside-discard]").click();
      await expect.poll(() => page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).length, keys.aside)).toBe(4); // (a click can be handled after the next read: on-call.test saw it)
      // a clash with room left says nothing of dropping
      await page.evaluate(([k, current]) => localStorage.setItem(k.live, JSON.stringify(current)), [keys, entry(7)] as const);
      await page.reload();
      await page.locator("[data-qb-set-aside]").waitFor();
      expect(await page.locator("[data-qb-set-aside-dropped]").count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("neither reads nor adopts an entry under the key edits had before they were kept per page (any file could write it), of this version or another", async () => {
    const context = await browser.newContext();
    try {
      const page = await open(context, pageOf(built.a));
      const hash = await page.evaluate(() => JSON.parse(document.getElementById("qb-source")!.textContent!).hash);
      const old = {v: 1, hash, edits: [{op: "replace", block: 1, text: "const k = 8;"}], text: "x"};
      await page.evaluate((entry) => localStorage.setItem("queuebook:edits:calc.md", JSON.stringify(entry)), old);
      await page.reload();
      await shown(page, "10");
      await page.evaluate(() => (window as any).queuebook.defined);
      expect(await page.evaluate(() => !!(window as any).queuebook.editor)).toBe(false); // client.js does not look there: nothing loads at once
      await page.evaluate(() => (window as any).queuebook.loadEditor());
      await page.waitForFunction(() => (window as any).queuebook?.edits);
      expect(await page.evaluate(() => (window as any).queuebook.edits.pending())).toBeUndefined();
      expect(await page.locator("[data-qb-kept], [data-qb-set-aside]").count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem("queuebook:edits:calc.md"))).not.toBeNull(); // left where it was, not moved to this page's key
      // another course's old entry (another hash) is not this page's: no notice, nothing applied
      const b = await open(context, pageOf(built.b));
      await b.evaluate(
        (entry) => localStorage.setItem("queuebook:edits:calc.md", JSON.stringify({...entry, hash: "ffffffffffffffff"})),
        old
      );
      await b.reload();
      await shown(b, "20");
      expect(await b.locator("[data-qb-set-aside]").count()).toBe(0);
      expect(await b.evaluate(() => localStorage.getItem("queuebook:edits:calc.md"))).not.toBeNull();
    } finally {
      await context.close();
    }
  });
});
