// The presenter and audience windows hear only each other, in real headless Chromium: an
// exported deck opened from file:// (every file:// page shares one origin, one BroadcastChannel
// namespace) and the same file over http on 127.0.0.1. A third page, another file:// page or
// another tab of the deck, listening on the deck's channel learns nothing to replay, and what it
// posts there (forged, replayed, a wake-up) moves neither window nor blacks the audience out; a
// page that opened the deck window cannot drive it either. The two windows still follow each other.
import {mkdtempSync, rmSync, writeFileSync} from "node:fs";
import {tmpdir} from "node:os";
import {join} from "node:path";
import {afterAll, beforeAll, describe, expect, it} from "vitest";
import type {Browser, BrowserContext, Page} from "playwright-core";
import {exportNotebook} from "../../src/site/export.js";
import {closeBrowser, launchBrowser, serveStatic} from "./harness.js";

const packageRoot = new URL("../../", import.meta.url).pathname;
let dir: string;
let browser: Browser;
let server: Awaited<ReturnType<typeof serveStatic>>;
const bases: Record<string, () => string> = {"file://": () => `file://${dir}/`, "http (same origin)": () => `${server.origin}/`};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "queuebook-present-hostile-"));
  writeFileSync(join(dir, "deck.md"), "---\ntitle: The deck\n---\n\n## One\n\nFirst.\n\n## Two\n\nSecond.\n\n## Three\n\nThird.\n");
  const {html} = await exportNotebook({file: join(dir, "deck.md"), packageRoot, snapshot: false});
  writeFileSync(join(dir, "deck.html"), html);
  writeFileSync(join(dir, "hostile.html"), "<!doctype html><title>A report</title><p>Nothing to see.</p>");
  server = await serveStatic(dir);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await closeBrowser(browser);
  await server?.close();
  if (dir) rmSync(dir, {recursive: true, force: true});
});

/** The counter's "N / M" of a window. */
const number = (page: Page) => page.evaluate(() => document.querySelector(".qb-slide-number")?.textContent ?? null);
const blackedOut = (page: Page) => page.locator(".qb-blackout").count();

/** A page that listens on the deck's channel from now on and keeps what it hears (`window.heard`). */
async function listener(context: BrowserContext, url: string, channel: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate((name) => {
    const w = window as any;
    w.heard = [];
    w.channel = new BroadcastChannel(name);
    w.channel.onmessage = (event: MessageEvent) => w.heard.push(event.data);
  }, channel);
  return page;
}

/** Makes `page` note (`window.hostileDone`) when the marker arrives on the deck's channel: the channel delivers in order, to a window's channels in the order they were made, so every message before it was handled. */
const barrier = (page: Page, channel: string) =>
  page.evaluate((name) => {
    (window as any).hostileDone = false;
    new BroadcastChannel(name).onmessage = (event) => event.data === "hostile-done" && ((window as any).hostileDone = true);
  }, channel);

/** What a hostile page posts on the channel: all it heard, as heard and made to move and black out, forged messages, a wake-up, then the marker. */
const attack = (page: Page, path: string) =>
  page.evaluate((path) => {
    const w = window as any;
    const forged = {tag: "queuebook-present", page: path, slide: 4, blackout: true};
    const messages = [
      ...w.heard,
      ...w.heard.map((m: object) => ({...m, ...forged, seq: 1e6})),
      {...forged, from: "hostile", seq: 1},
      {...forged, hello: true},
      {tag: "queuebook-present", page: path, wake: true}
    ];
    for (const m of messages) w.channel.postMessage(m);
    w.channel.postMessage("hostile-done");
  }, path);

