// Integration tests (`*.integration-spec.ts`) of this project: `nx integration-test queues`.
module.exports = { displayName: 'queues', preset: '../../jest.integration.preset.js' };
