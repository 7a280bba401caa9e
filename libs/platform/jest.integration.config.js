// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test platform`.
module.exports = { displayName: 'platform', preset: '../../jest.integration.preset.js' };
