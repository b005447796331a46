// One notebook's editing session: which block each cell element and prose run is, the edit
// log (queuebook.edits or memory), and applying the notebook as edited to the page: compile it
// with the build's passes, give the cell elements their new identities, rebuild <main> only
// when its structure changed, then redefine: the runtime re-runs exactly the cells whose
// definition changed and their dependents, every other cell keeps its state.
import type {CellDefinition, NotebookDefinition} from "../../notebook/contract.js";
import type {BlockRef, SourceEdit} from "../../notebook/source.js";
import {patchMain} from "../reload.js";
import {compileEdited, type EditCompiled} from "./compile.js";
import {compileCellEdit} from "./compileCell.js";
import {editLog, type EditLog, type PageSource} from "./document.js";
import {evaluateDefinition} from "./evaluate.js";
import {maybePageApi, pageApi} from "../pageApi.js";

/** One block of the notebook as edited, in order. */
export interface Entry {
  ref: BlockRef;
  kind: "cell" | "prose";
  removed: boolean;
}

const UI = "data-qb-ui";

/** The page's `main` (the notebook's content). */
export function notebookMain(): HTMLElement {
  return document.querySelector<HTMLElement>("main.qb-notebook:not(.qb-index)")!;
}

/** True for an element that belongs to a code cell (its output element or its echoed code). */
export function isCellPart(e: Element): boolean {
  return e.classList.contains("qb-cell") || (e.tagName === "PRE" && e.classList.contains("qb-echo"));
}

export class Session {
  readonly log: EditLog;
  entries: Entry[];
  compiled: EditCompiled;
  /** How many edits were applied (`data-qb-edits` on <html>: tests and benches wait on it). */
  applied = 0;
  /** Called after each apply with the elements main holds now (panels and code views go back in place). */
  onApplied: (structural: boolean) => void = () => {};

  /**
   * For each cell the page runs, by id, the hash this compiler gives its definition: a cell is
   * redefined only when that changes. (The page's own hashes can differ for the same cell: the
   * bundle stamps importing cells, and esbuild prints a TypeScript cell differently from sucrase.)
   */
  private running = new Map<string, string>();

  constructor(readonly source: PageSource) {
    this.log = editLog(source);
    this.entries = source.blocks.map((b, ref) => ({ref, kind: b.kind, removed: false}));
    this.compiled = compileEdited(this.log.current(), this.path());
    // the page runs what its bundle defined: this compile of the same text stands for it
    if (this.log.current() === source.text) for (const d of this.compiled.definitions) this.running.set(d.id, d.hash);
  }

  /** The path cells report errors with (the bundle's, e.g. "erlang-c.md"). */
  path(): string {
    return maybePageApi()?.current?.().path || this.source.path;
  }

  /** The code cells in order, as edited. */
  liveCells(): Entry[] {
    return this.entries.filter((e) => e.kind === "cell" && !e.removed);
  }

  /** The cells' output elements, in order. */
  cellElements(): Element[] {
    return Array.from(notebookMain().querySelectorAll(":scope > .qb-cell"));
  }

  /** Each live cell's element, by block. */
  elementsByRef(): Map<BlockRef, Element> {
    const elements = this.cellElements();
    return new Map(
      this.liveCells()
        .map((e, k) => [e.ref, elements[k]] as const)
        .filter(([, el]) => el)
    );
  }

  /** The block of a cell's element. */
  refOfCell(element: Element): BlockRef | undefined {
    return this.liveCells()[this.cellElements().indexOf(element)]?.ref;
  }

  /** The prose block that follows the cell element `after` (null: the notebook's start), if any. */
  proseAfter(after: Element | null): BlockRef | undefined {
    const ref = after ? this.refOfCell(after) : undefined;
    let i = ref === undefined ? 0 : this.entries.findIndex((e) => e.ref === ref) + 1;
    for (; i < this.entries.length; i++) {
      const e = this.entries[i];
      if (e.removed) continue;
      if (e.kind === "cell") return undefined;
      return e.ref;
    }
    return undefined;
  }

  /** The block's parsed cell (sources as the editor shows them: as the parser reads the fence). */
  cellOf(ref: BlockRef) {
    const k = this.liveCells().findIndex((e) => e.ref === ref);
    return k < 0 ? undefined : this.parsedCells()[k];
  }

  /** Every live cell's parsed cell, in order, in one pass (cellOf for each would be quadratic: 4 ms a Shift+Enter at 600 cells). */
  parsedCells() {
    const parsed = this.compiled.parsed.cells.filter((c) => !c.inline);
    return this.liveCells().map((_, k) => parsed[k]);
  }

  /** The text the editor opens with. */
  textOf(ref: BlockRef): string {
    const entry = this.entries.find((e) => e.ref === ref);
    if (entry?.kind === "cell") return this.cellOf(ref)?.source ?? "";
    return this.log.source(ref)?.replace(/\n+$/, "") ?? "";
  }

  /** The element before which a block's editor goes: a cell's echoed code or output, a prose run's first element. */
  anchorOf(ref: BlockRef): Element | null {
    const entry = this.entries.find((e) => e.ref === ref);
    if (!entry || entry.removed) return null;
    if (entry.kind === "cell") {
      const el = this.elementsByRef().get(ref) ?? null;
      const before = el?.previousElementSibling;
      return before && before.tagName === "PRE" && before.classList.contains("qb-echo") ? before : el;
    }
    // the run after the closest live cell before this prose block
    const i = this.entries.indexOf(entry);
    const previous = this.entries
      .slice(0, i)
      .reverse()
      .find((e) => e.kind === "cell" && !e.removed);
    let node = previous ? (this.elementsByRef().get(previous.ref)?.nextElementSibling ?? null) : notebookMain().firstElementChild;
    while (node?.hasAttribute(UI)) node = node.nextElementSibling;
    return node && !isCellPart(node) ? node : null;
  }

