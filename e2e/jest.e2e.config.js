// The end-to-end tests (`*.e2e-spec.ts`): the apps as processes, driven over HTTP: `nx e2e e2e`.
// The files run two at a time (`--maxWorkers=2`, set by the `e2e` target in nx.json): each has its own
// database, Redis key prefix and ports, and the two that rebuild dist/ take a lock for it
// (support/dist-lock.ts). Much of an e2e file's time is waiting (on a carrier's quota, a sandbox
// clock, a process to boot), which the other file's work fills.
module.exports = {
  displayName: 'e2e',
  preset: '../jest.integration.preset.js',
  testMatch: ['<rootDir>/**/*.e2e-spec.ts'],
  testSequencer: '<rootDir>/support/clock-bound-first.sequencer.js',
  // The README flow drives the console in Chromium: one line before the run when it or its fonts are missing.
  globalSetup: '<rootDir>/../libs/testing/src/browser/browser-prerequisites.global-setup.ts',
};
