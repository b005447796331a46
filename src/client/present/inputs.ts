// The audience and presenter windows show the same inputs: a slider moved, a box ticked or an
// option chosen in a cell of one window is made in the same cell of the other, live, with the
// input event the runtime listens for, so both windows' cells run on the same value. An input
// is named by its cell (`data-cell`, the same in both windows: they run the same notebook) and
// its place among that cell's inputs; a value is set only on an input of the same kind, and a
// change made from a message is not sent back (two windows never echo each other).

/** One input's new value, as it travels between the windows. */
export interface InputChange {
  cell: string;
  index: number;
  /** The input's `type` (or tag: "select", "textarea"); a change reaches only an input of that kind. */
  kind: string;
  value: string | boolean;
}

const CONTROLS = "input, select, textarea";

/** What kind of input `control` is, for matching it across the windows. */
function kindOf(control: Element): string {
  return control.tagName === "INPUT" ? (control as HTMLInputElement).type : control.tagName.toLowerCase();
}

/** A checkbox or radio travels as checked or not; every other input as its value. */
function controlValue(control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): string | boolean {
  return control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio") ? control.checked : control.value;
}

/** The change a window sends for an input event on `target`, or undefined when it is no cell's input. */
export function changeOf(target: EventTarget | null): InputChange | undefined {
  if (!(target instanceof Element) || !target.matches(CONTROLS)) return undefined;
  const cell = target.closest<HTMLElement>("main [data-cell]");
  if (!cell?.dataset.cell || target.closest("[data-qb-ui], .qb-slide-copy, .qb-editor")) return undefined;
  const index = Array.from(cell.querySelectorAll(CONTROLS)).indexOf(target);
  return {cell: cell.dataset.cell, index, kind: kindOf(target), value: controlValue(target as HTMLInputElement)};
}

/** The fields of a received change that are what they claim to be, or undefined. */
export function readChange(raw: unknown): InputChange | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const {cell, index, kind, value} = raw as Record<string, unknown>;
  if (typeof cell !== "string" || !/^[\w-]{1,64}$/.test(cell)) return undefined;
  if (!Number.isInteger(index) || (index as number) < 0 || (index as number) > 1000) return undefined;
  if (typeof kind !== "string" || !/^[a-z-]{1,20}$/.test(kind)) return undefined;
  if (!(typeof value === "boolean" || (typeof value === "string" && value.length <= 10_000))) return undefined;
  return {cell, index: index as number, kind, value};
}

let applying = false;

/** Makes `change` in this window: the same input of the same kind gets the value and its input event. */
export function applyChange(change: InputChange): void {
  const cell = Array.from(document.querySelectorAll<HTMLElement>("main [data-cell]")).find(
    (element) => element.dataset.cell === change.cell
  );
  const control = cell?.querySelectorAll(CONTROLS)[change.index] as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | undefined;
  if (!control || kindOf(control) !== change.kind || controlValue(control) === change.value) return;
  if (typeof change.value === "boolean") {
    if (!(control instanceof HTMLInputElement)) return;
    control.checked = change.value;
  } else control.value = change.value;
  applying = true;
  try {
    control.dispatchEvent(new Event("input", {bubbles: true}));
    control.dispatchEvent(new Event("change", {bubbles: true}));
  } finally {
    applying = false;
  }
}

/** Sends each change the learner or lecturer makes to a cell's input in this window (not one {@link applyChange} made). */
export function watchInputs(send: (change: InputChange) => void): void {
  const onInput = (event: Event) => {
    if (applying) return;
    const change = changeOf(event.target);
    if (change) send(change);
  };
  document.addEventListener("input", onInput, true); // (a box ticked or an option chosen fires input too)
}
