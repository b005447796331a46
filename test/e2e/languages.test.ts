// Every shipped page in every language it declares besides English, as a learner reads it
// (the page opened with ?lang=, then presented slide by slide) and as an exported file (live, and
// its no-script snapshot): no string key on the page where a word should be, and none of the
// kit's English words where the page's language has its own. What may stay English is listed
// (allowed): words the language tables write the same, and code.
import {execFileSync} from "node:child_process";
import {mkdtempSync, readFileSync, readdirSync, rmSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Page} from "playwright-core";
import {settle} from "../../src/site/snapshot.js";
import {en} from "../../src/client/ui/en.js";
import {uiTables} from "../../src/client/ui/tables.js";
import {releaseTab, startSite, takeTab, type SiteFixture} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const notebooks = join(packageRoot, "notebooks");
let site: SiteFixture;
let exports: string;

/** Each shipped notebook and the languages besides English it declares. */
const pages = readdirSync(notebooks)
  .filter((name) => name.endsWith(".md"))
  .map((name) => ({
    name: name.slice(0, -3),
    langs: (
      /^languages:\s*\[([^\]]*)\]/m
        .exec(readFileSync(join(notebooks, name), "utf8"))?.[1]
        .split(",")
        .map((l) => l.trim()) ?? []
    ).filter((l) => l !== "en")
  }))
  .filter((p) => p.langs.length > 0);

/** The string keys a page could show by mistake: the kit's, and the page's own locale's (those with a dot: "chart.table"). */
function keysOf(name: string): string[] {
  let own: string[] = [];
  try {
    own = Object.keys(JSON.parse(readFileSync(join(notebooks, "locales", name, "en.json"), "utf8")));
  } catch {
    own = [];
  }
  return [...new Set([...Object.keys(en), ...own])].filter((key) => /^[a-zA-Z]+\.[a-zA-Z.]+$/.test(key));
}

/** The kit's English sentences a page in `lang` must not show: each literal run of a word the language writes otherwise (placeholders cut out), long enough to mean something. */
function englishOf(lang: string): string[] {
  const table = uiTables[lang] as Record<string, string>;
  return Object.entries(en as Record<string, string>)
    .filter(([key, text]) => table[key] !== text)
    .flatMap(([, text]) => text.split(/\{\w+\}/))
    .map((part) => part.replace(/^[\s(·:,.–—]+|[\s)·:,.–—]+$/g, ""))
    .filter((part) => part.length >= 8 && /[a-z]{3,} [a-z]{2,}/i.test(part));
}

/** What is wrong with `text` as a page in `lang` of notebook `name`: keys and the kit's English found in it. */
function problems(text: string, name: string, lang: string): string[] {
  const found: string[] = [];
  for (const key of keysOf(name)) if (new RegExp(`(^|[^\\w.])${key.replace(/\./g, "\\.")}($|[^\\w.])`).test(text)) found.push(`key ${key}`);
  for (const english of englishOf(lang)) if (text.includes(english)) found.push(`English "${english}"`);
  return found;
}

/**
 * The text the page shows and says: what is rendered, and the names and tooltips of its controls;
 * code is left out (shown code, inline code, and the ✎ buttons, whose names quote their cell's code).
 */
const shown = (page: Page) =>
  page.evaluate(() => {
    const code = "pre, code, .qb-echo, [data-qb-edit]";
    const hide = document.createElement("style");
    hide.textContent = `${code} { display: none !important; }`;
    document.head.append(hide);
    const labels = Array.from(document.querySelectorAll("[aria-label],[title]"))
      .filter((e) => !e.closest(code) && ((e as HTMLElement).offsetParent !== null || e === document.documentElement))
      .flatMap((e) => [e.getAttribute("aria-label") ?? "", e.getAttribute("title") ?? ""]);
    const text = `${document.title}\n${document.body.innerText}\n${labels.join("\n")}`;
    hide.remove();
    return text;
  });

beforeAll(async () => {
  site = await startSite(notebooks, {prefix: "queuebook-languages"});
  exports = mkdtempSync(join(tmpdir(), "queuebook-languages-"));
}, 120_000);

afterAll(async () => {
  await site?.close();
  rmSync(exports, {recursive: true, force: true});
});

describe("every page in each language it declares", () => {
  it("the shipped notebooks declare languages (a test over nothing proves nothing)", () => {
    expect(pages.map((p) => p.name)).toEqual(expect.arrayContaining(["on-call", "arrival-lab", "formulas"]));
    expect(englishOf("ja").length).toBeGreaterThan(20);
    // the checker finds what it looks for: a raw key, and the kit's English on a Japanese page
    expect(problems(`${en["code.show"]} · chart.table`, "retry-storm", "ja")).toEqual(["key chart.table", `English "${en["code.show"]}"`]);
  });

  for (const {name, langs} of pages)
    for (const lang of langs) {
      it(`${name} in ${lang}: the page, then every slide presented`, async () => {
        const page = await takeTab(site.browser, {viewport: {width: 1280, height: 720}});
        await page.goto(`${site.origin}/${name}.html?lang=${lang}`);
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
        const found = problems(await shown(page), name, lang).map((p) => `page: ${p}`);
        await page.keyboard.press("p");
        await page.locator(".qb-slide-number").waitFor();
        const total = Number((await page.locator(".qb-slide-number").innerText()).split(/\D+/).filter(Boolean).pop());
        for (let i = 1; i <= total; i++) {
          if (i > 1) await page.keyboard.press("PageDown");
          found.push(...problems(await shown(page), name, lang).map((p) => `slide ${i}: ${p}`));
        }
        expect([...new Set(found)]).toEqual([]);
        await releaseTab(page);
      }, 120_000);
    }

  // one export per notebook, in its first language besides English: the live file and its no-script snapshot
  for (const {name, langs} of pages) {
    const lang = langs[0];
    it(`${name} exported --lang ${lang}: live and without scripts`, async () => {
      const file = join(exports, `${name}-${lang}.html`);
      execFileSync(
        process.execPath,
        [join(packageRoot, "bin/queuebook.js"), "export", join(notebooks, `${name}.md`), "--lang", lang, "-o", file],
        {stdio: "pipe"}
      );
      const found: string[] = [];
      for (const javaScriptEnabled of [true, false]) {
        const context = await site.browser.newContext({javaScriptEnabled, viewport: {width: 1280, height: 720}});
        try {
          const page = await context.newPage();
          await page.goto(`file://${file}`);
          if (javaScriptEnabled) await settle(page);
          found.push(...problems(await shown(page), name, lang).map((p) => `${javaScriptEnabled ? "live" : "no script"}: ${p}`));
        } finally {
          await context.close();
        }
      }
      expect([...new Set(found)]).toEqual([]);
    }, 120_000);
  }
});
