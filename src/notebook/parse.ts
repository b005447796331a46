// Parse pass: Markdown → prose HTML with one placeholder per cell, plus the cells' sources with
// their positions in the .md file. Uses marked's lexer for blocks and a marked extension for
// inline ${…} expressions (also inside HTML blocks); fenced ```js, ```ts, ```html, ```svg and
// ```tex blocks at the top level are cells unless the fence says run=false; other fences are code.
import {sha256Hex} from "./sha256.js";
import {Marked, type Token, type Tokens, type TokenizerAndRendererExtension} from "marked";
import {parseExpressionAt} from "acorn";
import {splitFrontMatter, type FrontMatter} from "./frontMatter.js";
import {lexBounded} from "./nesting.js";
import {placeholderEnd} from "./javascript/template.js";
import type {BlockLines} from "./source.js";
import {pageLinks} from "./pageLinks.js";

/** A cell's source as found in the Markdown, before any analysis. */
export interface CellSource {
  /** The cell's identity, from its content: a hash of kind and source (`-2`, `-3` for repeats). */
  id: string;
  source: string;
  lang: CellLanguage;
  /** 1-based line and column of the cell's first character in the .md file. */
  line: number;
  column: number;
  inline: boolean;
  echo: boolean;
  /** A ```sql fence's `id=` (the name its result gets) and `display=` options, as written. */
  sql?: {id?: string; display?: string};
}

/** A parsed notebook: front matter, prose HTML with placeholders, and cells in order. */
export interface ParsedNotebook {
  path: string;
  data: FrontMatter;
  title: string;
  description: string;
  html: string;
  cells: CellSource[];
  /** The content's blocks in order (each cell's fence, each run of prose between cells), by lines of the file: where an edit goes (source.ts). */
  blocks: BlockLines[];
  /** The .md as given, line ends as they were: what the page embeds and edits are spliced into. */
  markdown: string;
  warnings: {line: number; column: number; message: string}[];
}

/** The languages of cells: JavaScript, TypeScript, and the fences that become templates. */
export type CellLanguage = "js" | "ts" | "html" | "svg" | "tex" | "sql";

/**
 * The fences that are cells. As in Framework, only these tags run (```javascript, ```python and
 * every other fence are shown as code); Framework also runs the tags of `notRun`.
 */
const cellLanguages: Record<string, CellLanguage> = {js: "js", ts: "ts", html: "html", svg: "svg", tex: "tex", sql: "sql"};

/** Fences Framework runs and queuebook shows as code, with what Framework runs them with (said in a note at the fence). */
export const notRun: Record<string, string> = {
  jsx: "JSX with React",
  tsx: "TSX with React",
  dot: "Graphviz dot diagrams",
  mermaid: "Mermaid diagrams"
};

