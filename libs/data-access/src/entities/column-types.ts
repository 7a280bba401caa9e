import { Column, CreateDateColumn, UpdateDateColumn } from 'typeorm';

/**
 * Column decorators shared by the entities. Property names are the snake_case column
 * names on purpose: they match the domain resources attribute for attribute, so mapping
 * is a copy and raw SQL reads the same as the entity.
 */

/** An instant, stored as `timestamptz` and handled in UTC (the session zone is UTC). */
export const InstantColumn = (options: { nullable?: boolean } = {}): PropertyDecorator =>
  Column({ type: 'timestamptz', nullable: options.nullable ?? true });

export const CreatedAtColumn = (): PropertyDecorator => CreateDateColumn({ type: 'timestamptz' });
export const UpdatedAtColumn = (): PropertyDecorator => UpdateDateColumn({ type: 'timestamptz' });

export const TextColumn = (options: { nullable?: boolean } = {}): PropertyDecorator =>
  Column({ type: 'text', nullable: options.nullable ?? false });

export const NullableTextColumn = (): PropertyDecorator => Column({ type: 'text', nullable: true });

/** `text[]`, never null: an empty list is `'{}'`. */
export const TextArrayColumn = (): PropertyDecorator => Column({ type: 'text', array: true, default: () => "'{}'" });

export const UuidColumn = (options: { nullable?: boolean } = {}): PropertyDecorator =>
  Column({ type: 'uuid', nullable: options.nullable ?? false });

/** Builds `column IN ('a', 'b')` for a CHECK from a domain constant list, so the two never drift. */
export function inList(column: string, values: readonly (string | number)[], options: { nullable?: boolean } = {}): string {
  const list = values.map((value) => (typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`)).join(', ');
  const check = `"${column}" IN (${list})`;
  return options.nullable ? `"${column}" IS NULL OR ${check}` : check;
}
