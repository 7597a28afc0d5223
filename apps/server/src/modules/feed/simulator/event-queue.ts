/**
 * A min-heap of timed events. Ties on time break by insertion order, so two events due at the
 * same millisecond always run in the order they were scheduled: the simulation's determinism
 * rests on that, since the heap alone would order equal keys arbitrarily.
 */

interface Entry<T> {
  atMs: number;
  order: number;
  item: T;
}

export class EventQueue<T> {
  private readonly heap: Entry<T>[] = [];
  private scheduled = 0;

  get size(): number {
    return this.heap.length;
  }

  push(atMs: number, item: T): void {
    this.heap.push({ atMs, order: this.scheduled++, item });
    this.siftUp(this.heap.length - 1);
  }

  /** When the earliest event is due, or undefined when none is. */
  peekTime(): number | undefined {
    return this.heap[0]?.atMs;
  }

  pop(): { atMs: number; item: T } | undefined {
    const top = this.heap[0];
    const last = this.heap.pop();
    if (top === undefined || last === undefined) return undefined;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      this.siftDown(0);
    }
    return { atMs: top.atMs, item: top.item };
  }

  /**
   * Every pending event in the order it was scheduled: pushed in this order into an empty queue,
   * they pop exactly as they would from this one (ties keep their order).
   */
  pending(): { atMs: number; item: T }[] {
    return [...this.heap]
      .sort((left, right) => left.order - right.order)
      .map(({ atMs, item }) => ({ atMs, item }));
  }

  private before(a: number, b: number): boolean {
    const left = this.heap[a];
    const right = this.heap[b];
    if (left === undefined || right === undefined) return false;
    return left.atMs < right.atMs || (left.atMs === right.atMs && left.order < right.order);
  }

  private swap(a: number, b: number): void {
    const left = this.heap[a];
    const right = this.heap[b];
    if (left === undefined || right === undefined) return;
    this.heap[a] = right;
    this.heap[b] = left;
  }

  private siftUp(index: number): void {
    let child = index;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.before(child, parent)) return;
      this.swap(child, parent);
      child = parent;
    }
  }

  private siftDown(index: number): void {
    let parent = index;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let smallest = parent;
      if (left < this.heap.length && this.before(left, smallest)) smallest = left;
      if (right < this.heap.length && this.before(right, smallest)) smallest = right;
      if (smallest === parent) return;
      this.swap(parent, smallest);
      parent = smallest;
    }
  }
}
