// The editing panel of one block, placed before it in the page: the CodeMirror editor, its
// buttons (Run, insert below, delete, close) and a one-line status for errors of saving.
import type {EditorView} from "@codemirror/view";
import type {BlockRef} from "../../notebook/source.js";
import {createEditor} from "./view.js";
import {ui} from "../ui/text.js";

/** An open panel. */
export interface Panel {
  ref: BlockRef;
  kind: "cell" | "prose";
  element: HTMLElement;
  view: EditorView;
  status: HTMLElement;
  /** The notebook line its editor's first line is numbered (cells). */
  firstLine: number;
  /** Under dev, the file changed outside the page in this block: a run is refused, the text stays (main.ts's adopt). */
  stale?: boolean;
}

/** What the panel's buttons and keys do. */
export interface PanelActions {
  run(panel: Panel): void;
  insert(panel: Panel, kind: "cell" | "prose"): void;
  remove(panel: Panel): void;
  close(panel: Panel): void;
}

function button(label: string, name: string, onclick: () => void, title?: string): HTMLButtonElement {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.setAttribute(`data-qb-${name}`, "");
  if (title) b.title = title;
  b.addEventListener("click", onclick);
  return b;
}

/** Builds a panel holding `text` (not yet in the page). */
export function createPanel(
  ref: BlockRef,
  kind: "cell" | "prose",
  lang: string,
  text: string,
  actions: PanelActions,
  firstLine = 1
): Panel {
  const element = document.createElement("div");
  element.className = "qb-edit-panel";
  element.setAttribute("data-qb-ui", "");
  element.setAttribute("data-qb-block", String(ref));
  const status = document.createElement("p");
  status.className = "qb-edit-status";
  status.setAttribute("role", "status");
  const panel = {ref, kind, element, status, firstLine} as unknown as Panel; // its view is made below, with handlers that need the panel
  const bar = document.createElement("div");
  bar.className = "qb-edit-bar";
  bar.append(
    button(ui("panel.run"), "run", () => actions.run(panel), "Shift+Enter"),
    button(ui("panel.codeBelow"), "insert-cell", () => actions.insert(panel, "cell")),
    button(ui("panel.textBelow"), "insert-prose", () => actions.insert(panel, "prose")),
    button(ui(kind === "cell" ? "panel.deleteCell" : "panel.deleteText"), "delete", () => actions.remove(panel)),
    button(ui("edit.close"), "close", () => actions.close(panel), "Esc")
  );
  panel.view = createEditor(
    element,
    text,
    kind === "cell" ? lang : "prose",
    {
      run: () => actions.run(panel),
      save: () => actions.run(panel),
      leave: () => actions.close(panel)
    },
    firstLine
  );
  element.append(bar, status);
  return panel;
}
