/** A binary heap: push and pop in O(log n), the smallest first by `before`. */
export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const items = this.items;
    items.push(item);
    let at = items.length - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (!this.before(items[at] as T, items[parent] as T)) break;
      [items[at], items[parent]] = [items[parent] as T, items[at] as T];
      at = parent;
    }
  }

  pop(): T | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let at = 0;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let best = at;
      if (left < items.length && this.before(items[left] as T, items[best] as T)) best = left;
      if (right < items.length && this.before(items[right] as T, items[best] as T)) best = right;
      if (best === at) break;
      [items[at], items[best]] = [items[best] as T, items[at] as T];
      at = best;
    }
    return top;
  }
}
