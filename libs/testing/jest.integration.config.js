// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test testing`.
module.exports = { displayName: 'testing', preset: '../../jest.integration.preset.js' };
