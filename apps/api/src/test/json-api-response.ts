import type { InjectResult } from './api-test-app';

/** A resource object as a test reads it from a response. */
export interface Resource {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: { id: string; type: string } | null }>;
  links?: { self: string };
}

/** An error object of a `{errors: [...]}` body (docs/json-api.md). */
export interface ErrorObject {
  status: string;
  title: string;
  detail: string;
  code?: string;
  source?: { pointer?: string; parameter?: string };
  meta?: Record<string, unknown>;
}

export const dataOf = (response: InjectResult): Resource => response.json!['data'] as Resource;
export const listOf = (response: InjectResult): Resource[] => response.json!['data'] as Resource[];
export const errorsOf = (response: InjectResult): ErrorObject[] => response.json!['errors'] as ErrorObject[];