/** Parses a notebook's Markdown; `path` names it in positions and messages. */
export function parseNotebook(text: string, path: string): ParsedNotebook {
  const normalized = text.replace(/\r\n?/g, "\n");
  const front = splitFrontMatter(normalized);
  const warnings = front.error ? [{line: front.error.line, column: 1, message: front.error.message}] : [];
  const inlines: {id: string; source: string}[] = [];
  const key = cellKeys();
  const marked = new Marked({gfm: true, extensions: [inlineExpression(inlines, key)]});
  // marked recurses once per level of nesting: blocks nested too deeply are passed as plain text.
  const bounded = lexBounded(marked, front.content, (line, message) => warnings.push({line: line + front.lineOffset, column: 1, message}));
  front.content = bounded.content;
  const tokens = bounded.tokens;
  const cells: CellSource[] = [];
  const html: string[] = [];
  let prose: Token[] = [];
  let offset = 0;
  let blockCount = 0;
  let inlineCount = 0;
  const flush = () => {
    if (prose.length) html.push(renderBounded(marked, prose));
    prose = [];
  };
  const located = new Map<string, {line: number; column: number}>();
  const blocks: BlockLines[] = [];
  for (const token of tokens) {
    const start = offset;
    offset += token.raw.length;
    if (token.type === "html" && (token as Tokens.HTML).block) {
      htmlPlaceholders(token as Tokens.HTML, front.content, start, inlines, key, located);
    }
    const info = token.type === "code" ? parseInfo((token as Tokens.Code).lang ?? "") : undefined;
    const isCell = !!info && info.run && (token as Tokens.Code).codeBlockStyle !== "indented";
    if (token.type !== "space")
      recordBlock(
        blocks,
        token,
        front.content,
        start,
        front.lineOffset,
        isCell ? {kind: "cell", cell: blockCount + 1, lang: info!.lang} : undefined
      );
    if (!info || !isCell) {
      prose.push(token);
      locateInlines(token, front.content, start, located);
      const unrun =
        token.type === "code" && (token as Tokens.Code).codeBlockStyle !== "indented"
          ? notRunFence((token as Tokens.Code).lang ?? "")
          : undefined;
      if (unrun) {
        flush();
        const line = locate(front.content, start).line + front.lineOffset;
        html.push(
          `<p class="qb-fence-note">Not run: queuebook shows <code>${escapeHtml(unrun)}</code> fences as code (Observable Framework runs ${escapeHtml(notRun[unrun])}).</p>\n`
        );
        warnings.push({
          line,
          column: 1,
          message: `\`\`\`${unrun} fences are shown as code, not run (Framework runs ${notRun[unrun]}); queuebook runs js, ts, html, svg and tex`
        });
      }
      continue;
    }
    flush();
    const source = (token as Tokens.Code).text;
    const id = key(info.lang, source);
    const firstLine = locate(front.content, start).line + 1 + front.lineOffset;
    cells.push({
      id,
      source,
      lang: info.lang,
      line: firstLine,
      column: 1,
      inline: false,
      echo: info.echo,
      ...(info.lang === "sql" ? {sql: sqlOptions((token as Tokens.Code).lang ?? "")} : {})
    });
    if (info.echo) html.push(`<pre class="qb-echo"><code class="language-${info.lang}">${escapeHtml(source)}</code></pre>\n`);
    // the element's id is positional (a stable anchor); data-cell is the cell's identity
    html.push(`<div class="qb-cell" id="cell-${++blockCount}" data-cell="${id}"></div>\n`);
  }
  flush();
  const tables = sqlTables(front.data.sql);
  if (tables) {
    // Framework's `sql:` front matter: the page's `sql` is a DuckDB database of those files
    const source = `const sql = await DuckDBClient.sql({${Object.entries(tables)
      .map(([name, path]) => `${JSON.stringify(name)}: FileAttachment(${JSON.stringify(path)})`)
      .join(", ")}});`;
    const id = key("js", source);
    cells.unshift({id, source, lang: "js", line: 1, column: 1, inline: false, echo: false});
    html.unshift(`<div class="qb-cell qb-sql-tables" id="cell-0" data-cell="${id}"></div>\n`);
  }
  html.splice(
    0,
    html.length,
    html.join("").replace(/<span class="qb-inline" data-cell=/g, () => `<span class="qb-inline" id="inline-${++inlineCount}" data-cell=`)
  );
  for (const {id, source} of inlines) {
    const position = located.get(id) ?? {line: 1, column: 1};
    cells.push({id, source, lang: "js", line: position.line + front.lineOffset, column: position.column, inline: true, echo: false});
  }
  const firstHeading = tokens.find((t): t is Tokens.Heading => t.type === "heading" && (t as Tokens.Heading).depth === 1);
  const title = typeof front.data.title === "string" ? front.data.title : firstHeading ? plainText(firstHeading.text) : basename(path);
  const description = typeof front.data.description === "string" ? front.data.description : "";
  // links to notebooks (`other.md`, Framework's `/sub/page`) lead to the pages the build writes (pageLinks.ts)
  return {path, data: front.data, title, description, html: pageLinks(html.join("")), cells, blocks, markdown: text, warnings};
}

