// Page loads as vitest hooks. A test's own bound (testTimeout) is for what it checks; loading a
// heavy page is set-up, so it runs in a beforeAll hook with a bound of its own, sized for a
// loaded machine: a slow load makes the file slower, not a test fail at 20 s.
import {afterAll, beforeAll} from "vitest";
import type {Page} from "playwright-core";
import {releaseTab} from "./harness.js";

/** One page load's bound, in a hook: a quiet machine loads a notebook in about a second. */
export const pageLoadTimeout = 60_000;

/**
 * Runs `load` once in a beforeAll hook of the enclosing describe block (bounded by `timeout`)
 * and closes its page after that block (a tab of takeTab is given back); the tests read what
 * `load` returned through the getter.
 */
export function loadOnce<T extends {page: Page}>(load: () => Promise<T>, timeout = pageLoadTimeout): () => T {
  let loaded: T | undefined;
  beforeAll(async () => {
    loaded = await load();
  }, timeout);
  afterAll(async () => {
    if (loaded) await releaseTab(loaded.page);
  });
  return () => {
    // only reached when the hook failed, and vitest reports the hook's own error first
    if (!loaded) throw new Error("the page of this block did not load");
    return loaded;
  };
}
