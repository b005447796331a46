// `queuebook export --slides --pdf`: the notebook printed as its slides, one 16:9 page
// (1280×720 CSS pixels, 960×540 pt) per slide, cells rendered. The page lays itself out
// (`?present&print`, src/client/present/print.ts); this only opens it so and prints.
import type {Browser} from "playwright-core";
import type {RenderTarget} from "./renderAt.js";
import {bounded, defaultRenderTimeoutMs, openPage, settle} from "./snapshot.js";

/** The page's URL asking for its slides laid out for print (its hash kept). */
export function slidesPrintUrl(url: string): string {
  const address = new URL(url);
  address.search = "?present&print";
  return address.href;
}

/** Prints the slides of `target` to PDF bytes, a page per slide, within `timeoutMs` (a RenderFailed or PageTimeout otherwise). */
export async function printSlidesPdf(browser: Browser, target: RenderTarget, timeoutMs = defaultRenderTimeoutMs): Promise<Buffer> {
  return bounded(browser, timeoutMs, async () => {
    const page = await openPage(browser, {...target, url: slidesPrintUrl(target.url)}, {width: 1280, height: 720});
    try {
      await page.emulateMedia({media: "print"});
      await settle(page);
      // the page's own @page rule gives the size; no header or footer on a slide
      return await page.pdf({preferCSSPageSize: true, printBackground: true, margin: {top: "0", right: "0", bottom: "0", left: "0"}});
    } finally {
      await page.context().close();
    }
  });
}
