// Integration tests (`*.integration-spec.ts`): the real PostgreSQL and Redis of the machine.
// Each test file gets its own database and Redis key prefix (see libs/testing), so projects
// run side by side, and so do the files of a project: two at a time (`--maxWorkers=2`, set by
// the `integration-test` target in nx.json; three for e2e).
module.exports = {
  ...require('./jest.preset'),
  testMatch: ['<rootDir>/**/*.integration-spec.ts'],
  testTimeout: 60000,
  // A suite whose afterAll timed out (a browser that never started, say) can leave a server
  // open; the run must still end with its verdict instead of waiting for CI's time limit.
  forceExit: true,
};