  /** Runs a cell or prose block's new text. */
  replace(ref: BlockRef, text: string) {
    const saved = this.log.replace(ref, text);
    const entry = this.entries.find((e) => e.ref === ref);
    // a code cell's new body: that fence alone is compiled again (compileCell.ts), when it can be
    const k = entry?.kind === "cell" ? this.liveCells().indexOf(entry) : -1;
    const started = performance.now();
    const compiled = k >= 0 ? compileCellEdit(this.compiled, k, this.log.current(), this.path()) : undefined;
    this.apply(this.elementsByRef(), entry?.kind === "prose", compiled, started);
    return saved;
  }

  /** Inserts a code or prose block below `after`; returns the new block. */
  insert(after: BlockRef, kind: "cell" | "prose", text: string, lang = "js") {
    const before = this.elementsByRef();
    const {block, saved} = this.log.insert(after, kind, text, kind === "cell" ? lang : undefined);
    this.entries.splice(this.entries.findIndex((e) => e.ref === after) + 1, 0, {ref: block, kind, removed: false});
    this.apply(before, true);
    return {block, saved};
  }

  /** Deletes a block (restore undoes it). */
  remove(ref: BlockRef) {
    const before = this.elementsByRef();
    const saved = this.log.remove(ref);
    this.mark(ref, true);
    this.apply(before, true);
    return saved;
  }

  /** Brings a deleted block back where it was. */
  restore(ref: BlockRef) {
    const before = this.elementsByRef();
    const saved = this.log.restore(ref);
    this.mark(ref, false);
    this.apply(before, true);
    return saved;
  }

  /** Applies stored edits on load (the log already holds them): the blocks, then the page once. */
  replay(edits: readonly SourceEdit[]): void {
    const before = this.elementsByRef();
    for (const edit of edits) {
      if (edit.op === "insert") {
        const at = edit.after === -1 ? 0 : this.entries.findIndex((e) => e.ref === edit.after) + 1;
        this.entries.splice(at, 0, {ref: edit.block, kind: edit.kind, removed: false});
      } else if (edit.op !== "replace") this.mark(edit.block, edit.op === "remove");
    }
    this.apply(before, true);
  }

  private mark(ref: BlockRef, removed: boolean): void {
    const entry = this.entries.find((e) => e.ref === ref);
    if (entry) entry.removed = removed;
  }

  /**
   * Compiles the notebook as edited and puts it on the page. `before`: each live cell's element
   * by block before the change, so an element keeps its outputs under its cell's new identity.
   */
  apply(before: Map<BlockRef, Element>, structural: boolean, precompiled?: EditCompiled, started = performance.now()): void {
    const compiled = (this.compiled = precompiled ?? compileEdited(this.log.current(), this.path()));
    // (performance entries: the bench reads where a run's time goes, a trace shows them)
    const compiledAt = performance.now();
    performance.measure("queuebook:edit-compile", {start: started, end: compiledAt, detail: {whole: !precompiled}});
    const blockCells = compiled.parsed.cells.filter((c) => !c.inline);
    const live = this.liveCells();
    if (blockCells.length !== live.length) structural = true; // a fence typed into prose: rebuild
    live.forEach((entry, k) => {
      const element = before.get(entry.ref);
      if (!element || !blockCells[k]) return;
      // (only what changed: the other 600 cells of a long notebook keep their nodes untouched)
      if (element.getAttribute("data-cell") !== blockCells[k].id) element.setAttribute("data-cell", blockCells[k].id);
      const echo = element.previousElementSibling;
      const code = !structural && echo?.tagName === "PRE" && echo.classList.contains("qb-echo") ? echo.querySelector("code")! : undefined;
      if (code && code.textContent !== blockCells[k].source) code.textContent = blockCells[k].source;
    });
    if (structural) {
      // editors, code views and notices are the session's, not the notebook's: kept aside
      const main = notebookMain();
      const kept = Array.from(main.querySelectorAll(`:scope > [${UI}]:not(button[data-qb-edit])`));
      for (const node of kept) node.remove();
      patchMain(compiled.parsed.html);
    }
    this.define(compiled);
    performance.measure("queuebook:edit-define", {start: compiledAt, end: performance.now()});
    this.applied++;
    document.documentElement.setAttribute("data-qb-edits", String(this.applied));
    this.onApplied(structural);
  }

  /** Redefines the notebook: definitions that did not change are handed back as the page holds them. */
  private define(compiled: EditCompiled): void {
    const q = pageApi();
    const current: NotebookDefinition = q.current!();
    const byId = new Map(current.cells.map((d) => [d.id, d]));
    const cells: CellDefinition[] = compiled.definitions.map((d, i) => {
      const old = byId.get(d.id);
      // unchanged, but an edit above may have moved it: its errors then say where it is now
      const {line, column} = compiled.analysed[i];
      if (old && this.running.get(d.id) === d.hash) return old.line === line && old.column === column ? old : {...old, line, column};
      this.running.set(d.id, d.hash);
      return evaluateDefinition(d.text);
    });
    q.notebook({path: current.path, files: current.files, languages: current.languages, cells});
  }
}