/** Adds a top-level token's lines to the blocks: a cell's own block, or the prose run it starts or continues. */
function recordBlock(
  blocks: BlockLines[],
  token: Token,
  text: string,
  start: number,
  lineOffset: number,
  cell?: Pick<BlockLines, "kind" | "cell" | "lang">
): void {
  const line = locate(text, start).line + lineOffset;
  const endLine = locate(text, start + Math.max(token.raw.replace(/\n+$/, "").length - 1, 0)).line + lineOffset;
  const last = blocks[blocks.length - 1];
  if (cell) blocks.push({...cell, line, endLine});
  else if (last?.kind === "prose") last.endLine = endLine;
  else blocks.push({kind: "prose", line, endLine});
}

/** Renders prose tokens; a tree too deep to render is shown as its Markdown source. */
function renderBounded(marked: Marked, tokens: Token[]): string {
  try {
    return marked.parser(tokens);
  } catch {
    return `<pre class="qb-plain">${escapeHtml(tokens.map((t) => t.raw).join(""))}</pre>\n`;
  }
}

/**
 * Reads a fence's info string as Framework does: the language, then options `echo`,
 * `echo=true|false`, `run=false` (the code is shown and not run).
 */
export function parseInfo(info: string): {lang: CellLanguage; echo: boolean; run: boolean} | undefined {
  const [tag, ...words] = info.trim().split(/\s+/);
  if (!Object.hasOwn(cellLanguages, tag)) return undefined;
  const options = new Map(
    words.map((word) => [word.replace(/=.*$/, ""), word.includes("=") ? word.replace(/^[^=]*=/, "").toLowerCase() : "true"])
  );
  return {lang: cellLanguages[tag], echo: (options.get("echo") ?? "false") !== "false", run: options.get("run") !== "false"};
}

/** A ```sql fence's `id=` and `display=` options (values as written; `id` is the name the result is given). */
function sqlOptions(info: string): {id?: string; display?: string} {
  const options: {id?: string; display?: string} = {};
  for (const word of info.trim().split(/\s+/).slice(1)) {
    const [name, value] = [word.replace(/=.*$/, ""), word.includes("=") ? word.replace(/^[^=]*=/, "").replace(/^"(.*)"$/, "$1") : "true"];
    if (name === "id" || name === "display") options[name] = value;
  }
  return options;
}

/** Front matter `sql: {name: path}` as table names and file paths, or undefined. */
function sqlTables(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(([, path]) => typeof path === "string" || typeof path === "number");
  return entries.length ? Object.fromEntries(entries.map(([name, path]) => [name, String(path)])) : undefined;
}

/** The tag of a fence Framework would run and queuebook does not (not when it says run=false). */
function notRunFence(info: string): string | undefined {
  const [tag, ...words] = info.trim().split(/\s+/);
  return Object.hasOwn(notRun, tag) && !words.some((w) => /^run=false$/i.test(w)) ? tag : undefined;
}

/** Cell identities by content: the same kind and source get the same id, repeats `-2`, `-3`… */
function cellKeys(): (kind: string, source: string) => string {
  const seen = new Map<string, number>();
  return (kind, source) => {
    const hash = sha256Hex(`${kind}\n${source}`, 8);
    const count = (seen.get(hash) ?? 0) + 1;
    seen.set(hash, count);
    return count === 1 ? hash : `${hash}-${count}`;
  };
}

/**
 * `${…}` inside an HTML block of the prose (not a <script>): each becomes an inline cell, its
 * placeholder put into the block's HTML, as Framework does. One inside a tag (an attribute
 * value) stays text: a placeholder there would break the element.
 */
