// The Jest set-up every project's tests share (`preset` in each project's jest.config.js).
// One transform for every test: SWC (fast on a 2-core machine) with Nest's decorator
// metadata; types are checked by each project's `typecheck` target, not per test file.
// Paths are absolute: `<rootDir>` is the project's folder.
const path = require('node:path');
const { compilerOptions } = require('./tsconfig.base.json');
const { ESM_ONLY } = require('./jest.resolver');
const esmPackages = `(${ESM_ONLY.join('|')})`;

// The `@quayside/<lib>` aliases of tsconfig.base.json, as one pattern: a mapping that names no
// file keeps each lib's entry point out of every project's test inputs, so Nx reruns (and
// `nx affected` picks) only the tests of the projects that depend on a changed lib.
const libs = Object.entries(compilerOptions.paths).map(([alias, [target]]) => {
  const lib = alias.replace('@quayside/', '');
  if (target !== `libs/${lib}/src/index.ts`) throw new Error(`${alias} -> ${target}: expected libs/${lib}/src/index.ts`);
  return lib;
});
const moduleNameMapper = { [`^@quayside/(${libs.join('|')})$`]: path.join(__dirname, 'libs/$1/src/index.ts') };

module.exports = {
  testEnvironment: 'node',
  // Unit tests: pure logic, no servers, in parallel.
  testMatch: ['<rootDir>/**/*.spec.ts'],
  // A project without tests of a kind yet runs none, and the next file added is picked up as it is.
  passWithNoTests: true,
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper,
  transform: {
    [`/node_modules/${esmPackages}/.+\\.js$`]: ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
        sourceMaps: 'inline',
      },
    ],
  },
  // ES-module-only packages (listed in jest.resolver.js): Node loads them natively, Jest
  // needs them compiled to CommonJS.
  transformIgnorePatterns: [`/node_modules/(?!${esmPackages}/)`],
  resolver: path.join(__dirname, 'jest.resolver.js'),
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: ['reflect-metadata'],
};
