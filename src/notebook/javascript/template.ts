// Template pass: an ```html, ```svg or ```tex fence's content as a tagged template literal
// (html`…`, svg`…`, tex.block`…`), so the fence is an ordinary expression cell whose `${…}`
// are live. As in Framework, the content is taken raw: backslashes stay as written (TeX needs
// them, and htl and tex read the raw strings), a backtick becomes ${'`'}.
import {parseExpressionAt} from "acorn";

/** The tag each live non-JavaScript fence becomes. */
export const fenceTags: Readonly<Record<string, string>> = {html: "html", svg: "svg", tex: "tex.block"};

/** A fence's content as `tag`…``; `prefix` is how many characters precede the content on line 1. */
export function templateCell(content: string, tag: string): {js: string; prefix: number} {
  let out = "";
  for (let i = 0; i < content.length; ) {
    const c = content[i];
    if (c === "\\") {
      out += content.slice(i, i + 2);
      i += 2;
    } else if (c === "$" && content[i + 1] === "{") {
      const end = placeholderEnd(content, i) ?? content.length;
      out += content.slice(i, end);
      i = end;
    } else if (c === "`") {
      out += "${'`'}";
      i++;
    } else {
      out += c;
      i++;
    }
  }
  // An odd run of backslashes at the very end would escape the closing backtick.
  const trailing = /\\+$/.exec(out)?.[0].length ?? 0;
  if (trailing % 2 === 1) out = out.slice(0, -1) + "${'\\\\'}";
  return {js: `${tag}\`${out}\``, prefix: tag.length + 1};
}

/**
 * Index just after the `}` closing the `${` at `start`, found by parsing the expression where it
 * stands (no copy of the text: linear in the expression's length). When the expression does
 * not parse, braces are matched instead (strings skipped), so the cell can report the parser's
 * error; undefined when nothing closes it.
 */
export function placeholderEnd(content: string, start: number): number | undefined {
  try {
    const node = parseExpressionAt(content, start + 2, {
      ecmaVersion: "latest",
      sourceType: "module",
      allowAwaitOutsideFunction: true,
      preserveParens: true
    });
    let i = node.end;
    while (/\s/.test(content[i] ?? "")) i++;
    if (content[i] === "}") return i + 1;
  } catch {
    // fall through to brace matching
  }
  let depth = 0;
  let quote = "";
  for (let i = start + 2; i < content.length; i++) {
    const c = content[i];
    if (c === "\\") i++;
    else if (quote) quote = c === quote ? "" : quote;
    else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && depth-- === 0) return i + 1;
  }
  return undefined;
}
