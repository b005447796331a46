// What the accessibility tests share: axe-core injected into a page as a script (no extra
// package beside axe-core itself), run with the WCAG 2.1 A/AA rules once the page has settled
// and with every `content-visibility: auto` part forced visible (axe skips what is not rendered).
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {createRequire} from "node:module";
import type {Browser, Page} from "playwright-core";
import {settle} from "../../src/site/snapshot.js";
import {pageLoadTimeout} from "./pages.js";
import {releaseTab, takeTab} from "./harness.js";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The rule tags the issue asks for: WCAG 2.0 and 2.1, levels A and AA. */
export const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** One axe violation, shortened to what a failing test should print. */
export interface Violation {
  id: string;
  impact: string | null;
  nodes: {target: string; summary: string}[];
}

/** Forces every part the page skips off screen (`content-visibility: auto`) to render. */
export async function forceVisible(page: Page): Promise<void> {
  await page.addStyleTag({content: "*{content-visibility:visible !important}"});
}

/** Waits until no cell is pending and nothing in the page changed for 300 ms (15 s at most): the snapshot's own wait. */
export {settle as settled};

/** A page opened for checking: its errors since the last look (each look empties it), and what closes it. */
export interface RenderedPage {
  page: Page;
  errors: string[];
  /** Gives the page's tab back (releaseTab). */
  close(): Promise<void>;
}

/** Opens `url` at 1280×720 in a tab (takeTab) in `colorScheme`, and waits for it to settle with every part rendered (off-screen ones forced). */
export async function openRendered(browser: Browser, url: string, colorScheme: "light" | "dark" = "light"): Promise<RenderedPage> {
  const page = await takeTab(browser, {colorScheme});
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(url, {timeout: pageLoadTimeout});
  await settle(page);
  await forceVisible(page);
  await settle(page);
  return {page, errors, close: () => releaseTab(page)};
}

/** Runs axe's WCAG 2.1 A/AA rules on the whole page; resolves with its violations. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  // evaluated rather than added as a <script>: it runs in a page whose own scripts are off too
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown
          ): Promise<{violations: {id: string; impact: string | null; nodes: {target: unknown[]; failureSummary?: string}[]}[]}>;
        };
      }
    ).axe;
    const result = await axe.run(document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(" "),
        summary: (n.failureSummary ?? "").split("\n").slice(0, 2).join(" ")
      }))
    }));
  }, wcagTags);
}

/** "rule: nodes" for each violation, the issue's way of counting them. */
export function tally(violations: Violation[]): string[] {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length}`);
}

/** A shipped notebook: its page and the languages its front matter declares (the first is the default). */
export interface ShippedNotebook {
  name: string;
  languages: string[];
  /** Whether the front matter declares them (else the page is English only, and says so nowhere). */
  declared: boolean;
}

/** Every notebook under notebooks/, with its declared languages, read from the front matter. */
export function shippedNotebooks(folder: string): ShippedNotebook[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => {
      const front = /^---\n([\s\S]*?)\n---/.exec(readFileSync(join(folder, file), "utf8"))?.[1] ?? "";
      const declared = /^languages:\s*\[([^\]]*)\]/m.exec(front)?.[1];
      return {
        name: file.replace(/\.md$/, ""),
        languages: declared
          ? declared
              .split(",")
              .map((l) => l.trim())
              .filter(Boolean)
          : ["en"],
        declared: declared !== undefined
      };
    });
}

/** The page's URL with `?lang=` (for a language other than the default) and other query parts. */
export function withQuery(url: string, notebook: ShippedNotebook, lang: string, ...parts: string[]): string {
  const query = [lang !== notebook.languages[0] ? `lang=${lang}` : "", ...parts].filter(Boolean).join("&");
  return query ? `${url}?${query}` : url;
}

/**
 * Switches a notebook page to `lang` in place, through its own language picker as a reader does
 * (its change event: the picker may be out of view, in presentation mode), and waits until the
 * page has settled again. Resolves with <main>'s whole text before, to tell a switch that re-rendered.
 */
export async function switchLanguage(page: Page, lang: string): Promise<string> {
  const before = await page.evaluate(() => document.querySelector("main")?.textContent ?? "");
  if ((await page.evaluate(() => document.documentElement.lang)) === lang) return before;
  await page.evaluate((lang) => {
    const picker = document.querySelector<HTMLSelectElement>("select.qb-lang-picker");
    if (!picker) throw new Error("the page has no language picker");
    picker.value = lang;
    picker.dispatchEvent(new Event("change", {bubbles: true}));
  }, lang);
  await settle(page);
  return before;
}

/** What tells the page's language: `<html lang>`, the title against the one embedded for it, the skip link, and the page's own passages in that language that are hidden (none should be). */
export interface LanguageShown {
  html: string;
  title: string;
  /** The title the page embeds for its language (qb-titles), else the first language's (then undefined). */
  ownTitle: string | undefined;
  skip: string;
  /** Passages written in the page's language (`<div lang>` blocks of <main>, or of its slides laid out for print, not the named texts a view shows: `data-text`) that are hidden. */
  ownHidden: number;
  /** <main>'s whole text, on the slide shown or not. */
  text: string;
}

/** Reads what tells the page's language (see LanguageShown). */
export function languageShown(page: Page): Promise<LanguageShown> {
  return page.evaluate(() => {
    const lang = document.documentElement.lang;
    let titles: Record<string, {title?: string}> = {};
    try {
      titles = JSON.parse(document.getElementById("qb-titles")?.textContent ?? "{}");
    } catch {}
    const own = Array.from(
      document.querySelectorAll<HTMLElement>("main > div[lang]:not([data-text]), main .qb-print-inner > div[lang]:not([data-text])")
    ).filter((e) => e.lang === lang);
    return {
      html: lang,
      title: document.title,
      ownTitle: titles[lang]?.title,
      skip: document.querySelector(".qb-skip")?.textContent ?? "",
      ownHidden: own.filter((e) => e.hidden).length,
      text: document.querySelector("main")?.textContent ?? ""
    };
  });
}

/** The violations as "rule (impact): node, node" lines, so a failure says what to fix. */
export const readable = (violations: Violation[]): string[] =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(", ")}`);

