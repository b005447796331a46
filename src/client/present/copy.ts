// A still copy of a slide, for the overview grid and the presenter's "next slide": the slide's
// elements cloned into a 1280×720 box that is scaled down. The copy is inert and has no ids,
// cell marks or input names, so nothing in the page (the runtime, the editor, a radio group)
// mistakes it for the live slide.
import {isNotes} from "./notes.js";
import {keepParts, PART} from "./parts.js";

/** The stage a copy is laid out at, as the live slide is. */
const STAGE_WIDTH = 1280;

/** A copy of `slide` shown `width` CSS pixels wide (16:9). */
export function slideCopy(slide: readonly Element[], width: number): HTMLElement {
  const frame = document.createElement("div");
  frame.className = "qb-slide-frame";
  frame.style.width = `${width}px`;
  frame.style.height = `${(width * 9) / 16}px`;
  const stage = document.createElement("div");
  stage.className = "qb-notebook qb-slide-copy";
  stage.style.transform = `scale(${width / STAGE_WIDTH})`;
  for (const element of slide) {
    if (isNotes(element) || element.hasAttribute("data-qb-ui") || element.hasAttribute(PART)) continue; // (a part: in its view's copy)
    const copy = element.cloneNode(true) as Element;
    keepParts(element, copy, slide);
    stage.append(strip(copy));
  }
  frame.append(stage);
  frame.inert = true;
  frame.setAttribute("aria-hidden", "true");
  return frame;
}

function strip(root: Element): Element {
  for (const element of [root, ...Array.from(root.querySelectorAll("*"))]) {
    element.removeAttribute("id");
    element.removeAttribute("data-cell");
    element.removeAttribute("name");
    element.removeAttribute("for");
    if (isNotes(element)) element.remove();
  }
  return root;
}
