// redraw(old, next) in Chromium: a marked figure of inert markup is patched into the one on the
// page (the same elements, their attributes and text set to the new ones); anything that could hold
// a listener or state of its own refuses the patch, and the table view keeps its open state while
// taking the new rows. The modules are bundled as the page bundles them (esbuild, IIFE).
import {build} from "esbuild";
import type {Browser, Page} from "playwright-core";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import {closeBrowser, launchBrowser} from "../e2e/harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let browser: Browser;
let script: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const bundled = await build({
    stdin: {
      contents: `import {redraw, redrawable} from "./src/page/redraw.ts";
import {tableView} from "./src/page/chartTable.ts";
Object.assign(window, {redraw, redrawable, tableView});`,
      resolveDir: packageRoot,
      loader: "ts"
    },
    bundle: true,
    format: "iife",
    write: false,
    logLevel: "silent"
  });
  script = bundled.outputFiles[0].text;
});
afterAll(async () => {
  await closeBrowser(browser);
});

async function open(): Promise<Page> {
  const page = await browser.newPage();
  await page.setContent('<main id="root"></main>');
  await page.addScriptTag({content: script});
  return page;
}

type Window = typeof globalThis & {
  redraw(old: Element, next: Element): boolean;
  redrawable<T extends Element>(node: T): T;
  tableView(source: {summary: string; columns: string[]; rows(): (string | number)[][]}): HTMLDetailsElement;
};

describe("redraw(old, next)", () => {
  it("patches a marked figure in place: the same elements, the new attributes, text and children", async () => {
    const page = await open();
    const result = await page.evaluate(() => {
      const w = window as unknown as Window;
      const ns = "http://www.w3.org/2000/svg";
      const figure = (d: string, label: string, ticks: string[], extra?: string) => {
        const div = w.redrawable(document.createElement("div"));
        div.setAttribute("data-sim", `rate=${label}`);
        if (extra) div.setAttribute("data-extra", extra);
        const svg = document.createElementNS(ns, "svg");
        svg.setAttribute("aria-label", `latency at ${label}`);
        const path = document.createElementNS(ns, "path");
        path.setAttribute("d", d);
        const g = document.createElementNS(ns, "g");
        for (const tick of ticks) {
          const text = document.createElementNS(ns, "text");
          text.textContent = tick;
          g.append(text);
        }
        svg.append(path, g);
        div.append(svg, "caption ", label);
        return div;
      };
      const root = document.getElementById("root")!;
      const old = figure("M0,0H10", "25", ["0", "50", "100"], "gone");
      root.append(old);
      const [svg, path, firstTick] = [old.querySelector("svg"), old.querySelector("path"), old.querySelector("text")];
      const patched = w.redraw(old, figure("M0,0H20V5", "40", ["0", "60"]));
      return {
        patched,
        kept: root.firstChild === old && old.querySelector("svg") === svg && old.querySelector("path") === path,
        tickKept: old.querySelector("text") === firstTick,
        html: old.outerHTML
      };
    });
    expect(result).toEqual({
      patched: true,
      kept: true,
      tickKept: true,
      html: '<div data-qb-redraw="" data-sim="rate=40"><svg aria-label="latency at 40"><path d="M0,0H20V5"></path><g><text>0</text><text>60</text></g></svg>caption 40</div>'
    });
    await page.close();
  });

  it("replaces a child of another kind, and adds and removes children to match", async () => {
    const page = await open();
    const html = await page.evaluate(() => {
      const w = window as unknown as Window;
      const make = (...tags: string[]) => {
        const div = w.redrawable(document.createElement("div"));
        for (const tag of tags) div.append(Object.assign(document.createElement(tag), {textContent: tag}));
        return div;
      };
      const old = make("span", "p", "code", "em");
      document.getElementById("root")!.append(old);
      w.redraw(old, make("span", "strong"));
      const first = old.outerHTML;
      w.redraw(old, make("span", "strong", "small", "sub"));
      return [first, old.outerHTML];
    });
    expect(html).toEqual([
      '<div data-qb-redraw=""><span>span</span><strong>strong</strong></div>',
      '<div data-qb-redraw=""><span>span</span><strong>strong</strong><small>small</small><sub>sub</sub></div>'
    ]);
    await page.close();
  });

  it("refuses, changing nothing, when either is unmarked, of another kind, or holds anything but inert markup", async () => {
    const page = await open();
    const refused = await page.evaluate(() => {
      const w = window as unknown as Window;
      const div = (text: string, marked = true, child?: string) => {
        const node = document.createElement("div");
        node.textContent = text;
        if (child) node.append(document.createElement(child));
        return marked ? w.redrawable(node) : node;
      };
      const old = div("old");
      document.getElementById("root")!.append(old);
      const cases = {
        unmarkedNext: w.redraw(old, div("new", false)),
        unmarkedOld: w.redraw(div("old", false), div("new")),
        otherKind: w.redraw(old, w.redrawable(document.createElement("table"))),
        control: w.redraw(old, div("new", true, "input")),
        button: w.redraw(old, div("new", true, "button")),
        canvas: w.redraw(old, div("new", true, "canvas")),
        plainDetails: w.redraw(old, div("new", true, "details")),
        controlInOld: w.redraw(div("old", true, "select"), div("new"))
      };
      return {cases, html: old.outerHTML};
    });
    expect(refused.cases).toEqual({
      unmarkedNext: false,
      unmarkedOld: false,
      otherKind: false,
      control: false,
      button: false,
      canvas: false,
      plainDetails: false,
      controlInOld: false
    });
    expect(refused.html).toBe('<div data-qb-redraw="">old</div>');
    await page.close();
  });

  it("keeps a table view open or closed as the reader left it, with the new figure's rows", async () => {
    const page = await open();
    const views = await page.evaluate(async () => {
      const w = window as unknown as Window;
      const toggled = (details: HTMLDetailsElement) => new Promise((resolve) => details.addEventListener("toggle", resolve, {once: true}));
      const figure = (rate: number) => {
        const div = w.redrawable(document.createElement("div"));
        div.append(w.tableView({summary: `table at ${rate}`, columns: ["rate"], rows: () => [[rate]]}));
        return div;
      };
      const root = document.getElementById("root")!;
      const [opened, closed] = [figure(25), figure(25)];
      root.append(opened, closed);
      const view = opened.querySelector("details")!;
      const shown = toggled(view);
      view.open = true;
      await shown;
      w.redraw(opened, figure(40));
      w.redraw(closed, figure(40));
      const later = closed.querySelector("details")!;
      const before = later.querySelector("table");
      const shownLater = toggled(later);
      later.open = true;
      await shownLater;
      return {
        sameView: opened.querySelector("details") === view,
        open: [view.open, view.querySelector("summary")!.textContent, view.querySelector("td")?.textContent],
        closed: [before, later.querySelector("summary")!.textContent, later.querySelector("td")?.textContent]
      };
    });
    expect(views).toEqual({sameView: true, open: [true, "table at 40", "40"], closed: [null, "table at 40", "40"]});
    await page.close();
  });
});
