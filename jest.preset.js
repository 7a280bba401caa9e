// One transform for every test: SWC (fast on a 2-core machine) with Nest's decorator
// metadata; types are checked once by `npm run typecheck`, not per test file.
const { compilerOptions } = require('./tsconfig.base.json');
const { ESM_ONLY } = require('./jest.resolver');
const esmPackages = `(${ESM_ONLY.join('|')})`;

const moduleNameMapper = {};
for (const [alias, [target]] of Object.entries(compilerOptions.paths)) {
  moduleNameMapper[`^${alias.replace('/', '\\/')}$`] = `<rootDir>/${target}`;
}

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
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
  // ES-module-only packages (listed in jest.resolver.js): Node 20 loads them natively, Jest
  // needs them compiled to CommonJS.
  transformIgnorePatterns: [`/node_modules/(?!${esmPackages}/)`],
  resolver: '<rootDir>/jest.resolver.js',
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  setupFiles: ['reflect-metadata'],
};
