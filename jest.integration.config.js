// Real PostgreSQL and Redis. Each test file gets its own database and Redis key prefix
// (see libs/testing), so files could run in parallel; --runInBand keeps a 2-core CI calm.
module.exports = {
  ...require('./jest.preset'),
  displayName: 'integration',
  testMatch: ['<rootDir>/{apps,libs,tools}/**/*.integration-spec.ts', '<rootDir>/e2e/**/*.e2e-spec.ts'],
  testTimeout: 60000,
  // A suite whose afterAll timed out (a browser that never started, say) can leave a server
  // open; the run must still end with its verdict instead of waiting for CI's time limit.
  forceExit: true,
  setupFiles: ['reflect-metadata'],
  // One line before the run when chromium or its fonts are missing, instead of five browser failures to decipher.
  globalSetup: '<rootDir>/apps/api/src/test/browser-prerequisites.global-setup.ts',
};
