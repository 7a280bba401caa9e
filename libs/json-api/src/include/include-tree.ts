/** Parsed `include`: each key a relationship name, each value what to include below it. */
export type IncludeTree = Map<string, IncludeTree>;

/** Builds the tree of dotted paths (`shipment,shipment.port_of_lading` → shipment → port_of_lading). */
export function includeTreeFromPaths(paths: readonly string[]): IncludeTree {
  const root: IncludeTree = new Map();
  for (const path of paths) {
    let node = root;
    for (const segment of path.split('.')) {
      let child = node.get(segment);
      if (!child) {
        child = new Map();
        node.set(segment, child);
      }
      node = child;
    }
  }
  return root;
}
