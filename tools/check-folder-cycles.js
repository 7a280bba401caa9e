#!/usr/bin/env node
// Folder-level import cycles inside each Nx project (part of `npm test`): every non-test .ts
// file under apps/*/src or libs/*/src belongs to its first folder below src/; a relative
// import from one folder into another is an edge. Each strongly connected group of two or
// more folders (Tarjan) is printed, then 'N folder cycles'; exit 1 if there is any.
// Test files are left out: names containing ".spec.", anything under __tests__ or under a
// folder whose name starts with "test"; *.integration-spec.ts files count.
// Usage: node tools/check-folder-cycles.js [repository root]
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const IMPORT = /(?:import|export)[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]/g;

/** Files below `dir`, as [directory, file name] pairs; symbolic links to folders are not followed. */
function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile() || (entry.isSymbolicLink() && fs.statSync(full, { throwIfNoEntry: false })?.isFile())) yield [dir, entry.name];
  }
}

function isCounted(src, dir, name) {
  if (!name.endsWith('.ts') || name.includes('.spec.') || name.endsWith('.d.ts')) return false;
  const below = dir.slice(src.length).split(path.sep).join('/');
  return !below.includes('__tests__') && !below.includes('/test');
}

/** Folder → folders it imports, for one project's src/ directory. */
function folderEdges(src) {
  const edges = new Map();
  for (const [dir, name] of walk(src)) {
    if (!isCounted(src, dir, name)) continue;
    const own = path.relative(src, path.join(dir, name)).split(path.sep);
    if (own.length < 2) continue;
    const text = fs.readFileSync(path.join(dir, name), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const target = path.relative(src, path.resolve(dir, match[1] ?? match[2])).split(path.sep);
      if (target[0] === '..' || target.length < 2 || target[0] === own[0]) continue;
      if (!edges.has(own[0])) edges.set(own[0], new Set());
      edges.get(own[0]).add(target[0]);
    }
  }
  return edges;
}

/** Strongly connected groups of two or more nodes (Tarjan), each sorted. */
function cyclicGroups(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of [...(edges.get(v) ?? [])].sort()) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  const nodes = new Set(edges.keys());
  for (const targets of edges.values()) for (const w of targets) nodes.add(w);
  for (const v of [...nodes].sort()) if (!index.has(v)) visit(v);
  return groups;
}

/** One line per cycle, e.g. 'apps/api: a <-> b', for every project under apps/ and libs/. */
function findFolderCycles(root) {
  const lines = [];
  for (const kind of ['apps', 'libs']) {
    const base = path.join(root, kind);
    if (!fs.statSync(base, { throwIfNoEntry: false })?.isDirectory()) continue;
    for (const project of fs.readdirSync(base).sort()) {
      const src = path.join(base, project, 'src');
      if (!fs.statSync(src, { throwIfNoEntry: false })?.isDirectory()) continue;
      for (const group of cyclicGroups(folderEdges(src))) lines.push(`${kind}/${project}: ${group.join(' <-> ')}`);
    }
  }
  return lines;
}

module.exports = { findFolderCycles, folderEdges, cyclicGroups };

if (require.main === module) {
  const cycles = findFolderCycles(path.resolve(process.argv[2] ?? path.join(__dirname, '..')));
  for (const line of cycles) console.log(line);
  console.log(`${cycles.length} folder cycles`);
  process.exit(cycles.length > 0 ? 1 : 0);
}
