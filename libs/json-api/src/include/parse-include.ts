import { badRequest } from '@quayside/domain';
import type { ResourceRegistry } from '../registry/resource-registry';
import type { IncludeTree } from './include-tree';
import { includeTreeFromPaths } from './include-tree';

/** Deep enough for `shipment.pod_terminal.port`; deeper chains are refused rather than fanned out. */
export const MAX_INCLUDE_DEPTH = 3;

/**
 * Parses the `include` query parameter (`shipment,shipment.port_of_lading,pod_terminal`) and
 * checks every path against the registry's per-resource allowlist: an unknown path answers
 * 400 naming it and what may be included instead. Absent or empty means "include nothing".
 */
export function parseInclude<TContext>(registry: ResourceRegistry<TContext>, rootType: string, raw: unknown): IncludeTree {
  if (raw === undefined || raw === null) return new Map();
  if (typeof raw !== 'string') {
    throw badRequest('include must be one comma-separated list, given once.', { parameter: 'include' });
  }
  const paths = [
    ...new Set(
      raw
        .split(',')
        .map((path) => path.trim())
        .filter((path) => path !== ''),
    ),
  ];
  for (const path of paths) checkPath(registry, rootType, path);
  return includeTreeFromPaths(paths);
}

function checkPath<TContext>(registry: ResourceRegistry<TContext>, rootType: string, path: string): void {
  const segments = path.split('.');
  if (segments.length > MAX_INCLUDE_DEPTH) {
    throw badRequest(`Include path "${path}" is deeper than ${MAX_INCLUDE_DEPTH} levels.`, { parameter: 'include' });
  }
  let type = rootType;
  for (const [index, segment] of segments.entries()) {
    const allowed = registry.includable(type);
    if (!allowed.includes(segment)) {
      const at = index === 0 ? rootType : `${segments.slice(0, index).join('.')} (${type})`;
      const choices = allowed.length > 0 ? ` Allowed: ${allowed.join(', ')}.` : ' Nothing can be included there.';
      throw badRequest(`Unknown include path "${path}": "${segment}" is not an includable relationship of ${at}.${choices}`, {
        parameter: 'include',
      });
    }
    type = registry.relationship(type, segment)!.type;
  }
}
