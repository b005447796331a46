// The in-page compile of one code cell's new body, so that Shift+Enter costs the same in a
// notebook of 10 cells and of 600: the edited fence alone goes through the parse pass (the
// same parseNotebook, on just its lines), its cell through analysis; every other cell keeps
// the analysis it had, moved by the lines the edit added or removed. The graph checks and the
// definitions still see the whole notebook (a name defined twice, a cycle), from the kept
// analyses. When the edit could change more than its cell (a cell with the same source
// elsewhere, whose id would be renumbered; a fence that no longer closes), it answers
// undefined and the caller compiles the whole notebook (compileEdited): same result, slower.
import {escapeHtml, parseNotebook, type CellSource} from "../../notebook/parse.js";
import type {AnalysedCell} from "../../notebook/analyse.js";
import type {BlockLines} from "../../notebook/source.js";
import {definitionsOf, analyse, rememberAnalysis, type EditCompiled} from "./compile.js";

const fenceLine = /^ {0,3}(`{3,}|~{3,})/;

/** The id without its repeat suffix (`abc-2` → `abc`): cells sharing it are numbered by order. */
const baseId = (id: string) => id.replace(/-\d+$/, "");

/** An analysis moved down (or up) by `delta` lines of the file: the same cell, elsewhere. */
export function shiftAnalysis(cell: AnalysedCell, delta: number): AnalysedCell {
  if (delta === 0) return cell;
  return {
    ...cell,
    line: cell.line + delta,
    files: cell.files.map((f) => ({...f, line: f.line + delta})),
    ...(cell.error ? {error: {...cell.error, line: cell.error.line + delta}} : {})
  };
}

/**
 * `previous` recompiled for `text`, the notebook after the k-th code cell's body (0-based,
 * among the code cells) was replaced; undefined when only a whole compile can say.
 */
export function compileCellEdit(previous: EditCompiled, k: number, text: string, path: string): EditCompiled | undefined {
  const {parsed} = previous;
  const blockCells = parsed.cells.filter((c) => !c.inline);
  const old = blockCells[k];
  const cellBlocks = parsed.blocks.filter((b) => b.kind === "cell");
  const block = cellBlocks[k];
  if (!old || !block || cellBlocks.length !== blockCells.length) return undefined;
  // the fence, from its opening line to the line that closes it, in the text as edited
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const open = fenceLine.exec(lines[block.line - 1] ?? "");
  if (!open) return undefined;
  const closer = new RegExp(`^ {0,3}${open[1][0] === "`" ? "`" : "~"}{${open[1].length},}[ \\t]*$`);
  let end = block.line; // 1-based line of the closing fence
  while (end < lines.length && !closer.test(lines[end])) end++;
  if (end >= lines.length) return undefined; // left open: it runs to the end of the file
  end++;
  const snippet = parseNotebook(lines.slice(block.line - 1, end).join("\n") + "\n", path);
  const fresh = snippet.cells[0];
  // the snippet must read as exactly that fence, holding all its body lines
  if (snippet.cells.length !== 1 || fresh.inline || snippet.blocks.length !== 1 || snippet.blocks[0].endLine !== end - block.line + 1)
    return undefined;
  if (fresh.source.split("\n").length !== Math.max(end - block.line - 1, 1) && fresh.source !== "") return undefined;
  // ids are numbered among cells of the same source: a repeat before or after renumbers others
  const repeats = (id: string) => parsed.cells.some((c) => c !== old && baseId(c.id) === baseId(id));
  if (old.id !== baseId(old.id) || repeats(old.id) || repeats(fresh.id)) return undefined;
  const delta = end - block.endLine;
  const cell: CellSource = {...fresh, line: old.line, column: fresh.column};
  const moved = (c: {line: number}) => c.line > old.line;
  const cells = parsed.cells.map((c) => (c === old ? cell : moved(c) ? {...c, line: c.line + delta} : c));
  const blocks: BlockLines[] = parsed.blocks.map((b) =>
    b === block ? {...b, endLine: end} : b.line > block.line ? {...b, line: b.line + delta, endLine: b.endLine + delta} : b
  );
  const html = replaceCellHtml(parsed.html, k + 1, old, cell);
  if (html === undefined) return undefined;
  const analysed = previous.analysed.map((a, i) => {
    if (parsed.cells[i] === old) return analyse(cell);
    if (!moved(parsed.cells[i])) return a;
    const shifted = shiftAnalysis(a, delta);
    rememberAnalysis(cells[i], shifted); // a later whole compile finds it
    return shifted;
  });
  return {parsed: {...parsed, cells, blocks, html, markdown: text}, analysed, definitions: definitionsOf(analysed, path)};
}

/** The prose HTML with cell N's element (and its echoed code) naming the new cell; undefined when it is not where the parser put it. */
function replaceCellHtml(html: string, n: number, old: CellSource, cell: CellSource): string | undefined {
  const element = `<div class="qb-cell" id="cell-${n}" data-cell="${old.id}"></div>\n`;
  const echo = (c: CellSource) => `<pre class="qb-echo"><code class="language-${c.lang}">${escapeHtml(c.source)}</code></pre>\n`;
  const target = old.echo ? echo(old) + element : element;
  const at = html.indexOf(target);
  if (at < 0) return undefined;
  const replacement = (cell.echo ? echo(cell) : "") + element.replace(`data-cell="${old.id}"`, `data-cell="${cell.id}"`);
  return html.slice(0, at) + replacement + html.slice(at + target.length);
}
