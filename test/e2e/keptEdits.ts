// The confirm step for edits kept in this browser, as a learner takes it: the kept-edits notice's
// "Review edits", then Apply (or Discard) in the review dialog (src/client/edits/bar.ts, review.ts).
import type {Page} from "playwright-core";

/** Opens the review of the page's kept edits and applies them (waits for the notice; the caller waits for their effect). */
export async function applyKept(page: Page): Promise<void> {
  await page.locator("button[data-qb-review]").click();
  await page.locator("dialog[data-qb-edits-review][open] button[data-qb-review-apply]").click();
}

/** Opens the review of the page's kept edits and discards them. */
export async function discardKept(page: Page): Promise<void> {
  await page.locator("button[data-qb-review]").click();
  await page.locator("dialog[data-qb-edits-review][open] button[data-qb-review-discard]").click();
}
