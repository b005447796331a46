// A colour key above a hand-drawn chart: a square swatch and a label per series, as Plot's
// `legend: true` draws one.

/** The key of `labels` in `colors` (same order). */
export function swatches(labels: readonly string[], colors: readonly string[]): HTMLDivElement {
  const root = document.createElement("div");
  root.setAttribute(
    "style",
    "display: flex; flex-wrap: wrap; align-items: center; gap: 0 1em; min-height: 33px; font: 10px system-ui, sans-serif;"
  );
  labels.forEach((label, i) => {
    const item = document.createElement("span");
    item.setAttribute("style", "display: inline-flex; align-items: center; gap: 0.5em;");
    const swatch = document.createElement("span");
    swatch.setAttribute("style", `display: inline-block; width: 15px; height: 15px; background: ${colors[i]};`);
    item.append(swatch, label);
    root.append(item);
  });
  return root;
}
