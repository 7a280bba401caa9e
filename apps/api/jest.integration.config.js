// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test api`.
module.exports = {
  displayName: 'api',
  preset: '../../jest.integration.preset.js',
  // One line before the run when chromium or its fonts are missing, instead of five browser failures to decipher.
  globalSetup: '<rootDir>/../../libs/testing/src/browser/browser-prerequisites.global-setup.ts',
};
