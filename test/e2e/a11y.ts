// What the accessibility tests share: axe-core injected into a page as a script (no extra
// package beside axe-core itself), run with the WCAG 2.1 A/AA rules once the page has settled
// and with every `content-visibility: auto` part forced visible (axe skips what is not rendered).
import {readdirSync, readFileSync} from "node:fs";
import {join} from "node:path";
import {createRequire} from "node:module";
import type {Page} from "playwright-core";

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
export {settle as settled} from "../../src/site/snapshot.js";

/** Runs axe's WCAG 2.1 A/AA rules on the whole page; resolves with its violations. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  // evaluated rather than added as a <script>: it runs in a page whose own scripts are off too
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as {axe: {run(context: unknown, options: unknown): Promise<{violations: {id: string; impact: string | null; nodes: {target: unknown[]; failureSummary?: string}[]}[]}>}}).axe;
    const result = await axe.run(document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => ({target: n.target.map(String).join(" "), summary: (n.failureSummary ?? "").split("\n").slice(0, 2).join(" ")}))
    }));
  }, wcagTags);
}

/** "rule: nodes" for each violation, the way of counting them. */
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
      return {name: file.replace(/\.md$/, ""), languages: declared ? declared.split(",").map((l) => l.trim()).filter(Boolean) : ["en"], declared: declared !== undefined};
    });
}

/** The page's URL with `?lang=` (for a language other than the default) and other query parts. */
export function withQuery(url: string, notebook: ShippedNotebook, lang: string, ...parts: string[]): string {
  const query = [lang !== notebook.languages[0] ? `lang=${lang}` : "", ...parts].filter(Boolean).join("&");
  return query ? `${url}?${query}` : url;
}
