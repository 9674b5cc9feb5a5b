/**
 * A map of schemas that builds each one the first time it is read, then keeps it.
 * The background checks a page's message with the schema of its type, and a wake that
 * only polls checks none: building every schema at start-up would be wasted work.
 * Reading a key twice gives the same schema; `in` and `Object.keys` see every key.
 */
export function lazySchemas<B extends Record<string, () => unknown>>(
  builders: B,
): { readonly [K in keyof B]: ReturnType<B[K]> } {
  const schemas = {} as { [K in keyof B]: ReturnType<B[K]> };
  for (const [key, build] of Object.entries(builders)) {
    Object.defineProperty(schemas, key, {
      enumerable: true,
      configurable: true,
      get() {
        const schema = build();
        Object.defineProperty(schemas, key, { value: schema, enumerable: true });
        return schema;
      },
    });
  }
  return schemas;
}
