import type { ResourceObject } from '../model/json-api-document';

export interface ResourceDocument {
  data: ResourceObject;
  included: ResourceObject[];
}

export interface ListDocument {
  data: ResourceObject[];
  included: ResourceObject[];
  links: Record<string, string | null | undefined>;
}

export function readSingle(body: unknown): ResourceDocument {
  const document = body as { data?: ResourceObject; included?: ResourceObject[] } | undefined;
  if (!document?.data) throw new Error('Quayside answered without a resource.');
  return { data: document.data, included: document.included ?? [] };
}

export function readList(body: unknown): ListDocument {
  const document = body as { data?: ResourceObject[]; included?: ResourceObject[]; links?: Record<string, string | null> } | undefined;
  return { data: document?.data ?? [], included: document?.included ?? [], links: document?.links ?? {} };
}

/** The included resources a relationship points at, in its order. */
export function related(resource: ResourceObject, name: string, included: readonly ResourceObject[]): ResourceObject[] {
  const linkage = resource.relationships?.[name]?.data;
  const refs = linkage === undefined || linkage === null ? [] : Array.isArray(linkage) ? linkage : [linkage];
  return refs.flatMap((ref) => included.filter((r) => r.id === ref.id && r.type === ref.type));
}

export function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
