// WCAG 2.1 A/AA by axe-core on the built site: every shipped notebook, in every language it
// declares, as a page and in the dark colour scheme, and in presentation mode slide by slide; at
// 1280×720 with the parts skipped off screen (content-visibility) forced to render. A violation
// fails with its rule, impact and nodes. (The single-file export and the no-script snapshot:
// a11y-export.test.ts.)
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Page} from "playwright-core";
import {startSite, type SiteFixture} from "./harness.js";
import {pageLoadTimeout} from "./pages.js";
import {axeViolations, forceVisible, settled, shippedNotebooks, withQuery, type Violation} from "./a11y.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const notebooks = shippedNotebooks(join(packageRoot, "notebooks"));
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-a11y"});
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** Opens `path` in a fresh 1280×720 context (dark or light), waits for it to settle with everything rendered. */
async function open(path: string, colorScheme: "light" | "dark" = "light"): Promise<{page: Page; errors: string[]; close(): Promise<void>}> {
  const context = await site.browser.newContext({viewport: {width: 1280, height: 720}, colorScheme});
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${site.origin}/${path}`, {timeout: pageLoadTimeout});
  await settled(page);
  await forceVisible(page);
  await settled(page);
  return {page, errors, close: () => context.close()};
}

/** The violations as "rule (impact): node, node" lines, so a failure says what to fix. */
const readable = (violations: Violation[]) => violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(", ")}`);

describe("axe, WCAG 2.1 A and AA: the index", {timeout: 60_000}, () => {
  for (const scheme of ["light", "dark"] as const) {
    it(`index.html (${scheme}) has no violation`, async () => {
      const {page, errors, close} = await open("index.html", scheme);
      expect(await page.locator(".qb-index-list li").count()).toBe(notebooks.length);
      expect(readable(await axeViolations(page))).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    });
  }
});

describe("axe, WCAG 2.1 A and AA: every notebook × language, light and dark", {timeout: 90_000}, () => {
  it("finds the shipped notebooks and their languages", () => {
    const found = notebooks.map((n) => `${n.name}:${n.languages.join("/")}`);
    for (const shipped of ["arrival-lab:en/ja", "erlang-c:en", "format:en", "on-call:en/hu/pt/ig"]) expect(found).toContain(shipped);
    expect(found.some((n) => n.startsWith("formulas:"))).toBe(true);
  });
  for (const notebook of notebooks)
    for (const lang of notebook.languages)
      for (const scheme of ["light", "dark"] as const) {
        it(`${notebook.name} ?lang=${lang} (${scheme}) has no violation`, async () => {
          const {page, errors, close} = await open(withQuery(`${notebook.name}.html`, notebook, lang), scheme);
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
          expect(await page.locator(".qb-cell").count()).toBeGreaterThan(0);
          expect(await page.locator(".qb-error").allInnerTexts()).toEqual([]); // a failed cell would hide what it draws
          expect(readable(await axeViolations(page))).toEqual([]);
          expect(errors).toEqual([]);
          await close();
        });
      }
});

// Slide by slide in each notebook's default language: a slide in another language is the same
// markup with other strings (checked as a page above), and every slide of every language would
// take minutes on a shared machine.
describe("axe, WCAG 2.1 A and AA: presentation mode, every slide", {timeout: 180_000}, () => {
  for (const notebook of notebooks)
    for (const lang of notebook.languages.slice(0, 1)) {
      it(`${notebook.name} ?lang=${lang}&present: every slide has no violation`, async () => {
        const {page, errors, close} = await open(withQuery(`${notebook.name}.html`, notebook, lang, "present"));
        const counter = page.locator(".qb-slide-number");
        const total = Number((await counter.innerText()).split("/")[1]);
        expect(total).toBeGreaterThan(1);
        const found: string[] = [];
        for (let n = 1; n <= total; n++) {
          if (n > 1) {
            await page.keyboard.press("PageDown"); // turns the slide wherever focus is
            await expect.poll(() => counter.innerText()).toBe(`${n} / ${total}`);
            await settled(page);
          }
          for (const line of readable(await axeViolations(page))) found.push(`slide ${n}: ${line}`);
        }
        expect(found).toEqual([]);
        expect(errors).toEqual([]);
        await close();
      });
    }
});
