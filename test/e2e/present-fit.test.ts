// Every slide of every shipped notebook, measured in presentation mode on the 1280×720 stage:
// each fits the stage without scrolling in each of its notebook's languages (a view too tall for
// one slide shown a part a slide: src/client/present/parts.ts; a slide taller than the stage:
// present-scroll.test.ts). A notebook is loaded once and switched to each of its languages in
// place, through the page's picker (each switch checked to have re-rendered in that language); a
// load per language took twice as long.
import {readFileSync, readdirSync} from "node:fs";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Page} from "playwright-core";
import {settle} from "../../src/site/snapshot.js";
import {type SiteFixture, startSite, takeTab} from "./harness.js";
import {loadOnce, pageLoadTimeout} from "./pages.js";
import {languageShown, switchLanguage} from "./a11y.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
const notebooks = readdirSync(join(packageRoot, "notebooks"))
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.slice(0, -3));
/** A notebook's declared languages (front matter `languages: [en, hu]`), or just its default. */
const languagesOf = (name: string) =>
  /^languages:\s*\[([^\]]*)\]/m
    .exec(readFileSync(join(packageRoot, "notebooks", `${name}.md`), "utf8"))?.[1]
    .split(",")
    .map((l) => l.trim()) ?? [""];
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-present-fit"});
}, 120_000);

afterAll(async () => {
  await site?.close();
});

interface Measured {
  slide: string;
  heading: string;
  content: number;
  stage: number;
  used: number;
  overflows: boolean;
  cue: boolean;
}

/** The slide on show: its content's height against the stage's, and how an overflow is shown. */
function measure(page: Page): Promise<Measured> {
  return page.evaluate(() => {
    const main = document.querySelector<HTMLElement>("main")!;
    const shown = Array.from(main.querySelectorAll<HTMLElement>(":scope > .qb-on-slide:not([data-qb-ui])"));
    const top = main.getBoundingClientRect().top - main.scrollTop;
    return {
      used: Math.round(
        Math.max(...shown.map((e) => e.getBoundingClientRect().bottom - top)) + parseFloat(getComputedStyle(main).paddingBottom)
      ),
      slide: document.querySelector(".qb-slide-number")!.textContent!,
      heading: (shown.find((e) => /^H[12]$/.test(e.tagName)) ?? shown[0])?.innerText.split("\n")[0] ?? "",
      content: main.scrollHeight,
      stage: main.clientHeight,
      overflows: document.documentElement.classList.contains("qb-slide-overflows"),
      cue: !document.querySelector<HTMLElement>(".qb-slide-more")!.hidden
    };
  });
}

describe("every slide of every shipped notebook on the 1280×720 stage", {timeout: 240_000}, () => {
  it("lists the shipped notebooks", () => {
    expect(notebooks).toEqual(expect.arrayContaining(["formulas", "on-call", "arrival-lab", "erlang-c", "format"]));
    expect(languagesOf("formulas")).toEqual(["en", "hu", "pt", "ig", "ja"]);
  });

  for (const name of notebooks)
    describe(name, () => {
      const opened = loadOnce(async () => {
        const page = await takeTab(site.browser, {viewport: {width: 1280, height: 720}});
        await page.goto(`${site.origin}/${name}.html?present#/1`, {timeout: pageLoadTimeout});
        await settle(page); // every cell rendered: the slides have their final heights
        return {page};
      });
      for (const lang of languagesOf(name))
        it(`${name}.md${lang ? ` (${lang})` : ""}: every slide fits`, async () => {
          const {page} = opened();
          if (lang) {
            const was = await page.evaluate(() => document.documentElement.lang);
            const before = await switchLanguage(page, lang);
            const shown = await languageShown(page);
            expect(shown.html).toBe(lang);
            if (was !== lang) expect(shown.text, `switched from ${was} to ${lang}: the slide's text changed`).not.toBe(before);
          }
          await page.keyboard.press("Home"); // the first slide
          await expect.poll(() => page.locator(".qb-slide-number").innerText()).toMatch(/^1 \/ /);
          await settle(page);
          const total = Number((await page.locator(".qb-slide-number").innerText()).split(" / ")[1]);
          expect(total).toBeGreaterThan(1);
          const report: string[] = [];
          for (let i = 1; i <= total; i++) {
            if (i > 1) {
              await page.keyboard.press("PageDown");
              await settle(page); // a view that renders once it is shown (the on-call model) has drawn
            }
            const m = await measure(page);
            expect(m.slide).toBe(`${i} / ${total}`);
            report.push(`${i} ${m.heading}: ${m.used}/${m.stage}`);
            const label = `${name}${lang ? ` (${lang})` : ""} slide ${i} (${m.heading}): content ${m.content} px on a ${m.stage} px stage`;
            expect(m.content, label).toBeLessThanOrEqual(m.stage);
            expect(m.overflows || m.cue, label).toBe(false);
          }
          console.log(`${name}${lang ? ` (${lang})` : ""}: ${report.join(" · ")}`);
        });
    });
});
