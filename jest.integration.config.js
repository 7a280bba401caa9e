// Every project's integration and end-to-end tests in one run
// (`npx jest --config jest.integration.config.js --runInBand <paths>`); `npm test` runs them
// project by project through Nx (`nx run-many -t integration-test e2e`).
module.exports = {
  preset: './jest.integration.preset.js',
  displayName: 'integration',
  testMatch: ['<rootDir>/{apps,libs,tools,bench}/**/*.integration-spec.ts', '<rootDir>/e2e/**/*.e2e-spec.ts'],
  // One line before the run when chromium or its fonts are missing, instead of five browser failures to decipher.
  globalSetup: '<rootDir>/libs/testing/src/browser/browser-prerequisites.global-setup.ts',
};
