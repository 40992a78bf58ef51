/** A value the code knows is there (a row just written, an index within bounds); a bug otherwise. */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}`);
  return value;
}
