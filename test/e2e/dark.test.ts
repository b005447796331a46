// The dark colour scheme on the built site: each page (the list, and retry-storm) opened with prefers-color-scheme: dark is
// dark (its background and text as computed), passes axe's WCAG 2.1 A/AA rules, draws every chart
// mark the palette colours (the --qb-c-*/--qb-shape-* variables) 3:1 or more against the page,
// and Plot's own background (tooltips, arrowheads) is the page's; on paper it is light again.
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Page} from "playwright-core";
import {startSite, type SiteFixture} from "./harness.js";
import {axeViolations, openRendered, type Violation} from "./a11y.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let site: SiteFixture;

beforeAll(async () => {
  site = await startSite(join(packageRoot, "notebooks"), {prefix: "queuebook-dark"});
}, 120_000);

afterAll(async () => {
  await site?.close();
});

const open = (path: string, colorScheme: "light" | "dark") => openRendered(site.browser, `${site.origin}/${path}`, colorScheme);

/** What the page shows in colour: its background and text luminance, Plot's background, and each palette mark's contrast with the page. */
interface Colours {
  background: number;
  text: number;
  plotBackgroundIsPage: boolean[];
  marks: {what: string; ratio: number}[];
}

function colours(page: Page): Promise<Colours> {
  return page.evaluate(() => {
    const probe = document.createElement("span");
    document.body.append(probe);
    /** A CSS colour as [r, g, b] 0–255, resolved by the browser. */
    const rgb = (colour: string): number[] => {
      probe.style.color = "";
      probe.style.color = colour;
      return (getComputedStyle(probe).color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    };
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r, g, b].map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * R + 0.7152 * G + 0.0722 * B;
    };
    const ratio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const html = getComputedStyle(document.documentElement);
    const body = getComputedStyle(document.body);
    // the page's background: the body's, else the root's (presentation mode paints html and body alike)
    const pageBackground = body.backgroundColor === "rgba(0, 0, 0, 0)" ? html.backgroundColor : body.backgroundColor;
    const background = luminance(rgb(pageBackground));
    const plotBackgroundIsPage = [...document.querySelectorAll("svg[class^='plot']")].map(
      (svg) => rgb(getComputedStyle(svg).getPropertyValue("--plot-background")).join() === rgb(pageBackground).join()
    );
    const marks: {what: string; ratio: number}[] = [];
    for (const el of document.querySelectorAll<SVGElement>("svg [stroke^='var(--qb-'], svg [fill^='var(--qb-']")) {
      const style = getComputedStyle(el);
      for (const [attribute, value] of [
        ["stroke", style.stroke],
        ["fill", style.fill]
      ] as const) {
        if (!el.getAttribute(attribute)?.startsWith("var(--qb-") || el.getAttribute(attribute)?.startsWith("var(--qb-bg")) continue;
        marks.push({what: `${el.tagName} ${attribute}=${el.getAttribute(attribute)}`, ratio: ratio(luminance(rgb(value)), background)});
      }
    }
    const text = luminance(rgb(body.color));
    probe.remove();
    return {background, text, plotBackgroundIsPage, marks};
  });
}

const readable = (violations: Violation[]) => violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(", ")}`);
/** The marks under 3:1, as "what: ratio". */
const faint = (marks: Colours["marks"]) => marks.filter((m) => m.ratio < 3).map((m) => `${m.what}: ${m.ratio.toFixed(2)}`);

const pages: {path: string; charts: boolean}[] = [
  {path: "on-call.html", charts: true},
  {path: "arrival-lab.html", charts: true},
  {path: "formulas.html", charts: true},
  {path: "retry-storm.html", charts: true},
  {path: "erlang-c.html", charts: false},
  {path: "format.html", charts: false},
  {path: "index.html", charts: false},
  {path: "formulas.html?present", charts: false}
];

describe("the dark colour scheme (prefers-color-scheme: dark)", {timeout: 90_000}, () => {
  for (const {path, charts} of pages)
    it(`${path} is dark, has no axe violation and draws its marks 3:1 or more`, async () => {
      const {page, errors, close} = await open(path, "dark");
      const shown = await colours(page);
      expect(shown.background).toBeLessThan(0.02);
      expect(shown.text).toBeGreaterThan(0.6);
      expect(shown.plotBackgroundIsPage.filter((same) => !same)).toEqual([]);
      if (charts) expect(shown.marks.length).toBeGreaterThan(0);
      if (charts) expect(shown.plotBackgroundIsPage.length).toBeGreaterThan(0);
      expect(faint(shown.marks)).toEqual([]);
      expect(readable(await axeViolations(page))).toEqual([]);
      expect(errors).toEqual([]);
      await close();
    });

  it("on-call.html in light is light and its marks are 3:1 or more on white (the same checks can fail)", async () => {
    const {page, close} = await open("on-call.html", "light");
    const shown = await colours(page);
    expect(shown.background).toBeGreaterThan(0.9);
    expect(shown.text).toBeLessThan(0.05);
    expect(shown.marks.length).toBeGreaterThan(0);
    expect(faint(shown.marks)).toEqual([]);
    await close();
  });

  it("formulas.html?present&print (slides laid out for paper) is light with a dark preference", async () => {
    const {page, close} = await open("formulas.html?present&print", "dark");
    await page.waitForSelector("html.qb-print-slides main > .qb-print-slide");
    const shown = await colours(page);
    expect(shown.background).toBeGreaterThan(0.9);
    expect(shown.text).toBeLessThan(0.05);
    await close();
  });

  it("on-call.html on paper stays light with a dark preference (print is paper)", async () => {
    const {page, close} = await open("on-call.html", "dark");
    await page.emulateMedia({media: "print", colorScheme: "dark"});
    const shown = await colours(page);
    expect(shown.background).toBeGreaterThan(0.9);
    expect(shown.text).toBeLessThan(0.05);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe("light");
    await close();
  });
});