function htmlPlaceholders(
  token: Tokens.HTML,
  text: string,
  start: number,
  found: {id: string; source: string}[],
  key: (kind: string, source: string) => string,
  located: Map<string, {line: number; column: number}>
): void {
  const raw = token.text;
  if (!raw.includes("${") || /^\s*<script[\s>]/i.test(raw)) return;
  const offset = Math.max(token.raw.indexOf(raw), 0);
  let out = "";
  let i = 0; // copied up to here
  let scanned = 0; // tag state known up to here
  let inTag = false;
  let quote = "";
  for (let j = raw.indexOf("${"); j >= 0; j = raw.indexOf("${", j + 1)) {
    if (j < i || raw[j - 1] === "\\") continue;
    for (; scanned < j; scanned++) {
      const c = raw[scanned];
      if (!inTag) inTag = c === "<" && /[A-Za-z/!]/.test(raw[scanned + 1] ?? "");
      else if (quote) quote = c === quote ? "" : quote;
      else if (c === '"' || c === "'") quote = c;
      else if (c === ">") inTag = false;
    }
    if (inTag) continue;
    const end = placeholderEnd(raw, j);
    if (end === undefined) continue;
    const source = raw.slice(j + 2, end - 1);
    const id = key("inline", source);
    found.push({id, source});
    located.set(id, locate(text, start + offset + j + 2));
    out += raw.slice(i, j) + `<span class="qb-inline" data-cell="${id}"></span>`;
    i = scanned = end;
  }
  token.text = out + raw.slice(i);
}

/** The marked extension for inline ${expression}; `\${` stays literal text. */
function inlineExpression(
  found: {id: string; source: string}[],
  key: (kind: string, source: string) => string
): TokenizerAndRendererExtension {
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
      const id = key("inline", source);
      found.push({id, source});
      return {type: "inlineExpression", raw: src.slice(0, end + 1), id, source};
    },
    renderer(token) {
      return `<span class="qb-inline" data-cell="${token.id}"></span>`;
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
  const spans = codeSpans(raw);
  const inSpan = (i: number) => {
    let lo = 0,
      hi = spans.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (spans[mid][1] <= i) lo = mid + 1;
      else if (spans[mid][0] > i) hi = mid - 1;
      else return true;
    }
    return false;
  };
  let cursor = 0;
  for (const {id, source} of found) {
    for (let i = raw.indexOf("${" + source, cursor); i >= 0; i = raw.indexOf("${" + source, i + 1)) {
      if (raw[i - 1] === "\\" || inSpan(i)) continue;
      located.set(id, locate(text, start + i + 2));
      cursor = i + 2 + source.length;
      break;
    }
  }
}

/**
 * Code spans of `raw` as [start, end) pairs, in order, as CommonMark reads them: a run of n
 * backticks opens a span that the next run of exactly n closes; a run with no such partner is
 * plain text. One pass over the runs (each run's next equal-length run is found from the right),
 * so hundreds of unmatched runs cost no more than matched ones.
 */
function codeSpans(raw: string): [number, number][] {
  const runs: {start: number; end: number}[] = [];
  for (let i = raw.indexOf("`"); i >= 0; i = raw.indexOf("`", i)) {
    let j = i;
    while (raw[j] === "`") j++;
    runs.push({start: i, end: j});
    i = j;
  }
  const partner = new Array<number>(runs.length).fill(-1);
  const nextOfLength = new Map<number, number>();
  for (let k = runs.length - 1; k >= 0; k--) {
    const length = runs[k].end - runs[k].start;
    partner[k] = nextOfLength.get(length) ?? -1;
    nextOfLength.set(length, k);
  }
  const spans: [number, number][] = [];
  for (let k = 0; k < runs.length; k++) {
    if (partner[k] < 0) continue;
    spans.push([runs[k].start, runs[partner[k]].end]);
    k = partner[k];
  }
  return spans;
}

/** Line starts of the last text located in (a notebook is located in many times, one text at a time). */
let lineIndex: {text: string; starts: number[]} | undefined;

/** 1-based line and column of `index` in `text` (binary search over the text's line starts). */
function locate(text: string, index: number): {line: number; column: number} {
  if (lineIndex?.text !== text) {
    const starts = [0];
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    lineIndex = {text, starts};
  } else {
    lineIndex.text = text; // the same content as another string: keep this one, so the next check is by identity
  }
  const {starts} = lineIndex;
  let lo = 0,
    hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= index) lo = mid;
    else hi = mid - 1;
  }
  return {line: lo + 1, column: index - starts[lo] + 1};
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
