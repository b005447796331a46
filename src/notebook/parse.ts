// Parse pass: Markdown → prose HTML with one placeholder per cell, plus the cells' sources with
// their positions in the .md file. Uses marked's lexer for blocks and a marked extension for
// inline ${…} expressions; fenced ```js and ```ts blocks at the top level are cells.
import {Marked, type Token, type Tokens, type TokenizerAndRendererExtension} from "marked";
import {parseExpressionAt} from "acorn";
import {splitFrontMatter, type FrontMatter} from "./frontMatter.js";

/** A cell's source as found in the Markdown, before any analysis. */
export interface CellSource {
  id: string;
  source: string;
  lang: "js" | "ts";
  /** 1-based line and column of the cell's first character in the .md file. */
  line: number;
  column: number;
  inline: boolean;
  echo: boolean;
}

/** A parsed notebook: front matter, prose HTML with placeholders, and cells in order. */
export interface ParsedNotebook {
  path: string;
  data: FrontMatter;
  title: string;
  description: string;
  html: string;
  cells: CellSource[];
  warnings: {line: number; column: number; message: string}[];
}

const cellLanguages = new Set(["js", "javascript", "ts", "typescript"]);

/** Parses a notebook's Markdown; `path` names it in positions and messages. */
export function parseNotebook(text: string, path: string): ParsedNotebook {
  const normalized = text.replace(/\r\n?/g, "\n");
  const front = splitFrontMatter(normalized);
  const warnings = front.error ? [{line: front.error.line, column: 1, message: front.error.message}] : [];
  const inlines: {id: string; source: string}[] = [];
  const marked = new Marked({gfm: true, extensions: [inlineExpression(inlines)]});
  const tokens = marked.lexer(front.content);
  const cells: CellSource[] = [];
  const html: string[] = [];
  let prose: Token[] = [];
  let offset = 0;
  let blockCount = 0;
  const flush = () => {
    if (prose.length) html.push(marked.parser(prose));
    prose = [];
  };
  const located = new Map<string, {line: number; column: number}>();
  for (const token of tokens) {
    const start = offset;
    offset += token.raw.length;
    const info = token.type === "code" ? parseInfo((token as Tokens.Code).lang ?? "") : undefined;
    if (!info || (token as Tokens.Code).codeBlockStyle === "indented") {
      prose.push(token);
      locateInlines(token, front.content, start, located);
      continue;
    }
    flush();
    const id = `cell-${++blockCount}`;
    const firstLine = front.content.slice(0, start).split("\n").length + 1 + front.lineOffset;
    const source = (token as Tokens.Code).text;
    cells.push({id, source, lang: info.lang, line: firstLine, column: 1, inline: false, echo: info.echo});
    if (info.echo) html.push(`<pre class="qb-echo"><code class="language-${info.lang}">${escapeHtml(source)}</code></pre>\n`);
    html.push(`<div class="qb-cell" id="${id}"></div>\n`);
  }
  flush();
  for (const {id, source} of inlines) {
    const position = located.get(id) ?? {line: 1, column: 1};
    cells.push({id, source, lang: "js", line: position.line + front.lineOffset, column: position.column, inline: true, echo: false});
  }
  const firstHeading = tokens.find((t): t is Tokens.Heading => t.type === "heading" && (t as Tokens.Heading).depth === 1);
  const title = typeof front.data.title === "string" ? front.data.title : firstHeading ? plainText(firstHeading.text) : basename(path);
  const description = typeof front.data.description === "string" ? front.data.description : "";
  return {path, data: front.data, title, description, html: html.join(""), cells, warnings};
}

/** Reads a fence's info string: the language and the `echo` option (`js echo`). */
function parseInfo(info: string): {lang: "js" | "ts"; echo: boolean} | undefined {
  const [lang, ...options] = info.trim().split(/\s+/);
  if (!cellLanguages.has(lang)) return undefined;
  return {lang: lang.startsWith("t") ? "ts" : "js", echo: options.includes("echo")};
}

/** The marked extension for inline ${expression}; `\${` stays literal text. */
function inlineExpression(found: {id: string; source: string}[]): TokenizerAndRendererExtension {
  return {
    name: "inlineExpression",
    level: "inline",
    start(src: string) {
      for (let i = src.indexOf("${"); i >= 0; i = src.indexOf("${", i + 1)) {
        if (src[i - 1] !== "\\") return i;
      }
      return undefined;
    },
    tokenizer(src: string) {
      if (!src.startsWith("${")) return undefined;
      const end = expressionEnd(src);
      if (end < 0) return undefined;
      const source = src.slice(2, end);
      const id = `inline-${found.length + 1}`;
      found.push({id, source});
      return {type: "inlineExpression", raw: src.slice(0, end + 1), id, source};
    },
    renderer(token) {
      return `<span class="qb-inline" id="${token.id}"></span>`;
    }
  };
}

/** Index of the `}` that closes the expression opened by `${` at 0, or -1. */
function expressionEnd(src: string): number {
  try {
    const node = parseExpressionAt(src, 2, {ecmaVersion: "latest"});
    let i = node.end;
    while (/\s/.test(src[i] ?? "")) i++;
    if (src[i] === "}") return i;
  } catch {
    // Not a valid expression: fall back to matching braces so the cell shows the syntax error.
  }
  let depth = 0;
  for (let i = 2; i < src.length; i++) {
    if (src[i] === "\n" && src[i + 1] === "\n") return -1;
    if (src[i] === "{") depth++;
    else if (src[i] === "}" && depth-- === 0) return i;
  }
  return -1;
}

/**
 * Finds where each inline expression of a top-level `token` stands in `text` (the token's raw
 * Markdown starts at `start`): in order, skipping escaped `\${` and `${` inside code spans.
 */
function locateInlines(token: Token, text: string, start: number, located: Map<string, {line: number; column: number}>): void {
  const found: {id: string; source: string}[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === "object") {
      const t = value as {type?: string; id?: string; source?: string};
      if (t.type === "inlineExpression") found.push({id: t.id!, source: t.source!});
      else for (const [key, child] of Object.entries(value)) if (key !== "raw" && key !== "text") collect(child);
    }
  };
  collect(token);
  if (found.length === 0) return;
  const raw = token.raw;
  const spans = [...raw.matchAll(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g)].map((m) => [m.index!, m.index! + m[0].length]);
  let cursor = 0;
  for (const {id, source} of found) {
    for (let i = raw.indexOf("${" + source, cursor); i >= 0; i = raw.indexOf("${" + source, i + 1)) {
      if (raw[i - 1] === "\\" || spans.some(([a, b]) => i >= a && i < b)) continue;
      located.set(id, locate(text, start + i + 2));
      cursor = i + 2 + source.length;
      break;
    }
  }
}

/** 1-based line and column of `index` in `text`. */
function locate(text: string, index: number): {line: number; column: number} {
  const before = text.slice(0, index);
  const line = before.split("\n").length;
  return {line, column: index - before.lastIndexOf("\n")};
}

function plainText(markdown: string): string {
  return markdown.replace(/[*_`]/g, "").trim();
}

function basename(path: string): string {
  return path.replace(/^.*\//, "").replace(/\.md$/, "");
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
