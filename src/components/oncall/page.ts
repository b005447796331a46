// Small page-level helpers of the on-call notebook: the language a link names, the sticky bar,
// and the notice shown for a link that could not be opened.
import type {LinkProblem} from "../../sim/link.js";
import type {Translate} from "../i18n.js";
import {h} from "./dom.js";
import {ensureStyle} from "./style.js";

/**
 * Opens the page in the language a link names, through the page's language picker (so `lang`,
 * the picker and `?lang=` agree), unless the URL's `?lang=` already chose one.
 */
export function switchLanguage(code: string): void {
  if (new URLSearchParams(location.search).has("lang")) return;
  const select = document.querySelector<HTMLSelectElement>("select.qb-lang-picker");
  if (!select || select.value === code || ![...select.options].some((o) => o.value === code)) return;
  select.value = code;
  select.dispatchEvent(new Event("change"));
}

/** Makes the bar stick to the top of the window: its cell is sticky within the page. */
export function stickToTop(node: HTMLElement): HTMLElement {
  ensureStyle();
  // The cell's element holds only the bar, so the cell itself must be the sticky box.
  queueMicrotask(() => node.parentElement?.classList.add("oc-sticky"));
  return node;
}

/** The notice for a link that could not be opened (empty when there is none); text only. */
export function noticeView(problem: LinkProblem | null, t: Translate): HTMLElement {
  if (!problem) return h("div", {hidden: true});
  return h("div", {class: "oc-notice", role: "status", "data-notice": problem}, t("notice.link", {problem: t(`problem.${problem}`)}));
}

/** The link to the moment shown, to copy (a lecturer's slide, a bug report, a student's answer). */
export interface ShareView {
  node: HTMLElement;
  update(href: string): void;
}

/** A read-only field with the page's link and a copy button. */
export function shareView(t: Translate): ShareView {
  ensureStyle();
  const field = h("input", {type: "text", readonly: true, "aria-label": t("share.label"), "data-share": ""});
  const copy = h("button", {type: "button", "data-action": "copy-link"}, t("share.copy"));
  copy.addEventListener("click", async () => {
    field.select();
    try {
      await navigator.clipboard.writeText(field.value);
    } catch {
      // without clipboard access the selected field is there to copy by hand
      document.execCommand?.("copy");
    }
    copy.textContent = t("share.copied");
    setTimeout(() => (copy.textContent = t("share.copy")), 1500);
  });
  // live only: the export's report line carries the link on paper and without scripts
  const node = h("div", {class: "oc-share", "data-qb-live-only": ""}, h("span", {}, t("share.label")), field, copy);
  return {
    node,
    update(href) {
      if (field.value !== href) field.value = href;
    }
  };
}
