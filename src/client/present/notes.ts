// Speaker notes, written as reveal.js writes them: `<aside class="notes">…</aside>` in the
// Markdown (a blank line after the opening tag makes the notes Markdown). The audience never
// sees them (style.css hides them everywhere); the presenter view shows a copy. Notes written
// inside a passage's language block (`<div lang="ja">…<aside class="notes">`) go with that
// block: the presenter sees only the notes of the language the page shows.

/** True for a speaker-notes element. */
export function isNotes(element: Element): boolean {
  return element.tagName === "ASIDE" && element.classList.contains("notes");
}

/** True when `notes` sits in a block hidden between it and the slide's element `top` (another language's passage). */
function inHiddenBlock(notes: Element, top: Element): boolean {
  for (let e: Element | null = notes.parentElement; e && e !== top.parentElement; e = e.parentElement) {
    if ((e as HTMLElement).hidden) return true;
  }
  return false;
}

/** Copies of the notes among a slide's elements, in order, for the presenter view. */
export function notesOf(slide: readonly Element[]): Node[] {
  const copies: Node[] = [];
  for (const element of slide) {
    const found = isNotes(element)
      ? [element]
      : Array.from(element.querySelectorAll("aside.notes")).filter((notes) => !inHiddenBlock(notes, element));
    for (const notes of found) for (const child of Array.from(notes.childNodes)) copies.push(child.cloneNode(true));
  }
  return copies;
}
