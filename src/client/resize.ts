// resize(render): Framework's built-in for content that must fit its container. Returns a div
// that calls render(width) (or render(width, height), when render takes two arguments) with the
// div's size, and again whenever that size changes; the latest render wins.

type Rendered = Node | string | null | undefined;

/** A div re-rendered at its own width (and height) whenever it changes; stops on `invalidation`. */
export function resize(
  render: (width: number, height: number) => Rendered | Promise<Rendered>,
  invalidation?: Promise<unknown>
): HTMLDivElement {
  const div = document.createElement("div");
  div.style.position = "relative";
  const usesHeight = render.length !== 1;
  if (usesHeight) div.style.height = "100%";
  let requested = 0;
  let shown = 0;
  let lastWidth: number | undefined;
  const observer = new ResizeObserver(async ([entry]) => {
    const {width, height} = entry.contentRect;
    if (!usesHeight && width === lastWidth) return; // a height change only: nothing to redo
    lastWidth = width;
    const request = ++requested;
    const child = width > 0 ? await render(width, height) : null; // detached: render nothing
    if (shown > request) return; // a newer render already showed
    shown = request;
    div.replaceChildren();
    if (child == null) return;
    // absolutely placed when it reads the height, so its own size cannot feed back into it
    if (usesHeight && child instanceof HTMLElement) child.style.position = "absolute";
    div.append(child);
  });
  observer.observe(div);
  invalidation?.then(() => observer.disconnect());
  return div;
}
