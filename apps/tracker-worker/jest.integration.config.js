// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test tracker-worker`.
module.exports = { displayName: 'tracker-worker', preset: '../../jest.integration.preset.js' };
