/** A list as the client sent it, each value once (first occurrence kept). */
export function distinct(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The `ref_numbers`/`tags` a PATCH replaces: only the lists it sent, without repeats. */
export function listChanges(
  refNumbers: readonly string[] | undefined,
  tags: readonly string[] | undefined,
): { ref_numbers?: string[]; tags?: string[] } {
  return { ...(refNumbers ? { ref_numbers: distinct(refNumbers) } : {}), ...(tags ? { tags: distinct(tags) } : {}) };
}
