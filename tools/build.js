#!/usr/bin/env node
// Production build: every app, lib and CLI compiled by SWC into dist/ with the same
// layout, `@quayside/*` aliases rewritten to relative paths (so plain `node` runs it),
// and JSON data files and assets/ folders (browser files, worker-thread scripts) copied beside the code. Types are checked by `npm run typecheck`.
// Usage: node tools/build.js [--out <dir>] [project root ...] — with none, every project that has a `build`
// target (its project.json); each Nx project's `build` target passes its own root (dist/<root> is
// replaced, the rest kept). Nothing of the tests goes into dist/: specs, test helpers (test/ and
// __tests__/ folders; libs/testing has no build target) and fixtures (fixtures/ folders, and
// tools/reference, the established API's description the e2e tests compare against), the same
// files nx.json's `production` inputs leave out.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const swc = require('@swc/core');
const { compilerOptions } = require('../tsconfig.base.json');

const root = path.resolve(__dirname, '..');
// `--out <dir>` builds elsewhere than dist/ (the e2e test of an operator's install builds into
// its own folder, so it never rewrites the dist/ another test runs from).
const outFlag = process.argv[2] === '--out' ? process.argv[3] : undefined;
const out = outFlag === undefined ? path.join(root, 'dist') : path.resolve(outFlag);
const projects = process.argv.slice(outFlag === undefined ? 2 : 4);
const sources = projects.length > 0 ? projects : builtProjects();
const skip = /(\.spec|\.integration-spec|\.e2e-spec)\.ts$/;
const SKIPPED_FOLDERS = new Set(['test', '__tests__', 'fixtures', 'node_modules']);
const SKIPPED_PATHS = new Set([path.join('tools', 'reference')]);

/** The roots of the projects under apps/, libs/ and tools/ whose project.json has a `build` target. */
function builtProjects() {
  const roots = ['tools'];
  for (const top of ['apps', 'libs'])
    for (const entry of fs.readdirSync(path.join(root, top), { withFileTypes: true }))
      if (entry.isDirectory()) roots.push(path.join(top, entry.name));
  return roots.filter((dir) => {
    const file = path.join(root, dir, 'project.json');
    return fs.existsSync(file) && JSON.parse(fs.readFileSync(file, 'utf8')).targets?.build !== undefined;
  });
}

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name) && !SKIPPED_PATHS.has(path.relative(root, full))) yield* walk(full);
    } else yield full;
  }
}

async function main() {
  if (projects.length === 0) fs.rmSync(out, { recursive: true, force: true });
  for (const project of projects) fs.rmSync(path.join(out, project), { recursive: true, force: true });
  let count = 0;
  for (const top of sources) {
    for (const file of walk(path.join(root, top))) {
      const rel = path.relative(root, file);
      const target = path.join(out, rel);
      // JSON data, and browser files served as they are (the widget's assets/ folders).
      if ((file.endsWith('.json') && !/(^|\/)(project|tsconfig)\.json$/.test(rel)) || rel.split(path.sep).includes('assets')) {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.copyFileSync(file, target);
        continue;
      }
      if (!file.endsWith('.ts') || file.endsWith('.d.ts') || skip.test(file)) continue;
      const { code, map } = await swc.transformFile(file, {
        filename: file,
        sourceMaps: true,
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
          baseUrl: root,
          paths: compilerOptions.paths,
        },
        module: { type: 'commonjs' },
      });
      const js = target.replace(/\.ts$/, '.js');
      fs.mkdirSync(path.dirname(js), { recursive: true });
      fs.writeFileSync(js, `${code}\n//# sourceMappingURL=${path.basename(js)}.map\n`);
      if (map) fs.writeFileSync(`${js}.map`, map);
      count += 1;
    }
  }
  console.log(`built ${count} files into ${path.relative(root, out) || '.'}/`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
