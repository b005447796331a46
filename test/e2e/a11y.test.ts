// WCAG 2.1 A/AA by axe-core on the built site: every shipped notebook, in every language it
// declares, as a page and in the dark colour scheme, and every slide of presentation mode in
// every language (laid out together, and on the stage); at 1280×720 with the parts skipped off
// screen (content-visibility) forced to render. A violation fails with its rule, impact and
// nodes. (The single-file export and the no-script snapshot: a11y-export.test.ts.)
//
// Each notebook is loaded once per mode: its languages are switched in place through the page's
// own picker and the colour scheme by emulation, as a reader switches them, each switch checked
// to have re-rendered (`<html lang>`, the title, the skip link, the page's own passages, a text
// that changed). A fresh load per language and scheme took four times as long.
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Page} from "playwright-core";
import {uiString} from "../../src/client/ui/tables.js";
import {startSite, type SiteFixture} from "./harness.js";
import {loadOnce} from "./pages.js";
import {
  axeViolations,
  languageShown,
  openRendered,
  readable,
  settled,
  shippedNotebooks,
  switchLanguage,
  withQuery,
  type ShippedNotebook
} from "./a11y.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const notebooks = shippedNotebooks(join(packageRoot, "notebooks"));
const schemes = ["light", "dark"] as const;
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-a11y"});
}, 120_000);

afterAll(async () => {
  await site?.close();
});

/** Opens `path` in a 1280×720 light context of its own, settled with everything rendered. */
const open = (path: string) => openRendered(site.browser, `${site.origin}/${path}`);

/** Shows the notebook's page in `lang` and `scheme`, switched in place; checks that the page re-rendered in that language. */
async function show(page: Page, notebook: ShippedNotebook, lang: string, scheme: (typeof schemes)[number]): Promise<void> {
  if ((await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)) !== (scheme === "dark")) {
    await page.emulateMedia({colorScheme: scheme});
    await settled(page);
  }
  const was = await page.evaluate(() => document.documentElement.lang);
  const before = await switchLanguage(page, lang);
  const shown = await languageShown(page);
  const label = `${notebook.name} switched from ${was} to ${lang}`;
  expect(shown.html, label).toBe(lang);
  expect(shown.skip, label).toBe(uiString(lang, "skip"));
  expect(shown.ownHidden, `${label}: its passages in ${lang} shown`).toBe(0);
  if (shown.ownTitle) expect(shown.title, label).toBe(shown.ownTitle);
  if (was !== lang) expect(shown.text, `${label}: the page's text changed`).not.toBe(before);
}

describe("axe, WCAG 2.1 A and AA: the index", {timeout: 60_000}, () => {
  const index = loadOnce(() => open("index.html"));
  for (const scheme of schemes) {
    it(`index.html (${scheme}) has no violation`, async () => {
      const {page, errors} = index();
      await page.emulateMedia({colorScheme: scheme});
      await settled(page);
      expect(await page.locator(".qb-index-list li").count()).toBe(notebooks.length);
      expect(readable(await axeViolations(page))).toEqual([]);
      expect(errors.splice(0)).toEqual([]);
    });
  }
});

describe("axe, WCAG 2.1 A and AA: every notebook × language, light and dark", {timeout: 90_000}, () => {
  it("finds the shipped notebooks and their languages", () => {
    const found = notebooks.map((n) => `${n.name}:${n.languages.join("/")}`);
    for (const shipped of ["arrival-lab:en/ja", "erlang-c:en", "format:en", "on-call:en/hu/pt/ig", "formulas:en/hu/pt/ig/ja"])
      expect(found).toContain(shipped);
  });
  for (const notebook of notebooks)
    describe(notebook.name, () => {
      const opened = loadOnce(() => open(`${notebook.name}.html`));
      for (const lang of notebook.languages)
        for (const scheme of schemes) {
          it(`${notebook.name} in ${lang} (${scheme}) has no violation`, async () => {
            const {page, errors} = opened();
            await show(page, notebook, lang, scheme);
            expect(await page.locator(".qb-cell").count()).toBeGreaterThan(0);
            expect(await page.locator(".qb-error").allInnerTexts()).toEqual([]); // a failed cell would hide what it draws
            expect(readable(await axeViolations(page))).toEqual([]);
            expect(errors.splice(0)).toEqual([]);
          });
        }
    });
});

