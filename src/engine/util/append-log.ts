/**
 * An append-only list with value semantics at O(1) per append.
 *
 * Each `AppendLog` is a view of the first `length` items of a shared backing array. Appending to
 * the newest view pushes in place; appending to an older view (a branch) copies its prefix first.
 * So a state that holds a log never sees later appends, and the pure step function can extend
 * logs without copying the whole history each step.
 */
export class AppendLog<T> {
  private constructor(
    private readonly items: T[],
    readonly length: number,
  ) {}

  static empty<T>(): AppendLog<T> {
    return new AppendLog<T>([], 0);
  }

  static of<T>(items: readonly T[]): AppendLog<T> {
    return new AppendLog<T>(items.slice(), items.length);
  }

  /** Pure: returns a log with `item` appended; this log is unchanged. */
  append(item: T): AppendLog<T> {
    if (this.items.length === this.length) {
      this.items.push(item);
      return new AppendLog(this.items, this.length + 1);
    }
    const copy = this.items.slice(0, this.length);
    copy.push(item);
    return new AppendLog(copy, this.length + 1);
  }

  /** Pure: replaces the last item (a branch copy when the backing array is shared beyond it). */
  replaceLast(item: T): AppendLog<T> {
    const copy = this.items.slice(0, this.length);
    copy[this.length - 1] = item;
    return new AppendLog(copy, this.length);
  }

  /** True when nothing was appended beyond this view (appending will not copy). */
  isHead(): boolean {
    return this.items.length === this.length;
  }

  at(index: number): T | undefined {
    return index >= 0 && index < this.length ? this.items[index] : undefined;
  }

  last(): T | undefined {
    return this.at(this.length - 1);
  }

  /** A fresh array of the items in view (O(length)). */
  toArray(): T[] {
    return this.items.slice(0, this.length);
  }

  /** Iterates the items in view from `from` without copying. */
  *from(from: number): IterableIterator<T> {
    for (let i = Math.max(0, from); i < this.length; i++) yield this.items[i] as T;
  }
}

/**
 * A key → first-index map that belongs to one `AppendLog` branch: lookups ignore indexes at or
 * beyond the caller's view length, and a branch that diverges rebuilds its own index.
 */
export class FirstIndex {
  private readonly map = new Map<string, number[]>();

  /** Records that `key` occurs at `index` (indexes must arrive in increasing order). */
  add(key: string, index: number): void {
    const list = this.map.get(key);
    if (list) list.push(index);
    else this.map.set(key, [index]);
  }

  /** The first index of `key` within [from, to), or -1. */
  find(key: string, from: number, to: number): number {
    const list = this.map.get(key);
    if (!list) return -1;
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((list[mid] as number) < from) low = mid + 1;
      else high = mid;
    }
    const index = list[low];
    return index !== undefined && index < to ? index : -1;
  }
}
