// A binary min-heap of numbers over a growable Float64Array: the simulation's only structure.

/** A min-heap of numbers. */
export class MinHeap {
  private items: Float64Array;
  size = 0;

  constructor(capacity = 16) {
    this.items = new Float64Array(Math.max(1, capacity));
  }

  /** The smallest value (undefined when empty). */
  peek(): number | undefined {
    return this.size ? this.items[0] : undefined;
  }

  /** Adds a value. */
  push(value: number): void {
    if (this.size === this.items.length) {
      const grown = new Float64Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    const a = this.items;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (a[parent] <= value) break;
      a[i] = a[parent];
      i = parent;
    }
    a[i] = value;
  }

  /** Removes and returns the smallest value (undefined when empty). */
  pop(): number | undefined {
    if (this.size === 0) return undefined;
    const a = this.items;
    const top = a[0];
    const last = a[--this.size];
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= this.size) break;
      if (child + 1 < this.size && a[child + 1] < a[child]) child++;
      if (a[child] >= last) break;
      a[i] = a[child];
      i = child;
    }
    a[i] = last;
    return top;
  }
}