for (const [name, base] of Object.entries(bases)) {
  describe(`the presenter's channel (${name})`, {timeout: 90_000}, () => {
    it("a third page on the deck's channel hears no state, and what it posts moves neither window nor blacks out the audience", async () => {
      const context = await browser.newContext({viewport: {width: 1280, height: 720}});
      try {
        const deck = `${base()}deck.html`;
        const path = new URL(deck).pathname;
        const channel = `queuebook-present:${path}`;
        // another file at the same origin, and another tab of the deck itself, listening before the deck opens
        const hostiles = [await listener(context, `${base()}hostile.html`, channel), await listener(context, deck, channel)];
        const audience = await context.newPage();
        await audience.goto(`${deck}?present#/1`);
        await expect.poll(() => number(audience)).toBe("1 / 4");
        const [presenter] = await Promise.all([context.waitForEvent("page"), audience.keyboard.press("s")]);
        await expect.poll(() => number(presenter)).toBe("1 / 4");
        // the two windows follow each other, the blackout too
        await audience.keyboard.press("ArrowRight");
        await expect.poll(() => number(presenter)).toBe("2 / 4");
        await presenter.keyboard.press("ArrowRight");
        await expect.poll(() => number(audience)).toBe("3 / 4");
        await presenter.keyboard.press("b");
        await expect.poll(() => blackedOut(audience)).toBe(1);
        await audience.keyboard.press(".");
        await expect.poll(() => presenter.locator(".qb-presenter-status").innerText()).not.toContain("black");
        expect(await blackedOut(audience)).toBe(0);

        // all a listener has heard is the audience window's wake-up: no slide, no blackout, nothing to replay
        for (const hostile of hostiles) {
          const heard = await hostile.evaluate(() => (window as any).heard as unknown[]);
          expect(heard.length).toBeGreaterThan(0);
          for (const message of heard) expect(message).toEqual({tag: "queuebook-present", page: path, wake: true});
        }
        for (const hostile of hostiles) {
          await Promise.all([barrier(audience, channel), barrier(presenter, channel)]);
          await attack(hostile, path);
          await expect.poll(() => audience.evaluate(() => (window as any).hostileDone)).toBe(true);
          await expect.poll(() => presenter.evaluate(() => (window as any).hostileDone)).toBe(true);
          expect(await number(audience)).toBe("3 / 4");
          expect(await blackedOut(audience)).toBe(0);
          expect(await audience.evaluate(() => location.hash)).toBe("#/3");
          expect(await number(presenter)).toBe("3 / 4");
        }
        // and the presentation goes on as before
        await audience.keyboard.press("ArrowLeft");
        await expect.poll(() => number(presenter)).toBe("2 / 4");
        await presenter.keyboard.press("End");
        await expect.poll(() => number(audience)).toBe("4 / 4");
      } finally {
        await context.close();
      }
    });

    it("a page that opened the deck's window cannot move it or black it out", async () => {
      const context = await browser.newContext({viewport: {width: 1280, height: 720}});
      try {
        const hostile = await context.newPage();
        await hostile.goto(`${base()}hostile.html`);
        const deck = `${base()}deck.html`;
        const [audience] = await Promise.all([
          context.waitForEvent("page"),
          hostile.evaluate((url) => void ((window as any).deck = window.open(url)), `${deck}?present#/1`)
        ]);
        await expect.poll(() => number(audience)).toBe("1 / 4");
        expect(await audience.evaluate(() => window.opener !== null)).toBe(true);
        // postMessage from one window to another arrives in order: the marker comes after every forged message was handled
        await audience.evaluate(() => {
          (window as any).hostileDone = false;
          addEventListener("message", (event) => event.data === "hostile-done" && ((window as any).hostileDone = true));
        });
        await hostile.evaluate((path) => {
          const deck = (window as any).deck as Window;
          for (const m of [{slide: 3}, {slide: 4, blackout: true, from: "opener", seq: 1}, {blackout: true, from: "opener", seq: 2}])
            deck.postMessage({tag: "queuebook-present", page: path, ...m}, "*");
          deck.postMessage("hostile-done", "*");
        }, new URL(deck).pathname);
        await expect.poll(() => audience.evaluate(() => (window as any).hostileDone)).toBe(true);
        expect(await number(audience)).toBe("1 / 4");
        expect(await blackedOut(audience)).toBe(0);
        // its own presenter window still drives it
        const [presenter] = await Promise.all([context.waitForEvent("page"), audience.keyboard.press("s")]);
        await expect.poll(() => number(presenter)).toBe("1 / 4");
        await presenter.keyboard.press("ArrowRight");
        await expect.poll(() => number(audience)).toBe("2 / 4");
      } finally {
        await context.close();
      }
    });
  });
}
