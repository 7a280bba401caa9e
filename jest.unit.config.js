// Every project's unit tests in one run (`npx jest --config jest.unit.config.js <paths>`);
// `npm test` runs them project by project through Nx (`nx run-many -t test`).
module.exports = {
  preset: './jest.preset.js',
  displayName: 'unit',
  testMatch: ['<rootDir>/{apps,libs,tools,bench,e2e}/**/*.spec.ts'],
};
