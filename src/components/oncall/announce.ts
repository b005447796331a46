// The page's one polite live region: what the player and the controls say happened without the
// learner asking (the player stopped at an event, the day ended, a rollback started preparing)
// is read out by a screen reader once, after what it is reading. One region for the whole page,
// however many views speak, so two announcements never compete; it exists from the first view's
// construction, because a region added together with its text is often not read at all.
import {h} from "./dom.js";

/** Says a sentence to a screen reader, politely; callers say each moment once (the region reads every change). */
export type Announce = (text: string) => void;

/** The page's live region, made (visually hidden, left out of the no-script snapshot) on first use. */
function region(): HTMLElement {
  const found = document.querySelector<HTMLElement>("[data-oc-live]");
  if (found) return found;
  // (qb-sr-only: the page's visually hidden class, src/client/style.css)
  const node = h("div", {
    class: "qb-sr-only",
    role: "status",
    "aria-live": "polite",
    "aria-atomic": "true",
    "data-oc-live": "",
    "data-qb-live-only": ""
  });
  document.body.append(node);
  return node;
}

/** The page's announcer: each call replaces the region's text, so the newest sentence is read. */
export function announcer(): Announce {
  const node = region();
  // (a new text node even for the same sentence: a second stop at the same event is read again)
  return (text) => {
    node.textContent = text;
  };
}
