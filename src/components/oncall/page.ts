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

/**
 * The link to share for the page at `href`: itself over HTTP; from a file (file:///home/…/on-call.html#run=…),
 * a path only this computer can open, the page-relative link (on-call.html#run=…) and the file's name.
 */
export function shareLink(href: string): {link: string; file: string | null} {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return {link: href, file: null};
  }
  if (url.protocol !== "file:") return {link: href, file: null};
  const file = decodeURIComponent(url.pathname.slice(url.pathname.lastIndexOf("/") + 1)) || "index.html";
  return {link: `${file}${url.search}${url.hash}`, file};
}

/** A read-only field with the page's link and a copy button; from a file, the page-relative link and how to send it. */
export function shareView(t: Translate): ShareView {
  ensureStyle();
  const field = h("input", {type: "text", readonly: true, "aria-label": t("share.label"), "data-share": ""});
  const hint = h("p", {class: "oc-help oc-share-hint", "data-share-hint": "", hidden: true});
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
  const node = h("div", {class: "oc-share", "data-qb-live-only": ""}, h("span", {}, t("share.label")), field, copy, hint);
  return {
    node,
    update(href) {
      const {link, file} = shareLink(href);
      if (field.value !== link) field.value = link;
      hint.hidden = file === null;
      if (file !== null) hint.textContent = t("share.fileHint", {file});
    }
  };
}
