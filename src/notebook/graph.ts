// Graph pass: names defined by more than one cell, and circular definitions between cells.
// Both are reported at every cell involved, with the positions of the others.
import type {AnalysedCell, CellError} from "./cell.js";

/** Errors to attach to cells by id, for duplicate names and cycles. */
export function checkGraph(cells: readonly AnalysedCell[], path: string): Map<string, CellError> {
  const errors = new Map<string, CellError>();
  const at = (cell: AnalysedCell) => `${path}:${cell.line}`;
  const definers = new Map<string, AnalysedCell[]>();
  for (const cell of cells) {
    if (cell.error) continue;
    for (const name of cell.declarations) definers.set(name, [...(definers.get(name) ?? []), cell]);
  }
  for (const [name, list] of definers) {
    if (list.length < 2) continue;
    for (const cell of list) {
      const others = list.filter((c) => c !== cell).map(at).join(", ");
      errors.set(cell.id, {name: "RuntimeError", message: `"${name}" is defined more than once (also at ${others})`, line: cell.line, column: cell.column});
    }
  }
  for (const cycle of findCycles(cells, definers)) {
    const names = cycle.map((c) => c.declarations[0] ?? c.id);
    for (const cell of cycle) {
      if (errors.has(cell.id)) continue;
      errors.set(cell.id, {name: "RuntimeError", message: `circular definition: ${[...names, names[0]].join(" → ")} (cells at ${cycle.map(at).join(", ")})`, line: cell.line, column: cell.column});
    }
  }
  return errors;
}

/** Strongly connected groups of two or more cells (Tarjan's algorithm). */
function findCycles(cells: readonly AnalysedCell[], definers: Map<string, AnalysedCell[]>): AnalysedCell[][] {
  const index = new Map<AnalysedCell, number>();
  const low = new Map<AnalysedCell, number>();
  const stack: AnalysedCell[] = [];
  const onStack = new Set<AnalysedCell>();
  const cycles: AnalysedCell[][] = [];
  let counter = 0;
  const edges = (cell: AnalysedCell) => cell.references.flatMap((name) => definers.get(name) ?? []);
  const visit = (cell: AnalysedCell) => {
    index.set(cell, counter);
    low.set(cell, counter++);
    stack.push(cell);
    onStack.add(cell);
    for (const next of edges(cell)) {
      if (!index.has(next)) {
        visit(next);
        low.set(cell, Math.min(low.get(cell)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(cell, Math.min(low.get(cell)!, index.get(next)!));
      }
    }
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
  };
  for (const cell of cells) if (!cell.error && !index.has(cell)) visit(cell);
  return cycles;
}
