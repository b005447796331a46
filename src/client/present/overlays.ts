// Two overlays of presentation mode: the blackout (`b` or `.`: the audience sees black; in the
// presenter view only a line says so) and the help (`?`: the keys).

let black: HTMLElement | null = null;
let help: HTMLElement | null = null;

/** The keys presentation mode knows, as the help overlay lists them. */
export const KEYS: readonly (readonly [string, string])[] = [
  ["→  Space  PageDown", "next slide (a clicker's PageDown also from a focused slider)"],
  ["←  Shift+Space  PageUp", "previous slide"],
  ["Home  End", "first, last slide"],
  ["o", "overview of all slides (arrows choose, Enter jumps)"],
  ["s", "presenter view: notes, next slide, time (a second window)"],
  ["b  .", "black screen, and back"],
  ["f", "fullscreen"],
  ["?", "this help"],
  ["Esc", "close the overview or this help; else leave presentation mode"]
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
  if (presenter) black.textContent = "The audience screen is black: b or . brings the slide back.";
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
  help.setAttribute("aria-label", "Presentation keys");
  const h = document.createElement("h2");
  h.textContent = "Presentation keys";
  const table = document.createElement("table");
  for (const [keys, what] of KEYS) {
    const row = table.insertRow();
    const key = document.createElement("th");
    key.textContent = keys;
    row.append(key);
    row.insertCell().textContent = what;
  }
  help.append(h, table);
  document.body.append(help);
}
