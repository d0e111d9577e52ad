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

/** Whether this is a browser page (the server and scripts have no `document`). */
const IN_A_PAGE = 'document' in globalThis;

/**
 * A schema built on first use in a browser: `lazySchema(() => z.object({ … }))` stands for the schema `build`
 * returns, with its type, and builds it the first time anything reads it (a parse, a property, another schema
 * built from it). The entities are declared this way so that a page importing the contract constructs none of
 * them: start-up parses a few. Elsewhere (`lazy` false: the server, which builds every endpoint at start and walks
 * the schemas by identity to write its OpenAPI document and response serializers) the schema is built at once and
 * is the schema itself.
 */
export function lazySchema<T extends object>(build: () => T, lazy = IN_A_PAGE): T {
  if (!lazy) return build();
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key, schema()),
    set: (_, key, value) => Reflect.set(schema(), key, value, schema()),
    has: (_, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    // The stand-in has none of the schema's own properties, so each is reported as configurable (a proxy may not
    // report a non-configurable property its target lacks).
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
