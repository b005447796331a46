// The one escaper of control characters for messages: every line a command prints, every
// problem a page shows and every name quoted in either goes through it, so a newline, an ANSI
// escape (ESC, or the C1 CSI a terminal may act on) or a line separator in a file name or an
// argument is shown, never acted on. Pure (no imports): src/sim uses it in the browser too.

const named: Record<string, string> = {"\n": "\\n", "\r": "\\r", "\t": "\\t"};

/** `text` as one printable line: C0 and C1 controls, DEL, U+2028 and U+2029 written as escapes (`\n`, `\t`, `\r`, else `\u001b`). */
export function oneLine(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g,
    (c) => named[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`
  );
}
