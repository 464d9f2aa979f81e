/**
 * What a fixture hands a suite before its `before` hook made the real thing: an object that
 * forwards every read to the real one once it exists, so a suite can name it where it declares
 * it (`const { app, page } = appWithBrowser()`) and use it in its tests as it is.
 */
export function standIn<T extends object>(what: string, current: () => T | undefined): T {
  const real = (): T => {
    const r = current();
    if (!r) throw new Error(`${what} is used before its suite's before hook made it`);
    return r;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const r = real();
      const value = Reflect.get(r, key, r);
      return typeof value === "function" ? value.bind(r) : value;
    },
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      return d ? { ...d, configurable: true } : d;
    },
  });
}
