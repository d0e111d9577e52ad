/**
 * Tables of the contract whose entries are built on first read. Building an endpoint's zod schemas takes a
 * browser's main thread hundreds of milliseconds for the whole table at start-up, where a page needs a handful
 * of paths: each entry is a function run once, the first time the entry is read (enumerating the table, as
 * the server and the contract sweep do, builds every entry).
 */
export function lazyEntries<T extends Record<string, () => object>>(build: T): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const table = {} as { [K in keyof T]: ReturnType<T[K]> };
  for (const key of Object.keys(build) as (keyof T & string)[]) {
    let value: ReturnType<T[typeof key]> | undefined;
    Object.defineProperty(table, key, {
      enumerable: true,
      get: () => (value ??= build[key]?.() as ReturnType<T[typeof key]>),
    });
  }
  return table;
}

/** Several tables of `lazyEntries` as one whose entries are still built on first read (a spread builds them all). */
export function mergeLazyTables<T extends object>(...tables: object[]): T {
  const merged = {};
  for (const table of tables) {
    for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(table))) {
      if (Object.prototype.hasOwnProperty.call(merged, key)) throw new Error(`Two contract tables define ${key}`);
      Object.defineProperty(merged, key, descriptor);
    }
  }
  return merged as T;
}
