// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test runtime`.
module.exports = { displayName: 'runtime', preset: '../../jest.integration.preset.js' };
