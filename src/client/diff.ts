// Which cells a live update keeps, redefines, adds and removes (pure, testable in Node).

export interface Keyed {
  id: string;
  hash: string;
  error?: unknown;
}

export interface CellDiff {
  unchanged: string[];
  changed: string[];
  added: string[];
  removed: string[];
}

/**
 * Compares the defined cells with a new list by id and hash. Cells with an error are always
 * "changed" when they persist: they define nothing but placeholders whose names depend on the
 * other cells, so they are cheap to redo and must be recomputed against the new set.
 */
export function diffCells(previous: Iterable<Keyed>, next: readonly Keyed[]): CellDiff {
  const before = new Map<string, Keyed>();
  for (const cell of previous) before.set(cell.id, cell);
  const seen = new Set<string>();
  const diff: CellDiff = {unchanged: [], changed: [], added: [], removed: []};
  for (const cell of next) {
    if (seen.has(cell.id)) throw new Error(`cell id ${cell.id} appears twice`);
    seen.add(cell.id);
    const old = before.get(cell.id);
    if (!old) diff.added.push(cell.id);
    else if (old.hash !== cell.hash || old.error || cell.error) diff.changed.push(cell.id);
    else diff.unchanged.push(cell.id);
  }
  for (const id of before.keys()) if (!seen.has(id)) diff.removed.push(id);
  return diff;
}

/** Compares two embedded-file maps: true when any file was added, removed or changed. */
export function filesChanged(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  if (a === b) return false;
  const ka = Object.keys(a),
    kb = Object.keys(b);
  if (ka.length !== kb.length) return true;
  for (const k of ka) {
    if (!Object.hasOwn(b, k)) return true;
    if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) return true;
  }
  return false;
}
