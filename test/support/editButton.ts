// A hidden cell's ✎ is drawn only while "Show code" is on (src/client/editor/edit.css): tests that
// edit such a cell turn the code on first, as a learner does.
import type {Frame, Locator, Page} from "playwright-core";

/** Returns `button` (an edit button in `scope`) once it is drawn, turning "Show code" on if it is not. */
export async function shownEditButton(scope: Page | Frame, button: Locator): Promise<Locator> {
  if (await button.isVisible()) return button;
  const toggle = scope.locator("button[data-qb-show-code]");
  if ((await toggle.getAttribute("aria-pressed")) !== "true") await toggle.click();
  await button.waitFor({state: "visible"});
  return button;
}
