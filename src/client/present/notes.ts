// Speaker notes, written as reveal.js writes them: `<aside class="notes">…</aside>` in the
// Markdown (a blank line after the opening tag makes the notes Markdown). The audience never
// sees them (style.css hides them everywhere); the presenter view shows a copy.

/** True for a speaker-notes element. */
export function isNotes(element: Element): boolean {
  return element.tagName === "ASIDE" && element.classList.contains("notes");
}

/** Copies of the notes among a slide's elements, in order, for the presenter view. */
export function notesOf(slide: readonly Element[]): Node[] {
  const copies: Node[] = [];
  for (const element of slide) {
    const found = isNotes(element) ? [element] : Array.from(element.querySelectorAll("aside.notes"));
    for (const notes of found) for (const child of Array.from(notes.childNodes)) copies.push(child.cloneNode(true));
  }
  return copies;
}
