// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test domain`.
module.exports = { displayName: 'domain', preset: '../../jest.integration.preset.js' };
