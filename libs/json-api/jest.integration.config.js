// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test json-api`.
module.exports = { displayName: 'json-api', preset: '../../jest.integration.preset.js' };
