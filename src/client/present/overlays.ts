// Two overlays of presentation mode: the blackout (`b` or `.`: the audience sees black; in the
// presenter view only a line says so) and the help (`?`: the keys). Their words are the page's
// language's (src/client/ui/), read as each opens.
import {ui} from "../ui/text.js";
import type {UiKey} from "../ui/en.js";

let black: HTMLElement | null = null;
let help: HTMLElement | null = null;

/** The keys presentation mode knows, as the help overlay lists them: the keys (`{space}`: the space bar's name in the page's language), and the key of what they do. */
export const KEYS: readonly (readonly [string, UiKey])[] = [
  ["→  {space}  PageDown", "keys.next"],
  ["←  Shift+{space}  PageUp", "keys.previous"],
  ["Home  End", "keys.ends"],
  ["o", "keys.overview"],
  ["s", "keys.presenter"],
  ["b  .", "keys.blackout"],
  ["f", "keys.fullscreen"],
  ["?", "keys.help"],
  ["Esc", "keys.escape"]
];

/** True while the audience screen is black. */
export function blackedOut(): boolean {
  return black !== null;
}

/** Turns the blackout on or off; `presenter`: this window only says so instead of going black. */
export function setBlackout(on: boolean, presenter: boolean): void {
  if (on === blackedOut()) return;
  if (!on) {
    black?.remove();
    black = null;
    return;
  }
  black = document.createElement("div");
  black.className = presenter ? "qb-blackout qb-blackout-note" : "qb-blackout";
  if (presenter) black.textContent = ui("blackout.note");
  document.body.append(black);
}

/** True while the help overlay is open. */
export function helpOpen(): boolean {
  return help !== null;
}

/** Opens or closes the help overlay. */
export function toggleHelp(): void {
  if (help) {
    help.remove();
    help = null;
    return;
  }
  help = document.createElement("div");
  help.className = "qb-help";
  help.setAttribute("role", "dialog");
  help.setAttribute("aria-label", ui("keys.title"));
  const h = document.createElement("h2");
  h.textContent = ui("keys.title");
  const table = document.createElement("table");
  for (const [keys, what] of KEYS) {
    const row = table.insertRow();
    const key = document.createElement("th");
    key.textContent = keys.replace("{space}", ui("keys.space"));
    row.append(key);
    row.insertCell().textContent = ui(what);
  }
  help.append(h, table);
  document.body.append(help);
}
