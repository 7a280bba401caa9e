// Pure logic, no servers: runs in parallel.
module.exports = {
  ...require('./jest.preset'),
  displayName: 'unit',
  testMatch: ['<rootDir>/{apps,libs,tools,bench,e2e}/**/*.spec.ts'],
};
