// Pure logic, no servers: runs in parallel.
module.exports = {
  ...require('./jest.preset'),
  displayName: 'unit',
  testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts'],
};
