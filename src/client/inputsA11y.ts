// Every control of Observable Inputs with an accessible name. Inputs ties its <label> to the
// number box only, so a range's slider has no name (axe: label, critical), and a table's
// selection boxes have none at all. The fixes keep Inputs' markup and add the names, in the
// page's language (src/client/ui/).
import {ui} from "./ui/text.js";

let nextId = 0;

/** Names a range's slider by the label that names its number box (aria-labelledby, so it follows the label's text). */
export function labelRange<T extends Element>(form: T): T {
  const label = form.querySelector(":scope > label");
  const slider = form.querySelector("input[type=range]");
  if (!label || !slider || slider.hasAttribute("aria-label") || slider.hasAttribute("aria-labelledby")) return form;
  if (!label.id) label.id = `qb-label-${++nextId}`;
  slider.setAttribute("aria-labelledby", label.id);
  return form;
}

/** Names a table's selection boxes ("Select all rows", "Select row N"), also those of rows drawn later as it scrolls. */
export function labelTable<T extends Element>(form: T): T {
  const name = () => {
    for (const box of form.querySelectorAll<HTMLInputElement>("input[type=checkbox], input[type=radio]")) {
      if (box.hasAttribute("aria-label")) continue;
      const head = box.closest("thead");
      box.setAttribute("aria-label", head ? ui("table.selectAll") : ui("table.selectRow", {n: Number(box.value) + 1}));
    }
  };
  name();
  // Inputs.table appends rows when the reader scrolls to its end, and sets each box's value then
  new MutationObserver(name).observe(form, {childList: true, subtree: true});
  return form;
}
