// Putting scripts and styles inside one HTML file without letting their text end the element
// early. An HTML parser ends a <script> at the first `</script` and, after a `<!--`, may treat a
// later `<script` as nesting; a <style> ends at the first `</style`. Data that holds such text
// (a CSV cell, a label) must stay inert, so each occurrence is rewritten to an equivalent that
// means the same to the JavaScript engine: inside a string or regular expression `<` becomes
// `\x3C`, inside a template literal `${"\x3C"}`; in a comment `<!--` becomes `//--`, and a `<`
// before `/script` gets a space after it. U+2028 and U+2029 are escaped the same way (between
// tokens they are line breaks: "\n").
import {tokenizer, type Token} from "acorn";

const DANGER = /<(?=\/script|!--)|[\u2028\u2029]/gi;

/** JavaScript source that is safe between <script> and </script>, meaning the same program. */
export function inlineScript(source: string): string {
  const hits: number[] = [];
  for (const match of source.matchAll(DANGER)) hits.push(match.index!);
  if (!hits.length) return source;
  const tokens: Token[] = [];
  for (const token of tokenizer(source, {
    ecmaVersion: "latest",
    allowHashBang: true,
    allowReturnOutsideFunction: true,
    allowAwaitOutsideFunction: true
  }))
    tokens.push(token);
  const edits: {start: number; end: number; text: string}[] = [];
  for (const at of hits) {
    const char = source[at];
    const escaped = char === "<" ? "\\x3C" : char === "\u2028" ? "\\u2028" : "\\u2029";
    const token = containing(tokens, at);
    const kind = token?.type.label;
    if (kind === "string" || kind === "regexp" || kind === "template" || kind === "invalidTemplate") {
      // An odd run of backslashes before the character makes it `\<`: replace the pair.
      let backslashes = 0;
      while (source[at - 1 - backslashes] === "\\") backslashes++;
      const start = backslashes % 2 ? at - 1 : at;
      const text = kind === "string" || kind === "regexp" ? escaped : `\${"${escaped}"}`;
      edits.push({start, end: at + 1, text});
    } else if (char === "<" && !token && source.startsWith("<!--", at)) {
      // In a classic script `<!--` opens a line comment (and inside a comment it is text):
      // `//--` means the same in both places.
      edits.push({start: at, end: at + 2, text: "//"});
    } else if (char === "<") {
      edits.push({start: at + 1, end: at + 1, text: " "}); // `a < /script/`: the same tokens
    } else {
      edits.push({start: at, end: at + 1, text: "\n"}); // a line terminator between tokens
    }
  }
  let out = "";
  let last = 0;
  for (const edit of edits.sort((a, b) => a.start - b.start)) {
    out += source.slice(last, edit.start) + edit.text;
    last = edit.end;
  }
  const result = out + source.slice(last);
  if (/<\/script|<!--/i.test(result)) throw new Error("a script could not be inlined safely");
  return result;
}

/** The token whose source range holds `at`, or undefined (whitespace, comments). */
function containing(tokens: readonly Token[], at: number): Token | undefined {
  let lo = 0;
  let hi = tokens.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const token = tokens[mid];
    if (at < token.start) hi = mid - 1;
    else if (at >= token.end) lo = mid + 1;
    else return token;
  }
  return undefined;
}

/** CSS that is safe between <style> and </style>. */
export function inlineStyle(css: string): string {
  return css.replace(/<\/style/gi, "\\3C/style");
}

/** A <script> element holding `source`. */
export function scriptElement(source: string): string {
  return `<script>${inlineScript(source)}</script>`;
}

/** A <style> element holding `css`. */
export function styleElement(css: string): string {
  return `<style>${inlineStyle(css)}</style>`;
}
