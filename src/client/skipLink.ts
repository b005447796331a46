// "Skip to content": the first thing a keyboard reaches on a notebook page, so the page bar is
// passed in one key press. It moves focus into <main> itself instead of following its href: the
// URL hash is the notebook's state (src/page/hash.ts), and a fragment would replace it. Its
// text is in the page's language, and follows the picker (src/client/ui/).
import {followLanguage, ui} from "./ui/text.js";

/** Puts the skip link first in the body of a notebook page (not the index, not twice). */
export function startSkipLink(): void {
  const start = () => {
    const main = document.querySelector<HTMLElement>("main.qb-notebook:not(.qb-index)");
    if (!main || document.querySelector(".qb-skip")) return;
    if (!main.id) main.id = "observablehq-main";
    const link = document.createElement("a");
    link.className = "qb-skip";
    link.href = `#${main.id}`;
    followLanguage(() => (link.textContent = ui("skip")));
    link.addEventListener("click", (event) => {
      event.preventDefault();
      // focusable by script only, so a click in the page's text does not outline the column
      if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
      main.focus();
    });
    document.body.prepend(link);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start, {once: true});
  else start();
}
