import {Inspector} from "@observablehq/inspector";
import {tableView} from "../page/chartTable.js";
import {redraw} from "../page/redraw.js";
import {figureSeries, figureTable} from "./plotA11y.js";

export function isNode(value: unknown): value is Node {
  return typeof Node !== "undefined" && value instanceof Node;
}

function isPrimitive(value: unknown): boolean {
  return value == null || (typeof value !== "object" && typeof value !== "function") || value instanceof Date;
}

export function clear(root: Element): void {
  root.replaceChildren();
}

/** Appends a value to a cell's root: DOM nodes as they are, anything else through the Inspector. */
export function displayBlock(root: Element, value: unknown): void {
  if (isNode(value)) {
    root.append(value);
    // a Plot figure's series, as a table a screen reader can read (plotA11y.ts)
    const series = value instanceof Element ? figureSeries.get(value) : undefined;
    if (series) root.append(tableView(figureTable(series)));
  } else {
    const div = document.createElement("div");
    new Inspector(div).fulfilled(value);
    root.append(div);
  }
}

/**
 * Appends a value inside an inline span: primitives as text, nodes as they are, and, as in
 * Framework, an iterable (not a string) item by item, so `${[1, 2, 3]}` reads "123" and an
 * array of nodes shows the nodes. Other objects go through the Inspector.
 */
export function displayInline(root: Element, value: unknown): void {
  if (isNode(value)) {
    root.append(value);
  } else if (isPrimitive(value)) {
    if (value !== undefined) root.append(String(value));
  } else if (typeof (value as Partial<Iterable<unknown>>)[Symbol.iterator] === "function") {
    for (const item of value as Iterable<unknown>) root.append(isNode(item) ? item : String(item));
  } else {
    const span = document.createElement("span");
    new Inspector(span).fulfilled(value);
    root.append(span);
  }
}

/**
 * Replaces a cell's output with the value, leaving an already-displayed node in place (focus
 * stays), and patching a redrawn figure into the one shown when both are marked for it
 * (src/page/redraw.ts: the browser then lays out and paints only what changed).
 */
export function replaceWith(root: Element, value: unknown, inline: boolean): void {
  if (isNode(value) && value.parentNode === root && root.childNodes.length === 1) return;
  const shown = root.childNodes.length === 1 ? root.firstChild : null;
  if (value instanceof Element && shown instanceof Element && redraw(shown, value)) return;
  clear(root);
  if (value === undefined) return;
  (inline ? displayInline : displayBlock)(root, value);
}

export interface ErrorView {
  message: string;
  location?: string;
}

/** Shows an error box in place of the cell's output. */
export function displayError(root: Element, {message, location}: ErrorView, inline: boolean): void {
  const box = document.createElement(inline ? "span" : "div");
  box.className = "qb-error";
  const text = document.createElement(inline ? "span" : "div");
  text.className = "qb-error-message";
  text.textContent = message;
  box.append(text);
  if (location) {
    const where = document.createElement(inline ? "span" : "div");
    where.className = "qb-error-location";
    where.textContent = location;
    box.append(" ", where); // (a space: the box's text reads and is heard "… token erlang-c.md:28:12", not "tokenerlang-c.md")
  }
  root.replaceChildren(box);
}