// Every slide is checked in the two layouts, for what each shows. Laid out together
// (`?present&print`: each slide a 1280×720 section, in presentation mode's own styles), one axe run
// reads every slide's content. On the screen's stage, axe reads what only the stage has: the first
// slide (the stage, its counter and announcer) and the first slide taller than the stage (the
// stage scrolling, the "more" cue). A run a slide on the stage took 0.4–0.5 s of a core each, some
// 200 runs in all, and read the same content again.
describe("axe, WCAG 2.1 A and AA: presentation mode, every slide in every language", {timeout: 180_000}, () => {
  for (const notebook of notebooks)
    describe(`${notebook.name}?present`, () => {
      const opened = loadOnce(() => open(withQuery(`${notebook.name}.html`, notebook, notebook.languages[0], "present")));
      const laidOut = loadOnce(() => open(withQuery(`${notebook.name}.html`, notebook, notebook.languages[0], "present", "print")));
      for (const lang of notebook.languages) {
        it(`${notebook.name} in ${lang}, every slide laid out together: no violation`, async () => {
          const {page, errors} = laidOut();
          await show(page, notebook, lang, "light");
          const slides = await page.locator("section.qb-print-slide").count();
          expect(slides).toBeGreaterThan(1);
          expect(await page.locator("html.qb-present.qb-print-slides").count()).toBe(1);
          expect(readable(await axeViolations(page)).map((line) => `laid out: ${line}`)).toEqual([]);
          expect(errors.splice(0)).toEqual([]);
        });
        it(`${notebook.name} in ${lang}, on the stage: the first slide and the first taller one have no violation`, async () => {
          const {page, errors} = opened();
          await show(page, notebook, lang, "light");
          const counter = page.locator(".qb-slide-number");
          await page.keyboard.press("Home"); // back to the first slide
          await expect.poll(() => counter.innerText()).toMatch(/^1 \/ /);
          const total = Number((await counter.innerText()).split("/")[1]);
          expect(total).toBeGreaterThan(1);
          // the same slides on the stage as laid out together, but that a view shown a part a slide
          // (data-qb-slide-part: on-call's model) is a slide per part on the stage and one page in print
          const extraParts = await page.evaluate(() =>
            Array.from(document.querySelectorAll("main.qb-notebook > *"))
              .map((e) => new Set(Array.from(e.querySelectorAll("[data-qb-slide-part]"), (p) => p.getAttribute("data-qb-slide-part"))).size)
              .reduce((sum, names) => sum + Math.max(0, names - 1), 0)
          );
          expect(total).toBe((await laidOut().page.locator("section.qb-print-slide").count()) + extraParts);
          const found: string[] = [];
          for (let n = 1; n <= total; n++) {
            if (n > 1) {
              await page.keyboard.press("PageDown"); // turns the slide wherever focus is
              await expect.poll(() => counter.innerText()).toBe(`${n} / ${total}`);
              // two frames: the stage's resize observer has measured the slide (the cells drew at load)
              await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
            }
            // slide 1, and the first slide taller than the stage (asked again once settled: a late redraw may change it)
            const taller = () => page.evaluate(() => document.documentElement.classList.contains("qb-slide-overflows"));
            if (n > 1 && !(await taller())) continue;
            await settled(page);
            if (n > 1 && !(await taller())) continue;
            for (const line of readable(await axeViolations(page))) found.push(`slide ${n}: ${line}`);
            if (n > 1) break; // the stage scrolling: the same container and cue on every taller slide
          }
          expect(found).toEqual([]);
          expect(errors.splice(0)).toEqual([]);
        });
      }
    });
});
