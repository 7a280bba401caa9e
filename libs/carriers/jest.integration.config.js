// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test carriers`.
module.exports = { displayName: 'carriers', preset: '../../jest.integration.preset.js' };
