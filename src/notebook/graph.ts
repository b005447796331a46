// Graph pass: names defined by more than one cell, and circular definitions between cells.
// Each is one problem (one warning) listing its cells; every cell involved shows an error
// naming the others. Lists are capped, so a notebook of thousands of cells defining one name
// (or one long cycle) costs time and text linear in its cells, not in pairs of them.
import type {AnalysedCell, CellError} from "./cell.js";

/** Positions shown in one message before "… and N more". */
const shown = 10;

/** One duplicate name or one cycle: its cells and a message naming them all (capped). */
export interface GraphProblem {
  kind: "duplicate" | "cycle";
  /** The cells involved, in notebook order for duplicates and in cycle order for cycles. */
  cells: AnalysedCell[];
  /** The name (duplicates) or the names around the cycle. */
  names: string[];
  /** One line, as in a warning: `"a" is defined more than once (at nb.md:3, nb.md:9)`. */
  message: string;
}

/**
 * A capped, comma-separated list: "a, b, c … and 12 more". `total` is how many items there are
 * when the caller passes only the first few (so a long list need not be built to be cut).
 */
export function capped(items: readonly string[], separator = ", ", limit = shown, total = items.length): string {
  const list = items.slice(0, limit).join(separator);
  const more = total - Math.min(items.length, limit);
  return more > 0 ? `${list} … and ${more.toLocaleString("en-US")} more` : list;
}

/** Names defined by several cells and cycles between cells, once each. */
export function graphProblems(cells: readonly AnalysedCell[], path: string): GraphProblem[] {
  const at = (cell: AnalysedCell) => `${path}:${cell.line}`;
  const definers = definersOf(cells);
  const problems: GraphProblem[] = [];
  for (const [name, list] of definers) {
    if (list.length < 2) continue;
    problems.push({
      kind: "duplicate",
      cells: list,
      names: [name],
      message: `"${name}" is defined more than once (at ${capped(list.map(at))})`
    });
  }
  for (const cycle of findCycles(cells, definers)) {
    const names = cycle.map((c) => c.declarations[0] ?? c.id);
    const loop =
      names.length > shown
        ? `${names.slice(0, shown).join(" → ")} → … (${names.length.toLocaleString("en-US")} cells) → ${names[0]}`
        : [...names, names[0]].join(" → ");
    problems.push({kind: "cycle", cells: cycle, names, message: `circular definition: ${loop} (cells at ${capped(cycle.map(at))})`});
  }
  return problems;
}

/** Errors to attach to cells by id, for duplicate names and cycles. */
export function checkGraph(cells: readonly AnalysedCell[], path: string, problems = graphProblems(cells, path)): Map<string, CellError> {
  const errors = new Map<string, CellError>();
  const at = (cell: AnalysedCell) => `${path}:${cell.line}`;
  for (const problem of problems) {
    if (problem.kind !== "duplicate") continue;
    const [name] = problem.names;
    const positions = problem.cells.map(at);
    problem.cells.forEach((cell, i) => {
      // The others, capped: at most `shown` + 1 positions are looked at per cell.
      const list = capped(
        positions.slice(0, shown + 1).filter((_, j) => j !== i),
        ", ",
        shown,
        positions.length - 1
      );
      errors.set(cell.id, {
        name: "RuntimeError",
        message: `"${name}" is defined more than once (also at ${list})`,
        line: cell.line,
        column: cell.column
      });
    });
  }
  for (const problem of problems) {
    if (problem.kind !== "cycle") continue;
    for (const cell of problem.cells) {
      if (errors.has(cell.id)) continue;
      errors.set(cell.id, {name: "RuntimeError", message: problem.message, line: cell.line, column: cell.column});
    }
  }
  return errors;
}

/**
 * The errors the build attaches to cells from the graph, for every host (build and in-page
 * editor): as in Framework, a name declared by two cells stops neither (both run, the runtime
 * fails the name), while a cycle stops each of its cells.
 */
export function graphCellErrors(
  cells: readonly AnalysedCell[],
  path: string,
  problems = graphProblems(cells, path)
): Map<string, CellError> {
  return checkGraph(
    cells,
    path,
    problems.filter((problem) => problem.kind === "cycle")
  );
}

/** The cells defining each name (cells with errors define nothing). */
function definersOf(cells: readonly AnalysedCell[]): Map<string, AnalysedCell[]> {
  const definers = new Map<string, AnalysedCell[]>();
  for (const cell of cells) {
    if (cell.error) continue;
    for (const name of new Set(cell.declarations)) {
      const list = definers.get(name);
      if (list) list.push(cell);
      else definers.set(name, [cell]);
    }
  }
  return definers;
}

/**
 * Strongly connected groups of two or more cells: Tarjan's algorithm with an explicit stack of
 * (cell, next edge) frames instead of recursion, so a chain of any length cannot overflow.
 */
function findCycles(cells: readonly AnalysedCell[], definers: Map<string, AnalysedCell[]>): AnalysedCell[][] {
  const index = new Map<AnalysedCell, number>();
  const low = new Map<AnalysedCell, number>();
  const stack: AnalysedCell[] = [];
  const onStack = new Set<AnalysedCell>();
  const cycles: AnalysedCell[][] = [];
  let counter = 0;
  const edges = (cell: AnalysedCell) => [...new Set(cell.references)].flatMap((name) => definers.get(name) ?? []);
  for (const root of cells) {
    if (root.error || index.has(root)) continue;
    const frames: {cell: AnalysedCell; next: AnalysedCell[]; i: number}[] = [];
    const enter = (cell: AnalysedCell) => {
      index.set(cell, counter);
      low.set(cell, counter++);
      stack.push(cell);
      onStack.add(cell);
      frames.push({cell, next: edges(cell), i: 0});
    };
    enter(root);
    while (frames.length) {
      const frame = frames[frames.length - 1];
      if (frame.i < frame.next.length) {
        const next = frame.next[frame.i++];
        if (!index.has(next)) enter(next);
        else if (onStack.has(next)) low.set(frame.cell, Math.min(low.get(frame.cell)!, index.get(next)!));
        continue;
      }
      // All edges done: close the group if this cell is its root, then return to the caller.
      const {cell} = frame;
      frames.pop();
      if (low.get(cell) === index.get(cell)) {
        const group: AnalysedCell[] = [];
        let member: AnalysedCell;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== cell);
        if (group.length > 1) cycles.push(group.reverse());
      }
      const caller = frames[frames.length - 1];
      if (caller) low.set(caller.cell, Math.min(low.get(caller.cell)!, low.get(cell)!));
    }
  }
  return cycles;
}