/** What has focus: a short description, whether its focus indicator shows (an outline of 2 px or more, or a box-shadow, on the element, inside the window), and whether it matches `selector`. */
export async function focused(page: Page, selector = ""): Promise<{what: string; visible: boolean; why?: string; matches?: boolean}> {
  return page.evaluate((selector) => {
    const e = document.activeElement as HTMLElement | null;
    if (!e || e === document.body) return {what: "body", visible: false, ...(selector ? {matches: false} : {})};
    const style = getComputedStyle(e);
    const box = e.getBoundingClientRect();
    const outlined = (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
    const inWindow = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
    const what = `${e.tagName.toLowerCase()}${e.getAttribute("name") ? `[name=${e.getAttribute("name")}]` : ""}${e.dataset.action ? `[data-action=${e.dataset.action}]` : ""}${e.className && typeof e.className === "string" ? `.${e.className.split(" ")[0]}` : ""}`;
    // (why, when it does not show: a failure that a loaded machine alone shows then says what it saw)
    const why = !outlined
      ? `no ring: ${e.matches(":focus-visible") ? "" : "not :focus-visible, "}outline ${style.outlineStyle} ${style.outlineWidth}`
      : `outside the window: top ${Math.round(box.top)}, bottom ${Math.round(box.bottom)} of ${innerHeight}`;
    return {
      what,
      visible: outlined && inWindow,
      ...(outlined && inWindow ? {} : {why}),
      ...(selector ? {matches: e.matches(selector)} : {})
    };
  }, selector);
}

/** Presses Tab (Shift+Tab when `back`) until `selector` has focus, at most `limit` times; resolves with each stop on the way whose focus did not show (focus on <body>: lost, named by the stop before). */
export async function tabTo(page: Page, selector: string, {back = false, limit = 120} = {}): Promise<string[]> {
  const hidden: string[] = [];
  let last = (await focused(page)).what;
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const now = await focused(page, selector);
    if (!now.visible) hidden.push(now.what === "body" ? `body (focus lost after ${last})` : `${now.what} (${now.why})`);
    last = now.what;
    if (now.matches) return hidden;
  }
  throw new Error(`${selector} not reached in ${limit} presses of ${back ? "Shift+Tab" : "Tab"}`);
}
