/**
 * An attribute interface as a plain object type, so a mapper's typed result is also the
 * `Record<string, unknown>` a `ResourceDefinition` returns (interfaces have no index signature).
 */
export type AttributesOf<T> = { [K in keyof T]: T[K] };

/** An instant as ISO 8601 in UTC (`2026-08-14T09:30:00.000Z`), or null. */
export function isoInstant(value: Date): string;
export function isoInstant(value: Date | null | undefined): string | null;
export function isoInstant(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}
