// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test data-access`.
module.exports = { displayName: 'data-access', preset: '../../jest.integration.preset.js' };
