// Where the charts' event labels go, so that none covers another: the deploy and the alert, the
// alert and the flush, a surge and an alert a minute apart. Each label sits right of its line,
// or left of it where it would leave the chart; a label that would touch one already placed
// goes one row down. Pure: widths are estimated from the text, so it runs before layout (and
// in Node); the estimate is on the wide side of the charts' 10 px sans-serif.

/** A label to place: its line's x and its text. */
export interface LabelItem {
  x: number;
  text: string;
}

/** A placed label: where its text starts or ends (by `anchor`), its row (0 at the top) and the span it covers. */
export interface PlacedLabel {
  x: number;
  anchor: "start" | "end";
  row: number;
  from: number;
  to: number;
}

/** The label's estimated width at `fontSize` pixels: 0.62 em a character (wider than the average sans-serif glyph). */
export function labelWidth(text: string, fontSize = 10): number {
  return [...text].length * 0.62 * fontSize;
}

/**
 * Places `items` (in any order) between `left` and `right`: 3 px beside the line, at least
 * `gap` pixels from any other label in its row; the result is in the order of `items`.
 */
export function layoutLabels(
  items: readonly LabelItem[],
  left: number,
  right: number,
  options: {fontSize?: number; gap?: number} = {}
): PlacedLabel[] {
  const {fontSize = 10, gap = 4} = options;
  const rows: {from: number; to: number}[][] = [];
  const placed: PlacedLabel[] = new Array(items.length);
  const order = items.map((item, i) => ({item, i})).sort((a, b) => a.item.x - b.item.x || a.i - b.i);
  for (const {item, i} of order) {
    const width = labelWidth(item.text, fontSize);
    const anchor = item.x + 3 + width <= right || item.x - 3 - width < left ? "start" : "end";
    const from = anchor === "start" ? item.x + 3 : item.x - 3 - width;
    const to = from + width;
    let row = rows.findIndex((spans) => spans.every((s) => to + gap <= s.from || from >= s.to + gap));
    if (row < 0) row = rows.push([]) - 1;
    rows[row].push({from, to});
    placed[i] = {x: anchor === "start" ? item.x + 3 : item.x - 3, anchor, row, from, to};
  }
  return placed;
}
