// The end-to-end tests (`*.e2e-spec.ts`): the apps as processes, driven over HTTP: `nx e2e e2e`.
module.exports = {
  displayName: 'e2e',
  preset: '../jest.integration.preset.js',
  testMatch: ['<rootDir>/**/*.e2e-spec.ts'],
  // The README flow drives the console in Chromium: one line before the run when it or its fonts are missing.
  globalSetup: '<rootDir>/../libs/testing/src/browser/browser-prerequisites.global-setup.ts',
};
