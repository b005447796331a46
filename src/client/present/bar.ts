// The "Present" control in the page bar: presentation mode without knowing the `p` key.
import {followLanguage, ui} from "../ui/text.js";

/** Adds the Present button to the page bar (once), before the language picker. */
export function addPresentButton(onPress: () => void): void {
  const nav = document.querySelector(".qb-nav");
  if (!nav || nav.querySelector(".qb-present-button") || !document.querySelector("main.qb-notebook:not(.qb-index)")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "qb-present-button";
  followLanguage(() => {
    button.textContent = ui("present.button");
    button.title = ui("present.title");
  });
  button.setAttribute("aria-keyshortcuts", "p");
  button.addEventListener("click", onPress);
  nav.append(button);
}
