// Embedded data kept out of esbuild. A page carries its attached files as JSON in its script;
// handing that text to esbuild costs a copy over its pipe, a parse and a print per bundle, for
// data it can do nothing with (a project module that attaches 25 input files sent 350 KB with
// each of a project's 21 pages: half of that project's build). What esbuild bundles names the
// data by a placeholder, a free identifier esbuild leaves as written (it cannot rename a global);
// after bundling, `link` puts each expression in place of its placeholder. The expressions are
// one line (JSON.stringify escapes line breaks), so the bundle's lines stay where they were.
import {createHash} from "node:crypto";

/** Placeholders and the expressions they stand for, collected while one notebook bundles. */
export class Embeds {
  readonly #expressions = new Map<string, string>();

  /** A placeholder for `expression` (a one-line JavaScript expression); the same text, the same placeholder. */
  placeholder(expression: string): string {
    const id = `__queuebook_embed_${createHash("sha256").update(expression).digest("hex").slice(0, 24)}__`;
    this.#expressions.set(id, expression);
    return id;
  }

  /** `code` with each placeholder replaced by its expression (a placeholder esbuild dropped is simply absent). */
  link(code: string): string {
    let linked = code;
    for (const [id, expression] of this.#expressions) if (linked.includes(id)) linked = linked.replaceAll(id, () => expression);
    return linked;
  }
}

/**
 * The JavaScript expression for `value` as embedded JSON: `JSON.parse('…')`, one line, quoted
 * with whichever of ' and " the JSON holds fewer of (JSON is full of "), as esbuild would print it.
 */
export function jsonExpression(value: unknown): string {
  return `JSON.parse(${stringLiteral(JSON.stringify(value))})`;
}

/** `text` as a one-line JavaScript string literal in the quote that needs fewer escapes. */
export function stringLiteral(text: string): string {
  const doubles = text.split('"').length;
  const quote = text.split("'").length <= doubles ? "'" : '"';
  const escaped = text.replace(quote === "'" ? /[\\'\n\r\u2028\u2029]/g : /[\\"\n\r\u2028\u2029]/g, (c) => escapes[c] ?? `\\${c}`);
  return quote + escaped + quote;
}

const escapes: Record<string, string> = {"\n": "\\n", "\r": "\\r", "\u2028": "\\u2028", "\u2029": "\\u2029"};
