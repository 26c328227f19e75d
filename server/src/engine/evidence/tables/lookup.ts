/** A table entry by key, ignoring Object.prototype (`toString`, `constructor` are method names too). */
export function lookup<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
