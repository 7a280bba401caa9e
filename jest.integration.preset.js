// Integration tests (`*.integration-spec.ts`): the real PostgreSQL and Redis of the machine.
// Each test file gets its own database and Redis key prefix (see libs/testing), so projects
// run side by side; within a project the files run one at a time (`--runInBand`, set by the
// `integration-test` target in nx.json), which keeps a 2-core CI calm.
module.exports = {
  ...require('./jest.preset'),
  testMatch: ['<rootDir>/**/*.integration-spec.ts'],
  testTimeout: 60000,
  // A suite whose afterAll timed out (a browser that never started, say) can leave a server
  // open; the run must still end with its verdict instead of waiting for CI's time limit.
  forceExit: true,
};
